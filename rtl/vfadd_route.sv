// SPDX-License-Identifier: Apache-2.0
// vfadd_route: the lanes' operands of each operation (section 6 of
// docs/semantics.md), element by element in the lanes' 16-bit slots.
//
// | op                         | op1_o, element e             | op2_o, element e              |
// |----------------------------|------------------------------|-------------------------------|
// | fadd, fsub (and _u), fadda | a[e]                         | b[e]                          |
// | fadd_i, fsub_i (6.3)       | a[e]                         | the immediate                 |
// | fsubr (6.4)                | b[e]                         | a[e]                          |
// | fsubr_i (6.4)              | the immediate                | a[e]                          |
// | faddp (6.5)                | e even: a[e]; odd: b[e-1]    | e even: a[e+1]; odd: b[e]     |
// | faddv (6.7)                | leaf 2e                      | leaf 2e + 1                   |
// FADDV's leaves are b's active elements, +0.0 elsewhere, padded with +0.0 to CeilPow2(VecW)
// bits; pair j (element j of level 1) adds leaves 2j and 2j + 1. FADDV is always predicated, so
// its active elements are pg_active_i, the predicate's (with the VL).
module vfadd_route #(
  parameter int unsigned VecW = 512,  // vector bits: a multiple of 128, 128 .. 2048
  localparam int unsigned NSlot = VecW / 16,
  localparam int unsigned P2    = 1 << $clog2(VecW),  // CeilPow2(VecW)
  localparam int unsigned W1    = P2 / 2              // FADDV level 1 output bits
) (
  input  logic [vfadd_pkg::OP_BITS-1:0] op_i,         // operation (vfadd_pkg::op_e code)
  input  vfadd_pkg::fmt_t               fmt_i,        // element format (FMT_H/S/D)
  input  logic                          imm_one_i,    // immediate forms: 1 #1.0, 0 #0.5
  input  logic [NSlot-1:0]              pg_active_i,  // slot s: in VL, predicate bit set
  input  logic [VecW-1:0]               a_i,          // Zdn / Zn
  input  logic [VecW-1:0]               b_i,          // Zm; FADDV: Zn
  output logic [VecW-1:0]               op1_o,        // the lanes' op1
  output logic [VecW-1:0]               op2_o         // the lanes' op2
);

  logic [63:0]     imm_word;
  logic [VecW-1:0] imm_vec, x_vec, pair_op1, pair_op2;
  assign imm_word = vfadd_pkg::imm_bits(fmt_i, imm_one_i);
  always_comb begin
    imm_vec = '0;
    for (int unsigned s = 0; s < NSlot; s++) begin
      unique case (fmt_i)
        vfadd_pkg::FMT_D: imm_vec[s*16 +: 16] = imm_word[(s % 4)*16 +: 16];
        vfadd_pkg::FMT_S: imm_vec[s*16 +: 16] = imm_word[(s % 2)*16 +: 16];
        default:          imm_vec[s*16 +: 16] = imm_word[15:0];
      endcase
    end
  end

  // FADDP (section 6.5): element e even takes a[e], a[e+1]; odd takes b[e-1], b[e].
  logic [VecW-1:0] faddp_d1, faddp_d2, faddp_s1, faddp_s2, faddp_h1, faddp_h2;
  `define VFADD_ROUTE_FADDP(NAME, FMT, OP1, OP2)                                               \
  for (genvar p = 0; p < VecW / (2 * vfadd_pkg::fp_width(FMT)); p++) begin : NAME              \
    localparam int unsigned EW = vfadd_pkg::fp_width(FMT);                                     \
    assign OP1[(2*p)*EW +: EW]   = a_i[(2*p)*EW +: EW];                                        \
    assign OP2[(2*p)*EW +: EW]   = a_i[(2*p+1)*EW +: EW];                                      \
    assign OP1[(2*p+1)*EW +: EW] = b_i[(2*p)*EW +: EW];                                        \
    assign OP2[(2*p+1)*EW +: EW] = b_i[(2*p+1)*EW +: EW];                                      \
  end
  `VFADD_ROUTE_FADDP(gen_faddp_d, vfadd_pkg::FMT_D, faddp_d1, faddp_d2)
  `VFADD_ROUTE_FADDP(gen_faddp_s, vfadd_pkg::FMT_S, faddp_s1, faddp_s2)
  `VFADD_ROUTE_FADDP(gen_faddp_h, vfadd_pkg::FMT_H, faddp_h1, faddp_h2)
  `undef VFADD_ROUTE_FADDP

  // FADDV level 1 (section 6.7): the leaves x are Zn's active elements, +0.0 elsewhere, padded
  // with +0.0 to P2 bits; pair j adds leaves 2j and 2j + 1 into element j.
  always_comb begin
    for (int unsigned s = 0; s < NSlot; s++) begin
      x_vec[s*16 +: 16] = pg_active_i[s] ? b_i[s*16 +: 16] : 16'd0;
    end
  end
  logic [P2-1:0] leaves;
  logic [W1-1:0] tree_op1, tree_op2;
  assign leaves = P2'(x_vec);
  vfadd_pairs #(.OutW(W1)) u_tree_pairs (
    .fmt_i(fmt_i), .x_i(leaves), .op1_o(tree_op1), .op2_o(tree_op2)
  );

  always_comb begin
    pair_op1 = faddp_h1;
    pair_op2 = faddp_h2;
    unique case (fmt_i)
      vfadd_pkg::FMT_D: begin
        pair_op1 = faddp_d1;
        pair_op2 = faddp_d2;
      end
      vfadd_pkg::FMT_S: begin
        pair_op1 = faddp_s1;
        pair_op2 = faddp_s2;
      end
      default: begin
        pair_op1 = faddp_h1;
        pair_op2 = faddp_h2;
      end
    endcase
  end

  always_comb begin
    op1_o = a_i;
    op2_o = b_i;
    unique case (op_i)
      vfadd_pkg::OP_FADD_I, vfadd_pkg::OP_FSUB_I: begin
        op1_o = a_i;
        op2_o = imm_vec;
      end
      vfadd_pkg::OP_FSUBR: begin
        op1_o = b_i;
        op2_o = a_i;
      end
      vfadd_pkg::OP_FSUBR_I: begin
        op1_o = imm_vec;
        op2_o = a_i;
      end
      vfadd_pkg::OP_FADDP: begin
        op1_o = pair_op1;
        op2_o = pair_op2;
      end
      vfadd_pkg::OP_FADDV: begin
        op1_o = VecW'(tree_op1);
        op2_o = VecW'(tree_op2);
      end
      default: begin
        op1_o = a_i;
        op2_o = b_i;
      end
    endcase
  end

endmodule
