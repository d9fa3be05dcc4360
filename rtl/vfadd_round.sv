// SPDX-License-Identifier: Apache-2.0
// vfadd_round: the one rounder (Arm FPRound with AH = 0, section 5.1 of the semantics).
//
// 1. Output flush (FZ / FZ16): a result below the normal range -> signed zero, UFC only.
// 2. Round: RN up if G & (S | lsb); RP up if inexact and positive; RM up if inexact and
//    negative; RZ never. The increment runs over {exponent field, fraction}, so a carry moves a
//    denormal to the normal range and a full significand to the next exponent.
// 3. Overflow: exponent field all ones -> infinity (RN; RP if positive; RM if negative) or the
//    largest finite number otherwise; OFC and IXC.
// 4. Inexact: IXC if G | S. Underflow without flush: UFC if tiny and inexact (never for add,
//    section 5.4, kept so the rounder is the general one).
// 5. An exact zero sum is +0, or -0 in RM (section 4).
// The increment runs on a separate candidate (inc_exp_i, inc_sig_i) that equals the result
// whenever it is inexact; vfadd_normalize gives the near path's value before its shift there,
// so the increment does not wait for the near LZC and shifter.
module vfadd_round #(
  parameter vfadd_pkg::fmt_t Fmt = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  localparam int unsigned W = vfadd_pkg::fp_width(Fmt),
  localparam int unsigned E = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic            sign_i,    // sign of a non-zero result
  input  logic [E-1:0]    exp_i,     // biased exponent of the unit bit, >= 1
  input  logic [M:0]      sig_i,     // significand, unit bit at M (0 only when exp_i = 1)
  input  logic [E-1:0]    inc_exp_i, // rounding candidate: equals exp_i, sig_i whenever
  input  logic [M:0]      inc_sig_i, // guard_i | sticky_i (only then is it incremented)
  input  logic            guard_i,   // guard bit
  input  logic            sticky_i,  // sticky bit
  input  logic            zero_i,    // the exact sum is zero
  input  vfadd_pkg::rm_e  rmode_i,   // FPCR.RMode
  input  logic            flush_i,   // FZ / FZ16 of this format
  output logic [W-1:0]    bits_o,    // rounded result
  output logic            ofc_o,     // overflow
  output logic            ufc_o,     // underflow (flushed, or tiny and inexact)
  output logic            ixc_o      // inexact
);

  logic         tiny, inc_tiny, inexact, round_up, to_inf;
  logic [E-1:0] exp_field, inc_exp_field;
  logic [W-2:0] mag, inc_mag, mag_inc, mag_rounded;
  logic         overflow, inc_overflow;

  assign tiny    = ~sig_i[M];
  assign inexact = guard_i | sticky_i;

  always_comb begin
    round_up = 1'b0;
    unique case (rmode_i)
      vfadd_pkg::RM_RN: round_up = guard_i & (sticky_i | inc_sig_i[0]);
      vfadd_pkg::RM_RP: round_up = inexact & ~sign_i;
      vfadd_pkg::RM_RM: round_up = inexact & sign_i;
      vfadd_pkg::RM_RZ: round_up = 1'b0;
      default:          round_up = 1'b0;
    endcase
  end

  assign to_inf = (rmode_i == vfadd_pkg::RM_RN) |
                  ((rmode_i == vfadd_pkg::RM_RP) & ~sign_i) |
                  ((rmode_i == vfadd_pkg::RM_RM) & sign_i);

  assign exp_field   = tiny ? '0 : exp_i;
  assign mag         = {exp_field, sig_i[M-1:0]};
  // The increment and the overflow test do not wait for the rounding decision; they use the
  // candidate, which is the result whenever round_up can be set. An exponent field of all ones
  // only comes from the far path, where the candidate is the result.
  assign inc_tiny      = ~inc_sig_i[M];
  assign inc_exp_field = inc_tiny ? '0 : inc_exp_i;
  assign inc_mag       = {inc_exp_field, inc_sig_i[M-1:0]};
  assign mag_inc       = inc_mag + (W-1)'(1);
  assign mag_rounded   = round_up ? mag_inc : mag;
  // Rounding up carries into an all-ones exponent field exactly when the candidate is the
  // largest finite magnitude (exponent field all ones but the last, significand all ones); read
  // off the incremented magnitude, which shares the incrementer's carry logic (a separate
  // all-ones compare over the significand was mapped by ABC into a long AND chain).
  assign inc_overflow  = mag_inc[W-2:M] == '1;
  assign overflow      = (inc_exp_i == '1) | (inc_overflow & round_up);

  always_comb begin
    bits_o = {sign_i, mag_rounded};
    ofc_o  = 1'b0;
    ufc_o  = tiny & inexact;
    ixc_o  = inexact;
    if (zero_i) begin
      bits_o = {rmode_i == vfadd_pkg::RM_RM, {(W-1){1'b0}}};
      ufc_o  = 1'b0;
      ixc_o  = 1'b0;
    end else if (tiny && flush_i) begin
      bits_o = {sign_i, {(W-1){1'b0}}};
      ufc_o  = 1'b1;
      ixc_o  = 1'b0;
    end else if (overflow) begin
      bits_o = to_inf ? {sign_i, {E{1'b1}}, {M{1'b0}}} : {sign_i, {(E-1){1'b1}}, 1'b0, {M{1'b1}}};
      ofc_o  = 1'b1;
      ixc_o  = 1'b1;
    end
  end

endmodule
