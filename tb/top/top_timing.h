// SPDX-License-Identifier: Apache-2.0
// vfadd_top's documented latencies and issue intervals as formulas (the tests and `vfadd info`).
//
// The source is the timing table in rtl/vfadd_top.sv's header and the issue logic under it;
// every figure assumes no backpressure, no idle cycles and no conflict with an earlier request
// (top_test.cc measures them on the RTL). Cycles are counted as tb/top/README.md counts them: a
// request accepted in cycle a sits in the input register in cycle a + 1, where it issues at the
// earliest; a result loaded into the response register at the end of cycle c is the response of
// cycle c + 1.
#ifndef VFADD_TB_TOP_TOP_TIMING_H_
#define VFADD_TB_TOP_TOP_TIMING_H_

#include "vfadd/fp.h"
#include "vfadd/vector.h"

namespace vfadd::top {

// ceil(log2(n)) for n >= 1 (CeilLog2(1) = 0).
constexpr int CeilLog2(int n) {
  int l = 0;
  while ((1 << l) < n) ++l;
  return l;
}

// FADDV's tree levels L at `vl`: log2(CeilPow2(VL / esize)) = ceil(log2(elements)), the RTL's
// d_tree_depth (ceil(log2(VL / 128)) levels over the granules, log2(128 / esize) within one).
constexpr int FaddvLevels(Fmt f, int vl) { return CeilLog2(vl / fp_width(f)); }

// Cycles from an operation's issue in cycle t (it leaves the input register) to its response:
// the RTL's d_cycles, with FADDA's exact length. A vector op leaves the lanes' NumStages
// registers in t + NumStages, the cycle that loads the merged result into the response register:
// NumStages + 1. A FADDV leaves level L (level 1 in the lanes, 2 .. L in the tree behind them,
// NumStages registers each) in t + NumStages * L: NumStages * L + 1. A FADDA with k = `active`
// active elements starts vfadd_fadda in t, which adds one element every NumStages cycles from
// t + 1 and is done in t + 1 + NumStages * k (t + 1 with no active element), the cycle that
// loads the response register: NumStages * k + 2. `active` matters to FADDA only.
constexpr int IssueToResponse(int stages, Op op, Fmt f, int vl, int active) {
  switch (op) {
    case Op::kFaddv:
      return stages * FaddvLevels(f, vl) + 1;
    case Op::kFadda:
      return stages * active + 2;
    default:
      return stages + 1;
  }
}

// Cycles from a request's acceptance to its response on an idle unit (the RTL header's table):
// the input register's cycle, then IssueToResponse. Vector ops NumStages + 2, FADDV
// NumStages * L + 2, FADDA NumStages * k + 3.
constexpr int Latency(int stages, Op op, Fmt f, int vl, int active) {
  return 1 + IssueToResponse(stages, op, f, vl, active);
}

// A request that is not an operation (undef) goes through the unit like a vector op.
constexpr int UndefLatency(int stages) { return stages + 2; }

// Cycles from one issue to the next in a back-to-back stream of `op` alone (FADDV: at one VL and
// type; FADDA: each with k = `active` active elements), which is also the distance between their
// responses, and between their acceptances from the second on (a request is accepted in the
// cycle the one before it issues, so the second one cycle after the first). Every op but FADDA
// issues once per cycle (the lanes and the tree are pipelined). A FADDA issued in cycle t keeps
// vfadd_fadda busy up to and including its done cycle t + 1 + NumStages * k, and a FADDA does
// not issue while the unit is busy, so the next one issues in t + NumStages * k + 2 (k = 0
// included: busy in t + 1 only). The cycle after a FADDA's issue, in which nothing issues (its
// length is summed), falls within that wait.
constexpr int IssueInterval(int stages, Op op, int active) {
  return op == Op::kFadda ? stages * active + 2 : 1;
}

}  // namespace vfadd::top

#endif  // VFADD_TB_TOP_TOP_TIMING_H_
