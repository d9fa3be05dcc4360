// SPDX-License-Identifier: Apache-2.0
// vfadd_lane_array: NumLanes 64-bit lanes side by side under one operation (the datapath of a
// vector of NumLanes * 64 bits): one format, add/sub and FPCR for all lanes, per-lane operands.
//
// Lane l takes op1_i/op2_i[l*64 +: 64] and returns result_o[l*64 +: 64] and the flag slots
// flags_o[l*20 +: 20] (vfadd_lane's layout). Latency, throughput and the stall contract are
// vfadd_lane's: exactly NumStages cycles, one operation per cycle, stall_i holds everything.
`include "vfadd_assert.svh"

module vfadd_lane_array #(
  parameter int unsigned NumLanes  = 4,  // lanes, 1 .. 32 (a 64- to 2048-bit vector)
  parameter int unsigned NumStages = 1,  // pipeline registers = latency, 1 .. 6
  localparam int unsigned VecW  = NumLanes * vfadd_pkg::LANE_BITS,
  localparam int unsigned LaneFlagW = vfadd_pkg::LANE_SLOTS * vfadd_pkg::FLAG_BITS,
  localparam int unsigned FlagW = NumLanes * LaneFlagW
) (
  input  logic             clk_i,     // clock
  input  logic             rst_ni,    // async reset, active low
  input  logic             stall_i,   // 1: hold every stage, accept nothing
  input  logic             valid_i,   // an operation is presented
  input  vfadd_pkg::fmt_t  fmt_i,     // element format: FMT_H, FMT_S or FMT_D
  input  logic             sub_i,     // 1: FSUB (op1 - op2), 0: FADD
  input  vfadd_pkg::fpcr_t fpcr_i,    // RMode, FZ, FZ16, DN of this operation
  input  logic [VecW-1:0]  op1_i,     // op1, lane l at [l*64 +: 64]
  input  logic [VecW-1:0]  op2_i,     // op2
  output logic             valid_o,   // result valid
  output logic [VecW-1:0]  result_o,  // results, lane l at [l*64 +: 64]
  output logic [FlagW-1:0] flags_o,   // flag slots, lane l at [l*20 +: 20]
  output logic [VecW-1:0]  d_result_o,  // each format's results before the format select
  output logic [VecW-1:0]  s_result_o,  // (vfadd_lane), lane l at [l*64 +: 64]
  output logic [VecW-1:0]  h_result_o
);

  if (NumLanes < 1 || NumLanes > 32) begin : gen_bad_lanes
    $error("vfadd_lane_array: NumLanes must be 1 .. 32");
  end

  localparam int unsigned LaneW = vfadd_pkg::LANE_BITS;

  logic [NumLanes-1:0] lane_valid;

  for (genvar l = 0; l < NumLanes; l++) begin : gen_lane
    vfadd_lane #(.NumStages(NumStages)) u_lane (
      .clk_i, .rst_ni, .stall_i, .valid_i, .fmt_i, .sub_i, .fpcr_i,
      .op1_i(op1_i[l*LaneW +: LaneW]), .op2_i(op2_i[l*LaneW +: LaneW]),
      .valid_o(lane_valid[l]), .result_o(result_o[l*LaneW +: LaneW]),
      .flags_o(flags_o[l*LaneFlagW +: LaneFlagW]), .d_result_o(d_result_o[l*LaneW +: LaneW]),
      .s_result_o(s_result_o[l*LaneW +: LaneW]), .h_result_o(h_result_o[l*LaneW +: LaneW])
    );
  end

  // Every lane carries the same valid; lane 0's is the array's.
  assign valid_o = lane_valid[0];

  `VFADD_ASSERT(LanesInStep_A, lane_valid == {NumLanes{lane_valid[0]}}, clk_i, rst_ni)

endmodule
