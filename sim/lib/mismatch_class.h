// SPDX-License-Identifier: Apache-2.0
// Mismatch classes: failing cases grouped by the operation, the type and the architectural rule
// the difference involves (NaN operand choice, default NaN, flush-to-zero of an input or of the
// result, or plain rounding and flags), derived from the case, the architecture (through the
// golden model's additions) and where the outcomes differ; never from the DUT's own answer
// beyond that.
#ifndef VFADD_TOOL_MISMATCH_CLASS_H_
#define VFADD_TOOL_MISMATCH_CLASS_H_

#include <string>

#include "vfadd/vector.h"

namespace vfadd::tool {

// The rules, in the order of priority a class takes when several additions are involved.
enum class Rule {
  kNanOperand,    // a NaN operand, FPCR.DN = 0: which NaN propagates, quieted (section 3)
  kDefaultNanDn,  // a NaN operand, FPCR.DN = 1: the default NaN replaces it (section 3)
  kInvalid,       // inf - inf (or inf + -inf): the default NaN with IOC (section 4)
  kFlushInput,    // a subnormal operand with FZ (FZ16 for half) flushed to zero (section 2)
  kFlushOutput,   // a tiny result with FZ (FZ16) flushed to zero with UFC (section 5)
  kArithmetic,    // none of these: rounding, overflow, signed zero, flags
};
const char* RuleName(Rule r);  // "nan-operand", "default-nan-dn", "invalid", "flush-input", ...

struct MismatchClass {
  Op op = Op::kFadd;
  Fmt fmt = Fmt::kS;
  Rule rule = Rule::kArithmetic;
  bool flags_only = false;  // the results agree, the flags differ
  bool operator==(const MismatchClass& o) const {
    return op == o.op && fmt == o.fmt && rule == o.rule && flags_only == o.flags_only;
  }
  bool operator<(const MismatchClass& o) const { return Key() < o.Key(); }
  int Key() const;
  // "fadd.s nan-operand", "fadda.d flush-input (flags only)".
  std::string Name() const;
};

// The class of case c whose outcome `actual` differs from `expected` (the model's): the rule of
// the additions behind the differing elements (vector forms; element e's addition), or behind
// every addition (FADDA, FADDV, and a difference in the flags alone, which are cumulative).
MismatchClass ClassifyMismatch(const Case& c, const Outcome& expected, const Outcome& actual);

}  // namespace vfadd::tool

#endif  // VFADD_TOOL_MISMATCH_CLASS_H_
