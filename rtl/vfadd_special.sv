// SPDX-License-Identifier: Apache-2.0
// vfadd_special: every Arm NaN rule and every special-operand result of FPAdd/FPSub (AH = 0).
//
// Sections 3 and 4 of docs/semantics.md, in priority order:
// | case                                   | result                          | flag |
// |----------------------------------------|---------------------------------|------|
// | op1 sNaN                               | op1 quieted (top frac bit set)  | IOC  |
// | op2 sNaN                               | op2 quieted                     | IOC  |
// | op1 qNaN                               | op1 unchanged                   |      |
// | op2 qNaN                               | op2 unchanged                   |      |
// |   ... any NaN result with DN = 1       | default NaN 0 11..1 10..0       |      |
// | +inf + -inf (after FSUB negates op2)   | default NaN (whatever DN)       | IOC  |
// | one or two infinities of one sign      | that infinity                   |      |
// | zero + zero of one sign                | that zero                       |      |
// FSUB negates op2 only after NaN selection, so a propagated NaN keeps its own sign. Anything
// else is not special and comes from the datapath (including zero + zero of opposite signs and
// an exact zero sum, which take their sign from the rounding mode in vfadd_round).
module vfadd_special #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned W = vfadd_pkg::fp_width(Fmt),
  localparam int unsigned E = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic [W-1:0] op1_i,       // op1 encoding (NaN payload)
  input  logic [W-1:0] op2_i,       // op2 encoding (NaN payload), not negated
  input  logic         sub_i,       // FSUB: op2's sign is flipped after NaN selection
  input  logic         dn_i,        // FPCR.DN
  input  logic         a_zero_i,    // op1 is zero (after flushing)
  input  logic         a_inf_i,     // op1 is an infinity
  input  logic         a_qnan_i,    // op1 is a quiet NaN
  input  logic         a_snan_i,    // op1 is a signalling NaN
  input  logic         b_zero_i,    // op2 is zero (after flushing)
  input  logic         b_inf_i,     // op2 is an infinity
  input  logic         b_qnan_i,    // op2 is a quiet NaN
  input  logic         b_snan_i,    // op2 is a signalling NaN
  output logic         special_o,   // the result is special_bits_o, not the datapath's
  output logic [W-1:0] bits_o,      // special result
  output logic         ioc_o        // IOC raised by the special case
);

  logic         a_sign, b_sign_eff;
  logic         any_nan, any_snan, pick_a;
  logic [W-1:0] nan_chosen, nan_quiet, default_nan;
  logic         inf_invalid, inf_any, inf_sign, zero_same;

  assign a_sign     = op1_i[W-1];
  assign b_sign_eff = op2_i[W-1] ^ sub_i;

  // NaN selection: sNaN(op1) > sNaN(op2) > qNaN(op1) > qNaN(op2).
  assign any_snan    = a_snan_i | b_snan_i;
  assign any_nan     = any_snan | a_qnan_i | b_qnan_i;
  assign pick_a      = a_snan_i | (~b_snan_i & a_qnan_i);
  assign nan_chosen  = pick_a ? op1_i : op2_i;
  assign nan_quiet   = nan_chosen | (W'(1) << (M - 1));
  assign default_nan = {1'b0, {E{1'b1}}, 1'b1, {(M-1){1'b0}}};

  // Infinities and zeros, with op2's effective sign.
  assign inf_invalid = a_inf_i & b_inf_i & (a_sign ^ b_sign_eff);
  assign inf_any     = a_inf_i | b_inf_i;
  assign inf_sign    = a_inf_i ? a_sign : b_sign_eff;
  assign zero_same   = a_zero_i & b_zero_i & ~(a_sign ^ b_sign_eff);

  assign special_o = any_nan | inf_any | zero_same;
  assign ioc_o     = any_snan | (~any_nan & inf_invalid);

  always_comb begin
    bits_o = {a_sign, {(W-1){1'b0}}};  // zero + zero of one sign
    if (any_nan) begin
      bits_o = dn_i ? default_nan : nan_quiet;
    end else if (inf_invalid) begin
      bits_o = default_nan;
    end else if (inf_any) begin
      bits_o = {inf_sign, {E{1'b1}}, {M{1'b0}}};
    end
  end

endmodule
