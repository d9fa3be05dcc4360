// SPDX-License-Identifier: Apache-2.0
// Exhaustive half-precision FpAdd against an independent reference (docs/semantics.md
// sections 3-5, FZ16 = 0, DN = 0, AH = 0).
//
// The reference is deliberately simple and shares nothing with the model:
//  * NaNs: sNaN(op1) > sNaN(op2) > qNaN(op1) > qNaN(op2); an sNaN is quieted (bit 9) with IOC.
//  * infinities: opposite signs -> default NaN 0x7E00 with IOC; otherwise the infinity, no flags.
//  * finite: the exact sum in double arithmetic (every half is k * 2^-24 with |k| < 2^35, so the
//    sum is exact), then a correctly rounded conversion done by the host FPU in the same
//    rounding mode (fesetround): quantum q = 2^(max(ilogb(x), -14) - 10), r = nearbyint(x / q),
//    y = r * q (the scalings by powers of two are exact); |y| > 65504 is an overflow (infinity
//    or the largest finite value by mode, OFC|IXC); IXC iff y != x; the result is encoded by
//    hand. An exact zero is +0 (-0 in RM), except that zero + zero of the same sign keeps it.
//
// The quick test covers a fixed slice (>= 2^24 pairs per mode); LongTierAllPairs covers all
// 2^32 operand pairs in each of the four rounding modes, on two threads.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cfenv>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "vfadd/fp.h"

// The reference changes the host rounding mode at run time; tell GCC not to assume
// round-to-nearest in the code that depends on it.
#if defined(__GNUC__) && !defined(__clang__)
#define VFADD_ROUNDING_MATH __attribute__((optimize("rounding-math")))
#else
#define VFADD_ROUNDING_MATH
#endif

namespace vfadd {
namespace {

constexpr uint32_t kNumThreads = 2;
constexpr int kHostModes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
constexpr RMode kModes[4] = {RMode::kRN, RMode::kRP, RMode::kRM, RMode::kRZ};
const char* ModeName(RMode m) {
  static const char* const kNames[4] = {"RN", "RP", "RM", "RZ"};
  return kNames[static_cast<int>(m)];
}

// ---------------------------------------------------------------------------------------------
// Independent half-precision helpers.
bool HIsNaN(uint32_t h) { return (h & 0x7C00) == 0x7C00 && (h & 0x03FF) != 0; }
bool HIsSNaN(uint32_t h) { return HIsNaN(h) && (h & 0x0200) == 0; }
bool HIsInf(uint32_t h) { return (h & 0x7FFF) == 0x7C00; }
bool HIsZero(uint32_t h) { return (h & 0x7FFF) == 0; }

double HalfValue(uint32_t h) {
  const uint32_t e = (h >> 10) & 0x1F, f = h & 0x3FF;
  const double mag = e == 0 ? std::ldexp(static_cast<double>(f), -24)
                            : std::ldexp(static_cast<double>(f | 0x400), static_cast<int>(e) - 25);
  return (h & 0x8000) ? -mag : mag;
}

// Values of every finite encoding (NaN/infinity entries unused).
const std::vector<double>& HalfTable() {
  static const std::vector<double> table = [] {
    std::vector<double> t(65536);
    for (uint32_t h = 0; h < 65536; ++h) {
      t[h] = (h & 0x7C00) == 0x7C00 ? 0.0 : HalfValue(h);
    }
    return t;
  }();
  return table;
}

// Exact powers of two 2^k for k in [-24, 6] (the quantum) and their inverses.
struct Pow2Table {
  double q[31], inv[31];
  Pow2Table() {
    for (int k = -24; k <= 6; ++k) {
      q[k + 24] = std::ldexp(1.0, k);
      inv[k + 24] = std::ldexp(1.0, -k);
    }
  }
};
const Pow2Table kPow2;

// ilogb of a non-zero, normal double (every non-zero half sum is one), from its exponent field.
int Ilogb(double x) {
  uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return static_cast<int>((u >> 52) & 0x7FF) - 1023;
}

struct Expect {
  uint32_t bits;
  uint32_t flags;
};

// Reference FPAdd for half precision; the host rounding mode must already match `m`.
VFADD_ROUNDING_MATH Expect RefAdd(uint32_t a, uint32_t b, RMode m, const double* val) {
  if (HIsNaN(a) || HIsNaN(b)) {
    if (HIsSNaN(a)) return {a | 0x0200, kIOC};
    if (HIsSNaN(b)) return {b | 0x0200, kIOC};
    return {HIsNaN(a) ? a : b, 0};
  }
  if (HIsInf(a) && HIsInf(b) && ((a ^ b) & 0x8000)) return {0x7E00, kIOC};
  if (HIsInf(a)) return {a, 0};
  if (HIsInf(b)) return {b, 0};
  const double x = val[a] + val[b];  // exact
  if (x == 0.0) {
    if (HIsZero(a) && HIsZero(b) && a == b) return {a, 0};
    return {m == RMode::kRM ? 0x8000u : 0x0000u, 0};
  }
  const int k = std::max(Ilogb(x), -14) - 10;              // quantum exponent
  const double r = std::nearbyint(x * kPow2.inv[k + 24]);  // correctly rounded in host mode
  const double y = r * kPow2.q[k + 24];
  const uint32_t sign = x < 0 ? 0x8000 : 0;
  const double ay = std::fabs(y);
  if (ay > 65504.0) {
    const bool to_inf = m == RMode::kRN || (m == RMode::kRP && !sign) || (m == RMode::kRM && sign);
    return {sign | (to_inf ? 0x7C00u : 0x7BFFu), kOFC | kIXC};
  }
  const uint32_t ixc = y != x ? static_cast<uint32_t>(kIXC) : 0u;
  uint32_t enc;
  if (ay < 0x1p-14) {
    enc = static_cast<uint32_t>(ay * 0x1p24);  // subnormal: fraction in units of 2^-24
  } else {
    const int e = Ilogb(ay);  // may exceed Ilogb(x) by one after rounding up
    const uint32_t sig = static_cast<uint32_t>(ay * kPow2.inv[e - 10 + 24]);  // 1024..2047
    enc = (static_cast<uint32_t>(e + 15) << 10) | (sig - 0x400);
  }
  return {sign | enc, ixc};
}

std::string Hex16(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%04" PRIx32, v);
  return buf;
}

// ---------------------------------------------------------------------------------------------
// The sweep: a list of work items, each one operand fixed and the other over all 65536 values.
struct Item {
  RMode mode;
  uint32_t fixed;
  bool fixed_is_op1;
};

struct Sweep {
  std::vector<Item> items;
  std::atomic<size_t> next{0};
  std::atomic<uint64_t> pairs_done{0};
  std::atomic<uint64_t> mismatches{0};
  std::mutex mu;
  std::vector<std::string> reports;  // first few mismatches

