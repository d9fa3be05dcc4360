// SPDX-License-Identifier: Apache-2.0
// Unit tests of the shrink reduction (shrink.h) with hand-written failure predicates.
#include "shrink.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "vfadd/fp.h"
#include "vfadd/vector.h"

namespace vfadd::tool {
namespace {

// A case with every predicate bit set, a and b element e = a0 + e and b0 + e (the operands the
// form has: fadda's a is the scalar a0, faddv has no a, the immediate forms no b).
Case Make(Op op, Fmt f, int vl, uint32_t fpcr, uint64_t a0, uint64_t b0) {
  Case c;
  c.op = op, c.fmt = f, c.vl = vl, c.fpcr = fpcr;
  const int w = fp_width(f), n = vl / w;
  if (IsPredicated(op)) {
    c.pg.assign((vl / 8 + 63) / 64, 0);
    for (int i = 0; i < vl / 8; ++i) SetField(&c.pg, i, 1, 1);
  }
  if (op == Op::kFadda) {
    c.a = {a0};
  } else if (op != Op::kFaddv) {
    c.a.assign(vl / 64, 0);
    for (int e = 0; e < n; ++e) SetField(&c.a, e * w, w, a0 + e);
  }
  if (!IsImmediate(op)) {
    c.b.assign(vl / 64, 0);
    for (int e = 0; e < n; ++e) SetField(&c.b, e * w, w, b0 + e);
  }
  return c;
}

void ExpectCase(const Case& got, const Case& want, const std::string& what = "") {
  SCOPED_TRACE(what);
  EXPECT_EQ(got.op, want.op);
  EXPECT_EQ(got.fmt, want.fmt);
  EXPECT_EQ(got.vl, want.vl);
  EXPECT_EQ(got.fpcr, want.fpcr);
  EXPECT_EQ(got.pg, want.pg);
  EXPECT_EQ(got.a, want.a);
  EXPECT_EQ(got.b, want.b);
  EXPECT_EQ(got.imm_one, want.imm_one);
  EXPECT_EQ(got.checked, want.checked);
  EXPECT_EQ(got.res, want.res);
  EXPECT_EQ(got.fpsr, want.fpsr);
}

// What every candidate must be: a legal VL, operands and predicate of its size, no predicate
// bits beyond VL/8, a stimulus case.
void ExpectWellFormed(const Case& x) {
  ASSERT_TRUE(IsValidVl(x.vl)) << x.vl;
  const size_t z = x.vl / 64;
  if (x.op == Op::kFadda) {
    EXPECT_EQ(x.a.size(), 1u);
  } else if (x.op == Op::kFaddv) {
    EXPECT_TRUE(x.a.empty());
  } else {
    EXPECT_EQ(x.a.size(), z);
  }
  EXPECT_EQ(x.b.size(), IsImmediate(x.op) ? 0u : z);
  if (IsPredicated(x.op)) {
    ASSERT_EQ(x.pg.size(), static_cast<size_t>((x.vl / 8 + 63) / 64));
    const int top = x.vl / 8 % 64;
    if (top) {
      EXPECT_EQ(x.pg.back() >> top, 0u) << "predicate bits beyond VL/8";
    }
  } else {
    EXPECT_TRUE(x.pg.empty());
  }
  EXPECT_FALSE(x.checked);
  EXPECT_TRUE(x.res.empty());
  EXPECT_EQ(x.fpsr, 0u);
}

bool IsNan16(uint64_t v) { return (v & 0x7c00) == 0x7c00 && (v & 0x3ff) != 0; }

TEST(ShrinkTest, NeverFailingCandidatesLeaveTheStart) {
  // fadd s 256: 8 elements, every FPCR bit, every predicate bit. Tries: VL 128 (1); FPCR 0 and
  // the five masks, all present (6); the canonical predicate 0x11111111 (1) and 8 elements made
  // inactive (8); no inactive element to zero (0); 8 elements x 2 nonzero operands (16): 32.
  const Case start = Make(Op::kFadd, Fmt::kS, 256, 0xFFFFFFFFu, 0x3f800000, 0x40000000);
  std::vector<uint32_t> fpcrs;  // of the candidates that change it
  int calls = 0;
  const ShrinkResult r = Shrink(start, [&](const Case& x) {
    ExpectWellFormed(x);
    ++calls;
    if (x.fpcr != start.fpcr) fpcrs.push_back(x.fpcr);
    return false;
  });
  ExpectCase(r.c, start);
  EXPECT_EQ(r.tries, 32);
  EXPECT_EQ(calls, 32);
  // 0, then each clear from ffffffff: the mask (leaving 25:22, 19:18), DN, FZ, FZ16, RMode.
  EXPECT_EQ(fpcrs, (std::vector<uint32_t>{0x00000000, 0x03CC0000, 0xFDFFFFFF, 0xFEFFFFFF,
                                          0xFFF7FFFF, 0xFF3FFFFF}));
  EXPECT_EQ(r.accepted, 0);
}

TEST(ShrinkTest, AlwaysFailingReachesTheSimplestCase) {
  // fadd s 512, DN FZ RMode=3: VL 128 at once (1), FPCR 0 (1), canonical 0x1111 (1), the 4
  // elements inactive (4), all zeroed at once (1); nothing left nonzero: 8 tries, all accepted.
  const Case start = Make(Op::kFadd, Fmt::kS, 512, 0x03C00000u, 0x3f800000, 0x40000000);
  const ShrinkResult r = Shrink(start, [](const Case& x) {
    ExpectWellFormed(x);
    return true;
  });
  Case want;
  want.op = Op::kFadd, want.fmt = Fmt::kS, want.vl = 128, want.fpcr = 0;
  want.pg = {0}, want.a = {0, 0}, want.b = {0, 0};
  ExpectCase(r.c, want);
  EXPECT_EQ(r.tries, 8);
  EXPECT_EQ(r.accepted, 8);
}

TEST(ShrinkTest, KeepsOnlyTheActiveNanElement) {
  // fadd h 512 (32 elements), FPCR RMode=3 FZ16; a = 1.0 but element 9 a quiet NaN, b = 2.0
  // (plus e). Fails while element 9 is active with a NaN in a. VL 128 holds 8 elements (no), 256
  // holds 16 (yes); FPCR 0; canonical 0x55555555; all but element 9 inactive: predicate bit 18.
  Case start = Make(Op::kFadd, Fmt::kH, 512, 0x00C80000u, 0x3c00, 0x4000);
  SetField(&start.a, 9 * 16, 16, 0x7e01);
  const ShrinkResult r = Shrink(start, [](const Case& x) {
    ExpectWellFormed(x);
    return Elements(x) > 9 && ElementActive(x, 9) && IsNan16(GetField(x.a, 9 * 16, 16));
  });
  Case want;
  want.op = Op::kFadd, want.fmt = Fmt::kH, want.vl = 256, want.fpcr = 0;
  want.pg = {uint64_t{1} << 18};
  want.a = {0, 0, uint64_t{0x7e01} << 16, 0};  // bits 159:144
  want.b = {0, 0, 0, 0};
  ExpectCase(r.c, want);
  // 2 VLs, FPCR 0, canonical, 16 elements, inactive zeroed, element 9's a (kept) and b.
  EXPECT_EQ(r.tries, 2 + 1 + 1 + 16 + 1 + 2);
  EXPECT_EQ(r.accepted, 1 + 1 + 1 + 15 + 1 + 1);
}

TEST(ShrinkTest, FpcrMaskNeverClearsBit18) {
  // Pins today's behaviour: the mask 0xFC33FFFF of "fields no add reads" leaves bits 25:22 and
  // 19:18, and no later step clears bit 18 (part of Len, which no add reads), so from FPCR
  // ffffffff a failure that needs FZ keeps FZ and bit 18: 0x01040000, not 0x01000000.
  // fadd_u d 128: no VL to try, no predicate; FPCR 0 (no), mask -> 03cc0000, DN -> 01cc0000,
  // FZ (no), FZ16 -> 01c40000, RMode -> 01040000; then 2 elements x 2 operands zeroed: 10 tries.
  const Case start =
      Make(Op::kFaddU, Fmt::kD, 128, 0xFFFFFFFFu, 0x3ff0000000000000, 0x4000000000000000);
  const ShrinkResult r = Shrink(start, [](const Case& x) {
    ExpectWellFormed(x);
    return ((x.fpcr >> 24) & 1) != 0;
  });
  EXPECT_EQ(r.c.fpcr, 0x01040000u);
  EXPECT_EQ(r.c.a, (Bits{0, 0}));
  EXPECT_EQ(r.c.b, (Bits{0, 0}));
  EXPECT_EQ(r.tries, 10);
  EXPECT_EQ(r.accepted, 8);
}

TEST(ShrinkTest, FpcrKeepsOnlyTheFieldsTheFailureNeeds) {
  // FPCR AHP (26), DN, RMode=2 (RM), trap enables 11:8; fails while RMode is 2. FPCR 0 (no), mask
  // clears 26 and 11:8 -> 02800000, DN -> 00800000, FZ and FZ16 absent (not tried), RMode (no).
  // fadd_u s 128 with zero operands: nothing else to try.
  Case start = Make(Op::kFaddU, Fmt::kS, 128, 0x06800F00u, 0, 0);
  start.a = {0, 0}, start.b = {0, 0};
  std::vector<uint32_t> tried;
  const ShrinkResult r = Shrink(start, [&](const Case& x) {
    tried.push_back(x.fpcr);
    return (x.fpcr >> 22 & 3) == 2;
  });
  EXPECT_EQ(r.c.fpcr, 0x00800000u);
  EXPECT_EQ(tried, (std::vector<uint32_t>{0x00000000, 0x02800000, 0x00800000, 0x00000000}));
  EXPECT_EQ(r.tries, 4);
  EXPECT_EQ(r.accepted, 2);
}

TEST(ShrinkTest, ShortestVlIsLegalAndCutsThePredicate) {
  // fadd s 1024 (32 elements, predicate 128 bits = 2 full words), a checked start. Fails while
  // element 20 (bits 671:640, predicate bit 80) is active and a holds 12345678 there: VL 128 to
  // 640 cannot hold it (5 tries), 768 can; its predicate is 96 bits: word 1 cut to 32 ones.
  Case start = Make(Op::kFadd, Fmt::kS, 1024, 0, 0x3f800000, 0x40000000);
  SetField(&start.a, 640, 32, 0x12345678);
  start.checked = true;
  start.res.assign(16, 0x5a5a5a5a5a5a5a5a);
  start.fpsr = 0x10;
  std::vector<Case> seen;
  const ShrinkResult r = Shrink(start, [&](const Case& x) {
    ExpectWellFormed(x);
    seen.push_back(x);
    return Elements(x) > 20 && ElementActive(x, 20) && GetField(x.a, 640, 32) == 0x12345678;
  });
  ASSERT_GE(seen.size(), 6u);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(seen[i].vl, 128 * (i + 1));
  EXPECT_EQ(seen[5].pg, (Bits{~uint64_t{0}, 0xFFFFFFFF}));
  Case want;
  want.op = Op::kFadd, want.fmt = Fmt::kS, want.vl = 768, want.fpcr = 0;
  want.pg = {0, uint64_t{1} << 16};
  want.a.assign(12, 0);
  want.a[10] = 0x12345678;
  want.b.assign(12, 0);
  ExpectCase(r.c, want);  // a stimulus case: checked, res and fpsr cleared
}

TEST(ShrinkTest, UnpredicatedFormZeroesWhatItCan) {
  // fadd_u d 256; fails while b element 1 is nonzero. VL 128 (yes); no FPCR, no predicate; e0 a,
  // e0 b, e1 a (yes), e1 b (no): 5 tries, 4 accepted.
  const Case start = Make(Op::kFaddU, Fmt::kD, 256, 0, 1, 5);
  const ShrinkResult r = Shrink(start, [](const Case& x) {
    ExpectWellFormed(x);
    return Elements(x) > 1 && GetField(x.b, 64, 64) != 0;
  });
  Case want;
  want.op = Op::kFaddU, want.fmt = Fmt::kD, want.vl = 128;
  want.a = {0, 0}, want.b = {0, 6};
  ExpectCase(r.c, want);
  EXPECT_EQ(r.tries, 5);
  EXPECT_EQ(r.accepted, 4);
}

TEST(ShrinkTest, FaddaKeepsItsScalarAndZeroesItLast) {
  // fadda s 256, scalar 1.0, b element e = 40000000 + e; fails while element 2 is active with a
  // nonzero b. VL 128 (a stays one word); canonical 0x1111; e0, e1 inactive, e2 (no), e3; b's
  // inactive elements zeroed; b e2 (no: a is never zeroed per element); the scalar last (yes).
  const Case start = Make(Op::kFadda, Fmt::kS, 256, 0, 0x3f800000, 0x40000000);
  std::vector<Case> seen;
  const ShrinkResult r = Shrink(start, [&](const Case& x) {
    ExpectWellFormed(x);
    seen.push_back(x);
    return Elements(x) > 2 && ElementActive(x, 2) && GetField(x.b, 64, 32) != 0;
  });
  Case want;
  want.op = Op::kFadda, want.fmt = Fmt::kS, want.vl = 128;
  want.pg = {0x100};
  want.a = {0};
  want.b = {0, 0x40000002};
  ExpectCase(r.c, want);
  EXPECT_EQ(r.tries, 1 + 1 + 4 + 1 + 1 + 1);
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back().a, (Bits{0}));
  EXPECT_EQ(seen.back().b, (Bits{0, 0x40000002}));
}

TEST(ShrinkTest, FaddvAndImmediateFormsKeepTheirMissingOperand) {
  // faddv d 256 (no a): VL 128, canonical 0x101, 2 elements inactive, b zeroed: 5 tries.
  const ShrinkResult v = Shrink(Make(Op::kFaddv, Fmt::kD, 256, 0, 0, 7), [](const Case& x) {
    ExpectWellFormed(x);
    return true;
  });
  Case want_v;
  want_v.op = Op::kFaddv, want_v.fmt = Fmt::kD, want_v.vl = 128;
  want_v.pg = {0}, want_v.b = {0, 0};
  ExpectCase(v.c, want_v);
  EXPECT_EQ(v.tries, 5);
  // fsub_i h 128 #1.0 (no b): canonical 0x5555, 8 elements inactive, a zeroed: 10 tries.
  Case imm = Make(Op::kFsubI, Fmt::kH, 128, 0, 0x3c00, 0);
  imm.imm_one = true;
  const ShrinkResult i = Shrink(imm, [](const Case& x) {
    ExpectWellFormed(x);
    return true;
  });
  Case want_i;
  want_i.op = Op::kFsubI, want_i.fmt = Fmt::kH, want_i.vl = 128, want_i.imm_one = true;
  want_i.pg = {0}, want_i.a = {0, 0};
  ExpectCase(i.c, want_i);
  EXPECT_EQ(i.tries, 10);
}

TEST(ShrinkTest, ReductionsComeInTheirOrder) {
  // fadd d 256, FPCR DN + RMode=1, predicate 010000ff: elements 0 and 3 active (bits 0, 24),
  // 1 and 2 not, bits 7:1 govern nothing. Never fails, so every candidate is cut from the start.
  Case start = Make(Op::kFadd, Fmt::kD, 256, 0x02400000u, 0xA0, 0xB0);
  start.pg = {0x010000FF};
  std::vector<Case> seen;
  const ShrinkResult r = Shrink(start, [&](const Case& x) {
    ExpectWellFormed(x);
    seen.push_back(x);
    return false;
  });
  std::vector<Case> want;
  auto with = [&](auto edit) {
    Case x = start;
    edit(x);
    want.push_back(x);
  };
  with([](Case& x) { x.vl = 128, x.a = {0xA0, 0xA1}, x.b = {0xB0, 0xB1}, x.pg = {0xFF}; });
  with([](Case& x) { x.fpcr = 0; });
  with([](Case& x) { x.fpcr = 0x00400000; });  // DN cleared (the mask has nothing to clear)
  with([](Case& x) { x.fpcr = 0x02000000; });  // RMode cleared (FZ, FZ16 absent)
  with([](Case& x) { x.pg = {0x01000001}; });  // canonical
  with([](Case& x) { x.pg = {0x010000FE}; });  // element 0 inactive
  with([](Case& x) { x.pg = {0x000000FF}; });  // element 3 inactive
  with([](Case& x) { x.a = {0xA0, 0, 0, 0xA3}, x.b = {0xB0, 0, 0, 0xB3}; });  // inactive zeroed
  for (int e = 0; e < 4; ++e) {
    with([e](Case& x) { x.a[e] = 0; });
    with([e](Case& x) { x.b[e] = 0; });
  }
  ASSERT_EQ(seen.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    ExpectCase(seen[i], want[i], "candidate " + std::to_string(i));
  EXPECT_EQ(r.tries, 16);
  ExpectCase(r.c, start);
}

TEST(ShrinkTest, TriesAreBoundedAndTheResultFails) {
  // A deterministic, arbitrary predicate (a hash of the candidate); for each start the calls stay
  // within (VL/128 - 1) + 6 + (1 + E) + (1 + 2E) + 1, and the result still fails.
  auto hash_fails = [](const Case& x) {
    uint64_t h = 1469598103934665603u ^ x.vl ^ (uint64_t{x.fpcr} << 20);
    for (const Bits* v : {&x.pg, &x.a, &x.b}) {
      for (uint64_t word : *v) h = (h ^ word) * 1099511628211u;
    }
    return h % 3 != 0;
  };
  const std::vector<Case> starts = {
      Make(Op::kFadd, Fmt::kH, 2048, 0xFFFFFFFFu, 0x3c00, 0x4000),
      Make(Op::kFsubr, Fmt::kS, 1024, 0x01400000u, 0x3f800000, 0xbf800000),
      Make(Op::kFaddp, Fmt::kD, 640, 0x02000000u, 1, 2),
      Make(Op::kFadda, Fmt::kH, 384, 0x00080000u, 0x3c00, 0x3c00),
      Make(Op::kFaddv, Fmt::kS, 2048, 0xFFFFFFFFu, 0, 0x3f800000),
      Make(Op::kFsubU, Fmt::kH, 1920, 0xFFFFFFFFu, 0x3c00, 0x4000),
  };
  for (const Case& s : starts) {
    SCOPED_TRACE(std::string(OpName(s.op)) + " vl " + std::to_string(s.vl));
    const int e = Elements(s);
    int calls = 0;
    const ShrinkResult r = Shrink(s, [&](const Case& x) {
      ExpectWellFormed(x);
      ++calls;
      return hash_fails(x);
    });
    EXPECT_EQ(r.tries, calls);
    EXPECT_LE(r.tries, (s.vl / 128 - 1) + 6 + (1 + e) + (1 + 2 * e) + 1);
    EXPECT_LE(r.accepted, r.tries);
    EXPECT_GT(r.accepted, 0);
    EXPECT_TRUE(hash_fails(r.c));
    ExpectWellFormed(r.c);
  }
}

TEST(ShrinkTest, SummaryNamesWhatWasReduced) {
  // The reduction of tb/test/cli_test.cc's shrink case: 16 active FP32 elements at VL 512, FZ and
  // RMode=2, to element 5 alone at VL 256 with FPCR 0.
  Case before = Make(Op::kFadd, Fmt::kS, 512, 0x01800000u, 0x3f800000, 0x3f800100);
  Case after = before;
  after.vl = 256, after.fpcr = 0, after.pg = {0x00100000};
  EXPECT_EQ(ShrinkSummary(before, after, 17),
            "# vfadd shrink: 17 trials; vl 512 -> 256, active elements 16 -> 1, "
            "fpcr 01800000 -> 00000000");
  // Unpredicated: every element counts as active (fadd_u d 256 -> 128: 4 -> 2).
  Case u = Make(Op::kFaddU, Fmt::kD, 256, 0xFFFFFFFFu, 1, 2);
  Case u2 = u;
  u2.vl = 128, u2.a = {0, 0}, u2.b = {0, 0}, u2.fpcr = 0x01040000;
  EXPECT_EQ(ShrinkSummary(u, u2, 3),
            "# vfadd shrink: 3 trials; vl 256 -> 128, active elements 4 -> 2, "
            "fpcr ffffffff -> 01040000");
}

}  // namespace
}  // namespace vfadd::tool
