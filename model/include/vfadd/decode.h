// SPDX-License-Identifier: Apache-2.0
// vfadd golden model: decoder and disassembler for the 32-bit A64 encodings of the SVE FP add
// family and MOVPRFX (section 7 of docs/semantics.md).
#ifndef VFADD_DECODE_H_
#define VFADD_DECODE_H_

#include <cstdint>
#include <string>

#include "vfadd/fp.h"
#include "vfadd/vector.h"

namespace vfadd {

enum class InsnKind : uint8_t {
  kOther,        // not in this family's encoding space
  kUndefined,    // inside the family's encoding space but unallocated (e.g. size = 00)
  kArith,        // one of the Op values (fadd, fadd_u, ..., faddv)
  kMovprfx,      // MOVPRFX Zd, Zn (unpredicated)
  kMovprfxPred,  // MOVPRFX Zd.T, Pg/<Z|M>, Zn.T
};

struct Insn {
  InsnKind kind = InsnKind::kOther;
  Op op = Op::kFadd;     // kArith only
  int size = 0;          // bits 23:22 (kArith, kMovprfxPred, kUndefined where present)
  int zd = 0;            // Zd / Zdn / Vd / Vdn, bits 4:0
  int zn = 0;            // Zn (fadd_u, fsub_u: bits 9:5; faddv, movprfx: bits 9:5)
  int zm = 0;            // Zm (predicated vector forms and fadda: bits 9:5; _u forms: bits 20:16)
  int pg = 0;            // bits 12:10 (P0-P7)
  bool imm_one = false;  // immediate forms: bit 5
  bool merging = false;  // kMovprfxPred: bit 16 (M)
  // kArith: the element format from `size` (01 H, 10 S, 11 D).
  Fmt fmt() const { return static_cast<Fmt>(size); }
};

Insn Decode(uint32_t word);

// GNU binutils syntax, e.g. "fadd z1.s, p2/m, z1.s, z3.s", "fadda s1, p2, s1, z3.s",
// "movprfx z1.s, p2/z, z2.s"; "undefined" or "other" for those kinds.
std::string Disassemble(const Insn& insn);
inline std::string Disassemble(uint32_t word) { return Disassemble(Decode(word)); }

// The encoding of a decoded instruction (inverse of Decode for kArith/kMovprfx/kMovprfxPred).
uint32_t Encode(const Insn& insn);

}  // namespace vfadd

#endif  // VFADD_DECODE_H_
