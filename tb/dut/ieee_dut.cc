// SPDX-License-Identifier: Apache-2.0
// An IEEE 754 DUT for vfadd --dut (docs/dut-protocol.md): every operation of the trace format
// computed element by element on the host FPU, right for IEEE 754 and deliberately unaware of
// Arm's rules. It honours FPCR.RMode and computes the instruction forms as the architecture
// lays them out (predication, FSUBR's operand order, FADDP's pairs, FADDA in order, FADDV's
// padded tree), but:
//   - NaN operands: the first NaN operand (op1, else op2), quieted, as IEEE 754 allows; Arm
//     prefers a signalling NaN in op2 to a quiet one in op1, and FPCR.DN is ignored;
//   - inf - inf: the host's default NaN (x86: sign bit set), not Arm's positive one;
//   - FPCR.FZ and FZ16 are ignored: subnormal inputs and results are kept, IDC never raised;
//   - flags: the host's (x86 detects underflow after rounding).
// FP32 and FP64 are the host's float and double. FP16: the operands are exact in double and so
// is their sum (at most 40 significant bits), which is rounded to FP32 by round-to-odd (toward
// zero, the last bit set when inexact) and then to FP16 by the F16C instruction in the current
// rounding mode. Rounding to odd with 24 >= 11 + 2 bits and then to 11 bits gives the correctly
// rounded FP16 result and its flags (Boldo and Melquiond, "When double rounding is odd", 2005).
// Reads stimulus lines on stdin, writes one checked line per line on stdout, flushed; a line it
// cannot parse ends it with status 2. Built with -mf16c (x86-64).
#include <immintrin.h>

#include <cfenv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Bits = std::vector<uint64_t>;  // little-endian 64-bit words

int Width(char t) { return t == 'h' ? 16 : t == 's' ? 32 : 64; }

bool ParseHex(const std::string& s, int bits, Bits* out) {
  if (static_cast<int>(s.size()) * 4 != bits) return false;
  out->assign((bits + 63) / 64, 0);
  for (int i = 0; i < static_cast<int>(s.size()); ++i) {
    const char ch = s[s.size() - 1 - i];
    int v;
    if (ch >= '0' && ch <= '9') {
      v = ch - '0';
    } else if (ch >= 'a' && ch <= 'f') {
      v = ch - 'a' + 10;
    } else if (ch >= 'A' && ch <= 'F') {
      v = ch - 'A' + 10;
    } else {
      return false;
    }
    (*out)[i / 16] |= static_cast<uint64_t>(v) << (4 * (i % 16));
  }
  return true;
}

std::string Hex(const Bits& v, int bits) {
  std::string s;
  for (int i = bits / 4 - 1; i >= 0; --i)
    s += "0123456789abcdef"[(v[i / 16] >> (4 * (i % 16))) & 15];
  return s;
}

uint64_t Get(const Bits& v, int e, int w) {
  const uint64_t x = v[e * w / 64] >> (e * w % 64);
  return w == 64 ? x : x & ((uint64_t{1} << w) - 1);
}
void Set(Bits* v, int e, int w, uint64_t x) {
  const uint64_t mask = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  (*v)[e * w / 64] &= ~(mask << (e * w % 64));
  (*v)[e * w / 64] |= (x & mask) << (e * w % 64);
}

