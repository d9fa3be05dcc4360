// SPDX-License-Identifier: Apache-2.0
// Stimulus generator. Each case draws an operation, type, VL, FPCR and predicate pattern, then
// element values from a mix of operand kinds chosen to reach the corners of Arm FP addition:
// signed zeros, infinities, quiet and signalling NaNs with payloads, subnormals, min and max
// normal, exact and near cancellation, exponent differences around the significand width,
// rounding ties, overflow and tiny results.
#include "gen.h"

namespace vfadd {
namespace {

constexpr int kAllVls[] = {128,  256,  384,  512,  640,  768,  896,  1024,
                           1152, 1280, 1408, 1536, 1664, 1792, 1920, 2048};

struct Shape {  // format constants for building encodings
  int m, e;
  uint64_t mask, sign, exp_max;
  explicit Shape(Fmt f)
      : m(man_bits(f)),
        e(exp_bits(f)),
        mask(width_mask(f)),
        sign(sign_mask(f)),
        exp_max((uint64_t{1} << exp_bits(f)) - 1) {}
  uint64_t Make(bool s, uint64_t exp, uint64_t frac) const {
    return (s ? sign : 0) | ((exp & exp_max) << m) | (frac & ((uint64_t{1} << m) - 1));
  }
};

// One value of a "special" kind.
uint64_t Special(Rng& r, const Shape& sh) {
  const bool s = r.Chance(50);
  const uint64_t frac_mask = (uint64_t{1} << sh.m) - 1;
  const uint64_t quiet = uint64_t{1} << (sh.m - 1);
  switch (r.Below(10)) {
    case 0:
      return sh.Make(s, 0, 0);  // +-0
    case 1:
      return sh.Make(s, sh.exp_max, 0);  // +-inf
    case 2:
      return sh.Make(s, sh.exp_max, quiet | (r.Next() & frac_mask));  // qNaN, payload
    case 3:
      return sh.Make(s, sh.exp_max, (r.Next() & (quiet - 1)) | 1);  // sNaN, payload
    case 4:
      return sh.Make(s, 0, (r.Next() & frac_mask) | 1);  // subnormal
    case 5:
      return sh.Make(s, 0, 1);  // smallest subnormal
    case 6:
      return sh.Make(s, 1, 0);  // min normal
    case 7:
      return sh.Make(s, sh.exp_max - 1, frac_mask);  // max normal
    case 8:
      return sh.Make(s, 0, frac_mask);  // largest subnormal
    default:
      return sh.Make(s, sh.exp_max - 1, r.Next() & frac_mask);  // near overflow
  }
}

uint64_t RandomNormal(Rng& r, const Shape& sh) {
  return sh.Make(r.Chance(50), 1 + r.Below(sh.exp_max - 1), r.Next());
}

// A pair (x, y) meant to be *added*; the caller negates for subtraction forms.
void Pair(Rng& r, const Shape& sh, uint64_t* x, uint64_t* y) {
  const uint64_t frac_mask = (uint64_t{1} << sh.m) - 1;
  *x = RandomNormal(r, sh);
  const bool sx = (*x & sh.sign) != 0;
  const uint64_t ex = (*x >> sh.m) & sh.exp_max;
  switch (r.Below(10)) {
    case 0:  // fully random bits
      *x = r.Next() & sh.mask;
      *y = r.Next() & sh.mask;
      return;
    case 1:  // a special value on one or both sides
      *y = Special(r, sh);
      if (r.Chance(50)) *x = Special(r, sh);
      if (r.Chance(50)) std::swap(*x, *y);
      return;
    case 2:  // exact cancellation
      *y = *x ^ sh.sign;
      return;
    case 3: {  // near cancellation: a few ulps apart, opposite signs, maybe one exponent apart
      const uint64_t delta = r.Below(8);
      *y = (r.Chance(70) ? *x + delta : *x - delta) ^ sh.sign;
      if (((*y >> sh.m) & sh.exp_max) == sh.exp_max || ((*y >> sh.m) & sh.exp_max) == 0) {
        *y = *x ^ sh.sign;
      }
      return;
    }
    case 4: {  // exponent difference around the significand width
      const int64_t d = static_cast<int64_t>(sh.m) - 3 + static_cast<int64_t>(r.Below(8));
      const int64_t ey = static_cast<int64_t>(ex) - d;
      *y = sh.Make(r.Chance(50), ey >= 1 ? static_cast<uint64_t>(ey) : 0, r.Next());
      return;
    }
    case 5: {  // rounding tie: y is half an ulp of x (or an odd multiple, with the sticky bits 0)
      const int64_t ey = static_cast<int64_t>(ex) - sh.m - 1;
      if (ey >= 1)
        *y = sh.Make(r.Chance(50) ? sx : !sx, static_cast<uint64_t>(ey), 0);
      else
        *y = sh.Make(!sx, 0, 1);
      return;
    }
    case 6:  // overflow: both large, same sign
      *x = sh.Make(sx, sh.exp_max - 1 - r.Below(2), r.Next());
      *y = sh.Make(sx, sh.exp_max - 1 - r.Below(2), r.Next());
      return;
    case 7:  // tiny result: around the smallest normal, opposite signs
      *x = sh.Make(sx, r.Below(3), r.Next() & frac_mask);
      *y = sh.Make(!sx, r.Below(3), r.Next() & frac_mask);
      return;
    case 8:  // close exponents, random signs
      *y = sh.Make(r.Chance(50), ex + r.Below(3) - 1, r.Next());
      if (((*y >> sh.m) & sh.exp_max) == sh.exp_max) *y ^= uint64_t{1} << sh.m;
      return;
    default:  // two random normals
      *y = RandomNormal(r, sh);
      return;
  }
}

void RandomPredicate(Rng& r, const Case& c, Bits* pg) {
  const int bits = c.vl / 8, step = fp_width(c.fmt) / 8;
  pg->assign((bits + 63) / 64, 0);
  const int pattern = static_cast<int>(r.Below(10));
  for (int i = 0; i < bits; ++i) {
    const bool governs = i % step == 0;
    bool v;
    switch (pattern) {
      case 0:
      case 1:
        v = governs;
        break;  // all true (canonical)
      case 2:
        v = false;
        break;  // all false
      case 3:
        v = governs ? r.Chance(50) : true;
        break;  // random with junk ones elsewhere
      case 4:
        v = !governs;
        break;  // junk only: no element active
      case 5:
        v = r.Chance(50);
        break;  // random bits everywhere
      case 6:
        v = governs && i / step < 1 + static_cast<int>(r.Below(4));
        break;  // a prefix
      default:
        v = governs && r.Chance(50);
        break;  // random canonical
    }
    if (v) (*pg)[i / 64] |= uint64_t{1} << (i % 64);
  }
}

}  // namespace

void OperandPair(Rng& r, Fmt f, uint64_t* x, uint64_t* y) { Pair(r, Shape(f), x, y); }

bool SentAsWord(uint64_t index, uint32_t* regs) {
  const uint64_t r = SplitMix64(&index);
  *regs = static_cast<uint32_t>(r);
  return (r >> 62) == 0;
}

uint32_t RandomFpcr(Rng& r) {
  uint32_t v = static_cast<uint32_t>(r.Below(4)) << Fpcr::kRModeLsb;
  if (r.Chance(50)) v |= 1u << Fpcr::kFzBit;
  if (r.Chance(50)) v |= 1u << Fpcr::kFz16Bit;
  if (r.Chance(50)) v |= 1u << Fpcr::kDnBit;
  if (r.Chance(5)) v |= 1u << 26;  // AHP: must have no effect
  return v;
}

Case GenerateCase(const GenOptions& opt, uint64_t index) {
  Rng r(opt.seed * 0x9e3779b97f4a7c15ull ^ SplitMix64(&index));
  Case c;
  c.op = opt.ops.empty() ? kAllOps[r.Below(kNumOps)] : opt.ops[r.Below(opt.ops.size())];
  c.fmt = opt.types.empty() ? kAllFmts[r.Below(kNumFmts)] : opt.types[r.Below(opt.types.size())];
  if (!opt.vls.empty()) {
    c.vl = opt.vls[r.Below(opt.vls.size())];
  } else {
    static const int kCommon[] = {128, 384, 512, 2048};
    c.vl = r.Chance(60) ? kCommon[r.Below(4)] : kAllVls[r.Below(16)];
  }
  c.fpcr = opt.fpcrs.empty() ? RandomFpcr(r) : opt.fpcrs[r.Below(opt.fpcrs.size())];
  if (IsPredicated(c.op)) RandomPredicate(r, c, &c.pg);
  const Shape sh(c.fmt);
  const int esize = fp_width(c.fmt), n = Elements(c);
  const bool sub = c.op == Op::kFsub || c.op == Op::kFsubU;
  c.a.assign(c.vl / 64, 0);
  c.b.assign(c.vl / 64, 0);
  for (int e = 0; e < n; ++e) {
    uint64_t x, y;
    Pair(r, sh, &x, &y);
    if (sub) y ^= sh.sign;                                  // Zdn - Zm with Zm = -y: x + y
    if (c.op == Op::kFsubr) std::swap(x, y), x ^= sh.sign;  // Zm - Zdn with Zm = x, Zdn = -y
    SetField(&c.a, e * esize, esize, x);
    SetField(&c.b, e * esize, esize, y);
  }
  if (c.op == Op::kFaddp && n >= 2) {
    // Pairs inside each source: make the odd element the partner of the even one.
    for (int e = 0; e + 1 < n; e += 2) {
      if (r.Chance(50)) SetField(&c.a, (e + 1) * esize, esize, GetField(c.b, e * esize, esize));
      if (r.Chance(50)) SetField(&c.b, e * esize, esize, GetField(c.a, (e + 1) * esize, esize));
    }
  }
  if (IsImmediate(c.op)) {
    c.imm_one = r.Chance(50);
    c.b.clear();
    const uint64_t imm = ImmediateBits(c.fmt, c.imm_one);
    for (int e = 0; e < n; ++e) {
      if (r.Chance(25)) {  // cancel the immediate exactly or nearly
        const bool neg = c.op != Op::kFsubI && c.op != Op::kFsubrI;
        SetField(&c.a, e * esize, esize, (neg ? imm ^ sh.sign : imm) + r.Below(3));
      }
    }
  }
  if (c.op == Op::kFadda) {
    // The accumulator is the partner of the first active element (the only step whose
    // accumulator is not a sum).
    int first = 0;
    while (first + 1 < n && !ElementActive(c, first)) ++first;
    c.a = {GetField(c.a, first * esize, esize)};
  }
  if (c.op == Op::kFaddv) {
    // Mostly, the leaves of each first-level sum are the two sides of one pair.
    for (int e = 0; e + 1 < n; e += 2) {
      if (r.Chance(75)) {
        SetField(&c.b, (e + 1) * esize, esize, GetField(c.b, e * esize, esize));
        SetField(&c.b, e * esize, esize, GetField(c.a, e * esize, esize));
      }
    }
    c.a.clear();
  }
  return c;
}

}  // namespace vfadd
