// SPDX-License-Identifier: Apache-2.0
// vfadd_faddv_level: one level of the FADDV reduction tree (section 6.7 of
// docs/semantics.md) below the first, which the vector lanes compute.
//
// Level k adds the element pairs of level k - 1's results (2j as op1, 2j + 1 as op2) in OutW
// bits of adders. Each format has its own element adders (vfadd_fmt_add, as in vfadd_lane), and
// each takes its operands straight from the previous level's results of its own format
// (x_d/s/h_i, that level's adders before their format select): no select stands between two
// levels' adders. Only the format that fits OutW has adders (below 64 bits: FP32 and FP16, or
// FP16 alone). The operation's format, FPCR, tree depth, tag and the flags of the levels before
// travel beside the adders; the format picks this level's flags (flags_o adds them) and its
// element 0 (res0_o, the reduction's result when the tree ends here). Every slot adds
// something: elements past the operation's tree are +0.0 + +0.0, which is exact and raises
// nothing, so the flags of the whole level are ORed. Latency exactly NumStages cycles, one
// operation per cycle; stall_i holds everything.
`include "vfadd_assert.svh"

module vfadd_faddv_level #(
  parameter int unsigned OutW      = 64,  // output bits: 16, 32 or a multiple of 64 up to 1024
  parameter int unsigned NumStages = 1,   // adder latency, 1 .. 6
  parameter int unsigned MetaW     = 1,   // bits of meta_i (tag, tree depth, ...), >= 1
  localparam int unsigned InW = 2 * OutW
) (
  input  logic                   clk_i,    // clock
  input  logic                   rst_ni,   // async reset, active low
  input  logic                   stall_i,  // 1: hold every stage
  input  logic                   valid_i,  // a reduction continues into this level
  input  vfadd_pkg::fmt_t        fmt_i,    // element format (its width at most OutW)
  input  vfadd_pkg::fpcr_t       fpcr_i,   // FPCR fields of the operation
  input  vfadd_pkg::fpsr_flags_t flags_i,  // flags of the levels before
  input  logic [MetaW-1:0]       meta_i,   // carried unchanged
  input  logic [InW-1:0]         x_d_i,    // level k - 1 FP64 results, element e at [e*64 +: 64]
  input  logic [InW-1:0]         x_s_i,    // level k - 1 FP32 results
  input  logic [InW-1:0]         x_h_i,    // level k - 1 FP16 results
  output logic                   valid_o,  // this level's result
  output vfadd_pkg::fmt_t        fmt_o,    // fmt_i, NumStages cycles later
  output vfadd_pkg::fpcr_t       fpcr_o,   // fpcr_i, NumStages cycles later
  output vfadd_pkg::fpsr_flags_t flags_o,  // flags_i ORed with this level's flags
  output logic [MetaW-1:0]       meta_o,   // meta_i, NumStages cycles later
  output logic [OutW-1:0]        sum_d_o,  // FP64 element j: x[2j] + x[2j+1] (0 below 64 bits)
  output logic [OutW-1:0]        sum_s_o,  // FP32 element j (0 below 32 bits)
  output logic [OutW-1:0]        sum_h_o,  // FP16 element j
  output logic [63:0]            res0_o    // element 0 of fmt_o's sums, zero-extended
);

  if (!(OutW == 16 || OutW == 32 || (OutW % 64 == 0 && OutW <= 1024))) begin : gen_bad_width
    $error("vfadd_faddv_level: OutW must be 16, 32 or a multiple of 64 up to 1024");
  end
  localparam int unsigned FlagB = vfadd_pkg::FLAG_BITS;
  localparam int unsigned Slots = OutW / 16;  // flag slots: one per FP16 element

  // ---- the element adders of each format -------------------------------------------------------
  // Flag slots a format does not use, and the whole of a format that does not fit, are 0.
  logic [Slots*FlagB-1:0] d_flags, s_flags, h_flags;
  logic [2:0]             fmt_valid;  // {h, s, d}: the adders' valid outputs

  `define VFADD_LEVEL_GEN(NAME, FMT, X, SUM, FLG, V)                                           \
  if (vfadd_pkg::fp_width(FMT) <= OutW) begin : NAME                                           \
    localparam int unsigned EW = vfadd_pkg::fp_width(FMT);                                     \
    localparam int unsigned NE = OutW / EW;                                                    \
    logic [NE-1:0] elem_valid;                                                                 \
    for (genvar j = 0; j < NE; j++) begin : gen_elem                                           \
      vfadd_fmt_add #(.Fmt(FMT), .NumStages(NumStages)) u_add (                                \
        .clk_i, .rst_ni, .stall_i, .valid_i(valid_i & (fmt_i == FMT)),                         \
        .op1_i(X[(2*j)*EW +: EW]), .op2_i(X[(2*j+1)*EW +: EW]), .sub_i(1'b0), .fpcr_i,         \
        .valid_o(elem_valid[j]), .result_o(SUM[j*EW +: EW]), .flags_o(FLG[j*FlagB +: FlagB])   \
      );                                                                                       \
    end                                                                                        \
    assign V = elem_valid[0];                                                                  \
    if (NE < Slots) begin : gen_unused_slots                                                   \
      assign FLG[Slots*FlagB-1:NE*FlagB] = '0;                                                 \
    end                                                                                        \
    if (NE > 1) begin : gen_unused_valid                                                       \
      logic unused_valid;                                                                      \
      assign unused_valid = ^elem_valid[NE-1:1];                                               \
    end                                                                                        \
  end else begin : NAME``_absent                                                               \
    logic unused_x;                                                                            \
    assign unused_x = ^X;                                                                      \
    assign SUM = '0;                                                                           \
    assign FLG = '0;                                                                           \
    assign V = 1'b0;                                                                           \
  end

  `VFADD_LEVEL_GEN(gen_d, vfadd_pkg::FMT_D, x_d_i, sum_d_o, d_flags, fmt_valid[0])
  `VFADD_LEVEL_GEN(gen_s, vfadd_pkg::FMT_S, x_s_i, sum_s_o, s_flags, fmt_valid[1])
  `VFADD_LEVEL_GEN(gen_h, vfadd_pkg::FMT_H, x_h_i, sum_h_o, h_flags, fmt_valid[2])
  `undef VFADD_LEVEL_GEN

  // ---- what travels beside the adders ----------------------------------------------------------
  localparam int unsigned SideW = vfadd_pkg::FMT_BITS + vfadd_pkg::FPCR_BITS + FlagB + MetaW;
  vfadd_pkg::fpsr_flags_t carried_flags;
  vfadd_pipe_reg #(.Width(SideW), .Depth(NumStages)) u_side (
    .clk_i, .rst_ni, .stall_i, .valid_i,
    .data_i({fmt_i, fpcr_i, flags_i, meta_i}),
    .valid_o, .data_o({fmt_o, fpcr_o, carried_flags, meta_o})
  );

  // ---- the format picks the flags and element 0 ------------------------------------------------
  logic [Slots*FlagB-1:0] level_flags;
  logic                   add_valid;
  always_comb begin
    level_flags = '0;
    res0_o      = '0;
    add_valid   = 1'b0;
    unique case (fmt_o)
      vfadd_pkg::FMT_D: begin
        level_flags = d_flags;
        res0_o      = 64'(sum_d_o[0 +: ((OutW < 64) ? OutW : 64)]);
        add_valid   = fmt_valid[0];
      end
      vfadd_pkg::FMT_S: begin
        level_flags = s_flags;
        res0_o      = 64'(sum_s_o[0 +: ((OutW < 32) ? OutW : 32)]);
        add_valid   = fmt_valid[1];
      end
      vfadd_pkg::FMT_H: begin
        level_flags = h_flags;
        res0_o      = 64'(sum_h_o[15:0]);
        add_valid   = fmt_valid[2];
      end
      default: begin
        level_flags = '0;
        res0_o      = '0;
        add_valid   = 1'b0;
      end
    endcase
  end

  // OR of the level's flag slots and the levels' before.
  vfadd_flags_or #(.Slots(Slots + 1)) u_flags (
    .flags_i({level_flags, carried_flags}), .mask_i({(Slots + 1){1'b1}}), .flags_o
  );

  `VFADD_ASSERT(AdderInStep_A, add_valid == valid_o, clk_i, rst_ni)

endmodule
