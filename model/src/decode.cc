// SPDX-License-Identifier: Apache-2.0
// Decoder, encoder and disassembler for the SVE FP add family and MOVPRFX (section 7 of
// docs/semantics.md; MOVPRFX semantics in section 6.9).
//
// Encodings (bit 31 first; ss = size 23:22, ggg = Pg 12:10, i = i1 bit 5, M = bit 16):
//
//   FADD  (vectors, pred)    01100101 ss 0 0 0000 100 ggg mmmmm ddddd
//   FSUB  (vectors, pred)    01100101 ss 0 0 0001 100 ggg mmmmm ddddd
//   FSUBR (vectors, pred)    01100101 ss 0 0 0011 100 ggg mmmmm ddddd
//   FADD  (vectors, unpred)  01100101 ss 0 mmmmm 000 000 nnnnn ddddd
//   FSUB  (vectors, unpred)  01100101 ss 0 mmmmm 000 001 nnnnn ddddd
//   FADD  (immediate)        01100101 ss 011 000 100 ggg 0000 i ddddd
//   FSUB  (immediate)        01100101 ss 011 001 100 ggg 0000 i ddddd
//   FSUBR (immediate)        01100101 ss 011 011 100 ggg 0000 i ddddd
//   FADDP (SVE2)             01100100 ss 010 000 100 ggg mmmmm ddddd
//   FADDA                    01100101 ss 011 000 001 ggg mmmmm ddddd
//   FADDV                    01100101 ss 000 000 001 ggg nnnnn ddddd
//   MOVPRFX (unpred)         00000100 00 1 00000 101111 nnnnn ddddd
//   MOVPRFX (pred)           00000100 ss 010 00M 001 ggg nnnnn ddddd
//
// Classification:
//   * an FP form with size = 01/10/11 (and, for the immediates, bits 9:6 = 0000) is kArith;
//   * an FP form with size = 00 is kUndefined (BFADD/BFSUB need FEAT_SVE_B16B16, which this
//     model does not implement; the other forms have no size = 00 encoding), and so is an
//     immediate form with bits 9:6 != 0000;
//   * MOVPRFX (unpred) is kMovprfx, MOVPRFX (pred) kMovprfxPred with any size;
//   * every other word (FADDQV included) is kOther.
// Decode leaves the Insn fields a form does not have at their defaults (0 / false); for
// kUndefined only `size` is set, for kOther nothing.
#include "vfadd/decode.h"

#include <cstdint>
#include <string>

