// SPDX-License-Identifier: Apache-2.0
// Directed tables for FpAdd/FpSub: every rule of docs/semantics.md sections 2-5 (AH = 0),
// with expected values derived by hand from the text and each row commented with its derivation.
//
// Layout: generic rules are TEST_P over format x rounding mode (rows carry one expected value per
// mode); the literal [EMP] examples of the document and a few format-specific cases are plain
// tables at the end.
//
// Notation in the comments: F = fraction bits, ulp = 2^-F (the ulp of 1.0), h = ulp/2,
// 1u = 1 + ulp, MinSub = 2^(emin-F), MaxSub = (2^F - 1) * 2^(emin-F), MinNorm = 2^emin,
// Max = (2 - ulp) * 2^emax, ulpMax = 2^(emax-F).

#include <gtest/gtest.h>

#include <array>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "vfadd/fp.h"

namespace vfadd {
namespace {

// ---------------------------------------------------------------------------------------------
// FPCR bits (section 1.1)
constexpr uint32_t kFz16 = 1u << 19;
constexpr uint32_t kFz = 1u << 24;
constexpr uint32_t kDn = 1u << 25;
constexpr uint32_t kAhp = 1u << 26;
constexpr uint32_t RModeBits(RMode m) { return static_cast<uint32_t>(m) << 22; }

constexpr RMode kModes[4] = {RMode::kRN, RMode::kRP, RMode::kRM, RMode::kRZ};
const char* ModeName(RMode m) {
  static const char* const kNames[4] = {"RN", "RP", "RM", "RZ"};
  return kNames[static_cast<int>(m)];
}

enum class Op { kAdd, kSub };

// Number of individual (operation, expected value) checks run by this binary; printed at exit.
int g_checks = 0;

class CountEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { std::printf("fp_directed_test: %d directed checks run\n", g_checks); }
};
::testing::Environment* const kCountEnv = ::testing::AddGlobalTestEnvironment(new CountEnvironment);

std::string Hex(Fmt f, uint64_t v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, fp_width(f) / 4, v);
  return buf;
}

// Runs one operation and compares bits and the exact flag set.
void Check(Fmt f, Op op, uint64_t a, uint64_t b, uint32_t fpcr, uint64_t want, uint32_t want_flags,
           const std::string& why) {
  ++g_checks;
  const FpResult r = op == Op::kAdd ? FpAdd(f, a, b, Fpcr{fpcr}) : FpSub(f, a, b, Fpcr{fpcr});
  EXPECT_TRUE(r.bits == want && r.flags == want_flags)
      << FmtLetter(f) << " " << (op == Op::kAdd ? "FADD " : "FSUB ") << Hex(f, a) << " ("
      << DescribeValue(f, a) << ") " << (op == Op::kAdd ? "+ " : "- ") << Hex(f, b) << " ("
      << DescribeValue(f, b) << "), fpcr=" << Hex(Fmt::kS, fpcr) << "\n  got  " << Hex(f, r.bits)
      << " (" << DescribeValue(f, r.bits) << ") " << FlagNames(r.flags) << "\n  want "
      << Hex(f, want) << " (" << DescribeValue(f, want) << ") " << FlagNames(want_flags)
      << "\n  because: " << why;
}

// ---------------------------------------------------------------------------------------------
// Encodings of a format, built from the field widths only.
struct Fx {
  explicit Fx(Fmt fmt) : f(fmt), ebits(exp_bits(fmt)), fbits(man_bits(fmt)), bias_v(bias(fmt)) {}
  Fmt f;
  int ebits, fbits, bias_v;

  uint64_t ExpOnes() const { return (uint64_t{1} << ebits) - 1; }
  uint64_t FracMask() const { return (uint64_t{1} << fbits) - 1; }
  uint64_t SignBit() const { return uint64_t{1} << (ebits + fbits); }
  uint64_t QBit() const { return uint64_t{1} << (fbits - 1); }
  int Emin() const { return 1 - bias_v; }
  int Emax() const { return bias_v; }

  uint64_t Enc(bool s, uint64_t be, uint64_t frac) const {
    return (s ? SignBit() : 0) | (be << fbits) | frac;
  }
  uint64_t Neg(uint64_t x) const { return x ^ SignBit(); }
  // 2^e for emin - F <= e <= emax (a subnormal below emin).
  uint64_t Pow2(int e, bool s = false) const {
    const int be = e + bias_v;
    if (be >= 1) return Enc(s, static_cast<uint64_t>(be), 0);
    return Enc(s, 0, uint64_t{1} << (fbits - 1 + be));
  }
  uint64_t Zero(bool s = false) const { return Enc(s, 0, 0); }
  uint64_t One(bool s = false) const { return Enc(s, bias_v, 0); }
  uint64_t OneU(bool s = false) const { return Enc(s, bias_v, 1); }  // 1 + ulp
  uint64_t Max(bool s = false) const { return Enc(s, ExpOnes() - 1, FracMask()); }
  uint64_t Inf(bool s = false) const { return Enc(s, ExpOnes(), 0); }
  uint64_t MinNorm(bool s = false) const { return Enc(s, 1, 0); }
  uint64_t MinSub(bool s = false) const { return Enc(s, 0, 1); }
  uint64_t MaxSub(bool s = false) const { return Enc(s, 0, FracMask()); }
  uint64_t QNaN(uint64_t payload, bool s = false) const {
    return Enc(s, ExpOnes(), QBit() | payload);
  }
  uint64_t SNaN(uint64_t payload, bool s = false) const { return Enc(s, ExpOnes(), payload); }
  uint64_t Quiet(uint64_t nan) const { return nan | QBit(); }
  uint64_t DNaN() const { return Enc(false, ExpOnes(), QBit()); }
};

// A generic row: one expected result and flag set per rounding mode (indexed by RMode value).
struct Row {
  std::string why;
  Op op;
  uint64_t a, b;
  uint32_t extra;  // FPCR bits other than RMode
  std::array<uint64_t, 4> want;
  std::array<uint32_t, 4> flags;
};

Row All(std::string why, Op op, uint64_t a, uint64_t b, uint32_t extra, uint64_t want,
        uint32_t flags) {
  return Row{
      std::move(why), op, a, b, extra, {want, want, want, want}, {flags, flags, flags, flags}};
}
// Per-mode results {RN, RP, RM, RZ}, same flags in every mode.
Row Modes(std::string why, Op op, uint64_t a, uint64_t b, uint32_t extra,
          std::array<uint64_t, 4> want, uint32_t flags) {
  return Row{std::move(why), op, a, b, extra, want, {flags, flags, flags, flags}};
}

// +0 in RN/RP/RZ, -0 in RM: the exact-zero rule of section 4 step 6.
std::array<uint64_t, 4> ExactZero(const Fx& x) {
  return {x.Zero(), x.Zero(), x.Zero(true), x.Zero()};
}

