// SPDX-License-Identifier: Apache-2.0
// Directed tests of vfadd::Execute for every operation of the add family (section 6 of
// docs/semantics.md): predicate merging and granularity, unpredicated and immediate
// forms, FSUBR operand order, FADDP pairs, FADDA strict ordering and FADDV's +0-padded tree.
//
// Every expected value is derived by hand from the document; the derivation is in the comment
// above each case. Values are small, exactly representable numbers (or NaN/denormal encodings
// written in hex), so the arithmetic can be checked on paper. The last test is a random property
// test of the lane/predicate/flag bookkeeping against the scalar FpAdd/FpSub.
//
// Notation: e<i> = element i; "B" is a power of two so large that B + 1 rounds back to B in
// round-to-nearest (B = 2^(F+2): ulp(B) = 4 so B+1 -> B, and B-1 is a tie between B-2, whose
// significand is odd, and B, so B-1 -> B as well): B = 2^12 (H), 2^25 (S), 2^54 (D).
// Leaves of FADDV are written x[i]; R(lo, n) is the tree node over x[lo .. lo+n-1] (section 6.7).

#include "vfadd/vector.h"

#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "vfadd/fp.h"

namespace vfadd {
namespace {

// ---------------------------------------------------------------------------------------------
// FPCR bits (section 1.1)
constexpr uint32_t kRN = 0u << 22, kRP = 1u << 22, kRM = 2u << 22, kRZ = 3u << 22;
constexpr uint32_t kFz16 = 1u << 19, kFz = 1u << 24, kDn = 1u << 25;

// Encodings of one format, built only from the field widths of the document's conventions
// (section 0: H 5/10, S 8/23, D 11/52), independently of the model.
struct Fx {
  explicit Fx(Fmt fmt)
      : f(fmt),
        w(fmt == Fmt::kH   ? 16
          : fmt == Fmt::kS ? 32
                           : 64),
        ebits(fmt == Fmt::kH   ? 5
              : fmt == Fmt::kS ? 8
                               : 11),
        fbits(w - 1 - ebits),
        bias((1 << (ebits - 1)) - 1) {}
  Fmt f;
  int w, ebits, fbits, bias;

  uint64_t Sign() const { return uint64_t{1} << (w - 1); }
  uint64_t ExpOnes() const { return (uint64_t{1} << ebits) - 1; }
  uint64_t FracMask() const { return (uint64_t{1} << fbits) - 1; }
  uint64_t QBit() const { return uint64_t{1} << (fbits - 1); }
  uint64_t Zero(bool neg = false) const { return neg ? Sign() : 0; }
  uint64_t Inf(bool neg = false) const { return Zero(neg) | ExpOnes() << fbits; }
  uint64_t Max(bool neg = false) const { return Zero(neg) | (ExpOnes() - 1) << fbits | FracMask(); }
  uint64_t MinSub(bool neg = false) const { return Zero(neg) | 1; }
  uint64_t QNaN(uint64_t payload, bool neg = false) const { return Inf(neg) | QBit() | payload; }
  uint64_t SNaN(uint64_t payload, bool neg = false) const { return Inf(neg) | payload; }
  uint64_t Quiet(uint64_t snan) const { return snan | QBit(); }
  uint64_t DNaN() const { return Inf() | QBit(); }  // section 3, AH = 0: sign 0

  // The encoding of x, which must be exactly representable (normal, subnormal, zero or inf).
  uint64_t V(double x) const {
    const uint64_t s = std::signbit(x) ? Sign() : 0;
    x = std::fabs(x);
    if (x == 0) return s;
    if (std::isinf(x)) return Inf(s != 0);
    int ex = 0;
    const double m = std::frexp(x, &ex);  // x = m * 2^ex, 0.5 <= m < 1
    int be = ex - 1 + bias;               // x = (2m) * 2^(ex-1)
    double frac = 0;
    if (be >= 1) {
      frac = std::ldexp(2 * m - 1, fbits);
    } else {  // subnormal: x / 2^(emin - F)
      frac = std::ldexp(x, bias - 1 + fbits);
      be = 0;
    }
    const bool ok = static_cast<uint64_t>(be) < ExpOnes() && frac == std::floor(frac) &&
                    frac < std::ldexp(1.0, fbits);
    if (!ok) {
      ADD_FAILURE() << x << " is not exactly representable in format " << FmtLetter(f);
      return 0;
    }
    return s | static_cast<uint64_t>(be) << fbits | static_cast<uint64_t>(frac);
  }
};

const Fx kH(Fmt::kH), kS(Fmt::kS), kD(Fmt::kD);
const Fx& X(Fmt f) { return f == Fmt::kH ? kH : f == Fmt::kS ? kS : kD; }

// ---------------------------------------------------------------------------------------------
// Registers and predicates, built without the model's GetField/SetField.

uint64_t Elem(const Bits& z, Fmt f, int e) {
  const int w = X(f).w, lsb = e * w;
  const uint64_t word = z[lsb / 64] >> (lsb % 64);
  return w == 64 ? word : word & ((uint64_t{1} << w) - 1);
}

// A Z register of `vl` bits; element e = elems[e]; elements past the list are 0 (+0.0).
Bits Zb(Fmt f, int vl, const std::vector<uint64_t>& elems) {
  const int w = X(f).w;
  EXPECT_LE(static_cast<int>(elems.size()), vl / w);
  Bits z(vl / 64, 0);
  for (size_t e = 0; e < elems.size(); ++e) {
    const int lsb = static_cast<int>(e) * w;
    z[lsb / 64] |= elems[e] << (lsb % 64);
  }
  return z;
}
// The same from exactly representable values.
Bits Zv(Fmt f, int vl, const std::vector<double>& vals) {
  std::vector<uint64_t> b;
  for (double v : vals) b.push_back(X(f).V(v));
  return Zb(f, vl, b);
}
// Element e = fn(e) for every element.
Bits Zfn(Fmt f, int vl, const std::function<uint64_t(int)>& fn) {
  std::vector<uint64_t> b;
  for (int e = 0; e < vl / X(f).w; ++e) b.push_back(fn(e));
  return Zb(f, vl, b);
}

// Predicates: vl/8 bits in ceil(vl/512) words.
Bits PgNone(int vl) { return Bits((vl / 8 + 63) / 64, 0); }
// Canonical predicate: bit e*esize/8 set for each listed element, every other bit 0.
Bits Pg(Fmt f, int vl, const std::vector<int>& active) {
  Bits p = PgNone(vl);
  for (int e : active) {
    const int bit = e * X(f).w / 8;
    p[bit / 64] |= uint64_t{1} << (bit % 64);
  }
  return p;
}
Bits PgAll(Fmt f, int vl) {
  std::vector<int> all;
  for (int e = 0; e < vl / X(f).w; ++e) all.push_back(e);
  return Pg(f, vl, all);
}
// Raw predicate words (little-endian), e.g. non-canonical patterns.
Bits PgRaw(int vl, const std::vector<uint64_t>& words) {
  Bits p = PgNone(vl);
  EXPECT_EQ(p.size(), words.size());
  for (size_t i = 0; i < words.size() && i < p.size(); ++i) p[i] = words[i];
  return p;
}

// ---------------------------------------------------------------------------------------------
// Cases

Case Vec(Op op, Fmt f, int vl, uint32_t fpcr, Bits pg, Bits a, Bits b) {
  Case c;
  c.op = op;
  c.fmt = f;
  c.vl = vl;
  c.fpcr = fpcr;
  c.pg = std::move(pg);
  c.a = std::move(a);
  c.b = std::move(b);
  return c;
}
Case Unpred(Op op, Fmt f, int vl, uint32_t fpcr, Bits a, Bits b) {
  return Vec(op, f, vl, fpcr, {}, std::move(a), std::move(b));
}
Case Imm(Op op, Fmt f, int vl, uint32_t fpcr, Bits pg, Bits a, bool imm_one) {
  Case c = Vec(op, f, vl, fpcr, std::move(pg), std::move(a), {});
  c.imm_one = imm_one;
  return c;
}
Case Fadda(Fmt f, int vl, uint32_t fpcr, Bits pg, uint64_t acc, Bits zm) {
  return Vec(Op::kFadda, f, vl, fpcr, std::move(pg), {acc}, std::move(zm));
}
Case Faddv(Fmt f, int vl, uint32_t fpcr, Bits pg, Bits zn) {
  return Vec(Op::kFaddv, f, vl, fpcr, std::move(pg), {}, std::move(zn));
}

std::string Hex(Fmt f, uint64_t v) {
  static const char kDigits[] = "0123456789abcdef";
  std::string s = "0x";
  for (int i = X(f).w / 4 - 1; i >= 0; --i) s += kDigits[(v >> (4 * i)) & 15];
  return s;
}
std::string Show(Fmt f, uint64_t v) { return Hex(f, v) + " (" + DescribeValue(f, v) + ")"; }

// Executes c and compares the whole destination and the exact flag set.
::testing::AssertionResult ZIs(const Case& c, const Bits& want, uint32_t want_fpsr) {
  const Outcome o = Execute(c);
  if (o.res.size() != want.size()) {
    return ::testing::AssertionFailure()
           << OpName(c.op) << ": result has " << o.res.size() << " words, want " << want.size();
  }
  ::testing::AssertionResult r = ::testing::AssertionSuccess();
  bool ok = true;
  std::string diff;
  for (int e = 0; e < c.vl / X(c.fmt).w; ++e) {
    const uint64_t got = Elem(o.res, c.fmt, e), exp = Elem(want, c.fmt, e);
    if (got != exp) {
      ok = false;
      diff +=
          "\n  e" + std::to_string(e) + ": got " + Show(c.fmt, got) + ", want " + Show(c.fmt, exp);
    }
  }
  if (o.fpsr != want_fpsr) {
    ok = false;
    diff += "\n  fpsr: got " + FlagNames(o.fpsr) + ", want " + FlagNames(want_fpsr);
  }
  if (ok) return r;
  return ::testing::AssertionFailure() << OpName(c.op) << " " << FmtLetter(c.fmt) << " VL=" << c.vl
                                       << " fpcr=" << Hex(Fmt::kS, c.fpcr) << diff;
}

// Executes a fadda/faddv case: the result is one word holding the element, bits above esize 0.
::testing::AssertionResult ScalarIs(const Case& c, uint64_t want, uint32_t want_fpsr) {
  const Outcome o = Execute(c);
  if (o.res.size() != 1 || o.res[0] != want || o.fpsr != want_fpsr) {
    std::string got =
        o.res.size() == 1 ? Show(c.fmt, o.res[0]) : std::to_string(o.res.size()) + " words";
    return ::testing::AssertionFailure()
           << OpName(c.op) << " " << FmtLetter(c.fmt) << " VL=" << c.vl
           << " fpcr=" << Hex(Fmt::kS, c.fpcr) << "\n  got  " << got << " " << FlagNames(o.fpsr)
           << "\n  want " << Show(c.fmt, want) << " " << FlagNames(want_fpsr);
  }
  return ::testing::AssertionSuccess();
}

// =============================================================================================
// The test-side encodings and the model's small helpers against the document's tables.

TEST(VfaddVectorHelpersTest, EncodingsMatchDocument) {
  // Section 6.3 table and well-known encodings.
  EXPECT_EQ(kH.V(0.5), 0x3800u);
  EXPECT_EQ(kH.V(1.0), 0x3C00u);
  EXPECT_EQ(kH.V(2.0), 0x4000u);  // [EMP] H 1+1 = 0x4000
  EXPECT_EQ(kS.V(0.5), 0x3F000000u);
  EXPECT_EQ(kS.V(1.0), 0x3F800000u);
  EXPECT_EQ(kS.V(3.0), 0x40400000u);  // docs/trace-format.md example
  EXPECT_EQ(kS.V(4.0), 0x40800000u);  // docs/trace-format.md example
  EXPECT_EQ(kS.V(1e8), 0x4CBEBC20u);  // 1e8 = 0x5F5E100 = 1.0111110101111000010 * 2^26
  EXPECT_EQ(kS.V(std::ldexp(1.0, 24)), 0x4B800000u);
  EXPECT_EQ(kS.V(-0.0), 0x80000000u);
  EXPECT_EQ(kS.V(std::ldexp(1.0, -149)), 0x00000001u);  // smallest subnormal
  EXPECT_EQ(kD.V(0.5), 0x3FE0000000000000u);
  EXPECT_EQ(kD.V(1.0), 0x3FF0000000000000u);
  EXPECT_EQ(kS.Max(), 0x7F7FFFFFu);   // section 5.3
  EXPECT_EQ(kS.DNaN(), 0x7FC00000u);  // section 3
  EXPECT_EQ(kH.DNaN(), 0x7E00u);
  EXPECT_EQ(kD.DNaN(), 0x7FF8000000000000u);
  EXPECT_EQ(kH.Quiet(0x7D01), 0x7F01u);  // [EMP] half sNaN 0x7d01 -> 0x7f01

  // ImmediateBits: section 6.3 table, i1 = 0 -> #0.5, i1 = 1 -> #1.0.
  EXPECT_EQ(ImmediateBits(Fmt::kH, false), 0x3800u);
  EXPECT_EQ(ImmediateBits(Fmt::kH, true), 0x3C00u);
  EXPECT_EQ(ImmediateBits(Fmt::kS, false), 0x3F000000u);
  EXPECT_EQ(ImmediateBits(Fmt::kS, true), 0x3F800000u);
  EXPECT_EQ(ImmediateBits(Fmt::kD, false), 0x3FE0000000000000u);
  EXPECT_EQ(ImmediateBits(Fmt::kD, true), 0x3FF0000000000000u);
}

TEST(VfaddVectorHelpersTest, ElementActiveUsesOnlyBitEsizeOver8) {
  // Section 6.0: element e is active iff predicate bit e*(esize/8) is set.
  // VL=128 S, pg = 0x0F1E: nibble e (bits 4e+3..4e) = E,1,F,0 -> bit 4e = 0,1,1,0.
  Case c = Vec(Op::kFadd, Fmt::kS, 128, 0, PgRaw(128, {0x0F1E}), Zb(Fmt::kS, 128, {}),
               Zb(Fmt::kS, 128, {}));
  EXPECT_FALSE(ElementActive(c, 0));
  EXPECT_TRUE(ElementActive(c, 1));
  EXPECT_TRUE(ElementActive(c, 2));
  EXPECT_FALSE(ElementActive(c, 3));
  EXPECT_EQ(Elements(c), 4);
  // VL=2048 D: element 8 is governed by bit 64 (word 1, bit 0), element 31 by bit 248.
  Case d = Vec(Op::kFadd, Fmt::kD, 2048, 0, PgRaw(2048, {0, 1, 0, uint64_t{1} << 56}),
               Zb(Fmt::kD, 2048, {}), Zb(Fmt::kD, 2048, {}));
  for (int e = 0; e < 32; ++e) EXPECT_EQ(ElementActive(d, e), e == 8 || e == 31) << e;
  EXPECT_EQ(Elements(d), 32);
  // Unpredicated forms: every element is active.
  Case u = Unpred(Op::kFaddU, Fmt::kH, 128, 0, Zb(Fmt::kH, 128, {}), Zb(Fmt::kH, 128, {}));
  for (int e = 0; e < 8; ++e) EXPECT_TRUE(ElementActive(u, e)) << e;
}

// =============================================================================================
// The format and op tables (fp.h, vector.h) against the encodings and the ISA.

TEST(VfaddTraitsTest, FormatList) {
  // The SVE size field: 01 H, 10 S, 11 D; 00 is no FP format of the family (section 7).
  ASSERT_EQ(kNumFmts, 3);
  EXPECT_EQ(kAllFmts[0], Fmt::kH);
  EXPECT_EQ(kAllFmts[1], Fmt::kS);
  EXPECT_EQ(kAllFmts[2], Fmt::kD);
  EXPECT_EQ(FmtIndex(Fmt::kH), 0);
  EXPECT_EQ(FmtIndex(Fmt::kS), 1);
  EXPECT_EQ(FmtIndex(Fmt::kD), 2);
  EXPECT_FALSE(IsValidFmtCode(0));
  EXPECT_TRUE(IsValidFmtCode(1));
  EXPECT_TRUE(IsValidFmtCode(2));
  EXPECT_TRUE(IsValidFmtCode(3));
  EXPECT_FALSE(IsValidFmtCode(4));
  EXPECT_FALSE(IsValidFmtCode(-1));
  EXPECT_FALSE(IsValidFmtCode(255));
  // Widths in list order: 16, 32, 64.
  for (int i = 0; i < kNumFmts; ++i) EXPECT_EQ(fp_width(kAllFmts[i]), 16 << i) << i;
}

TEST(VfaddTraitsTest, OpList) {
  // The enum in its declared order, written out: kAllOps must be exactly this.
  const Op want[] = {Op::kFadd,  Op::kFaddU,  Op::kFaddI, Op::kFsub,  Op::kFsubU, Op::kFsubI,
                     Op::kFsubr, Op::kFsubrI, Op::kFaddp, Op::kFadda, Op::kFaddv};
  ASSERT_EQ(kNumOps, 11);
  ASSERT_EQ(sizeof(want) / sizeof(want[0]), size_t{kNumOps});
  bool seen[kNumOps] = {};
  for (int i = 0; i < kNumOps; ++i) {
    EXPECT_EQ(kAllOps[i], want[i]) << i;
    const int code = static_cast<int>(kAllOps[i]);
    ASSERT_TRUE(code >= 0 && code < kNumOps) << i;
    EXPECT_FALSE(seen[code]) << "op code " << code << " listed twice";
    seen[code] = true;
    EXPECT_EQ(code, i);
  }
  EXPECT_TRUE(IsValidOpCode(0));
  EXPECT_TRUE(IsValidOpCode(10));
  EXPECT_FALSE(IsValidOpCode(11));
  EXPECT_FALSE(IsValidOpCode(15));
  EXPECT_FALSE(IsValidOpCode(-1));
}

TEST(VfaddTraitsTest, OpTraitsMatchTheIsa) {
  // The trace names of docs/trace-format.md, in the enum's order. The rest follows from the form
  // each name spells (section 7): the mnemonic is the name before '_'; "_u" is the unpredicated
  // form (no Pg), "_i" the immediate form (#imm for Zm); FSUB and FSUBR are FPSub; FADDP is the
  // pairwise form; FADDA and FADDV reduce to a scalar.
  const std::pair<Op, std::string> names[] = {
      {Op::kFadd, "fadd"},   {Op::kFaddU, "fadd_u"},   {Op::kFaddI, "fadd_i"},
      {Op::kFsub, "fsub"},   {Op::kFsubU, "fsub_u"},   {Op::kFsubI, "fsub_i"},
      {Op::kFsubr, "fsubr"}, {Op::kFsubrI, "fsubr_i"}, {Op::kFaddp, "faddp"},
      {Op::kFadda, "fadda"}, {Op::kFaddv, "faddv"}};
  ASSERT_EQ(sizeof(names) / sizeof(names[0]), size_t{kNumOps});
  for (const auto& [op, name] : names) {
    const std::string mnemonic = name.substr(0, name.find('_'));
    const bool predicated = name.size() < 2 || name.substr(name.size() - 2) != "_u";
    const bool immediate = name.size() >= 2 && name.substr(name.size() - 2) == "_i";
    const bool subtract = mnemonic == "fsub" || mnemonic == "fsubr";
    const bool reduction = mnemonic == "fadda" || mnemonic == "faddv";
    const OpTraits& t = Traits(op);
    EXPECT_EQ(t.op, op) << name;
    EXPECT_EQ(t.name, name);
    EXPECT_EQ(t.mnemonic, mnemonic) << name;
    EXPECT_EQ(t.predicated, predicated) << name;
    EXPECT_EQ(t.immediate, immediate) << name;
    EXPECT_EQ(t.subtract, subtract) << name;
    EXPECT_EQ(t.pairwise, mnemonic == "faddp") << name;
    EXPECT_EQ(t.reduction, reduction) << name;
    // The older accessors read the same table.
    EXPECT_EQ(OpName(op), name);
    EXPECT_EQ(IsPredicated(op), predicated) << name;
    EXPECT_EQ(IsImmediate(op), immediate) << name;
    EXPECT_EQ(IsScalarResult(op), reduction) << name;
    Op parsed = Op::kFaddv;
    EXPECT_TRUE(ParseOp(name, &parsed)) << name;
    EXPECT_EQ(parsed, op) << name;
  }
  Op unused;
  EXPECT_FALSE(ParseOp("fadd_v", &unused));
  EXPECT_FALSE(ParseOp("FADD", &unused));
  EXPECT_FALSE(ParseOp("", &unused));
}

// =============================================================================================
// FADD (vectors, predicated), section 6.1

TEST(VfaddFaddTest, AllActiveS) {
  // Zdn + Zm lane by lane, all exact: 1+2 = 3, 2+0.5 = 2.5, 3+3 = 6, 0.5+0.5 = 1.
  const Case c = Vec(Op::kFadd, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128),
                     Zv(Fmt::kS, 128, {1, 2, 3, 0.5}), Zv(Fmt::kS, 128, {2, 0.5, 3, 0.5}));
  EXPECT_TRUE(ZIs(c, Zv(Fmt::kS, 128, {3, 2.5, 6, 1}), 0));
}

TEST(VfaddFaddTest, AllActiveH) {
  // 1+2 = 3, 2+0.5 = 2.5, 3+3 = 6, 0.5+0.5 = 1, -1+1 = exact zero -> +0 (RN, section 4 step 6),
  // -2+0.5 = -1.5, 0.25+0.25 = 0.5, 4+(-3) = 1.
  const Case c = Vec(Op::kFadd, Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128),
                     Zv(Fmt::kH, 128, {1, 2, 3, 0.5, -1, -2, 0.25, 4}),
                     Zv(Fmt::kH, 128, {2, 0.5, 3, 0.5, 1, 0.5, 0.25, -3}));
  EXPECT_TRUE(ZIs(c, Zv(Fmt::kH, 128, {3, 2.5, 6, 1, 0, -1.5, 0.5, 1}), 0));
}

