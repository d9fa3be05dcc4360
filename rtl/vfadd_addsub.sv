// SPDX-License-Identifier: Apache-2.0
// vfadd_addsub: the far path's significand adder (raw add, part 2, far).
//
// far: {big_sig, 3'b000} +/- far_small   (M+5 bits, carry out at the top; never negative, as
//      the far path has d >= 2 whenever it subtracts)
module vfadd_addsub #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic         eff_sub_i,     // subtract the magnitudes
  input  logic [M:0]   big_sig_i,     // significand of the larger operand
  input  logic [M+3:0] far_small_i,   // aligned smaller significand with sticky
  output logic [M+4:0] far_sum_o      // sum or difference
);

  logic [M+4:0] far_big, far_small;

  assign far_big   = {1'b0, big_sig_i, 3'b000};
  assign far_small = {1'b0, far_small_i};
  assign far_sum_o = eff_sub_i ? (far_big - far_small) : (far_big + far_small);

endmodule
