// SPDX-License-Identifier: Apache-2.0
// RunSc: the SystemC testbench of vfadd_top. One SC_MODULE, elaborated on the first run and kept
// for the process (SystemC elaborates once): an sc_clock, the Verilated --sc vfadd_top of this
// configuration (VFADD_TOP_SC_CLASS) on signals named like its ports, and three SC_METHODs
// around the shared Engine:
//   Sample  at each rising edge: the monitor and the driver's handshake, the scoreboard (Engine::
//           Edge reads the outputs the edge saw, checks a taken response, plans the next cycle);
//   Drive   at each falling edge, in the same delta as the clock, so that the model evaluates
//           the new inputs and the edge together: two model evaluations per cycle;
//   Dump    1 ps after an edge, only in the wave window: the settled state into the FST file.
// The first use elaborates (sc_start(SC_ZERO_TIME)); a run ends with sc_pause() from Sample
// (never sc_stop(), which cannot be undone); the next run starts at the falling edge that
// follows, with the reset.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <systemc>
#include <type_traits>
#include <utility>

#include "top_engine.h"
#include "top_verilated.h"
#include VFADD_TOP_SC_HEADER
#include "verilated_fst_c.h"

namespace vfadd::top {
namespace detail {

namespace {
int initial_state_seed = 1;  // SetInitialStateSeed
bool context_made = false;
}  // namespace

VerilatedContext& Context() {
  static VerilatedContext* const ctx = [] {
    // The models touch the SystemC kernel first here; its banner is not a test's output.
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    auto* c = new VerilatedContext;  // kept until exit, with the models
    context_made = true;
    c->randReset(2);
    c->randSeed(initial_state_seed);
    c->fatalOnError(false);
    c->traceEverOn(true);
    Verilated::threadContextp(c);
    return c;
  }();
  return *ctx;
}

void BeginRun() {
  Context().gotError(false);
  Context().gotFinish(false);
}

bool EndRun() { return Context().gotError(); }

}  // namespace detail

bool SetInitialStateSeed(int seed) {
  if (detail::context_made) return false;
  detail::initial_state_seed = seed;
  return true;
}

bool WriteCodeCoverage(const std::string& path) {
#if VM_COVERAGE
  detail::Context().coveragep()->write(path.c_str());
  return true;
#else
  (void)path;
  return false;
#endif
}

namespace detail {

// SystemC signals: bool and integers as they are, sc_bv in 32-bit words.
template <typename T>
struct Pin<sc_core::sc_signal<T>> {
  static void Put(sc_core::sc_signal<T>& s, const uint64_t* w) { s.write(static_cast<T>(w[0])); }
  static void Get(const sc_core::sc_signal<T>& s, uint64_t* w) {
    w[0] = static_cast<uint64_t>(s.read());
  }
};
template <int N>
struct Pin<sc_core::sc_signal<sc_dt::sc_bv<N>>> {
  static_assert(N % 64 == 0, "vector pins are whole 64-bit words");
  static void Put(sc_core::sc_signal<sc_dt::sc_bv<N>>& s, const uint64_t* w) {
    sc_dt::sc_bv<N> v;
    for (int i = 0; i < N / 32; ++i)
      v.set_word(i, static_cast<sc_dt::sc_digit>(w[i / 2] >> (32 * (i % 2))));
    s.write(v);
  }
  static void Get(const sc_core::sc_signal<sc_dt::sc_bv<N>>& s, uint64_t* w) {
    const sc_dt::sc_bv<N>& v = s.read();
    for (int i = 0; i < N / 32; i += 2) {
      w[i / 2] = uint64_t{v.get_word(i)} | uint64_t{v.get_word(i + 1)} << 32;
    }
  }
};

namespace {

using Model = VFADD_TOP_SC_CLASS;

// The signal for a port of the model: sc_signal of the port's data type.
template <typename PortRef>
using SignalOf = sc_core::sc_signal<typename std::remove_reference_t<PortRef>::data_type>;
#define VFADD_TOP_SIGNAL(port) \
  SignalOf<decltype(std::declval<Model&>().port)> port { #port }

SC_MODULE(Bench) {
  sc_core::sc_clock clk;
  VFADD_TOP_SIGNAL(rst_ni);
  VFADD_TOP_SIGNAL(req_valid_i);
  VFADD_TOP_SIGNAL(req_ready_o);
  VFADD_TOP_SIGNAL(req_raw_i);
  VFADD_TOP_SIGNAL(req_insn_i);
  VFADD_TOP_SIGNAL(req_op_i);
  VFADD_TOP_SIGNAL(req_fmt_i);
  VFADD_TOP_SIGNAL(req_imm_one_i);
  VFADD_TOP_SIGNAL(req_len_i);
  VFADD_TOP_SIGNAL(req_fpcr_i);
  VFADD_TOP_SIGNAL(req_pg_i);
  VFADD_TOP_SIGNAL(req_a_i);
  VFADD_TOP_SIGNAL(req_b_i);
  VFADD_TOP_SIGNAL(req_tag_i);
  VFADD_TOP_SIGNAL(rsp_valid_o);
  VFADD_TOP_SIGNAL(rsp_ready_i);
  VFADD_TOP_SIGNAL(rsp_result_o);
  VFADD_TOP_SIGNAL(rsp_fpsr_o);
  VFADD_TOP_SIGNAL(rsp_tag_o);
  VFADD_TOP_SIGNAL(rsp_undef_o);
  Model dut;

  SC_CTOR(Bench)
      : clk("clk", sc_core::sc_time(kPeriodPs, sc_core::SC_PS), 0.5,
            sc_core::sc_time(kPeriodPs / 2, sc_core::SC_PS), true),
        dut("vfadd_top") {
    dut.clk_i(clk);
    dut.rst_ni(rst_ni);
    dut.req_valid_i(req_valid_i);
    dut.req_ready_o(req_ready_o);
    dut.req_raw_i(req_raw_i);
    dut.req_insn_i(req_insn_i);
    dut.req_op_i(req_op_i);
    dut.req_fmt_i(req_fmt_i);
    dut.req_imm_one_i(req_imm_one_i);
    dut.req_len_i(req_len_i);
    dut.req_fpcr_i(req_fpcr_i);
    dut.req_pg_i(req_pg_i);
    dut.req_a_i(req_a_i);
    dut.req_b_i(req_b_i);
    dut.req_tag_i(req_tag_i);
    dut.rsp_valid_o(rsp_valid_o);
    dut.rsp_ready_i(rsp_ready_i);
    dut.rsp_result_o(rsp_result_o);
    dut.rsp_fpsr_o(rsp_fpsr_o);
    dut.rsp_tag_o(rsp_tag_o);
    dut.rsp_undef_o(rsp_undef_o);
    SC_METHOD(Sample);
    sensitive << clk.posedge_event();
    dont_initialize();
    SC_METHOD(Drive);
    sensitive << drive_ev_;
    dont_initialize();
    SC_METHOD(Dump);
    sensitive << dump_ev_;
    dont_initialize();
  }

  // Runs `eng` to its end (its first cycle starts at the coming falling edge, or now at time 0).
  void Run(Engine * eng, VerilatedFstC * fst) {
    eng_ = eng;
    fst_ = fst;
    t0_ = eng->ticks();
    if (!started_) {  // time 0, before the first rising edge: the first cycle's inputs
      started_ = true;
      Drive();
    }
    sc_core::sc_start();
    if (dump_pending_ && fst_) fst_->dump(dump_stamp_);  // the last edge's settled state
    dump_pending_ = false;
    eng_ = nullptr;
    fst_ = nullptr;
  }

 private:
  void Sample() {
    if (eng_ == nullptr) return;
    Outputs out;
    SamplePins(*this, eng_->TakesResponse(), eng_->SamplesAll(), &out);
    if (fst_ && eng_->inputs().wave) ScheduleDump(kPeriodPs / 2);
    eng_->Edge(out);
    drive_ev_.notify(sc_core::sc_time(kPeriodPs / 2, sc_core::SC_PS));
    if (eng_->finished()) sc_core::sc_pause();
  }

  void Drive() {
    if (eng_ == nullptr) return;
    const Inputs& in = eng_->inputs();
    DrivePins(*this, in);
    if (fst_ && in.wave) ScheduleDump(0);
  }

  void Dump() {
    if (dump_pending_ && fst_) fst_->dump(dump_stamp_);
    dump_pending_ = false;
  }

  // The state after the current edge, stamped with the edge's time in the run's own time line
  // (offset 0: the cycle's start, where the inputs change; kPeriodPs / 2: its rising edge).
  void ScheduleDump(uint64_t offset) {
    dump_pending_ = true;
    dump_stamp_ = (eng_->ticks() - t0_) * kPeriodPs + offset;
    dump_ev_.notify(sc_core::sc_time(1, sc_core::SC_PS));
  }

  sc_core::sc_event drive_ev_, dump_ev_;
  Engine* eng_ = nullptr;
  VerilatedFstC* fst_ = nullptr;
  uint64_t t0_ = 0, dump_stamp_ = 0;
  bool dump_pending_ = false;
  bool started_ = false;
};

Bench& TheBench() {
  static Bench* const bench = [] {
    Context();                                 // the thread's context, which the --sc model takes
    Bench* b = new Bench("vfadd_top_tb");      // kept for the process
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaboration, before any trace()
    return b;
  }();
  return *bench;
}

}  // namespace
}  // namespace detail

namespace {

Report RunScEngine(detail::Engine& eng) {
  using namespace detail;
  if (eng.finished()) return eng.Finish(false);
  Bench& bench = TheBench();
  BeginRun();
  std::unique_ptr<VerilatedFstC> fst;
  if (eng.waves()) {
    fst = std::make_unique<VerilatedFstC>();
    bench.dut.trace(fst.get(), 99);
    fst->open(eng.wave_file().c_str());
  }
  bench.Run(&eng, fst.get());
  if (fst) fst->close();
  Report rep = eng.Finish(EndRun());
  if (fst) WriteWaveSave(eng.wave_file(), &rep);
  return rep;
}

}  // namespace

Report RunSc(const std::vector<Request>& reqs, const Options& opt) {
  detail::Engine eng(reqs, opt);
  return RunScEngine(eng);
}

Report RunScStream(uint64_t count, const RequestFn& next, const Options& opt) {
  detail::Engine eng(count, next, opt);
  return RunScEngine(eng);
}

}  // namespace vfadd::top

// libsystemc.so refers to sc_main (its own main() calls it), so a program with an ordinary
// main() and no sc_main (the vfadd tool) would not link. This weak definition satisfies the link
// and is then never called; a program's own sc_main (the tests') replaces it.
extern "C" __attribute__((weak)) int sc_main(int, char**) {
  std::fprintf(stderr, "vfadd_top harness: this program defines neither main() nor sc_main()\n");
  return 1;
}