TEST(VfaddFaddTest, AllActiveD) {
  // 1+2 = 3, 2+0.5 = 2.5, -0.5+0.5 = exact zero -> +0 (RN), 3+(-1) = 2.
  const Case c = Vec(Op::kFadd, Fmt::kD, 256, kRN, PgAll(Fmt::kD, 256),
                     Zv(Fmt::kD, 256, {1, 2, -0.5, 3}), Zv(Fmt::kD, 256, {2, 0.5, 0.5, -1}));
  EXPECT_TRUE(ZIs(c, Zv(Fmt::kD, 256, {3, 2.5, 0, 2}), 0));
}

TEST(VfaddFaddTest, InactiveLanesKeepZdn) {
  // S: lanes 0 and 2 active: 1+10 = 11, 3+30 = 33; lanes 1 and 3 keep Zdn (2, 4), not Zm.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, Pg(Fmt::kS, 128, {0, 2}),
                      Zv(Fmt::kS, 128, {1, 2, 3, 4}), Zv(Fmt::kS, 128, {10, 20, 30, 40})),
                  Zv(Fmt::kS, 128, {11, 2, 33, 4}), 0));
  // H: odd lanes active, Zm = 0.5: 2.5, 4.5, 6.5, 8.5 in lanes 1,3,5,7; even lanes keep 1,3,5,7.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {1, 3, 5, 7}),
                      Zv(Fmt::kH, 128, {1, 2, 3, 4, 5, 6, 7, 8}),
                      Zv(Fmt::kH, 128, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5})),
                  Zv(Fmt::kH, 128, {1, 2.5, 3, 4.5, 5, 6.5, 7, 8.5}), 0));
  // D: only lane 3 active: 4+1 = 5; lanes 0..2 keep 1, 2, 3.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kD, 256, kRN, Pg(Fmt::kD, 256, {3}),
                      Zv(Fmt::kD, 256, {1, 2, 3, 4}), Zv(Fmt::kD, 256, {1, 1, 1, 1})),
                  Zv(Fmt::kD, 256, {1, 2, 3, 5}), 0));
  // No lane active: the destination is Zdn unchanged.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, PgNone(128), Zv(Fmt::kS, 128, {1, 2, 3, 4}),
                      Zv(Fmt::kS, 128, {10, 20, 30, 40})),
                  Zv(Fmt::kS, 128, {1, 2, 3, 4}), 0));
}

TEST(VfaddFaddTest, InactiveSNaNAndDenormalRaiseNoFlags) {
  // S, FZ=1. Zdn = {1, sNaN 0x7F800001, 2, denormal 0x00000001}, Zm = {1, denormal 0x00000002,
  // 1, sNaN 0xFF800005}. Lanes 1 and 3 (the ones holding sNaNs and denormals) are inactive:
  // they keep Zdn bit for bit and perform no FP operation, so no IOC and no IDC (section 6.0).
  // Lanes 0 and 2: 1+1 = 2, 2+1 = 3.
  const Bits zdn = Zb(Fmt::kS, 128, {kS.V(1), kS.SNaN(1), kS.V(2), kS.MinSub()});
  const Bits zm = Zb(Fmt::kS, 128, {kS.V(1), 0x00000002, kS.V(1), kS.SNaN(5, true)});
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {0, 2}), zdn, zm),
                  Zb(Fmt::kS, 128, {kS.V(2), kS.SNaN(1), kS.V(3), kS.MinSub()}), 0));
  // Control, all lanes active with the same data: lane 1: Zm's denormal is flushed with IDC in
  // unpack (AH=0: even beside a NaN, section 2), then sNaN(op1) is quieted -> 0x7FC00001, IOC;
  // lane 3: Zdn's denormal flushed (IDC), Zm's sNaN quieted -> 0xFFC00005, IOC.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kFz, PgAll(Fmt::kS, 128), zdn, zm),
                  Zb(Fmt::kS, 128, {kS.V(2), 0x7FC00001, kS.V(3), 0xFFC00005}), kIOC | kIDC));
  // H, FZ16=1: lanes 1 (sNaN 0x7D01) and 2 (denormal 0x0001) inactive -> kept, no flags;
  // lane 0: 1+1 = 2; lane 3: 0.5+0.5 = 1.
  const Bits hdn = Zb(Fmt::kH, 128, {kH.V(1), 0x7D01, 0x0001, kH.V(0.5)});
  const Bits hm = Zb(Fmt::kH, 128, {kH.V(1), kH.V(1), kH.V(1), kH.V(0.5)});
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kH, 128, kFz16, Pg(Fmt::kH, 128, {0, 3}), hdn, hm),
                  Zb(Fmt::kH, 128, {kH.V(2), 0x7D01, 0x0001, kH.V(1)}), 0));
  // Control: lane 1: sNaN 0x7D01 + 1 -> 0x7F01, IOC ([EMP]); lane 2: the FP16 denormal is
  // flushed by FZ16 without IDC (section 2): +0 + 1 = 1 exactly, no flag. Lanes 4..7: +0 + +0.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kH, 128, kFz16, PgAll(Fmt::kH, 128), hdn, hm),
                  Zb(Fmt::kH, 128, {kH.V(2), 0x7F01, kH.V(1), kH.V(1)}), kIOC));
}

