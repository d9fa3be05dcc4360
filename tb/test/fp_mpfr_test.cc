// SPDX-License-Identifier: Apache-2.0
// Random FpAdd/FpSub results cross-checked against GNU MPFR (docs/semantics.md section 5).
//
// Scope: finite, non-flushed operands (FZ = FZ16 = 0, DN = 0; the generators never produce NaN or
// infinity operands), all four rounding modes, H/S/D, both operations. The reference is MPFR at
// the format's precision with the exponent range of the format and mpfr_subnormalize (the MPFR
// manual's IEEE-emulation recipe: emin = emin_fmt - F + 1, emax = emax_fmt + 1 in MPFR's
// [0.5, 1) significand convention). Bits are compared exactly; flags must be exactly IXC iff the
// ternary value is non-zero, plus OFC iff MPFR overflowed; never UFC, IOC or IDC (section 5.4:
// tiny sums are exact). MPFR's overflow results (inf, or the largest finite value for RZ and the
// directed mode rounding towards zero) are the same as Arm's `overflow_to_inf` rule of section 5.1.
//
// Exact-zero results are not taken from MPFR: they are checked against the section 4 rule written
// out here (same-sign zero + zero keeps the sign, any other exact zero is +0, or -0 in RM).
// NaN/infinity operands and flush modes are left to fp_directed_test.cc and
// fp16_exhaustive_test.cc.

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "vfadd/fp.h"

