// SPDX-License-Identifier: Apache-2.0
// vfadd_near_sub: the near path's significand subtractor (raw add, part 2, near).
//
// near: |{big_sig, 1'b0} - near_small|   (M+2 bits, exact; both differences are formed and the
//       non-negative one kept, near_neg_o set when small was the larger: d = 0 only)
// Apart from the far adder so that the near path can take its own pipeline cuts.
module vfadd_near_sub #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic [M:0]   big_sig_i,     // significand of the larger-exponent operand
  input  logic [M+1:0] near_small_i,  // smaller significand aligned by 0 or 1
  output logic [M+1:0] near_diff_o,   // difference, never negative
  output logic         near_neg_o     // the result sign is the small operand's
);

  logic [M+2:0] near_bs;
  logic [M+1:0] near_sb;
  assign near_bs     = {1'b0, big_sig_i, 1'b0} - {1'b0, near_small_i};
  assign near_sb     = near_small_i - {big_sig_i, 1'b0};
  assign near_neg_o  = near_bs[M+2];
  assign near_diff_o = near_neg_o ? near_sb : near_bs[M+1:0];

endmodule