TEST(VfaddFaddTest, FlagsAreOredOverActiveLanesOnly) {
  // S, FZ=1, RN. lane 0: Max + Max overflows -> +inf, OFC|IXC (section 5.3);
  // lane 1: 1 + 2^-24 is a tie between 1 and 1+2^-23 -> even 1.0, IXC ([EMP] section 5.4);
  // lane 2: 1 + sNaN 0x7F800002 -> 0x7FC00002, IOC;
  // lane 3: 0x00C00000 + 0x80800000 = 0.5*2^-126, tiny -> flushed to +0, UFC ([EMP] 5.4).
  const Bits zdn = Zb(Fmt::kS, 128, {kS.Max(), kS.V(1), kS.V(1), 0x00C00000});
  const Bits zm = Zb(Fmt::kS, 128, {kS.Max(), kS.V(std::ldexp(1.0, -24)), kS.SNaN(2), 0x80800000});
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kFz, PgAll(Fmt::kS, 128), zdn, zm),
                  Zb(Fmt::kS, 128, {kS.Inf(), kS.V(1), 0x7FC00002, 0}), kOFC | kIXC | kIOC | kUFC));
  // Only lanes 1 and 3 active: IXC | UFC; lanes 0 and 2 keep Max and 1.0.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {1, 3}), zdn, zm),
                  Zb(Fmt::kS, 128, {kS.Max(), kS.V(1), kS.V(1), 0}), kIXC | kUFC));
  // Only lane 2 active: IOC alone.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {2}), zdn, zm),
                  Zb(Fmt::kS, 128, {kS.Max(), kS.V(1), 0x7FC00002, 0x00C00000}), kIOC));
}

TEST(VfaddFaddTest, NaNSelectionZdnIsOp1) {
  // Section 3, op1 = Zdn. lane 0: qNaN(a) + qNaN(b) -> a; lane 1: qNaN 0x7FC0000A + sNaN
  // 0xFF80000B -> 0xFFC0000B, IOC ([EMP]); lane 2: 0xFFC0000A + 0x7FC0000B -> 0xFFC0000A
  // ([EMP]); lane 3: 1 + qNaN(b) -> b unchanged.
  const Bits zdn = Zb(Fmt::kS, 128, {0x7FC0000A, 0x7FC0000A, 0xFFC0000A, kS.V(1)});
  const Bits zm = Zb(Fmt::kS, 128, {0x7FC0000B, 0xFF80000B, 0x7FC0000B, 0x7FC0000B});
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), zdn, zm),
                  Zb(Fmt::kS, 128, {0x7FC0000A, 0xFFC0000B, 0xFFC0000A, 0x7FC0000B}), kIOC));
  // DN=1: every NaN result is the default NaN 0x7FC00000; the sNaN still raises IOC.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kDn, PgAll(Fmt::kS, 128), zdn, zm),
                  Zb(Fmt::kS, 128, {kS.DNaN(), kS.DNaN(), kS.DNaN(), kS.DNaN()}), kIOC));
  // H and D: qNaN(a) + qNaN(b) -> a in lane 0, 1 + sNaN -> quieted sNaN with IOC in lane 1.
  EXPECT_TRUE(
      ZIs(Vec(Op::kFadd, Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {0, 1}),
              Zb(Fmt::kH, 128, {kH.QNaN(1), kH.V(1)}), Zb(Fmt::kH, 128, {kH.QNaN(2), kH.SNaN(3)})),
          Zb(Fmt::kH, 128, {kH.QNaN(1), kH.QNaN(3)}), kIOC));
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128),
                      Zb(Fmt::kD, 128, {kD.QNaN(1, true), kD.V(1)}),
                      Zb(Fmt::kD, 128, {kD.QNaN(2), kD.SNaN(3)})),
                  Zb(Fmt::kD, 128, {kD.QNaN(1, true), kD.QNaN(3)}), kIOC));
}

TEST(VfaddFaddTest, RoundingModeAppliesToEveryLane) {
  // S. lane 0: 1 + 2^-24 (half an ulp of 1); lane 1: -1 + -2^-24; lane 2: 1 + -1; lane 3: 1 + 1.
  const double h = std::ldexp(1.0, -24), u = std::ldexp(1.0, -23);
  const Bits zdn = Zv(Fmt::kS, 128, {1, -1, 1, 1});
  const Bits zm = Zv(Fmt::kS, 128, {h, -h, -1, 1});
  // RP: 1+u (up), -1 (toward +inf), exact zero +0, 2; IXC.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRP, PgAll(Fmt::kS, 128), zdn, zm),
                  Zv(Fmt::kS, 128, {1 + u, -1, 0, 2}), kIXC));
  // RM: 1, -(1+u), exact zero -0 (section 4 step 6), 2; IXC.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRM, PgAll(Fmt::kS, 128), zdn, zm),
                  Zv(Fmt::kS, 128, {1, -(1 + u), -0.0, 2}), kIXC));
  // RZ: 1, -1, +0, 2; IXC.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRZ, PgAll(Fmt::kS, 128), zdn, zm),
                  Zv(Fmt::kS, 128, {1, -1, 0, 2}), kIXC));
}

TEST(VfaddFaddTest, NonCanonicalPredicates) {
  // Section 6.0: only bit e*esize/8 governs element e; other bits are ignored.
  // S, VL=128 (bit 4e). Zdn = {1, 2, 3, sNaN}, Zm = 1.
  const Bits zdn = Zb(Fmt::kS, 128, {kS.V(1), kS.V(2), kS.V(3), kS.SNaN(7)});
  const Bits zm = Zv(Fmt::kS, 128, {1, 1, 1, 1});
  // pg = 0xEEEE: every non-governing bit set, no governing bit -> no lane active: Zdn unchanged,
  // and the sNaN in lane 3 raises nothing.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, PgRaw(128, {0xEEEE}), zdn, zm), zdn, 0));
  // pg = 0x0F1E: governing bits (0,4,8,12) = 0,1,1,0 -> lanes 1, 2 active: 3, 4; lanes 0, 3 keep
  // 1 and the sNaN; identical to the canonical 0x0110.
  const Bits want = Zb(Fmt::kS, 128, {kS.V(1), kS.V(3), kS.V(4), kS.SNaN(7)});
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, PgRaw(128, {0x0F1E}), zdn, zm), want, 0));
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, PgRaw(128, {0x0110}), zdn, zm), want, 0));
  // pg = 0x1111 (canonical all) and 0xFFFF (all bits): every lane, lane 3 sNaN -> IOC.
  const Bits all = Zb(Fmt::kS, 128, {kS.V(2), kS.V(3), kS.V(4), kS.Quiet(kS.SNaN(7))});
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, PgRaw(128, {0x1111}), zdn, zm), all, kIOC));
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 128, kRN, PgRaw(128, {0xFFFF}), zdn, zm), all, kIOC));

  // H, VL=128 (bit 2e). Zdn = e+1 (1..8), Zm = 0.5.
  const Bits hdn = Zv(Fmt::kH, 128, {1, 2, 3, 4, 5, 6, 7, 8});
  const Bits hm = Zv(Fmt::kH, 128, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5});
  // 0xAAAA: only odd bits -> nothing active.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kH, 128, kRN, PgRaw(128, {0xAAAA}), hdn, hm), hdn, 0));
  // 0x6E93 = 0110 1110 1001 0011: even bits 0,2,4,...,14 = 1,0,1,0,0,1,0,1 -> lanes 0,2,5,7:
  // 1.5, 3.5, 6.5, 8.5; lanes 1,3,4,6 keep 2, 4, 5, 7.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kH, 128, kRN, PgRaw(128, {0x6E93}), hdn, hm),
                  Zv(Fmt::kH, 128, {1.5, 2, 3.5, 4, 5, 6.5, 7, 8.5}), 0));

  // D, VL=128 (bits 0 and 8). Zdn = {1, 2}, Zm = {0.5, 0.5}.
  const Bits ddn = Zv(Fmt::kD, 128, {1, 2}), dm = Zv(Fmt::kD, 128, {0.5, 0.5});
  // 0xFEFE: bits 0 and 8 clear -> nothing active.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kD, 128, kRN, PgRaw(128, {0xFEFE}), ddn, dm), ddn, 0));
  // 0x01FE: bit 0 = 0, bit 8 = 1 -> lane 1 only: {1, 2.5}.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kD, 128, kRN, PgRaw(128, {0x01FE}), ddn, dm),
                  Zv(Fmt::kD, 128, {1, 2.5}), 0));
  // 0xFE01: bit 0 = 1, bit 8 = 0 -> lane 0 only: {1.5, 2}.
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kD, 128, kRN, PgRaw(128, {0xFE01}), ddn, dm),
                  Zv(Fmt::kD, 128, {1.5, 2}), 0));
}

TEST(VfaddFaddTest, PredicateWordBoundariesAtVl2048) {
  // VL=2048: the predicate is 256 bits = 4 words; Zdn element e = e, Zm = 0.5. Every
  // non-governing bit is set (junk); the governing bits set are those of the element that sits
  // at bit 64 (the first bit of word 1) and of the last element.
  //   D: bit 8e; e8 -> bit 64; e31 -> bit 248 = word 3 bit 56. Junk 0xFE in each byte.
  //   S: bit 4e; e16 -> bit 64; e63 -> bit 252 = word 3 bit 60. Junk 0xE in each nibble.
  //   H: bit 2e; e32 -> bit 64; e127 -> bit 254 = word 3 bit 62. Junk 0b10 in each pair.
  // Result: those two elements become e + 0.5, every other element keeps e.
  struct Row {
    Fmt f;
    uint64_t junk;
    int first, last;
  };
  for (const Row& r :
       {Row{Fmt::kD, 0xFEFEFEFEFEFEFEFE, 8, 31}, Row{Fmt::kS, 0xEEEEEEEEEEEEEEEE, 16, 63},
        Row{Fmt::kH, 0xAAAAAAAAAAAAAAAA, 32, 127}}) {
    const Fx& x = X(r.f);
    const int last_bit = r.last * x.w / 8 - 192;
    const Bits pg = PgRaw(2048, {r.junk, r.junk | 1, r.junk, r.junk | uint64_t{1} << last_bit});
    const Bits zdn = Zfn(r.f, 2048, [&](int e) { return x.V(e); });
    const Bits zm = Zfn(r.f, 2048, [&](int) { return x.V(0.5); });
    const Bits want =
        Zfn(r.f, 2048, [&](int e) { return x.V(e == r.first || e == r.last ? e + 0.5 : e); });
    EXPECT_TRUE(ZIs(Vec(Op::kFadd, r.f, 2048, kRN, pg, zdn, zm), want, 0)) << FmtLetter(r.f);
  }
}

TEST(VfaddFaddTest, NonPowerOfTwoVl384) {
  // VL=384 S: 12 elements, predicate 48 bits; even lanes active. Zdn = e, Zm = 0.25:
  // even e -> e + 0.25, odd e keep e.
  std::vector<int> even;
  for (int e = 0; e < 12; e += 2) even.push_back(e);
  const Bits zdn = Zfn(Fmt::kS, 384, [](int e) { return kS.V(e); });
  const Bits zm = Zfn(Fmt::kS, 384, [](int) { return kS.V(0.25); });
  EXPECT_TRUE(ZIs(Vec(Op::kFadd, Fmt::kS, 384, kRN, Pg(Fmt::kS, 384, even), zdn, zm),
                  Zfn(Fmt::kS, 384, [](int e) { return kS.V(e % 2 ? e : e + 0.25); }), 0));
}

// =============================================================================================
// FADD / FSUB (vectors, unpredicated), sections 6.2 and 6.4

TEST(VfaddUnpredicatedTest, FaddUComputesEveryLane) {
  // S VL=256: Zn = 1..8, Zm = 0.5 -> 1.5 .. 8.5 in every lane (no predicate at all).
  EXPECT_TRUE(ZIs(Unpred(Op::kFaddU, Fmt::kS, 256, kRN, Zv(Fmt::kS, 256, {1, 2, 3, 4, 5, 6, 7, 8}),
                         Zfn(Fmt::kS, 256, [](int) { return kS.V(0.5); })),
                  Zv(Fmt::kS, 256, {1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5}), 0));
  // H VL=128: Zn = {1, 2, 3, 0.5, -1, -2, 0.25, 4}, Zm = {2, 0.5, 3, 0.5, 1, 0.5, 0.25, -3}
  // -> {3, 2.5, 6, 1, +0, -1.5, 0.5, 1} (as AllActiveH).
  EXPECT_TRUE(
      ZIs(Unpred(Op::kFaddU, Fmt::kH, 128, kRN, Zv(Fmt::kH, 128, {1, 2, 3, 0.5, -1, -2, 0.25, 4}),
                 Zv(Fmt::kH, 128, {2, 0.5, 3, 0.5, 1, 0.5, 0.25, -3})),
          Zv(Fmt::kH, 128, {3, 2.5, 6, 1, 0, -1.5, 0.5, 1}), 0));
  // D VL=128 RM: {1 + -1, 2 + 0.5} = {-0 (exact zero in RM), 2.5}.
  EXPECT_TRUE(ZIs(
      Unpred(Op::kFaddU, Fmt::kD, 128, kRM, Zv(Fmt::kD, 128, {1, 2}), Zv(Fmt::kD, 128, {-1, 0.5})),
      Zv(Fmt::kD, 128, {-0.0, 2.5}), 0));
}

