// SPDX-License-Identifier: Apache-2.0
// The C ABI of libvfadd (vfadd/vfadd.h), called as a C program would, linked against the shared
// library. Expected values are hand-derived from the architecture (FP encodings, the examples of
// docs/semantics.md marked EMP, the trace format's example line, the A64
// encodings of section 7) or computed on the host FPU where IEEE and Arm agree (normal operands,
// no NaN); never by the model.
#include <gtest/gtest.h>

#include <array>
#include <cfenv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "vfadd/vfadd.h"

namespace {

constexpr uint32_t kRN = 0u << VFADD_FPCR_RMODE_SHIFT, kRP = 1u << VFADD_FPCR_RMODE_SHIFT,
                   kRM = 2u << VFADD_FPCR_RMODE_SHIFT, kRZ = 3u << VFADD_FPCR_RMODE_SHIFT;
constexpr uint32_t kOverflow = VFADD_FPSR_OFC | VFADD_FPSR_IXC;

struct Scalar {
  vfadd_status status;
  uint64_t bits;
  uint32_t fpsr;
};

Scalar Add(int fmt, uint64_t a, uint64_t b, uint32_t fpcr = 0) {
  Scalar s{VFADD_OK, 0xdead, 0xdead};
  s.status = vfadd_fp_add(fmt, a, b, fpcr, &s.bits, &s.fpsr);
  return s;
}

Scalar Sub(int fmt, uint64_t a, uint64_t b, uint32_t fpcr = 0) {
  Scalar s{VFADD_OK, 0xdead, 0xdead};
  s.status = vfadd_fp_sub(fmt, a, b, fpcr, &s.bits, &s.fpsr);
  return s;
}

void ExpectScalar(const Scalar& s, uint64_t bits, uint32_t fpsr) {
  EXPECT_EQ(s.status, VFADD_OK) << vfadd_strerror(s.status);
  EXPECT_EQ(s.bits, bits) << std::hex << "got 0x" << s.bits << ", expected 0x" << bits;
  EXPECT_EQ(s.fpsr, fpsr) << std::hex << "got 0x" << s.fpsr << ", expected 0x" << fpsr;
}

uint32_t F32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

uint64_t F64(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

// FPSR flags of the host's IEEE exceptions.
uint32_t HostFlags() {
  uint32_t f = 0;
  if (std::fetestexcept(FE_INEXACT)) f |= VFADD_FPSR_IXC;
  if (std::fetestexcept(FE_OVERFLOW)) f |= VFADD_FPSR_OFC;
  if (std::fetestexcept(FE_INVALID)) f |= VFADD_FPSR_IOC;
  return f;
}

TEST(CapiVersion, AbiAndRelease) {
  EXPECT_EQ(vfadd_abi_version(), VFADD_ABI_VERSION);
  EXPECT_STREQ(vfadd_version(), VFADD_EXPECTED_VERSION);  // the project() version of the build
}

TEST(CapiStrerror, EveryStatusHasItsOwnText) {
  std::set<std::string> texts;
  for (int st = VFADD_OK; st <= VFADD_E_INTERNAL; ++st) {
    const std::string t = vfadd_strerror(st);
    EXPECT_FALSE(t.empty());
    EXPECT_NE(t, "unknown status") << st;
    texts.insert(t);
  }
  EXPECT_EQ(texts.size(), 8u);
  EXPECT_STREQ(vfadd_strerror(VFADD_OK), "success");
  EXPECT_STREQ(vfadd_strerror(-1), "unknown status");
  EXPECT_STREQ(vfadd_strerror(8), "unknown status");
  EXPECT_NE(std::string(vfadd_strerror(VFADD_E_VL)).find("128"), std::string::npos);
}

TEST(CapiOps, NamesInTraceOrder) {
  const char* const names[] = {"fadd",  "fadd_u",  "fadd_i", "fsub",  "fsub_u", "fsub_i",
                               "fsubr", "fsubr_i", "faddp",  "fadda", "faddv"};
  ASSERT_EQ(sizeof names / sizeof names[0], static_cast<size_t>(VFADD_NUM_OPS));
  for (int op = 0; op < VFADD_NUM_OPS; ++op) {
    EXPECT_STREQ(vfadd_op_name(op), names[op]);
    int back = -1;
    EXPECT_EQ(vfadd_op_parse(names[op], &back), VFADD_OK);
    EXPECT_EQ(back, op);
  }
  EXPECT_EQ(vfadd_op_name(-1), nullptr);
  EXPECT_EQ(vfadd_op_name(VFADD_NUM_OPS), nullptr);
  int op = 77;
  EXPECT_EQ(vfadd_op_parse("FADD", &op), VFADD_E_OP);
  EXPECT_EQ(vfadd_op_parse("", &op), VFADD_E_OP);
  EXPECT_EQ(vfadd_op_parse("fadd ", &op), VFADD_E_OP);
  EXPECT_EQ(op, 77);
  EXPECT_EQ(vfadd_op_parse(nullptr, &op), VFADD_E_NULL);
  EXPECT_EQ(vfadd_op_parse("fadd", nullptr), VFADD_E_NULL);
}

// ---- scalar ----------------------------------------------------------------------------------

TEST(CapiScalar, OnePlusTwoInEveryFormat) {
  ExpectScalar(Add(VFADD_FMT_H, 0x3c00, 0x4000), 0x4200, 0);
  ExpectScalar(Add(VFADD_FMT_S, 0x3f800000, 0x40000000), 0x40400000, 0);
  ExpectScalar(Add(VFADD_FMT_D, 0x3ff0000000000000, 0x4000000000000000), 0x4008000000000000, 0);
  ExpectScalar(Sub(VFADD_FMT_S, 0x3f800000, 0x40000000), 0xbf800000, 0);  // 1 - 2 = -1
  ExpectScalar(Sub(VFADD_FMT_H, 0x4000, 0x3c00), 0x3c00, 0);              // 2 - 1 = 1
}

TEST(CapiScalar, RoundingModesOnATie) {
  // 1 + 2^-24 in FP32 lies halfway between 1 and 1 + 2^-23.
  const uint64_t one = 0x3f800000, half_ulp = 0x33800000;
  ExpectScalar(Add(VFADD_FMT_S, one, half_ulp, kRN), 0x3f800000, VFADD_FPSR_IXC);  // to even
  ExpectScalar(Add(VFADD_FMT_S, one, half_ulp, kRP), 0x3f800001, VFADD_FPSR_IXC);
  ExpectScalar(Add(VFADD_FMT_S, one, half_ulp, kRZ), 0x3f800000, VFADD_FPSR_IXC);
  ExpectScalar(Sub(VFADD_FMT_S, 0xbf800000, half_ulp, kRM), 0xbf800001, VFADD_FPSR_IXC);
  // 1 + 3 * 2^-24: halfway between 1 + 2^-23 (odd) and 1 + 2^-22: RN goes up to even.
  ExpectScalar(Add(VFADD_FMT_S, one, 0x34400000, kRN), 0x3f800002, VFADD_FPSR_IXC);
}

TEST(CapiScalar, AgreesWithTheHostFpuOnNormalOperands) {
  const float fs[][2] = {
      {1.5f, 2.25f}, {1e30f, 3e29f}, {0.1f, 0.2f}, {-7.0f, 3.0e-3f}, {3.4e38f, 3.4e38f}};
  const double ds[][2] = {{0.1, 0.2}, {1e308, 1e308}, {-1.0, 1e-17}, {123.456, -654.321}};
  for (const auto& p : fs) {
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile float x = p[0], y = p[1];
    const float sum = x + y;
    const uint32_t flags = HostFlags();
    ExpectScalar(Add(VFADD_FMT_S, F32(p[0]), F32(p[1])), F32(sum), flags);
  }
  for (const auto& p : ds) {
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile double x = p[0], y = p[1];
    const double diff = x - y;
    const uint32_t flags = HostFlags();
    ExpectScalar(Sub(VFADD_FMT_D, F64(p[0]), F64(p[1])), F64(diff), flags);
  }
}

TEST(CapiScalar, Overflow) {
  ExpectScalar(Add(VFADD_FMT_H, 0x7bff, 0x7bff), 0x7c00, kOverflow);                   // +inf
  ExpectScalar(Add(VFADD_FMT_S, 0x7f7fffff, 0x7f7fffff, kRZ), 0x7f7fffff, kOverflow);  // max
  ExpectScalar(Add(VFADD_FMT_D, 0xffefffffffffffff, 0xffefffffffffffff, kRP), 0xffefffffffffffff,
               kOverflow);  // -max: RP rounds a negative overflow to -max
}

TEST(CapiScalar, NaNsAndInfinities) {
  // EMP examples of section 3: sNaN(op2) wins over qNaN(op1), quieted; DN gives the default NaN.
  ExpectScalar(Add(VFADD_FMT_S, 0x7fc0000a, 0xff80000b), 0xffc0000b, VFADD_FPSR_IOC);
  ExpectScalar(Add(VFADD_FMT_S, 0xffc0000a, 0x7fc0000b), 0xffc0000a, 0);
  ExpectScalar(Add(VFADD_FMT_S, 0x3f800000, 0x7f800001, VFADD_FPCR_DN), 0x7fc00000, VFADD_FPSR_IOC);
  ExpectScalar(Add(VFADD_FMT_H, 0x7d01, 0x3c00), 0x7f01, VFADD_FPSR_IOC);
  // A qNaN with DN: the default NaN, no flag.
  ExpectScalar(Add(VFADD_FMT_D, 0x7ff8000000000123, 0, VFADD_FPCR_DN), 0x7ff8000000000000, 0);
  // +inf + -inf: the default NaN and IOC (section 4, whatever DN is).
  ExpectScalar(Add(VFADD_FMT_S, 0x7f800000, 0xff800000), 0x7fc00000, VFADD_FPSR_IOC);
  ExpectScalar(Sub(VFADD_FMT_H, 0x7c00, 0x7c00), 0x7e00, VFADD_FPSR_IOC);
}

TEST(CapiScalar, FlushToZero) {
  // EMP examples of section 2 and 5.4.
  ExpectScalar(Add(VFADD_FMT_S, 0x00000001, 0, VFADD_FPCR_FZ), 0, VFADD_FPSR_IDC);
  ExpectScalar(Add(VFADD_FMT_S, 0x00000001, 0), 0x00000001, 0);
  ExpectScalar(Add(VFADD_FMT_S, 0x3f800000, 0x00000001, VFADD_FPCR_FZ), 0x3f800000, VFADD_FPSR_IDC);
  ExpectScalar(Add(VFADD_FMT_S, 0x3f800000, 0x00000001), 0x3f800000, VFADD_FPSR_IXC);
  ExpectScalar(Add(VFADD_FMT_H, 0x0001, 0, VFADD_FPCR_FZ16), 0, 0);  // FP16: never IDC
  ExpectScalar(Add(VFADD_FMT_H, 0x0001, 0, VFADD_FPCR_FZ), 0x0001, 0);
  ExpectScalar(Add(VFADD_FMT_S, 0x00c00000, 0x80800000, VFADD_FPCR_FZ), 0, VFADD_FPSR_UFC);
  ExpectScalar(Add(VFADD_FMT_S, 0x00c00000, 0x80800000), 0x00400000, 0);
  ExpectScalar(Add(VFADD_FMT_D, 1, 0, VFADD_FPCR_FZ), 0, VFADD_FPSR_IDC);
}

TEST(CapiScalar, OnlyTheBitsThatMatter) {
  // FPCR bits outside RMode, FZ, DN, FZ16 (AHP, the trap enables, Len, Stride) change nothing.
  const uint32_t other = (1u << 26) | 0x9f00u | (7u << 16) | (3u << 20);
  ExpectScalar(Add(VFADD_FMT_S, 0x3f800000, 0x33800000, other), 0x3f800000, VFADD_FPSR_IXC);
  // Operand bits above the element width are ignored.
  ExpectScalar(Add(VFADD_FMT_H, 0xffffffffffff3c00, 0x12344000), 0x4200, 0);
  ExpectScalar(Add(VFADD_FMT_S, 0xabcdef013f800000, 0x40000000), 0x40400000, 0);
}

TEST(CapiScalar, BadArguments) {
  uint64_t r = 5;
  uint32_t f = 6;
  for (int fmt : {0, 4, -1, 100}) {
    EXPECT_EQ(vfadd_fp_add(fmt, 0, 0, 0, &r, &f), VFADD_E_FMT) << fmt;
    EXPECT_EQ(vfadd_fp_sub(fmt, 0, 0, 0, &r, &f), VFADD_E_FMT) << fmt;
  }
  EXPECT_EQ(vfadd_fp_add(VFADD_FMT_S, 0, 0, 0, nullptr, &f), VFADD_E_NULL);
  EXPECT_EQ(vfadd_fp_add(VFADD_FMT_S, 0, 0, 0, &r, nullptr), VFADD_E_NULL);
  EXPECT_EQ(vfadd_fp_sub(VFADD_FMT_D, 0, 0, 0, nullptr, nullptr), VFADD_E_NULL);
  EXPECT_EQ(r, 5u);  // nothing written on an error
  EXPECT_EQ(f, 6u);
}

// ---- one vector instruction ------------------------------------------------------------------

// FP32 values, element 0 first, as the words of a Z register.
std::vector<uint64_t> S32(const std::vector<float>& v) {
  std::vector<uint64_t> w((v.size() + 1) / 2, 0);
  for (size_t i = 0; i < v.size(); ++i) w[i / 2] |= uint64_t{F32(v[i])} << (32 * (i % 2));
  return w;
}

struct Vec {
  vfadd_status status;
  std::vector<uint64_t> res;
  uint32_t fpsr;
};

// Runs op at VL 128 on FP32 vectors a and b (4 elements each), predicate pg; the result's two
// words.
Vec Run128(int op, uint64_t pg, const std::vector<uint64_t>& a, const std::vector<uint64_t>& b,
           int imm_one = 0, uint32_t fpcr = 0) {
  Vec v{VFADD_OK, std::vector<uint64_t>(4, 0x5a5a5a5a5a5a5a5a), 0xdead};
  v.status = vfadd_execute(op, VFADD_FMT_S, 128, fpcr, &pg, 1, a.data(), a.size(), b.data(),
                           b.size(), imm_one, v.res.data(), v.res.size(), &v.fpsr);
  // Words past the result (VL 128: two words) are left alone.
  EXPECT_EQ(v.res[2], 0x5a5a5a5a5a5a5a5au);
  EXPECT_EQ(v.res[3], 0x5a5a5a5a5a5a5a5au);
  v.res.resize(2);
  return v;
}

TEST(CapiExecute, TheTraceFormatExample) {
  // trace-format.md: a = {0, 1, 2, 3}, b all 1.0, all lanes active: {1, 2, 3, 4}.
  const Vec v = Run128(VFADD_OP_FADD, 0x1111, S32({0, 1, 2, 3}), S32({1, 1, 1, 1}));
  ASSERT_EQ(v.status, VFADD_OK);
  EXPECT_EQ(v.res[0], 0x400000003f800000u);
  EXPECT_EQ(v.res[1], 0x4080000040400000u);
  EXPECT_EQ(v.fpsr, 0u);
}

TEST(CapiExecute, InactiveElementsMergeAndRaiseNothing) {
  // Elements 0 and 1 active (predicate bits 0 and 4); element 3 would overflow.
  const Vec v = Run128(VFADD_OP_FADD, 0x0011, S32({0, 1, 2, 3.0e38f}), S32({1, 1, 1, 3.0e38f}));
  ASSERT_EQ(v.status, VFADD_OK);
  EXPECT_EQ(v.res[0], S32({1, 2})[0]);
  EXPECT_EQ(v.res[1], S32({2, 3.0e38f})[0]);
  EXPECT_EQ(v.fpsr, 0u);
  const Vec all = Run128(VFADD_OP_FADD, 0x1111, S32({0, 1, 2, 3.0e38f}), S32({1, 1, 1, 3.0e38f}));
  EXPECT_EQ(all.res[1], (uint64_t{0x7f800000} << 32) | F32(3));
  EXPECT_EQ(all.fpsr, kOverflow);
  // Predicate bits between the element bits, and above VL/8, govern nothing.
  const Vec odd = Run128(VFADD_OP_FADD, 0xffff0000u | 0x0eee, S32({0, 1, 2, 3}), S32({1, 1, 1, 1}));
  EXPECT_EQ(odd.res, S32({0, 1, 2, 3}));
}

TEST(CapiExecute, EveryForm) {
  const std::vector<uint64_t> a = S32({1, 2, 3, 4}), b = S32({10, 20, 30, 40});
  EXPECT_EQ(Run128(VFADD_OP_FSUB, 0x1111, a, b).res, S32({-9, -18, -27, -36}));
  EXPECT_EQ(Run128(VFADD_OP_FSUBR, 0x1111, a, b).res, S32({9, 18, 27, 36}));
  EXPECT_EQ(Run128(VFADD_OP_FADDP, 0x1111, a, b).res, S32({3, 30, 7, 70}));
  EXPECT_EQ(Run128(VFADD_OP_FADD_I, 0x1111, a, {}, 1).res, S32({2, 3, 4, 5}));
  EXPECT_EQ(Run128(VFADD_OP_FSUB_I, 0x0101, a, {}, 0).res, S32({0.5f, 2, 2.5f, 4}));
  EXPECT_EQ(Run128(VFADD_OP_FSUBR_I, 0x1111, a, {}, 0).res, S32({-0.5f, -1.5f, -2.5f, -3.5f}));
  // The unpredicated forms: no predicate at all.
  std::vector<uint64_t> res(2);
  uint32_t fpsr = 1;
  ASSERT_EQ(vfadd_execute(VFADD_OP_FSUB_U, VFADD_FMT_S, 128, 0, nullptr, 0, a.data(), 2, b.data(),
                          2, 0, res.data(), 2, &fpsr),
            VFADD_OK);
  EXPECT_EQ(res, S32({-9, -18, -27, -36}));
  EXPECT_EQ(fpsr, 0u);
  ASSERT_EQ(vfadd_execute(VFADD_OP_FADD_U, VFADD_FMT_S, 128, 0, nullptr, 0, a.data(), 2, b.data(),
                          2, 0, res.data(), 2, &fpsr),
            VFADD_OK);
  EXPECT_EQ(res, S32({11, 22, 33, 44}));
}

TEST(CapiExecute, Reductions) {
  const std::vector<uint64_t> b = S32({1, 2, 3, 4});
  const uint64_t acc = F32(1);
  uint64_t pg = 0x1111, res = 7;
  uint32_t fpsr = 9;
  ASSERT_EQ(vfadd_execute(VFADD_OP_FADDA, VFADD_FMT_S, 128, 0, &pg, 1, &acc, 1, b.data(), 2, 0,
                          &res, 1, &fpsr),
            VFADD_OK);
  EXPECT_EQ(res, F32(11));
  EXPECT_EQ(fpsr, 0u);
  ASSERT_EQ(vfadd_execute(VFADD_OP_FADDV, VFADD_FMT_S, 128, 0, &pg, 1, nullptr, 0, b.data(), 2, 0,
                          &res, 1, &fpsr),
            VFADD_OK);
  EXPECT_EQ(res, F32(10));
  pg = 0x0110;  // elements 1 and 2
  ASSERT_EQ(vfadd_execute(VFADD_OP_FADDV, VFADD_FMT_S, 128, 0, &pg, 1, nullptr, 0, b.data(), 2, 0,
                          &res, 1, &fpsr),
            VFADD_OK);
  EXPECT_EQ(res, F32(5));
}

TEST(CapiExecute, DoubleAtTheLargestVl) {
  // FP64 at VL 2048: 32 elements, element e = e; plus 0.5 under RP... every sum exact.
  std::vector<uint64_t> a(VFADD_VEC_WORDS), b(VFADD_VEC_WORDS), res(VFADD_VEC_WORDS);
  std::vector<uint64_t> pg(VFADD_PRED_WORDS, 0);
  for (int e = 0; e < 32; ++e) {
    a[e] = F64(e);
    b[e] = F64(0.5);
    pg[e / 8] |= uint64_t{1} << (8 * (e % 8));  // predicate bit 8e: byte 8e, element e
  }
  uint32_t fpsr = 3;
  ASSERT_EQ(vfadd_execute(VFADD_OP_FADD, VFADD_FMT_D, 2048, kRP, pg.data(), pg.size(), a.data(),
                          a.size(), b.data(), b.size(), 0, res.data(), res.size(), &fpsr),
            VFADD_OK);
  for (int e = 0; e < 32; ++e) EXPECT_EQ(res[e], F64(e + 0.5)) << e;
  EXPECT_EQ(fpsr, 0u);
}

// The words of each operand of an instruction at a vector length.
struct Words {
  int op, vl;
  size_t pg, a, b, res;
};

TEST(CapiExecute, BadArguments) {
  std::vector<uint64_t> a(32), b(32), res(32, 0x77);
  uint64_t pg[4] = {~0u, ~0u, ~0u, ~0u};
  uint32_t fpsr = 0x55;
  auto call = [&](int op, int fmt, int vl, const uint64_t* p, size_t pn, const uint64_t* x,
                  size_t xn, const uint64_t* y, size_t yn, uint64_t* r, size_t rn, uint32_t* f) {
    return vfadd_execute(op, fmt, vl, 0, p, pn, x, xn, y, yn, 0, r, rn, f);
  };
  const int S = VFADD_FMT_S, FADD = VFADD_OP_FADD;
  EXPECT_EQ(call(-1, S, 128, pg, 1, a.data(), 2, b.data(), 2, res.data(), 2, &fpsr), VFADD_E_OP);
  EXPECT_EQ(call(11, S, 128, pg, 1, a.data(), 2, b.data(), 2, res.data(), 2, &fpsr), VFADD_E_OP);
  EXPECT_EQ(call(FADD, 0, 128, pg, 1, a.data(), 2, b.data(), 2, res.data(), 2, &fpsr), VFADD_E_FMT);
  for (int vl : {0, 64, 100, 129, 2176, 4096, -128}) {
    EXPECT_EQ(call(FADD, S, vl, pg, 4, a.data(), 32, b.data(), 32, res.data(), 32, &fpsr),
              VFADD_E_VL)
        << vl;
  }
  // Each required pointer NULL in turn: pg, a, b, res, fpsr.
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(call(FADD, S, 128, k == 0 ? nullptr : pg, 1, k == 1 ? nullptr : a.data(), 2,
                   k == 2 ? nullptr : b.data(), 2, k == 3 ? nullptr : res.data(), 2,
                   k == 4 ? nullptr : &fpsr),
              VFADD_E_NULL)
        << k;
  }
  // Too short: the predicate of VL 640 is 2 words, a Z register 10; FADDA's scalar 1 word.
  const Words too_short[] = {
      {FADD, 640, 1, 10, 10, 10},        {FADD, 640, 2, 9, 10, 10},
      {FADD, 640, 2, 10, 9, 10},         {FADD, 640, 2, 10, 10, 9},
      {VFADD_OP_FADDA, 128, 1, 0, 2, 1}, {VFADD_OP_FADDA, 128, 1, 1, 2, 0},
  };
  for (const Words& l : too_short) {
    EXPECT_EQ(call(l.op, S, l.vl, pg, l.pg, a.data(), l.a, b.data(), l.b, res.data(), l.res, &fpsr),
              VFADD_E_LENGTH)
        << l.op << " " << l.vl << " " << l.pg << " " << l.a << " " << l.b << " " << l.res;
  }
  EXPECT_EQ(res[0], 0x77u);  // nothing written on an error
  EXPECT_EQ(fpsr, 0x55u);
  // Longer inputs are fine (the extra words are ignored), and so is any FPCR value.
  EXPECT_EQ(vfadd_execute(FADD, S, 128, 0xffffffff, pg, 4, a.data(), 32, b.data(), 32, 0,
                          res.data(), 32, &fpsr),
            VFADD_OK);
}

// Random codes, lengths and NULL pointers: the status is VFADD_OK exactly when every argument is
// good, and otherwise one of the errors that apply (the header does not rank them).
TEST(CapiExecute, RandomArgumentsGetTheStatusTheyDeserve) {
  std::mt19937 rng(26);
  std::vector<uint64_t> a(40, 0x3c003c003c003c00), b(40, 0x3c003c003c003c00), res(40);
  std::vector<uint64_t> pg(6, ~uint64_t{0});
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  int ok = 0;
  for (int i = 0; i < 20000; ++i) {
    const int op = pick(14) - 1, fmt = pick(6) - 1;
    const int vl = pick(4) == 0 ? pick(2200) : 128 * (1 + pick(17));
    const size_t lens[4] = {static_cast<size_t>(pick(6)), static_cast<size_t>(pick(40)),
                            static_cast<size_t>(pick(40)), static_cast<size_t>(pick(40))};
    const bool null[5] = {pick(8) == 0, pick(8) == 0, pick(8) == 0, pick(8) == 0, pick(8) == 0};
    uint32_t fpsr = 0;
    const vfadd_status st = vfadd_execute(
        op, fmt, vl, static_cast<uint32_t>(rng()), null[0] ? nullptr : pg.data(), lens[0],
        null[1] ? nullptr : a.data(), lens[1], null[2] ? nullptr : b.data(), lens[2], pick(2),
        null[3] ? nullptr : res.data(), lens[3], null[4] ? nullptr : &fpsr);
    std::set<int> apply;
    const bool op_ok = op >= 0 && op < VFADD_NUM_OPS;
    const bool vl_ok = vl >= 128 && vl <= 2048 && vl % 128 == 0;
    if (!op_ok) apply.insert(VFADD_E_OP);
    if (fmt < 1 || fmt > 3) apply.insert(VFADD_E_FMT);
    if (!vl_ok) apply.insert(VFADD_E_VL);
    if (op_ok && vl_ok) {
      // The operands of the form, from the architecture: which it has and how many words.
      const bool pred = op != VFADD_OP_FADD_U && op != VFADD_OP_FSUB_U;
      const bool imm = op == VFADD_OP_FADD_I || op == VFADD_OP_FSUB_I || op == VFADD_OP_FSUBR_I;
      const bool scalar = op == VFADD_OP_FADDA || op == VFADD_OP_FADDV;
      const size_t z = static_cast<size_t>(vl / 64);
      const size_t need[4] = {pred ? static_cast<size_t>((vl + 511) / 512) : 0,
                              op == VFADD_OP_FADDA   ? 1
                              : op == VFADD_OP_FADDV ? 0
                                                     : z,
                              imm ? 0 : z, scalar ? 1 : z};
      for (int k = 0; k < 4; ++k) {
        if (null[k] && (need[k] > 0 || k == 3)) apply.insert(VFADD_E_NULL);
        if (lens[k] < need[k]) apply.insert(VFADD_E_LENGTH);
      }
    }
    if (null[3] || null[4]) apply.insert(VFADD_E_NULL);
    if (apply.empty()) {
      EXPECT_EQ(st, VFADD_OK) << i;
      ++ok;
    } else {
      EXPECT_TRUE(apply.count(st)) << i << ": status " << st;
    }
  }
  EXPECT_GT(ok, 500);  // both sides of the property are exercised
  std::printf("%d of 20000 calls valid\n", ok);
}

// Random bytes as a trace line: a case, a blank line or VFADD_E_PARSE with a NUL-terminated text.
TEST(CapiTrace, RandomBytesParseOrFailCleanly) {
  std::mt19937 rng(26);
  const std::string alphabet = "0123456789abcdef -#\tfadsuhivpr.\r";
  for (int i = 0; i < 5000; ++i) {
    std::string line(rng() % 120, ' ');
    for (char& ch : line) {
      ch = rng() % 8 == 0 ? static_cast<char>(rng()) : alphabet[rng() % alphabet.size()];
    }
    vfadd_case c;
    int kind = -1;
    char error[24];
    std::memset(error, 'x', sizeof error);
    const vfadd_status st =
        vfadd_trace_parse(line.data(), line.size(), &c, &kind, error, sizeof error);
    ASSERT_TRUE(st == VFADD_OK || st == VFADD_E_PARSE) << st;
    if (st == VFADD_OK) {
      EXPECT_TRUE(kind == VFADD_LINE_BLANK || kind == VFADD_LINE_CASE);
    } else {
      EXPECT_NE(std::memchr(error, '\0', sizeof error), nullptr);
    }
  }
}

TEST(CapiShape, WordsOfEveryOperand) {
  const Words rows[] = {
      {VFADD_OP_FADD, 512, 1, 8, 8, 8},   {VFADD_OP_FADDA, 2048, 4, 1, 32, 1},
      {VFADD_OP_FADDV, 640, 2, 0, 10, 1}, {VFADD_OP_FSUBR_I, 128, 1, 2, 0, 2},
      {VFADD_OP_FADD_U, 128, 0, 2, 2, 2}, {VFADD_OP_FADDP, 1024, 2, 16, 16, 16},
  };
  for (const Words& r : rows) {
    vfadd_shape s;
    ASSERT_EQ(vfadd_shape_of(r.op, r.vl, &s), VFADD_OK);
    const size_t got[] = {s.pg_words, s.a_words, s.b_words, s.res_words};
    const size_t want[] = {r.pg, r.a, r.b, r.res};
    for (int i = 0; i < 4; ++i) EXPECT_EQ(got[i], want[i]) << r.op << " " << r.vl << " " << i;
  }
  vfadd_shape s;
  EXPECT_EQ(vfadd_shape_of(VFADD_OP_FADD, 128, nullptr), VFADD_E_NULL);
  EXPECT_EQ(vfadd_shape_of(12, 128, &s), VFADD_E_OP);
  EXPECT_EQ(vfadd_shape_of(VFADD_OP_FADD, 96, &s), VFADD_E_VL);
}

// ---- trace lines -----------------------------------------------------------------------------

const char kExample[] =
    "fadd s 128 00000000 1111 40400000400000003f80000000000000 3f8000003f8000003f8000003f800000 "
    "4080000040400000400000003f800000 00000000";

struct Parsed {
  vfadd_status status;
  int kind;
  vfadd_case c;
  std::string error;
};

Parsed Parse(const std::string& line) {
  Parsed p;
  std::memset(&p.c, 0xa5, sizeof p.c);
  p.kind = -1;
  char error[200] = "untouched";
  p.status = vfadd_trace_parse(line.data(), line.size(), &p.c, &p.kind, error, sizeof error);
  p.error = error;
  return p;
}

std::string FormatLine(const vfadd_case& c) {
  char buf[VFADD_LINE_MAX + 1];
  size_t n = 0;
  const vfadd_status st = vfadd_trace_format(&c, buf, sizeof buf, &n);
  EXPECT_EQ(st, VFADD_OK) << vfadd_strerror(st);
  EXPECT_EQ(n, std::strlen(buf));
  return st == VFADD_OK ? std::string(buf) : std::string();
}

TEST(CapiTrace, ParsesTheExampleLine) {
  const Parsed p = Parse(kExample);
  ASSERT_EQ(p.status, VFADD_OK) << p.error;
  ASSERT_EQ(p.kind, VFADD_LINE_CASE);
  EXPECT_EQ(p.c.op, VFADD_OP_FADD);
  EXPECT_EQ(p.c.fmt, VFADD_FMT_S);
  EXPECT_EQ(p.c.vl, 128);
  EXPECT_EQ(p.c.fpcr, 0u);
  EXPECT_EQ(p.c.pg[0], 0x1111u);
  EXPECT_EQ(p.c.pg[1], 0u);  // the rest of every array is zero
  EXPECT_EQ(p.c.a[0], 0x3f80000000000000u);
  EXPECT_EQ(p.c.a[1], 0x4040000040000000u);
  EXPECT_EQ(p.c.a[2], 0u);
  EXPECT_EQ(p.c.b[0], 0x3f8000003f800000u);
  EXPECT_EQ(p.c.res[1], 0x4080000040400000u);
  EXPECT_EQ(p.c.checked, 1);
  EXPECT_EQ(p.c.fpsr, 0u);
  EXPECT_EQ(FormatLine(p.c), kExample);
}

TEST(CapiTrace, StimulusScalarsAndImmediates) {
  const std::string lines[] = {
      "fadda h 128 01400000 ffff 3c00 3c003c003c003c003c003c003c003c00",
      "faddv d 256 00000000 00000001 - "
      "00000000000000003ff00000000000004000000000000000c000000000000000",
      "fsubr_i s 128 00000000 0001 00000000000000000000000000000000 1.0 "
      "00000000000000000000000000000000 00000000",
      "fadd_u s 128 00000000 - 3f8000003f8000003f8000003f800000 00000000000000000000000000000000",
  };
  for (const std::string& line : lines) {
    const Parsed p = Parse(line);
    ASSERT_EQ(p.status, VFADD_OK) << line << ": " << p.error;
    EXPECT_EQ(FormatLine(p.c), line);
  }
  const Parsed fadda = Parse(lines[0]);
  EXPECT_EQ(fadda.c.op, VFADD_OP_FADDA);
  EXPECT_EQ(fadda.c.fmt, VFADD_FMT_H);
  EXPECT_EQ(fadda.c.fpcr, 0x01400000u);
  EXPECT_EQ(fadda.c.a[0], 0x3c00u);
  EXPECT_EQ(fadda.c.checked, 0);
  EXPECT_EQ(Parse(lines[2]).c.imm_one, 1);
}

TEST(CapiTrace, BlankAndCommentLines) {
  for (const std::string line : {"", "   \t ", "# a comment", "  # indented", "\r"}) {
    const Parsed p = Parse(line);
    EXPECT_EQ(p.status, VFADD_OK) << "'" << line << "'";
    EXPECT_EQ(p.kind, VFADD_LINE_BLANK);
    EXPECT_EQ(p.c.vl, static_cast<int>(0xa5a5a5a5)) << "the case is left alone";
  }
  int kind = -1;
  vfadd_case c;
  EXPECT_EQ(vfadd_trace_parse(nullptr, 0, &c, &kind, nullptr, 0), VFADD_OK);
  EXPECT_EQ(kind, VFADD_LINE_BLANK);
}

TEST(CapiTrace, LengthNotNulAndCarriageReturn) {
  const std::string line = std::string(kExample) + "\r";
  EXPECT_EQ(Parse(line).status, VFADD_OK);
  // Only `length` bytes are read: the text after them is no part of the line.
  const std::string longer = std::string(kExample) + " trailing junk";
  vfadd_case c;
  int kind = -1;
  EXPECT_EQ(vfadd_trace_parse(longer.data(), std::strlen(kExample), &c, &kind, nullptr, 0),
            VFADD_OK);
  EXPECT_EQ(kind, VFADD_LINE_CASE);
}

TEST(CapiTrace, ErrorsNameTheField) {
  const Parsed p = Parse("fadd s 128 12 1111 0 0");
  EXPECT_EQ(p.status, VFADD_E_PARSE);
  EXPECT_EQ(p.error, "field 4 'fpcr': expected 8 hex digits, got '12' (2 digits)");
  const Parsed vl = Parse("fadd s 100 00000000 1111 0 0");
  EXPECT_EQ(vl.status, VFADD_E_PARSE);
  EXPECT_EQ(vl.error.rfind("field 3 'vl': expected a multiple of 128", 0), 0u) << vl.error;
  const Parsed op = Parse("fmul s 128 00000000 1111 0 0");
  EXPECT_EQ(op.error.rfind("field 1 'op': expected one of fadd", 0), 0u) << op.error;
  EXPECT_EQ(Parse("fadd s 128").status, VFADD_E_PARSE);
  // The text is cut to the buffer, with its NUL.
  const std::string line = "fadd s 128 12 1111 0 0";
  vfadd_case c;
  int kind;
  char small[11];
  std::memset(small, 'x', sizeof small);
  EXPECT_EQ(vfadd_trace_parse(line.data(), line.size(), &c, &kind, small, 10), VFADD_E_PARSE);
  EXPECT_STREQ(small, "field 4 '");
  EXPECT_EQ(small[10], 'x');
  EXPECT_EQ(vfadd_trace_parse(line.data(), line.size(), &c, &kind, nullptr, 0), VFADD_E_PARSE);
}

TEST(CapiTrace, ParseNullArguments) {
  vfadd_case c;
  int kind;
  char err[8];
  EXPECT_EQ(vfadd_trace_parse(nullptr, 3, &c, &kind, err, sizeof err), VFADD_E_NULL);
  EXPECT_EQ(vfadd_trace_parse(kExample, 10, nullptr, &kind, err, sizeof err), VFADD_E_NULL);
  EXPECT_EQ(vfadd_trace_parse(kExample, 10, &c, nullptr, err, sizeof err), VFADD_E_NULL);
  EXPECT_EQ(vfadd_trace_parse(kExample, 10, &c, &kind, nullptr, 8), VFADD_E_NULL);
}

TEST(CapiTrace, FormatBuffers) {
  const Parsed p = Parse(kExample);
  const size_t len = std::strlen(kExample);
  size_t n = 0;
  EXPECT_EQ(vfadd_trace_format(&p.c, nullptr, 0, &n), VFADD_E_LENGTH);  // a size query
  EXPECT_EQ(n, len);
  std::vector<char> buf(len + 1, 'x');
  n = 0;
  EXPECT_EQ(vfadd_trace_format(&p.c, buf.data(), len, &n), VFADD_E_LENGTH);  // no room for NUL
  EXPECT_EQ(n, len);
  EXPECT_EQ(buf[0], 'x');
  EXPECT_EQ(vfadd_trace_format(&p.c, buf.data(), len + 1, nullptr), VFADD_OK);
  EXPECT_STREQ(buf.data(), kExample);
  EXPECT_EQ(vfadd_trace_format(nullptr, buf.data(), len + 1, &n), VFADD_E_NULL);
  EXPECT_EQ(vfadd_trace_format(&p.c, nullptr, 5, &n), VFADD_E_NULL);
  // A stimulus: the same line without res and fpsr.
  vfadd_case stim = p.c;
  stim.checked = 0;
  EXPECT_EQ(FormatLine(stim), std::string(kExample).substr(0, 90));
}

TEST(CapiTrace, FormatBadCases) {
  vfadd_case c = Parse(kExample).c;
  char buf[VFADD_LINE_MAX + 1];
  vfadd_case bad = c;
  bad.op = VFADD_NUM_OPS;
  EXPECT_EQ(vfadd_trace_format(&bad, buf, sizeof buf, nullptr), VFADD_E_OP);
  bad = c;
  bad.fmt = 0;
  EXPECT_EQ(vfadd_trace_format(&bad, buf, sizeof buf, nullptr), VFADD_E_FMT);
  bad = c;
  bad.vl = 192;
  EXPECT_EQ(vfadd_trace_format(&bad, buf, sizeof buf, nullptr), VFADD_E_VL);
}

TEST(CapiTrace, TheLongestLineFitsLineMax) {
  vfadd_case c;
  std::memset(&c, 0xff, sizeof c);
  c.op = VFADD_OP_FSUBR;
  c.fmt = VFADD_FMT_D;
  c.vl = VFADD_MAX_VL;
  c.checked = 1;
  char buf[VFADD_LINE_MAX + 1];
  size_t n = 0;
  ASSERT_EQ(vfadd_trace_format(&c, buf, sizeof buf, &n), VFADD_OK);
  // fsubr d 2048 fpcr(8) pg(64) a b res (512 each) fpsr(8), 8 spaces.
  EXPECT_EQ(n, 5u + 1 + 4 + 8 + 64 + 3 * 512 + 8 + 8);
}

TEST(CapiTrace, ExecuteCase) {
  Parsed p = Parse(std::string(kExample).substr(0, 90));
  ASSERT_EQ(p.status, VFADD_OK);
  ASSERT_EQ(p.c.checked, 0);
  ASSERT_EQ(vfadd_execute_case(&p.c), VFADD_OK);
  EXPECT_EQ(p.c.checked, 1);
  EXPECT_EQ(FormatLine(p.c), kExample);
  EXPECT_EQ(vfadd_execute_case(nullptr), VFADD_E_NULL);
  vfadd_case bad = p.c;
  bad.vl = 0;
  EXPECT_EQ(vfadd_execute_case(&bad), VFADD_E_VL);
  bad = p.c;
  bad.fmt = 9;
  EXPECT_EQ(vfadd_execute_case(&bad), VFADD_E_FMT);
  bad = p.c;
  bad.op = -3;
  EXPECT_EQ(vfadd_execute_case(&bad), VFADD_E_OP);
  // FADDA: the scalar result in res[0], the rest of res zero.
  Parsed a = Parse("fadda s 128 00000000 1111 3f800000 40800000404000004000000000000000");
  ASSERT_EQ(a.status, VFADD_OK);
  ASSERT_EQ(vfadd_execute_case(&a.c), VFADD_OK);
  EXPECT_EQ(a.c.res[0], F32(10));  // 1 + 0 + 2 + 3 + 4
  EXPECT_EQ(a.c.res[1], 0u);
  EXPECT_EQ(a.c.fpsr, 0u);
}

// ---- decode ----------------------------------------------------------------------------------

// The fields of a decoded word, in vfadd_insn's order: kind, op, fmt, size, imm_one, zd, zn, zm,
// pg, merging.
using InsnFields = std::array<int, 10>;

void ExpectDecode(uint32_t word, const InsnFields& x, const char* disassembly) {
  vfadd_insn d;
  std::memset(&d, 0x5a, sizeof d);
  ASSERT_EQ(vfadd_decode(word, &d), VFADD_OK);
  const InsnFields got = {d.kind, d.op, d.fmt, d.size, d.imm_one,
                          d.zd,   d.zn, d.zm,  d.pg,   d.merging};
  const char* const names[] = {"kind", "op", "fmt", "size", "imm_one",
                               "zd",   "zn", "zm",  "pg",   "merging"};
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i], x[i]) << std::hex << word << " " << names[i];
  }
  char buf[64];
  size_t n = 0;
  EXPECT_EQ(vfadd_disassemble(word, buf, sizeof buf, &n), VFADD_OK);
  EXPECT_EQ(n, std::strlen(buf));
  EXPECT_STREQ(buf, disassembly);
}

