// SPDX-License-Identifier: Apache-2.0
// vfadd_align: far-path alignment of the smaller significand, with sticky (raw add, part 1b).
//
// far_small = {small_sig, 3'b000} shifted right by d, the bits shifted out ORed into the LSB.
// The far path keeps a guard, a round and a sticky bit (a round-to-odd jam two places below
// the result LSB), enough for every rounding mode after a one-place normalization.
// A saturated d (>= M + 4, decided in parallel with the shift) leaves only the sticky bit.
module vfadd_align #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned E = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic [M:0]   small_sig_i,    // significand of the smaller-exponent operand
  input  logic [E-1:0] diff_i,         // d = exp(big) - exp(small)
  output logic [M+3:0] far_small_o     // aligned small, guard, round, sticky
);

  localparam int unsigned FarW  = M + 4;             // aligned width of the far path
  localparam int unsigned DW    = $clog2(FarW + 1);  // bits of an unsaturated shift amount
  localparam int unsigned ShMax = (1 << DW) - 1;     // largest shift the shifter sees

  logic                  diff_big;
  logic [FarW+ShMax-1:0] far_wide;
  logic                  far_sticky;

  assign diff_big    = (diff_i >= E'(FarW));
  assign far_wide    = {small_sig_i, 3'b000, {ShMax{1'b0}}} >> diff_i[DW-1:0];
  assign far_sticky  = |far_wide[ShMax:0];
  assign far_small_o = diff_big ? {{(FarW-1){1'b0}}, |small_sig_i}
                                : {far_wide[FarW+ShMax-1:ShMax+1], far_sticky};

endmodule