TEST(VfaddUnpredicatedTest, FlagsAndNaNsFromEveryLane) {
  // S VL=128, FZ=1: lane 0: qNaN(a) + qNaN(b) -> a (op1 = Zn); lane 1: 1 + denormal: flushed,
  // IDC, 1 + 0 = 1; lane 2: 1 + 1 = 2; lane 3: sNaN 0x7F800009 + 1 -> 0x7FC00009, IOC.
  EXPECT_TRUE(ZIs(Unpred(Op::kFaddU, Fmt::kS, 128, kFz,
                         Zb(Fmt::kS, 128, {0x7FC0000A, kS.V(1), kS.V(1), kS.SNaN(9)}),
                         Zb(Fmt::kS, 128, {0x7FC0000B, kS.MinSub(), kS.V(1), kS.V(1)})),
                  Zb(Fmt::kS, 128, {0x7FC0000A, kS.V(1), kS.V(2), 0x7FC00009}), kIOC | kIDC));
  // FSUB unpredicated: op1 = Zn as well: qNaN(a) - qNaN(b) -> a.
  EXPECT_TRUE(ZIs(Unpred(Op::kFsubU, Fmt::kS, 128, kRN, Zb(Fmt::kS, 128, {0x7FC0000A}),
                         Zb(Fmt::kS, 128, {0x7FC0000B})),
                  Zb(Fmt::kS, 128, {0x7FC0000A}), 0));
}

TEST(VfaddUnpredicatedTest, FsubUComputesEveryLane) {
  // S: Zn - Zm = {3-1, 1-3, 0.5-0.5, -0-(+0)} = {2, -2, +0 (exact zero, RN), -0 (zero-zero with
  // different signs gives op1's zero, section 4)}.
  EXPECT_TRUE(ZIs(Unpred(Op::kFsubU, Fmt::kS, 128, kRN, Zv(Fmt::kS, 128, {3, 1, 0.5, -0.0}),
                         Zv(Fmt::kS, 128, {1, 3, 0.5, 0})),
                  Zv(Fmt::kS, 128, {2, -2, 0, -0.0}), 0));
  // H: {3-1, 1-3, 0.25-0.5, 2-(-2), 1-1, -0-(-0), 4-0.5, 0.5-4} = {2, -2, -0.25, 4, +0,
  // +0 (RN: -0 - -0 = +0, section 4 table), 3.5, -3.5}.
  EXPECT_TRUE(
      ZIs(Unpred(Op::kFsubU, Fmt::kH, 128, kRN, Zv(Fmt::kH, 128, {3, 1, 0.25, 2, 1, -0.0, 4, 0.5}),
                 Zv(Fmt::kH, 128, {1, 3, 0.5, -2, 1, -0.0, 0.5, 4})),
          Zv(Fmt::kH, 128, {2, -2, -0.25, 4, 0, 0, 3.5, -3.5}), 0));
  // D: {3-1, 1-3} = {2, -2}.
  EXPECT_TRUE(
      ZIs(Unpred(Op::kFsubU, Fmt::kD, 128, kRN, Zv(Fmt::kD, 128, {3, 1}), Zv(Fmt::kD, 128, {1, 3})),
          Zv(Fmt::kD, 128, {2, -2}), 0));
}

// =============================================================================================
// Immediate forms, sections 6.3 and 6.4

TEST(VfaddImmediateTest, ImmediateEncodingsReachTheResult) {
  // +0 + imm = imm exactly (a non-zero exact sum), so the result bits are the section 6.3 table.
  struct Row {
    Fmt f;
    bool one;
    uint64_t bits;
  };
  for (const Row& r :
       {Row{Fmt::kH, false, 0x3800}, Row{Fmt::kH, true, 0x3C00}, Row{Fmt::kS, false, 0x3F000000},
        Row{Fmt::kS, true, 0x3F800000}, Row{Fmt::kD, false, 0x3FE0000000000000},
        Row{Fmt::kD, true, 0x3FF0000000000000}}) {
    EXPECT_TRUE(ZIs(Imm(Op::kFaddI, r.f, 128, kRN, PgAll(r.f, 128), Zb(r.f, 128, {}), r.one),
                    Zfn(r.f, 128, [&](int) { return r.bits; }), 0))
        << FmtLetter(r.f) << (r.one ? " #1.0" : " #0.5");
  }
}

TEST(VfaddImmediateTest, FaddImmediate) {
  // S: Zdn = {2, 1, -0.5, 3}. #0.5: {2.5 ([EMP] 2+0.5), 1.5, +0 (exact zero RN), 3.5};
  // #1.0: {3 ([EMP] 2+1), 2, 0.5, 4}.
  const Bits s = Zv(Fmt::kS, 128, {2, 1, -0.5, 3});
  EXPECT_TRUE(ZIs(Imm(Op::kFaddI, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), s, false),
                  Zv(Fmt::kS, 128, {2.5, 1.5, 0, 3.5}), 0));
  EXPECT_TRUE(ZIs(Imm(Op::kFaddI, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), s, true),
                  Zv(Fmt::kS, 128, {3, 2, 0.5, 4}), 0));
  // RM: -0.5 + 0.5 is an exact zero -> -0 (section 4 step 6); the rest unchanged.
  EXPECT_TRUE(ZIs(Imm(Op::kFaddI, Fmt::kS, 128, kRM, PgAll(Fmt::kS, 128), s, false),
                  Zv(Fmt::kS, 128, {2.5, 1.5, -0.0, 3.5}), 0));
  // H: Zdn = {1, 2, -0.5, 3, -1, 0.25, 1024, -2}.
  // #1.0: {2 = 0x4000 ([EMP]), 3, 0.5, 4, +0, 1.25, 1025 (exact: < 2048), -1}.
  // #0.5: {1.5, 2.5, +0, 3.5, -0.5, 0.75, 1024.5 -> tie between 1024 (even) and 1025 -> 1024,
  //        IXC, -1.5}.
  const Bits h = Zv(Fmt::kH, 128, {1, 2, -0.5, 3, -1, 0.25, 1024, -2});
  EXPECT_TRUE(ZIs(Imm(Op::kFaddI, Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128), h, true),
                  Zv(Fmt::kH, 128, {2, 3, 0.5, 4, 0, 1.25, 1025, -1}), 0));
  EXPECT_TRUE(ZIs(Imm(Op::kFaddI, Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128), h, false),
                  Zv(Fmt::kH, 128, {1.5, 2.5, 0, 3.5, -0.5, 0.75, 1024, -1.5}), kIXC));
  // D: Zdn = {2, -1}: #0.5 -> {2.5, -0.5}; #1.0 -> {3, +0}.
  const Bits d = Zv(Fmt::kD, 128, {2, -1});
  EXPECT_TRUE(ZIs(Imm(Op::kFaddI, Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), d, false),
                  Zv(Fmt::kD, 128, {2.5, -0.5}), 0));
  EXPECT_TRUE(ZIs(Imm(Op::kFaddI, Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), d, true),
                  Zv(Fmt::kD, 128, {3, 0}), 0));
}

TEST(VfaddImmediateTest, ImmediateMergingAndNaNs) {
  // S FZ=1, lanes 0 and 3 active, #1.0: Zdn = {2, sNaN, denormal, 3} -> {3, sNaN, denormal, 4},
  // inactive lanes untouched and silent.
  const Bits zdn = Zb(Fmt::kS, 128, {kS.V(2), kS.SNaN(3), kS.MinSub(), kS.V(3)});
  for (Op op : {Op::kFaddI, Op::kFsubI, Op::kFsubrI}) {
    // fadd: 2+1 = 3, 3+1 = 4; fsub: 2-1 = 1, 3-1 = 2; fsubr: 1-2 = -1, 1-3 = -2.
    const double l0 = op == Op::kFaddI ? 3 : op == Op::kFsubI ? 1 : -1;
    const double l3 = op == Op::kFaddI ? 4 : op == Op::kFsubI ? 2 : -2;
    EXPECT_TRUE(ZIs(Imm(op, Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {0, 3}), zdn, true),
                    Zb(Fmt::kS, 128, {kS.V(l0), kS.SNaN(3), kS.MinSub(), kS.V(l3)}), 0))
        << OpName(op);
    // Lane 1 active too: sNaN 0x7F800003 (with the immediate, which is never a NaN) ->
    // 0x7FC00003, IOC, whichever operand it is.
    EXPECT_TRUE(ZIs(Imm(op, Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {0, 1, 3}), zdn, true),
                    Zb(Fmt::kS, 128, {kS.V(l0), 0x7FC00003, kS.MinSub(), kS.V(l3)}), kIOC))
        << OpName(op);
  }
  // A qNaN in Zdn passes through bit for bit (sign and payload), no flag, for all three.
  for (Op op : {Op::kFaddI, Op::kFsubI, Op::kFsubrI}) {
    EXPECT_TRUE(ZIs(Imm(op, Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {0}),
                        Zb(Fmt::kH, 128, {kH.QNaN(0x15, true)}), false),
                    Zb(Fmt::kH, 128, {kH.QNaN(0x15, true)}), 0))
        << OpName(op);
  }
}

TEST(VfaddImmediateTest, FsubImmediate) {
  // S: Zdn = {2, 1, 0.5, -1}. #0.5: {1.5, 0.5, +0, -1.5}; #1.0: {1, +0, -0.5, -2}.
  const Bits s = Zv(Fmt::kS, 128, {2, 1, 0.5, -1});
  EXPECT_TRUE(ZIs(Imm(Op::kFsubI, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), s, false),
                  Zv(Fmt::kS, 128, {1.5, 0.5, 0, -1.5}), 0));
  EXPECT_TRUE(ZIs(Imm(Op::kFsubI, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), s, true),
                  Zv(Fmt::kS, 128, {1, 0, -0.5, -2}), 0));
  // RM: 1 - 1 is an exact zero -> -0.
  EXPECT_TRUE(ZIs(Imm(Op::kFsubI, Fmt::kS, 128, kRM, PgAll(Fmt::kS, 128), s, true),
                  Zv(Fmt::kS, 128, {1, -0.0, -0.5, -2}), 0));
  // H: Zdn = {3, 0.5, +inf, -inf, 0.75, 0, -0, 1}, #0.5 -> {2.5, +0, +inf, -inf, 0.25, -0.5,
  // -0.5, 0.5}.
  EXPECT_TRUE(ZIs(Imm(Op::kFsubI, Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128),
                      Zv(Fmt::kH, 128, {3, 0.5, INFINITY, -INFINITY, 0.75, 0, -0.0, 1}), false),
                  Zv(Fmt::kH, 128, {2.5, 0, INFINITY, -INFINITY, 0.25, -0.5, -0.5, 0.5}), 0));
  // D: Zdn = {2, 0.5}, #1.0 -> {1, -0.5}.
  EXPECT_TRUE(
      ZIs(Imm(Op::kFsubI, Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), Zv(Fmt::kD, 128, {2, 0.5}), true),
          Zv(Fmt::kD, 128, {1, -0.5}), 0));
}

TEST(VfaddImmediateTest, FsubrImmediate) {
  // FSUBR #imm computes imm - Zdn (section 6.4). S: Zdn = {2, 1, 0.5, -1}.
  // #1.0: {1-2 = -1 ([EMP]), 1-1 = +0, 1-0.5 = 0.5, 1-(-1) = 2};
  // #0.5: {-1.5, -0.5, +0, 1.5}.
  const Bits s = Zv(Fmt::kS, 128, {2, 1, 0.5, -1});
  EXPECT_TRUE(ZIs(Imm(Op::kFsubrI, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), s, true),
                  Zv(Fmt::kS, 128, {-1, 0, 0.5, 2}), 0));
  EXPECT_TRUE(ZIs(Imm(Op::kFsubrI, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), s, false),
                  Zv(Fmt::kS, 128, {-1.5, -0.5, 0, 1.5}), 0));
  // RM: 1 - 1 -> -0.
  EXPECT_TRUE(ZIs(Imm(Op::kFsubrI, Fmt::kS, 128, kRM, PgAll(Fmt::kS, 128), s, true),
                  Zv(Fmt::kS, 128, {-1, -0.0, 0.5, 2}), 0));
  // H #1.0: Zdn = {2, +inf, -inf, +0, -0, 0.25, 3, 1} -> {-1, -inf, +inf, 1, 1, 0.75, -2, +0}.
  EXPECT_TRUE(ZIs(Imm(Op::kFsubrI, Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128),
                      Zv(Fmt::kH, 128, {2, INFINITY, -INFINITY, 0, -0.0, 0.25, 3, 1}), true),
                  Zv(Fmt::kH, 128, {-1, -INFINITY, INFINITY, 1, 1, 0.75, -2, 0}), 0));
  // D #0.5: Zdn = {2, 0.25} -> {-1.5, 0.25}.
  EXPECT_TRUE(ZIs(
      Imm(Op::kFsubrI, Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), Zv(Fmt::kD, 128, {2, 0.25}), false),
      Zv(Fmt::kD, 128, {-1.5, 0.25}), 0));
}

