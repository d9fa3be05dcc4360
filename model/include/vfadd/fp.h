// SPDX-License-Identifier: Apache-2.0
// vfadd golden model: formats, FPCR/FPSR views and the scalar Arm FPAdd/FPSub.
//
// Semantics: docs/semantics.md sections 1-5 (FPCR.AH = 0, no FEAT_AFP).
// Names mirror rtl/vfadd_pkg.sv so that model and RTL can be read side by side.
#ifndef VFADD_FP_H_
#define VFADD_FP_H_

#include <cstdint>
#include <string>

namespace vfadd {

// Element formats. The numeric values are the SVE `size` field (bits 23:22) of the encodings.
enum class Fmt : uint8_t { kH = 1, kS = 2, kD = 3 };
constexpr int kNumFmts = 3;
// Every format, in enum order; loops over formats and the generator's draw use this order.
constexpr Fmt kAllFmts[kNumFmts] = {Fmt::kH, Fmt::kS, Fmt::kD};
// Index of a format in kAllFmts (and in tables indexed by format): h 0, s 1, d 2.
constexpr int FmtIndex(Fmt f) { return static_cast<int>(f) - 1; }
// Whether `code` is the numeric value of a Fmt (a size field of 1, 2 or 3; 0 is no format).
constexpr bool IsValidFmtCode(int code) { return code >= 1 && code <= kNumFmts; }

constexpr int fp_width(Fmt f) { return f == Fmt::kH ? 16 : f == Fmt::kS ? 32 : 64; }
constexpr int exp_bits(Fmt f) { return f == Fmt::kH ? 5 : f == Fmt::kS ? 8 : 11; }
constexpr int man_bits(Fmt f) { return f == Fmt::kH ? 10 : f == Fmt::kS ? 23 : 52; }
constexpr int bias(Fmt f) { return (1 << (exp_bits(f) - 1)) - 1; }
constexpr int emin(Fmt f) { return 1 - bias(f); }
constexpr uint64_t width_mask(Fmt f) {
  return fp_width(f) == 64 ? ~uint64_t{0} : (uint64_t{1} << fp_width(f)) - 1;
}
constexpr uint64_t sign_mask(Fmt f) { return uint64_t{1} << (fp_width(f) - 1); }

// FPCR.RMode encodings (section 1.1).
enum class RMode : uint8_t { kRN = 0, kRP = 1, kRM = 2, kRZ = 3 };

// A view of the FPCR bits that matter to the add family. Other bits (AHP, trap enables, Len,
// Stride, AH/FIZ/NEP) are carried but have no effect: AHP is ignored by arithmetic and the model,
// like QEMU, implements no FP trapping (trap-enable bits behave as RAZ).
struct Fpcr {
  uint32_t bits = 0;
  static constexpr int kFz16Bit = 19, kRModeLsb = 22, kFzBit = 24, kDnBit = 25;
  RMode rmode() const { return static_cast<RMode>((bits >> kRModeLsb) & 3); }
  bool fz16() const { return (bits >> kFz16Bit) & 1; }
  bool fz() const { return (bits >> kFzBit) & 1; }
  bool dn() const { return (bits >> kDnBit) & 1; }
  // Flush-to-zero for format f: FZ16 for half precision, FZ for single and double.
  bool flush(Fmt f) const { return f == Fmt::kH ? fz16() : fz(); }
};

// FPSR cumulative flag bits (section 1.2).
enum Flag : uint32_t {
  kIOC = 1u << 0,
  kDZC = 1u << 1,
  kOFC = 1u << 2,
  kUFC = 1u << 3,
  kIXC = 1u << 4,
  kIDC = 1u << 7,
};
constexpr uint32_t kAllFlags = kIOC | kDZC | kOFC | kUFC | kIXC | kIDC;

struct FpResult {
  uint64_t bits = 0;   // result in the low fp_width(f) bits, upper bits zero
  uint32_t flags = 0;  // FPSR cumulative flags raised by this operation alone
};

// Arm FPAdd(op1, op2) and FPSub(op1, op2) (sections 2-5). Operand bits above fp_width(f) are
// ignored.
FpResult FpAdd(Fmt f, uint64_t op1, uint64_t op2, Fpcr fpcr);
FpResult FpSub(Fmt f, uint64_t op1, uint64_t op2, Fpcr fpcr);

// Operand classes, as Arm's FPUnpack sees the raw encoding (no flushing applied).
enum class FpClass : uint8_t { kZero, kSubnormal, kNormal, kInfinity, kQNaN, kSNaN };
FpClass Classify(Fmt f, uint64_t bits);

// The default NaN of format f (sign 0: AH = 0).
uint64_t DefaultNaN(Fmt f);

// Human-readable value of an encoding, e.g. "1.5", "-0", "+inf", "qNaN:0x7fc00001",
// "0x1p-149 (subnormal)"; for reports and mismatch messages.
std::string DescribeValue(Fmt f, uint64_t bits);

// "IOC|IXC" style list of flags, "-" for none.
std::string FlagNames(uint32_t flags);

// Parse "h", "s" or "d"; false on anything else.
bool ParseFmt(const std::string& s, Fmt* out);
char FmtLetter(Fmt f);

}  // namespace vfadd

#endif  // VFADD_FP_H_
