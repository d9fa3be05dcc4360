// SPDX-License-Identifier: Apache-2.0
// The SVE instructions of the add family on whole vectors (section 6 of
// docs/semantics.md).
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
#include "vfadd/vector.h"

#include <cstring>
#include <string>

namespace vfadd {
namespace {

// The public op table (vector.h), indexed by Op.
// clang-format off
constexpr OpTraits kOps[kNumOps] = {
    // op          name       mnemonic  pred   imm    sub    pairw  reduction
    {Op::kFadd,    "fadd",    "fadd",   true,  false, false, false, false},
    {Op::kFaddU,   "fadd_u",  "fadd",   false, false, false, false, false},
    {Op::kFaddI,   "fadd_i",  "fadd",   true,  true,  false, false, false},
    {Op::kFsub,    "fsub",    "fsub",   true,  false, true,  false, false},
    {Op::kFsubU,   "fsub_u",  "fsub",   false, false, true,  false, false},
    {Op::kFsubI,   "fsub_i",  "fsub",   true,  true,  true,  false, false},
    {Op::kFsubr,   "fsubr",   "fsubr",  true,  false, true,  false, false},
    {Op::kFsubrI,  "fsubr_i", "fsubr",  true,  true,  true,  false, false},
    {Op::kFaddp,   "faddp",   "faddp",  true,  false, false, true,  false},
    {Op::kFadda,   "fadda",   "fadda",  true,  false, false, false, true},
    {Op::kFaddv,   "faddv",   "faddv",  true,  false, false, false, true},
};
// clang-format on

constexpr bool TableInEnumOrder() {
  for (int i = 0; i < kNumOps; ++i) {
    if (static_cast<int>(kOps[i].op) != i || kAllOps[i] != kOps[i].op) return false;
  }
  return true;
}
static_assert(TableInEnumOrder(), "kOps and kAllOps: one entry per Op, in enum order");

// One FPAdd/FPSub of an instruction: raises its flags into *fpsr and shows it to the observer.
uint64_t Perform(Fmt f, Fpcr fpcr, Addition add, uint32_t* fpsr, AdditionObserver* observer) {
  add.r = add.sub ? FpSub(f, add.op1, add.op2, fpcr) : FpAdd(f, add.op1, add.op2, fpcr);
  *fpsr |= add.r.flags;
  if (observer) observer->Observe(add);
  return add.r.bits;
}

// FADDV's reduction (ASL Reduce): leaves x[lo .. lo+n-1], op1 = lower half; `level` is the
// height of this node (1: a sum of two leaves).
uint64_t Reduce(Fmt f, const uint64_t* x, int lo, int n, Fpcr fpcr, uint32_t* fpsr,
                AdditionObserver* observer) {
  if (n == 1) return x[lo];
  const int half = n / 2;
  Addition add;
  add.op1 = Reduce(f, x, lo, half, fpcr, fpsr, observer);
  add.op2 = Reduce(f, x, lo + half, half, fpcr, fpsr, observer);
  add.element = lo;
  for (int k = n; k > 1; k >>= 1) ++add.level;
  return Perform(f, fpcr, add, fpsr, observer);
}

int CeilPow2(int x) {
  int p = 1;
  while (p < x) p <<= 1;
  return p;
}

}  // namespace

const OpTraits& Traits(Op op) { return kOps[static_cast<int>(op)]; }
const char* OpName(Op op) { return Traits(op).name; }
bool IsPredicated(Op op) { return Traits(op).predicated; }
bool IsImmediate(Op op) { return Traits(op).immediate; }
bool IsScalarResult(Op op) { return Traits(op).reduction; }

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

void OverlayBits(uint64_t* dst, const Bits& src, int bits) {
  for (int w = 0; w * 64 < bits; ++w) {
    const int n = bits - w * 64;
    const uint64_t mask = n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    const uint64_t s = w < static_cast<int>(src.size()) ? src[w] : 0;
    dst[w] = (dst[w] & ~mask) | (s & mask);
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

Outcome Execute(const Case& c, AdditionObserver* observer) {
  const Fmt f = c.fmt;
  const int esize = fp_width(f);
  const int n = Elements(c);
  const Fpcr fpcr{c.fpcr};
  Outcome out;
  auto element = [&](const Bits& v, int e) { return GetField(v, e * esize, esize); };
  if (c.op == Op::kFadda) {
    uint64_t acc = c.a[0] & width_mask(f);
    for (int e = 0; e < n; ++e) {
      if (!ElementActive(c, e)) continue;
      Addition add;
      add.element = e, add.op1 = acc, add.op2 = element(c.b, e);
      acc = Perform(f, fpcr, add, &out.fpsr, observer);
    }
    out.res = {acc};
    return out;
  }
  if (c.op == Op::kFaddv) {
    const int leaves = CeilPow2(c.vl) / esize;
    uint64_t x[kMaxVl / 16];  // CeilPow2(vl) <= 2048 bits, at most 128 half-precision leaves
    for (int e = 0; e < leaves; ++e) {
      x[e] = (e < n && ElementActive(c, e)) ? element(c.b, e) : 0;  // +0.0
    }
    out.res = {Reduce(f, x, 0, leaves, fpcr, &out.fpsr, observer)};
    return out;
  }
  const uint64_t imm = ImmediateBits(f, c.imm_one);
  out.res = c.a;
  for (int e = 0; e < n; ++e) {
    if (!ElementActive(c, e)) continue;
    const uint64_t zdn = element(c.a, e);
    Addition add;
    add.element = e;
    switch (c.op) {
      case Op::kFadd:
      case Op::kFaddU:
      case Op::kFsub:
      case Op::kFsubU:
        add.op1 = zdn, add.op2 = element(c.b, e);
        break;
      case Op::kFaddI:
      case Op::kFsubI:
        add.op1 = zdn, add.op2 = imm;
        break;
      case Op::kFsubr:
        add.op1 = element(c.b, e), add.op2 = zdn;
        break;
      case Op::kFsubrI:
        add.op1 = imm, add.op2 = zdn;
        break;
      case Op::kFaddp: {
        const Bits& src = (e % 2 == 0) ? c.a : c.b;
        add.op1 = element(src, e & ~1), add.op2 = element(src, e | 1);
        break;
      }
      default:
        break;  // fadda / faddv handled above
    }
    add.sub = Traits(c.op).subtract;
    SetField(&out.res, e * esize, esize, Perform(f, fpcr, add, &out.fpsr, observer));
  }
  return out;
}

}  // namespace vfadd
