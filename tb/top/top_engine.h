// SPDX-License-Identifier: Apache-2.0
// What RunSc and RunCc share (internal to tb/top): the configuration constants, the pin values
// of a cycle, the Engine (stimulus, driver, monitor and scoreboard, advanced once per rising
// edge) and the pin packing onto a Verilated model's ports or a testbench's signals, templated on
// the port types. Compiled per configuration (VFADD_TOP_MAX_VL, VFADD_TOP_STAGES,
// VFADD_TOP_TAG_BITS come from tb/top/top.cmake).
#ifndef VFADD_TB_TOP_TOP_ENGINE_H_
#define VFADD_TB_TOP_TOP_ENGINE_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "top_harness.h"
#include "vfadd/rng.h"
#include "vfadd/vector.h"

#if !defined(VFADD_TOP_MAX_VL) || !defined(VFADD_TOP_STAGES) || !defined(VFADD_TOP_TAG_BITS)
#error "VFADD_TOP_MAX_VL, VFADD_TOP_STAGES and VFADD_TOP_TAG_BITS must be defined by the build"
#endif

namespace vfadd::top::detail {

constexpr int kMaxVl = VFADD_TOP_MAX_VL;
constexpr int kStages = VFADD_TOP_STAGES;
constexpr int kTagBits = VFADD_TOP_TAG_BITS;
constexpr int kVecWords = kMaxVl / 64;            // 64-bit words of req_a_i, rsp_result_o
constexpr int kPgWords = (kMaxVl / 8 + 63) / 64;  // 64-bit words of req_pg_i
constexpr int kResetCycles = 3;                   // rst_ni low, with the clock running
constexpr int kDrainCycles = 4;                   // after the last response: nothing more
// After the last response of a run with resets in the middle: at least the unit's longest
// latency (an FP16 FADDA with every element active), so that a response a reset failed to drop
// would still show.
constexpr int kLongDrainCycles = kMaxVl / 16 * kStages + 8;
constexpr uint64_t kPeriodPs = 10000;  // the clock: 10 ns, rising edge mid-cycle

// The inputs of vfadd_top during one cycle (driven at its start, before the rising edge).
struct Inputs {
  bool rst_n = false, req_valid = false, raw = false, imm_one = false, rsp_ready = false;
  uint32_t insn = 0, op = 0, fmt = 0, len = 0, fpcr = 0, tag = 0;
  uint64_t pg[kPgWords] = {}, a[kVecWords] = {}, b[kVecWords] = {};
  bool payload_changed = true;  // the request pins differ from the previous cycle's
  bool wave = false;            // the cycle is in the wave window
};

// The outputs of vfadd_top just before the rising edge that ends a cycle. The response fields
// are read only when the response is taken in that cycle (Engine::TakesResponse).
struct Outputs {
  bool req_ready = false, rsp_valid = false, rsp_undef = false;
  uint32_t fpsr = 0, tag = 0;
  uint64_t result[kVecWords] = {};
};

// One run: the requests presented in order (with random idle cycles, holding valid and the
// payload until accepted), rsp_ready_i with random backpressure, resets in the middle of the run
// if asked, and each response checked in order against the golden model. The clock loop calls
// Edge() at every rising edge.
class Engine {
 public:
  // All the requests, validated before anything runs (an invalid one: finished() at once, with
  // the error); the responses are kept in the report.
  Engine(const std::vector<Request>& reqs, const Options& opt);
  // `count` requests made by `next` as they are presented, each validated then; no responses
  // kept.
  Engine(uint64_t count, const RequestFn& next, const Options& opt);

  const Inputs& inputs() const { return in_; }  // the pins of the current cycle
  // The response is taken at the coming edge if rsp_valid_o is high: read its fields.
  bool TakesResponse() const { return in_.rsp_ready; }
  // Read every output at the coming edge, whatever rsp_valid_o says (the run's first cycle: the
  // power-on values, Report.power_on_result).
  bool SamplesAll() const { return ticks_ == 1; }
  // The rising edge ending the current cycle, with the outputs seen before it; then the pins of
  // the next cycle are planned.
  void Edge(const Outputs& out);
  bool finished() const { return finished_; }
  // Clock cycles since the start of the run (reset included), for wave time stamps.
  uint64_t ticks() const { return ticks_; }
  bool waves() const { return !opt_.waves.empty(); }
  const std::string& wave_file() const { return opt_.waves; }

  // The report; `assertion` says whether the RTL reported an assertion failure in the run.
  Report Finish(bool assertion);

 private:
  // A request presented: what the scoreboard expects of it.
  struct Expect {
    size_t index = 0;
    uint32_t tag = 0;
    bool accepted = false;
    uint64_t accept_cycle = 0;
    bool undef = false;
    Case c;        // the case as the model executes it (undef: unused)
    Outcome want;  // the expected outcome in the model's shape (undef: empty; check off: given)
    // The request as given (for the report of a mismatch).
    bool raw = false;
    uint32_t insn = 0;
    int op_code = -1, fmt_code = -1;
    Op op = Op::kFadd;
    Fmt fmt = Fmt::kS;
  };

  void Start();
  std::string Validate(size_t index, const Request& r) const;
  const Request* Fetch(size_t index);
  void Plan();
  bool Present(size_t index);
  void StartReset();
  void Junk(Rng& r, uint64_t* words, int n);
  void OnResponse(const Outputs& out);
  void Match(const Outputs& out);
  Outcome Actual(const Expect& x, const Outputs& out) const;
  void Check(const Expect& x, const Outputs& out, const Outcome& actual);
  void AddMismatch(size_t index, std::string what);
  void MarkMismatch(size_t index, const std::string& difference);
  double Uniform(Rng& r) { return double(r.Next() >> 11) * 0x1.0p-53; }

