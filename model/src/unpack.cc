// SPDX-License-Identifier: Apache-2.0
// FPUnpack: classification and input flushing (section 2 of docs/semantics.md).
//
// | format | denormal input, AH = 0                                   |
// |--------|----------------------------------------------------------|
// | half   | FZ16 = 1: signed zero, no IDC. FZ16 = 0: used as is.      |
// | S / D  | FZ = 1: signed zero and IDC. FZ = 0: used as is, no IDC.  |
// IDC is raised here, during unpacking, so it appears even beside a NaN or an infinity.
#include "fp_internal.h"

namespace vfadd {

FpClass Classify(Fmt f, uint64_t bits) {
  const int m = man_bits(f);
  const uint64_t exp_field = (bits >> m) & ((uint64_t{1} << exp_bits(f)) - 1);
  const uint64_t frac = bits & ((uint64_t{1} << m) - 1);
  if (exp_field == 0) return frac == 0 ? FpClass::kZero : FpClass::kSubnormal;
  if (exp_field == (uint64_t{1} << exp_bits(f)) - 1) {
    if (frac == 0) return FpClass::kInfinity;
    return (frac >> (m - 1)) & 1 ? FpClass::kQNaN : FpClass::kSNaN;
  }
  return FpClass::kNormal;
}

namespace internal {

Unpacked Unpack(Fmt f, uint64_t bits, Fpcr fpcr, uint32_t* flags) {
  const int m = man_bits(f);
  Unpacked u;
  u.bits = bits & width_mask(f);
  u.sign = (bits & sign_mask(f)) != 0;
  u.cls = Classify(f, bits);
  const uint64_t frac = bits & ((uint64_t{1} << m) - 1);
  const int exp_field = static_cast<int>((bits >> m) & ((uint64_t{1} << exp_bits(f)) - 1));
  switch (u.cls) {
    case FpClass::kNormal:
      u.sig = (uint64_t{1} << m) | frac;
      u.exp = exp_field - bias(f) - m;
      break;
    case FpClass::kSubnormal:
      if (fpcr.flush(f)) {
        u.cls = FpClass::kZero;  // sign kept
        if (f != Fmt::kH) *flags |= kIDC;
      } else {
        u.sig = frac;
        u.exp = emin(f) - m;
      }
      break;
    default:
      break;
  }
  return u;
}

}  // namespace internal
}  // namespace vfadd
