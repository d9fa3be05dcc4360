// SPDX-License-Identifier: Apache-2.0
// The verification harness of vfadd_top (rtl/vfadd_top.sv): requests in, every response checked
// against the golden model. Two engines around the same configuration of the RTL: RunSc, the
// SystemC testbench around the Verilated --sc model (clock, driver, monitor, scoreboard), and
// RunCc, a plain C++ clock loop around the --cc model (for benchmarks). Both share the pin
// packing, the stimulus randomisation and the scoreboard (top_engine.h).
//
// One library holds one configuration (MaxVecLenBits, NumStages; tb/top/top.cmake builds
// vfadd_top_vl<VL>_s<STAGES>); Built() says which. RunSc and RunCc may be called any number of
// times, from main() or sc_main(); each run resets the DUT first. RunScStream and RunCcStream run
// requests made on demand, for runs too long to hold (soaks). Not thread-safe.
#ifndef VFADD_TB_TOP_TOP_HARNESS_H_
#define VFADD_TB_TOP_TOP_HARNESS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vfadd/vector.h"

namespace vfadd::top {

struct BuildConfig {
  int max_vl;    // MaxVecLenBits: 128 .. 2048
  int stages;    // NumStages: 1 .. 6
  int tag_bits;  // TagBits
  bool cc_loop;  // RunCc is built (false in the sweep's tools: only the --sc model, see top.cmake)
  bool rtl = true;  // false in a model-only build (top_none.cc): no vfadd_top at all
};
BuildConfig Built();  // the configuration this library was Verilated with

// One request to vfadd_top.
struct Request {
  Case c;  // op, fmt, vl, fpcr, pg, a, b, imm_one (res and fpsr are not read)
  // true: drive req_raw_i = 1 and req_insn_i = insn; the DUT decodes it (c's op, fmt and imm_one
  // are then replaced by the decoded ones; a word that is not an arithmetic form is undef).
  bool raw = false;
  uint32_t insn = 0;
  // >= 0: drive this code on req_op_i (0 .. 15) or req_fmt_i (0 .. 3) instead of c.op / c.fmt.
  // Codes that are no operation (op 11 .. 15, fmt 0) expect undef. Ignored when raw.
  int op_code = -1, fmt_code = -1;
  // Set: the scoreboard checks the response against this outcome and does not run the model. It
  // is the model's outcome (vfadd::Execute) of the case the DUT executes: c, or for raw or code
  // requests c with the decoded op, fmt and imm_one; res holds the result's words (vector forms
  // vl / 64, FADDA and FADDV 1; words beyond are ignored). Ignored when the request is undef.
  // Unset: the scoreboard runs the model (when Options.check).
  std::optional<Outcome> expected = std::nullopt;
};

struct Response {
  Bits res;           // MaxVecLenBits / 64 words, as rsp_result_o
  uint32_t fpsr = 0;  // rsp_fpsr_o
  uint32_t tag = 0;   // rsp_tag_o
  bool undef = false;
  // Cycle numbers since the end of the run's first reset (handshake cycles). accept_cycle is the
  // last acceptance: a request re-presented after a reset keeps the one after it.
  uint64_t accept_cycle = 0, response_cycle = 0;
  // Accepted before a reset in the middle of the run (Options.resets) and dropped by it: no
  // response was expected or came (res empty, the rest 0).
  bool dropped = false;
  // The scoreboard's verdict (for a checked run, Options.check; otherwise expected is what was
  // given, actual as below, mismatch false). Both outcomes are in the model's shape for the case
  // the DUT executed: res vector forms vl / 64 words, FADDA and FADDV one word of fp_width bits;
  // fpsr the flags. For an undef request both res are empty (expected.fpsr 0).
  Outcome expected;  // what the response was checked against (Request.expected or the model's)
  Outcome actual;    // the RTL's answer: rsp_result_o below vl (below the scalar), rsp_fpsr_o
  // The response is wrong: actual differs from expected, or it breaks a rule the model cannot
  // express (undef when an operation was expected or the reverse, result bits set at or above
  // VL or above the scalar), or a protocol error names this request (wrong tag, lost,
  // duplicated, answered after the reset that dropped it).
  bool mismatch = false;
  // The first difference, one line without the request's number (Report.mismatches has them
  // all, with the request): a rule ("undef: expected 0, actual 1", "bits [255:128] (at and above
  // VL): expected 0, actual 00000000000000ff"), or a line of vfadd::DifferenceLines ("element 3:
  // expected ..., actual ..."), or the protocol error. Empty when mismatch is false.
  std::string difference;
};

struct Options {
  uint64_t seed = 1;          // idle cycles, backpressure and junk in ignored pins
  double idle = 0.0;          // probability of an idle cycle before a request (driver side)
  double backpressure = 0.0;  // probability that rsp_ready_i is low in a cycle (monitor side)
  // A stall: rsp_ready_i low in cycles stall_first_cycle .. stall_first_cycle + stall_cycles - 1.
  uint64_t stall_first_cycle = 0, stall_cycles = 0;
  std::string waves;                                            // FST file to write; empty: none
  uint64_t wave_first_cycle = 0, wave_last_cycle = UINT64_MAX;  // window of cycles
  // Or the cycles during which requests wave_first_case .. wave_last_case are in flight (from
  // the first one's presentation to the last one's response); used when wave_first_case >= 0
  // (wave_last_case < wave_first_case: that request alone).
  int64_t wave_first_case = -1, wave_last_case = -1;
  bool check = true;  // the scoreboard compares every response with the golden model
  size_t max_mismatch_reports = 20;
  uint64_t watchdog_cycles = 100000;  // no response for this long with requests pending: error
  // >= 0: flip bit 0 of that request's expected result, given or the model's (a self-test of the
  // scoreboard).
  int64_t self_test_flip = -1;
  // >= 0: the monitor ignores the response taken at that position (0: the first taken) as if it
  // had been lost, or sees it twice as if duplicated (self-tests of the scoreboard's in-order
  // matching: Report.lost, duplicates, leftover).
  int64_t self_test_lose = -1, self_test_duplicate = -1;

