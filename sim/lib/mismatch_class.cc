// SPDX-License-Identifier: Apache-2.0
// Mismatch classes (mismatch_class.h).
#include "mismatch_class.h"

#include <vector>

#include "vfadd/fp.h"

namespace vfadd::tool {

namespace {

class Additions : public AdditionObserver {
 public:
  void Observe(const Addition& a) override { all.push_back(a); }
  std::vector<Addition> all;
};

bool IsNan(FpClass k) { return k == FpClass::kQNaN || k == FpClass::kSNaN; }

// The rule one addition of the architecture follows (sections 2 to 5, in the order FPAdd
// applies them: unpack and flush, NaNs, infinities, rounding).
Rule RuleOf(const Addition& a, Fmt f, Fpcr fpcr) {
  const FpClass c1 = Classify(f, a.op1), c2 = Classify(f, a.op2);
  if (IsNan(c1) || IsNan(c2)) return fpcr.dn() ? Rule::kDefaultNanDn : Rule::kNanOperand;
  if (c1 == FpClass::kInfinity && c2 == FpClass::kInfinity && IsNan(Classify(f, a.r.bits))) {
    return Rule::kInvalid;
  }
  if (fpcr.flush(f) && (c1 == FpClass::kSubnormal || c2 == FpClass::kSubnormal)) {
    return Rule::kFlushInput;
  }
  if (fpcr.flush(f) && (a.r.flags & kUFC) && Classify(f, a.r.bits) == FpClass::kZero) {
    return Rule::kFlushOutput;
  }
  return Rule::kArithmetic;
}

uint64_t ElementOf(const Bits& v, int e, int w) {
  return static_cast<size_t>((e + 1) * w - 1) / 64 < v.size() ? GetField(v, e * w, w) : 0;
}

}  // namespace

const char* RuleName(Rule r) {
  switch (r) {
    case Rule::kNanOperand:
      return "nan-operand";
    case Rule::kDefaultNanDn:
      return "default-nan-dn";
    case Rule::kInvalid:
      return "invalid-default-nan";
    case Rule::kFlushInput:
      return "flush-input";
    case Rule::kFlushOutput:
      return "flush-output";
    case Rule::kArithmetic:
      break;
  }
  return "arithmetic";
}

int MismatchClass::Key() const {
  return (static_cast<int>(op) * 8 + static_cast<int>(fmt)) * 16 + static_cast<int>(rule) * 2 +
         flags_only;
}

std::string MismatchClass::Name() const {
  return std::string(OpName(op)) + "." + FmtLetter(fmt) + " " + RuleName(rule) +
         (flags_only ? " (flags only)" : "");
}

MismatchClass ClassifyMismatch(const Case& c, const Outcome& expected, const Outcome& actual) {
  MismatchClass k;
  k.op = c.op, k.fmt = c.fmt;
  k.flags_only = expected.res == actual.res;
  Additions adds;
  Execute(c, &adds);
  // The elements whose results differ; none (all additions count) for the scalar forms, a
  // difference in the flags alone, or one outside the elements.
  std::vector<bool> differs;
  if (!k.flags_only && !IsScalarResult(c.op)) {
    const int w = fp_width(c.fmt);
    for (int e = 0; e < Elements(c); ++e) {
      differs.push_back(ElementOf(expected.res, e, w) != ElementOf(actual.res, e, w));
    }
  }
  bool any = false;
  for (bool d : differs) any = any || d;
  Rule best = Rule::kArithmetic;
  for (const Addition& a : adds.all) {
    if (any && (a.element >= static_cast<int>(differs.size()) || !differs[a.element])) continue;
    best = std::min(best, RuleOf(a, c.fmt, Fpcr{c.fpcr}));
  }
  k.rule = best;
  return k;
}

}  // namespace vfadd::tool