class FpGenericTest : public ::testing::TestWithParam<std::tuple<Fmt, RMode>> {
 protected:
  Fmt fmt() const { return std::get<0>(GetParam()); }
  RMode mode() const { return std::get<1>(GetParam()); }
  // Runs every row with FPCR = RMode | row.extra | each of `extras`.
  void Run(const std::vector<Row>& rows, std::initializer_list<uint32_t> extras = {0}) {
    const int m = static_cast<int>(mode());
    for (const Row& r : rows) {
      for (uint32_t e : extras) {
        Check(fmt(), r.op, r.a, r.b, RModeBits(mode()) | r.extra | e, r.want[m], r.flags[m],
              r.why + " [" + ModeName(mode()) + "]");
      }
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Section 5.1 steps 4 and 6: rounding, ties, sticky bits, carry into the exponent, IXC.
// Run with FPCR extras 0, AHP (section 1.1: ignored by arithmetic) and DN (no NaN involved).
TEST_P(FpGenericTest, RoundingTiesStickyCarry) {
  const Fx x(fmt());
  const int F = x.fbits;
  const uint64_t one = x.One(), one_u = x.OneU(), one_u2 = x.Enc(false, x.bias_v, 2);
  const uint64_t h = x.Pow2(-F - 1);                                       // half ulp of 1.0
  const uint64_t below1 = x.Enc(false, x.bias_v - 1, x.FracMask());        // 1 - ulp/2
  const uint64_t below1_2 = x.Enc(false, x.bias_v - 1, x.FracMask() - 1);  // 1 - ulp
  const uint64_t two_m = x.Enc(false, x.bias_v, x.FracMask());             // 2 - ulp
  const uint64_t two = x.Enc(false, x.bias_v + 1, 0);
  const uint64_t two_u = x.Enc(false, x.bias_v + 1, 1), two_u2 = x.Enc(false, x.bias_v + 1, 2);
  // clang-format off
  const std::vector<Row> rows = {
      Modes("1 + h: exact tie between 1 and 1u; RN keeps the even 1; RP up; RM/RZ truncate; IXC",
            Op::kAdd, one, h, 0, {one, one_u, one, one}, kIXC),
      Modes("1u + h: tie with odd LSB; RN and RP go up to 1+2ulp; RM/RZ keep 1u; IXC", Op::kAdd,
            one_u, h, 0, {one_u2, one_u2, one_u, one_u}, kIXC),
      Modes("-1 + -h: tie, RN even -1; RP toward +inf keeps -1; RM -1u; RZ -1; IXC", Op::kAdd,
            x.Neg(one), x.Neg(h), 0, {x.Neg(one), x.Neg(one), x.OneU(true), x.Neg(one)}, kIXC),
      Modes("-1u + -h: tie odd LSB, RN -(1+2ulp); RP -1u; RM -(1+2ulp); RZ -1u; IXC", Op::kAdd,
            x.OneU(true), x.Neg(h), 0, {x.Neg(one_u2), x.OneU(true), x.Neg(one_u2), x.OneU(true)},
            kIXC),
      Modes("1 + ulp/4: below half, RN 1; RP 1u; RM/RZ 1; IXC", Op::kAdd, one, x.Pow2(-F - 2), 0,
            {one, one_u, one, one}, kIXC),
      Modes("1 + 3ulp/4: above half, RN 1u; RP 1u; RM/RZ 1; IXC", Op::kAdd, one,
            x.Enc(false, x.bias_v - F - 1, x.QBit()), 0, {one_u, one_u, one, one}, kIXC),
      Modes("1 + h(1+ulp): sticky bit beyond the half makes RN round up to 1u; IXC", Op::kAdd, one,
            x.Enc(false, x.bias_v - F - 1, 1), 0, {one_u, one_u, one, one}, kIXC),
      Modes("1 + h(1-ulp/2): just below the half, RN stays at 1; RP 1u; IXC", Op::kAdd, one,
            x.Enc(false, x.bias_v - F - 2, x.FracMask()), 0, {one, one_u, one, one}, kIXC),
      Modes("1 - ulp/4 = 1 - half of the lower binade's ulp: tie between 1-ulp/2 (odd) and 1 "
            "(even); RN/RP 1; RM/RZ 1-ulp/2; IXC",
            Op::kAdd, one, x.Pow2(-F - 2, true), 0, {one, one, below1, below1}, kIXC),
      Modes("1 - 3ulp/4: tie between 1-ulp (even) and 1-ulp/2 (odd); RN/RM/RZ 1-ulp; RP "
            "1-ulp/2; IXC",
            Op::kAdd, one, x.Enc(true, x.bias_v - F - 1, x.QBit()), 0,
            {below1_2, below1, below1_2, below1_2}, kIXC),
      Modes("(2-ulp) + h: tie, odd LSB, RN/RP round up and carry into the exponent: 2.0; RM/RZ "
            "2-ulp; IXC",
            Op::kAdd, two_m, h, 0, {two, two, two_m, two_m}, kIXC),
      All("(2-ulp) + ulp = 2.0 exactly (carry, no rounding); no flags", Op::kAdd, two_m,
          x.Pow2(-F), 0, two, 0),
      Modes("1u + 1 = 2 + ulp = 2 + half of the [2,4) ulp: tie after the normalising shift, RN "
            "even 2; RP 2+2ulp; IXC",
            Op::kAdd, one_u, one, 0, {two, two_u, two, two}, kIXC),
      Modes("1u + (1+2ulp) = 2 + 3ulp: tie between 2+2ulp (odd) and 2+4ulp (even); RN/RP up; "
            "IXC",
            Op::kAdd, one_u, one_u2, 0, {two_u2, two_u2, two_u, two_u}, kIXC),
      Modes("1 + 2^-(F+10): far smaller operand is all sticky; RN 1; RP 1u; IXC", Op::kAdd, one,
            x.Pow2(-F - 10), 0, {one, one_u, one, one}, kIXC),
      Modes("-1 + 2^-(F+10): magnitude just below 1; RN/RM -1; RP/RZ -(1-ulp/2); IXC", Op::kAdd,
            x.Neg(one), x.Pow2(-F - 10), 0, {x.Neg(one), x.Neg(below1), x.Neg(one), x.Neg(below1)},
            kIXC),
      Modes("1 + MinSub (FZ/FZ16 = 0, denormal used): RN 1; RP 1u; IXC", Op::kAdd, one,
            x.MinSub(), 0, {one, one_u, one, one}, kIXC),
      Modes("FSUB 2 - ulp/4: just below 2, RN/RP 2; RM/RZ 2-ulp; IXC", Op::kSub, two,
            x.Pow2(-F - 2), 0, {two, two, two_m, two_m}, kIXC),
      Modes("FSUB 1 - (-h): same as 1 + h, tie to even; IXC", Op::kSub, one, x.Neg(h), 0,
            {one, one_u, one, one}, kIXC),
      All("1 + 1 = 2 exactly; no flags", Op::kAdd, one, one, 0, two, 0),
      All("1 + 2 = 3 exactly; no flags", Op::kAdd, one, two, 0, x.Enc(false, x.bias_v + 1, x.QBit()),
          0),
      All("1.5 + 1.5 = 3 exactly; no flags", Op::kAdd, x.Enc(false, x.bias_v, x.QBit()),
          x.Enc(false, x.bias_v, x.QBit()), 0, x.Enc(false, x.bias_v + 1, x.QBit()), 0),
      All("1u + (-1) = ulp = 2^-F exactly (massive cancellation); no flags", Op::kAdd, one_u,
          x.Neg(one), 0, x.Pow2(-F), 0),
      All("FSUB 1 - (2-ulp) = -(1-ulp) exactly; no flags", Op::kSub, one, two_m, 0,
          x.Neg(below1_2), 0),
      All("FSUB -1 - (-1u) = +ulp exactly; no flags", Op::kSub, x.Neg(one), x.OneU(true), 0,
          x.Pow2(-F), 0),
      All("1 + (-0.5) = 0.5 exactly; no flags", Op::kAdd, one, x.Pow2(-1, true), 0, x.Pow2(-1), 0),
  };
  // clang-format on
  Run(rows, {0, kAhp, kDn});
}

// Section 5.1 step 5 and the section 5.3 table, for every format.
TEST_P(FpGenericTest, Overflow) {
  const Fx x(fmt());
  const int F = x.fbits;
  const uint64_t max = x.Max(), nmax = x.Max(true), inf = x.Inf(), ninf = x.Inf(true);
  const uint32_t ov = kOFC | kIXC;
  // clang-format off
  const std::vector<Row> rows = {
      Row{"Max + Max (5.3): RN/RP +inf; RM/RZ +Max; OFC|IXC", Op::kAdd, max, max, 0,
          {inf, inf, max, max}, {ov, ov, ov, ov}},
      Row{"-Max + -Max (5.3): RN/RM -inf; RP/RZ -Max; OFC|IXC", Op::kAdd, nmax, nmax, 0,
          {ninf, nmax, ninf, nmax}, {ov, ov, ov, ov}},
      Row{"FSUB Max - (-Max): as Max + Max; OFC|IXC", Op::kSub, max, nmax, 0,
          {inf, inf, max, max}, {ov, ov, ov, ov}},
      Row{"FSUB -Max - Max: as -Max + -Max; OFC|IXC", Op::kSub, nmax, max, 0,
          {ninf, nmax, ninf, nmax}, {ov, ov, ov, ov}},
      Row{"Max + ulpMax = 2^(emax+1) exactly: exponent reaches all-ones, overflow although "
          "exact: RN/RP inf, RM/RZ Max; OFC|IXC",
          Op::kAdd, max, x.Pow2(x.Emax() - F), 0, {inf, inf, max, max}, {ov, ov, ov, ov}},
      Row{"Max + ulpMax/2: tie, Max has odd LSB, RN rounds up to 2^(emax+1) -> inf OFC|IXC; RP "
          "inf OFC|IXC; RM/RZ Max with IXC only",
          Op::kAdd, max, x.Pow2(x.Emax() - F - 1), 0, {inf, inf, max, max},
          {ov, ov, kIXC, kIXC}},
      Row{"-Max + -ulpMax/2: mirror; RN/RM -inf OFC|IXC; RP/RZ -Max IXC", Op::kAdd, nmax,
          x.Pow2(x.Emax() - F - 1, true), 0, {ninf, nmax, ninf, nmax}, {ov, kIXC, ov, kIXC}},
      Row{"Max + just-below-ulpMax/2: RN rounds down to Max IXC; RP up to inf OFC|IXC; RM/RZ "
          "Max IXC",
          Op::kAdd, max, x.Enc(false, x.bias_v + x.Emax() - F - 2, x.FracMask()), 0,
          {max, inf, max, max}, {kIXC, ov, kIXC, kIXC}},
      Row{"Max + MinSub: RN Max IXC; RP inf OFC|IXC; RM/RZ Max IXC", Op::kAdd, max, x.MinSub(),
          0, {max, inf, max, max}, {kIXC, ov, kIXC, kIXC}},
      Row{"-Max + -MinSub: RN -Max IXC; RM -inf OFC|IXC; RP/RZ -Max IXC", Op::kAdd, nmax,
          x.MinSub(true), 0, {nmax, nmax, ninf, nmax}, {kIXC, kIXC, ov, kIXC}},
      Row{"Max + (-MinSub): magnitude just below Max: RN/RP Max; RM/RZ next below Max; IXC",
          Op::kAdd, max, x.MinSub(true), 0, {max, max, max - 1, max - 1},
          {kIXC, kIXC, kIXC, kIXC}},
      All("Max + (-ulpMax) = Max - ulpMax exactly; no flags", Op::kAdd, max,
          x.Pow2(x.Emax() - F, true), 0, max - 1, 0),
      All("Max + 0 = Max; no flags", Op::kAdd, max, x.Zero(), 0, max, 0),
      Row{"2^emax + 2^emax = 2^(emax+1): overflow; RN/RP inf; RM/RZ Max; OFC|IXC", Op::kAdd,
          x.Pow2(x.Emax()), x.Pow2(x.Emax()), 0, {inf, inf, max, max}, {ov, ov, ov, ov}},
  };
  // clang-format on
  Run(rows, {0, kAhp, kDn});
}

// Section 5.4: tiny sums are exact, so with FZ/FZ16 = 0 they raise nothing (no UFC, no IXC).
// "Denormal rounding up to the smallest normal" is unreachable for add (a tiny exact sum is
// representable); the closest reachable case is an exact carry from MaxSub into MinNorm.
TEST_P(FpGenericTest, SubnormalResultsExact) {
  const Fx x(fmt());
  const uint64_t n15 = x.Enc(false, 1, x.QBit());  // 1.5 * MinNorm
  // clang-format off
  const std::vector<Row> rows = {
      All("MinNorm + (-MinSub) = MaxSub exactly; no UFC", Op::kAdd, x.MinNorm(), x.MinSub(true),
          0, x.MaxSub(), 0),
      All("MaxSub + MinSub = MinNorm exactly (denormal carries into the normal range)", Op::kAdd,
          x.MaxSub(), x.MinSub(), 0, x.MinNorm(), 0),
      All("MinSub + MinSub = 2*MinSub", Op::kAdd, x.MinSub(), x.MinSub(), 0, x.Enc(false, 0, 2),
          0),
      All("1.5*MinNorm + (-MinNorm) = MinNorm/2, a denormal, exact", Op::kAdd, n15,
          x.MinNorm(true), 0, x.Enc(false, 0, x.QBit()), 0),
      All("-MaxSub + -MaxSub = -(2 - 2ulp)*MinNorm, normal, exact", Op::kAdd, x.MaxSub(true),
          x.MaxSub(true), 0, x.Enc(true, 1, x.FracMask() - 1), 0),
      All("MaxSub + MinNorm = (2-ulp)*MinNorm, exact", Op::kAdd, x.MaxSub(), x.MinNorm(), 0,
          x.Enc(false, 1, x.FracMask()), 0),
      All("FSUB MinNorm - Enc(1,1) = -MinSub exactly", Op::kSub, x.MinNorm(),
          x.Enc(false, 1, 1), 0, x.MinSub(true), 0),
      All("FSUB MaxSub - MinSub = MaxSub - MinSub exactly", Op::kSub, x.MaxSub(), x.MinSub(), 0,
          x.MaxSub() - 1, 0),
      All("2*MinNorm + (-MinNorm) = MinNorm exactly", Op::kAdd, x.Enc(false, 2, 0),
          x.MinNorm(true), 0, x.MinNorm(), 0),
      All("(2-ulp)*MinNorm - MinNorm (FSUB) = MaxSub exactly", Op::kSub,
          x.Enc(false, 1, x.FracMask()), x.MinNorm(), 0, x.MaxSub(), 0),
      All("-MinSub + -MinSub (denormals used with flush off) = -2*MinSub", Op::kAdd,
          x.MinSub(true), x.MinSub(true), 0, x.Enc(true, 0, 2), 0),
  };
  // clang-format on
  Run(rows, {0, kAhp, kDn});
}

// Section 4 steps 5-6 and the signed-zero table (including the FSUB rows).
TEST_P(FpGenericTest, SignedZeros) {
  const Fx x(fmt());
  const uint64_t pz = x.Zero(), nz = x.Zero(true);
  // clang-format off
  const std::vector<Row> rows = {
      Modes("1 + (-1): exact zero -> +0, -0 in RM", Op::kAdd, x.One(), x.One(true), 0,
            ExactZero(x), 0),
      All("-0 + -0: same-sign zeros keep the sign -> -0 in every mode", Op::kAdd, nz, nz, 0, nz,
          0),
      All("+0 + +0 -> +0 in every mode (RM too)", Op::kAdd, pz, pz, 0, pz, 0),
      Modes("+0 + -0: exact zero rule -> +0, RM -0", Op::kAdd, pz, nz, 0, ExactZero(x), 0),
      Modes("-0 + +0: exact zero rule -> +0, RM -0", Op::kAdd, nz, pz, 0, ExactZero(x), 0),
      Modes("FSUB -0 - -0: signs equal, not the shortcut; exact zero -> +0, RM -0", Op::kSub, nz,
            nz, 0, ExactZero(x), 0),
      All("FSUB -0 - +0: signs differ -> op1's zero -0 in every mode", Op::kSub, nz, pz, 0, nz,
          0),
      All("FSUB +0 - -0: signs differ -> op1's zero +0 in every mode", Op::kSub, pz, nz, 0, pz, 0),
      Modes("FSUB +0 - +0: exact zero -> +0, RM -0", Op::kSub, pz, pz, 0, ExactZero(x), 0),
      Modes("FSUB 1 - 1: exact zero -> +0, RM -0", Op::kSub, x.One(), x.One(), 0, ExactZero(x),
            0),
      Modes("FSUB -1 - -1: exact zero -> +0, RM -0", Op::kSub, x.One(true), x.One(true), 0,
            ExactZero(x), 0),
      Modes("-1.5 + 1.5: exact zero -> +0, RM -0", Op::kAdd, x.Enc(true, x.bias_v, x.QBit()),
            x.Enc(false, x.bias_v, x.QBit()), 0, ExactZero(x), 0),
      Modes("Max + (-Max): exact zero, no overflow -> +0, RM -0", Op::kAdd, x.Max(), x.Max(true),
            0, ExactZero(x), 0),
      Modes("MinSub + (-MinSub), flush off: exact zero -> +0, RM -0; no UFC", Op::kAdd,
            x.MinSub(), x.MinSub(true), 0, ExactZero(x), 0),
      Modes("FSUB MinNorm - MinNorm: exact zero -> +0, RM -0", Op::kSub, x.MinNorm(), x.MinNorm(),
            0, ExactZero(x), 0),
      Modes("FSUB -Max - -Max: exact zero -> +0, RM -0", Op::kSub, x.Max(true), x.Max(true), 0,
            ExactZero(x), 0),
      All("1 + -0 = 1 exactly", Op::kAdd, x.One(), nz, 0, x.One(), 0),
      All("-1 + +0 = -1 exactly (a non-zero sum keeps its sign in RM too)", Op::kAdd,
          x.One(true), pz, 0, x.One(true), 0),
      All("-0 + MinSub = MinSub exactly", Op::kAdd, nz, x.MinSub(), 0, x.MinSub(), 0),
      All("+0 + -MinSub = -MinSub exactly", Op::kAdd, pz, x.MinSub(true), 0, x.MinSub(true), 0),
      All("FSUB +0 - MinSub = -MinSub", Op::kSub, pz, x.MinSub(), 0, x.MinSub(true), 0),
      All("FSUB -0 - -Max = +Max", Op::kSub, nz, x.Max(true), 0, x.Max(), 0),
  };
  // clang-format on
  Run(rows, {0, kAhp, kDn});
}

// Section 4 steps 3-4 (and the FSUB variants): infinities.
TEST_P(FpGenericTest, Infinities) {
  const Fx x(fmt());
  const uint64_t inf = x.Inf(), ninf = x.Inf(true), dnan = x.DNaN();
  // clang-format off
  const std::vector<Row> rows = {
      All("+inf + -inf: invalid -> default NaN with IOC even though DN=0", Op::kAdd, inf, ninf, 0,
          dnan, kIOC),
      All("-inf + +inf: invalid -> default NaN, IOC", Op::kAdd, ninf, inf, 0, dnan, kIOC),
      All("FSUB +inf - +inf: invalid -> default NaN, IOC", Op::kSub, inf, inf, 0, dnan, kIOC),
      All("FSUB -inf - -inf: invalid -> default NaN, IOC", Op::kSub, ninf, ninf, 0, dnan, kIOC),
      All("+inf + -inf with DN=1: still the default NaN, IOC", Op::kAdd, inf, ninf, kDn, dnan,
          kIOC),
      All("+inf + +inf = +inf, exact, no flags", Op::kAdd, inf, inf, 0, inf, 0),
      All("-inf + -inf = -inf, no flags", Op::kAdd, ninf, ninf, 0, ninf, 0),
      All("+inf + 1 = +inf, no flags", Op::kAdd, inf, x.One(), 0, inf, 0),
      All("1 + -inf = -inf, no flags", Op::kAdd, x.One(), ninf, 0, ninf, 0),
      All("+inf + -Max = +inf: no OFC/IXC", Op::kAdd, inf, x.Max(true), 0, inf, 0),
      All("-Max + -inf = -inf: no OFC/IXC", Op::kAdd, x.Max(true), ninf, 0, ninf, 0),
      All("-inf + +Max = -inf", Op::kAdd, ninf, x.Max(), 0, ninf, 0),
      All("+inf + -0 = +inf", Op::kAdd, inf, x.Zero(true), 0, inf, 0),
      All("-0 + -inf = -inf", Op::kAdd, x.Zero(true), ninf, 0, ninf, 0),
      All("+inf + MinSub (flush off: no IDC) = +inf", Op::kAdd, inf, x.MinSub(), 0, inf, 0),
      All("FSUB +inf - -inf = +inf", Op::kSub, inf, ninf, 0, inf, 0),
      All("FSUB -inf - +inf = -inf", Op::kSub, ninf, inf, 0, ninf, 0),
      All("FSUB 1 - +inf = -inf", Op::kSub, x.One(), inf, 0, ninf, 0),
      All("FSUB 1 - -inf = +inf", Op::kSub, x.One(), ninf, 0, inf, 0),
      All("FSUB +inf - 1 = +inf", Op::kSub, inf, x.One(), 0, inf, 0),
      All("FSUB -inf - Max = -inf", Op::kSub, ninf, x.Max(), 0, ninf, 0),
      All("FSUB -0 - -inf = +inf", Op::kSub, x.Zero(true), ninf, 0, inf, 0),
      All("FSUB +0 - +inf = -inf", Op::kSub, x.Zero(), inf, 0, ninf, 0),
      All("+inf + +inf with DN=1: no NaN involved, +inf", Op::kAdd, inf, inf, kDn, inf, 0),
  };
  // clang-format on
  Run(rows, {0, kAhp});
}

// Section 3: NaN priority sNaN(op1) > sNaN(op2) > qNaN(op1) > qNaN(op2), quieting keeps sign and
// payload, one IOC for two sNaNs, FSUB selects before (and without) negation.
TEST_P(FpGenericTest, NaNPriorityAndQuieting) {
  const Fx x(fmt());
  const uint64_t qa = x.QNaN(0x5), qb = x.QNaN(0x3, true);
  const uint64_t sa = x.SNaN(0x6), sb = x.SNaN(0x9, true);
  const uint64_t s_full = x.SNaN(x.QBit() - 1, true);  // sNaN with every payload bit set
  const uint64_t one = x.One();
  // clang-format off
  const std::vector<Row> rows = {
      All("qNaN(op1) + qNaN(op2) -> op1 unchanged", Op::kAdd, qa, qb, 0, qa, 0),
      All("qNaN(op1, negative) + qNaN(op2) -> op1, sign kept", Op::kAdd, qb, qa, 0, qb, 0),
      All("sNaN(op1) + qNaN(op2) -> quiet(op1), IOC", Op::kAdd, sa, qb, 0, x.Quiet(sa), kIOC),
      All("qNaN(op1) + sNaN(op2): sNaN(op2) beats qNaN(op1) -> quiet(op2) (negative sign kept), "
          "IOC",
          Op::kAdd, qa, sb, 0, x.Quiet(sb), kIOC),
      All("sNaN(op1) + sNaN(op2) -> quiet(op1), a single IOC", Op::kAdd, sa, sb, 0, x.Quiet(sa),
          kIOC),
      All("sNaN(op1, negative) + sNaN(op2) -> quiet(op1), sign kept, single IOC", Op::kAdd, sb,
          sa, 0, x.Quiet(sb), kIOC),
      All("qNaN + 1 -> the qNaN, no flags", Op::kAdd, qa, one, 0, qa, 0),
      All("1 + qNaN(negative) -> the qNaN, sign kept", Op::kAdd, one, qb, 0, qb, 0),
      All("sNaN + 1 -> quiet, IOC", Op::kAdd, sa, one, 0, x.Quiet(sa), kIOC),
      All("1 + sNaN(negative) -> quiet, sign kept, IOC", Op::kAdd, one, sb, 0, x.Quiet(sb), kIOC),
      All("sNaN with full payload: quieting only sets the top fraction bit", Op::kAdd, s_full, one,
          0, x.Quiet(s_full), kIOC),
      All("qNaN + inf -> qNaN (NaN check comes before the infinity rules)", Op::kAdd, qa, x.Inf(),
          0, qa, 0),
      All("-inf + qNaN -> qNaN", Op::kAdd, x.Inf(true), qb, 0, qb, 0),
      All("+inf + sNaN -> quiet(sNaN), IOC", Op::kAdd, x.Inf(), sb, 0, x.Quiet(sb), kIOC),
      All("sNaN + -inf -> quiet(sNaN), IOC", Op::kAdd, sa, x.Inf(true), 0, x.Quiet(sa), kIOC),
      All("qNaN + -0 -> qNaN", Op::kAdd, qa, x.Zero(true), 0, qa, 0),
      All("-0 + sNaN -> quiet, IOC", Op::kAdd, x.Zero(true), sb, 0, x.Quiet(sb), kIOC),
      All("qNaN + MinSub (flush off) -> qNaN, no IDC", Op::kAdd, qa, x.MinSub(), 0, qa, 0),
      All("qNaN + Max -> qNaN, no OFC", Op::kAdd, qa, x.Max(), 0, qa, 0),
      All("FSUB qNaN(a) - qNaN(b) -> a unchanged, sign not flipped", Op::kSub, qa, qb, 0, qa, 0),
      All("FSUB qNaN(b, negative) - qNaN(a) -> b unchanged", Op::kSub, qb, qa, 0, qb, 0),
      All("FSUB 1 - qNaN(negative): op2 NaN returned without negation (stays negative)",
          Op::kSub, one, qb, 0, qb, 0),
      All("FSUB 1 - qNaN(positive): op2 NaN stays positive", Op::kSub, one, qa, 0, qa, 0),
      All("FSUB 1 - sNaN(negative) -> quiet, sign kept, IOC", Op::kSub, one, sb, 0, x.Quiet(sb),
          kIOC),
      All("FSUB qNaN - sNaN -> quiet(op2 sNaN), IOC, no negation", Op::kSub, qa, sb, 0,
          x.Quiet(sb), kIOC),
      All("FSUB sNaN - sNaN -> quiet(op1), single IOC", Op::kSub, sa, sb, 0, x.Quiet(sa), kIOC),
      All("FSUB +inf - qNaN -> qNaN (no invalid)", Op::kSub, x.Inf(), qa, 0, qa, 0),
      All("FSUB +inf - sNaN -> quiet, one IOC only", Op::kSub, x.Inf(), sa, 0, x.Quiet(sa), kIOC),
  };
  // clang-format on
  Run(rows, {0, kAhp});
}

// Section 3: DN=1 replaces the propagated NaN by the default NaN; IOC still raised for sNaN.
TEST_P(FpGenericTest, DefaultNaNMode) {
  const Fx x(fmt());
  const uint64_t qa = x.QNaN(0x5), qb = x.QNaN(0x3, true);
  const uint64_t sa = x.SNaN(0x6), sb = x.SNaN(0x9, true);
  const uint64_t d = x.DNaN();
  // clang-format off
  const std::vector<Row> rows = {
      All("DN: qNaN + qNaN -> default NaN, no flags", Op::kAdd, qa, qb, kDn, d, 0),
      All("DN: negative qNaN + 1 -> default NaN (positive)", Op::kAdd, qb, x.One(), kDn, d, 0),
      All("DN: 1 + qNaN -> default NaN", Op::kAdd, x.One(), qa, kDn, d, 0),
      All("DN: sNaN + 1 -> default NaN, IOC", Op::kAdd, sa, x.One(), kDn, d, kIOC),
      All("DN: 1 + sNaN -> default NaN, IOC", Op::kAdd, x.One(), sb, kDn, d, kIOC),
      All("DN: sNaN + sNaN -> default NaN, one IOC", Op::kAdd, sa, sb, kDn, d, kIOC),
      All("DN: qNaN + sNaN -> default NaN, IOC", Op::kAdd, qa, sb, kDn, d, kIOC),
      All("DN: the default NaN itself -> default NaN", Op::kAdd, d, x.One(), kDn, d, 0),
      All("DN: FSUB 1 - qNaN(negative) -> default NaN", Op::kSub, x.One(), qb, kDn, d, 0),
      All("DN: FSUB sNaN - inf -> default NaN, IOC", Op::kSub, sb, x.Inf(), kDn, d, kIOC),
      All("DN: qNaN + inf -> default NaN", Op::kAdd, qa, x.Inf(true), kDn, d, 0),
  };
  // clang-format on
  Run(rows, {0, kAhp});
}

// FPCR bit that flushes format f (FZ16 for half, FZ for single/double) and the one that does not.
uint32_t FlushBit(Fmt f) { return f == Fmt::kH ? kFz16 : kFz; }
uint32_t OtherFlushBit(Fmt f) { return f == Fmt::kH ? kFz : kFz16; }
// Input flush raises IDC for single/double only (section 2).
uint32_t Idc(Fmt f) { return f == Fmt::kH ? 0u : static_cast<uint32_t>(kIDC); }

// Section 2: input flushing (sign kept; IDC for S/D, never for H; IDC even with NaN/inf).
TEST_P(FpGenericTest, InputFlush) {
  const Fx x(fmt());
  const uint32_t fz = FlushBit(fmt()), idc = Idc(fmt());
  const uint64_t qa = x.QNaN(0x5), qb = x.QNaN(0x3, true);
  const uint64_t sa = x.SNaN(0x6), sb = x.SNaN(0x9, true);
  // clang-format off
  const std::vector<Row> rows = {
      All("MinSub flushed to +0; +0 + +0 -> +0", Op::kAdd, x.MinSub(), x.Zero(), fz, x.Zero(),
          idc),
      Modes("-MinSub flushed to -0 (sign kept); -0 + +0 -> +0, RM -0", Op::kAdd, x.MinSub(true),
            x.Zero(), fz, ExactZero(x), idc),
      All("-MinSub flushed to -0; -0 + -0 -> -0", Op::kAdd, x.MinSub(true), x.Zero(true), fz,
          x.Zero(true), idc),
      All("-0 + -MaxSub (flushed to -0) -> -0", Op::kAdd, x.Zero(true), x.MaxSub(true), fz,
          x.Zero(true), idc),
      Modes("MaxSub + -MaxSub: both flushed, +0 + -0 -> +0, RM -0; one IDC", Op::kAdd, x.MaxSub(),
            x.MaxSub(true), fz, ExactZero(x), idc),
      All("MaxSub + MaxSub: both flushed -> +0 (unflushed sum would be a normal); one IDC",
          Op::kAdd, x.MaxSub(), x.MaxSub(), fz, x.Zero(), idc),
      All("-MaxSub + -MinSub: both flushed -> -0", Op::kAdd, x.MaxSub(true), x.MinSub(true), fz,
          x.Zero(true), idc),
      All("1 + MinSub: MinSub flushed, sum exactly 1, no IXC (RP would give 1u unflushed)",
          Op::kAdd, x.One(), x.MinSub(), fz, x.One(), idc),
      All("-1 + -MinSub: flushed, exactly -1, no IXC", Op::kAdd, x.One(true), x.MinSub(true), fz,
          x.One(true), idc),
      All("MinNorm + -MinSub: flushed, MinNorm exactly (unflushed would be MaxSub)", Op::kAdd,
          x.MinNorm(), x.MinSub(true), fz, x.MinNorm(), idc),
      All("-MaxSub + MinNorm: flushed, MinNorm", Op::kAdd, x.MaxSub(true), x.MinNorm(), fz,
          x.MinNorm(), idc),
      All("qNaN + MinSub: the denormal is flushed during unpack, IDC even though a NaN results",
          Op::kAdd, qa, x.MinSub(), fz, qa, idc),
      All("MinSub + qNaN(negative): IDC, NaN passed through", Op::kAdd, x.MinSub(), qb, fz, qb,
          idc),
      All("sNaN + MaxSub: quiet NaN, IOC|IDC", Op::kAdd, sb, x.MaxSub(), fz, x.Quiet(sb),
          kIOC | idc),
      All("MinSub + sNaN: quiet NaN, IOC|IDC", Op::kAdd, x.MinSub(), sa, fz, x.Quiet(sa),
          kIOC | idc),
      All("MinSub + sNaN with DN: default NaN, IOC|IDC", Op::kAdd, x.MinSub(), sa, fz | kDn,
          x.DNaN(), kIOC | idc),
      All("MinSub + qNaN with DN: default NaN, IDC", Op::kAdd, x.MinSub(), qa, fz | kDn, x.DNaN(),
          idc),
      All("+inf + MinSub: +inf, IDC even though inf arithmetic ignores the other operand",
          Op::kAdd, x.Inf(), x.MinSub(), fz, x.Inf(), idc),
      All("-MinSub + -inf: -inf, IDC", Op::kAdd, x.MinSub(true), x.Inf(true), fz, x.Inf(true),
          idc),
      Modes("FSUB MinSub - MinSub: +0 - +0, signs equal -> exact zero +0, RM -0", Op::kSub,
            x.MinSub(), x.MinSub(), fz, ExactZero(x), idc),
      All("FSUB -MinSub - +0: -0 - +0, signs differ -> op1's -0", Op::kSub, x.MinSub(true),
          x.Zero(), fz, x.Zero(true), idc),
      All("FSUB MinSub - -0: +0 - -0 -> +0", Op::kSub, x.MinSub(), x.Zero(true), fz, x.Zero(),
          idc),
      All("FSUB -0 - MaxSub: -0 - (+0) -> op1's -0", Op::kSub, x.Zero(true), x.MaxSub(), fz,
          x.Zero(true), idc),
      Modes("FSUB -MinSub - -MaxSub: -0 - -0 -> exact zero +0, RM -0", Op::kSub, x.MinSub(true),
            x.MaxSub(true), fz, ExactZero(x), idc),
      All("FSUB 1 - MinSub: flushed, exactly 1 (unflushed RM would give 1 - ulp/2)", Op::kSub,
          x.One(), x.MinSub(), fz, x.One(), idc),
      All("FSUB +inf - MinSub -> +inf, IDC", Op::kSub, x.Inf(), x.MinSub(), fz, x.Inf(), idc),
      All("FSUB MinSub - +inf -> -inf, IDC", Op::kSub, x.MinSub(), x.Inf(), fz, x.Inf(true), idc),
      All("FSUB qNaN - MinSub -> qNaN, IDC", Op::kSub, qa, x.MinSub(), fz, qa, idc),
      All("Normal operands: flush has no effect, 1 + 1 = 2", Op::kAdd, x.One(), x.One(), fz,
          x.Enc(false, x.bias_v + 1, 0), 0),
      All("MinNorm is not a denormal: MinNorm + MinNorm = 2 MinNorm, no IDC", Op::kAdd,
          x.MinNorm(), x.MinNorm(), fz, x.Enc(false, 2, 0), 0),
  };
  // clang-format on
  // With the other format's control bit set as well the result must not change.
  Run(rows, {0, OtherFlushBit(fmt())});
}

// Section 5.1 step 1: output flush (UFC only, no IXC, sign of the exact value, any mode).
TEST_P(FpGenericTest, OutputFlush) {
  const Fx x(fmt());
  const uint32_t fz = FlushBit(fmt());
  const uint64_t n15 = x.Enc(false, 1, x.QBit());  // 1.5 * MinNorm
  // clang-format off
  const std::vector<Row> rows = {
      All("1.5*MinNorm - MinNorm = MinNorm/2, tiny -> +0 with UFC only (no IXC) in every mode",
          Op::kAdd, n15, x.MinNorm(true), fz, x.Zero(), kUFC),
      All("-1.5*MinNorm + MinNorm = -MinNorm/2 -> -0 (sign of the exact value), UFC", Op::kAdd,
          x.Neg(n15), x.MinNorm(), fz, x.Zero(true), kUFC),
      All("(1+ulp)*MinNorm - MinNorm = MinSub exactly -> +0 UFC (RP does not round to MinSub or "
          "MinNorm)",
          Op::kAdd, x.Enc(false, 1, 1), x.MinNorm(true), fz, x.Zero(), kUFC),
      All("FSUB MinNorm - (1+ulp)*MinNorm = -MinSub -> -0 UFC (RM too)", Op::kSub, x.MinNorm(),
          x.Enc(false, 1, 1), fz, x.Zero(true), kUFC),
      All("FSUB (2-ulp)*MinNorm - MinNorm = MaxSub -> +0 UFC", Op::kSub,
          x.Enc(false, 1, x.FracMask()), x.MinNorm(), fz, x.Zero(), kUFC),
      All("-(2-ulp)*MinNorm + MinNorm = -MaxSub -> -0 UFC", Op::kAdd,
          x.Enc(true, 1, x.FracMask()), x.MinNorm(), fz, x.Zero(true), kUFC),
      All("2*MinNorm - MinNorm = MinNorm: not tiny, no flush, no flags", Op::kAdd,
          x.Enc(false, 2, 0), x.MinNorm(true), fz, x.MinNorm(), 0),
      Modes("1.5*MinNorm - 1.5*MinNorm: exact zero is not a tiny result: +0/RM -0, no UFC",
            Op::kAdd, n15, x.Neg(n15), fz, ExactZero(x), 0),
      All("MinNorm + -0 = MinNorm, no flags", Op::kAdd, x.MinNorm(), x.Zero(true), fz,
          x.MinNorm(), 0),
      All("-MinNorm + -0 = -MinNorm, no flags", Op::kAdd, x.MinNorm(true), x.Zero(true), fz,
          x.MinNorm(true), 0),
      Modes("1 + h under flush: ordinary rounding unaffected (tie to even etc.)", Op::kAdd,
            x.One(), x.Pow2(-x.fbits - 1), fz, {x.One(), x.OneU(), x.One(), x.One()}, kIXC),
  };
  // clang-format on
  Run(rows, {0, OtherFlushBit(fmt())});
}

// FZ is irrelevant to half precision and FZ16 to single/double (sections 1.1 and 2); flush off.
TEST_P(FpGenericTest, FlushControlOfOtherFormatIgnored) {
  const Fx x(fmt());
  const uint32_t other = OtherFlushBit(fmt());
  // clang-format off
  const std::vector<Row> rows = {
      All("MinSub + 0: denormal used -> MinSub, no flags", Op::kAdd, x.MinSub(), x.Zero(), other,
          x.MinSub(), 0),
      All("-MinSub + +0: denormal used -> -MinSub", Op::kAdd, x.MinSub(true), x.Zero(), other,
          x.MinSub(true), 0),
      Modes("1 + MinSub: denormal used, RN 1, RP 1u; IXC, no IDC", Op::kAdd, x.One(), x.MinSub(),
            other, {x.One(), x.OneU(), x.One(), x.One()}, kIXC),
      All("1.5*MinNorm - MinNorm = MinNorm/2 exactly: not flushed, no UFC", Op::kAdd,
          x.Enc(false, 1, x.QBit()), x.MinNorm(true), other, x.Enc(false, 0, x.QBit()), 0),
      All("MaxSub + MaxSub = (2-2ulp)*MinNorm exactly", Op::kAdd, x.MaxSub(), x.MaxSub(), other,
          x.Enc(false, 1, x.FracMask() - 1), 0),
      All("qNaN + MinSub: no IDC", Op::kAdd, x.QNaN(1), x.MinSub(), other, x.QNaN(1), 0),
      All("+inf + MinSub: no IDC", Op::kAdd, x.Inf(), x.MinSub(), other, x.Inf(), 0),
      All("FSUB MinNorm - (1+ulp)*MinNorm = -MinSub, not flushed", Op::kSub, x.MinNorm(),
          x.Enc(false, 1, 1), other, x.MinSub(true), 0),
  };
  // clang-format on
  Run(rows, {0, kAhp});
}

std::string ParamName(const ::testing::TestParamInfo<FpGenericTest::ParamType>& info) {
  return std::string(1, FmtLetter(std::get<0>(info.param))) + "_" +
         ModeName(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(AllFormatsAllModes, FpGenericTest,
                         ::testing::Combine(::testing::Values(Fmt::kH, Fmt::kS, Fmt::kD),
                                            ::testing::ValuesIn(kModes)),
                         ParamName);

// ---------------------------------------------------------------------------------------------
// Literal rows: the [EMP] examples of the document and format-specific cases.
struct Lit {
  const char* why;
  Fmt f;
  Op op;
  uint64_t a, b;
  uint32_t fpcr;
  uint64_t want;
  uint32_t flags;
};

void RunLits(const std::vector<Lit>& lits) {
  for (const Lit& l : lits) Check(l.f, l.op, l.a, l.b, l.fpcr, l.want, l.flags, l.why);
}

constexpr uint32_t kRP = 1u << 22, kRM = 2u << 22, kRZ = 3u << 22;
constexpr Fmt H = Fmt::kH, S = Fmt::kS, D = Fmt::kD;
constexpr Op kA = Op::kAdd, kSb = Op::kSub;

TEST(FpAddEmpTest, Section1And2InputFlush) {
  RunLits({
      {"[EMP 1.1] AHP=1: half 0x7C00 + 0 -> 0x7C00 (AHP ignored by arithmetic), no flags", H, kA,
       0x7C00, 0x0000, kAhp, 0x7C00, 0},
      {"[EMP 2] H 0x0001 + 0, FZ16=1: input flushed, +0, no IDC for half", H, kA, 0x0001, 0x0000,
       kFz16, 0x0000, 0},
      {"[EMP 2] H 0x0001 + 0, FZ16=0: denormal used", H, kA, 0x0001, 0x0000, 0, 0x0001, 0},
      {"[EMP 2] H 0x0001 + 0, FZ=1 FZ16=0: FZ irrelevant to half", H, kA, 0x0001, 0x0000, kFz,
       0x0001, 0},
      {"[EMP 2] S 0x00000001 + 0, FZ=1: flushed, IDC", S, kA, 0x00000001, 0x00000000, kFz,
       0x00000000, kIDC},
      {"[EMP 2] D 1 + 0, FZ=1: flushed, IDC", D, kA, 0x1, 0x0, kFz, 0x0, kIDC},
      {"[EMP 2] S 1.0 + 0x00000001, FZ=1: the denormal vanished: 1.0, IDC only", S, kA, 0x3F800000,
       0x00000001, kFz, 0x3F800000, kIDC},
      {"[EMP 2] S 1.0 + 0x00000001, FZ=0: rounding error 2^-149 -> 1.0, IXC", S, kA, 0x3F800000,
       0x00000001, 0, 0x3F800000, kIXC},
      {"[EMP 2] S FZ=1 denorm + qNaN -> qNaN, IDC", S, kA, 0x00000001, 0x7FC00001, kFz, 0x7FC00001,
       kIDC},
      {"[EMP 2] S FZ=1 denorm + sNaN -> quiet, IOC|IDC", S, kA, 0x00000001, 0x7F800001, kFz,
       0x7FC00001, kIOC | kIDC},
      {"[EMP 2] S FZ=1 denorm + inf -> inf, IDC", S, kA, 0x00000001, 0x7F800000, kFz, 0x7F800000,
       kIDC},
      {"[EMP 4] S FZ=1 -denorm + +0 -> +0 in RN, IDC", S, kA, 0x80000001, 0x00000000, kFz,
       0x00000000, kIDC},
      {"[EMP 4] S FZ=1 -denorm + +0 -> -0 in RM, IDC", S, kA, 0x80000001, 0x00000000, kFz | kRM,
       0x80000000, kIDC},
      {"[EMP 4] S FZ=1 -denorm + -0 -> -0, IDC", S, kA, 0x80000001, 0x80000000, kFz, 0x80000000,
       kIDC},
      {"S FZ16=1 (FZ=0): FZ16 irrelevant to single, denormal used", S, kA, 0x00000001, 0x00000000,
       kFz16, 0x00000001, 0},
      {"D FZ16=1 (FZ=0): FZ16 irrelevant to double", D, kA, 0x000FFFFFFFFFFFFF, 0x0, kFz16,
       0x000FFFFFFFFFFFFF, 0},
      {"H FZ16=1: 1.0 + 0x03FF flushed -> 1.0 exactly, no IXC, no IDC", H, kA, 0x3C00, 0x03FF,
       kFz16, 0x3C00, 0},
      {"H FZ16=0: 1.0 + 0x03FF (1023*2^-24 < 2^-11 half ulp) -> 1.0, IXC", H, kA, 0x3C00, 0x03FF, 0,
       0x3C00, kIXC},
      {"H FZ16=0 RP: 1.0 + 0x03FF -> 0x3C01, IXC", H, kA, 0x3C00, 0x03FF, kRP, 0x3C01, kIXC},
      {"S FZ=1: -2^-149 + 2^-126 -> denormal flushed, 0x00800000, IDC (unflushed 0x007FFFFF)", S,
       kA, 0x80000001, 0x00800000, kFz, 0x00800000, kIDC},
      {"S FZ=0: -2^-149 + 2^-126 = 0x007FFFFF exactly, no flags", S, kA, 0x80000001, 0x00800000, 0,
       0x007FFFFF, 0},
      {"D FZ=1: denorm + 1.5*2^-1022 -> 1.5*2^-1022, IDC", D, kA, 0x0000000000000001,
       0x0018000000000000, kFz, 0x0018000000000000, kIDC},
      {"D FZ=1 denorm + sNaN 0xFFF0000000000001 -> 0xFFF8000000000001, IOC|IDC", D, kA,
       0x0000000000000001, 0xFFF0000000000001, kFz, 0xFFF8000000000001, kIOC | kIDC},
      {"H FZ16=1 denorm + qNaN -> qNaN, no IDC for half", H, kA, 0x0001, 0x7E01, kFz16, 0x7E01, 0},
      {"H FZ16=1 denorm + sNaN -> quiet, IOC only", H, kA, 0x83FF, 0x7C01, kFz16, 0x7E01, kIOC},
      {"H FZ16=1 -denorm + -inf -> -inf, no flags", H, kA, 0x8001, 0xFC00, kFz16, 0xFC00, 0},
  });
}

TEST(FpAddEmpTest, Section3NaNs) {
  RunLits({
      {"[EMP 3] qNaN 0x7fc0000a + sNaN 0xff80000b -> 0xffc0000b (sNaN op2 wins, sign kept), IOC", S,
       kA, 0x7FC0000A, 0xFF80000B, 0, 0xFFC0000B, kIOC},
      {"[EMP 3] 0xffc0000a + 0x7fc0000b -> op1 0xffc0000a", S, kA, 0xFFC0000A, 0x7FC0000B, 0,
       0xFFC0000A, 0},
      {"[EMP 3] 1 + sNaN, DN=1 -> 0x7fc00000, IOC", S, kA, 0x3F800000, 0x7F800001, kDn, 0x7FC00000,
       kIOC},
      {"[EMP 3] half sNaN 0x7d01 -> 0x7f01, IOC (as op1)", H, kA, 0x7D01, 0x3C00, 0, 0x7F01, kIOC},
      {"[EMP 3] half sNaN 0x7d01 -> 0x7f01, IOC (as op2)", H, kA, 0x3C00, 0x7D01, 0, 0x7F01, kIOC},
      {"[EMP 3] FSUB Zdn=qNaN(a), Zm=qNaN(b) -> a", S, kSb, 0x7FC0000A, 0x7FC0000B, 0, 0x7FC0000A,
       0},
      {"[EMP 3] FSUBR same inputs = FPSub(Zm, Zdn) -> b", S, kSb, 0x7FC0000B, 0x7FC0000A, 0,
       0x7FC0000B, 0},
      {"[EMP 6.7] FADDV node qNaN(a) + quiet(sNaN b): both quiet now, op1 a wins, no new IOC", S,
       kA, 0x7FC0000A, 0x7FC0000B, 0, 0x7FC0000A, 0},
      {"[EMP 6.7] FADDV leaf node sNaN(b) + +0 -> quiet(b), IOC", S, kA, 0x7F80000B, 0x00000000, 0,
       0x7FC0000B, kIOC},
      {"D sNaN 0x7FF0000000000001 + 1 -> 0x7FF8000000000001, IOC", D, kA, 0x7FF0000000000001,
       0x3FF0000000000000, 0, 0x7FF8000000000001, kIOC},
      {"D default NaN under DN: 0x7FF8000000000000", D, kA, 0xFFF8000000000123, 0x3FF0000000000000,
       kDn, 0x7FF8000000000000, 0},
      {"H default NaN under DN: 0x7E00", H, kA, 0xFE55, 0x3C00, kDn, 0x7E00, 0},
      {"H inf - inf -> 0x7E00, IOC", H, kSb, 0x7C00, 0x7C00, 0, 0x7E00, kIOC},
      {"S -inf + inf -> 0x7FC00000, IOC", S, kA, 0xFF800000, 0x7F800000, 0, 0x7FC00000, kIOC},
      {"D inf + -inf -> 0x7FF8000000000000, IOC", D, kA, 0x7FF0000000000000, 0xFFF0000000000000, 0,
       0x7FF8000000000000, kIOC},
      {"AHP=1: half NaN processing unchanged", H, kA, 0x7C01, 0x3C00, kAhp, 0x7E01, kIOC},
  });
}

TEST(FpAddEmpTest, Section4SignedZeroTable) {
  // The [EMP] signed-zero table for single precision, literally.
  const uint32_t rms[4] = {0, kRP, kRM, kRZ};
  for (int m = 0; m < 4; ++m) {
    const uint32_t z = m == 2 ? 0x80000000 : 0x00000000;  // +0, or -0 in RM
    RunLits({
        {"[EMP 4] 1 + (-1)", S, kA, 0x3F800000, 0xBF800000, rms[m], z, 0},
        {"[EMP 4] -0 + -0 = -0", S, kA, 0x80000000, 0x80000000, rms[m], 0x80000000, 0},
        {"[EMP 4] +0 + -0", S, kA, 0x00000000, 0x80000000, rms[m], z, 0},
        {"[EMP 4] -0 + +0", S, kA, 0x80000000, 0x00000000, rms[m], z, 0},
    });
  }
  RunLits({
      {"[EMP 4] RN FSUB -0 - -0 = +0", S, kSb, 0x80000000, 0x80000000, 0, 0x00000000, 0},
      {"[EMP 4] RN FSUB -0 - +0 = -0", S, kSb, 0x80000000, 0x00000000, 0, 0x80000000, 0},
  });
}

TEST(FpAddEmpTest, Section5RoundingOverflowUnderflow) {
  RunLits({
      {"[EMP 5.3] RN 0x7F7FFFFF + 0x7F7FFFFF -> +inf OFC|IXC", S, kA, 0x7F7FFFFF, 0x7F7FFFFF, 0,
       0x7F800000, kOFC | kIXC},
      {"[EMP 5.3] RN negation -> -inf", S, kA, 0xFF7FFFFF, 0xFF7FFFFF, 0, 0xFF800000, kOFC | kIXC},
      {"[EMP 5.3] RP positive -> +inf", S, kA, 0x7F7FFFFF, 0x7F7FFFFF, kRP, 0x7F800000,
       kOFC | kIXC},
      {"[EMP 5.3] RP negative -> -max", S, kA, 0xFF7FFFFF, 0xFF7FFFFF, kRP, 0xFF7FFFFF,
       kOFC | kIXC},
      {"[EMP 5.3] RM positive -> +max", S, kA, 0x7F7FFFFF, 0x7F7FFFFF, kRM, 0x7F7FFFFF,
       kOFC | kIXC},
      {"[EMP 5.3] RM negative -> -inf", S, kA, 0xFF7FFFFF, 0xFF7FFFFF, kRM, 0xFF800000,
       kOFC | kIXC},
      {"[EMP 5.3] RZ positive -> +max", S, kA, 0x7F7FFFFF, 0x7F7FFFFF, kRZ, 0x7F7FFFFF,
       kOFC | kIXC},
      {"[EMP 5.3] RZ negative -> -max", S, kA, 0xFF7FFFFF, 0xFF7FFFFF, kRZ, 0xFF7FFFFF,
       kOFC | kIXC},
      {"[EMP 5.4] 1.5*2^-126 - 2^-126, FZ=1 -> +0, UFC", S, kA, 0x00C00000, 0x80800000, kFz,
       0x00000000, kUFC},
      {"[EMP 5.4] sign-swapped, FZ=1 -> -0, UFC", S, kA, 0x80C00000, 0x00800000, kFz, 0x80000000,
       kUFC},
      {"[EMP 5.4] FZ=0 -> 0x00400000 exactly, no flags", S, kA, 0x00C00000, 0x80800000, 0,
       0x00400000, 0},
      {"[EMP 5.4] FZ=1 RP: flush ignores the rounding mode -> +0, UFC", S, kA, 0x00C00000,
       0x80800000, kFz | kRP, 0x00000000, kUFC},
      {"[EMP 5.4] FZ=1 RM: positive tiny -> +0 (sign of x), UFC", S, kA, 0x00C00000, 0x80800000,
       kFz | kRM, 0x00000000, kUFC},
      {"[EMP 5.4] half 0x0600 + 0x8400, FZ16=1 -> 0x0000, UFC", H, kA, 0x0600, 0x8400, kFz16,
       0x0000, kUFC},
      {"[EMP 5.4] half 0x0600 + 0x8400, FZ=1 FZ16=0 -> 0x0200, no flags", H, kA, 0x0600, 0x8400,
       kFz, 0x0200, 0},
      {"[EMP 5.4] two denormals, FZ=0: 3 + 5 units = 0x00000008 exactly", S, kA, 0x00000003,
       0x00000005, 0, 0x00000008, 0},
      {"[EMP 5.4] H two denormals, FZ16=0: 0x0155 + 0x02AA = 0x03FF exactly", H, kA, 0x0155, 0x02AA,
       0, 0x03FF, 0},
      {"[EMP 5.4] RN 1 + 2^-24 -> 0x3F800000 (tie to even), IXC", S, kA, 0x3F800000, 0x33800000, 0,
       0x3F800000, kIXC},
      {"[EMP 5.4] RN (1+ulp) + 2^-24 -> 0x3F800002, IXC", S, kA, 0x3F800001, 0x33800000, 0,
       0x3F800002, kIXC},
      {"D output flush: 1.5*2^-1022 - 2^-1022, FZ=1 -> +0, UFC", D, kA, 0x0018000000000000,
       0x8010000000000000, kFz, 0x0, kUFC},
      {"D FZ=0: 1.5*2^-1022 - 2^-1022 = 0x0008000000000000 exactly", D, kA, 0x0018000000000000,
       0x8010000000000000, 0, 0x0008000000000000, 0},
      {"S FZ16=1 does not flush single outputs: 0x00400000, no flags", S, kA, 0x00C00000,
       0x80800000, kFz16, 0x00400000, 0},
      {"H RN 65504 + 16: tie, odd LSB rounds to 65536 -> +inf, OFC|IXC", H, kA, 0x7BFF, 0x4C00, 0,
       0x7C00, kOFC | kIXC},
      {"H RN 65504 + 15.99 (0x4BFF) -> 65504, IXC", H, kA, 0x7BFF, 0x4BFF, 0, 0x7BFF, kIXC},
      {"H RZ 65504 + 65504 -> 65504, OFC|IXC", H, kA, 0x7BFF, 0x7BFF, kRZ, 0x7BFF, kOFC | kIXC},
      {"H AHP=1 does not change overflow: 65504 + 65504 RN -> +inf OFC|IXC", H, kA, 0x7BFF, 0x7BFF,
       kAhp, 0x7C00, kOFC | kIXC},
      {"D RN max + max -> +inf", D, kA, 0x7FEFFFFFFFFFFFFF, 0x7FEFFFFFFFFFFFFF, 0,
       0x7FF0000000000000, kOFC | kIXC},
      {"D RM -max + -max -> -inf", D, kA, 0xFFEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF, kRM,
       0xFFF0000000000000, kOFC | kIXC},
      {"D RP -max + -max -> -max", D, kA, 0xFFEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF, kRP,
       0xFFEFFFFFFFFFFFFF, kOFC | kIXC},
      {"D RN 1 + 2^-53 (tie) -> 1.0, IXC", D, kA, 0x3FF0000000000000, 0x3CA0000000000000, 0,
       0x3FF0000000000000, kIXC},
      {"D RN (1+ulp) + 2^-53 -> 1+2ulp, IXC", D, kA, 0x3FF0000000000001, 0x3CA0000000000000, 0,
       0x3FF0000000000002, kIXC},
      {"H RN 1 + 2^-11 (tie) -> 1.0, IXC", H, kA, 0x3C00, 0x1000, 0, 0x3C00, kIXC},
      {"H RN (1+ulp) + 2^-11 -> 0x3C02, IXC", H, kA, 0x3C01, 0x1000, 0, 0x3C02, kIXC},
      {"H RN 2048 + 1 = 2049 is a tie in [2048,4096) (ulp 2) -> 2048, IXC", H, kA, 0x6800, 0x3C00,
       0, 0x6800, kIXC},
      {"H RN 2050 + 1 = 2051: tie, odd LSB -> 2052, IXC", H, kA, 0x6801, 0x3C00, 0, 0x6802, kIXC},
  });
}

TEST(FpAddEmpTest, Section6ScalarExamples) {
  RunLits({
      {"[EMP 6.3] FADD #0.5: 2 + 0.5 = 2.5", S, kA, 0x40000000, 0x3F000000, 0, 0x40200000, 0},
      {"[EMP 6.3] FADD #1.0: 2 + 1 = 3", S, kA, 0x40000000, 0x3F800000, 0, 0x40400000, 0},
      {"[EMP 6.3] H 1 + 1 = 0x4000", H, kA, 0x3C00, 0x3C00, 0, 0x4000, 0},
      {"[EMP 6.4] FSUBR 1,3 = FPSub(3, 1) = 2", S, kSb, 0x40400000, 0x3F800000, 0, 0x40000000, 0},
      {"[EMP 6.4] FSUBR #1.0 on 2 = FPSub(1, 2) = -1", S, kSb, 0x3F800000, 0x40000000, 0,
       0xBF800000, 0},
      {"[EMP 6.6] FADDA step -1e8 + 1e8 = +0 (exact cancellation, RN)", S, kA, 0xCCBEBC20,
       0x4CBEBC20, 0, 0x00000000, 0},
      {"[EMP 6.6] FADDA step +0 + 1 = 1", S, kA, 0x00000000, 0x3F800000, 0, 0x3F800000, 0},
      {"1e8 + 1 = 100000001 rounds to 1e8 (ulp 8 at 2^26), IXC: the non-strict order differs", S,
       kA, 0x4CBEBC20, 0x3F800000, 0, 0x4CBEBC20, kIXC},
      {"[EMP 6.5] FADDP lane: 0 + 1 = 1", S, kA, 0x00000000, 0x3F800000, 0, 0x3F800000, 0},
      {"[EMP 6.5] FADDP lane: 100 + 101 = 201", S, kA, 0x42C80000, 0x42CA0000, 0, 0x43490000, 0},
  });
}

// fp.h contract: operand bits above fp_width(f) are ignored and the result's upper bits are 0.
TEST(FpAddApiTest, UpperOperandBitsIgnored) {
  RunLits({
      {"H: 1 + 1 = 2 with junk above bit 15", H, kA, 0xFFFFFFFFFFFF3C00, 0x123456789ABC3C00, 0,
       0x4000, 0},
      {"H: sNaN with junk above bit 15 -> 0x7E01, IOC", H, kA, 0xABCD7C01, 0x3C00, 0, 0x7E01, kIOC},
      {"H FSUB: 1 - 1 with junk -> +0", H, kSb, 0xFFFF3C00, 0x00013C00, 0, 0x0000, 0},
      {"S: 1 + 1 = 2 with junk above bit 31", S, kA, 0xFFFFFFFF3F800000, 0x800000003F800000, 0,
       0x40000000, 0},
      {"S: -1 + -1 = -2 with junk (upper result bits zero)", S, kA, 0xFFFFFFFFBF800000,
       0x00000001BF800000, 0, 0xC0000000, 0},
  });
}

}  // namespace
}  // namespace vfadd
