// SPDX-License-Identifier: Apache-2.0
// vfadd_pairs: the operand pairs of one FADDV tree level (section 6.7 of
// docs/semantics.md): output element j adds input elements 2j (op1, the lower
// block) and 2j + 1 (op2), in the element width of the operation's format.
//
// Input x_i holds 2 * OutW bits, output element j is at [j*w +: w] of op1_o/op2_o for
// j < OutW / w. A format wider than OutW has no element here: its outputs are 0.
module vfadd_pairs #(
  parameter int unsigned OutW = 64,  // output bits, a multiple of 16 (16 .. 1024)
  localparam int unsigned InW = 2 * OutW
) (
  input  vfadd_pkg::fmt_t  fmt_i,  // element format: FMT_H, FMT_S or FMT_D
  input  logic [InW-1:0]   x_i,    // input elements, element e at [e*w +: w]
  output logic [OutW-1:0]  op1_o,  // element j: input element 2j
  output logic [OutW-1:0]  op2_o   // element j: input element 2j + 1
);

  if (OutW < 16 || OutW % 16 != 0) begin : gen_bad_width
    $error("vfadd_pairs: OutW must be a multiple of 16, at least 16");
  end

  logic [OutW-1:0] d_op1, d_op2, s_op1, s_op2, h_op1, h_op2;

  `define VFADD_PAIRS_GEN(NAME, FMT, OP1, OP2)                                                  \
  if (vfadd_pkg::fp_width(FMT) <= OutW) begin : NAME                                           \
    localparam int unsigned EW = vfadd_pkg::fp_width(FMT);                                     \
    for (genvar j = 0; j < OutW / EW; j++) begin : gen_pair                                    \
      assign OP1[j*EW +: EW] = x_i[(2*j)*EW +: EW];                                            \
      assign OP2[j*EW +: EW] = x_i[(2*j+1)*EW +: EW];                                          \
    end                                                                                        \
    if (OutW % EW != 0) begin : gen_rest                                                       \
      assign OP1[OutW-1:(OutW/EW)*EW] = '0;                                                    \
      assign OP2[OutW-1:(OutW/EW)*EW] = '0;                                                    \
    end                                                                                        \
  end else begin : NAME``_absent                                                               \
    assign OP1 = '0;                                                                           \
    assign OP2 = '0;                                                                           \
  end

  `VFADD_PAIRS_GEN(gen_d, vfadd_pkg::FMT_D, d_op1, d_op2)
  `VFADD_PAIRS_GEN(gen_s, vfadd_pkg::FMT_S, s_op1, s_op2)
  `VFADD_PAIRS_GEN(gen_h, vfadd_pkg::FMT_H, h_op1, h_op2)
  `undef VFADD_PAIRS_GEN

  always_comb begin
    op1_o = '0;
    op2_o = '0;
    unique case (fmt_i)
      vfadd_pkg::FMT_D: begin
        op1_o = d_op1;
        op2_o = d_op2;
      end
      vfadd_pkg::FMT_S: begin
        op1_o = s_op1;
        op2_o = s_op2;
      end
      vfadd_pkg::FMT_H: begin
        op1_o = h_op1;
        op2_o = h_op2;
      end
      default: begin
        op1_o = '0;
        op2_o = '0;
      end
    endcase
  end

endmodule
