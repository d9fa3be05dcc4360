// SPDX-License-Identifier: Apache-2.0
// The quick tier of the lane's verification: the Verilated vfadd_lane_array against the golden
// model at every NumStages, a sampled FP16 sweep, the interface assertions, and the Yosys gate
// netlist against the RTL. Each test builds its own VerilatedContext, so an assertion that fires
// in one test is seen by that test only.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "lane_harness.h"
#include "verilated.h"

namespace vfadd::lane {
namespace {

std::unique_ptr<VerilatedContext> NewContext() {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);         // every flop and X starts random
  ctx->fatalOnError(false);  // an assertion failure is counted (gotError), not an abort
  return ctx;
}

// The run passed: every element and flag matched, nothing lost, late or reordered, and no RTL
// assertion fired.
void ExpectClean(const RunResult& r, const VerilatedContext& ctx, uint64_t min_ops) {
  EXPECT_TRUE(r.ok()) << r.Summary();
  for (const std::string& line : r.reports) ADD_FAILURE() << line;
  EXPECT_GE(r.ops, min_ops) << "fewer lane ops checked than presented";
  EXPECT_FALSE(ctx.gotError()) << "an RTL assertion fired";
}

class LaneStages : public ::testing::TestWithParam<int> {};

// The directed table (every ordered pair of 42 special values per format in all 64 FPCR and
// add/sub configurations) with random stalls and bubbles.
TEST_P(LaneStages, DirectedTableWithStalls) {
  auto ctx = NewContext();
  auto dut = MakeLaneArray(ctx.get(), GetParam());
  ASSERT_NE(dut, nullptr);
  RunOptions opt;
  opt.seed = 100 + GetParam();
  opt.stall_pct = 25;
  opt.bubble_pct = 10;
  const uint64_t n = DirectedOps().size();
  const RunResult r = Simulate(*dut, DirectedSource(), opt);
  dut->Final();
  EXPECT_EQ(r.ops, n);
  ExpectClean(r, *ctx, n);
  for (int f = 0; f < kNumFmts; f++) {
    EXPECT_GT(r.elements[f], 0u) << "format " << FmtLetter(kAllFmts[f]) << " never checked";
  }
}

// Biased random ops (all formats, FPCRs, add/sub) under heavy stalls, then without any: the
// pipeline must keep one op per cycle.
TEST_P(LaneStages, RandomWithStalls) {
  auto ctx = NewContext();
  auto dut = MakeLaneArray(ctx.get(), GetParam());
  ASSERT_NE(dut, nullptr);
  RunOptions opt;
  opt.seed = 7 * GetParam();
  opt.stall_pct = 40;
  opt.bubble_pct = 20;
  const uint64_t n = 150000;
  const RunResult r = Simulate(*dut, RandomSource(opt.seed, n, dut->lanes()), opt);
  ExpectClean(r, *ctx, n);

  opt.stall_pct = 0;
  opt.bubble_pct = 0;
  const uint64_t full = 4000 * uint64_t(dut->lanes());
  const RunResult s = Simulate(*dut, RandomSource(opt.seed + 1, full, dut->lanes()), opt);
  dut->Final();
  ExpectClean(s, *ctx, full);
  // Packed four lane ops to an array op, 4000 array ops take 4000 cycles plus the drain.
  EXPECT_LE(s.cycles, 4000u + GetParam() + 2) << "the lane did not take one op per cycle";
}

INSTANTIATE_TEST_SUITE_P(NumStages, LaneStages, ::testing::Range(kMinStages, kMaxStages + 1),
                         [](const auto& info) { return "N" + std::to_string(info.param); });

// A sampled slice of the FP16 sweep: 2^24 pairs in round-to-nearest, then 2^18 pairs in each of
// the 64 configurations (every rounding mode, FZ, FZ16, DN, add and subtract).
TEST(LaneFp16, SampledSweep) {
  auto ctx = NewContext();
  auto dut = MakeLaneArray(ctx.get(), 2);
  RunOptions opt;
  opt.stall_pct = 5;
  opt.bubble_pct = 0;
  const uint64_t big = (uint64_t{1} << 24) / kSlots;
  RunResult r = Simulate(*dut, Fp16Source(0, big, 0), opt);
  ExpectClean(r, *ctx, big);
  EXPECT_EQ(r.elements[0], big * kSlots);
  for (int cfg = 0; cfg < kConfigs; cfg++) {
    const uint64_t small = (uint64_t{1} << 18) / kSlots;
    // A different part of the scrambled pair space for every configuration.
    r = Simulate(*dut, Fp16Source(big + cfg * small, small, cfg), opt);
    EXPECT_TRUE(r.ok()) << ConfigText(cfg) << ": " << r.Summary();
    EXPECT_EQ(r.elements[0], small * kSlots) << ConfigText(cfg);
  }
  dut->Final();
  EXPECT_FALSE(ctx->gotError());
}

// The scramble of the sweep is a bijection: a range of indices holds no pair twice, and the
// pairs differ from a plain count (so a slice samples the whole space).
TEST(LaneFp16, ScrambleIsABijectionOnASlice) {
  std::vector<uint8_t> seen(uint64_t{1} << 32 >> 3, 0);
  uint64_t dups = 0, in_order = 0;
  for (uint64_t i = 0; i < (uint64_t{1} << 22); i++) {
    const uint32_t p = Fp16Pair(i);
    dups += (seen[p >> 3] >> (p & 7)) & 1;
    seen[p >> 3] |= uint8_t(1u << (p & 7));
    in_order += p == i;
  }
  EXPECT_EQ(dups, 0u);
  EXPECT_LT(in_order, 16u);
}

// The interface assertion of vfadd_lane fires when the inputs change during a stall (the
// harness's break_contract), and it is what fails the run: the results may even be right.
TEST(LaneAssertions, StallHoldsInputFiresOnBrokenStimulus_bad) {
  auto ctx = NewContext();
  auto dut = MakeLaneArray(ctx.get(), 3);
  RunOptions opt;
  opt.stall_pct = 30;
  opt.break_contract = true;
  opt.max_report = 0;
  Simulate(*dut, RandomSource(5, 2000, dut->lanes()), opt);
  dut->Final();
  EXPECT_TRUE(ctx->gotError()) << "StallHoldsInput_A did not fire on changed inputs in a stall";
}

// ... and stays quiet on the same traffic kept to the contract.
TEST(LaneAssertions, QuietOnGoodStimulus) {
  auto ctx = NewContext();
  auto dut = MakeLaneArray(ctx.get(), 3);
  RunOptions opt;
  opt.stall_pct = 30;
  const RunResult r = Simulate(*dut, RandomSource(5, 2000, dut->lanes()), opt);
  dut->Final();
  ExpectClean(r, *ctx, 2000);
}

// The Yosys gate netlist of the lane, beside the RTL lane on the same inputs every cycle, and
// both against the model.
TEST(LaneNetlist, MatchesRtlOnRandomVectors) {
  auto ctx = NewContext();
  auto gl = MakeNetlistLane(ctx.get());
  auto rtl = MakeRtlLane(ctx.get());
  RunOptions opt;
  opt.seed = 11;
  opt.stall_pct = 20;
  const uint64_t n = 100000;
  const RunResult r =
      Simulate(*gl, Concat(RandomSource(opt.seed, n, 1), DirectedSource()), opt, rtl.get());
  gl->Final();
  rtl->Final();
  ExpectClean(r, *ctx, n);
}

}  // namespace
}  // namespace vfadd::lane
