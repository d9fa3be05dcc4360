// SPDX-License-Identifier: Apache-2.0
// Internal pieces of the scalar model shared by unpack.cc, nan.cc, round.cc and add.cc.
#ifndef VFADD_MODEL_SRC_FP_INTERNAL_H_
#define VFADD_MODEL_SRC_FP_INTERNAL_H_

#include <cstdint>

#include "vfadd/fp.h"

namespace vfadd::internal {

using u128 = unsigned __int128;

// An unpacked operand (Arm FPUnpack). For finite values, value = (-1)^sign * sig * 2^exp with
// sig < 2^(man_bits+1); a flushed or true zero has sig = 0.
struct Unpacked {
  FpClass cls = FpClass::kZero;  // after flushing: a flushed subnormal is kZero
  bool sign = false;
  int exp = 0;  // exponent of the significand's unit bit
  uint64_t sig = 0;
  uint64_t bits = 0;  // the raw encoding (for NaN propagation)
};

// FPUnpack with input flushing (section 2). May raise IDC in *flags.
Unpacked Unpack(Fmt f, uint64_t bits, Fpcr fpcr, uint32_t* flags);

inline bool IsNaN(FpClass c) { return c == FpClass::kQNaN || c == FpClass::kSNaN; }

// FPProcessNaNs (section 3): if either operand is a NaN, returns true and the propagated result
// (quieted, default NaN under DN) in *out, raising IOC for a signalling NaN.
bool ProcessNaNs(Fmt f, const Unpacked& op1, const Unpacked& op2, Fpcr fpcr, uint64_t* out,
                 uint32_t* flags);

// FPRound (section 5, AH = 0) of the non-zero exact value (-1)^sign * mag * 2^exp. Mag is a
// uint64_t for half and single precision (their aligned sums fit in 64 bits) and a u128 for
// double precision.
template <typename Mag>
uint64_t Round(Fmt f, bool sign, Mag mag, int exp, Fpcr fpcr, uint32_t* flags);

// Encodings of special values.
inline uint64_t Infinity(Fmt f, bool sign) {
  return (sign ? sign_mask(f) : 0) | (((uint64_t{1} << exp_bits(f)) - 1) << man_bits(f));
}
inline uint64_t Zero(Fmt f, bool sign) { return sign ? sign_mask(f) : 0; }
inline uint64_t MaxNormal(Fmt f, bool sign) { return Infinity(f, sign) - 1; }

}  // namespace vfadd::internal

#endif  // VFADD_MODEL_SRC_FP_INTERNAL_H_
