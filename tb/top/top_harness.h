// SPDX-License-Identifier: Apache-2.0
// The verification harness of vfadd_top (rtl/vfadd_top.sv): requests in, every response checked
// against the golden model. Two engines around the same configuration of the RTL: RunSc, the
// SystemC testbench around the Verilated --sc model (clock, driver, monitor, scoreboard), and
// RunCc, a plain C++ clock loop around the --cc model (for benchmarks). Both share the pin
// packing, the stimulus randomisation and the scoreboard (top_engine.h).
//
// One library holds one configuration (MaxVecLenBits, NumStages; tb/top/top.cmake builds
// vfadd_top_vl<VL>_s<STAGES>); Built() says which. RunSc and RunCc may be called any number of
// times, from main() or sc_main(); each run resets the DUT first. Not thread-safe.
#ifndef VFADD_TB_TOP_TOP_HARNESS_H_
#define VFADD_TB_TOP_TOP_HARNESS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "vfadd/vector.h"

namespace vfadd::top {

struct BuildConfig {
  int max_vl;    // MaxVecLenBits: 128 .. 2048
  int stages;    // NumStages: 1 .. 6
  int tag_bits;  // TagBits
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
};

struct Response {
  Bits res;           // MaxVecLenBits / 64 words, as rsp_result_o
  uint32_t fpsr = 0;  // rsp_fpsr_o
  bool undef = false;
  uint64_t accept_cycle = 0, response_cycle = 0;  // cycle numbers since reset (handshake cycles)
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
  // >= 0: flip bit 0 of that request's expected result (a self-test of the scoreboard).
  int64_t self_test_flip = -1;
};

// A request index and a readable description: which element, expected vs got (bits and
// values), flags by name; or a protocol error (tag out of order, response with nothing in
// flight).
struct Mismatch {
  size_t index;
  std::string what;
};

struct Report {
  std::vector<Response> responses;   // in request order (matched by tag)
  std::vector<Mismatch> mismatches;  // the first Options.max_mismatch_reports
  size_t mismatch_count = 0;         // requests that mismatched, and protocol errors
  uint64_t cycles = 0;               // clock cycles after reset
  uint64_t checked_elements = 0;     // Elements(case) per checked request (undef: 0)
  bool assertion_failed = false;     // an RTL assertion fired (also in error)
  std::string error;                 // the run could not be done or was cut short
  bool ok() const { return error.empty() && mismatch_count == 0 && !assertion_failed; }
};

Report RunSc(const std::vector<Request>& reqs, const Options& opt);  // the SystemC harness
Report RunCc(const std::vector<Request>& reqs, const Options& opt);  // the plain C++ loop

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