// =============================================================================================
// FSUB / FSUBR (vectors, predicated), section 6.4

TEST(VfaddFsubTest, PredicatedFsub) {
  // S VL=256, all active: Zdn - Zm =
  //   3-1 = 2; 1-3 = -2; 0.5-0.5 = +0; -0-(+0) = -0 (op1's zero); -0-(-0) = +0 (RN);
  //   +inf-(+inf) invalid -> default NaN, IOC; +inf-(-inf) = +inf; 2-(-1) = 3.
  const Bits zdn = Zv(Fmt::kS, 256, {3, 1, 0.5, -0.0, -0.0, INFINITY, INFINITY, 2});
  const Bits zm = Zv(Fmt::kS, 256, {1, 3, 0.5, 0, -0.0, INFINITY, -INFINITY, -1});
  EXPECT_TRUE(ZIs(
      Vec(Op::kFsub, Fmt::kS, 256, kRN, PgAll(Fmt::kS, 256), zdn, zm),
      Zb(Fmt::kS, 256, {kS.V(2), kS.V(-2), 0, kS.V(-0.0), 0, kS.DNaN(), kS.Inf(), kS.V(3)}), kIOC));
  // Lanes 0 and 7 only: 2 and 3, the others keep Zdn; no IOC.
  EXPECT_TRUE(ZIs(Vec(Op::kFsub, Fmt::kS, 256, kRN, Pg(Fmt::kS, 256, {0, 7}), zdn, zm),
                  Zv(Fmt::kS, 256, {2, 1, 0.5, -0.0, -0.0, INFINITY, INFINITY, 3}), 0));
  // H, lanes 1 and 2: {_, 1-0.25 = 0.75, 4-8 = -4, _}; D all: {0.5-2, 3-0.5} = {-1.5, 2.5}.
  EXPECT_TRUE(ZIs(Vec(Op::kFsub, Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {1, 2}),
                      Zv(Fmt::kH, 128, {9, 1, 4, 9}), Zv(Fmt::kH, 128, {1, 0.25, 8, 1})),
                  Zv(Fmt::kH, 128, {9, 0.75, -4, 9}), 0));
  EXPECT_TRUE(ZIs(Vec(Op::kFsub, Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), Zv(Fmt::kD, 128, {0.5, 3}),
                      Zv(Fmt::kD, 128, {2, 0.5})),
                  Zv(Fmt::kD, 128, {-1.5, 2.5}), 0));
}

TEST(VfaddFsubrTest, PredicatedFsubrIsZmMinusZdn) {
  // [EMP] FSUBR with Zdn = 1, Zm = 3 -> 3 - 1 = 2.
  EXPECT_TRUE(ZIs(Vec(Op::kFsubr, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128),
                      Zv(Fmt::kS, 128, {1, 1, 1, 1}), Zv(Fmt::kS, 128, {3, 3, 3, 3})),
                  Zv(Fmt::kS, 128, {2, 2, 2, 2}), 0));
  // S VL=256, Zm - Zdn:
  //   3-1 = 2; 1-3 = -2; 0.5-0.5 = +0; -0-(+0) = -0; -0-(-0) = +0; +inf-(+inf) -> default NaN,
  //   IOC; +inf-(-inf) = +inf; -1-2 = -3.
  const Bits zdn = Zv(Fmt::kS, 256, {1, 3, 0.5, 0, -0.0, INFINITY, -INFINITY, 2});
  const Bits zm = Zv(Fmt::kS, 256, {3, 1, 0.5, -0.0, -0.0, INFINITY, INFINITY, -1});
  EXPECT_TRUE(
      ZIs(Vec(Op::kFsubr, Fmt::kS, 256, kRN, PgAll(Fmt::kS, 256), zdn, zm),
          Zb(Fmt::kS, 256, {kS.V(2), kS.V(-2), 0, kS.V(-0.0), 0, kS.DNaN(), kS.Inf(), kS.V(-3)}),
          kIOC));
  // Inactive lanes keep Zdn (not Zm): lanes 0 and 7 only -> {2, Zdn1..Zdn6, -3}.
  EXPECT_TRUE(ZIs(Vec(Op::kFsubr, Fmt::kS, 256, kRN, Pg(Fmt::kS, 256, {0, 7}), zdn, zm),
                  Zv(Fmt::kS, 256, {2, 3, 0.5, 0, -0.0, INFINITY, -INFINITY, -3}), 0));
  // H lanes 0, 5: Zm - Zdn = 0.5 - 2 = -1.5, 8 - 0.25 = 7.75; D: {10 - 4, 1 - 1} = {6, +0}.
  EXPECT_TRUE(ZIs(Vec(Op::kFsubr, Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {0, 5}),
                      Zv(Fmt::kH, 128, {2, 1, 1, 1, 1, 0.25, 1, 1}),
                      Zv(Fmt::kH, 128, {0.5, 9, 9, 9, 9, 8, 9, 9})),
                  Zv(Fmt::kH, 128, {-1.5, 1, 1, 1, 1, 7.75, 1, 1}), 0));
  EXPECT_TRUE(ZIs(Vec(Op::kFsubr, Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), Zv(Fmt::kD, 128, {4, 1}),
                      Zv(Fmt::kD, 128, {10, 1})),
                  Zv(Fmt::kD, 128, {6, 0}), 0));
}

TEST(VfaddFsubrTest, FsubrTakesNaNFromZmAsOp1) {
  // Section 3/6.4: FSUB's op1 is Zdn, FSUBR's op1 is Zm. [EMP]: Zdn=qNaN(a), Zm=qNaN(b): FSUB
  // -> a, FSUBR -> b.
  //   lane 0: qNaN(a)=0x7FC0000A, qNaN(b)=0x7FC0000B: FSUB a, FSUBR b.
  //   lane 1: sNaN(a)=0x7F80000A, sNaN(b)=0x7F80000B: FSUB 0x7FC0000A, FSUBR 0x7FC0000B, IOC.
  //   lane 2: sNaN(a) in Zdn, qNaN(b) in Zm: sNaN wins in both -> 0x7FC0000A, IOC.
  //   lane 3: qNaN 0xFFC0000A in Zdn, 1 in Zm: both -> 0xFFC0000A.
  const Bits zdn = Zb(Fmt::kS, 128, {0x7FC0000A, 0x7F80000A, 0x7F80000A, 0xFFC0000A});
  const Bits zm = Zb(Fmt::kS, 128, {0x7FC0000B, 0x7F80000B, 0x7FC0000B, kS.V(1)});
  EXPECT_TRUE(ZIs(Vec(Op::kFsub, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), zdn, zm),
                  Zb(Fmt::kS, 128, {0x7FC0000A, 0x7FC0000A, 0x7FC0000A, 0xFFC0000A}), kIOC));
  EXPECT_TRUE(ZIs(Vec(Op::kFsubr, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), zdn, zm),
                  Zb(Fmt::kS, 128, {0x7FC0000B, 0x7FC0000B, 0x7FC0000A, 0xFFC0000A}), kIOC));
  // Only lane 0 active: no IOC from the sNaNs of lanes 1 and 2.
  EXPECT_TRUE(ZIs(Vec(Op::kFsubr, Fmt::kS, 128, kRN, Pg(Fmt::kS, 128, {0}), zdn, zm),
                  Zb(Fmt::kS, 128, {0x7FC0000B, 0x7F80000A, 0x7F80000A, 0xFFC0000A}), 0));
  // H and D: qNaN(1) in Zdn, qNaN(2) in Zm: FSUB -> qNaN(1), FSUBR -> qNaN(2).
  for (Fmt f : {Fmt::kH, Fmt::kD}) {
    const Fx& x = X(f);
    const Bits a = Zb(f, 128, {x.QNaN(1)}), b = Zb(f, 128, {x.QNaN(2, true)});
    EXPECT_TRUE(ZIs(Vec(Op::kFsub, f, 128, kRN, Pg(f, 128, {0}), a, b), a, 0)) << FmtLetter(f);
    EXPECT_TRUE(ZIs(Vec(Op::kFsubr, f, 128, kRN, Pg(f, 128, {0}), a, b), b, 0)) << FmtLetter(f);
  }
}

// =============================================================================================
// FADDP, section 6.5

TEST(VfaddFaddpTest, DocumentExample) {
  // [EMP] FP32 VL=256, Zdn = i, Zm = 100+i, lanes 2 and 5 inactive:
  //   e0 = Zdn0+Zdn1 = 0+1 = 1;     e1 = Zm0+Zm1 = 100+101 = 201;  e2 inactive: Zdn2 = 2;
  //   e3 = Zm2+Zm3 = 102+103 = 205; e4 = Zdn4+Zdn5 = 4+5 = 9 (Zdn5 read although lane 5 is
  //   inactive); e5 inactive: Zdn5 = 5; e6 = 6+7 = 13; e7 = 106+107 = 213.
  const Bits zdn = Zfn(Fmt::kS, 256, [](int e) { return kS.V(e); });
  const Bits zm = Zfn(Fmt::kS, 256, [](int e) { return kS.V(100 + e); });
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 256, kRN, Pg(Fmt::kS, 256, {0, 1, 3, 4, 6, 7}), zdn, zm),
                  Zv(Fmt::kS, 256, {1, 201, 2, 205, 9, 5, 13, 213}), 0));
  // Same with a non-canonical predicate: the governing bits 0,4,12,16,24,28 plus junk in every
  // other bit (0xEEEEEEEE | those bits = 0xFFEFFEFF).
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 256, kRN, PgRaw(256, {0xFFEFFEFF}), zdn, zm),
                  Zv(Fmt::kS, 256, {1, 201, 2, 205, 9, 5, 13, 213}), 0));
  // All active: e even = Zdn(e)+Zdn(e+1) = 2e+1; e odd = Zm(e-1)+Zm(e) = 199+2e.
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 256, kRN, PgAll(Fmt::kS, 256), zdn, zm),
                  Zv(Fmt::kS, 256, {1, 201, 5, 205, 9, 209, 13, 213}), 0));
}

TEST(VfaddFaddpTest, HalfDoubleAndVl384) {
  // H VL=128, Zdn = e, Zm = 16+e: e even -> 2e+1 (1, 5, 9, 13); e odd -> (16+e-1)+(16+e) =
  // 31+2e (33, 37, 41, 45). Lanes 0 and 7 inactive keep Zdn0 = 0 and Zdn7 = 7.
  const Bits hdn = Zfn(Fmt::kH, 128, [](int e) { return kH.V(e); });
  const Bits hm = Zfn(Fmt::kH, 128, [](int e) { return kH.V(16 + e); });
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {1, 2, 3, 4, 5, 6}), hdn, hm),
                  Zv(Fmt::kH, 128, {0, 33, 5, 37, 9, 41, 13, 7}), 0));
  // D VL=256, Zdn = {0.5, 0.25, 1, 2}, Zm = {10, 20, 30, 40}: {0.75, 30, 3, 70}; with lane 1
  // inactive: {0.75, 0.25, 3, 70}.
  const Bits ddn = Zv(Fmt::kD, 256, {0.5, 0.25, 1, 2}), dm = Zv(Fmt::kD, 256, {10, 20, 30, 40});
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kD, 256, kRN, PgAll(Fmt::kD, 256), ddn, dm),
                  Zv(Fmt::kD, 256, {0.75, 30, 3, 70}), 0));
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kD, 256, kRN, Pg(Fmt::kD, 256, {0, 2, 3}), ddn, dm),
                  Zv(Fmt::kD, 256, {0.75, 0.25, 3, 70}), 0));
  // S VL=384 (12 elements), Zdn = e, Zm = 100+e, all active: 2e+1 / 199+2e as above.
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 384, kRN, PgAll(Fmt::kS, 384),
                      Zfn(Fmt::kS, 384, [](int e) { return kS.V(e); }),
                      Zfn(Fmt::kS, 384, [](int e) { return kS.V(100 + e); })),
                  Zv(Fmt::kS, 384, {1, 201, 5, 205, 9, 209, 13, 213, 17, 217, 21, 221}), 0));
}