namespace vfadd {
namespace {

constexpr int kQuickCases = 200000;  // per format per rounding mode
constexpr int kLongCases = 100 * kQuickCases;

uint64_t SplitMix64(uint64_t* state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct Rng {
  uint64_t state;
  uint64_t Next() { return SplitMix64(&state); }
  // Uniform in [0, n) (n > 0; the modulo bias is irrelevant here).
  uint64_t Below(uint64_t n) { return Next() % n; }
  int64_t Range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(Below(hi - lo + 1)); }
  bool Bit() { return Next() >> 63; }
};

// Format geometry and encodings.
struct Fx {
  explicit Fx(Fmt fmt) : f(fmt), ebits(exp_bits(fmt)), fbits(man_bits(fmt)), bias_v(bias(fmt)) {}
  Fmt f;
  int ebits, fbits, bias_v;
  uint64_t MaxBe() const { return (uint64_t{1} << ebits) - 2; }  // largest finite biased exp
  uint64_t FracMask() const { return (uint64_t{1} << fbits) - 1; }
  uint64_t SignBit() const { return uint64_t{1} << (ebits + fbits); }
  int Emin() const { return 1 - bias_v; }
  uint64_t Enc(bool s, uint64_t be, uint64_t frac) const {
    return (s ? SignBit() : 0) | (be << fbits) | (frac & FracMask());
  }
  bool Sign(uint64_t x) const { return (x & SignBit()) != 0; }
  uint64_t Be(uint64_t x) const { return (x >> fbits) & ((uint64_t{1} << ebits) - 1); }
  uint64_t Frac(uint64_t x) const { return x & FracMask(); }
  bool IsZero(uint64_t x) const { return (x & ~SignBit()) == 0; }
};

std::string Hex(Fmt f, uint64_t v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "0x%0*" PRIx64, fp_width(f) / 4, v);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// Biased operand generators (never NaN or infinity).
uint64_t ClampBe(const Fx& x, int64_t be) {
  if (be < 0) return 0;
  if (be > static_cast<int64_t>(x.MaxBe())) return x.MaxBe();
  return static_cast<uint64_t>(be);
}

// A fraction that is random, sparse (few bits: ties and exact cases), or near all-zeros/all-ones.
uint64_t RandFrac(const Fx& x, Rng& r) {
  switch (r.Below(6)) {
    case 0:
    case 1:
      return r.Next() & x.FracMask();
    case 2:  // one or two random bits
      return ((uint64_t{1} << r.Below(x.fbits)) | (r.Bit() ? uint64_t{1} << r.Below(x.fbits) : 0)) &
             x.FracMask();
    case 3:  // top bits only
      return (r.Next() & x.FracMask()) & ~((uint64_t{1} << r.Below(x.fbits)) - 1);
    case 4:  // near all ones
      return x.FracMask() - r.Below(4);
    default:  // near zero
      return r.Below(4);
  }
}

struct Pair {
  uint64_t a, b;
};

Pair RandPair(const Fx& x, Rng& r) {
  const int F = x.fbits;
  Pair p{};
  switch (r.Below(8)) {
    case 0: {  // random finite encodings
      do p.a = r.Next() & (x.SignBit() * 2 - 1);
      while (x.Be(p.a) > x.MaxBe());
      do p.b = r.Next() & (x.SignBit() * 2 - 1);
      while (x.Be(p.b) > x.MaxBe());
      break;
    }
    case 1: {  // near-equal exponents, opposite signs: cancellation
      const int64_t be = r.Range(1, x.MaxBe());
      const bool s = r.Bit();
      p.a = x.Enc(s, be, RandFrac(x, r));
      p.b = x.Enc(!s, ClampBe(x, be + r.Range(-1, 1)), RandFrac(x, r));
      break;
    }
    case 2: {  // massive cancellation: b = -a with a few low fraction bits changed
      const int64_t be = r.Range(1, x.MaxBe());
      const bool s = r.Bit();
      const uint64_t fa = r.Next() & x.FracMask();
      p.a = x.Enc(s, be, fa);
      p.b = x.Enc(!s, be, fa ^ (r.Next() & ((uint64_t{1} << r.Below(F + 1)) - 1)));
      break;
    }
    case 3: {  // exponent difference around the significand width (guard/round/sticky, ties)
      const int64_t be = r.Range(1, x.MaxBe());
      p.a = x.Enc(r.Bit(), be, RandFrac(x, r));
      p.b = x.Enc(r.Bit(), ClampBe(x, be - r.Range(F - 3, F + 4)), RandFrac(x, r));
      break;
    }
    case 4: {  // any exponent difference up to F+3, sparse fractions
      const int64_t be = r.Range(1, x.MaxBe());
      p.a = x.Enc(r.Bit(), be, RandFrac(x, r));
      p.b = x.Enc(r.Bit(), ClampBe(x, be - r.Range(0, F + 3)), RandFrac(x, r));
      break;
    }
    case 5: {  // subnormals and the bottom of the normal range
      p.a = x.Enc(r.Bit(), r.Below(3), RandFrac(x, r));
      p.b = x.Enc(r.Bit(), r.Below(3), RandFrac(x, r));
      break;
    }
    case 6: {  // near overflow
      p.a = x.Enc(r.Bit(), x.MaxBe() - r.Below(3), RandFrac(x, r));
      p.b = x.Enc(r.Below(4) == 0 ? !x.Sign(p.a) : x.Sign(p.a),
                  ClampBe(x, x.MaxBe() - r.Range(0, F + 2)), RandFrac(x, r));
      break;
    }
    default: {  // a normal plus a subnormal or a tiny normal (huge exponent difference)
      p.a = x.Enc(r.Bit(), r.Range(1, x.MaxBe()), RandFrac(x, r));
      p.b = x.Enc(r.Bit(), r.Below(3), RandFrac(x, r));
      break;
    }
  }
  if (r.Bit()) std::swap(p.a, p.b);
  return p;
}

// ---------------------------------------------------------------------------------------------
// MPFR reference.
mpfr_rnd_t MpfrMode(RMode m) {
  switch (m) {
    case RMode::kRN:
      return MPFR_RNDN;
    case RMode::kRP:
      return MPFR_RNDU;
    case RMode::kRM:
      return MPFR_RNDD;
    default:
      return MPFR_RNDZ;
  }
}

class MpfrRef {
 public:
  explicit MpfrRef(const Fx& x) : x_(x) {
    saved_emin_ = mpfr_get_emin();
    saved_emax_ = mpfr_get_emax();
    // IEEE emulation: MPFR exponents are those of a [0.5, 1) significand.
    mpfr_set_emin(x.Emin() - x.fbits + 1);
    mpfr_set_emax(x.bias_v + 1);
    mpfr_init2(a_, x.fbits + 1);
    mpfr_init2(b_, x.fbits + 1);
    mpfr_init2(r_, x.fbits + 1);
    mpfr_init2(t_, x.fbits + 2);
  }
  ~MpfrRef() {
    mpfr_clears(a_, b_, r_, t_, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_emin(saved_emin_);
    mpfr_set_emax(saved_emax_);
  }
  MpfrRef(const MpfrRef&) = delete;
  MpfrRef& operator=(const MpfrRef&) = delete;

  // Returns false if the exact result is zero (not compared against MPFR). Otherwise the
  // expected bits and flags, and in *underflow whether the result was tiny and inexact.
  bool Compute(bool sub, uint64_t a, uint64_t b, RMode m, uint64_t* bits, uint32_t* flags,
               bool* underflow, bool* tie) {
    Set(a_, a);
    Set(b_, b);
    const mpfr_rnd_t rnd = MpfrMode(m);
    mpfr_clear_flags();
    int t = sub ? mpfr_sub(r_, a_, b_, rnd) : mpfr_add(r_, a_, b_, rnd);
    t = mpfr_subnormalize(r_, t, rnd);
    if (mpfr_zero_p(r_)) return false;
    // MPFR 4.2 raises its underflow flag for any subnormal result, exact or not; only a tiny
    // *inexact* result would be an Arm Underflow (section 5.1 step 3, with UFE = 0).
    *underflow = mpfr_underflow_p() != 0 && t != 0;
    *flags = (t != 0 ? static_cast<uint32_t>(kIXC) : 0u) |
             (mpfr_overflow_p() ? static_cast<uint32_t>(kOFC) : 0u);
    *bits = Get(r_);
    // A tie (exact sum halfway between two neighbours): inexact at precision F+1 but exact at
    // F+2. Only a statistic of the generator (normal results only; tiny sums are exact).
    const int t2 = sub ? mpfr_sub(t_, a_, b_, MPFR_RNDZ) : mpfr_add(t_, a_, b_, MPFR_RNDZ);
    *tie = t != 0 && t2 == 0 && !mpfr_overflow_p();
    return true;
  }

 private:
  // Exact: the significand has at most F+1 bits and the value is inside the exponent range.
  void Set(mpfr_ptr out, uint64_t v) {
    const uint64_t be = x_.Be(v), frac = x_.Frac(v);
    if (be == 0 && frac == 0) {
      mpfr_set_zero(out, x_.Sign(v) ? -1 : 1);
      return;
    }
    const uint64_t sig = be == 0 ? frac : frac | (uint64_t{1} << x_.fbits);
    const long exp = (be == 0 ? x_.Emin() : static_cast<long>(be) - x_.bias_v) - x_.fbits;
    mpfr_set_ui_2exp(out, static_cast<unsigned long>(sig), exp, MPFR_RNDN);
    if (x_.Sign(v)) mpfr_neg(out, out, MPFR_RNDN);
  }
  // Encodes a non-zero MPFR value of the format (exactly representable in a double).
  uint64_t Get(mpfr_srcptr v) {
    const bool s = mpfr_signbit(v) != 0;
    if (mpfr_inf_p(v)) return x_.Enc(s, x_.MaxBe() + 1, 0);
    const double m = std::fabs(mpfr_get_d(v, MPFR_RNDN));
    const int e = std::ilogb(m);
    if (e < x_.Emin()) {
      return x_.Enc(s, 0, static_cast<uint64_t>(std::ldexp(m, x_.fbits - x_.Emin())));
    }
    const uint64_t sig = static_cast<uint64_t>(std::ldexp(m, x_.fbits - e));
    return x_.Enc(s, static_cast<uint64_t>(e + x_.bias_v), sig - (uint64_t{1} << x_.fbits));
  }

  const Fx& x_;
  mpfr_exp_t saved_emin_, saved_emax_;
  mpfr_t a_, b_, r_, t_;  // t_: one bit more precision, to recognise ties
};

// Section 4 exact-zero rule (operands finite, exact result zero).
uint64_t ExpectedZero(const Fx& x, bool sub, uint64_t a, uint64_t b, RMode m) {
  const bool sa = x.Sign(a), sb = x.Sign(b) != sub;  // sign of the effective second addend
  if (x.IsZero(a) && x.IsZero(b) && sa == sb) return x.Enc(sa, 0, 0);
  return x.Enc(m == RMode::kRM, 0, 0);
}

const char* ModeName(RMode m) {
  static const char* const kNames[4] = {"RN", "RP", "RM", "RZ"};
  return kNames[static_cast<int>(m)];
}

class FpMpfrTest : public ::testing::TestWithParam<std::tuple<Fmt, RMode>> {
 protected:
  void RunRandom(int cases, uint64_t seed_salt) {
    const Fmt f = std::get<0>(GetParam());
    const RMode m = std::get<1>(GetParam());
    const Fx x(f);
    MpfrRef ref(x);
    Rng rng{0x5EEDF00Dull ^ (static_cast<uint64_t>(f) << 40) ^ (static_cast<uint64_t>(m) << 48) ^
            seed_salt};
    const Fpcr fpcr{static_cast<uint32_t>(m) << 22};
    int64_t mismatches = 0, inexact = 0, overflow = 0, zero = 0, subnormal = 0, underflow = 0;
    int64_t ties = 0;
    std::vector<std::string> reports;
    for (int i = 0; i < cases; ++i) {
      const Pair p = RandPair(x, rng);
      const bool sub = (i & 1) != 0;
      const FpResult got = sub ? FpSub(f, p.a, p.b, fpcr) : FpAdd(f, p.a, p.b, fpcr);
      uint64_t want = 0;
      uint32_t want_flags = 0;
      bool uf = false, tie = false;
      if (ref.Compute(sub, p.a, p.b, m, &want, &want_flags, &uf, &tie)) {
        underflow += uf;
        ties += tie;
      } else {
        want = ExpectedZero(x, sub, p.a, p.b, m);
        ++zero;
      }
      inexact += (want_flags & kIXC) != 0;
      overflow += (want_flags & kOFC) != 0;
      subnormal += x.Be(want) == 0 && !x.IsZero(want);
      if (got.bits != want || got.flags != want_flags) {
        if (++mismatches <= 10) {
          reports.push_back(
              std::string(1, FmtLetter(f)) + " " + ModeName(m) + (sub ? " FSUB " : " FADD ") +
              Hex(f, p.a) + " (" + DescribeValue(f, p.a) + ") " + (sub ? "- " : "+ ") +
              Hex(f, p.b) + " (" + DescribeValue(f, p.b) + "): got " + Hex(f, got.bits) + " (" +
              DescribeValue(f, got.bits) + ") " + FlagNames(got.flags) + ", want " + Hex(f, want) +
              " (" + DescribeValue(f, want) + ") " + FlagNames(want_flags));
        }
      }
    }
    std::string all;
    for (const std::string& s : reports) all += "  " + s + "\n";
    EXPECT_EQ(mismatches, 0) << mismatches << " mismatches in " << cases << " cases; first:\n"
                             << all;
    // Section 5.4: no tiny inexact sum exists.
    EXPECT_EQ(underflow, 0) << "MPFR found a tiny inexact sum: section 5.4 would be wrong";
    // The generators must actually reach the interesting regions.
    EXPECT_GT(inexact, cases / 10);
    EXPECT_GT(overflow, cases / 1000);
    EXPECT_GT(zero, cases / 1000);
    EXPECT_GT(subnormal, cases / 100);
    EXPECT_GT(ties, cases / 100);
    std::printf("%c %s: %d cases, %" PRId64 " inexact, %" PRId64 " ties, %" PRId64
                " overflow, %" PRId64 " exact zero, %" PRId64 " subnormal results\n",
                FmtLetter(f), ModeName(m), cases, inexact, ties, overflow, zero, subnormal);
  }
};

TEST_P(FpMpfrTest, RandomFiniteMatchesMpfr) { RunRandom(kQuickCases, 0); }

TEST_P(FpMpfrTest, LongTierRandomFiniteMatchesMpfr) {
  RunRandom(kLongCases, 0x10A6'0000'0000'0000ull);
}

std::string ParamName(const ::testing::TestParamInfo<FpMpfrTest::ParamType>& info) {
  return std::string(1, FmtLetter(std::get<0>(info.param))) + "_" +
         ModeName(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(AllFormatsAllModes, FpMpfrTest,
                         ::testing::Combine(::testing::Values(Fmt::kH, Fmt::kS, Fmt::kD),
                                            ::testing::Values(RMode::kRN, RMode::kRP, RMode::kRM,
                                                              RMode::kRZ)),
                         ParamName);

}  // namespace
}  // namespace vfadd