  void Report(RMode m, uint32_t a, uint32_t b, const Expect& want, const FpResult& got) {
    std::lock_guard<std::mutex> lock(mu);
    if (reports.size() >= 12) return;
    reports.push_back(
        std::string(ModeName(m)) + " FADD " + Hex16(a) + " (" + DescribeValue(Fmt::kH, a) + ") + " +
        Hex16(b) + " (" + DescribeValue(Fmt::kH, b) + "): got " +
        Hex16(static_cast<uint32_t>(got.bits)) + " (" + DescribeValue(Fmt::kH, got.bits) + ") " +
        FlagNames(got.flags) + ", want " + Hex16(want.bits) + " (" +
        DescribeValue(Fmt::kH, want.bits) + ") " + FlagNames(want.flags));
  }

  void Worker() {
    const double* val = HalfTable().data();
    int host_mode = -1;
    for (;;) {
      const size_t i = next.fetch_add(1);
      if (i >= items.size()) break;
      const Item& it = items[i];
      const int mi = static_cast<int>(it.mode);
      if (host_mode != mi) {
        std::fesetround(kHostModes[mi]);
        host_mode = mi;
      }
      const Fpcr fpcr{static_cast<uint32_t>(it.mode) << 22};
      uint64_t bad = 0;
      for (uint32_t v = 0; v < 65536; ++v) {
        const uint32_t a = it.fixed_is_op1 ? it.fixed : v;
        const uint32_t b = it.fixed_is_op1 ? v : it.fixed;
        const Expect want = RefAdd(a, b, it.mode, val);
        const FpResult got = FpAdd(Fmt::kH, a, b, fpcr);
        if (got.bits != want.bits || got.flags != want.flags) {
          ++bad;
          Report(it.mode, a, b, want, got);
        }
      }
      mismatches.fetch_add(bad);
      pairs_done.fetch_add(65536);
    }
    std::fesetround(FE_TONEAREST);
  }

  // Runs the items on kNumThreads threads; with `progress`, prints to stderr every few seconds.
  void Run(bool progress) {
    const uint64_t total = static_cast<uint64_t>(items.size()) * 65536;
    std::vector<std::thread> threads;
    for (uint32_t t = 0; t < kNumThreads; ++t) threads.emplace_back([this] { Worker(); });
    const auto start = std::chrono::steady_clock::now();
    auto last = start;
    while (progress && pairs_done.load() < total) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(5)) continue;
      last = now;
      const double secs = std::chrono::duration<double>(now - start).count();
      const double done = static_cast<double>(pairs_done.load());
      const double rate = done / secs;
      std::fprintf(stderr,
                   "fp16 exhaustive: %5.1f%% done, %.1f Mpairs/s, ETA %.0f s, %" PRIu64
                   " mismatches so far\n",
                   100.0 * done / static_cast<double>(total), rate / 1e6,
                   rate > 0 ? (static_cast<double>(total) - done) / rate : 0.0, mismatches.load());
    }
    for (std::thread& t : threads) t.join();
  }

  void Expect_NoMismatch() {
    std::string all;
    for (const std::string& s : reports) all += "  " + s + "\n";
    EXPECT_EQ(mismatches.load(), 0u)
        << mismatches.load() << " mismatches in " << pairs_done.load() << " pairs; first:\n"
        << all;
  }
};

