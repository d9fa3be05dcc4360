// SPDX-License-Identifier: Apache-2.0
// ClassifyMismatch (mismatch_class.h) on hand-made cases: each outcome "actual" is the expected
// one with a chosen element or the flags changed, and the class is the rule of
// docs/semantics.md that the changed element's addition follows (derived by
// hand in each comment from the operands and the FPCR).
#include "mismatch_class.h"

#include "gtest/gtest.h"
#include "vfadd/fp.h"

namespace vfadd::tool {
namespace {

// fadd_u s at VL 128 with the four element pairs given (element 0 first) and the FPCR.
Case Fp32(uint32_t fpcr, const uint32_t (&a)[4], const uint32_t (&b)[4]) {
  Case c;
  c.op = Op::kFaddU, c.fmt = Fmt::kS, c.vl = 128, c.fpcr = fpcr;
  c.a.assign(2, 0), c.b.assign(2, 0);
  for (int e = 0; e < 4; ++e) SetField(&c.a, e * 32, 32, a[e]), SetField(&c.b, e * 32, 32, b[e]);
  return c;
}

// The expected outcome with element e's result bits flipped in bit 0.
Outcome Flip(const Outcome& o, int e) {
  Outcome x = o;
  SetField(&x.res, e * 32, 32, GetField(x.res, e * 32, 32) ^ 1);
  return x;
}

constexpr uint32_t kOne = 0x3f800000, kQnan = 0x7fc00001, kSnan = 0x7f800002, kSub = 0x00000001;
constexpr uint32_t kFz = 1u << 24, kDn = 1u << 25;

TEST(MismatchClass, TheRuleOfTheDifferingElement) {
  // e0: 1 + 1 (plain); e1: qNaN + sNaN (section 3); e2: +inf + -inf (section 4); e3: 1 + a
  // subnormal (section 2 with FZ).
  const Case c = Fp32(kFz, {kOne, kQnan, 0x7f800000, kOne}, {kOne, kSnan, 0xff800000, kSub});
  const Outcome want = Execute(c);
  EXPECT_EQ(ClassifyMismatch(c, want, Flip(want, 0)).rule, Rule::kArithmetic);
  EXPECT_EQ(ClassifyMismatch(c, want, Flip(want, 1)).rule, Rule::kNanOperand);
  EXPECT_EQ(ClassifyMismatch(c, want, Flip(want, 2)).rule, Rule::kInvalid);
  EXPECT_EQ(ClassifyMismatch(c, want, Flip(want, 3)).rule, Rule::kFlushInput);
  // Two elements: the rule of higher priority (NaN operands first).
  EXPECT_EQ(ClassifyMismatch(c, want, Flip(Flip(want, 3), 1)).rule, Rule::kNanOperand);
}

TEST(MismatchClass, FlagsOnlyCountsEveryAddition) {
  // Only e3 has a rule (FZ and a subnormal): a flag difference is of that rule.
  const Case c = Fp32(kFz, {kOne, kOne, kOne, kOne}, {kOne, kOne, kOne, kSub});
  const Outcome want = Execute(c);
  Outcome got = want;
  got.fpsr ^= kIDC;
  const MismatchClass k = ClassifyMismatch(c, want, got);
  EXPECT_EQ(k.rule, Rule::kFlushInput);
  EXPECT_TRUE(k.flags_only);
  EXPECT_EQ(k.Name(), "fadd_u.s flush-input (flags only)");
}

TEST(MismatchClass, DefaultNanAndFlushedResults) {
  // DN: 1 + qNaN gives the default NaN (section 3).
  const Case dn = Fp32(kDn, {kOne, kOne, kOne, kOne}, {kQnan, kOne, kOne, kOne});
  const Outcome w1 = Execute(dn);
  EXPECT_EQ(ClassifyMismatch(dn, w1, Flip(w1, 0)).Name(), "fadd_u.s default-nan-dn");
  // FZ: (2^-126 + 2^-149) + -2^-126 = 2^-149 is tiny and flushed to +0 with UFC (section 5);
  // no operand is subnormal.
  const Case fo = Fp32(kFz, {0x00800001, kOne, kOne, kOne}, {0x80800000, kOne, kOne, kOne});
  const Outcome w2 = Execute(fo);
  ASSERT_EQ(GetField(w2.res, 0, 32), 0u);
  EXPECT_EQ(ClassifyMismatch(fo, w2, Flip(w2, 0)).rule, Rule::kFlushOutput);
  // The same without FZ: a subnormal result kept, no rule.
  Case plain = fo;
  plain.fpcr = 0;
  const Outcome w3 = Execute(plain);
  EXPECT_EQ(ClassifyMismatch(plain, w3, Flip(w3, 0)).rule, Rule::kArithmetic);
}

TEST(MismatchClass, ReductionsCountTheWholeTree) {
  // faddv s, VL 128: a qNaN leaf and, with FZ, a subnormal leaf: the scalar's class is the NaN
  // rule (first in priority), the operation and type are the case's.
  Case c;
  c.op = Op::kFaddv, c.fmt = Fmt::kS, c.vl = 128, c.fpcr = kFz;
  c.pg.assign(1, 0x1111);
  c.b.assign(2, 0);
  SetField(&c.b, 0, 32, kSub);
  SetField(&c.b, 64, 32, kQnan);
  const Outcome want = Execute(c);
  Outcome got = want;
  got.res[0] ^= 1;
  const MismatchClass k = ClassifyMismatch(c, want, got);
  EXPECT_EQ(k.Name(), "faddv.s nan-operand");
  EXPECT_FALSE(k == ClassifyMismatch(c, want, Outcome{want.res, want.fpsr ^ kIXC}));
}

}  // namespace
}  // namespace vfadd::tool
