// SPDX-License-Identifier: Apache-2.0
// Every Arm NaN rule of the add family, in one place (section 3 of docs/semantics.md).
//
// Priority (AH = 0): sNaN(op1) > sNaN(op2) > qNaN(op1) > qNaN(op2). The chosen NaN keeps sign and
// payload; a signalling one is quieted (top fraction bit set) and raises IOC; then DN = 1
// replaces it by the default NaN (sign 0, exponent all ones, fraction 10...0).
#include "fp_internal.h"

namespace vfadd {

uint64_t DefaultNaN(Fmt f) {
  return internal::Infinity(f, false) | (uint64_t{1} << (man_bits(f) - 1));
}

namespace internal {
namespace {

uint64_t ProcessNaN(Fmt f, const Unpacked& op, Fpcr fpcr, uint32_t* flags) {
  uint64_t result = op.bits;
  if (op.cls == FpClass::kSNaN) {
    result |= uint64_t{1} << (man_bits(f) - 1);
    *flags |= kIOC;
  }
  return fpcr.dn() ? DefaultNaN(f) : result;
}

}  // namespace

bool ProcessNaNs(Fmt f, const Unpacked& op1, const Unpacked& op2, Fpcr fpcr, uint64_t* out,
                 uint32_t* flags) {
  const Unpacked* chosen = nullptr;
  if (op1.cls == FpClass::kSNaN) {
    chosen = &op1;
  } else if (op2.cls == FpClass::kSNaN) {
    chosen = &op2;
  } else if (op1.cls == FpClass::kQNaN) {
    chosen = &op1;
  } else if (op2.cls == FpClass::kQNaN) {
    chosen = &op2;
  } else {
    return false;
  }
  *out = ProcessNaN(f, *chosen, fpcr, flags);
  return true;
}

}  // namespace internal
}  // namespace vfadd