TEST(CapiDecode, ArithmeticForms) {
  const int A = VFADD_INSN_ARITH, S = VFADD_FMT_S, D = VFADD_FMT_D;
  // FADD Z1.S, P2/M, Z1.S, Z3.S: 01100101 10 0 0 0000 100 010 00011 00001.
  ExpectDecode(0x65808861, {A, VFADD_OP_FADD, S, 2, 0, 1, 0, 3, 2, 0},
               "fadd z1.s, p2/m, z1.s, z3.s");
  // FADD Z4.S, P1/M, Z4.S, #1.0: 01100101 10 011 000 100 001 0000 1 00100.
  ExpectDecode(0x65988424, {A, VFADD_OP_FADD_I, S, 2, 1, 4, 0, 0, 1, 0},
               "fadd z4.s, p1/m, z4.s, #1.0");
  // FADDV D5, P7, Z6.D: 01100101 11 000 000 001 111 00110 00101.
  ExpectDecode(0x65c03cc5, {A, VFADD_OP_FADDV, D, 3, 0, 5, 6, 0, 7, 0}, "faddv d5, p7, z6.d");
}

TEST(CapiDecode, UndefinedOtherAndMovprfx) {
  // size = 00 in the FADD (vectors, predicated) encoding: unallocated; only size is set.
  ExpectDecode(0x65008861, {VFADD_INSN_UNDEFINED, -1, 0, 0, 0, 0, 0, 0, 0, 0}, "undefined");
  ExpectDecode(0, {VFADD_INSN_OTHER, -1, 0, 0, 0, 0, 0, 0, 0, 0}, "other");
  // MOVPRFX Z1, Z2: 00000100 00 1 00000 101111 00010 00001.
  ExpectDecode(0x0420bc41, {VFADD_INSN_MOVPRFX, -1, 0, 0, 0, 1, 2, 0, 0, 0}, "movprfx z1, z2");
  // MOVPRFX Z1.S, P3/M, Z2.S: 00000100 10 010 001 001 011 00010 00001.
  ExpectDecode(0x04912c41, {VFADD_INSN_MOVPRFX_PRED, -1, 0, 2, 0, 1, 2, 0, 3, 1},
               "movprfx z1.s, p3/m, z2.s");
}

TEST(CapiDecode, BadArguments) {
  EXPECT_EQ(vfadd_decode(0x65808861, nullptr), VFADD_E_NULL);
  size_t n = 0;
  EXPECT_EQ(vfadd_disassemble(0x65808861, nullptr, 0, &n), VFADD_E_LENGTH);
  EXPECT_EQ(n, std::strlen("fadd z1.s, p2/m, z1.s, z3.s"));
  char small[4] = "abc";
  EXPECT_EQ(vfadd_disassemble(0x65808861, small, sizeof small, nullptr), VFADD_E_LENGTH);
  EXPECT_STREQ(small, "abc");
  EXPECT_EQ(vfadd_disassemble(0x65808861, nullptr, 10, &n), VFADD_E_NULL);
}

}  // namespace