namespace vfadd {
namespace {

// One encoding pattern: a word belongs to it iff (word & mask) == value. The masks below leave
// out the register, predicate, size, i1 and M fields, and for the immediate forms bits 9:6 (which
// are checked separately, so that a nonzero value can be reported as kUndefined).
struct Pattern {
  uint32_t mask;
  uint32_t value;
};

// Operand layouts of the arithmetic forms.
enum class Layout : uint8_t {
  kPredVectors,    // <op> Zdn.T, Pg/M, Zdn.T, Zm.T      (pg, zm = 9:5, zd)
  kUnpredVectors,  // <op> Zd.T, Zn.T, Zm.T              (zm = 20:16, zn = 9:5, zd)
  kImmediate,      // <op> Zdn.T, Pg/M, Zdn.T, #imm      (pg, i1 = 5, zd)
  kAccumulate,     // fadda Vdn, Pg, Vdn, Zm.T           (pg, zm = 9:5, zd)
  kReduce,         // faddv Vd, Pg, Zn.T                 (pg, zn = 9:5, zd)
};

// The mnemonic is the op's (Traits(op).mnemonic, vector.h).
struct ArithForm {
  Op op;
  Layout layout;
  Pattern pattern;
};

constexpr uint32_t kPredMask = 0xFF3FE000;     // 31:24, 21:13
constexpr uint32_t kUnpredMask = 0xFF20FC00;   // 31:24, 21, 15:10
constexpr uint32_t kImmZeroBits = 0x000003C0;  // bits 9:6 of the immediate forms

// Indexed by Op (the order of vector.h).
constexpr ArithForm kArithForms[] = {
    {Op::kFadd, Layout::kPredVectors, {kPredMask, 0x65008000}},
    {Op::kFaddU, Layout::kUnpredVectors, {kUnpredMask, 0x65000000}},
    {Op::kFaddI, Layout::kImmediate, {kPredMask, 0x65188000}},
    {Op::kFsub, Layout::kPredVectors, {kPredMask, 0x65018000}},
    {Op::kFsubU, Layout::kUnpredVectors, {kUnpredMask, 0x65000400}},
    {Op::kFsubI, Layout::kImmediate, {kPredMask, 0x65198000}},
    {Op::kFsubr, Layout::kPredVectors, {kPredMask, 0x65038000}},
    {Op::kFsubrI, Layout::kImmediate, {kPredMask, 0x651B8000}},
    {Op::kFaddp, Layout::kPredVectors, {kPredMask, 0x64108000}},
    {Op::kFadda, Layout::kAccumulate, {kPredMask, 0x65182000}},
    {Op::kFaddv, Layout::kReduce, {kPredMask, 0x65002000}},
};
static_assert(sizeof(kArithForms) / sizeof(kArithForms[0]) == kNumOps,
              "one ArithForm per Op, in Op order");

constexpr Pattern kMovprfx = {0xFFFFFC00, 0x0420BC00};
constexpr Pattern kMovprfxPred = {0xFF3EE000, 0x04102000};

// Field positions.
constexpr int kSizeLsb = 22, kZmHiLsb = 16, kMergeBit = 16, kPgLsb = 10, kZ9Lsb = 5;
constexpr int kImmBit = 5;

constexpr bool Matches(uint32_t word, const Pattern& p) { return (word & p.mask) == p.value; }
constexpr int Field(uint32_t word, int lsb, int width) {
  return static_cast<int>((word >> lsb) & ((1u << width) - 1));
}
constexpr uint32_t Put(int value, int lsb, int width) {
  return (static_cast<uint32_t>(value) & ((1u << width) - 1)) << lsb;
}

const ArithForm* FindForm(Op op) {
  const int i = static_cast<int>(op);
  if (!IsValidOpCode(i) || kArithForms[i].op != op) return nullptr;
  return &kArithForms[i];
}

// Element-size suffix letter for a size field value.
char SizeLetter(int size) { return "bhsd"[size & 3]; }

std::string ZReg(int n) { return "z" + std::to_string(n & 31); }
std::string ZRegT(int n, int size) { return ZReg(n) + "." + SizeLetter(size); }
std::string PReg(int n) { return "p" + std::to_string(n & 7); }

std::string DisassembleArith(const Insn& insn) {
  const ArithForm* form = FindForm(insn.op);
  if (form == nullptr) return "other";
  const int size = insn.size & 3;
  if (size == 0) return "undefined";  // what such an encoding decodes as
  const std::string m = std::string(Traits(form->op).mnemonic) + " ";
  const std::string zd = ZRegT(insn.zd, size);
  const std::string pg_m = PReg(insn.pg) + "/m";
  switch (form->layout) {
    case Layout::kPredVectors:
      return m + zd + ", " + pg_m + ", " + zd + ", " + ZRegT(insn.zm, size);
    case Layout::kUnpredVectors:
      return m + zd + ", " + ZRegT(insn.zn, size) + ", " + ZRegT(insn.zm, size);
    case Layout::kImmediate:
      return m + zd + ", " + pg_m + ", " + zd + ", " + (insn.imm_one ? "#1.0" : "#0.5");
    case Layout::kAccumulate: {
      const std::string vd = SizeLetter(size) + std::to_string(insn.zd & 31);
      return m + vd + ", " + PReg(insn.pg) + ", " + vd + ", " + ZRegT(insn.zm, size);
    }
    case Layout::kReduce: {
      const std::string vd = SizeLetter(size) + std::to_string(insn.zd & 31);
      return m + vd + ", " + PReg(insn.pg) + ", " + ZRegT(insn.zn, size);
    }
  }
  return "other";
}

uint32_t EncodeArith(const Insn& insn) {
  const ArithForm* form = FindForm(insn.op);
  if (form == nullptr) return 0;
  uint32_t w = form->pattern.value | Put(insn.size, kSizeLsb, 2) | Put(insn.zd, 0, 5);
  switch (form->layout) {
    case Layout::kPredVectors:
    case Layout::kAccumulate:
      w |= Put(insn.pg, kPgLsb, 3) | Put(insn.zm, kZ9Lsb, 5);
      break;
    case Layout::kUnpredVectors:
      w |= Put(insn.zm, kZmHiLsb, 5) | Put(insn.zn, kZ9Lsb, 5);
      break;
    case Layout::kImmediate:
      w |= Put(insn.pg, kPgLsb, 3) | Put(insn.imm_one ? 1 : 0, kImmBit, 1);
      break;
    case Layout::kReduce:
      w |= Put(insn.pg, kPgLsb, 3) | Put(insn.zn, kZ9Lsb, 5);
      break;
  }
  return w;
}

}  // namespace

Insn Decode(uint32_t word) {
  Insn insn;
  if (Matches(word, kMovprfx)) {
    insn.kind = InsnKind::kMovprfx;
    insn.zn = Field(word, kZ9Lsb, 5);
    insn.zd = Field(word, 0, 5);
    return insn;
  }
  if (Matches(word, kMovprfxPred)) {
    insn.kind = InsnKind::kMovprfxPred;
    insn.size = Field(word, kSizeLsb, 2);
    insn.merging = Field(word, kMergeBit, 1) != 0;
    insn.pg = Field(word, kPgLsb, 3);
    insn.zn = Field(word, kZ9Lsb, 5);
    insn.zd = Field(word, 0, 5);
    return insn;
  }
  for (const ArithForm& form : kArithForms) {
    if (!Matches(word, form.pattern)) continue;
    insn.size = Field(word, kSizeLsb, 2);
    if (insn.size == 0 || (form.layout == Layout::kImmediate && (word & kImmZeroBits) != 0)) {
      insn.kind = InsnKind::kUndefined;
      return insn;
    }
    insn.kind = InsnKind::kArith;
    insn.op = form.op;
    insn.zd = Field(word, 0, 5);
    switch (form.layout) {
      case Layout::kPredVectors:
      case Layout::kAccumulate:
        insn.pg = Field(word, kPgLsb, 3);
        insn.zm = Field(word, kZ9Lsb, 5);
        break;
      case Layout::kUnpredVectors:
        insn.zm = Field(word, kZmHiLsb, 5);
        insn.zn = Field(word, kZ9Lsb, 5);
        break;
      case Layout::kImmediate:
        insn.pg = Field(word, kPgLsb, 3);
        insn.imm_one = Field(word, kImmBit, 1) != 0;
        break;
      case Layout::kReduce:
        insn.pg = Field(word, kPgLsb, 3);
        insn.zn = Field(word, kZ9Lsb, 5);
        break;
    }
    return insn;
  }
  return insn;  // kOther
}

// Fields are used modulo their encoding widths (registers 5 bits, Pg 3, size 2), so that
// Disassemble(insn) == Disassemble(Decode(Encode(insn))) for every kArith, kMovprfx and
// kMovprfxPred Insn (kArith with size 0 prints "undefined", like its encoding).
std::string Disassemble(const Insn& insn) {
  switch (insn.kind) {
    case InsnKind::kArith:
      return DisassembleArith(insn);
    case InsnKind::kMovprfx:
      return "movprfx " + ZReg(insn.zd) + ", " + ZReg(insn.zn);
    case InsnKind::kMovprfxPred:
      return "movprfx " + ZRegT(insn.zd, insn.size) + ", " + PReg(insn.pg) +
             (insn.merging ? "/m, " : "/z, ") + ZRegT(insn.zn, insn.size);
    case InsnKind::kUndefined:
      return "undefined";
    case InsnKind::kOther:
      break;
  }
  return "other";
}

// Fields are masked to their widths. kArith with size 0 gives the (unallocated) size = 00 word
// of that form. kUndefined, kOther and an out-of-range Op have no encoding: the result is 0
// (UDF #0), which decodes as kOther.
uint32_t Encode(const Insn& insn) {
  switch (insn.kind) {
    case InsnKind::kArith:
      return EncodeArith(insn);
    case InsnKind::kMovprfx:
      return kMovprfx.value | Put(insn.zn, kZ9Lsb, 5) | Put(insn.zd, 0, 5);
    case InsnKind::kMovprfxPred:
      return kMovprfxPred.value | Put(insn.size, kSizeLsb, 2) |
             Put(insn.merging ? 1 : 0, kMergeBit, 1) | Put(insn.pg, kPgLsb, 3) |
             Put(insn.zn, kZ9Lsb, 5) | Put(insn.zd, 0, 5);
    case InsnKind::kUndefined:
    case InsnKind::kOther:
      break;
  }
  return 0;
}

}  // namespace vfadd