TEST(VfaddFaddpTest, LowerLaneIsOp1AndFlagsOnlyFromActiveLanes) {
  // S VL=128: Zdn = {qNaN 0x7FC00001, qNaN 0x7FC00002, 1, sNaN 0x7F800003},
  //           Zm  = {qNaN 0xFFC00004, qNaN 0x7FC00005, sNaN 0xFF800006, qNaN 0x7FC00007}.
  //   e0 = Zdn0 + Zdn1: two qNaNs, op1 = lower lane -> 0x7FC00001;
  //   e1 = Zm0 + Zm1 -> 0xFFC00004;
  //   e2 = Zdn2 + Zdn3 = 1 + sNaN -> 0x7FC00003, IOC;
  //   e3 = Zm2 + Zm3: sNaN beats qNaN -> 0xFFC00006, IOC.
  const Bits zdn = Zb(Fmt::kS, 128, {0x7FC00001, 0x7FC00002, kS.V(1), 0x7F800003});
  const Bits zm = Zb(Fmt::kS, 128, {0xFFC00004, 0x7FC00005, 0xFF800006, 0x7FC00007});
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), zdn, zm),
                  Zb(Fmt::kS, 128, {0x7FC00001, 0xFFC00004, 0x7FC00003, 0xFFC00006}), kIOC));
  // Lanes 2 and 3 inactive: no IOC although their pairs hold sNaNs.
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 128, kRN, Pg(Fmt::kS, 128, {0, 1}), zdn, zm),
                  Zb(Fmt::kS, 128, {0x7FC00001, 0xFFC00004, kS.V(1), 0x7F800003}), 0));
  // FZ=1. Zdn = {1, sNaN 0x7F800008, 2, 3}, Zm = {4, 5, denormal 0x00000001, 6}.
  // Lanes 0 and 3 inactive: e0 = Zdn0 = 1 (its pair Zdn0+Zdn1 would raise IOC); e1 = 4+5 = 9;
  // e2 = 2+3 = 5; e3 = Zdn3 = 3 (its pair Zm2+Zm3 would raise IDC). No flags.
  const Bits fdn = Zb(Fmt::kS, 128, {kS.V(1), kS.SNaN(8), kS.V(2), kS.V(3)});
  const Bits fm = Zb(Fmt::kS, 128, {kS.V(4), kS.V(5), kS.MinSub(), kS.V(6)});
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {1, 2}), fdn, fm),
                  Zv(Fmt::kS, 128, {1, 9, 5, 3}), 0));
  // All active: e0 = 1 + sNaN -> 0x7FC00008, IOC; e3 = flushed denormal (IDC) + 6 = 6.
  EXPECT_TRUE(ZIs(Vec(Op::kFaddp, Fmt::kS, 128, kFz, PgAll(Fmt::kS, 128), fdn, fm),
                  Zb(Fmt::kS, 128, {0x7FC00008, kS.V(9), kS.V(5), kS.V(6)}), kIOC | kIDC));
  // H: Zdn = {1, 2^-11 (half an ulp of 1)}: 1 + 2^-11 is a tie -> 1.0, IXC; RP -> 1 + 2^-10.
  const Bits h = Zv(Fmt::kH, 128, {1, std::ldexp(1.0, -11)});
  EXPECT_TRUE(
      ZIs(Vec(Op::kFaddp, Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {0}), h, Zb(Fmt::kH, 128, {})),
          Zv(Fmt::kH, 128, {1, std::ldexp(1.0, -11)}), kIXC));
  EXPECT_TRUE(
      ZIs(Vec(Op::kFaddp, Fmt::kH, 128, kRP, Pg(Fmt::kH, 128, {0}), h, Zb(Fmt::kH, 128, {})),
          Zv(Fmt::kH, 128, {1 + std::ldexp(1.0, -10), std::ldexp(1.0, -11)}), kIXC));
}

// =============================================================================================
// FADDA, section 6.6

TEST(VfaddFaddaTest, StrictOrderAbsorbsEachElement) {
  // S, acc = 2^24, Zm = {1, 1, 1, 1}. ulp(2^24) = 2, so each step 2^24 + 1 is a tie between 2^24
  // (even) and 2^24+2 -> 2^24, IXC. Result 2^24 = 0x4B800000, IXC. (Summing Zm first, 4, then
  // adding it would give 2^24+4 exactly, no flag.)
  const double p24 = std::ldexp(1.0, 24);
  const Bits ones = Zv(Fmt::kS, 128, {1, 1, 1, 1});
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), kS.V(p24), ones), 0x4B800000, kIXC));
  // RP: each step rounds up: 2^24+1 -> +2, +3 -> +4, +5 -> +6, +7 -> +8: 2^24+8 = 0x4B800004,
  // IXC (the exact sum is 2^24+4).
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kS, 128, kRP, PgAll(Fmt::kS, 128), kS.V(p24), ones), 0x4B800004, kIXC));
  // VL=2048, 64 ones, RN: every one absorbed -> 2^24, IXC (exact sum 2^24+64 is representable).
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 2048, kRN, PgAll(Fmt::kS, 2048), kS.V(p24),
                             Zfn(Fmt::kS, 2048, [](int) { return kS.V(1); })),
                       kS.V(p24), kIXC));
  // H, acc = 2048 (ulp 2), Zm = eight 1.0: each 2048+1 ties to 2048 -> 0x6800, IXC. The result
  // word holds just the 16-bit element (bits above esize zero).
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128), kH.V(2048),
                             Zfn(Fmt::kH, 128, [](int) { return kH.V(1); })),
                       0x6800, kIXC));
  // D, acc = 2^53 (ulp 2), Zm = {1, 1}: 2^53 = 0x4340000000000000, IXC.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), kD.V(std::ldexp(1.0, 53)),
                             Zv(Fmt::kD, 128, {1, 1})),
                       0x4340000000000000, kIXC));
}

TEST(VfaddFaddaTest, StrictOrderCancellation) {
  // [EMP]-style "-1e8 + 1e8 + 1 + ...": S, acc = -1e8, Zm = {1e8, 1, 1, 1}:
  // -1e8 + 1e8 = +0 (exact zero, RN), then 1, 2, 3 -> 3.0, exact, no flags. (A tree over Zm
  // would lose the ones: 1e8+1 -> 1e8 since ulp(1e8) = 8, ... giving +0.)
  EXPECT_TRUE(ScalarIs(
      Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), kS.V(-1e8), Zv(Fmt::kS, 128, {1e8, 1, 1, 1})),
      kS.V(3), 0));
  // S, acc = +0, Zm = {1, 2^25, -2^25, 1}: 0+1 = 1; 1 + 2^25 -> 2^25 (ulp 4), IXC;
  // 2^25 - 2^25 = +0; +0 + 1 = 1. Result 1.0, IXC. (Pairwise: (1+2^25) + (-2^25+1) = +0.)
  const double b = std::ldexp(1.0, 25);
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), 0, Zv(Fmt::kS, 128, {1, b, -b, 1})),
               kS.V(1), kIXC));
  // D VL=256, acc = -2^60, Zm = {2^60, 1, 1, 1} -> 3.0 exact.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kD, 256, kRN, PgAll(Fmt::kD, 256), kD.V(-std::ldexp(1.0, 60)),
                             Zv(Fmt::kD, 256, {std::ldexp(1.0, 60), 1, 1, 1})),
                       kD.V(3), 0));
  // S VL=384 (12 elements), acc = 0.5, Zm = e (0..11): 0.5 + 66 = 66.5, exact.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 384, kRN, PgAll(Fmt::kS, 384), kS.V(0.5),
                             Zfn(Fmt::kS, 384, [](int e) { return kS.V(e); })),
                       kS.V(66.5), 0));
}

TEST(VfaddFaddaTest, AccumulatorIsOp1) {
  // acc = qNaN(a) 0x7FC0000A, Zm0 = qNaN(b) 0x7FC0000B: op1 = acc -> a, and a stays op1.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), 0x7FC0000A,
                             Zb(Fmt::kS, 128, {0x7FC0000B, kS.V(1), 0x7FC0000C, kS.V(2)})),
                       0x7FC0000A, 0));
  // acc = 1, Zm = {qNaN(b), qNaN(c), 1, 1}: e0 gives b, which is op1 against c -> b.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), kS.V(1),
                             Zb(Fmt::kS, 128, {0x7FC0000B, 0x7FC0000C, kS.V(1), kS.V(1)})),
                       0x7FC0000B, 0));
  // acc = qNaN(a), Zm = {1, sNaN 0x7F80000B, qNaN(c), 1}: e0 keeps a; e1: sNaN beats qNaN ->
  // 0x7FC0000B, IOC; e2: that qNaN is op1 -> stays. Result 0x7FC0000B, IOC.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), 0x7FC0000A,
                             Zb(Fmt::kS, 128, {kS.V(1), 0x7F80000B, 0x7FC0000C, kS.V(1)})),
                       0x7FC0000B, kIOC));
  // H: acc = qNaN 0xFE01 (negative), Zm0 = qNaN 0x7E02 -> 0xFE01; D likewise.
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kH, 128, kRN, Pg(Fmt::kH, 128, {0}), 0xFE01, Zb(Fmt::kH, 128, {0x7E02})),
               0xFE01, 0));
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), kD.QNaN(1, true),
                             Zb(Fmt::kD, 128, {kD.QNaN(2), kD.V(1)})),
                       kD.QNaN(1, true), 0));
}

TEST(VfaddFaddaTest, NoActiveElementKeepsScalar) {
  // No active element: no FP operation at all -> the scalar unchanged, no flags, even if the
  // scalar itself is an sNaN and Zm holds sNaNs/denormals (FZ=1).
  const Bits zm = Zb(Fmt::kS, 128, {kS.SNaN(1), kS.MinSub(), kS.Max(), kS.V(1)});
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kFz, PgNone(128), kS.V(1.5), zm), kS.V(1.5), 0));
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kFz, PgNone(128), kS.SNaN(5), zm), kS.SNaN(5), 0));
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kFz, PgNone(128), kS.MinSub(), zm), kS.MinSub(), 0));
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kRM, PgNone(128), kS.V(-0.0), zm), kS.V(-0.0), 0));
  // Only junk predicate bits (0xEEEE) is the same as none.
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kS, 128, kFz, PgRaw(128, {0xEEEE}), kS.V(1.5), zm), kS.V(1.5), 0));
  // H (junk 0xAAAA) and D (junk 0xFEFE).
  EXPECT_TRUE(ScalarIs(
      Fadda(Fmt::kH, 128, kFz16, PgRaw(128, {0xAAAA}), 0x7D01, Zb(Fmt::kH, 128, {0x7D02, 0x0001})),
      0x7D01, 0));
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kD, 128, kFz, PgRaw(128, {0xFEFE}), kD.V(-2),
                             Zb(Fmt::kD, 128, {kD.SNaN(1), kD.MinSub()})),
                       kD.V(-2), 0));
}

TEST(VfaddFaddaTest, InactiveElementsAreSkipped) {
  // S FZ=1, acc = 1, Zm = {1, sNaN, 1, denormal}, lanes 1 and 3 inactive: 1+1+1 = 3, no IOC,
  // no IDC.
  const Bits zm = Zb(Fmt::kS, 128, {kS.V(1), kS.SNaN(1), kS.V(1), kS.MinSub()});
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {0, 2}), kS.V(1), zm), kS.V(3), 0));
  // All active: e1 makes the quiet NaN 0x7FC00001 (IOC) which then absorbs everything; e3's
  // denormal is flushed with IDC even beside the NaN (section 2, AH=0).
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kFz, PgAll(Fmt::kS, 128), kS.V(1), zm), 0x7FC00001,
                       kIOC | kIDC));
  // H, pg = 0x6E93 (lanes 0, 2, 5, 7, see NonCanonicalPredicates), acc = 0, Zm = 2^e:
  // 1 + 4 + 32 + 128 = 165.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kH, 128, kRN, PgRaw(128, {0x6E93}), 0,
                             Zfn(Fmt::kH, 128, [](int e) { return kH.V(std::ldexp(1.0, e)); })),
                       kH.V(165), 0));
}

TEST(VfaddFaddaTest, SignsOfZeroAndFlags) {
  // acc = -0, Zm all -0: -0 + -0 = -0 at each step -> -0 (0x80000000).
  const Bits nz = Zfn(Fmt::kS, 128, [](int) { return kS.V(-0.0); });
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), kS.V(-0.0), nz), 0x80000000, 0));
  // acc = -0, Zm = {+0, ...}: -0 + +0 -> +0 in RN, -0 in RM (section 4 step 6).
  const Bits pz = Zb(Fmt::kS, 128, {});
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), kS.V(-0.0), pz), 0, 0));
  EXPECT_TRUE(
      ScalarIs(Fadda(Fmt::kS, 128, kRM, PgAll(Fmt::kS, 128), kS.V(-0.0), pz), 0x80000000, 0));
  // Flags accumulate over steps: acc = Max, Zm = {Max, 1, -inf, 1}: Max+Max -> +inf, OFC|IXC;
  // +inf + 1 = +inf; +inf + -inf -> default NaN, IOC; NaN + 1 = NaN. 0x7FC00000, IOC|OFC|IXC.
  EXPECT_TRUE(ScalarIs(Fadda(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), kS.Max(),
                             Zb(Fmt::kS, 128, {kS.Max(), kS.V(1), kS.Inf(true), kS.V(1)})),
                       kS.DNaN(), kIOC | kOFC | kIXC));
}

// =============================================================================================
// FADDV, section 6.7

TEST(VfaddFaddvTest, SimpleSums) {
  // VL=128 S: ((1+2)+(3+4)) = 10. H: ((1+2)+(3+4))+((5+6)+(7+8)) = 36. D: 1.5 + 2.25 = 3.75.
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), Zv(Fmt::kS, 128, {1, 2, 3, 4})), kS.V(10), 0));
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128), Zv(Fmt::kH, 128, {1, 2, 3, 4, 5, 6, 7, 8})),
      kH.V(36), 0));
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), Zv(Fmt::kD, 128, {1.5, 2.25})),
                       kD.V(3.75), 0));
  // Inactive lanes are +0 leaves: S {1, 2, 4, 8} with lanes 1, 2 active (pg = 0x0F1E, junk in
  // the other bits) -> (0+2)+(4+0) = 6.
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kS, 128, kRN, PgRaw(128, {0x0F1E}), Zv(Fmt::kS, 128, {1, 2, 4, 8})), kS.V(6), 0));
  // Only junk bits (0xEEEE): no active lane -> +0, no flags.
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kS, 128, kRN, PgRaw(128, {0xEEEE}), Zv(Fmt::kS, 128, {1, 2, 4, 8})), 0, 0));
}

