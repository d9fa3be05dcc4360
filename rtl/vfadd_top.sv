// SPDX-License-Identifier: Apache-2.0
// vfadd_top: the SVE floating-point add unit. Every operation of the add family (section 6 of
// docs/semantics.md) on vectors of up to MaxVecLenBits bits, with the vector
// length chosen per request, behind a valid/ready request and a valid/ready response.
//
//   request -> decode, predicate, -> [input   -+-> vector lanes -+-> merge ----+
//              issue time, route     register]  |   (FADDV level 1) +-> FADDV     |
//                                               |                       levels    |
//                                               |                       2 .. Lmax +-> response
//                                               +--> FADDA (one adder per format)-+   register
//
// Operations (req_op_i, or the instruction word when req_raw_i is set, decoded by vfadd_decode):
// | op        | result element e (active)    | inactive e | section |
// |-----------|------------------------------|------------|---------|
// | fadd      | a[e] + b[e]                  | a[e]       | 6.1     |
// | fadd_u    | a[e] + b[e] (all active)     | -          | 6.2     |
// | fadd_i    | a[e] + imm                   | a[e]       | 6.3     |
// | fsub(_u)  | a[e] - b[e]                  | a[e]       | 6.4     |
// | fsub_i    | a[e] - imm                   | a[e]       | 6.4     |
// | fsubr     | b[e] - a[e] (b is op1)       | a[e]       | 6.4     |
// | fsubr_i   | imm - a[e]                   | a[e]       | 6.4     |
// | faddp     | e even: a[e] + a[e+1]; e odd: b[e-1] + b[e] | a[e] | 6.5 |
// | fadda     | scalar: ((a0 + b[e0]) + b[e1]) + ... over the active e, ascending  | 6.6 |
// | faddv     | scalar: the pairwise tree over CeilPow2(VL) leaves, inactive and padding +0.0 | 6.7 |
// a is Zdn (Zn of the unpredicated forms; FADDA: the scalar in its low bits), b is Zm (FADDV:
// Zn). Element e is active when predicate bit e * esize / 8 is set and e * esize < VL; the
// unpredicated forms ignore the predicate. Bits of the result at and above VL are 0; a scalar
// result is zero-extended. The flags are the OR over the additions performed; inactive and
// padding elements perform none (padding adds +0.0 + +0.0, which raises nothing).
//
// A request that is not an operation (an instruction word other than an arithmetic form of the
// family, UNDEFINED included; an op code above OP_FADDV; a format of 0) executes nothing: its
// response has rsp_undef_o set, a zero result and no flags.
//
// Timing. The whole unit advances when the response register is free (!rsp_valid_o ||
// rsp_ready_i) and holds otherwise. An accepted request waits in the input register until its
// result can leave in order; from acceptance to the response (no backpressure, no conflict):
// | operation            | latency (cycles)             | throughput                        |
// |----------------------|------------------------------|-----------------------------------|
// | vector ops, UNDEF    | NumStages + 2                | 1 per cycle                       |
// | faddv                | NumStages * L + 2            | 1 per cycle (same L)              |
// | fadda, k active      | NumStages * k + 3            | 1 per NumStages * k + 2 cycles    |
// L = log2(CeilPow2(VL / esize)) = ceil(log2(elements)). Responses come in request order: a
// request whose result would overtake or meet an earlier one waits in the input register (e.g.
// a fadd right behind a faddv). A FADDA counts as finishing NumStages + 2 cycles after its issue
// for this (2 with no active element), so it waits until every earlier result leaves within
// that. Its exact NumStages * k + 2 is summed in the cycle after its issue, in which nothing
// issues; from then on, later operations other than FADDA issue as soon as they would finish
// after it (a second FADDA waits for the unit). So a FADDV right behind a FADDA with fewer
// active elements than the FADDV's L, the one that could otherwise issue in that cycle, waits
// one cycle more. req_ready_o depends on rsp_ready_i combinationally (through the advance
// condition), never on req_valid_i.
`include "vfadd_assert.svh"

module vfadd_top #(
  parameter int unsigned MaxVecLenBits = 512,  // largest vector length: 128 .. 2048, a multiple of 128
  parameter int unsigned NumStages     = 3,    // adder pipeline depth: 1 .. 6
  parameter int unsigned TagBits       = 16,   // request tag bits: 1 .. 32
  // The widths below fall back to legal values when a parameter is illegal, so that the only
  // messages of such an elaboration are the named errors under "parameters" (no cascade of width
  // errors from the modules inside).
  localparam int unsigned VecW  = (MaxVecLenBits >= 128 && MaxVecLenBits <= 2048 &&
                                   MaxVecLenBits % 128 == 0) ? MaxVecLenBits : 128,
  localparam int unsigned PredW = VecW / 8,
  localparam int unsigned TagW  = (TagBits >= 1 && TagBits <= 32) ? TagBits : 1
) (
  input  logic                 clk_i,          // clock
  input  logic                 rst_ni,         // async reset, active low
  // ---- request ----
  input  logic                 req_valid_i,    // a request is presented
  output logic                 req_ready_o,    // the request is taken this cycle
  input  logic                 req_raw_i,      // 1: decode req_insn_i; 0: use op/fmt/imm_one
  input  logic [31:0]          req_insn_i,     // A64 instruction word (req_raw_i = 1)
  input  vfadd_pkg::op_e       req_op_i,       // operation (req_raw_i = 0)
  input  vfadd_pkg::fmt_t      req_fmt_i,      // format FMT_H/S/D (req_raw_i = 0)
  input  logic                 req_imm_one_i,  // immediate forms: 1 #1.0, 0 #0.5 (req_raw_i = 0)
  input  logic [3:0]           req_len_i,      // VL = (len + 1) * 128, limited to MaxVecLenBits
  input  logic [31:0]          req_fpcr_i,     // FPCR: RMode 23:22, FZ 24, DN 25, FZ16 19
  input  logic [PredW-1:0]     req_pg_i,       // governing predicate, one bit per byte
  input  logic [VecW-1:0]      req_a_i,        // Zdn / Zn; FADDA: Vdn in the low bits
  input  logic [VecW-1:0]      req_b_i,        // Zm; FADDV: Zn
  input  logic [TagW-1:0]      req_tag_i,      // returned with the response
  // ---- response ----
  output logic                 rsp_valid_o,    // a response is presented
  input  logic                 rsp_ready_i,    // the response is taken this cycle
  output logic [VecW-1:0]      rsp_result_o,   // destination; 0 at and above VL
  output logic [31:0]          rsp_fpsr_o,     // FPSR flags: IOC 0, OFC 2, UFC 3, IXC 4, IDC 7
  output logic [TagW-1:0]      rsp_tag_o,      // the request's tag
  output logic                 rsp_undef_o     // the request was not an operation
);

  // ---- parameters ------------------------------------------------------------------------------
  if (MaxVecLenBits < 128 || MaxVecLenBits > 2048 || MaxVecLenBits % 128 != 0) begin : gen_bad_vlen
    $error("vfadd_top: MaxVecLenBits must be a multiple of 128 from 128 to 2048");
  end
  if (NumStages < 1 || NumStages > 6) begin : gen_bad_stages
    $error("vfadd_top: NumStages must be 1 .. 6");
  end
  if (TagBits < 1 || TagBits > 32) begin : gen_bad_tag
    $error("vfadd_top: TagBits must be 1 .. 32");
  end
  localparam int unsigned Stages = (NumStages >= 1 && NumStages <= 6) ? NumStages : 1;

  localparam int unsigned NumLanes = VecW / vfadd_pkg::LANE_BITS;
  localparam int unsigned NSlot    = VecW / 16;              // 16-bit element slots
  localparam int unsigned MaxLen   = VecW / 128 - 1;         // largest LEN
  localparam int unsigned P2       = 1 << $clog2(VecW);      // CeilPow2(MaxVecLenBits)
  localparam int unsigned W1       = P2 / 2;                 // FADDV level 1 output bits
  localparam int unsigned Levels   = $clog2(P2 / 16);        // deepest FADDV level (FP16)
  localparam int unsigned LBits    = 3;                      // FADDV depth L, 1 .. 7
  localparam int unsigned DBits    = $clog2(NSlot * Stages + 3);     // cycles to the response
  localparam int unsigned FlagB    = vfadd_pkg::FLAG_BITS;
  localparam int unsigned FpcrB    = vfadd_pkg::FPCR_BITS;
  localparam int unsigned LaneFlagW = vfadd_pkg::LANE_SLOTS * FlagB;

  // ---- the global advance -------------------------------------------------------------------
  logic advance, rsp_valid_q;
  assign advance = !rsp_valid_q || rsp_ready_i;

  // ---- decode, VL, active elements and the issue time, on the request --------------------------
  // All of this, and the operand routing below, is computed from the request pins and held in
  // the input register, so that the issue decision and the lanes' first stage start from
  // flip-flops.
  vfadd_pkg::fpcr_t req_fpcr;
  // fpcr_t is {rmode, fz, fz16, dn}; no other FPCR field affects an addition (section 1.1).
  logic unused_fpcr;
  assign unused_fpcr = ^{req_fpcr_i[31:26], req_fpcr_i[21:20], req_fpcr_i[18:0]};
  assign req_fpcr = {req_fpcr_i[23:22], req_fpcr_i[24], req_fpcr_i[19], req_fpcr_i[25]};

  vfadd_pkg::insn_kind_e dec_kind;
  vfadd_pkg::op_e        dec_op;
  logic [1:0]            unused_size;
  logic                  dec_imm_one;
  logic [4:0]            unused_zd, unused_zn, unused_zm;
  logic [2:0]            unused_pg;
  logic                  unused_merging;
  vfadd_decode u_decode (
    .insn_i(req_insn_i), .kind_o(dec_kind), .op_o(dec_op), .size_o(unused_size), .zd_o(unused_zd),
    .zn_o(unused_zn), .zm_o(unused_zm), .pg_o(unused_pg), .imm_one_o(dec_imm_one),
    .merging_o(unused_merging)
  );

  logic [vfadd_pkg::OP_BITS-1:0] d_op;
  vfadd_pkg::fmt_t               d_fmt;
  logic                          d_imm_one, d_undef, d_pred, d_faddv, d_fadda, d_vec, d_sub;
  assign d_op      = req_raw_i ? dec_op : req_op_i;
  // The format of a word is its size field, taken straight from the word: a word that is not an
  // operation executes nothing, so its format does not matter (vfadd_decode's size_o, which is
  // zero for some of them, would put the decoder's pattern match in front of every format mux).
  assign d_fmt     = req_raw_i ? req_insn_i[23:22] : req_fmt_i;
  assign d_imm_one = req_raw_i ? dec_imm_one : req_imm_one_i;
  assign d_undef   = req_raw_i ? (dec_kind != vfadd_pkg::KIND_ARITH)
                               : (req_op_i > vfadd_pkg::OP_FADDV || req_fmt_i == '0);
  assign d_pred  = !(d_op == vfadd_pkg::OP_FADD_U || d_op == vfadd_pkg::OP_FSUB_U);
  assign d_faddv = !d_undef && d_op == vfadd_pkg::OP_FADDV;
  assign d_fadda = !d_undef && d_op == vfadd_pkg::OP_FADDA;
  assign d_vec   = !d_undef && !d_faddv && !d_fadda;
  assign d_sub   = d_op == vfadd_pkg::OP_FSUB || d_op == vfadd_pkg::OP_FSUB_U ||
                   d_op == vfadd_pkg::OP_FSUB_I || d_op == vfadd_pkg::OP_FSUBR ||
                   d_op == vfadd_pkg::OP_FSUBR_I;

  // Vector length and active elements (section 6.0), per 16-bit slot.
  logic [3:0]       d_len;
  logic [NSlot-1:0] d_in_vl, d_active, d_first;  // d_first: an active element starts at the slot
  logic [NSlot-1:0] d_pg_active;                 // in VL and predicate bit set (the predicated ops)
  logic [LBits-1:0] d_tree_depth;                // FADDV: L = ceil(log2(elements))
  if (MaxLen == 15) begin : gen_len_full
    assign d_len = req_len_i;
  end else begin : gen_len_limit
    assign d_len = (req_len_i > 4'(MaxLen)) ? 4'(MaxLen) : req_len_i;  // like ZCR_ELx.LEN (8.2)
  end

  always_comb begin
    d_in_vl      = '0;
    d_pg_active  = '0;
    d_active     = '0;
    d_first      = '0;
    for (int unsigned s = 0; s < NSlot; s++) begin
      // Slot s belongs to the element whose first slot is s rounded down to the element's slots
      // (4 for D, 2 for S, 1 for H); that element's predicate bit is twice its first slot.
      d_in_vl[s]     = s < (32'(d_len) + 1) * 8;
      d_pg_active[s] = d_in_vl[s] && ((d_fmt == vfadd_pkg::FMT_D) ? req_pg_i[2*(s & ~32'd3)] :
                                      (d_fmt == vfadd_pkg::FMT_S) ? req_pg_i[2*(s & ~32'd1)] :
                                                                    req_pg_i[2*s]);
      d_active[s]    = d_pred ? d_pg_active[s] : d_in_vl[s];
      d_first[s]  = d_active[s] && ((d_fmt == vfadd_pkg::FMT_D) ? (s % 4 == 0) :
                                    (d_fmt == vfadd_pkg::FMT_S) ? (s % 2 == 0) : 1'b1);
    end
  end

  // FADDA's k active elements, counted in two steps so that neither the request nor the input
  // register pays for a count across the whole vector: here, per 128-bit granule g (8 FP16, 4
  // FP32 or 2 FP64 elements), NumStages times the active elements of each format, picked by the
  // decoded format (d_gran); from the input register, their sum gives the cycles FADDA takes
  // (rem_q below). For the FADDA's own issue decision only "any element active" is needed
  // (d_cycles: its result leaves no sooner than NumStages + 2 cycles after it issues, or 2 when
  // no element is active).
  localparam int unsigned Gran  = VecW / 128;
  localparam int unsigned GranW = $clog2(8 * Stages + 1);
  logic [NSlot-1:0]      h_act;
  logic [NSlot/2-1:0]    s_act;
  logic [NSlot/4-1:0]    d_act;
  logic                  d_fadda_any;
  logic [Gran*GranW-1:0] d_gran;
  always_comb begin
    for (int unsigned s = 0; s < NSlot; s++) begin
      h_act[s] = d_in_vl[s] && req_pg_i[2*s];
    end
    for (int unsigned e = 0; e < NSlot / 2; e++) begin
      s_act[e] = d_in_vl[2*e] && req_pg_i[4*e];
    end
    for (int unsigned e = 0; e < NSlot / 4; e++) begin
      d_act[e] = d_in_vl[4*e] && req_pg_i[8*e];
    end
    d_fadda_any = (d_fmt == vfadd_pkg::FMT_D) ? |d_act :
                  (d_fmt == vfadd_pkg::FMT_S) ? |s_act : |h_act;
  end
  for (genvar g = 0; g < Gran; g++) begin : gen_gran
    logic [GranW-1:0]                h_n;
    logic [$clog2(4*Stages + 1)-1:0] s_n;
    logic [$clog2(2*Stages + 1)-1:0] d_n;
    vfadd_popcount #(.Width(8), .Weight(Stages)) u_h (.x_i(h_act[8*g +: 8]), .count_o(h_n));
    vfadd_popcount #(.Width(4), .Weight(Stages)) u_s (.x_i(s_act[4*g +: 4]), .count_o(s_n));
    vfadd_popcount #(.Width(2), .Weight(Stages)) u_d (.x_i(d_act[2*g +: 2]), .count_o(d_n));
    assign d_gran[g*GranW +: GranW] = (d_fmt == vfadd_pkg::FMT_D) ? GranW'(d_n) :
                                      (d_fmt == vfadd_pkg::FMT_S) ? GranW'(s_n) : h_n;
  end

  logic [2:0] d_lg;  // ceil(log2(len + 1)), len + 1 = VL / 128
  always_comb begin
    d_lg = '0;
    for (int unsigned i = 0; i < 4; i++) begin
      if ((32'd1 << i) < 32'(d_len) + 1) begin
        d_lg = 3'(i + 1);
      end
    end
    // VL / 128 elements of 128 bits, each 128 / esize elements: H 8, S 4, D 2.
    d_tree_depth = d_lg + ((d_fmt == vfadd_pkg::FMT_H) ? 3'd3 :
                           (d_fmt == vfadd_pkg::FMT_S) ? 3'd2 : 3'd1);
  end

  // Cycles from the issue (inclusive) to the response register loading the result (FADDA: the
  // fewest it can take).
  logic [DBits-1:0] d_cycles;
  always_comb begin
    if (d_faddv) begin
      d_cycles = DBits'(d_tree_depth) * DBits'(Stages) + 1'b1;
    end else if (d_fadda) begin
      d_cycles = d_fadda_any ? DBits'(Stages + 2) : DBits'(2);
    end else begin
      d_cycles = DBits'(Stages + 1);
    end
  end

  // ---- operand routing, on the request ----------------------------------------------------------
  // The lanes' operands are chosen here (vfadd_route) and held in the input register, so that the
  // lanes' first stage starts from flip-flops (Zdn is held too, for the merge and FADDA's scalar).
  logic [VecW-1:0] d_op1, d_op2;
  vfadd_route #(.VecW(VecW)) u_route (
    .op_i(d_op), .fmt_i(d_fmt), .imm_one_i(d_imm_one), .pg_active_i(d_pg_active),
    .a_i(req_a_i), .b_i(req_b_i), .op1_o(d_op1), .op2_o(d_op2)
  );

  // ---- input register --------------------------------------------------------------------------
  localparam int unsigned InW = vfadd_pkg::FMT_BITS + 7 + LBits + DBits + Gran * GranW
                                + 3 * NSlot + FpcrB + 3 * VecW + TagW;
  logic                          r0_valid, issue, req_fire;
  vfadd_pkg::fmt_t               fmt;
  logic                          undef, is_faddv, is_fadda, is_vec, sub, unused_pred, fadda_any;
  logic [LBits-1:0]              tree_depth;
  logic [DBits-1:0]              issue_cycles, rem_q, rem_d;
  logic [Gran*GranW-1:0]         gran;
  logic [NSlot-1:0]              in_vl, active, first;
  vfadd_pkg::fpcr_t              r0_fpcr;
  logic [VecW-1:0]               r0_op1, r0_op2, r0_a;
  logic [TagW-1:0]               r0_tag;

  assign req_ready_o = !r0_valid || issue;
  assign req_fire    = req_valid_i && req_ready_o;
  vfadd_pipe_reg #(.Width(InW), .Depth(1)) u_in_reg (
    .clk_i, .rst_ni, .stall_i(!(req_fire || issue)), .valid_i(req_fire),
    .data_i({d_fmt, d_undef, d_pred, d_faddv, d_fadda, d_vec, d_sub, d_tree_depth, d_cycles,
             d_fadda_any, d_gran, d_in_vl, d_active, d_first, req_fpcr, d_op1, d_op2, req_a_i,
             req_tag_i}),
    .valid_o(r0_valid),
    .data_o({fmt, undef, unused_pred, is_faddv, is_fadda, is_vec, sub, tree_depth, issue_cycles,
             fadda_any, gran, in_vl, active, first, r0_fpcr, r0_op1, r0_op2, r0_a, r0_tag})
  );

  logic fadda_busy, fadda_sum_q;
  assign issue = r0_valid && advance && !fadda_sum_q && issue_cycles > rem_q &&
                 !(is_fadda && fadda_busy);

  // rem_q: cycles of advance until the latest issued operation's result loads the response
  // register; a new one must come strictly later. An operation's issue sets it from issue_cycles,
  // a FADDA's from the fewest cycles it can take. A FADDA with active elements takes exactly
  // NumStages * k + 2, summed over two cycles so that neither pays for a sum across the vector:
  // as it issues, the counts of each half of its granules (fadda_half_q); in the next cycle of
  // advance (fadda_sum_q), their sum, which is what rem_q then becomes. Nothing issues in that
  // cycle: until the sum is known, a later operation could overtake the FADDA.
  localparam int unsigned GranLo = (Gran + 1) / 2;  // granules 0 .. GranLo - 1; the rest
  localparam int unsigned GranHi = Gran - GranLo;
  localparam int unsigned LoW    = $clog2(GranLo * 8 * Stages + 1);  // each half's sum
  localparam int unsigned HiW    = (GranHi > 0) ? $clog2(GranHi * 8 * Stages + 1) : 1;
  logic [LoW-1:0]     half_lo;
  logic [HiW-1:0]     half_hi;
  logic [LoW+HiW-1:0] fadda_half_q;
  vfadd_sum_tree #(.Count(GranLo), .InW(GranW), .MaxIn(8 * Stages)) u_fadda_lo (
    .x_i(gran[0 +: GranLo*GranW]), .sum_o(half_lo)
  );
  if (GranHi > 0) begin : gen_fadda_hi
    vfadd_sum_tree #(.Count(GranHi), .InW(GranW), .MaxIn(8 * Stages)) u_fadda_hi (
      .x_i(gran[GranLo*GranW +: GranHi*GranW]), .sum_o(half_hi)
    );
  end else begin : gen_no_fadda_hi
    assign half_hi = '0;
  end
  assign rem_d = issue       ? issue_cycles - 1'b1 :
                 fadda_sum_q ? DBits'(fadda_half_q[LoW +: HiW]) + DBits'(fadda_half_q[0 +: LoW]) :
                 (rem_q != '0) ? rem_q - 1'b1 : '0;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rem_q        <= '0;
      fadda_sum_q  <= 1'b0;
      fadda_half_q <= '0;
    end else if (advance) begin
      rem_q        <= rem_d;
      fadda_sum_q  <= issue && is_fadda && fadda_any;
      if (issue && is_fadda) begin
        fadda_half_q <= {half_hi, half_lo};
      end
    end
  end

  // ---- the vector lanes (every vector operation, FADDV level 1) ---------------------------------
  logic                      lanes_valid;
  logic [VecW-1:0]           lanes_result, lanes_d, lanes_s, lanes_h;
  logic [NumLanes*LaneFlagW-1:0] lanes_flags;
  vfadd_lane_array #(.NumLanes(NumLanes), .NumStages(Stages)) u_lanes (
    .clk_i, .rst_ni, .stall_i(!advance), .valid_i(issue && (is_vec || is_faddv)), .fmt_i(fmt),
    .sub_i(sub && is_vec), .fpcr_i(r0_fpcr), .op1_i(r0_op1), .op2_i(r0_op2), .valid_o(lanes_valid),
    .result_o(lanes_result), .flags_o(lanes_flags), .d_result_o(lanes_d), .s_result_o(lanes_s),
    .h_result_o(lanes_h)
  );

  // What the lanes' results need at their exit: the operation's state (a narrow pipe, which the
  // assertions sample) and the merge inputs (a wide one, loaded for vector operations only).
  localparam int unsigned CtlW  = 2 + LBits + vfadd_pkg::FMT_BITS + FpcrB + TagW;
  localparam int unsigned MergeW = 2 * NSlot + VecW;
  logic                 m_valid, m_faddv, m_undef, unused_merge_valid;
  logic [LBits-1:0]     m_depth;
  vfadd_pkg::fmt_t      m_fmt;
  vfadd_pkg::fpcr_t     m_fpcr;
  logic [TagW-1:0]      m_tag;
  logic [NSlot-1:0]     m_active, m_in_vl;
  logic [VecW-1:0]      m_a;
  vfadd_pipe_reg #(.Width(CtlW), .Depth(Stages)) u_lanes_ctl (
    .clk_i, .rst_ni, .stall_i(!advance), .valid_i(issue && !is_fadda),
    .data_i({is_faddv, undef, tree_depth, fmt, r0_fpcr, r0_tag}),
    .valid_o(m_valid), .data_o({m_faddv, m_undef, m_depth, m_fmt, m_fpcr, m_tag})
  );
  vfadd_pipe_reg #(.Width(MergeW), .Depth(Stages)) u_lanes_merge (
    .clk_i, .rst_ni, .stall_i(!advance), .valid_i(issue && is_vec),
    .data_i({active, in_vl, r0_a}),
    .valid_o(unused_merge_valid), .data_o({m_active, m_in_vl, m_a})
  );

  // Merge (section 6.0) and the flags of the vector operations and of FADDV's level 1.
  vfadd_pkg::fpsr_flags_t vec_flags, all_flags;
  logic [VecW-1:0]        merged;
  vfadd_merge #(.VecW(VecW)) u_merge (
    .fmt_i(m_fmt), .active_i(m_active), .in_vl_i(m_in_vl), .a_i(m_a), .sum_i(lanes_result),
    .flags_i(lanes_flags), .result_o(merged), .vec_flags_o(vec_flags), .all_flags_o(all_flags)
  );

  logic                   main_exit;
  logic [VecW-1:0]        main_result;
  vfadd_pkg::fpsr_flags_t main_flags;
  logic [63:0]            main_scalar;  // FADDV after level 1: element 0
  assign main_scalar = lanes_result[63:0] & vfadd_pkg::width_mask(m_fmt);
  assign main_exit   = m_valid && (!m_faddv || m_depth == LBits'(1));
  assign main_result = m_undef ? '0 :
                       m_faddv ? VecW'(main_scalar) : merged;
  assign main_flags  = m_undef ? '0 : m_faddv ? all_flags : vec_flags;

  // ---- FADDV levels 2 .. Levels ----------------------------------------------------------------
  // Level k holds P2 >> k result bits of each format (each format's adders before their format
  // select; level 1: the lanes'), packed in lv_d/lv_s/lv_h at LvAt(k) = P2 - (P2 >> (k - 1));
  // level k's element 0 in its operation's format is lv_res0[k*64 +: 64].
  localparam int unsigned MetaW = LBits + TagW;
  logic [Levels:0]            lv_valid;
  logic [(Levels+1)*vfadd_pkg::FMT_BITS-1:0] lv_fmt;
  logic [(Levels+1)*FpcrB-1:0] lv_fpcr;
  logic [(Levels+1)*FlagB-1:0] lv_flags;
  logic [(Levels+1)*MetaW-1:0] lv_meta;
  localparam int unsigned LvW = P2 - (P2 >> Levels);  // levels 1 .. Levels packed
  logic [LvW-1:0]             lv_d, lv_s, lv_h;
  logic [(Levels+1)*64-1:0]    lv_res0;
  logic [Levels:0]            lv_exit;

  assign lv_valid[0] = 1'b0;  // level 0 does not exist
  assign lv_fmt[0 +: vfadd_pkg::FMT_BITS] = '0;
  assign lv_fpcr[0 +: FpcrB] = '0;
  assign lv_flags[0 +: FlagB] = '0;
  assign lv_meta[0 +: MetaW] = '0;
  assign lv_res0[0 +: 64] = '0;
  assign lv_exit[0] = 1'b0;
  assign lv_exit[1] = 1'b0;   // level 1 leaves through main_exit
  assign lv_valid[1] = m_valid && m_faddv;
  assign lv_fmt[vfadd_pkg::FMT_BITS +: vfadd_pkg::FMT_BITS] = m_fmt;
  assign lv_fpcr[FpcrB +: FpcrB] = m_fpcr;
  assign lv_flags[FlagB +: FlagB] = all_flags;
  assign lv_meta[MetaW +: MetaW] = {m_depth, m_tag};
  assign lv_d[0 +: W1] = lanes_d[W1-1:0];  // LvAt(1) = 0
  assign lv_s[0 +: W1] = lanes_s[W1-1:0];
  assign lv_h[0 +: W1] = lanes_h[W1-1:0];
  assign lv_res0[64 +: 64] = '0;  // level 1 leaves through main_exit

  for (genvar k = 2; k <= Levels; k++) begin : gen_level
    localparam int unsigned OutW = P2 >> k;
    localparam int unsigned InAt = P2 - (P2 >> (k - 2));   // LvAt(k - 1)
    localparam int unsigned OutAt = P2 - (P2 >> (k - 1));  // LvAt(k)
    logic [LBits-1:0] prev_depth, depth;
    vfadd_pkg::fmt_t fmt_o;
    vfadd_pkg::fpcr_t fpcr_o;
    vfadd_pkg::fpsr_flags_t flags_o;
    assign prev_depth = lv_meta[(k-1)*MetaW + TagW +: LBits];
    vfadd_faddv_level #(.OutW(OutW), .NumStages(Stages), .MetaW(MetaW)) u_level (
      .clk_i, .rst_ni, .stall_i(!advance),
      .valid_i(lv_valid[k-1] && prev_depth >= LBits'(k)),
      .fmt_i(lv_fmt[(k-1)*vfadd_pkg::FMT_BITS +: vfadd_pkg::FMT_BITS]),
      .fpcr_i(lv_fpcr[(k-1)*FpcrB +: FpcrB]),
      .flags_i(lv_flags[(k-1)*FlagB +: FlagB]),
      .meta_i(lv_meta[(k-1)*MetaW +: MetaW]),
      .x_d_i(lv_d[InAt +: 2*OutW]), .x_s_i(lv_s[InAt +: 2*OutW]), .x_h_i(lv_h[InAt +: 2*OutW]),
      .valid_o(lv_valid[k]), .fmt_o, .fpcr_o, .flags_o,
      .meta_o(lv_meta[k*MetaW +: MetaW]), .sum_d_o(lv_d[OutAt +: OutW]),
      .sum_s_o(lv_s[OutAt +: OutW]), .sum_h_o(lv_h[OutAt +: OutW]), .res0_o(lv_res0[k*64 +: 64])
    );
    assign lv_fmt[k*vfadd_pkg::FMT_BITS +: vfadd_pkg::FMT_BITS] = fmt_o;
    assign lv_fpcr[k*FpcrB +: FpcrB] = fpcr_o;
    assign lv_flags[k*FlagB +: FlagB] = flags_o;
    assign depth = lv_meta[k*MetaW + TagW +: LBits];
    assign lv_exit[k] = lv_valid[k] && depth == LBits'(k);
  end

  // Level 0 does not exist; the deepest level passes its format, FPCR and sums to no one (its
  // element 0 leaves through lv_res0); level 1's element 0 leaves through main_exit, and only
  // its lanes' low W1 bits are FADDV's (the tree of CeilPow2(VL) leaves).
  localparam int unsigned LastAt = P2 - (P2 >> (Levels - 1));  // LvAt(Levels)
  localparam int unsigned LastW  = P2 >> Levels;
  logic unused_levels;
  assign unused_levels = ^{lv_valid[0], lv_fpcr[0 +: FpcrB], lv_fpcr[Levels*FpcrB +: FpcrB],
                           lv_fmt[0 +: vfadd_pkg::FMT_BITS],
                           lv_fmt[Levels*vfadd_pkg::FMT_BITS +: vfadd_pkg::FMT_BITS],
                           lv_res0[0 +: 128], lv_d[LastAt +: LastW], lv_s[LastAt +: LastW],
                           lv_h[LastAt +: LastW], lanes_d[VecW-1:W1], lanes_s[VecW-1:W1],
                           lanes_h[VecW-1:W1]};

  logic                   tree_exit;
  logic [63:0]            tree_result;
  vfadd_pkg::fpsr_flags_t tree_flags;
  logic [TagW-1:0]        tree_tag;
  always_comb begin
    tree_result = '0;
    tree_flags  = '0;
    tree_tag    = '0;
    for (int unsigned k = 2; k <= Levels; k++) begin
      if (lv_exit[k]) begin
        tree_result = tree_result | lv_res0[k*64 +: 64];
        tree_flags  = tree_flags | lv_flags[k*FlagB +: FlagB];
        tree_tag    = tree_tag | lv_meta[k*MetaW +: TagW];
      end
    end
  end
  assign tree_exit = |lv_exit;

  // ---- FADDA --------------------------------------------------------------------------------------
  logic                   fadda_done;
  logic [63:0]            fadda_result;
  vfadd_pkg::fpsr_flags_t fadda_flags;
  logic [TagW-1:0]        fadda_tag;
  vfadd_fadda #(.MaxVecLenBits(VecW), .NumStages(Stages), .MetaW(TagW)) u_fadda (
    .clk_i, .rst_ni, .stall_i(!advance), .start_i(issue && is_fadda), .fmt_i(fmt),
    .fpcr_i(r0_fpcr), .acc_i(r0_a[63:0] & vfadd_pkg::width_mask(fmt)), .first_i(first),
    .vec_i(r0_op2), .meta_i(r0_tag), .busy_o(fadda_busy), .done_o(fadda_done),
    .result_o(fadda_result), .flags_o(fadda_flags), .meta_o(fadda_tag)
  );

  // ---- response register ---------------------------------------------------------------------
  logic                   any_exit;
  logic [VecW-1:0]        out_result;
  vfadd_pkg::fpsr_flags_t out_flags;
  logic [TagW-1:0]        out_tag;
  assign any_exit   = main_exit || tree_exit || fadda_done;
  assign out_result = ({VecW{main_exit}} & main_result) |
                      ({VecW{tree_exit}} & VecW'(tree_result)) |
                      ({VecW{fadda_done}} & VecW'(fadda_result));
  assign out_flags  = ({FlagB{main_exit}} & main_flags) | ({FlagB{tree_exit}} & tree_flags) |
                      ({FlagB{fadda_done}} & fadda_flags);
  assign out_tag    = ({TagW{main_exit}} & m_tag) | ({TagW{tree_exit}} & tree_tag) |
                      ({TagW{fadda_done}} & fadda_tag);

  logic                   rsp_undef_q;
  logic [VecW-1:0]        rsp_result_q;
  vfadd_pkg::fpsr_flags_t rsp_flags_q;
  logic [TagW-1:0]        rsp_tag_q;
  vfadd_pipe_reg #(.Width(1 + VecW + FlagB + TagW), .Depth(1)) u_rsp_reg (
    .clk_i, .rst_ni, .stall_i(!advance), .valid_i(any_exit),
    .data_i({main_exit && m_undef, out_result, out_flags, out_tag}),
    .valid_o(rsp_valid_q), .data_o({rsp_undef_q, rsp_result_q, rsp_flags_q, rsp_tag_q})
  );

  assign rsp_valid_o  = rsp_valid_q;
  assign rsp_result_o = rsp_result_q;
  assign rsp_fpsr_o   = {24'd0, rsp_flags_q.idc, 2'd0, rsp_flags_q.ixc, rsp_flags_q.ufc,
                         rsp_flags_q.ofc, 1'b0, rsp_flags_q.ioc};
  assign rsp_tag_o    = rsp_tag_q;
  assign rsp_undef_o  = rsp_undef_q;

  // ---- assertions ------------------------------------------------------------------------------
  `VFADD_ASSERT(OneExit_A, $onehot0({main_exit, tree_exit, fadda_done}), clk_i, rst_ni)
  `VFADD_ASSERT(OneTreeExit_A, $onehot0(lv_exit), clk_i, rst_ni)
  `VFADD_ASSERT(LanesInStep_A, lanes_valid == (m_valid && !m_undef), clk_i, rst_ni)

  // The handshake rules of the interface (vfadd_top_checker), in simulation only. At most
  // NSlot * Stages + 4 requests are in flight: one in the input register, one in the response
  // register, and the issued ones between, which leave at distinct times within the longest
  // issue time (an FP16 FADDA with every element active: NSlot * Stages + 2 cycles).
`ifndef SYNTHESIS
  vfadd_top_checker #(.VecW(VecW), .TagW(TagW), .MaxInFlight(NSlot * Stages + 4)) u_checker (
    .clk_i, .rst_ni, .req_valid_i, .req_ready_o, .req_raw_i, .req_insn_i, .req_op_i, .req_fmt_i,
    .req_imm_one_i, .req_len_i, .req_fpcr_i, .req_pg_i, .req_a_i, .req_b_i, .req_tag_i,
    .rsp_valid_o, .rsp_ready_i, .rsp_result_o, .rsp_fpsr_o, .rsp_tag_o, .rsp_undef_o
  );
`endif

endmodule
