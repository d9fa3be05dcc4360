// SPDX-License-Identifier: Apache-2.0
// vfadd_near_lzc: the near path's normalization count, limited so a tiny result stays denormal.
//
// lz = leading zeros of near_diff, but at most big_exp - 1: a one-hot limit at bit
// NearW - big_exp (a decoder, no subtract) is ORed into the LZC input. Kept apart from the
// shift in vfadd_normalize so that the count can be computed in the stage of the adders, beside
// the far-path add, and a pipeline cut can sit between count and shift (vfadd_fmt_add, CUT_LZC).
module vfadd_near_lzc #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned E   = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M   = vfadd_pkg::man_bits(Fmt),
  localparam int unsigned LzW = $clog2(M + 2)
) (
  input  logic [E-1:0]   big_exp_i,    // exponent of the larger operand, >= 1
  input  logic [M+1:0]   near_diff_i,  // near path difference
  output logic [LzW-1:0] near_lz_o     // left shift that normalizes near_diff (or makes it exp 1)
);

  localparam int unsigned NearW = M + 2;

  logic [NearW-1:0] near_limit;
  logic             unused_lz_zero;

  for (genvar j = 0; j < NearW; j++) begin : gen_near_limit
    assign near_limit[j] = (big_exp_i == E'(NearW - j));
  end

  vfadd_lzc #(
    .Width (NearW)
  ) u_lzc (
    .in_i   (near_diff_i | near_limit),
    .cnt_o  (near_lz_o),
    .zero_o (unused_lz_zero)
  );

endmodule