  // Resets in the middle of the run: rst_ni low in cycles cycle .. cycle + cycles - 1 (cycle
  // numbers as Response's; ascending, not overlapping, cycles >= 1). During a reset req_valid_i
  // and rsp_ready_i are low and rsp_valid_o must be low. The scoreboard then expects:
  //  - no response for the requests accepted before the reset (Response.dropped, Report.dropped);
  //  - the request presented but not accepted when the reset starts is withdrawn during the reset
  //    and presented again after it, with the same payload (the requester retries);
  //  - everything after the reset as usual, and no response that answers nothing (a dropped
  //    request's, a spurious one): checked in order, and over a drain of at least the unit's
  //    longest latency after the last response and the last reset.
  // The run waits for its resets: one scheduled after the last response still happens.
  struct Reset {
    uint64_t cycle = 0, cycles = 1;
  };
  std::vector<Reset> resets;

  // Protocol breakers, for the _bad tests of the request handshake assertions (ReqValidHeld_A,
  // ReqStable_A of rtl/vfadd_top_checker.sv); >= 0 names a request index i. The first time a
  // request from i on is presented and not taken, the next cycle breaks the rule, once:
  //  - break_valid_request: req_valid_i is low for that one cycle, then high again;
  //  - break_payload_request: one payload bit the unit ignores flips (req_insn_i bit 0, or
  //    req_op_i bit 0 for a raw request) and stays flipped.
  // Either leaves the responses right: only the assertion notices.
  int64_t break_valid_request = -1, break_payload_request = -1;
};

// A request index and a readable description: the request, then one indented line per
// difference (the rules, then vfadd::DifferenceLines: which element, expected and actual bits
// and values, flags by name); or a protocol error (tag out of order, response with nothing in
// flight).
struct Mismatch {
  size_t index;
  std::string what;
};

struct Report {
  std::vector<Response> responses;   // in request order (matched by tag); empty for a stream
  std::vector<Mismatch> mismatches;  // the first Options.max_mismatch_reports
  size_t mismatch_count = 0;         // requests that mismatched, and protocol errors
  uint64_t cycles = 0;               // clock cycles after the first reset (later resets count)
  uint64_t checked_elements = 0;     // Elements(case) per checked request (undef: 0)
  // The scoreboard's account: requests presented and accepted (a re-presented one once),
  // responses that answered an accepted request in order, requests dropped by a reset (expected),
  // and the errors (also in mismatch_count): requests whose response never came while later ones
  // did (lost), a response repeated (duplicates), a response with nothing in flight
  // (unexpected), and expectations still waiting when the run ended (leftover; with error set).
  // A clean run of n requests: accepted == n, responded + dropped == n, the rest 0.
  uint64_t accepted = 0, responded = 0, dropped = 0;
  uint64_t lost = 0, duplicates = 0, unexpected = 0, leftover = 0;
  uint64_t resets = 0;  // resets in the middle of the run that happened (Options.resets)
  // rsp_result_o and rsp_tag_o in the run's first cycle (during the reset, which leaves the
  // response payload as it is): on a process's first run, the power-on values of those flops,
  // random under Verilator's --x-initial unique (see SetInitialStateSeed).
  Bits power_on_result;
  uint32_t power_on_tag = 0;
  bool assertion_failed = false;  // an RTL assertion fired (also in error)
  std::string error;              // the run could not be done or was cut short
  bool ok() const { return error.empty() && mismatch_count == 0 && !assertion_failed; }
};

Report RunSc(const std::vector<Request>& reqs, const Options& opt);  // the SystemC harness
Report RunCc(const std::vector<Request>& reqs, const Options& opt);  // the plain C++ loop

// `count` requests made on demand: next(i) gives request i, called once per request in order,
// when it is presented (a request it gives that the harness cannot drive ends the run with an
// error naming it). Everything is checked as in RunSc / RunCc, but no responses are kept
// (Report.responses is empty): memory stays flat however long the run.
using RequestFn = std::function<Request(uint64_t index)>;
Report RunScStream(uint64_t count, const RequestFn& next, const Options& opt);
Report RunCcStream(uint64_t count, const RequestFn& next, const Options& opt);

// The GTKWave save file written beside the FST of every run with Options.waves: the name of the
// FST with ".fst" replaced by ".gtkw" (".gtkw" appended to any other name). It shows the request,
// response and pipeline signals in three groups, and has a named marker at the rising edge that
// accepts and the one that takes the response of each failing request (up to 13 of them; the
// primary marker at the first acceptance). Marker times are the FST's time stamps (picoseconds):
// (cycle + 3) * 10000 + 5000 for a Response cycle. Runs of RunScStream / RunCcStream keep no
// responses: their save file has the signals and no markers. A save file that cannot be written
// is an error of the run (Report.error).
std::string WaveSavePath(const std::string& waves);

// The seed of the random initial values of every flop and variable of both Verilated models
// (VerilatedContext::randSeed, as +verilator+seed+N; randReset(2) is always on). The models are
// built once per process, at its first run: the seed counts only before that (the default is 1),
// and the call returns false when it comes too late.
bool SetInitialStateSeed(int seed);

// Writes the Verilator code coverage (line and toggle points) counted so far in this process
// to `path` (verilator_coverage's .dat format). Only a library built with Verilator --coverage
// (vfadd_top_config(... COVERAGE), `make coverage`) has any: otherwise it returns false and
// writes nothing.
bool WriteCodeCoverage(const std::string& path);

// The instruction word of an arithmetic case (vfadd::Encode of c's op, fmt and imm_one with
// register fields zd, zn/zm, pg; Pg is P0-P7 and has no effect on the unit, which takes the
// predicate from req_pg_i).
uint32_t EncodeCase(const Case& c, int zd = 1, int zm = 2, int pg = 3);

}  // namespace vfadd::top

#endif  // VFADD_TB_TOP_TOP_HARNESS_H_
