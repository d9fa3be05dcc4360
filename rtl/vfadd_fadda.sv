// SPDX-License-Identifier: Apache-2.0
// vfadd_fadda: the strictly ordered accumulation of FADDA (section 6.6 of
// docs/semantics.md): acc = FPAdd(acc, Zm[e]) for the active e in ascending
// order, acc the op1 of each addition.
//
// One element adder per format (vfadd_fmt_add, NumStages deep). Inactive elements are skipped:
// the next active element is picked (one-hot, lowest remaining) a cycle ahead into op2_q, so the
// wide pick and select do not lengthen the adder's first stage, and fed the cycle the previous
// sum leaves its adder, so k active elements take k * NumStages cycles.
// Timing, counted in cycles that are not stalled: start_i loads the unit; from the next cycle
// it issues one addition every NumStages cycles; done_o is high in cycle 1 + k * NumStages after
// the start (cycle 1 when no element is active: the result is the scalar itself, no flags).
// busy_o is high from the cycle after start_i up to and including the done_o cycle; start_i
// must not be raised while busy_o is. stall_i holds everything.
`include "vfadd_assert.svh"

module vfadd_fadda #(
  parameter int unsigned MaxVecLenBits = 512,  // vector bits, 128 .. 2048, a multiple of 128
  parameter int unsigned NumStages     = 1,    // adder latency, 1 .. 6
  parameter int unsigned MetaW         = 1,    // bits of meta_i (the tag), >= 1
  localparam int unsigned NSlot = MaxVecLenBits / 16
) (
  input  logic                   clk_i,     // clock
  input  logic                   rst_ni,    // async reset, active low
  input  logic                   stall_i,   // 1: hold every stage
  input  logic                   start_i,   // load an operation (only while !busy_o)
  input  vfadd_pkg::fmt_t        fmt_i,     // element format
  input  vfadd_pkg::fpcr_t       fpcr_i,    // FPCR fields
  input  logic [63:0]            acc_i,     // the scalar Vdn (low fp_width(fmt) bits used)
  input  logic [NSlot-1:0]       first_i,   // bit s: an active element starts at 16-bit slot s
  input  logic [MaxVecLenBits-1:0] vec_i,   // Zm
  input  logic [MetaW-1:0]       meta_i,    // carried to meta_o
  output logic                   busy_o,    // an operation is in the unit
  output logic                   done_o,    // result_o, flags_o and meta_o are valid
  output logic [63:0]            result_o,  // the accumulated scalar, zero above its width
  output vfadd_pkg::fpsr_flags_t flags_o,   // flags of the additions performed
  output logic [MetaW-1:0]       meta_o     // meta_i of the operation
);

  // ---- state (control flops reset; operands loaded on start_i) ---------------------------------
  logic                   busy_q, busy_d, fresh_q, fresh_d, have_q, have_d;
  logic [NSlot-1:0]       mask_q, mask_d;    // active elements neither in op2_q nor added
  logic [63:0]            op2_q, op2_d;      // the next element to add (when have_q)
  logic [MaxVecLenBits-1:0] vec_q;
  vfadd_pkg::fmt_t        fmt_q;
  vfadd_pkg::fpcr_t       fpcr_q;
  logic [63:0]            acc_q, acc_d;
  vfadd_pkg::fpsr_flags_t flags_q, flags_d;
  logic [MetaW-1:0]       meta_q;

  // ---- the adders --------------------------------------------------------------------------------
  logic        add_issue, add_done;
  logic [63:0] add_op2, add_result;
  vfadd_pkg::fpsr_flags_t add_flags;
  logic [2:0]  fmt_done;
  logic [63:0] d_result;
  logic [31:0] s_result;
  logic [15:0] h_result;
  vfadd_pkg::fpsr_flags_t d_flags, s_flags, h_flags;

  // Each adder's op1 is its own previous sum or the accumulator (one mux, selected by its own
  // valid output, a flip-flop): the same value as `cur` below, since only the adder of fmt_q has
  // an addition in flight, without the select among the three results in front of the adder.
  logic [63:0] d_op1;
  logic [31:0] s_op1;
  logic [15:0] h_op1;
  assign d_op1 = fmt_done[0] ? d_result : acc_q;
  assign s_op1 = fmt_done[1] ? s_result : acc_q[31:0];
  assign h_op1 = fmt_done[2] ? h_result : acc_q[15:0];
  vfadd_fmt_add #(.Fmt(vfadd_pkg::FMT_D), .NumStages(NumStages)) u_add_d (
    .clk_i, .rst_ni, .stall_i, .valid_i(add_issue && fmt_q == vfadd_pkg::FMT_D),
    .op1_i(d_op1), .op2_i(add_op2), .sub_i(1'b0), .fpcr_i(fpcr_q),
    .valid_o(fmt_done[0]), .result_o(d_result), .flags_o(d_flags)
  );
  vfadd_fmt_add #(.Fmt(vfadd_pkg::FMT_S), .NumStages(NumStages)) u_add_s (
    .clk_i, .rst_ni, .stall_i, .valid_i(add_issue && fmt_q == vfadd_pkg::FMT_S),
    .op1_i(s_op1), .op2_i(add_op2[31:0]), .sub_i(1'b0), .fpcr_i(fpcr_q),
    .valid_o(fmt_done[1]), .result_o(s_result), .flags_o(s_flags)
  );
  vfadd_fmt_add #(.Fmt(vfadd_pkg::FMT_H), .NumStages(NumStages)) u_add_h (
    .clk_i, .rst_ni, .stall_i, .valid_i(add_issue && fmt_q == vfadd_pkg::FMT_H),
    .op1_i(h_op1), .op2_i(add_op2[15:0]), .sub_i(1'b0), .fpcr_i(fpcr_q),
    .valid_o(fmt_done[2]), .result_o(h_result), .flags_o(h_flags)
  );
  assign add_done   = |fmt_done;
  assign add_result = fmt_done[0] ? d_result : fmt_done[1] ? {32'd0, s_result} :
                      {48'd0, h_result};
  assign add_flags  = fmt_done[0] ? d_flags : fmt_done[1] ? s_flags : h_flags;

  // ---- the next active element: lowest set bit of a mask, and the 64 bits at its slot ----------
  // From first_i and vec_i while idle (start_i loads it), from the remaining mask and vec_q while
  // busy (each step loads it); the select is busy_q, a flop. Each of the 64 result bits is one
  // balanced OR over the slots (a reduction, not a chain of ORs).
  logic [NSlot-1:0]          pick_mask, pick, rest;
  logic [MaxVecLenBits-1:0]  pick_vec;
  logic [MaxVecLenBits+47:0] vec_pad;  // with 48 zero bits above, so every slot has 64 bits
  logic [63:0]               picked;
  logic [NSlot-1:0]          column;
  assign pick_mask = busy_q ? mask_q : first_i;
  assign pick_vec  = busy_q ? vec_q : vec_i;
  assign vec_pad   = {48'd0, pick_vec};
  assign pick      = pick_mask & (~pick_mask + 1'b1);
  assign rest      = pick_mask & ~pick;
  always_comb begin
    column = '0;
    for (int unsigned j = 0; j < 64; j++) begin
      for (int unsigned s = 0; s < NSlot; s++) begin
        column[s] = vec_pad[s*16 + j];
      end
      picked[j] = |(pick & column);
    end
  end
  assign add_op2 = op2_q;

  // ---- the step: the cycle after the start, and each cycle a sum leaves the adder ----------------
  logic       step;
  logic [63:0] cur, width_mask;
  vfadd_pkg::fpsr_flags_t cur_flags;

  assign width_mask = vfadd_pkg::width_mask(fmt_q);
  assign step      = busy_q && (fresh_q || add_done);
  assign cur       = add_done ? add_result : acc_q;
  assign cur_flags = add_done ? (flags_q | add_flags) : flags_q;
  assign add_issue = step && have_q;
  // op2 is cut to the format's width by the narrow adders' port widths; the D adder needs it whole.

  assign done_o   = step && !have_q;
  assign result_o = cur & width_mask;
  assign flags_o  = cur_flags;
  assign meta_o   = meta_q;
  assign busy_o   = busy_q;

  always_comb begin
    busy_d  = busy_q;
    fresh_d = 1'b0;
    have_d  = have_q;
    mask_d  = mask_q;
    op2_d   = op2_q;
    acc_d   = acc_q;
    flags_d = flags_q;
    if (start_i) begin
      busy_d  = 1'b1;
      fresh_d = 1'b1;
      have_d  = first_i != '0;
      mask_d  = rest;
      op2_d   = picked;
      acc_d   = acc_i;
      flags_d = '0;
    end else if (busy_q) begin
      if (add_done) begin
        acc_d   = add_result;
        flags_d = cur_flags;
      end
      if (step) begin
        have_d = mask_q != '0;
        mask_d = rest;
        op2_d  = picked;
      end
      if (done_o) begin
        busy_d = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q  <= 1'b0;
      fresh_q <= 1'b0;
      have_q  <= 1'b0;
      mask_q  <= '0;
    end else if (!stall_i) begin
      busy_q  <= busy_d;
      fresh_q <= fresh_d;
      have_q  <= have_d;
      mask_q  <= mask_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!stall_i) begin
      acc_q   <= acc_d;
      flags_q <= flags_d;
      op2_q   <= op2_d;
    end
    if (!stall_i && start_i) begin
      vec_q  <= vec_i;
      fmt_q  <= fmt_i;
      fpcr_q <= fpcr_i;
      meta_q <= meta_i;
    end
  end

  `VFADD_ASSERT(NoStartWhileBusy_A, start_i |-> !busy_q, clk_i, rst_ni)
  `VFADD_ASSERT(OneAdderDone_A, $onehot0(fmt_done), clk_i, rst_ni)
  `VFADD_ASSERT(DoneOnlyWhenBusy_A, add_done |-> busy_q, clk_i, rst_ni)

endmodule
