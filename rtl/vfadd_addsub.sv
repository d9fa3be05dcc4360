// SPDX-License-Identifier: Apache-2.0
// vfadd_addsub: the significand adders of both paths (raw add, part 2).
//
// far:  {big_sig, 3'b000} +/- far_small   (M+5 bits, carry out at the top; never negative)
// near: |{big_sig, 1'b0} - near_small|   (M+2 bits, exact; both differences are formed and the
//       non-negative one kept, near_neg_o set when small was the larger: d = 0 only)
module vfadd_addsub #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic         eff_sub_i,     // subtract the magnitudes
  input  logic [M:0]   big_sig_i,     // significand of the larger operand
  input  logic [M+3:0] far_small_i,   // far path: aligned smaller significand with sticky
  input  logic [M+1:0] near_small_i,  // near path: smaller significand aligned by 0 or 1
  output logic [M+4:0] far_sum_o,     // far path sum or difference
  output logic [M+1:0] near_diff_o,   // near path difference, never negative
  output logic         near_neg_o     // near path: the result sign is the small operand's
);

  logic [M+4:0] far_big, far_small;

  assign far_big   = {1'b0, big_sig_i, 3'b000};
  assign far_small = {1'b0, far_small_i};
  assign far_sum_o = eff_sub_i ? (far_big - far_small) : (far_big + far_small);

  logic [M+2:0] near_bs;
  logic [M+1:0] near_sb;
  assign near_bs     = {1'b0, big_sig_i, 1'b0} - {1'b0, near_small_i};
  assign near_sb     = near_small_i - {big_sig_i, 1'b0};
  assign near_neg_o  = near_bs[M+2];
  assign near_diff_o = near_neg_o ? near_sb : near_bs[M+1:0];

endmodule
