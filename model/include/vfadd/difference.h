// SPDX-License-Identifier: Apache-2.0
// vfadd golden model: the one readable account of how two outcomes of a case differ (element by
// element, then the flags), shared by the harness's scoreboard and the tool's check.
#ifndef VFADD_DIFFERENCE_H_
#define VFADD_DIFFERENCE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "vfadd/vector.h"

namespace vfadd {

// "fadd s vl=128 fpcr=00000000": the operation, type, VL and FPCR of a case.
std::string DescribeCase(const Case& c);

// One line per difference between `want` (expected) and `got` (actual) for case `c`, without
// indentation or newline; empty exactly when want.res == got.res and want.fpsr == got.fpsr.
// Values are fp_width/4 hex digits and DescribeValue's text in parentheses; flags in FlagNames'
// words (- for none). The lines, in this order:
//
//     element 3: expected 40a00000 (5), actual 40800000 (4); Zdn[3] 40400000 (3), Zm[3] ...
//     scalar: expected 40400000 (3), actual 40800000 (4)
//     bits [127:64] (outside the elements): expected 0000000000000000, actual 00000000000000ff
//     res: expected 2 words, actual 1 words
//     fpsr: expected 00000010 (IXC), actual 00000000 (-); missing IXC, extra -
//
// Vector forms: one "element E" line per differing element of the Elements(c) elements of
// fp_width bits, in element order, followed by what it was computed from after "; ": "Zdn[e] V,
// Zm[e] V" (Zn[e] for the unpredicated forms; "Zdn[e] V, #0.5" or "#1.0" for the immediate
// forms; for FADDP "Zdn[e] V, Zdn[e+1] V" at even e, "Zm[e-1] V, Zm[e] V" at odd e), then ",
// active" or ", inactive" for the predicated forms; an operand the case does not hold is left
// out. FADDA and FADDV: one "scalar" line for the fp_width-bit scalar, without operands. Any
// other difference in res gets a "bits [H:L]" line per 64-bit word (bits beyond the elements)
// or, when the word counts differ, the "res" line (missing words read as 0 for the elements).
std::vector<std::string> DifferenceLines(const Case& c, const Outcome& want, const Outcome& got);

// DifferenceLines, each line prefixed with `indent` and ended with '\n'; after `max_lines`
// lines, one more "<indent>... and N more\n". Empty when the outcomes agree.
std::string DescribeDifferences(const Case& c, const Outcome& want, const Outcome& got,
                                const std::string& indent = "  ", size_t max_lines = SIZE_MAX);

}  // namespace vfadd

#endif  // VFADD_DIFFERENCE_H_
