// SPDX-License-Identifier: Apache-2.0
// vfadd_align: far-path alignment shift of the smaller significand (raw add, part 1b).
//
// {small_sig, 3'b000} is shifted right by d; the bits that stay give the aligned significand
// with a guard and a round bit, the bits shifted out (lost_o) are ORed by the caller into the
// sticky bit: far_small = diff_big ? {0.., small_nz} : {kept, |lost}. The OR is left to the
// caller so that a pipeline cut can sit between the shifter and the sticky reduction
// (vfadd_fmt_add, FAR_SHIFT). A saturated d (>= M + 4, decided in parallel with the shift)
// leaves only the sticky bit.
module vfadd_align #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned E     = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M     = vfadd_pkg::man_bits(Fmt),
  localparam int unsigned FarW  = M + 4,             // aligned width of the far path
  localparam int unsigned DW    = $clog2(FarW + 1),  // bits of an unsaturated shift amount
  localparam int unsigned ShMax = (1 << DW) - 1      // largest shift the shifter sees
) (
  input  logic [M:0]       small_sig_i,  // significand of the smaller-exponent operand
  input  logic [E-1:0]     diff_i,       // d = exp(big) - exp(small)
  output logic [FarW-2:0]  kept_o,       // aligned small with guard and round bits
  output logic [ShMax:0]   lost_o,       // bits shifted below the round bit
  output logic             diff_big_o,   // d >= FarW: nothing is kept
  output logic             small_nz_o    // small_sig is not zero
);

  logic [FarW+ShMax-1:0] far_wide;

  assign diff_big_o = (diff_i >= E'(FarW));
  assign small_nz_o = |small_sig_i;
  assign far_wide   = {small_sig_i, 3'b000, {ShMax{1'b0}}} >> diff_i[DW-1:0];
  assign kept_o     = far_wide[FarW+ShMax-1:ShMax+1];
  assign lost_o     = far_wide[ShMax:0];

endmodule