// One scalar IEEE addition or subtraction; flags in FPSR bits, ORed into *fpsr.
class Fpu {
 public:
  Fpu(int w, int rmode) : w_(w) {
    static const int kModes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    mode_ = kModes[rmode];
  }
  uint64_t Add(uint64_t x, uint64_t y, bool sub, uint32_t* fpsr) const {
    const int exp_bits = w_ == 16 ? 5 : w_ == 32 ? 8 : 11, man = w_ - 1 - exp_bits;
    const uint64_t exp_mask = ((uint64_t{1} << exp_bits) - 1) << man;
    const uint64_t man_mask = (uint64_t{1} << man) - 1, quiet = uint64_t{1} << (man - 1);
    auto nan = [&](uint64_t v) { return (v & exp_mask) == exp_mask && (v & man_mask); };
    if (nan(x) || nan(y)) {  // the first NaN operand, quieted; invalid for a signalling one
      if ((nan(x) && !(x & quiet)) || (nan(y) && !(y & quiet))) *fpsr |= 1;
      return (nan(x) ? x : y) | quiet;
    }
    std::fesetround(mode_);
    std::feclearexcept(FE_ALL_EXCEPT);
    uint64_t r;
    if (w_ == 64) {
      r = Host<double, uint64_t>(x, y, sub);
    } else if (w_ == 32) {
      r = Host<float, uint32_t>(x, y, sub);
    } else {
      r = HalfAdd(x, y, sub);
    }
    const int e = std::fetestexcept(FE_ALL_EXCEPT);
    *fpsr |= (e & FE_INVALID ? 1 : 0) | (e & FE_DIVBYZERO ? 2 : 0) | (e & FE_OVERFLOW ? 4 : 0) |
             (e & FE_UNDERFLOW ? 8 : 0) | (e & FE_INEXACT ? 16 : 0);
    std::fesetround(FE_TONEAREST);
    return r;
  }

 private:
  // op1 +/- op2 on the host's type T (the bits in U); volatile, so that the operation stays
  // between the rounding mode's setting and the flags' test.
  template <typename T, typename U>
  static uint64_t Host(uint64_t x, uint64_t y, bool sub) {
    const U xs = static_cast<U>(x), ys = static_cast<U>(y);
    T xv, yv;
    std::memcpy(&xv, &xs, sizeof xv);
    std::memcpy(&yv, &ys, sizeof yv);
    volatile T a = xv, b = yv;
    volatile T s = sub ? a - b : a + b;
    const T sv = s;
    U u;
    std::memcpy(&u, &sv, sizeof u);
    return u;
  }
  static double HalfToDouble(uint64_t h) {
    const int e = (h >> 10) & 31;
    const double m = static_cast<double>(h & 1023);
    double v = e == 0 ? m * 0x1p-24 : e == 31 ? __builtin_inf() : (1024 + m) * 0x1p-25 * (1 << e);
    return (h & 0x8000) ? -v : v;
  }
  // NaNs are handled before; the sum of two FP16 values is exact in double.
  uint64_t HalfAdd(uint64_t x, uint64_t y, bool sub) const {
    volatile double a = HalfToDouble(x), b = HalfToDouble(y);
    volatile double s = sub ? a - b : a + b;  // exact, or inf - inf (invalid)
    const int invalid = std::fetestexcept(FE_INVALID);
    std::fesetround(FE_TOWARDZERO);
    std::feclearexcept(FE_ALL_EXCEPT);
    volatile float f = static_cast<float>(s);
    const bool inexact = std::fetestexcept(FE_INEXACT);
    float odd = f;
    if (inexact) {
      uint32_t u;
      std::memcpy(&u, &odd, 4);
      u |= 1;
      std::memcpy(&odd, &u, 4);
    }
    std::fesetround(mode_);
    std::feclearexcept(FE_ALL_EXCEPT);
    if (invalid) std::feraiseexcept(FE_INVALID);
    return static_cast<uint16_t>(_cvtss_sh(odd, _MM_FROUND_CUR_DIRECTION));
  }

  int w_, mode_;
};

struct Line {
  std::string op, t, fpcr_text, pg_text, a_text, b_text;
  int vl = 0;
  uint32_t fpcr = 0;
  Bits pg, a, b;
};

