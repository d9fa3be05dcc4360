// SPDX-License-Identifier: Apache-2.0
// FPRound with FPCR.AH = 0 (section 5.1 of docs/semantics.md): the one rounder.
//
// 1. Output flush (FZ for S/D, FZ16 for H): unrounded exponent below emin -> signed zero, UFC
//    only (no IXC, not trappable).
// 2. Denormalise below emin; integer significand `kept`, remainder `rem`.
// 3. Underflow (tininess before rounding): biased exponent 0 and rem != 0 -> UFC.
// 4. Round: RN up if rem > half or (rem = half and kept odd); RP up if rem != 0 and positive;
//    RM up if rem != 0 and negative; RZ never. A carry moves into the exponent field.
// 5. Overflow: exponent field all ones -> infinity if RN, RP (positive) or RM (negative), else
//    the largest finite number; OFC and IXC.
// 6. Inexact: IXC if rem != 0.
#include "fp_internal.h"

namespace vfadd::internal {
namespace {

int MsbIndex(uint64_t x) { return 63 - __builtin_clzll(x); }
int MsbIndex(u128 x) {
  const uint64_t hi = static_cast<uint64_t>(x >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(static_cast<uint64_t>(x));
}

template <typename Mag>
bool RoundUp(RMode mode, bool sign, Mag rem, Mag half, bool lsb) {
  if (rem == 0) return false;
  switch (mode) {
    case RMode::kRN:
      return rem > half || (rem == half && lsb);
    case RMode::kRP:
      return !sign;
    case RMode::kRM:
      return sign;
    case RMode::kRZ:
      return false;
  }
  return false;
}

bool OverflowToInfinity(RMode mode, bool sign) {
  return mode == RMode::kRN || (mode == RMode::kRP && !sign) || (mode == RMode::kRM && sign);
}

}  // namespace

template <typename Mag>
uint64_t Round(Fmt f, bool sign, Mag mag, int exp, Fpcr fpcr, uint32_t* flags) {
  const int m = man_bits(f);
  const int e = MsbIndex(mag) + exp;  // value = 1.xxx * 2^e
  if (e < emin(f) && fpcr.flush(f)) {
    *flags |= kUFC;
    return Zero(f, sign);
  }
  const int lsb_exp = (e < emin(f) ? emin(f) : e) - m;
  const int shift = lsb_exp - exp;
  uint64_t kept;
  Mag rem = 0;
  if (shift <= 0) {
    kept = static_cast<uint64_t>(mag << -shift);
  } else {
    kept = static_cast<uint64_t>(mag >> shift);
    rem = mag & ((Mag{1} << shift) - 1);
    if (RoundUp(fpcr.rmode(), sign, rem, Mag{1} << (shift - 1), kept & 1)) ++kept;
  }
  if (e < emin(f) && rem != 0) *flags |= kUFC;  // unreachable for add (section 5.4)
  // For a normal result `kept` includes the hidden bit, so adding it to (biased exponent - 1)
  // in the exponent field gives the encoding, and a rounding carry lands in the exponent.
  const uint64_t base = e < emin(f) ? 0 : static_cast<uint64_t>(e + bias(f) - 1);
  uint64_t bits = (base << m) + kept;
  if ((bits >> m) >= (uint64_t{1} << exp_bits(f)) - 1) {
    *flags |= kOFC | kIXC;
    return OverflowToInfinity(fpcr.rmode(), sign) ? Infinity(f, sign) : MaxNormal(f, sign);
  }
  if (rem != 0) *flags |= kIXC;
  return bits | (sign ? sign_mask(f) : 0);
}

template uint64_t Round<uint64_t>(Fmt, bool, uint64_t, int, Fpcr, uint32_t*);
template uint64_t Round<u128>(Fmt, bool, u128, int, Fpcr, uint32_t*);

}  // namespace vfadd::internal
