// SPDX-License-Identifier: Apache-2.0
// The harness of vfadd_lane: stimulus, the golden-model check of every element and flag, and
// the cycle loop with random stalls and bubbles. Used by lane_tb (the command-line runner) and
// lane_test (GoogleTest); the Verilated lanes themselves are behind LaneDut (lane_models.cc).
#ifndef VFADD_TB_LANE_HARNESS_H_
#define VFADD_TB_LANE_HARNESS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "vfadd/fp.h"
#include "vfadd/rng.h"

class VerilatedContext;

namespace vfadd::lane {

constexpr int kSlots = 4;     // element slots of a 64-bit lane (FP16)
constexpr int kFlagBits = 5;  // vfadd_pkg::fpsr_flags_t
constexpr int kMinStages = 1, kMaxStages = 6;
// NumStages of the Yosys netlist that MakeNetlistLane builds (set by CMakeLists.txt).
#ifndef VFADD_NETLIST_STAGES
#error "VFADD_NETLIST_STAGES must be defined by the build"
#endif
constexpr int kNetlistStages = VFADD_NETLIST_STAGES;

// One lane operation: a format, add or subtract, the FPCR fields the lane reads, two 64-bit
// operand words (element e at bits [e*w +: w]).
struct Op {
  Fmt fmt = Fmt::kD;
  bool sub = false;
  int rmode = 0;  // FPCR.RMode: 0 RN, 1 RP, 2 RM, 3 RZ
  bool fz = false, fz16 = false, dn = false;
  uint64_t op1 = 0, op2 = 0;
};

// The FPCR setting of an op as a small code: rmode | fz<<2 | fz16<<3 | dn<<4 | sub<<5 (0..63).
constexpr int kConfigs = 64;
Op ConfigOp(Fmt f, int cfg);
std::string FpcrText(const Op& op);  // "RN fz=0 fz16=0 dn=0"
std::string ConfigText(int cfg);     // "RN fz=0 fz16=0 dn=0 fadd"

// vfadd_pkg encodings of the RTL ports.
uint32_t RtlFpcr(const Op& op);              // fpcr_t = {rmode[1:0], fz, fz16, dn}
uint32_t RtlFlagsFromModel(uint32_t flags);  // fpsr_flags_t = {idc, ixc, ufc, ofc, ioc}
std::string RtlFlagNames(uint32_t rtl_flags);

// What the lane must produce for op: the golden model (FpAdd / FpSub) per element.
struct Expected {
  uint64_t result = 0;
  uint32_t flags = 0;  // RTL layout, kSlots slots of kFlagBits
};
Expected Model(const Op& op);

// ---- the Verilated lanes ---------------------------------------------------------------------
// A Verilated vfadd_lane_array (or a single vfadd_lane): `lanes` lanes under one control (format,
// add/sub, FPCR), per-lane operand words.
struct ArrayIn {
  bool valid = false, stall = false;
  Op ctl;                          // fmt, sub and FPCR fields (its op1/op2 are not used)
  std::vector<uint64_t> op1, op2;  // one word per lane
};
struct ArrayOut {
  bool valid = false;
  std::vector<uint64_t> result;  // one word per lane
  std::vector<uint32_t> flags;   // one 20-bit group of flag slots per lane
};

class LaneDut {
 public:
  virtual ~LaneDut() = default;
  virtual int stages() const = 0;
  virtual int lanes() const = 0;
  virtual const char* name() const = 0;
  // Two cycles with rst_ni low, then released.
  virtual void Reset() = 0;
  // One clock cycle: drive the inputs, read the outputs seen during the cycle (before the
  // rising edge) into *out, then clock. Idle cycles (valid false) drive the words as they are:
  // callers put junk there.
  virtual void Cycle(const ArrayIn& in, ArrayOut* out) = 0;
  virtual void Final() = 0;
};

// vfadd_lane_array with kArrayLanes lanes and NumStages = stages (kMinStages .. kMaxStages);
// nullptr for other values.
constexpr int kArrayLanes = 4;
std::unique_ptr<LaneDut> MakeLaneArray(VerilatedContext* ctx, int stages);
// A single RTL vfadd_lane at NumStages = kNetlistStages, and the Yosys gate netlist of that
// lane (built by the CMake build): the pair the netlist check runs side by side.
std::unique_ptr<LaneDut> MakeRtlLane(VerilatedContext* ctx);
std::unique_ptr<LaneDut> MakeNetlistLane(VerilatedContext* ctx);

// ---- stimulus ----------------------------------------------------------------------------------
// The special-value table of a format: zeros, denormals, min/max normal, 1.0 neighbours,
// half-ulp ties, infinities, quiet and signalling NaNs with payloads, both signs (42 values).
std::vector<uint64_t> SpecialValues(Fmt f);

// Every ordered pair of SpecialValues in every format and every configuration (kConfigs),
// packed as many pairs per op as the format has elements.
std::vector<Op> DirectedOps();

// A biased random op (verif/gen.h's operand pairs and FPCRs, any format, add or subtract).
Op RandomOp(Rng& r);
// New operand words for op's control, drawn as in RandomOp.
void RandomOperands(Rng& r, Op* op);

// FP16 sweeps over the 2^32 operand pairs (op1 << 16 | op2) in a scrambled order: pair index
// i (0 .. 2^32 - 1) is the pair FP16Pair(i), a bijection, so any range of indices is a
// pseudo-random sample and the whole range is every pair exactly once. Lane op k of a sweep
// starting at `first` holds the pairs first + 4k .. first + 4k + 3.
uint32_t Fp16Pair(uint64_t index);
Op Fp16SweepOp(uint64_t first, uint64_t k, int cfg);
constexpr uint64_t kFp16Pairs = uint64_t{1} << 32;
constexpr uint64_t kFp16SweepOps = kFp16Pairs / kSlots;

// Op sources for Run: each yields its ops in order, then false.
using OpSource = std::function<bool(Op*)>;
OpSource DirectedSource();  // DirectedOps()
// `count` RandomOps from `seed`, in runs of `run` ops that share a control (to fill arrays).
OpSource RandomSource(uint64_t seed, uint64_t count, int run);
// FP16 sweep ops first_op .. first_op + count - 1 (pairs 4 * first_op ...) at configuration cfg.
OpSource Fp16Source(uint64_t first_op, uint64_t count, int cfg);
// a's ops, then b's.
OpSource Concat(OpSource a, OpSource b);

// ---- the cycle loop ----------------------------------------------------------------------------
struct RunOptions {
  uint64_t seed = 1;            // stalls, bubbles and junk (the ops come from `next`)
  int stall_pct = 20;           // chance of stall_i in a cycle
  int bubble_pct = 10;          // chance of presenting nothing in a cycle
  int max_report = 10;          // mismatches printed in full
  bool break_contract = false;  // change the inputs during stalls (to show the assertion fires)
  // Called about every 2^20 checked ops with the count so far.
  std::function<void(uint64_t checked)> progress;
};

struct RunResult {
  uint64_t ops = 0, cycles = 0;        // lane ops checked; clock cycles
  uint64_t elements[kNumFmts] = {};    // checked elements per format (FmtIndex: H, S, D)
  uint64_t mismatches[kNumFmts] = {};  // mismatched elements per format
  uint64_t mismatched_ops = 0;
  uint64_t protocol_errors = 0;      // lost, extra, reordered or late results; shadow differences
  std::vector<std::string> reports;  // the first max_report mismatches and protocol errors
  bool ok() const { return mismatched_ops == 0 && protocol_errors == 0; }
  std::string Summary() const;
};

// Presents the lane ops that `next` yields (until it returns false) to dut, with random stalls
// and bubbles, and checks every result against the model: each element, each flag slot, unused
// slots zero, results once each, in order, exactly stages() unstalled cycles after acceptance.
// Consecutive lane ops with the same control share one array op (up to lanes() of them; lanes
// left over repeat lane 0's operands and are not counted). With a shadow (a second DUT of the
// same shape, e.g. the netlist), both see the same inputs every cycle and their valid, result
// and flag outputs must agree in every cycle.
RunResult Simulate(LaneDut& dut, const OpSource& next, const RunOptions& opt,
                   LaneDut* shadow = nullptr);

}  // namespace vfadd::lane

#endif  // VFADD_TB_LANE_HARNESS_H_
