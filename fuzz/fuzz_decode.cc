// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the decoder, encoder and disassembler (model/include/vfadd/decode.h).
//
// The input is a sequence of 32-bit words, little-endian (a short tail is zero-padded). For each
// word w, with i = Decode(w) and text = Disassemble(i):
//  * text is Disassemble(w), non-empty printable ASCII; fields are within their encoding widths;
//  * kArith: size 1..3 and a valid Op, text starts with the op's mnemonic and names the element
//    size, and Encode(i) == w (the encodings of section 7 of docs/semantics.md leave no
//    bit of an arithmetic word outside the pattern or a field);
//  * kMovprfx, kMovprfxPred: text starts with "movprfx", Encode(i) == w;
//  * kUndefined: text "undefined"; kOther: text "other" and every field at its default; neither
//    has an encoding (Encode gives 0).
// The same bytes also give an arbitrary Insn (any kind, any Op byte, any int fields, negative
// too), for decode.h's promise that Disassemble(insn) == Disassemble(Decode(Encode(insn))) for
// the kinds that have an encoding.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "fuzz_check.h"
#include "vfadd/decode.h"
#include "vfadd/vector.h"

namespace vfadd {
namespace {

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool Printable(const std::string& s) {
  if (s.empty()) return false;
  for (char ch : s) {
    if (ch < 0x20 || ch > 0x7e) return false;
  }
  return true;
}

// "fadd" for fadd, fadd_u and fadd_i: the trace name up to its '_'.
std::string Mnemonic(Op op) {
  const std::string name = OpName(op);
  return name.substr(0, name.find('_'));
}

void CheckWord(uint32_t w) {
  const Insn i = Decode(w);
  const std::string text = Disassemble(i);
  FUZZ_CHECK(text == Disassemble(w));
  FUZZ_CHECK(Printable(text));
  FUZZ_CHECK(i.zd >= 0 && i.zd < 32 && i.zn >= 0 && i.zn < 32 && i.zm >= 0 && i.zm < 32);
  FUZZ_CHECK(i.pg >= 0 && i.pg < 8 && i.size >= 0 && i.size < 4);
  switch (i.kind) {
    case InsnKind::kArith: {
      FUZZ_CHECK(i.size >= 1);
      FUZZ_CHECK(IsValidOpCode(static_cast<int>(i.op)));
      FUZZ_CHECK(StartsWith(text, Mnemonic(i.op) + " "));
      const char letter = "bhsd"[i.size];
      if (IsScalarResult(i.op)) {
        FUZZ_CHECK(StartsWith(text, Mnemonic(i.op) + " " + letter + std::to_string(i.zd) + ","));
      } else {
        FUZZ_CHECK(StartsWith(text, Mnemonic(i.op) + " z" + std::to_string(i.zd) + "." + letter));
      }
      FUZZ_CHECK(Encode(i) == w);
      break;
    }
    case InsnKind::kMovprfx:
    case InsnKind::kMovprfxPred:
      FUZZ_CHECK(StartsWith(text, "movprfx z" + std::to_string(i.zd)));
      FUZZ_CHECK(Encode(i) == w);
      break;
    case InsnKind::kUndefined:
      FUZZ_CHECK(text == "undefined");
      FUZZ_CHECK(Encode(i) == 0);
      break;
    case InsnKind::kOther: {
      FUZZ_CHECK(text == "other");
      FUZZ_CHECK(Encode(i) == 0);
      const Insn none;
      FUZZ_CHECK(i.op == none.op && i.size == 0 && i.zd == 0 && i.zn == 0 && i.zm == 0 &&
                 i.pg == 0 && !i.imm_one && !i.merging);
      break;
    }
    default:
      FUZZ_CHECK(false && "Decode returned an unknown InsnKind");
  }
}

// An Insn from 26 bytes: kind, op (any byte value), five int fields, two flags.
void CheckInsn(const uint8_t* p) {
  int32_t v[6];
  std::memcpy(v, p + 2, sizeof v);
  Insn i;
  i.kind = static_cast<InsnKind>(p[0] % 5);
  i.op = static_cast<Op>(p[1]);
  i.size = v[0], i.zd = v[1], i.zn = v[2], i.zm = v[3], i.pg = v[4];
  i.imm_one = v[5] & 1;
  i.merging = v[5] & 2;
  const std::string text = Disassemble(i);
  FUZZ_CHECK(Printable(text));
  if (i.kind == InsnKind::kUndefined || i.kind == InsnKind::kOther) {
    FUZZ_CHECK(Encode(i) == 0);
    return;
  }
  const uint32_t w = Encode(i);
  FUZZ_CHECK(Disassemble(Decode(w)) == text);
  // An encoding of a valid arithmetic Insn with size != 0 decodes to that form again.
  if (i.kind == InsnKind::kArith && IsValidOpCode(static_cast<int>(i.op)) && (i.size & 3) != 0) {
    const Insn d = Decode(w);
    FUZZ_CHECK(d.kind == InsnKind::kArith && d.op == i.op && d.size == (i.size & 3));
    FUZZ_CHECK(Encode(d) == w);
  }
}

}  // namespace
}  // namespace vfadd

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  for (size_t k = 0; k < size; k += 4) {
    uint8_t b[4] = {0, 0, 0, 0};
    std::memcpy(b, data + k, size - k < 4 ? size - k : 4);
    vfadd::CheckWord(static_cast<uint32_t>(b[0]) | static_cast<uint32_t>(b[1]) << 8 |
                     static_cast<uint32_t>(b[2]) << 16 | static_cast<uint32_t>(b[3]) << 24);
  }
  for (size_t k = 0; k + 26 <= size; k += 26) vfadd::CheckInsn(data + k);
  return 0;
}
