// SPDX-License-Identifier: Apache-2.0
// vfadd_normalize: bring the raw sum to a unit bit at position M, or to a denormal at exp 1.
//
// | path           | condition          | significand taken       | exponent          |
// |----------------|--------------------|-------------------------|-------------------|
// | far, add       | carry out          | far_sum[M+4:4], G, S    | big_exp + 1       |
// | far, add       | no carry           | far_sum[M+3:3], G, S    | big_exp (may stay |
// |                |                    |                         | denormal at 1)    |
// | far, subtract  | top bit set        | far_sum[M+3:3], G, S    | big_exp           |
// | far, subtract  | top bit clear      | far_sum[M+2:2], G, S    | big_exp - 1       |
// | near           | lz leading zeros   | near_diff << lz         | big_exp - lz      |
// The near shift count comes from vfadd_near_lzc (limited to big_exp - 1 there), so a result
// below the normal range comes out as an exact denormal with exponent 1. The near path
// is exact except when nothing cancels (lz = 0, d = 1): then its last bit is the guard bit.
module vfadd_normalize #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned E = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt),
  localparam int unsigned LzW = $clog2(M + 2)
) (
  input  logic         sign_i,       // sign of the larger-exponent operand
  input  logic         eff_sub_i,    // magnitudes were subtracted
  input  logic         near_i,       // near path selected
  input  logic [E-1:0] big_exp_i,    // exponent of the larger operand, >= 1
  input  logic [M+4:0] far_sum_i,    // far path sum
  input  logic [M+1:0] near_diff_i,  // near path difference
  input  logic         near_neg_i,   // near path: small operand was the larger
  input  logic [LzW-1:0] near_lz_i,    // near path: shift count from vfadd_near_lzc
  output logic         sign_o,       // sign of a non-zero result
  output logic [E-1:0] exp_o,        // biased exponent of the result's unit bit position
  output logic [M:0]   sig_o,        // significand, unit bit at M (0 only for exp_o = 1)
  output logic [E-1:0] inc_exp_o,    // rounding candidate: equal to exp_o whenever guard_o or
  output logic [M:0]   inc_sig_o,    // sticky_o is set (the near path before its shift)
  output logic         guard_o,      // first bit below the significand
  output logic         sticky_o,     // OR of everything below the guard bit
  output logic         zero_o        // the exact sum is zero
);

  localparam int unsigned NearW = M + 2;

  // ---------------------------------------------------------------------------------------------
  // Near path: left shift by the count of vfadd_near_lzc.
  logic [NearW-1:0] near_shifted;
  logic [E-1:0]     near_exp;

  assign near_shifted = near_diff_i << near_lz_i;
  assign near_exp     = big_exp_i - E'(near_lz_i);

  // ---------------------------------------------------------------------------------------------
  // Far path: at most one place either way.
  logic         far_carry, far_top;
  logic [E-1:0] far_exp;
  logic [M:0]   far_sig;
  logic         far_guard, far_sticky;

  assign far_carry = far_sum_i[M+4];
  assign far_top   = far_sum_i[M+3];

  always_comb begin
    far_exp    = big_exp_i;
    far_sig    = far_sum_i[M+3:3];
    far_guard  = far_sum_i[2];
    far_sticky = |far_sum_i[1:0];
    if (!eff_sub_i && far_carry) begin
      far_exp    = big_exp_i + E'(1);
      far_sig    = far_sum_i[M+4:4];
      far_guard  = far_sum_i[3];
      far_sticky = |far_sum_i[2:0];
    end else if (eff_sub_i && !far_top) begin
      far_exp    = big_exp_i - E'(1);
      far_sig    = far_sum_i[M+2:2];
      far_guard  = far_sum_i[1];
      far_sticky = far_sum_i[0];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Path select. A near result that needed a shift (top bit of near_diff clear) is exact: its
  // guard bit is shifted into the significand (or is 0 when d = 0). So only an unshifted near
  // result can round, and the rounder's increment takes the unshifted near_diff, in parallel with
  // the LZC and the shift. The guard and sticky bits are those of the rounding candidate, zero
  // for a shifted near result.
  logic near_unshifted;
  assign near_unshifted = near_diff_i[NearW-1];

  // The shifted result's last bit is only a guard bit when nothing was shifted (the candidate).
  logic unused_near_guard;
  assign unused_near_guard = near_shifted[0];

  assign sign_o    = sign_i ^ (near_i & near_neg_i);
  assign exp_o     = near_i ? near_exp : far_exp;
  assign sig_o     = near_i ? near_shifted[NearW-1:1] : far_sig;
  assign inc_exp_o = near_i ? big_exp_i : far_exp;
  assign inc_sig_o = near_i ? near_diff_i[NearW-1:1] : far_sig;
  assign guard_o   = near_i ? (near_unshifted & near_diff_i[0]) : far_guard;
  assign sticky_o  = near_i ? 1'b0 : far_sticky;
  assign zero_o    = near_i & (near_diff_i == '0);

endmodule
