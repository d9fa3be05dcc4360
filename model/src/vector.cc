// SPDX-License-Identifier: Apache-2.0
// The SVE instructions of the add family on whole vectors (section 6 of
// arm-sve-fadd-semantics.md).
//
// | op               | active element e                         | inactive element e |
// |------------------|------------------------------------------|--------------------|
// | fadd / fadd_u    | FPAdd(Zdn[e], Zm[e])                     | Zdn[e] (merging)   |
// | fadd_i           | FPAdd(Zdn[e], imm)                       | Zdn[e]             |
// | fsub / fsub_u    | FPSub(Zdn[e], Zm[e])                     | Zdn[e]             |
// | fsub_i           | FPSub(Zdn[e], imm)                       | Zdn[e]             |
// | fsubr            | FPSub(Zm[e], Zdn[e])  (op1 = Zm)         | Zdn[e]             |
// | fsubr_i          | FPSub(imm, Zdn[e])                       | Zdn[e]             |
// | faddp, e even    | FPAdd(Zdn[e], Zdn[e+1])                  | Zdn[e]             |
// | faddp, e odd     | FPAdd(Zm[e-1], Zm[e])                    | Zdn[e]             |
// | fadda            | acc = FPAdd(acc, Zm[e]), e ascending     | skipped            |
// | faddv            | leaf Zn[e] of the +0-padded tree         | leaf +0.0          |
// Element e is active iff predicate bit e*esize/8 is set; inactive elements raise no flags.
#include <cstring>
#include <string>

#include "vfadd/vector.h"

namespace vfadd {
namespace {

struct OpInfo {
  const char* name;
  bool predicated, immediate, scalar_result;
};
// Indexed by Op.
constexpr OpInfo kOps[kNumOps] = {
    {"fadd", true, false, false},   {"fadd_u", false, false, false},
    {"fadd_i", true, true, false},  {"fsub", true, false, false},
    {"fsub_u", false, false, false}, {"fsub_i", true, true, false},
    {"fsubr", true, false, false},  {"fsubr_i", true, true, false},
    {"faddp", true, false, false},  {"fadda", true, false, true},
    {"faddv", true, false, true},
};

const OpInfo& Info(Op op) { return kOps[static_cast<int>(op)]; }

// FADDV's reduction (ASL Reduce): leaves x[lo .. lo+n-1], op1 = lower half.
uint64_t Reduce(Fmt f, const uint64_t* x, int n, Fpcr fpcr, uint32_t* flags) {
  if (n == 1) return x[0];
  const int half = n / 2;
  const uint64_t lo = Reduce(f, x, half, fpcr, flags);
  const uint64_t hi = Reduce(f, x + half, half, fpcr, flags);
  const FpResult r = FpAdd(f, lo, hi, fpcr);
  *flags |= r.flags;
  return r.bits;
}

int CeilPow2(int x) {
  int p = 1;
  while (p < x) p <<= 1;
  return p;
}

}  // namespace

const char* OpName(Op op) { return Info(op).name; }
bool IsPredicated(Op op) { return Info(op).predicated; }
bool IsImmediate(Op op) { return Info(op).immediate; }
bool IsScalarResult(Op op) { return Info(op).scalar_result; }

bool ParseOp(const std::string& s, Op* out) {
  for (int i = 0; i < kNumOps; ++i) {
    if (s == kOps[i].name) {
      *out = static_cast<Op>(i);
      return true;
    }
  }
  return false;
}

uint64_t GetField(const Bits& v, int lsb, int width) {
  const int word = lsb / 64, off = lsb % 64;
  uint64_t x = v[word] >> off;
  if (off + width > 64) x |= v[word + 1] << (64 - off);
  return width == 64 ? x : x & ((uint64_t{1} << width) - 1);
}

void SetField(Bits* v, int lsb, int width, uint64_t value) {
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  value &= mask;
  const int word = lsb / 64, off = lsb % 64;
  (*v)[word] = ((*v)[word] & ~(mask << off)) | (value << off);
  if (off + width > 64) {
    const int spill = 64 - off;
    (*v)[word + 1] = ((*v)[word + 1] & ~(mask >> spill)) | (value >> spill);
  }
}

int Elements(const Case& c) { return c.vl / fp_width(c.fmt); }

bool ElementActive(const Case& c, int e) {
  if (!IsPredicated(c.op)) return true;
  const int bit = e * (fp_width(c.fmt) / 8);
  return (c.pg[bit / 64] >> (bit % 64)) & 1;
}

uint64_t ImmediateBits(Fmt f, bool imm_one) {
  // 0.5 = 2^-1, 1.0 = 2^0: exponent field bias - 1 or bias, fraction 0 (section 6.3).
  return static_cast<uint64_t>(bias(f) - (imm_one ? 0 : 1)) << man_bits(f);
}

Outcome Execute(const Case& c) {
  const Fmt f = c.fmt;
  const int esize = fp_width(f);
  const int n = Elements(c);
  const Fpcr fpcr{c.fpcr};
  Outcome out;
  auto flag = [&out](const FpResult& r) {
    out.fpsr |= r.flags;
    return r.bits;
  };
  if (c.op == Op::kFadda) {
    uint64_t acc = c.a[0] & width_mask(f);
    for (int e = 0; e < n; ++e) {
      if (ElementActive(c, e)) acc = flag(FpAdd(f, acc, GetField(c.b, e * esize, esize), fpcr));
    }
    out.res = {acc};
    return out;
  }
  if (c.op == Op::kFaddv) {
    const int leaves = CeilPow2(c.vl) / esize;
    uint64_t x[kMaxVl / 16];  // CeilPow2(vl) <= 2048 bits, at most 128 half-precision leaves
    for (int e = 0; e < leaves; ++e) {
      x[e] = (e < n && ElementActive(c, e)) ? GetField(c.b, e * esize, esize) : 0;  // +0.0
    }
    out.res = {Reduce(f, x, leaves, fpcr, &out.fpsr)};
    return out;
  }
  const uint64_t imm = ImmediateBits(f, c.imm_one);
  out.res = c.a;
  for (int e = 0; e < n; ++e) {
    if (!ElementActive(c, e)) continue;
    const uint64_t zdn = GetField(c.a, e * esize, esize);
    uint64_t r = 0;
    switch (c.op) {
      case Op::kFadd:
      case Op::kFaddU: r = flag(FpAdd(f, zdn, GetField(c.b, e * esize, esize), fpcr)); break;
      case Op::kFaddI: r = flag(FpAdd(f, zdn, imm, fpcr)); break;
      case Op::kFsub:
      case Op::kFsubU: r = flag(FpSub(f, zdn, GetField(c.b, e * esize, esize), fpcr)); break;
      case Op::kFsubI: r = flag(FpSub(f, zdn, imm, fpcr)); break;
      case Op::kFsubr: r = flag(FpSub(f, GetField(c.b, e * esize, esize), zdn, fpcr)); break;
      case Op::kFsubrI: r = flag(FpSub(f, imm, zdn, fpcr)); break;
      case Op::kFaddp: {
        const Bits& src = (e % 2 == 0) ? c.a : c.b;
        const int lo = e & ~1;
        r = flag(FpAdd(f, GetField(src, lo * esize, esize), GetField(src, (lo + 1) * esize, esize),
                       fpcr));
        break;
      }
      default: break;  // fadda / faddv handled above
    }
    SetField(&out.res, e * esize, esize, r);
  }
  return out;
}

}  // namespace vfadd