TEST(VfaddFaddvTest, TreeOrderVl128) {
  // S VL=128: Zn = {1, B, -B, 1}, B = 2^25.
  // Tree: (e0+e1) = 1 + B -> B, IXC; (e2+e3) = -B + 1 -> -B (tie, even), IXC; B + -B = +0.
  // Result +0, IXC. (Left to right: 1+B -> B, B-B = 0, 0+1 = 1.)
  const double b = std::ldexp(1.0, 25);
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), Zv(Fmt::kS, 128, {1, b, -b, 1})), 0, kIXC));
  // H VL=128 (8 leaves), B = 2^12: Zn = {B, 0, 0, 1, -B, 1, 0, 0}.
  // R(0,4) = (B+0)+(0+1) = B+1 -> B, IXC; R(4,4) = (-B+1)+(0+0) = -B, IXC; total +0, IXC.
  // (Left to right: B, +1 -> B, -B -> 0, +1 -> 1.)
  const double bh = std::ldexp(1.0, 12);
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128), Zv(Fmt::kH, 128, {bh, 0, 0, 1, -bh, 1, 0, 0})),
      0, kIXC));
}

TEST(VfaddFaddvTest, TreeOrderVl512) {
  // S VL=512 (16 leaves), B = 2^25: e0 = B, e7 = 1, e8 = -B, e9 = 1, others +0.
  // R(0,8) = R(0,4) + R(4,4) = B + 1 -> B, IXC; R(8,8) = ((-B+1)+(0+0)) + 0 = -B, IXC;
  // total +0, IXC. (Left to right: B, +1 -> B, -B -> 0, +1 -> 1.)
  const double b = std::ldexp(1.0, 25);
  std::vector<double> v(16, 0.0);
  v[0] = b, v[7] = 1, v[8] = -b, v[9] = 1;
  EXPECT_TRUE(
      ScalarIs(Faddv(Fmt::kS, 512, kRN, PgAll(Fmt::kS, 512), Zv(Fmt::kS, 512, v)), 0, kIXC));
  // D VL=512 (8 leaves), B = 2^54: e0 = B, e3 = 1, e4 = -B, e5 = 1:
  // R(0,4) = (B+0)+(0+1) -> B; R(4,4) = (-B+1)+(0+0) -> -B; +0, IXC. (Left to right: 1.)
  const double bd = std::ldexp(1.0, 54);
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kD, 512, kRN, PgAll(Fmt::kD, 512), Zv(Fmt::kD, 512, {bd, 0, 0, 1, -bd, 1, 0, 0})),
      0, kIXC));
}

TEST(VfaddFaddvTest, TreeOrderVl384IsPaddedTo512) {
  // S VL=384: 12 elements, CeilPow2 = 512 -> 16 leaves, x[12..15] = +0.
  // e0 = B, e6 = -B, e7 = 1, e8 = 1, others +0 (B = 2^25).
  // R(0,8) = R(0,4) + R(4,4) = B + ((0+0)+(-B+1 -> -B, IXC)) = B + -B = +0.
  // R(8,8) = R(8,4) + R(12,4) = ((1+0)+(0+0)) + (+0 pads) = 1.
  // Result +0 + 1 = 1.0, IXC.
  // (Left to right: B, -B -> 0, +1, +1 -> 2, exact. A 6/6 tree: B + (-B+1+1) = 0 or 2.)
  const double b = std::ldexp(1.0, 25);
  std::vector<double> v(12, 0.0);
  v[0] = b, v[6] = -b, v[7] = 1, v[8] = 1;
  EXPECT_TRUE(
      ScalarIs(Faddv(Fmt::kS, 384, kRN, PgAll(Fmt::kS, 384), Zv(Fmt::kS, 384, v)), kS.V(1), kIXC));
  // H VL=384: 24 elements + 8 pads = 32 leaves, top split at 16 (not at 12). B = 2^12:
  // e11 = 1, e12 = B, e16 = -B, e17 = 1.
  // R(0,16) = R(0,8) + R(8,8); R(8,8) = R(8,4) + R(12,4) = ((0+0)+(0+1)) + ((B+0)+(0+0))
  //   = 1 + B -> B, IXC; so R(0,16) = B.
  // R(16,16) = R(16,8) + R(24,8 pads) = (((-B+1) -> -B, IXC) + 0) + 0 = -B.
  // Result B + -B = +0, IXC.
  // (Left to right: 1 + B -> B, -B -> 0, +1 -> 1. A 12/12 tree: lower e0..e11 = 1, upper
  // holds B, -B, 1 -> 0 or 1, total 1 or 2.)
  const double bh = std::ldexp(1.0, 12);
  std::vector<double> h(24, 0.0);
  h[11] = 1, h[12] = bh, h[16] = -bh, h[17] = 1;
  EXPECT_TRUE(
      ScalarIs(Faddv(Fmt::kH, 384, kRN, PgAll(Fmt::kH, 384), Zv(Fmt::kH, 384, h)), 0, kIXC));
  // D VL=384: 6 elements + 2 pads = 8 leaves. B = 2^54: e2 = 1, e3 = B, e4 = -B, e5 = 1.
  // R(0,4) = (0+0) + (1+B -> B) = B; R(4,4) = (-B+1 -> -B) + (+0 + +0) = -B; +0, IXC.
  // (Left to right: 1. A 3/3 tree: lower 1, upper (B-B)+1 or B+(-B+1) -> total 2 or 1.)
  const double bd = std::ldexp(1.0, 54);
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kD, 384, kRN, PgAll(Fmt::kD, 384), Zv(Fmt::kD, 384, {0, 0, 1, bd, -bd, 1})), 0,
      kIXC));
}

TEST(VfaddFaddvTest, TreeOrderVl640IsPaddedTo1024) {
  // S VL=640: 20 elements, CeilPow2 = 1024 -> 32 leaves, x[20..31] = +0; split at 16.
  // e9 = 1, e10 = B, e16 = -B, e17 = 1 (B = 2^25).
  // R(0,16) = R(0,8) + R(8,8) = 0 + (R(8,4) + R(12,4)) = ((0+1)+(B+0)) + 0 = 1 + B -> B, IXC.
  // R(16,16) = R(16,8) + R(24,8) = (R(16,4) + R(20,4)) + 0 = ((-B+1) -> -B, IXC) + 0 = -B.
  // Result +0, IXC.
  // (Left to right: 1 + B -> B, -B -> 0, +1 -> 1. A 10/10 tree: lower e0..e9 = 1; upper
  // e10..e19 holds B, -B, 1 -> 0 or 1; total 1 or 2.)
  const double b = std::ldexp(1.0, 25);
  std::vector<double> v(20, 0.0);
  v[9] = 1, v[10] = b, v[16] = -b, v[17] = 1;
  EXPECT_TRUE(
      ScalarIs(Faddv(Fmt::kS, 640, kRN, PgAll(Fmt::kS, 640), Zv(Fmt::kS, 640, v)), 0, kIXC));
  // D VL=640: 10 elements + 6 pads = 16 leaves, split at 8. B = 2^54: e4 = 1, e5 = B, e8 = -B,
  // e9 = 1. R(0,8) = 0 + ((1+B -> B) + (0+0)) = B; R(8,8) = ((-B+1) -> -B) + 0 + 0 = -B;
  // +0, IXC. (Left to right: 1. A 5/5 tree: lower 1 + upper 0 or 1.)
  const double bd = std::ldexp(1.0, 54);
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kD, 640, kRN, PgAll(Fmt::kD, 640),
                             Zv(Fmt::kD, 640, {0, 0, 0, 0, 1, bd, 0, 0, -bd, 1})),
                       0, kIXC));
}

TEST(VfaddFaddvTest, TreeOrderVl2048) {
  // S VL=2048 (64 leaves), B = 2^25: e0 = B, e31 = 1, e32 = -B, e33 = 1.
  // R(0,32) = R(0,16) + R(16,16) = B + 1 -> B, IXC; R(32,32) = R(32,16) + R(48,16), R(32,16)
  // starts with (-B+1) -> -B, IXC, then adds +0s: -B. Result +0, IXC.
  // (Left to right: B, +1 -> B, -B -> 0, +1 -> 1.)
  const double b = std::ldexp(1.0, 25);
  std::vector<double> v(64, 0.0);
  v[0] = b, v[31] = 1, v[32] = -b, v[33] = 1;
  EXPECT_TRUE(
      ScalarIs(Faddv(Fmt::kS, 2048, kRN, PgAll(Fmt::kS, 2048), Zv(Fmt::kS, 2048, v)), 0, kIXC));
  // H VL=2048 (128 leaves), B = 2^12: e0 = B, e63 = 1, e64 = -B, e65 = 1: same shape one level
  // up: R(0,64) = B + 1 -> B; R(64,64) begins (-B+1) -> -B; +0, IXC. (Left to right: 1.)
  const double bh = std::ldexp(1.0, 12);
  std::vector<double> h(128, 0.0);
  h[0] = bh, h[63] = 1, h[64] = -bh, h[65] = 1;
  EXPECT_TRUE(
      ScalarIs(Faddv(Fmt::kH, 2048, kRN, PgAll(Fmt::kH, 2048), Zv(Fmt::kH, 2048, h)), 0, kIXC));
  // H VL=2048, e = i (0..127): every tree node is exact: R(lo, n) = n*lo + n(n-1)/2; the larger
  // ones are R(0,64) = 2016 (< 2048, integer), R(64,32) = 2544 and R(96,32) = 3568 (even, in
  // [2048, 4096) where ulp = 2), R(64,64) = 6112 and R(0,128) = 8128 (multiples of 4 in
  // [4096, 8192)). Result 8128 = 0x6FF0, no flags. (Left to right is inexact: 0+..+64 = 2080,
  // +65 = 2145 is odd above 2048 -> IXC.)
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 2048, kRN, PgAll(Fmt::kH, 2048),
                             Zfn(Fmt::kH, 2048, [](int e) { return kH.V(e); })),
                       0x6FF0, 0));
  // Element 64 inactive (its leaf becomes +0): R(64,32) = 2480, R(64,64) = 6048 (a multiple of
  // 4), R(0,128) = 2016 + 6048 = 8064 (a multiple of 4 in [4096, 8192)): exact, 0x6FE0.
  std::vector<int> all_but_64;
  for (int e = 0; e < 128; ++e) {
    if (e != 64) all_but_64.push_back(e);
  }
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 2048, kRN, Pg(Fmt::kH, 2048, all_but_64),
                             Zfn(Fmt::kH, 2048, [](int e) { return kH.V(e); })),
                       0x6FE0, 0));
}

TEST(VfaddFaddvTest, SignOfZero) {
  // All active, all -0, power-of-two VL: every node is -0 + -0 = -0 -> -0.
  for (int vl : {128, 512, 2048}) {
    for (Fmt f : {Fmt::kH, Fmt::kS, Fmt::kD}) {
      const Fx& x = X(f);
      const Bits nz = Zfn(f, vl, [&](int) { return x.Zero(true); });
      for (uint32_t m : {kRN, kRP, kRM, kRZ}) {
        EXPECT_TRUE(ScalarIs(Faddv(f, vl, m, PgAll(f, vl), nz), x.Zero(true), 0))
            << "all -0, VL=" << vl;
      }
    }
  }
  // All active, all -0, VL=384 / 640: the +0 padding leaves meet a -0 partial sum:
  // S 384: R(8,8) = R(8,4) (-0) + R(12,4) (+0) = +0 in RN/RP/RZ, then -0 + +0 = +0 -> +0;
  // in RM every exact zero is -0 -> -0. Likewise H 384 (24 + 8 pads), D 384 (6 + 2), S 640
  // (20 + 12), D 640 (10 + 6), H 640 (40 + 24).
  for (int vl : {384, 640}) {
    for (Fmt f : {Fmt::kH, Fmt::kS, Fmt::kD}) {
      const Fx& x = X(f);
      const Bits nz = Zfn(f, vl, [&](int) { return x.Zero(true); });
      for (uint32_t m : {kRN, kRP, kRZ}) {
        EXPECT_TRUE(ScalarIs(Faddv(f, vl, m, PgAll(f, vl), nz), x.Zero(), 0))
            << "all -0, VL=" << vl;
      }
      EXPECT_TRUE(ScalarIs(Faddv(f, vl, kRM, PgAll(f, vl), nz), x.Zero(true), 0))
          << "all -0 RM, VL=" << vl;
    }
  }
  // All -0 data, one inactive lane (S VL=128, lane 2): leaves {-0, -0, +0, -0}:
  // (-0 + -0) = -0, (+0 + -0) = +0 (RN) -> -0 + +0 = +0. RM: -0 everywhere -> -0.
  const Bits nz = Zfn(Fmt::kS, 128, [](int) { return kS.Zero(true); });
  const Bits pg = Pg(Fmt::kS, 128, {0, 1, 3});
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, pg, nz), 0, 0));
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRM, pg, nz), 0x80000000, 0));
  // H VL=2048 with only lane 127 inactive: same, +0 (RN) / -0 (RM).
  std::vector<int> all_but_127;
  for (int e = 0; e < 127; ++e) all_but_127.push_back(e);
  const Bits hnz = Zfn(Fmt::kH, 2048, [](int) { return kH.Zero(true); });
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 2048, kRN, Pg(Fmt::kH, 2048, all_but_127), hnz), 0, 0));
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 2048, kRM, Pg(Fmt::kH, 2048, all_but_127), hnz), 0x8000, 0));
  // A single active lane holding -0: -0 + +0 leaves -> +0 (RN).
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kD, 256, kRN, Pg(Fmt::kD, 256, {3}),
                             Zfn(Fmt::kD, 256, [](int) { return kD.Zero(true); })),
                       0, 0));
  // No active lane: every leaf is +0 and +0 + +0 = +0 in every mode, whatever the data (-0,
  // sNaN), no flags.
  for (uint32_t m : {kRN, kRP, kRM, kRZ}) {
    EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, m, PgNone(128), nz), 0, 0));
    EXPECT_TRUE(ScalarIs(
        Faddv(Fmt::kS, 384, m | kFz, PgRaw(384, {0xEEEEEEEEEEEE}),
              Zfn(Fmt::kS, 384, [](int e) { return e % 2 ? kS.SNaN(1) : kS.MinSub(true); })),
        0, 0));
    EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 2048, m, PgNone(2048), hnz), 0, 0));
  }
}

