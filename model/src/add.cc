// SPDX-License-Identifier: Apache-2.0
// FPAdd and FPSub (section 4 of docs/semantics.md).
//
// FPAdd(op1, op2): 1. unpack (flush, IDC); 2. NaNs (section 3), stop if a NaN results;
// 3. inf + -inf -> default NaN, IOC (whatever DN); 4. +inf / -inf if either is infinite;
// 5. zero + zero of one sign -> that zero; 6. exact sum 0 -> +0 (-0 in RM); 7. round.
// FPSub is FPAdd with op2's sign flipped *after* NaN processing, so NaNs propagate unnegated.
#include <utility>

#include "fp_internal.h"

namespace vfadd {
namespace internal {
namespace {

// Aligning the smaller operand more than MaxAlign(f) = man_bits + 3 places below the larger
// one only leaves a sticky bit. The larger one is then normal (sig >= 2^m), so the aligned sum
// has at least 2m + 2 bits and its rounding (guard) position is at bit m + 1 or above, while the
// smaller operand's value is below 2^m units: replacing it by 1 changes neither the guard bit
// nor whether the remainder is zero. The widest aligned sum is 2m + 5 bits: 64-bit for H and S.
constexpr int MaxAlign(Fmt f) { return man_bits(f) + 3; }

template <typename Mag>
FpResult AddUnpacked(Fmt f, const Unpacked& x, Unpacked y, bool negate_y, Fpcr fpcr,
                     uint32_t flags) {
  FpResult r;
  if (ProcessNaNs(f, x, y, fpcr, &r.bits, &flags)) {
    r.flags = flags;
    return r;
  }
  if (negate_y) y.sign = !y.sign;
  const bool inf_x = x.cls == FpClass::kInfinity, inf_y = y.cls == FpClass::kInfinity;
  if (inf_x && inf_y && x.sign != y.sign) {
    r.bits = DefaultNaN(f);
    r.flags = flags | kIOC;
    return r;
  }
  r.flags = flags;
  if (inf_x || inf_y) {
    r.bits = Infinity(f, inf_x ? x.sign : y.sign);
    return r;
  }
  const bool zero_x = x.sig == 0, zero_y = y.sig == 0;
  if (zero_x && zero_y && x.sign == y.sign) {
    r.bits = Zero(f, x.sign);
    return r;
  }
  // Exact sum of the finite values. `big` has the larger exponent (a zero never does).
  const Unpacked* big = &x;
  const Unpacked* small = &y;
  if (zero_x || (!zero_y && y.exp > x.exp)) std::swap(big, small);
  const int diff = small->sig == 0 ? 0 : big->exp - small->exp;
  const int align = diff < MaxAlign(f) ? diff : MaxAlign(f);
  const Mag big_mag = Mag{big->sig} << align;
  const Mag small_mag = diff <= MaxAlign(f) ? Mag{small->sig} : Mag{1};  // sticky
  Mag mag;
  bool sign = big->sign;
  if (big->sign == small->sign) {
    mag = big_mag + small_mag;
  } else if (big_mag >= small_mag) {
    mag = big_mag - small_mag;
  } else {
    mag = small_mag - big_mag;
    sign = small->sign;
  }
  if (mag == 0) {
    r.bits = Zero(f, fpcr.rmode() == RMode::kRM);
    return r;
  }
  r.bits = Round(f, sign, mag, big->exp - align, fpcr, &r.flags);
  return r;
}

FpResult AddSub(Fmt f, uint64_t op1, uint64_t op2, bool subtract, Fpcr fpcr) {
  uint32_t flags = 0;
  const Unpacked x = Unpack(f, op1, fpcr, &flags);
  const Unpacked y = Unpack(f, op2, fpcr, &flags);
  return f == Fmt::kD ? AddUnpacked<u128>(f, x, y, subtract, fpcr, flags)
                      : AddUnpacked<uint64_t>(f, x, y, subtract, fpcr, flags);
}

}  // namespace
}  // namespace internal

FpResult FpAdd(Fmt f, uint64_t op1, uint64_t op2, Fpcr fpcr) {
  return internal::AddSub(f, op1, op2, false, fpcr);
}

FpResult FpSub(Fmt f, uint64_t op1, uint64_t op2, Fpcr fpcr) {
  return internal::AddSub(f, op1, op2, true, fpcr);
}

}  // namespace vfadd
