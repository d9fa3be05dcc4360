// SPDX-License-Identifier: Apache-2.0
// RunCc: a plain C++ clock loop around the Verilated --cc vfadd_top of this configuration
// (VFADD_TOP_CC_CLASS), driven and checked by the same Engine as the SystemC harness.
#include <memory>

#include "top_engine.h"
#include "top_verilated.h"
#include VFADD_TOP_CC_HEADER
#include "verilated_fst_c.h"

namespace vfadd::top {
namespace detail {

// Verilator's wide ports: 32-bit words, bit 0 first.
template <std::size_t N>
struct Pin<VlWide<N>> {
  static void Put(VlWide<N>& pin, const uint64_t* w) {
    for (std::size_t i = 0; i < N; ++i) pin[i] = static_cast<uint32_t>(w[i / 2] >> (32 * (i % 2)));
  }
  static void Get(const VlWide<N>& pin, uint64_t* w) {
    for (std::size_t i = 0; i < N; i += 2) {
      w[i / 2] = pin[i] | (i + 1 < N ? uint64_t{pin[i + 1]} << 32 : 0);
    }
  }
};

namespace {

using Model = VFADD_TOP_CC_CLASS;

// The --cc model, created on first use with the process's VerilatedContext and kept.
Model& CcModel() {
  static std::unique_ptr<Model> m = std::make_unique<Model>(&Context(), "vfadd_top");
  return *m;
}

}  // namespace
}  // namespace detail

namespace {

Report RunCcEngine(detail::Engine& eng) {
  using namespace detail;
  if (eng.finished()) return eng.Finish(false);
  BeginRun();
  Model& m = CcModel();
  std::unique_ptr<VerilatedFstC> fst;
  const uint64_t t0 = eng.ticks();
  if (eng.waves()) {
    fst = std::make_unique<VerilatedFstC>();
    m.trace(fst.get(), 99);
    fst->open(eng.wave_file().c_str());
  }
  Outputs out;
  // Each cycle: the new inputs settle with the clock low (one eval, like the negative edge), the
  // outputs are read, then the rising edge.
  while (!eng.finished()) {
    const Inputs& in = eng.inputs();
    DrivePins(m, in);
    m.clk_i = 0;
    m.eval();
    const uint64_t t = (eng.ticks() - t0) * kPeriodPs;
    if (fst && in.wave) fst->dump(t);
    SamplePins(m, eng.TakesResponse(), eng.SamplesAll(), &out);
    m.clk_i = 1;
    m.eval();
    if (fst && in.wave) fst->dump(t + kPeriodPs / 2);
    eng.Edge(out);
  }
  if (fst) fst->close();
  Report rep = eng.Finish(EndRun());
  if (fst) WriteWaveSave(eng.wave_file(), &rep);
  return rep;
}

}  // namespace

Report RunCc(const std::vector<Request>& reqs, const Options& opt) {
  detail::Engine eng(reqs, opt);
  return RunCcEngine(eng);
}

Report RunCcStream(uint64_t count, const RequestFn& next, const Options& opt) {
  detail::Engine eng(count, next, opt);
  return RunCcEngine(eng);
}

}  // namespace vfadd::top
