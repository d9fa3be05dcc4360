// SPDX-License-Identifier: Apache-2.0
// vfadd_align: swap, exponent difference and alignment with sticky (raw add, part 1).
//
// The operand of larger (or equal) exponent becomes `big`; d = exp(big) - exp(small). Only the
// near path with d = 0 can see small > big; vfadd_addsub resolves that with two subtractors.
// Paths (section 4, finite non-special operands):
// | path | when                          | small operand                                   |
// |------|-------------------------------|-------------------------------------------------|
// | far  | effective add, or d >= 2      | {sig, 3'b000} shifted right by d, sticky in LSB |
// | near | effective subtract and d <= 1 | {sig, 1'b0} shifted right by d (exact)          |
// The far path keeps a guard, a round and a sticky bit (a round-to-odd jam two places below
// the result LSB), enough for every rounding mode after a one-place normalization.
module vfadd_align #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned E = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic         a_sign_i,       // op1 sign
  input  logic [E-1:0] a_exp_i,        // op1 effective biased exponent
  input  logic [M:0]   a_sig_i,        // op1 significand
  input  logic         b_sign_i,       // op2 sign, already negated for FSUB
  input  logic [E-1:0] b_exp_i,        // op2 effective biased exponent
  input  logic [M:0]   b_sig_i,        // op2 significand
  output logic         eff_sub_o,      // the signs differ: magnitudes are subtracted
  output logic         sign_o,         // sign of big: the sign of a non-zero result
  output logic [E-1:0] big_exp_o,      // exponent of big
  output logic [M:0]   big_sig_o,      // significand of big
  output logic [M+3:0] far_small_o,    // far path: aligned small, guard, round, sticky
  output logic [M+1:0] near_small_o,   // near path: small aligned by d (0 or 1), exact
  output logic         near_o          // take the near path
);

  localparam int unsigned FarW = M + 4;           // aligned width of the far path
  localparam int unsigned DW    = $clog2(FarW + 1);  // bits of an unsaturated shift amount
  localparam int unsigned ShMax = (1 << DW) - 1;     // largest shift the shifter sees

  logic         a_ge_b;
  logic [E:0]   diff_ab_wide;
  logic [E-1:0] diff_ab, diff_ba, diff;
  logic [M:0]   small_sig;
  logic         diff_big;
  logic [FarW+ShMax-1:0] far_wide;
  logic         far_sticky;

  // Swap on the exponent alone: the borrow of exp(a) - exp(b).
  assign diff_ab_wide = {1'b0, a_exp_i} - {1'b0, b_exp_i};
  assign a_ge_b    = ~diff_ab_wide[E];
  assign eff_sub_o = a_sign_i ^ b_sign_i;
  assign sign_o    = a_ge_b ? a_sign_i : b_sign_i;
  assign big_exp_o = a_ge_b ? a_exp_i : b_exp_i;
  assign big_sig_o = a_ge_b ? a_sig_i : b_sig_i;
  assign small_sig = a_ge_b ? b_sig_i : a_sig_i;

  // Both differences in parallel.
  assign diff_ab = diff_ab_wide[E-1:0];
  assign diff_ba = b_exp_i - a_exp_i;
  assign diff    = a_ge_b ? diff_ab : diff_ba;

  // Far path: shift right with sticky by the low bits of d; a saturated d (>= FarW, decided in
  // parallel with the shift) leaves only the sticky bit.
  assign diff_big   = (diff >= E'(FarW));
  assign far_wide   = {small_sig, 3'b000, {ShMax{1'b0}}} >> diff[DW-1:0];
  assign far_sticky = |far_wide[ShMax:0];
  assign far_small_o = diff_big ? {{(FarW-1){1'b0}}, |small_sig}
                                : {far_wide[FarW+ShMax-1:ShMax+1], far_sticky};

  // Near path: d is 0 or 1.
  assign near_o       = eff_sub_o & (diff[E-1:1] == '0);
  assign near_small_o = diff[0] ? {1'b0, small_sig} : {small_sig, 1'b0};

endmodule
