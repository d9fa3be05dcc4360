// SPDX-License-Identifier: Apache-2.0
// vfadd_fmt_add: one FPAdd/FPSub element of one format, the datapath blocks in order, with a
// pipeline register (vfadd_pipe_reg) at each cut point the caller asks for.
//
//   op1, op2 -> [unpack x2 | special] -CUT_UNPACK-> [align] -CUT_ALIGN-> [addsub] -CUT_SUM->
//   [normalize] -CUT_NORM-> [round] -CUT_ROUND-> [merge special / rounded, flags] -> output reg
//
// The output register is always present, so the latency is 1 + the number of internal cuts.
// The FPCR fields, the special-case result and IDC travel with the operation.
module vfadd_fmt_add #(
  parameter vfadd_pkg::fmt_t Fmt     = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  parameter logic [6:0]      CutMask = 7'b0000000,        // bit k set: register at cut k
                                                          // (0 UNPACK, 1 SWAP, 2 ALIGN,
                                                          //  3 SUM, 4 LZC, 5 NORM, 6 ROUND)
  localparam int unsigned W = vfadd_pkg::fp_width(Fmt),
  localparam int unsigned E = vfadd_pkg::exp_bits(Fmt),
  localparam int unsigned M = vfadd_pkg::man_bits(Fmt)
) (
  input  logic                   clk_i,    // clock
  input  logic                   rst_ni,   // async reset, active low
  input  logic                   stall_i,  // 1: hold every stage
  input  logic                   valid_i,  // an operation of this format is presented
  input  logic [W-1:0]           op1_i,    // op1 encoding
  input  logic [W-1:0]           op2_i,    // op2 encoding
  input  logic                   sub_i,    // FSUB: op1 - op2
  input  vfadd_pkg::fpcr_t       fpcr_i,   // FPCR fields of this operation
  output logic                   valid_o,  // result valid
  output logic [W-1:0]           result_o, // result encoding
  output vfadd_pkg::fpsr_flags_t flags_o   // flags raised by this operation
);

  localparam int unsigned CUT_UNPACK = 0;
  localparam int unsigned CUT_SWAP   = 1;
  localparam int unsigned CUT_ALIGN  = 2;
  localparam int unsigned CUT_SUM    = 3;
  localparam int unsigned CUT_LZC    = 4;
  localparam int unsigned CUT_NORM   = 5;
  localparam int unsigned CUT_ROUND  = 6;
  localparam int unsigned LzW        = $clog2(M + 2);

  // Side information carried through every cut: FPCR, special result, IDC.
  localparam int unsigned SideW = 5 + 1 + W + 1 + 1;

  // ===============================================================================================
  // Stage: unpack, classify, flush; special cases
  // ===============================================================================================
  logic         a_sign, a_zero, a_inf, a_qnan, a_snan, a_idc;
  logic         b_sign, b_zero, b_inf, b_qnan, b_snan, b_idc;
  logic [E-1:0] a_exp, b_exp;
  logic [M:0]   a_sig, b_sig;
  logic         in_flush;
  logic         in_special, in_special_ioc;
  logic [W-1:0] in_special_bits;

  assign in_flush = vfadd_pkg::fmt_flush(Fmt, fpcr_i.fz, fpcr_i.fz16);

  vfadd_unpack #(.Fmt(Fmt)) u_unpack_a (
    .op_i(op1_i), .flush_i(in_flush), .sign_o(a_sign), .exp_o(a_exp), .sig_o(a_sig),
    .is_zero_o(a_zero), .is_inf_o(a_inf), .is_qnan_o(a_qnan), .is_snan_o(a_snan), .idc_o(a_idc)
  );
  vfadd_unpack #(.Fmt(Fmt)) u_unpack_b (
    .op_i(op2_i), .flush_i(in_flush), .sign_o(b_sign), .exp_o(b_exp), .sig_o(b_sig),
    .is_zero_o(b_zero), .is_inf_o(b_inf), .is_qnan_o(b_qnan), .is_snan_o(b_snan), .idc_o(b_idc)
  );

  vfadd_special #(.Fmt(Fmt)) u_special (
    .op1_i(op1_i), .op2_i(op2_i), .sub_i(sub_i), .dn_i(fpcr_i.dn),
    .a_zero_i(a_zero), .a_inf_i(a_inf), .a_qnan_i(a_qnan), .a_snan_i(a_snan),
    .b_zero_i(b_zero), .b_inf_i(b_inf), .b_qnan_i(b_qnan), .b_snan_i(b_snan),
    .special_o(in_special), .bits_o(in_special_bits), .ioc_o(in_special_ioc)
  );

  // ---- CUT_UNPACK --------------------------------------------------------------------------------
  localparam int unsigned UnpackW = SideW + 2 * (1 + E + M + 1);
  logic [UnpackW-1:0] unpack_d, unpack_q;
  logic               unpack_valid;
  vfadd_pipe_reg #(.Width(UnpackW), .Depth(CutMask[CUT_UNPACK] ? 1 : 0)) u_cut_unpack (
    .clk_i, .rst_ni, .stall_i, .valid_i(valid_i), .data_i(unpack_d),
    .valid_o(unpack_valid), .data_o(unpack_q)
  );
  assign unpack_d = {fpcr_i, in_special, in_special_bits, in_special_ioc, a_idc | b_idc,
                     a_sign, a_exp, a_sig, b_sign ^ sub_i, b_exp, b_sig};

  vfadd_pkg::fpcr_t al_fpcr;
  logic             al_special, al_special_ioc, al_idc;
  logic [W-1:0]     al_special_bits;
  logic             al_a_sign, al_b_sign;
  logic [E-1:0]     al_a_exp, al_b_exp;
  logic [M:0]       al_a_sig, al_b_sig;
  assign {al_fpcr, al_special, al_special_bits, al_special_ioc, al_idc,
          al_a_sign, al_a_exp, al_a_sig, al_b_sign, al_b_exp, al_b_sig} = unpack_q;

  // ===============================================================================================
  // Stage: exponent compare, swap, near-path operand
  // ===============================================================================================
  logic         sw_eff_sub, sw_sign, sw_near;
  logic [E-1:0] sw_big_exp, sw_diff;
  logic [M:0]   sw_big_sig, sw_small_sig;
  logic [M+1:0] sw_near_small;

  vfadd_swap #(.Fmt(Fmt)) u_swap (
    .a_sign_i(al_a_sign), .a_exp_i(al_a_exp), .a_sig_i(al_a_sig),
    .b_sign_i(al_b_sign), .b_exp_i(al_b_exp), .b_sig_i(al_b_sig),
    .eff_sub_o(sw_eff_sub), .sign_o(sw_sign), .big_exp_o(sw_big_exp), .big_sig_o(sw_big_sig),
    .small_sig_o(sw_small_sig), .diff_o(sw_diff), .near_small_o(sw_near_small),
    .near_o(sw_near)
  );

  // ---- CUT_SWAP ----------------------------------------------------------------------------------
  localparam int unsigned SwapW = SideW + 3 + 2 * E + 2 * (M + 1) + (M + 2);
  logic [SwapW-1:0] swap_d, swap_q;
  logic             swap_valid;
  vfadd_pipe_reg #(.Width(SwapW), .Depth(CutMask[CUT_SWAP] ? 1 : 0)) u_cut_swap (
    .clk_i, .rst_ni, .stall_i, .valid_i(unpack_valid), .data_i(swap_d),
    .valid_o(swap_valid), .data_o(swap_q)
  );
  assign swap_d = {al_fpcr, al_special, al_special_bits, al_special_ioc, al_idc,
                   sw_eff_sub, sw_sign, sw_near, sw_big_exp, sw_diff, sw_big_sig, sw_small_sig,
                   sw_near_small};

  vfadd_pkg::fpcr_t sh_fpcr;
  logic             sh_special, sh_special_ioc, sh_idc;
  logic [W-1:0]     sh_special_bits;
  logic             sh_eff_sub, sh_sign, sh_near;
  logic [E-1:0]     sh_big_exp, sh_diff;
  logic [M:0]       sh_big_sig, sh_small_sig;
  logic [M+1:0]     sh_near_small;
  assign {sh_fpcr, sh_special, sh_special_bits, sh_special_ioc, sh_idc,
          sh_eff_sub, sh_sign, sh_near, sh_big_exp, sh_diff, sh_big_sig, sh_small_sig,
          sh_near_small} = swap_q;

  // ===============================================================================================
  // Stage: far-path alignment shift with sticky
  // ===============================================================================================
  logic [M+3:0] sh_far_small;

  vfadd_align #(.Fmt(Fmt)) u_align (
    .small_sig_i(sh_small_sig), .diff_i(sh_diff), .far_small_o(sh_far_small)
  );

  // ---- CUT_ALIGN ---------------------------------------------------------------------------------
  localparam int unsigned AlignW = SideW + 3 + E + (M + 1) + (M + 4) + (M + 2);
  logic [AlignW-1:0] align_d, align_q;
  logic              align_valid;
  vfadd_pipe_reg #(.Width(AlignW), .Depth(CutMask[CUT_ALIGN] ? 1 : 0)) u_cut_align (
    .clk_i, .rst_ni, .stall_i, .valid_i(swap_valid), .data_i(align_d),
    .valid_o(align_valid), .data_o(align_q)
  );
  assign align_d = {sh_fpcr, sh_special, sh_special_bits, sh_special_ioc, sh_idc,
                    sh_eff_sub, sh_sign, sh_near, sh_big_exp, sh_big_sig, sh_far_small,
                    sh_near_small};

  vfadd_pkg::fpcr_t as_fpcr;
  logic             as_special, as_special_ioc, as_idc;
  logic [W-1:0]     as_special_bits;
  logic             as_eff_sub, as_sign, as_near;
  logic [E-1:0]     as_big_exp;
  logic [M:0]       as_big_sig;
  logic [M+3:0]     as_far_small;
  logic [M+1:0]     as_near_small;
  assign {as_fpcr, as_special, as_special_bits, as_special_ioc, as_idc,
          as_eff_sub, as_sign, as_near, as_big_exp, as_big_sig, as_far_small,
          as_near_small} = align_q;

  // ===============================================================================================
  // Stage: significand add / subtract (far and near)
  // ===============================================================================================
  logic [M+4:0] as_far_sum;
  logic [M+1:0] as_near_diff;
  logic         as_near_neg;

  vfadd_addsub #(.Fmt(Fmt)) u_addsub (
    .eff_sub_i(as_eff_sub), .big_sig_i(as_big_sig), .far_small_i(as_far_small),
    .near_small_i(as_near_small), .far_sum_o(as_far_sum), .near_diff_o(as_near_diff),
    .near_neg_o(as_near_neg)
  );

  // ---- CUT_SUM -----------------------------------------------------------------------------------
  localparam int unsigned SumW = SideW + 4 + E + (M + 5) + (M + 2);
  logic [SumW-1:0] sum_d, sum_q;
  logic            sum_valid;
  vfadd_pipe_reg #(.Width(SumW), .Depth(CutMask[CUT_SUM] ? 1 : 0)) u_cut_sum (
    .clk_i, .rst_ni, .stall_i, .valid_i(align_valid), .data_i(sum_d),
    .valid_o(sum_valid), .data_o(sum_q)
  );
  assign sum_d = {as_fpcr, as_special, as_special_bits, as_special_ioc, as_idc,
                  as_eff_sub, as_sign, as_near, as_big_exp, as_far_sum, as_near_diff,
                  as_near_neg};

  vfadd_pkg::fpcr_t nm_fpcr;
  logic             nm_special, nm_special_ioc, nm_idc;
  logic [W-1:0]     nm_special_bits;
  logic             nm_eff_sub, nm_sign, nm_near;
  logic [E-1:0]     nm_big_exp;
  logic [M+4:0]     nm_far_sum;
  logic [M+1:0]     nm_near_diff;
  logic             nm_near_neg;
  assign {nm_fpcr, nm_special, nm_special_bits, nm_special_ioc, nm_idc,
          nm_eff_sub, nm_sign, nm_near, nm_big_exp, nm_far_sum, nm_near_diff,
          nm_near_neg} = sum_q;

  // ===============================================================================================
  // Stage: near-path normalization count (parallel to nothing on the far path, so it can share
  // the adders' stage)
  // ===============================================================================================
  logic [LzW-1:0] nm_near_lz;

  vfadd_near_lzc #(.Fmt(Fmt)) u_near_lzc (
    .big_exp_i(nm_big_exp), .near_diff_i(nm_near_diff), .near_lz_o(nm_near_lz)
  );

  // ---- CUT_LZC -----------------------------------------------------------------------------------
  localparam int unsigned LzcW = SumW + LzW;
  logic [LzcW-1:0] lzc_d, lzc_q;
  logic            lzc_valid;
  vfadd_pipe_reg #(.Width(LzcW), .Depth(CutMask[CUT_LZC] ? 1 : 0)) u_cut_lzc (
    .clk_i, .rst_ni, .stall_i, .valid_i(sum_valid), .data_i(lzc_d),
    .valid_o(lzc_valid), .data_o(lzc_q)
  );
  assign lzc_d = {nm_fpcr, nm_special, nm_special_bits, nm_special_ioc, nm_idc,
                  nm_eff_sub, nm_sign, nm_near, nm_big_exp, nm_far_sum, nm_near_diff,
                  nm_near_neg, nm_near_lz};

  vfadd_pkg::fpcr_t lz_fpcr;
  logic             lz_special, lz_special_ioc, lz_idc;
  logic [W-1:0]     lz_special_bits;
  logic             lz_eff_sub, lz_sign, lz_near;
  logic [E-1:0]     lz_big_exp;
  logic [M+4:0]     lz_far_sum;
  logic [M+1:0]     lz_near_diff;
  logic             lz_near_neg;
  logic [LzW-1:0]   lz_near_lz;
  assign {lz_fpcr, lz_special, lz_special_bits, lz_special_ioc, lz_idc,
          lz_eff_sub, lz_sign, lz_near, lz_big_exp, lz_far_sum, lz_near_diff,
          lz_near_neg, lz_near_lz} = lzc_q;

  // ===============================================================================================
  // Stage: normalize
  // ===============================================================================================
  logic [E-1:0] nm_exp, nm_inc_exp;
  logic [M:0]   nm_sig, nm_inc_sig;
  logic         nm_guard, nm_sticky, nm_zero, nm_res_sign;

  vfadd_normalize #(.Fmt(Fmt)) u_normalize (
    .sign_i(lz_sign), .eff_sub_i(lz_eff_sub), .near_i(lz_near), .big_exp_i(lz_big_exp),
    .far_sum_i(lz_far_sum), .near_diff_i(lz_near_diff), .near_neg_i(lz_near_neg),
    .near_lz_i(lz_near_lz),
    .sign_o(nm_res_sign), .exp_o(nm_exp), .sig_o(nm_sig), .inc_exp_o(nm_inc_exp),
    .inc_sig_o(nm_inc_sig), .guard_o(nm_guard),
    .sticky_o(nm_sticky), .zero_o(nm_zero)
  );

  // ---- CUT_NORM ----------------------------------------------------------------------------------
  localparam int unsigned NormW = SideW + 1 + 2 * (E + M + 1) + 3;
  logic [NormW-1:0] norm_d, norm_q;
  logic             norm_valid;
  vfadd_pipe_reg #(.Width(NormW), .Depth(CutMask[CUT_NORM] ? 1 : 0)) u_cut_norm (
    .clk_i, .rst_ni, .stall_i, .valid_i(lzc_valid), .data_i(norm_d),
    .valid_o(norm_valid), .data_o(norm_q)
  );
  assign norm_d = {lz_fpcr, lz_special, lz_special_bits, lz_special_ioc, lz_idc,
                   nm_res_sign, nm_exp, nm_sig, nm_inc_exp, nm_inc_sig, nm_guard, nm_sticky,
                   nm_zero};

  vfadd_pkg::fpcr_t rd_fpcr;
  logic             rd_special, rd_special_ioc, rd_idc;
  logic [W-1:0]     rd_special_bits;
  logic             rd_sign, rd_guard, rd_sticky, rd_zero;
  logic [E-1:0]     rd_exp, rd_inc_exp;
  logic [M:0]       rd_sig, rd_inc_sig;
  assign {rd_fpcr, rd_special, rd_special_bits, rd_special_ioc, rd_idc,
          rd_sign, rd_exp, rd_sig, rd_inc_exp, rd_inc_sig, rd_guard, rd_sticky,
          rd_zero} = norm_q;
  logic unused_rd_dn;  // DN was used by the special block
  assign unused_rd_dn = rd_fpcr.dn;

  // ===============================================================================================
  // Stage: round
  // ===============================================================================================
  logic [W-1:0] rd_bits;
  logic         rd_ofc, rd_ufc, rd_ixc;

  vfadd_round #(.Fmt(Fmt)) u_round (
    .sign_i(rd_sign), .exp_i(rd_exp), .sig_i(rd_sig), .inc_exp_i(rd_inc_exp),
    .inc_sig_i(rd_inc_sig), .guard_i(rd_guard), .sticky_i(rd_sticky),
    .zero_i(rd_zero), .rmode_i(rd_fpcr.rmode), .flush_i(vfadd_pkg::fmt_flush(Fmt, rd_fpcr.fz, rd_fpcr.fz16)),
    .bits_o(rd_bits), .ofc_o(rd_ofc), .ufc_o(rd_ufc), .ixc_o(rd_ixc)
  );

  // ---- CUT_ROUND ---------------------------------------------------------------------------------
  localparam int unsigned RoundW = 1 + W + 1 + 1 + W + 3;
  logic [RoundW-1:0] round_d, round_q;
  logic              round_valid;
  vfadd_pipe_reg #(.Width(RoundW), .Depth(CutMask[CUT_ROUND] ? 1 : 0)) u_cut_round (
    .clk_i, .rst_ni, .stall_i, .valid_i(norm_valid), .data_i(round_d),
    .valid_o(round_valid), .data_o(round_q)
  );
  assign round_d = {rd_special, rd_special_bits, rd_special_ioc, rd_idc,
                    rd_bits, rd_ofc, rd_ufc, rd_ixc};

  logic             mg_special, mg_special_ioc, mg_idc;
  logic [W-1:0]     mg_special_bits, mg_bits;
  logic             mg_ofc, mg_ufc, mg_ixc;
  assign {mg_special, mg_special_bits, mg_special_ioc, mg_idc,
          mg_bits, mg_ofc, mg_ufc, mg_ixc} = round_q;

  // ===============================================================================================
  // Stage: merge the special result, output register
  // ===============================================================================================
  vfadd_pkg::fpsr_flags_t mg_flags;
  logic [W-1:0]           mg_result;

  always_comb begin
    mg_flags     = '0;
    mg_flags.idc = mg_idc;
    if (mg_special) begin
      mg_result    = mg_special_bits;
      mg_flags.ioc = mg_special_ioc;
    end else begin
      mg_result    = mg_bits;
      mg_flags.ofc = mg_ofc;
      mg_flags.ufc = mg_ufc;
      mg_flags.ixc = mg_ixc;
    end
  end

  localparam int unsigned OutW = W + vfadd_pkg::FLAG_BITS;
  logic [OutW-1:0] out_q;
  vfadd_pipe_reg #(.Width(OutW), .Depth(1)) u_cut_out (
    .clk_i, .rst_ni, .stall_i, .valid_i(round_valid), .data_i({mg_result, mg_flags}),
    .valid_o(valid_o), .data_o(out_q)
  );
  assign {result_o, flags_o} = out_q;

endmodule