  const std::vector<Request>* reqs_ = nullptr;  // all the requests, or
  RequestFn next_fn_;                           // the maker of each
  Request made_;                                // the request next_fn_ made last
  uint64_t count_ = 0;                          // requests in the run
  Options opt_;
  Report rep_;
  Inputs in_;
  Rng drive_rng_, monitor_rng_;
  std::deque<Expect> inflight_;  // presented, not yet answered, dropped or lost; oldest first
  int reset_left_ = kResetCycles;
  uint64_t cycle_ = 0;  // the current cycle's number since reset (valid once reset_left_ == 0)
  uint64_t ticks_ = 0;
  uint64_t last_progress_ = 0;  // the cycle of the last response or reset (or 0)
  size_t next_ = 0;             // the next request to present
  uint64_t resolved_ = 0;       // requests answered, dropped or lost
  uint64_t taken_ = 0;          // responses taken (their positions for the self-tests)
  int drain_left_ = kDrainCycles;
  size_t next_reset_ = 0;        // the next of opt_.resets
  uint64_t reset_run_left_ = 0;  // cycles of the current reset in the middle of the run
  std::vector<std::pair<uint32_t, size_t>> dropped_;  // tag, index: dropped by the last reset
  bool have_last_ = false;  // the last request answered: its tag and index (duplicates)
  uint32_t last_tag_ = 0;
  size_t last_index_ = 0;
  bool withdraw_next_ = false, flip_next_ = false;  // the protocol breakers: armed for next cycle
  bool broke_valid_ = false, broke_payload_ = false;
  bool presenting_ = false;
  bool wave_open_ = false, wave_closed_ = false;
  bool finished_ = false;
};

// ---- pin packing -------------------------------------------------------------------------------
// Pin<P>::Put(pin, words) drives a port or signal P from 64-bit words (bit 0 first);
// Pin<P>::Get(pin, words) reads it. Integral ports (Verilator's CData .. QData) are here;
// VlWide in top_cc.cc and sc_signal in top_sc.cc specialise it.
template <typename P, typename Enable = void>
struct Pin;

template <typename P>
struct Pin<P, std::enable_if_t<std::is_integral_v<P>>> {
  static void Put(P& pin, const uint64_t* w) { pin = static_cast<P>(w[0]); }
  static void Get(const P& pin, uint64_t* w) { w[0] = static_cast<uint64_t>(pin); }
};

template <typename P>
void PutPin(P& pin, uint64_t value) {
  Pin<P>::Put(pin, &value);
}
template <typename P>
void PutPin(P& pin, const uint64_t* words) {
  Pin<P>::Put(pin, words);
}
template <typename P>
uint64_t GetPin(const P& pin) {
  uint64_t v = 0;
  Pin<P>::Get(pin, &v);
  return v;
}

// Drives the pins of a cycle onto m, whose members are named like vfadd_top's ports (the
// Verilated --cc model, or the SystemC testbench's signals). The request payload is written only
// when it changed.
template <typename M>
void DrivePins(M& m, const Inputs& in) {
  PutPin(m.rst_ni, in.rst_n);
  PutPin(m.req_valid_i, in.req_valid);
  PutPin(m.rsp_ready_i, in.rsp_ready);
  if (!in.payload_changed) return;
  PutPin(m.req_raw_i, in.raw);
  PutPin(m.req_insn_i, in.insn);
  PutPin(m.req_op_i, in.op);
  PutPin(m.req_fmt_i, in.fmt);
  PutPin(m.req_imm_one_i, in.imm_one);
  PutPin(m.req_len_i, in.len);
  PutPin(m.req_fpcr_i, in.fpcr);
  PutPin(m.req_tag_i, in.tag);
  PutPin(m.req_pg_i, in.pg);
  PutPin(m.req_a_i, in.a);
  PutPin(m.req_b_i, in.b);
}

// ---- the GTKWave save file (top_gtkw.cc) -------------------------------------------------------
// The save file's text for the closed FST `fst` of a run and its report: the groups of signals
// (named as the FST names them), the markers of the failing requests. "" with *error set when
// the FST cannot be read back.
std::string WaveSaveText(const std::string& fst, const Report& rep, std::string* error);
// Writes it to WaveSavePath(fst); a failure is added to rep->error.
void WriteWaveSave(const std::string& fst, Report* rep);

// Reads the outputs before a rising edge; the response fields only if it is taken (or `all`).
template <typename M>
void SamplePins(const M& m, bool takes_response, bool all, Outputs* out) {
  out->req_ready = GetPin(m.req_ready_o) != 0;
  out->rsp_valid = GetPin(m.rsp_valid_o) != 0;
  if (!all && (!out->rsp_valid || !takes_response)) return;
  out->rsp_undef = GetPin(m.rsp_undef_o) != 0;
  out->fpsr = static_cast<uint32_t>(GetPin(m.rsp_fpsr_o));
  out->tag = static_cast<uint32_t>(GetPin(m.rsp_tag_o));
  Pin<std::remove_cv_t<std::remove_reference_t<decltype(m.rsp_result_o)>>>::Get(m.rsp_result_o,
                                                                                out->result);
}

}  // namespace vfadd::top::detail

#endif  // VFADD_TB_TOP_TOP_ENGINE_H_