// Encodings worth crossing with everything: zeros, subnormal/normal boundaries, 1.0 and its
// neighbours, half-ulp values, the overflow boundary, infinities and NaNs of both kinds.
const uint32_t kSpecials[] = {
    0x0000, 0x8000, 0x0001, 0x8001, 0x0002, 0x0200, 0x03FF, 0x83FF, 0x0400, 0x8400,
    0x0401, 0x07FF, 0x1000, 0x1001, 0x0FFF, 0x3BFF, 0x3C00, 0xBC00, 0x3C01, 0xBC01,
    0x3FFF, 0x4000, 0x4C00, 0x4BFF, 0x6800, 0x7800, 0x7BFE, 0x7BFF, 0xFBFF, 0x7C00,
    0xFC00, 0x7C01, 0xFC01, 0x7DFF, 0xFDFF, 0x7E00, 0xFE00, 0x7E01, 0x7FFF, 0xFFFF,
};

TEST(Fp16ReferenceTest, SelfCheck) {
  // Guard the harness itself with a few hand-derived cases (sections 3-5).
  const double* val = HalfTable().data();
  struct Case {
    uint32_t a, b;
    RMode m;
    Expect want;
  } const cases[] = {
      {0x3C00, 0x1000, RMode::kRN, {0x3C00, kIXC}},         // 1 + 2^-11: tie, even 1.0
      {0x3C01, 0x1000, RMode::kRN, {0x3C02, kIXC}},         // (1+ulp) + 2^-11: tie, odd -> up
      {0x3C00, 0x1000, RMode::kRP, {0x3C01, kIXC}},         // RP rounds up
      {0xBC00, 0x9000, RMode::kRM, {0xBC01, kIXC}},         // RM, negative: magnitude up
      {0x7BFF, 0x4C00, RMode::kRN, {0x7C00, kOFC | kIXC}},  // 65504 + 16 -> 65536 -> inf
      {0x7BFF, 0x4C00, RMode::kRZ, {0x7BFF, kIXC}},         // RZ: max, no overflow
      {0x7BFF, 0x7BFF, RMode::kRM, {0x7BFF, kOFC | kIXC}},  // RM positive overflow -> max
      {0xFBFF, 0xFBFF, RMode::kRP, {0xFBFF, kOFC | kIXC}},  // RP negative overflow -> -max
      {0x0600, 0x8400, RMode::kRN, {0x0200, 0}},            // exact subnormal
      {0x03FF, 0x0001, RMode::kRN, {0x0400, 0}},            // subnormal carries into normal
      {0x3C00, 0xBC00, RMode::kRM, {0x8000, 0}},            // exact zero in RM -> -0
      {0x8000, 0x8000, RMode::kRN, {0x8000, 0}},            // -0 + -0
      {0x8000, 0x0000, RMode::kRN, {0x0000, 0}},            // -0 + +0
      {0x7C00, 0xFC00, RMode::kRN, {0x7E00, kIOC}},         // inf - inf
      {0x7E05, 0xFD03, RMode::kRN, {0xFF03, kIOC}},         // sNaN(op2) beats qNaN(op1)
      {0x7D01, 0x3C00, RMode::kRN, {0x7F01, kIOC}},         // [EMP] 0x7d01 -> 0x7f01
  };
  for (const Case& c : cases) {
    std::fesetround(kHostModes[static_cast<int>(c.m)]);
    const Expect got = RefAdd(c.a, c.b, c.m, val);
    std::fesetround(FE_TONEAREST);
    EXPECT_TRUE(got.bits == c.want.bits && got.flags == c.want.flags)
        << ModeName(c.m) << " " << Hex16(c.a) << " + " << Hex16(c.b) << ": reference gives "
        << Hex16(got.bits) << " " << FlagNames(got.flags);
  }
}

// Quick tier: per rounding mode, 256 op1 values (one per high byte, low byte scrambled) against
// every op2 (2^24 pairs), plus every special value crossed with every encoding on both sides.
TEST(Fp16ExhaustiveTest, SampledSliceAllModes) {
  Sweep sweep;
  for (RMode m : kModes) {
    for (uint32_t hi = 0; hi < 256; ++hi) {
      sweep.items.push_back({m, (hi << 8) | ((hi * 0x9Du + 0x3Bu) & 0xFFu), true});
    }
    for (uint32_t s : kSpecials) {
      sweep.items.push_back({m, s, true});
      sweep.items.push_back({m, s, false});
    }
  }
  sweep.Run(false);
  EXPECT_GE(sweep.pairs_done.load(), 4u * (1u << 24));
  sweep.Expect_NoMismatch();
}

// Long tier: all 2^32 pairs in each of the four rounding modes.
TEST(Fp16ExhaustiveTest, LongTierAllPairs) {
  Sweep sweep;
  for (RMode m : kModes) {
    for (uint32_t a = 0; a < 65536; ++a) sweep.items.push_back({m, a, true});
  }
  sweep.Run(true);
  EXPECT_EQ(sweep.pairs_done.load(), 4ull << 32);
  sweep.Expect_NoMismatch();
}

}  // namespace
}  // namespace vfadd
