// SPDX-License-Identifier: Apache-2.0
// vfadd_lane: a 64-bit lane slice doing one FP64, two FP32 or four FP16 FPAdd/FPSub per cycle.
//
// Width = 32 or 16 gives the narrow lanes of the FADDV tree's last levels: only the formats that
// fit (FP32 and FP16, or FP16 alone), with the same ports cut to Width bits.
//
// The format is chosen per operation; the FPCR fields travel with it. Each format has its own
// element adders (vfadd_fmt_add); the format of the operation travels beside them and selects
// the result (result_o; each format's results also leave unselected, d/s/h_result_o). Latency is exactly NumStages cycles, one operation per cycle; stall_i holds every
// stage (the caller holds its inputs while stalled: nothing is accepted).
//
// The cut points for each NumStages are chosen inside vfadd_fmt_add (table in its header); every
// format's adder has latency NumStages, which the format pipe below relies on.
// Interface contract (asserted below through vfadd_assert.svh): while stall_i holds a presented
// operation, valid_i and every operand and control input stay unchanged; a presented operation
// has a known format.
// Operand order (section 4 of docs/semantics.md): FADD op1 + op2, FSUB op1 - op2 with
// op2 negated only after NaN selection; FSUBR is FSUB with the operands swapped by the caller.
`include "vfadd_assert.svh"

module vfadd_lane #(
  parameter int unsigned NumStages = 1,  // pipeline registers = latency, 1 .. 6
  parameter int unsigned Width     = vfadd_pkg::LANE_BITS,  // 64, 32 or 16 bits
  localparam int unsigned LaneW = Width,
  localparam int unsigned FlagW = vfadd_pkg::LANE_SLOTS * Width / vfadd_pkg::LANE_BITS
                                  * vfadd_pkg::FLAG_BITS
) (
  input  logic             clk_i,     // clock
  input  logic             rst_ni,    // async reset, active low
  input  logic             stall_i,   // 1: hold every stage, accept nothing
  input  logic             valid_i,   // an operation is presented
  input  vfadd_pkg::fmt_t  fmt_i,     // element format: FMT_H, FMT_S or FMT_D
  input  logic             sub_i,     // 1: FSUB (op1 - op2), 0: FADD
  input  vfadd_pkg::fpcr_t fpcr_i,    // RMode, FZ, FZ16, DN of this operation
  input  logic [LaneW-1:0] op1_i,     // op1 elements, element e at [e*w +: w]
  input  logic [LaneW-1:0] op2_i,     // op2 elements
  output logic             valid_o,   // result valid
  output logic [LaneW-1:0] result_o,  // result elements
  output logic [FlagW-1:0] flags_o,   // per element slot e: fpsr_flags_t at [e*5 +: 5]; slots
                                      // beyond the format's element count are 0
  // Each format's adders' results before the format select (valid only for the format of the
  // operation; 0 for a format wider than Width): the FADDV tree takes its operands from them
  // without passing through a select.
  output logic [LaneW-1:0] d_result_o,
  output logic [LaneW-1:0] s_result_o,
  output logic [LaneW-1:0] h_result_o
);

  if (NumStages < 1 || NumStages > 6) begin : gen_bad_stages
    $error("vfadd_lane: NumStages must be 1 .. 6");
  end
  if (Width != 64 && Width != 32 && Width != 16) begin : gen_bad_width
    $error("vfadd_lane: Width must be 64, 32 or 16");
  end
  // A legal depth for the logic below when NumStages is not, so that the error above is the only
  // message of such an elaboration.
  localparam int unsigned Stages = (NumStages >= 1 && NumStages <= 6) ? NumStages : 1;
  localparam int unsigned FlagB = vfadd_pkg::FLAG_BITS;

  // ---- the format travels beside the element adders -------------------------------------------
  vfadd_pkg::fmt_t out_fmt;
  vfadd_pipe_reg #(.Width(vfadd_pkg::FMT_BITS), .Depth(Stages)) u_fmt_pipe (
    .clk_i, .rst_ni, .stall_i, .valid_i, .data_i(fmt_i), .valid_o, .data_o(out_fmt)
  );

  // ---- one element adder per element of each format that fits -----------------------------------
  // Flag slots a format does not use, and the whole of a format that does not fit, are 0.
  logic [LaneW-1:0] d_result, s_result, h_result;
  logic [FlagW-1:0] d_flags, s_flags, h_flags;

  `define VFADD_LANE_GEN(NAME, FMT, RES, FLG)                                                  \
  if (vfadd_pkg::fp_width(FMT) <= Width) begin : NAME                                          \
    localparam int unsigned EW = vfadd_pkg::fp_width(FMT);                                     \
    localparam int unsigned NE = Width / EW;                                                   \
    for (genvar e = 0; e < NE; e++) begin : gen_elem                                           \
      logic unused_valid;                                                                      \
      vfadd_fmt_add #(.Fmt(FMT), .NumStages(Stages)) u_add (                                   \
        .clk_i, .rst_ni, .stall_i, .valid_i(valid_i & (fmt_i == FMT)),                         \
        .op1_i(op1_i[e*EW +: EW]), .op2_i(op2_i[e*EW +: EW]), .sub_i, .fpcr_i,                 \
        .valid_o(unused_valid), .result_o(RES[e*EW +: EW]), .flags_o(FLG[e*FlagB +: FlagB])    \
      );                                                                                       \
    end                                                                                        \
    if (NE * FlagB < FlagW) begin : gen_unused_slots                                           \
      assign FLG[FlagW-1:NE*FlagB] = '0;                                                       \
    end                                                                                        \
  end else begin : NAME``_absent                                                               \
    assign RES = '0;                                                                           \
    assign FLG = '0;                                                                           \
  end

  `VFADD_LANE_GEN(gen_d, vfadd_pkg::FMT_D, d_result, d_flags)
  `VFADD_LANE_GEN(gen_s, vfadd_pkg::FMT_S, s_result, s_flags)
  `VFADD_LANE_GEN(gen_h, vfadd_pkg::FMT_H, h_result, h_flags)
  `undef VFADD_LANE_GEN

  assign d_result_o = d_result;
  assign s_result_o = s_result;
  assign h_result_o = h_result;

  // ---- format select ----------------------------------------------------------------------------
  always_comb begin
    result_o = '0;
    flags_o  = '0;
    unique case (out_fmt)
      vfadd_pkg::FMT_D: begin
        result_o = d_result;
        flags_o  = d_flags;
      end
      vfadd_pkg::FMT_S: begin
        result_o = s_result;
        flags_o  = s_flags;
      end
      vfadd_pkg::FMT_H: begin
        result_o = h_result;
        flags_o  = h_flags;
      end
      default: begin
        result_o = '0;
        flags_o  = '0;
      end
    endcase
  end

  // ---- interface contract ----------------------------------------------------------------------
  `VFADD_ASSERT(StallHoldsInput_A,
                $past(stall_i && valid_i) |-> (valid_i && $stable({fmt_i, sub_i, fpcr_i, op1_i, op2_i})),
                clk_i, rst_ni)
  `VFADD_ASSERT(KnownFormat_A,
                valid_i |-> ((fmt_i == vfadd_pkg::FMT_H || fmt_i == vfadd_pkg::FMT_S ||
                              fmt_i == vfadd_pkg::FMT_D) && vfadd_pkg::fp_width(fmt_i) <= Width),
                clk_i, rst_ni)

endmodule
