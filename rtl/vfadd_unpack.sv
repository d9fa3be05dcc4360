// SPDX-License-Identifier: Apache-2.0
// vfadd_unpack: classify one operand and flush a denormal input (Arm FPUnpack, section 2).
//
// | class     | encoding                         | outputs                                |
// |-----------|----------------------------------|----------------------------------------|
// | zero      | exp = 0, frac = 0                | is_zero, sig = 0                       |
// | denormal  | exp = 0, frac != 0               | flush: is_zero, sig = 0, IDC (not H)   |
// |           |                                  | else sig = 0.frac, exp_eff = 1         |
// | normal    | 0 < exp < all ones               | sig = 1.frac, exp_eff = exp            |
// | infinity  | exp = all ones, frac = 0         | is_inf                                 |
// | NaN       | exp = all ones, frac != 0        | is_qnan if the top frac bit is 1, else |
// |           |                                  | is_snan                                |
// The sign is always kept, also for a flushed denormal. exp_eff is the biased exponent of the
// significand's unit bit, max(exp, 1), so that value = sig * 2^(exp_eff - bias - man_bits).
module vfadd_unpack #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned W = vfadd_pkg::fp_width(Fmt),
  localparam int unsigned E = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic [W-1:0] op_i,       // operand encoding
  input  logic         flush_i,    // flush a denormal input to zero (FZ / FZ16)
  output logic         sign_o,     // sign bit
  output logic [E-1:0] exp_o,      // effective biased exponent, 1 .. 2^E - 1
  output logic [M:0]   sig_o,      // significand with its unit bit (0 for zero, inf, NaN)
  output logic         is_zero_o,  // zero or flushed denormal
  output logic         is_inf_o,   // infinity
  output logic         is_qnan_o,  // quiet NaN
  output logic         is_snan_o,  // signalling NaN
  output logic         idc_o       // IDC: denormal flushed in a format that reports it
);

  logic [E-1:0] exp_field;
  logic [M-1:0] frac;
  logic         exp_zero, exp_ones, frac_zero, is_denorm, flushed;

  assign exp_field = op_i[M +: E];
  assign frac      = op_i[M-1:0];
  assign exp_zero  = (exp_field == '0);
  assign exp_ones  = (exp_field == '1);
  assign frac_zero = (frac == '0);
  assign is_denorm = exp_zero & ~frac_zero;
  assign flushed   = is_denorm & flush_i;

  assign sign_o    = op_i[W-1];
  assign exp_o     = exp_zero ? E'(1) : exp_field;
  assign sig_o     = (exp_ones | flushed) ? '0 : {~exp_zero, frac};
  assign is_zero_o = exp_zero & (frac_zero | flush_i);
  assign is_inf_o  = exp_ones & frac_zero;
  assign is_qnan_o = exp_ones & frac[M-1];
  assign is_snan_o = exp_ones & ~frac[M-1] & ~frac_zero;
  assign idc_o     = flushed & vfadd_pkg::fmt_flush_idc(Fmt);

endmodule