bool Parse(const std::string& text, Line* l) {
  std::istringstream in(text);
  std::string vl, extra;
  if (!(in >> l->op >> l->t >> vl >> l->fpcr_text >> l->pg_text >> l->a_text >> l->b_text) ||
      (in >> extra)) {
    return false;
  }
  l->vl = std::atoi(vl.c_str());
  const int w = Width(l->t[0]);
  Bits f;
  if (l->vl < 128 || l->vl > 2048 || l->vl % 128 || !ParseHex(l->fpcr_text, 32, &f)) return false;
  l->fpcr = static_cast<uint32_t>(f[0]);
  if (l->pg_text != "-" && !ParseHex(l->pg_text, l->vl / 8, &l->pg)) return false;
  const bool fadda = l->op == "fadda", faddv = l->op == "faddv";
  if (!faddv && !ParseHex(l->a_text, fadda ? w : l->vl, &l->a)) return false;
  const bool imm = l->op.size() > 2 && l->op.compare(l->op.size() - 2, 2, "_i") == 0;
  if (imm) {
    if (l->b_text != "0.5" && l->b_text != "1.0") return false;
    const bool one = l->b_text == "1.0";
    const uint64_t v = w == 16   ? (one ? 0x3c00 : 0x3800)
                       : w == 32 ? (one ? 0x3f800000 : 0x3f000000)
                                 : (one ? 0x3ff0000000000000 : 0x3fe0000000000000);
    l->b.assign(l->vl / 64, 0);
    for (int e = 0; e < l->vl / w; ++e) Set(&l->b, e, w, v);
  } else if (!ParseHex(l->b_text, l->vl, &l->b)) {
    return false;
  }
  return true;
}

// The result (vector: vl bits; fadda, faddv: the scalar) and the flags of one line.
bool Execute(const Line& l, Bits* res, uint32_t* fpsr) {
  const int w = Width(l.t[0]), n = l.vl / w;
  const Fpu fpu(w, (l.fpcr >> 22) & 3);
  auto active = [&](int e) {
    return l.pg.empty() || ((l.pg[e * w / 8 / 64] >> (e * w / 8 % 64)) & 1);
  };
  *fpsr = 0;
  if (l.op == "fadda") {
    uint64_t acc = l.a[0];
    for (int e = 0; e < n; ++e) {
      if (active(e)) acc = fpu.Add(acc, Get(l.b, e, w), false, fpsr);
    }
    *res = Bits{acc};
    return true;
  }
  if (l.op == "faddv") {
    int p2 = 128;
    while (p2 < l.vl) p2 *= 2;
    std::vector<uint64_t> x(p2 / w, 0);  // +0.0 for inactive and padding leaves
    for (int e = 0; e < n; ++e) x[e] = active(e) ? Get(l.b, e, w) : 0;
    for (size_t len = x.size(); len > 1; len /= 2) {  // each level: lower half is op1
      for (size_t i = 0; i < len / 2; ++i) x[i] = fpu.Add(x[2 * i], x[2 * i + 1], false, fpsr);
    }
    *res = Bits{x[0]};
    return true;
  }
  *res = l.a;
  const std::string base = l.op.substr(0, l.op.find('_'));
  for (int e = 0; e < n; ++e) {
    if (!active(e)) continue;
    const uint64_t ae = Get(l.a, e, w), be = Get(l.b, e, w);
    uint64_t r;
    if (base == "fadd") {
      r = fpu.Add(ae, be, false, fpsr);
    } else if (base == "fsub") {
      r = fpu.Add(ae, be, true, fpsr);
    } else if (base == "fsubr") {
      r = fpu.Add(be, ae, true, fpsr);
    } else if (base == "faddp") {
      r = e % 2 == 0 ? fpu.Add(ae, Get(l.a, e + 1, w), false, fpsr)
                     : fpu.Add(Get(l.b, e - 1, w), be, false, fpsr);
    } else {
      return false;
    }
    Set(res, e, w, r);
  }
  return true;
}

}  // namespace

int main() {
  std::string text;
  for (long number = 1; std::getline(std::cin, text); ++number) {
    Line l;
    Bits res;
    uint32_t fpsr = 0;
    if (!Parse(text, &l) || !Execute(l, &res, &fpsr)) {
      std::fprintf(stderr, "ieee_dut: line %ld: cannot parse '%s'\n", number, text.c_str());
      return 2;
    }
    const int res_bits = l.op == "fadda" || l.op == "faddv" ? Width(l.t[0]) : l.vl;
    std::printf("%s %s %d %s %s %s %s %s %08x\n", l.op.c_str(), l.t.c_str(), l.vl,
                l.fpcr_text.c_str(), l.pg_text.c_str(), l.a_text.c_str(), l.b_text.c_str(),
                Hex(res, res_bits).c_str(), fpsr);
    std::fflush(stdout);
  }
  return 0;
}
