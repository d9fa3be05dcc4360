// SPDX-License-Identifier: Apache-2.0
// vfadd_fmt_add: one FPAdd/FPSub element of one format, the datapath blocks in order, with a
// pipeline register (vfadd_pipe_reg) at each cut point the caller asks for.
//
//   op1, op2 -> [unpack x2 | special] -UNPACK-> [swap] -+-FAR_SWAP-> [align shift] -FAR_SHIFT->
//        [sticky] -FAR_ALIGN-> [far add] -FAR_SUM----------------------------+-> [normalize]
//     +-NEAR_SWAP-> [near subtract] -NEAR_SUB-> [near LZC] -NEAR_LZC---------+
//   -NORM-> [round] -ROUND-> [merge special / rounded, flags] -> output register
//
// Between the swap and the normalizer the far and the near path take their cuts independently
// (a cut is best placed at a different depth in each); both must hold the same number K of
// registers, and the operation's side information (FPCR, special result, IDC, exponent, sign,
// path) travels beside them through a K-deep register. The output register is always present,
// so the latency is 1 + UNPACK + K + NORM + ROUND = NumStages.
//
// Cuts used for each NumStages (the output register is always there), chosen by measuring the
// worst stage depth of the candidate placements on the flow of docs/qor-flow.md (the same
// table wins for FP16, FP32 and FP64):
// | NumStages | UNPACK | far: SWAP SHIFT ALIGN SUM | near: SWAP SUB LZC | NORM | ROUND | out |
// |-----------|--------|---------------------------|--------------------|------|-------|-----|
// | 1         |        |                           |                    |      |       |  x  |
// | 2         |        |              x            |          x         |      |       |  x  |
// | 3         |        |         x          x      |     x          x   |      |       |  x  |
// | 4         |        |    x             x     x  |     x     x    x   |      |       |  x  |
// | 5         |        |    x             x     x  |     x     x    x   |      |   x   |  x  |
// | 6         |        |    x             x     x  |     x     x    x   |  x   |   x   |  x  |
// Why: at 2 the far path is cut after the sticky and the near path after its subtractor (both
// near half depth); at 3 the far path is cut between the shifter and the sticky OR and after
// the add, the near path before its subtractor and after its LZC; at 4 every path segment is
// about a quarter: unpack+swap | shift+sticky, near subtract | far add, near LZC | normalize,
// round. 5 and 6 only add registers around the rounder.
module vfadd_fmt_add #(
  parameter vfadd_pkg::fmt_t Fmt       = vfadd_pkg::FMT_D,  // element format (FMT_H/S/D)
  parameter int unsigned     NumStages = 1,                 // latency in cycles, 1 .. 6
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

  if (NumStages < 1 || NumStages > 6) begin : gen_bad_stages
    $error("vfadd_fmt_add: NumStages must be 1 .. 6");
  end

  // Bit k set: register at cut k (the table above).
  localparam logic [9:0] CutMask = (NumStages == 1) ? 10'b00_000_0000_0 :
                                   (NumStages == 2) ? 10'b00_010_0100_0 :
                                   (NumStages == 3) ? 10'b00_101_1010_0 :
                                   (NumStages == 4) ? 10'b00_111_1101_0 :
                                   (NumStages == 5) ? 10'b10_111_1101_0 : 10'b11_111_1101_0;

  localparam int unsigned CUT_UNPACK    = 0;
  localparam int unsigned CUT_FAR_SWAP  = 1;
  localparam int unsigned CUT_FAR_SHIFT = 2;
  localparam int unsigned CUT_FAR_ALIGN = 3;
  localparam int unsigned CUT_FAR_SUM   = 4;
  localparam int unsigned CUT_NEAR_SWAP = 5;
  localparam int unsigned CUT_NEAR_SUB  = 6;
  localparam int unsigned CUT_NEAR_LZC  = 7;
  localparam int unsigned CUT_NORM      = 8;
  localparam int unsigned CUT_ROUND     = 9;

  localparam int unsigned LzW   = $clog2(M + 2);
  localparam int unsigned FarW  = M + 4;
  localparam int unsigned ShMax = (1 << $clog2(FarW + 1)) - 1;

  // Registers of each path between the swap and the normalizer.
  localparam int unsigned FarK  = 32'(CutMask[CUT_FAR_SWAP]) + 32'(CutMask[CUT_FAR_SHIFT]) +
                                  32'(CutMask[CUT_FAR_ALIGN]) + 32'(CutMask[CUT_FAR_SUM]);
  localparam int unsigned NearK = 32'(CutMask[CUT_NEAR_SWAP]) + 32'(CutMask[CUT_NEAR_SUB]) +
                                  32'(CutMask[CUT_NEAR_LZC]);
  if (FarK != NearK) begin : gen_bad_cuts
    $error("vfadd_fmt_add: the far and the near path need the same number of cuts");
  end

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

  // ---- UNPACK cut --------------------------------------------------------------------------------
  localparam int unsigned UnpackW = SideW + 2 * (1 + E + M + 1);
  logic [UnpackW-1:0] unpack_d, unpack_q;
  logic               unpack_valid;
  vfadd_pipe_reg #(.Width(UnpackW), .Depth(CutMask[CUT_UNPACK] ? 1 : 0)) u_cut_unpack (
    .clk_i, .rst_ni, .stall_i, .valid_i(valid_i), .data_i(unpack_d),
    .valid_o(unpack_valid), .data_o(unpack_q)
  );
  assign unpack_d = {fpcr_i, in_special, in_special_bits, in_special_ioc, a_idc | b_idc,
                     a_sign, a_exp, a_sig, b_sign ^ sub_i, b_exp, b_sig};

  vfadd_pkg::fpcr_t sw_fpcr;
  logic             sw_special, sw_special_ioc, sw_idc;
  logic [W-1:0]     sw_special_bits;
  logic             sw_a_sign, sw_b_sign;
  logic [E-1:0]     sw_a_exp, sw_b_exp;
  logic [M:0]       sw_a_sig, sw_b_sig;
  assign {sw_fpcr, sw_special, sw_special_bits, sw_special_ioc, sw_idc,
          sw_a_sign, sw_a_exp, sw_a_sig, sw_b_sign, sw_b_exp, sw_b_sig} = unpack_q;

  // ===============================================================================================
  // Stage: exponent compare, swap, near-path operand
  // ===============================================================================================
  logic         sw_eff_sub, sw_sign, sw_near;
  logic [E-1:0] sw_big_exp, sw_diff;
  logic [M:0]   sw_big_sig, sw_small_sig;
  logic [M+1:0] sw_near_small;

  vfadd_swap #(.Fmt(Fmt)) u_swap (
    .a_sign_i(sw_a_sign), .a_exp_i(sw_a_exp), .a_sig_i(sw_a_sig),
    .b_sign_i(sw_b_sign), .b_exp_i(sw_b_exp), .b_sig_i(sw_b_sig),
    .eff_sub_o(sw_eff_sub), .sign_o(sw_sign), .big_exp_o(sw_big_exp), .big_sig_o(sw_big_sig),
    .small_sig_o(sw_small_sig), .diff_o(sw_diff), .near_small_o(sw_near_small),
    .near_o(sw_near)
  );

  // ---- side information, K registers beside the two paths --------------------------------------
  localparam int unsigned MidW = SideW + 3 + E;
  logic [MidW-1:0] mid_q;
  logic            mid_valid;
  vfadd_pipe_reg #(.Width(MidW), .Depth(FarK)) u_cut_mid (
    .clk_i, .rst_ni, .stall_i, .valid_i(unpack_valid),
    .data_i({sw_fpcr, sw_special, sw_special_bits, sw_special_ioc, sw_idc,
             sw_eff_sub, sw_sign, sw_near, sw_big_exp}),
    .valid_o(mid_valid), .data_o(mid_q)
  );

  vfadd_pkg::fpcr_t nm_fpcr;
  logic             nm_special, nm_special_ioc, nm_idc;
  logic [W-1:0]     nm_special_bits;
  logic             nm_eff_sub, nm_sign, nm_near;
  logic [E-1:0]     nm_big_exp;
  assign {nm_fpcr, nm_special, nm_special_bits, nm_special_ioc, nm_idc,
          nm_eff_sub, nm_sign, nm_near, nm_big_exp} = mid_q;

  // ===============================================================================================
  // Far path: alignment shift, sticky, add
  // ===============================================================================================
  // The far and near registers load with the operation's valid bit like every other register;
  // their own valid outputs repeat mid_valid.
  logic          unused_far_valid, unused_near_valid;
  logic [3:0]    far_valid;
  logic [2:0]    near_valid;

  // ---- FAR_SWAP cut
  localparam int unsigned FarSwapW = 1 + 2 * (M + 1) + E;
  logic         fs_eff_sub;
  logic [M:0]   fs_big_sig, fs_small_sig;
  logic [E-1:0] fs_diff;
  vfadd_pipe_reg #(.Width(FarSwapW), .Depth(CutMask[CUT_FAR_SWAP] ? 1 : 0)) u_cut_far_swap (
    .clk_i, .rst_ni, .stall_i, .valid_i(unpack_valid),
    .data_i({sw_eff_sub, sw_big_sig, sw_small_sig, sw_diff}),
    .valid_o(far_valid[0]), .data_o({fs_eff_sub, fs_big_sig, fs_small_sig, fs_diff})
  );

  logic [FarW-2:0] fs_kept;
  logic [ShMax:0]  fs_lost;
  logic            fs_diff_big, fs_small_nz;
  vfadd_align #(.Fmt(Fmt)) u_align (
    .small_sig_i(fs_small_sig), .diff_i(fs_diff), .kept_o(fs_kept), .lost_o(fs_lost),
    .diff_big_o(fs_diff_big), .small_nz_o(fs_small_nz)
  );

  // ---- FAR_SHIFT cut
  localparam int unsigned FarShiftW = 1 + (M + 1) + (FarW - 1) + (ShMax + 1) + 2;
  logic            fh_eff_sub, fh_diff_big, fh_small_nz;
  logic [M:0]      fh_big_sig;
  logic [FarW-2:0] fh_kept;
  logic [ShMax:0]  fh_lost;
  vfadd_pipe_reg #(.Width(FarShiftW), .Depth(CutMask[CUT_FAR_SHIFT] ? 1 : 0)) u_cut_far_shift (
    .clk_i, .rst_ni, .stall_i, .valid_i(far_valid[0]),
    .data_i({fs_eff_sub, fs_big_sig, fs_kept, fs_lost, fs_diff_big, fs_small_nz}),
    .valid_o(far_valid[1]),
    .data_o({fh_eff_sub, fh_big_sig, fh_kept, fh_lost, fh_diff_big, fh_small_nz})
  );

  // Sticky: the bits shifted out, or the whole operand when the shift saturates.
  logic [FarW-1:0] fh_far_small;
  assign fh_far_small = fh_diff_big ? {{(FarW-1){1'b0}}, fh_small_nz} : {fh_kept, |fh_lost};

  // ---- FAR_ALIGN cut
  localparam int unsigned FarAlignW = 1 + (M + 1) + FarW;
  logic            fa_eff_sub;
  logic [M:0]      fa_big_sig;
  logic [FarW-1:0] fa_far_small;
  vfadd_pipe_reg #(.Width(FarAlignW), .Depth(CutMask[CUT_FAR_ALIGN] ? 1 : 0)) u_cut_far_align (
    .clk_i, .rst_ni, .stall_i, .valid_i(far_valid[1]),
    .data_i({fh_eff_sub, fh_big_sig, fh_far_small}),
    .valid_o(far_valid[2]), .data_o({fa_eff_sub, fa_big_sig, fa_far_small})
  );

  logic [M+4:0] fa_far_sum;
  vfadd_addsub #(.Fmt(Fmt)) u_addsub (
    .eff_sub_i(fa_eff_sub), .big_sig_i(fa_big_sig), .far_small_i(fa_far_small),
    .far_sum_o(fa_far_sum)
  );

  // ---- FAR_SUM cut
  logic [M+4:0] nm_far_sum;
  vfadd_pipe_reg #(.Width(M + 5), .Depth(CutMask[CUT_FAR_SUM] ? 1 : 0)) u_cut_far_sum (
    .clk_i, .rst_ni, .stall_i, .valid_i(far_valid[2]), .data_i(fa_far_sum),
    .valid_o(far_valid[3]), .data_o(nm_far_sum)
  );
  assign unused_far_valid = far_valid[3];

  // ===============================================================================================
  // Near path: subtract, LZC
  // ===============================================================================================
  // ---- NEAR_SWAP cut
  localparam int unsigned NearSwapW = (M + 1) + (M + 2) + E;
  logic [M:0]   ns_big_sig;
  logic [M+1:0] ns_near_small;
  logic [E-1:0] ns_big_exp;
  vfadd_pipe_reg #(.Width(NearSwapW), .Depth(CutMask[CUT_NEAR_SWAP] ? 1 : 0)) u_cut_near_swap (
    .clk_i, .rst_ni, .stall_i, .valid_i(unpack_valid),
    .data_i({sw_big_sig, sw_near_small, sw_big_exp}),
    .valid_o(near_valid[0]), .data_o({ns_big_sig, ns_near_small, ns_big_exp})
  );

  logic [M+1:0] ns_near_diff;
  logic         ns_near_neg;
  vfadd_near_sub #(.Fmt(Fmt)) u_near_sub (
    .big_sig_i(ns_big_sig), .near_small_i(ns_near_small), .near_diff_o(ns_near_diff),
    .near_neg_o(ns_near_neg)
  );

  // ---- NEAR_SUB cut
  localparam int unsigned NearSubW = (M + 2) + 1 + E;
  logic [M+1:0] nb_near_diff;
  logic         nb_near_neg;
  logic [E-1:0] nb_big_exp;
  vfadd_pipe_reg #(.Width(NearSubW), .Depth(CutMask[CUT_NEAR_SUB] ? 1 : 0)) u_cut_near_sub (
    .clk_i, .rst_ni, .stall_i, .valid_i(near_valid[0]),
    .data_i({ns_near_diff, ns_near_neg, ns_big_exp}),
    .valid_o(near_valid[1]), .data_o({nb_near_diff, nb_near_neg, nb_big_exp})
  );

  logic [LzW-1:0] nb_near_lz;
  vfadd_near_lzc #(.Fmt(Fmt)) u_near_lzc (
    .big_exp_i(nb_big_exp), .near_diff_i(nb_near_diff), .near_lz_o(nb_near_lz)
  );

  // ---- NEAR_LZC cut
  localparam int unsigned NearLzcW = (M + 2) + 1 + LzW;
  logic [M+1:0]   nm_near_diff;
  logic           nm_near_neg;
  logic [LzW-1:0] nm_near_lz;
  vfadd_pipe_reg #(.Width(NearLzcW), .Depth(CutMask[CUT_NEAR_LZC] ? 1 : 0)) u_cut_near_lzc (
    .clk_i, .rst_ni, .stall_i, .valid_i(near_valid[1]),
    .data_i({nb_near_diff, nb_near_neg, nb_near_lz}),
    .valid_o(near_valid[2]), .data_o({nm_near_diff, nm_near_neg, nm_near_lz})
  );
  assign unused_near_valid = near_valid[2];

  // ===============================================================================================
  // Stage: normalize
  // ===============================================================================================
  logic [E-1:0] nm_exp, nm_inc_exp;
  logic [M:0]   nm_sig, nm_inc_sig;
  logic         nm_guard, nm_sticky, nm_zero, nm_res_sign;

  vfadd_normalize #(.Fmt(Fmt)) u_normalize (
    .sign_i(nm_sign), .eff_sub_i(nm_eff_sub), .near_i(nm_near), .big_exp_i(nm_big_exp),
    .far_sum_i(nm_far_sum), .near_diff_i(nm_near_diff), .near_neg_i(nm_near_neg),
    .near_lz_i(nm_near_lz),
    .sign_o(nm_res_sign), .exp_o(nm_exp), .sig_o(nm_sig), .inc_exp_o(nm_inc_exp),
    .inc_sig_o(nm_inc_sig), .guard_o(nm_guard),
    .sticky_o(nm_sticky), .zero_o(nm_zero)
  );

  // ---- NORM cut ----------------------------------------------------------------------------------
  localparam int unsigned NormW = SideW + 1 + 2 * (E + M + 1) + 3;
  logic [NormW-1:0] norm_d, norm_q;
  logic             norm_valid;
  vfadd_pipe_reg #(.Width(NormW), .Depth(CutMask[CUT_NORM] ? 1 : 0)) u_cut_norm (
    .clk_i, .rst_ni, .stall_i, .valid_i(mid_valid), .data_i(norm_d),
    .valid_o(norm_valid), .data_o(norm_q)
  );
  assign norm_d = {nm_fpcr, nm_special, nm_special_bits, nm_special_ioc, nm_idc,
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

  // ---- ROUND cut ---------------------------------------------------------------------------------
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
