// SPDX-License-Identifier: Apache-2.0
// vfadd_swap: exponent compare, swap and the near-path operand (raw add, part 1a).
//
// The operand of larger (or equal) exponent becomes `big`; d = exp(big) - exp(small). Only the
// near path with d = 0 can see small > big; vfadd_addsub resolves that with two subtractors.
// Paths (section 4, finite non-special operands):
// | path | when                          | small operand                                   |
// |------|-------------------------------|-------------------------------------------------|
// | far  | effective add, or d >= 2      | small_sig shifted right by d in vfadd_align     |
// | near | effective subtract and d <= 1 | {sig, 1'b0} shifted right by d (exact), here    |
// Kept apart from the far alignment shift so that a pipeline cut can sit between the exponent
// compare and the shifter (vfadd_fmt_add, CUT_SWAP).
module vfadd_swap #(
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
  output logic [M:0]   small_sig_o,    // significand of small, not yet aligned
  output logic [E-1:0] diff_o,         // d = exp(big) - exp(small), >= 0
  output logic [M+1:0] near_small_o,   // near path: small aligned by d (0 or 1), exact
  output logic         near_o          // take the near path
);

  logic         a_ge_b;
  logic [E:0]   diff_ab_wide;
  logic [E-1:0] diff_ab, diff_ba;

  // Swap on the exponent alone: the borrow of exp(a) - exp(b).
  assign diff_ab_wide = {1'b0, a_exp_i} - {1'b0, b_exp_i};
  assign a_ge_b      = ~diff_ab_wide[E];
  assign eff_sub_o   = a_sign_i ^ b_sign_i;
  assign sign_o      = a_ge_b ? a_sign_i : b_sign_i;
  assign big_exp_o   = a_ge_b ? a_exp_i : b_exp_i;
  assign big_sig_o   = a_ge_b ? a_sig_i : b_sig_i;
  assign small_sig_o = a_ge_b ? b_sig_i : a_sig_i;

  // Both differences in parallel.
  assign diff_ab = diff_ab_wide[E-1:0];
  assign diff_ba = b_exp_i - a_exp_i;
  assign diff_o  = a_ge_b ? diff_ab : diff_ba;

  // Near path: d is 0 or 1.
  assign near_o       = eff_sub_o & (diff_o[E-1:1] == '0);
  assign near_small_o = diff_o[0] ? {1'b0, small_sig_o} : {small_sig_o, 1'b0};

endmodule
