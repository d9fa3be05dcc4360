// SPDX-License-Identifier: Apache-2.0
// The RTL decoder (rtl/vfadd_decode.sv) against the golden model's Decode, which is checked
// against the encodings of section 7 by tb/test/decode_test.cc: every output field, for every
// word of the three top bytes that hold the family (0x04, 0x64, 0x65) and for random words.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "rtl_decode.h"
#include "vfadd/decode.h"
#include "vfadd/rng.h"

namespace vfadd {
namespace {

std::string Fields(const Insn& i) {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "kind=%d op=%d size=%d zd=%d zn=%d zm=%d pg=%d imm_one=%d merging=%d",
                static_cast<int>(i.kind), static_cast<int>(i.op), i.size, i.zd, i.zn, i.zm, i.pg,
                i.imm_one, i.merging);
  return buf;
}

// Checks one word; returns false (after recording a failure) on a difference.
bool CheckWord(uint32_t w) {
  const Insn rtl = RtlDecode(w), model = Decode(w);
  if (rtl.kind == model.kind && rtl.op == model.op && rtl.size == model.size &&
      rtl.zd == model.zd && rtl.zn == model.zn && rtl.zm == model.zm && rtl.pg == model.pg &&
      rtl.imm_one == model.imm_one && rtl.merging == model.merging) {
    return true;
  }
  ADD_FAILURE() << std::hex << "word 0x" << w << ": rtl " << Fields(rtl) << "\n  model "
                << Fields(model) << " (" << Disassemble(model) << ")";
  return false;
}

// Every word 0xTT000000 .. 0xTTffffff; stops at the tenth difference.
void CheckTopByte(uint32_t top) {
  int failures = 0;
  uint64_t kinds[5] = {0, 0, 0, 0, 0};
  for (uint32_t low = 0; low < (1u << 24) && failures < 10; ++low) {
    const uint32_t w = top << 24 | low;
    if (!CheckWord(w)) ++failures;
    ++kinds[static_cast<int>(Decode(w).kind)];
  }
  // The sweep must have met the kinds this byte holds (a sanity check of the sweep itself).
  if (top == 0x65) {
    EXPECT_GT(kinds[static_cast<int>(InsnKind::kArith)], 0u);
    EXPECT_GT(kinds[static_cast<int>(InsnKind::kUndefined)], 0u);
  }
  if (top == 0x04) {
    EXPECT_GT(kinds[static_cast<int>(InsnKind::kMovprfx)], 0u);
    EXPECT_GT(kinds[static_cast<int>(InsnKind::kMovprfxPred)], 0u);
  }
}

TEST(RtlDecode, EveryWordOfTopByte0x65) { CheckTopByte(0x65); }
TEST(RtlDecode, EveryWordOfTopByte0x64) { CheckTopByte(0x64); }
TEST(RtlDecode, EveryWordOfTopByte0x04) { CheckTopByte(0x04); }

TEST(RtlDecode, RandomWords) {
  Rng r(20261203);
  int failures = 0;
  for (int i = 0; i < (1 << 22) && failures < 10; ++i) {
    if (!CheckWord(static_cast<uint32_t>(r.Next()))) ++failures;
  }
}

// Hand-assembled words of section 7 (the same as decode_test.cc's examples), field by field
// against values read off the encoding table, independent of both decoders.
TEST(RtlDecode, HandAssembledWords) {
  struct Want {
    uint32_t word;
    InsnKind kind;
    Op op;
    int size, zd, zn, zm, pg;
    bool imm_one;
  };
  const Want wants[] = {
      // fadd z1.h, p1/m, z1.h, z15.h: 01100101 01 0 0 0000 100 001 01111 00001
      {0x654085e1, InsnKind::kArith, Op::kFadd, 1, 1, 0, 15, 1, false},
      // fsubr z7.h, p3/m, z7.h, z30.h
      {0x65438fc7, InsnKind::kArith, Op::kFsubr, 1, 7, 0, 30, 3, false},
      // fadd z0.h, z16.h, z7.h: Zm = 20:16 = 7, Zn = 9:5 = 16
      {0x65470200, InsnKind::kArith, Op::kFaddU, 1, 0, 16, 7, 0, false},
      // size 00 of the predicated FADD: unallocated
      {0x650085e1, InsnKind::kUndefined, Op::kFadd, 0, 0, 0, 0, 0, false},
  };
  for (const Want& w : wants) {
    const Insn i = RtlDecode(w.word);
    EXPECT_EQ(i.kind, w.kind) << std::hex << w.word;
    EXPECT_EQ(i.op, w.op) << std::hex << w.word;
    EXPECT_EQ(i.size, w.size) << std::hex << w.word;
    EXPECT_EQ(i.zd, w.zd) << std::hex << w.word;
    EXPECT_EQ(i.zn, w.zn) << std::hex << w.word;
    EXPECT_EQ(i.zm, w.zm) << std::hex << w.word;
    EXPECT_EQ(i.pg, w.pg) << std::hex << w.word;
    EXPECT_EQ(i.imm_one, w.imm_one) << std::hex << w.word;
  }
}

}  // namespace
}  // namespace vfadd
