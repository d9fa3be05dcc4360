// SPDX-License-Identifier: Apache-2.0
// vfadd_faddv_level: one level of the FADDV reduction tree (section 6.7 of
// ../shared/arm-sve-fadd-semantics.md) below the first, which the vector lanes compute.
//
// Level k takes the 2 * OutW result bits of level k - 1 and adds their element pairs (2j as op1,
// 2j + 1 as op2, vfadd_pairs) in OutW bits of adders: vfadd_lane_array lanes when OutW >= 64,
// otherwise one narrow vfadd_lane (Width 32 or 16, so FP16/FP32 only). The operation's format,
// FPCR, tree depth, tag and the flags of the levels before travel beside the adders; flags_o
// adds this level's flags. Every slot adds something: elements past the operation's tree are
// +0.0 + +0.0, which is exact and raises nothing, so the flags of the whole level are ORed.
// Latency exactly NumStages cycles, one operation per cycle; stall_i holds everything.
`include "vfadd_assert.svh"

module vfadd_faddv_level #(
  parameter int unsigned OutW      = 64,  // output bits: 16, 32 or a multiple of 64 up to 1024
  parameter int unsigned NumStages = 1,   // adder latency, 1 .. 6
  parameter int unsigned MetaW     = 1,   // bits of meta_i (tag, tree depth, ...), >= 1
  localparam int unsigned InW   = 2 * OutW,
  localparam int unsigned FlagW = OutW / 16 * vfadd_pkg::FLAG_BITS
) (
  input  logic                   clk_i,    // clock
  input  logic                   rst_ni,   // async reset, active low
  input  logic                   stall_i,  // 1: hold every stage
  input  logic                   valid_i,  // a reduction continues into this level
  input  vfadd_pkg::fmt_t        fmt_i,    // element format (its width at most OutW)
  input  vfadd_pkg::fpcr_t       fpcr_i,   // FPCR fields of the operation
  input  vfadd_pkg::fpsr_flags_t flags_i,  // flags of the levels before
  input  logic [MetaW-1:0]       meta_i,   // carried unchanged
  input  logic [InW-1:0]         x_i,      // level k - 1 results, element e at [e*w +: w]
  output logic                   valid_o,  // this level's result
  output vfadd_pkg::fmt_t        fmt_o,    // fmt_i, NumStages cycles later
  output vfadd_pkg::fpcr_t       fpcr_o,   // fpcr_i, NumStages cycles later
  output vfadd_pkg::fpsr_flags_t flags_o,  // flags_i ORed with this level's flags
  output logic [MetaW-1:0]       meta_o,   // meta_i, NumStages cycles later
  output logic [OutW-1:0]        sum_o     // element j: x[2j] + x[2j+1]
);

  if (!(OutW == 16 || OutW == 32 || (OutW % 64 == 0 && OutW <= 1024))) begin : gen_bad_width
    $error("vfadd_faddv_level: OutW must be 16, 32 or a multiple of 64 up to 1024");
  end

  logic [OutW-1:0] op1, op2;
  vfadd_pairs #(.OutW(OutW)) u_pairs (.fmt_i, .x_i, .op1_o(op1), .op2_o(op2));

  logic             add_valid;
  logic [FlagW-1:0] add_flags;
  if (OutW >= vfadd_pkg::LANE_BITS) begin : gen_lanes
    vfadd_lane_array #(.NumLanes(OutW / vfadd_pkg::LANE_BITS), .NumStages(NumStages)) u_add (
      .clk_i, .rst_ni, .stall_i, .valid_i, .fmt_i, .sub_i(1'b0), .fpcr_i,
      .op1_i(op1), .op2_i(op2), .valid_o(add_valid), .result_o(sum_o), .flags_o(add_flags)
    );
  end else begin : gen_narrow
    vfadd_lane #(.NumStages(NumStages), .Width(OutW)) u_add (
      .clk_i, .rst_ni, .stall_i, .valid_i, .fmt_i, .sub_i(1'b0), .fpcr_i,
      .op1_i(op1), .op2_i(op2), .valid_o(add_valid), .result_o(sum_o), .flags_o(add_flags)
    );
  end

  localparam int unsigned SideW = vfadd_pkg::FMT_BITS + vfadd_pkg::FPCR_BITS
                                  + vfadd_pkg::FLAG_BITS + MetaW;
  vfadd_pkg::fpsr_flags_t carried_flags;
  vfadd_pipe_reg #(.Width(SideW), .Depth(NumStages)) u_side (
    .clk_i, .rst_ni, .stall_i, .valid_i,
    .data_i({fmt_i, fpcr_i, flags_i, meta_i}),
    .valid_o, .data_o({fmt_o, fpcr_o, carried_flags, meta_o})
  );

  // OR of the level's flag slots and the levels' before.
  vfadd_flags_or #(.Slots(FlagW / vfadd_pkg::FLAG_BITS + 1)) u_flags (
    .flags_i({add_flags, carried_flags}), 
    .mask_i({(FlagW / vfadd_pkg::FLAG_BITS + 1){1'b1}}), .flags_o
  );

  `VFADD_ASSERT(AdderInStep_A, add_valid == valid_o, clk_i, rst_ni)

endmodule
