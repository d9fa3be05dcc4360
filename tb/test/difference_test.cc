// SPDX-License-Identifier: Apache-2.0
// Tests of vfadd::DifferenceLines and DescribeDifferences, the one wording of every mismatch
// report (model/include/vfadd/difference.h). The outcomes are written by hand, not computed by
// the model: only the printer is under test. Encodings: S 1.0 = 3f800000, 2.0 = 40000000,
// 3.0 = 40400000, 4.0 = 40800000, 5.0 = 40a00000, default qNaN 7fc00000 (fraction 0x400000);
// H 1.0 = 3c00, 2.0 = 4000; D 1.0 = 3ff0000000000000, 2.0 = 4000000000000000,
// 1.5 = 3ff8000000000000.
#include "vfadd/difference.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace vfadd {
namespace {

using Lines = std::vector<std::string>;

// fadd s vl=128, pg 1111 (every S element active: predicate bits 0, 4, 8, 12), Zdn = {1, 2, 2,
// 3}, Zm = {1, 1, 1, 1} (element 0 first); the sum {2, 3, 3, 4}.
Case FaddS() {
  Case c;
  c.op = Op::kFadd;
  c.fmt = Fmt::kS;
  c.vl = 128;
  c.pg = {0x1111};
  c.a = {0x400000003f800000, 0x4040000040000000};
  c.b = {0x3f8000003f800000, 0x3f8000003f800000};
  return c;
}
const Outcome kFaddSum = {{0x4040000040000000, 0x4080000040400000}, 0};

TEST(DifferenceTest, EqualOutcomesHaveNoLines) {
  EXPECT_EQ(DifferenceLines(FaddS(), kFaddSum, kFaddSum), Lines{});
  EXPECT_EQ(DescribeDifferences(FaddS(), kFaddSum, kFaddSum), "");
}

TEST(DifferenceTest, ElementWithOperandsAndFlags) {
  Outcome got = kFaddSum;
  got.res[1] = 0x40a0000040400000;  // element 3: 5.0 instead of 4.0
  got.fpsr = 0x10;                  // IXC
  EXPECT_EQ(DifferenceLines(FaddS(), kFaddSum, got),
            (Lines{"element 3: expected 40800000 (4), actual 40a00000 (5); Zdn[3] 40400000 (3), "
                   "Zm[3] 3f800000 (1), active",
                   "fpsr: expected 00000000 (-), actual 00000010 (IXC); missing -, extra IXC"}));
}

TEST(DifferenceTest, InactiveElementAndNan) {
  Case c = FaddS();
  c.op = Op::kFsub;
  c.pg = {0x0111};  // element 3 inactive: the result keeps Zdn[3] = 3.0
  // The other elements and the flags are arbitrary: only the printer is under test.
  const Outcome want = {{0x4040000040000000, 0x4040000040400000}, 0x1};  // IOC
  Outcome got = want;
  got.res[1] = 0x7fc0000040400000;  // element 3: the default NaN
  got.fpsr = 0x11;                  // IOC|IXC
  EXPECT_EQ(DifferenceLines(c, want, got),
            (Lines{"element 3: expected 40400000 (3), actual 7fc00000 (qNaN:0x400000); Zdn[3] "
                   "40400000 (3), Zm[3] 3f800000 (1), inactive",
                   "fpsr: expected 00000001 (IOC), actual 00000011 (IOC|IXC); missing -, extra "
                   "IXC"}));
}

TEST(DifferenceTest, UnpredicatedFormNamesZn) {
  Case c;
  c.op = Op::kFaddU;
  c.fmt = Fmt::kH;
  c.vl = 128;
  c.a = {0x3c003c003c003c00, 0x3c003c003c003c00};                      // Zn: eight 1.0
  c.b = {0x3c003c003c003c00, 0x3c003c003c003c00};                      // Zm: eight 1.0
  const Outcome want = {{0x4000400040004000, 0x4000400040004000}, 0};  // eight 2.0
  Outcome got = want;
  got.res[0] = 0x4000400040003c00;  // element 0: 1.0
  EXPECT_EQ(DifferenceLines(c, want, got),
            (Lines{"element 0: expected 4000 (2), actual 3c00 (1); Zn[0] 3c00 (1), Zm[0] 3c00 "
                   "(1)"}));
}

TEST(DifferenceTest, ImmediateFormNamesTheImmediate) {
  Case c;
  c.op = Op::kFaddI;
  c.fmt = Fmt::kD;
  c.vl = 128;
  c.pg = {0x0101};  // D elements 0 and 1 (predicate bits 0 and 8) active
  c.a = {0x3ff0000000000000, 0x3ff0000000000000};
  c.imm_one = true;
  const Outcome want = {{0x4000000000000000, 0x4000000000000000}, 0};
  Outcome got = want;
  got.res[1] = 0x3ff8000000000000;  // 1.5: as if #0.5 had been added
  EXPECT_EQ(DifferenceLines(c, want, got),
            (Lines{"element 1: expected 4000000000000000 (2), actual 3ff8000000000000 (1.5); "
                   "Zdn[1] 3ff0000000000000 (1), #1.0, active"}));
  c.imm_one = false;
  EXPECT_EQ(DifferenceLines(c, want, got),
            (Lines{"element 1: expected 4000000000000000 (2), actual 3ff8000000000000 (1.5); "
                   "Zdn[1] 3ff0000000000000 (1), #0.5, active"}));
}

// FADDP (section 6.5): even element e = Zdn[e] + Zdn[e+1], odd e = Zm[e-1] + Zm[e].
TEST(DifferenceTest, PairwiseNamesThePair) {
  Case c;
  c.op = Op::kFaddp;
  c.fmt = Fmt::kS;
  c.vl = 128;
  c.pg = {0x1111};
  c.a = {0x400000003f800000, 0x4040000040000000};  // Zdn = {1, 2, 2, 3}
  c.b = {0x3f80000040400000, 0x400000003f800000};  // Zm = {3, 1, 1, 2}
  // {Zdn[0] + Zdn[1], Zm[0] + Zm[1], Zdn[2] + Zdn[3], Zm[2] + Zm[3]} = {3, 4, 5, 3}.
  const Outcome want = {{0x4080000040400000, 0x4040000040a00000}, 0};
  const Outcome got = {{0, 0x4040000000000000}, 0};  // elements 0 to 2 +0, element 3 right
  EXPECT_EQ(DifferenceLines(c, want, got),
            (Lines{"element 0: expected 40400000 (3), actual 00000000 (+0); Zdn[0] 3f800000 (1), "
                   "Zdn[1] 40000000 (2), active",
                   "element 1: expected 40800000 (4), actual 00000000 (+0); Zm[0] 40400000 (3), "
                   "Zm[1] 3f800000 (1), active",
                   "element 2: expected 40a00000 (5), actual 00000000 (+0); Zdn[2] 40000000 (2), "
                   "Zdn[3] 40400000 (3), active"}));
}

TEST(DifferenceTest, ScalarHasNoOperands) {
  Case c;
  c.op = Op::kFaddv;
  c.fmt = Fmt::kS;
  c.vl = 128;
  c.pg = {0x1111};
  c.b = {0x3f8000003f800000, 0x3f8000003f800000};
  EXPECT_EQ(DifferenceLines(c, {{0x40800000}, 0}, {{0x40400000}, 0}),
            Lines{"scalar: expected 40800000 (4), actual 40400000 (3)"});
}

// Bits beyond the scalar of an FADDA H (bits 63:16 of its one word) are named, not lost.
TEST(DifferenceTest, BitsOutsideTheElements) {
  Case c;
  c.op = Op::kFadda;
  c.fmt = Fmt::kH;
  c.vl = 128;
  c.pg = {0x5555};
  c.a = {0x3c00};
  c.b = {0, 0};
  EXPECT_EQ(DifferenceLines(c, {{0x3c00}, 0}, {{0x13c00}, 0}),
            Lines{"bits [63:16] (outside the elements): expected 0000000000000000, actual "
                  "0000000000010000"});
}

// A short outcome: its missing word reads as 0 for the elements, and the count is named.
TEST(DifferenceTest, DifferentWordCounts) {
  const Outcome got = {{kFaddSum.res[0]}, 0};
  EXPECT_EQ(DifferenceLines(FaddS(), kFaddSum, got),
            (Lines{"element 2: expected 40400000 (3), actual 00000000 (+0); Zdn[2] 40000000 (2), "
                   "Zm[2] 3f800000 (1), active",
                   "element 3: expected 40800000 (4), actual 00000000 (+0); Zdn[3] 40400000 (3), "
                   "Zm[3] 3f800000 (1), active",
                   "res: expected 2 words, actual 1 words"}));
}

// Operands the case does not hold (the harness's case of an undef request, a caller's sketch)
// are left out.
TEST(DifferenceTest, MissingOperandsAreLeftOut) {
  Case c = FaddS();
  c.a.clear();
  c.b = {0x3f8000003f800000};  // Zm[0], Zm[1] only
  c.pg.clear();
  Outcome got = kFaddSum;
  got.res[0] = 0x4040000000000000;  // element 0: +0
  got.res[1] = 0x4080000000000000;  // element 2: +0
  EXPECT_EQ(DifferenceLines(c, kFaddSum, got),
            (Lines{"element 0: expected 40000000 (2), actual 00000000 (+0); Zm[0] 3f800000 (1)",
                   "element 2: expected 40400000 (3), actual 00000000 (+0)"}));
}

TEST(DifferenceTest, DescribeIndentsAndCuts) {
  const Outcome got = {{0, 0}, 0x80};  // every element +0, IDC
  const std::string e0 =
      "element 0: expected 40000000 (2), actual 00000000 (+0); Zdn[0] 3f800000 (1), Zm[0] "
      "3f800000 (1), active";
  const std::string e1 =
      "element 1: expected 40400000 (3), actual 00000000 (+0); Zdn[1] 40000000 (2), Zm[1] "
      "3f800000 (1), active";
  EXPECT_EQ(DescribeDifferences(FaddS(), kFaddSum, got, "  ", 2),
            "  " + e0 + "\n  " + e1 + "\n  ... and 3 more\n");
  // No limit: the four elements and the flags, the flags last.
  const std::string all = DescribeDifferences(FaddS(), kFaddSum, got, "> ");
  const std::string fpsr =
      "> fpsr: expected 00000000 (-), actual 00000080 (IDC); missing -, extra IDC\n";
  EXPECT_EQ(std::count(all.begin(), all.end(), '\n'), 5);
  EXPECT_EQ(all.substr(0, e0.size() + 3), "> " + e0 + "\n");
  ASSERT_GE(all.size(), fpsr.size());
  EXPECT_EQ(all.substr(all.size() - fpsr.size()), fpsr);
  EXPECT_EQ(DescribeDifferences(FaddS(), kFaddSum, got, "", 0), "... and 5 more\n");
}

TEST(DifferenceTest, DescribeCase) {
  Case c;
  c.op = Op::kFaddU;
  c.fmt = Fmt::kH;
  c.vl = 384;
  c.fpcr = 0x02c00000;
  EXPECT_EQ(DescribeCase(c), "fadd_u h vl=384 fpcr=02c00000");
}

}  // namespace
}  // namespace vfadd
