// SPDX-License-Identifier: Apache-2.0
// The reduction of vfadd shrink: a failing case made as simple as a failure predicate allows.
#ifndef VFADD_TOOL_SHRINK_H_
#define VFADD_TOOL_SHRINK_H_

#include <cstdint>
#include <functional>
#include <string>

#include "vfadd/vector.h"

namespace vfadd::tool {

struct ShrinkResult {
  Case c;            // the simplest case found: start, or the last candidate accepted
  int tries = 0;     // calls of the predicate (start itself is not evaluated)
  int accepted = 0;  // candidates for which it returned true
};

// fails(x): true when x still shows the failure. start must be a well-formed case that fails
// (the caller checks that first: Shrink never evaluates start). Candidates are stimulus cases
// (checked false, res empty, fpsr 0) that differ from the current case in one reduction; the
// first that fails becomes the current case. The reductions, in this order:
//   1. the shortest VL (from 128 up, the first that fails; a, b, pg cut to it);
//   2. FPCR 0, else in turn: the fields no add reads cleared (mask 0xFC33FFFF, which keeps
//      bit 18), DN, FZ, FZ16, RMode cleared;
//   3. (predicated forms) a canonical predicate, only the bits that govern elements;
//   4. each active element made inactive, lowest first;
//   5. every inactive element of a and b zeroed at once, then each element of a and of b zeroed
//      in turn (element 0 a, element 0 b, element 1 a, ...), then the scalar of fadda.
// At most (VL/128 - 1) + 6 + (1 + E) + (1 + 2E) + 1 predicate calls, E = the start's elements.
ShrinkResult Shrink(const Case& start, const std::function<bool(const Case&)>& fails);

// The comment line vfadd shrink prints (no newline), e.g. "# vfadd shrink: 17 trials; vl 512 ->
// 256, active elements 16 -> 1, fpcr 01800000 -> 00000000". trials counts every predicate call,
// the command's check of the start included.
std::string ShrinkSummary(const Case& before, const Case& after, uint64_t trials);

}  // namespace vfadd::tool

#endif  // VFADD_TOOL_SHRINK_H_