TEST(VfaddFaddvTest, NaNSelectionFollowsTheTree) {
  // [EMP] S VL=128, e0..e3 = {1, qNaN(a) 0x7FC0000A, sNaN(b) 0x7F80000B, 1}:
  // (e0+e1) = qNaN(a), no flag; (e2+e3) = sNaN quieted -> 0x7FC0000B, IOC; top node: op1 =
  // lower half = qNaN(a) vs qNaN(b) -> qNaN(a). Result 0x7FC0000A WITH IOC.
  // (Left to right would give (qNaN(a) + sNaN(b)) -> 0x7FC0000B.)
  const Bits zn = Zb(Fmt::kS, 128, {kS.V(1), 0x7FC0000A, 0x7F80000B, kS.V(1)});
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), zn), 0x7FC0000A, kIOC));
  // DN=1: default NaN, IOC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kDn, PgAll(Fmt::kS, 128), zn), kS.DNaN(), kIOC));
  // sNaN inactive (lane 2): (1 + qNaN(a)) + (+0 + 1) -> qNaN(a), no IOC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, Pg(Fmt::kS, 128, {0, 1, 3}), zn), 0x7FC0000A, 0));
  // qNaN and sNaN meeting at the same node: {qNaN(a), sNaN(b), 1, 1} -> sNaN(b) wins there:
  // 0x7FC0000B, IOC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128),
                             Zb(Fmt::kS, 128, {0x7FC0000A, 0x7F80000B, kS.V(1), kS.V(1)})),
                       0x7FC0000B, kIOC));
  // Two qNaNs in different halves: the lower half's wins: {1, qNaN(b), qNaN(a) negative, 1}
  // -> qNaN(b).
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128),
                             Zb(Fmt::kS, 128, {kS.V(1), 0x7FC0000B, 0xFFC0000A, kS.V(1)})),
                       0x7FC0000B, 0));
  // H VL=128: e3 = qNaN 0x7E0A, e4 = sNaN 0x7C0B: R(0,4) -> 0x7E0A; R(4,4) -> 0x7E0B, IOC;
  // top -> 0x7E0A, IOC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128),
                             Zb(Fmt::kH, 128, {0, 0, 0, 0x7E0A, 0x7C0B, 0, 0, 0})),
                       0x7E0A, kIOC));
  // D VL=128: the two elements meet at the only node: qNaN(a) + sNaN(b) -> quieted b, IOC.
  EXPECT_TRUE(ScalarIs(
      Faddv(Fmt::kD, 128, kRN, PgAll(Fmt::kD, 128), Zb(Fmt::kD, 128, {kD.QNaN(0xA), kD.SNaN(0xB)})),
      kD.QNaN(0xB), kIOC));
  // D VL=256: e1 = qNaN(a), e2 = sNaN(b): as the S case -> qNaN(a), IOC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kD, 256, kRN, PgAll(Fmt::kD, 256),
                             Zb(Fmt::kD, 256, {kD.V(1), kD.QNaN(0xA), kD.SNaN(0xB), kD.V(1)})),
                       kD.QNaN(0xA), kIOC));
}

TEST(VfaddFaddvTest, FlagsOredOverTreeAndOnlyFromActiveLanes) {
  // S VL=128: e0 = e1 = Max -> +inf, OFC|IXC; e2 = e3 = -Max -> -inf, OFC|IXC; +inf + -inf ->
  // default NaN, IOC. 0x7FC00000, IOC|OFC|IXC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128),
                             Zb(Fmt::kS, 128, {kS.Max(), kS.Max(), kS.Max(true), kS.Max(true)})),
                       kS.DNaN(), kIOC | kOFC | kIXC));
  // FZ=1: e0 + e1 = 0x00C00000 + 0x80800000 = 2^-127 tiny -> +0, UFC; e2 = denormal flushed
  // (IDC) + 1.0 = 1; top +0 + 1 = 1. Result 1.0, UFC|IDC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kFz, PgAll(Fmt::kS, 128),
                             Zb(Fmt::kS, 128, {0x00C00000, 0x80800000, kS.MinSub(), kS.V(1)})),
                       kS.V(1), kUFC | kIDC));
  // Inactive lanes raise nothing: {Max, Max, 0, 0} with lane 1 inactive -> (Max + 0) + (0 + 0)
  // = Max exactly, no flags (all active would overflow: +inf, OFC|IXC).
  const Bits mx = Zb(Fmt::kS, 128, {kS.Max(), kS.Max(), 0, 0});
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, Pg(Fmt::kS, 128, {0, 2, 3}), mx), kS.Max(), 0));
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), mx), kS.Inf(), kOFC | kIXC));
  // A denormal, alone: FZ=1 -> flushed (IDC), +0 + +0 ... = +0, IDC; inactive -> +0, no flag;
  // FZ=0 -> denormal + +0 = the denormal exactly, no flag (section 5.4).
  const Bits dn = Zb(Fmt::kS, 128, {kS.MinSub()});
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kFz, PgAll(Fmt::kS, 128), dn), 0, kIDC));
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kFz, Pg(Fmt::kS, 128, {1, 2, 3}), dn), 0, 0));
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 128, kRN, PgAll(Fmt::kS, 128), dn), kS.MinSub(), 0));
  // H with FZ16: a denormal is flushed without IDC (section 2): {0x0001, 1, 0, ...} -> 1.0, no
  // flags; without FZ16: 2^-24 + 1 is inexact (below half an ulp) -> 1.0, IXC.
  const Bits hd = Zb(Fmt::kH, 128, {0x0001, kH.V(1)});
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 128, kFz16, PgAll(Fmt::kH, 128), hd), kH.V(1), 0));
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kH, 128, kRN, PgAll(Fmt::kH, 128), hd), kH.V(1), kIXC));
  // Single active lane at VL=384 (e11 = 1.5, the last real element): 1.5 + +0s = 1.5 exactly.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kS, 384, kRN, Pg(Fmt::kS, 384, {11}),
                             Zfn(Fmt::kS, 384, [](int e) { return kS.V(e == 11 ? 1.5 : 7); })),
                       kS.V(1.5), 0));
  // Single active sNaN: quieted, IOC.
  EXPECT_TRUE(ScalarIs(Faddv(Fmt::kD, 128, kRN, Pg(Fmt::kD, 128, {1}),
                             Zb(Fmt::kD, 128, {kD.V(1), kD.SNaN(3, true)})),
                       kD.QNaN(3, true), kIOC));
}

// =============================================================================================
// Property test: the lane, predicate and flag bookkeeping of every operation against the scalar
// FpAdd/FpSub on random data (the scalar arithmetic itself is tested in fp_directed_test and
// fp_mpfr_test). The reference is written from section 6 independently of vector.cc: FADDV is
// reduced bottom-up level by level instead of recursively.

uint64_t RandomElement(const Fx& x, std::mt19937_64& rng) {
  const uint64_t mask = x.w == 64 ? ~uint64_t{0} : (uint64_t{1} << x.w) - 1;
  const bool neg = rng() & 1;
  switch (rng() % 12) {
    case 0:
      return x.Zero(neg);
    case 1:
      return x.V(neg ? -1.0 : 1.0);
    case 2:
      return x.MinSub(neg);
    case 3:
      return x.Max(neg);
    case 4:
      return x.Inf(neg);
    case 5:
      return x.QNaN(rng() & (x.QBit() - 1), neg);
    case 6:
      return x.SNaN(1 + rng() % (x.QBit() - 1), neg);
    case 7:
      return x.Zero(neg) | (rng() & x.FracMask());  // denormal or zero
    default:
      return rng() & mask;
  }
}

TEST(VfaddVectorPropertyTest, LanesPredicatesAndFlagsMatchScalarOps) {
  std::mt19937_64 rng(20240601);
  const Op ops[] = {Op::kFadd,  Op::kFaddU,  Op::kFaddI, Op::kFsub,  Op::kFsubU, Op::kFsubI,
                    Op::kFsubr, Op::kFsubrI, Op::kFaddp, Op::kFadda, Op::kFaddv};
  const uint32_t modes[] = {kRN, kRP, kRM, kRZ};
  int failures = 0;
  for (int iter = 0; iter < 4000 && failures < 10; ++iter) {
    const Op op = ops[rng() % 11];
    const Fmt f = static_cast<Fmt>(1 + rng() % 3);
    const Fx& x = X(f);
    const int vl = 128 * static_cast<int>(1 + rng() % 16);
    const int n = vl / x.w;
    const uint32_t fpcr = modes[rng() % 4] | (rng() & 1 ? kFz : 0) | (rng() & 1 ? kFz16 : 0) |
                          (rng() % 4 == 0 ? kDn : 0);
    const Fpcr fc{fpcr};
    Case c;
    c.op = op;
    c.fmt = f;
    c.vl = vl;
    c.fpcr = fpcr;
    // Predicate: random bits, sometimes sparse, sometimes all ones / none.
    if (IsPredicated(op)) {
      c.pg = PgNone(vl);
      const int kind = static_cast<int>(rng() % 4);
      for (uint64_t& w : c.pg) {
        w = kind == 0 ? ~uint64_t{0} : kind == 1 ? 0 : kind == 2 ? rng() : rng() & rng() & rng();
      }
      if (vl / 8 % 64 != 0) c.pg.back() &= (uint64_t{1} << (vl / 8 % 64)) - 1;
    }
    auto active = [&](int e) {
      if (!IsPredicated(op)) return true;
      const int bit = e * x.w / 8;
      return ((c.pg[bit / 64] >> (bit % 64)) & 1) != 0;
    };
    std::vector<uint64_t> a(n), b(n);
    for (int e = 0; e < n; ++e) a[e] = RandomElement(x, rng), b[e] = RandomElement(x, rng);
    c.imm_one = rng() & 1;
    const uint64_t imm = x.V(c.imm_one ? 1.0 : 0.5);
    c.a = op == Op::kFadda ? Bits{a[0]} : op == Op::kFaddv ? Bits{} : Zb(f, vl, a);
    c.b = IsImmediate(op) ? Bits{} : Zb(f, vl, b);

    uint32_t fpsr = 0;
    auto add = [&](uint64_t p, uint64_t q) {
      const FpResult r = FpAdd(f, p, q, fc);
      fpsr |= r.flags;
      return r.bits;
    };
    auto sub = [&](uint64_t p, uint64_t q) {
      const FpResult r = FpSub(f, p, q, fc);
      fpsr |= r.flags;
      return r.bits;
    };
    const Outcome o = Execute(c);
    bool ok = true;
    if (op == Op::kFadda) {
      uint64_t acc = a[0];
      for (int e = 0; e < n; ++e) {
        if (active(e)) acc = add(acc, b[e]);
      }
      ok = o.res == Bits{acc};
    } else if (op == Op::kFaddv) {
      int leaves = 1;
      while (leaves * x.w < vl) leaves *= 2;
      std::vector<uint64_t> lv(leaves, 0);
      for (int e = 0; e < n; ++e) lv[e] = active(e) ? b[e] : 0;
      for (; leaves > 1; leaves /= 2) {
        for (int i = 0; i < leaves / 2; ++i) lv[i] = add(lv[2 * i], lv[2 * i + 1]);
      }
      ok = o.res == Bits{lv[0]};
    } else {
      std::vector<uint64_t> want = a;
      for (int e = 0; e < n; ++e) {
        if (!active(e)) continue;
        switch (op) {
          case Op::kFadd:
          case Op::kFaddU:
            want[e] = add(a[e], b[e]);
            break;
          case Op::kFaddI:
            want[e] = add(a[e], imm);
            break;
          case Op::kFsub:
          case Op::kFsubU:
            want[e] = sub(a[e], b[e]);
            break;
          case Op::kFsubI:
            want[e] = sub(a[e], imm);
            break;
          case Op::kFsubr:
            want[e] = sub(b[e], a[e]);
            break;
          case Op::kFsubrI:
            want[e] = sub(imm, a[e]);
            break;
          case Op::kFaddp:
            want[e] = e % 2 == 0 ? add(a[e], a[e + 1]) : add(b[e - 1], b[e]);
            break;
          default:
            break;
        }
      }
      ok = o.res == Zb(f, vl, want);
    }
    ok = ok && o.fpsr == fpsr;
    if (!ok) {
      ++failures;
      ADD_FAILURE() << "iteration " << iter << ": " << OpName(op) << " " << FmtLetter(f)
                    << " VL=" << vl << " fpcr=" << Hex(Fmt::kS, fpcr) << " fpsr got "
                    << FlagNames(o.fpsr) << " want " << FlagNames(fpsr);
    }
  }
}

}  // namespace
}  // namespace vfadd
