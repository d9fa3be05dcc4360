// SPDX-License-Identifier: Apache-2.0
// vfadd_pkg: every piece of format knowledge, the FPCR control and FPSR flag views.
//
// Semantics: docs/semantics.md sections 1-5 (FPCR.AH = 0). Names mirror
// model/include/vfadd/fp.h (Fmt::kH/kS/kD, exp_bits, man_bits, bias, fp_width).
package vfadd_pkg;

  // ---------------------------------------------------------------------------------------------
  // Format codes: the SVE `size` field (bits 23:22), as in the model's enum class Fmt.
  localparam int unsigned FMT_BITS = 2;
  typedef logic [FMT_BITS-1:0] fmt_t;
  localparam fmt_t FMT_H = 2'd1;  // half precision, 16 bits
  localparam fmt_t FMT_S = 2'd2;  // single precision, 32 bits
  localparam fmt_t FMT_D = 2'd3;  // double precision, 64 bits

  // Width of the lane slice that carries one FP64, two FP32 or four FP16 elements.
  localparam int unsigned LANE_BITS = 64;
  // Element slots of a lane: the number of elements of the narrowest format.
  localparam int unsigned LANE_SLOTS = 4;

  // ---------------------------------------------------------------------------------------------
  // Rounding modes: FPCR.RMode (section 1.1).
  typedef enum logic [1:0] {
    RM_RN = 2'd0,  // to nearest, ties to even
    RM_RP = 2'd1,  // toward +infinity
    RM_RM = 2'd2,  // toward -infinity
    RM_RZ = 2'd3   // toward zero
  } rm_e;

  // The FPCR fields the add family uses (section 1.1); everything else has no effect.
  typedef struct packed {
    rm_e  rmode;  // FPCR[23:22]
    logic fz;     // FPCR[24]: flush-to-zero for single and double
    logic fz16;   // FPCR[19]: flush-to-zero for half
    logic dn;     // FPCR[25]: default-NaN mode
  } fpcr_t;

  // The FPSR cumulative flags one addition can raise (section 1.2; DZC is never raised).
  typedef struct packed {
    logic idc;  // FPSR[7]: input denormal flushed (S/D only)
    logic ixc;  // FPSR[4]: inexact
    logic ufc;  // FPSR[3]: underflow (output flushed)
    logic ofc;  // FPSR[2]: overflow
    logic ioc;  // FPSR[0]: invalid operation
  } fpsr_flags_t;

  localparam int unsigned FLAG_BITS = 5;  // $bits(fpsr_flags_t)
  localparam int unsigned FPCR_BITS = 5;  // $bits(fpcr_t) (Yosys 0.23 takes no $bits of a type)

  // ---------------------------------------------------------------------------------------------
  // Operations of the unit: the trace format's op names, in the order of the model's enum class
  // Op (model/include/vfadd/vector.h), so that a code means the same thing on both sides.
  localparam int unsigned OP_BITS = 4;
  typedef enum logic [OP_BITS-1:0] {
    OP_FADD    = 4'd0,   // FADD Zdn.T, Pg/M, Zdn.T, Zm.T
    OP_FADD_U  = 4'd1,   // FADD Zd.T, Zn.T, Zm.T
    OP_FADD_I  = 4'd2,   // FADD Zdn.T, Pg/M, Zdn.T, #imm
    OP_FSUB    = 4'd3,   // FSUB Zdn.T, Pg/M, Zdn.T, Zm.T
    OP_FSUB_U  = 4'd4,   // FSUB Zd.T, Zn.T, Zm.T
    OP_FSUB_I  = 4'd5,   // FSUB Zdn.T, Pg/M, Zdn.T, #imm
    OP_FSUBR   = 4'd6,   // FSUBR Zdn.T, Pg/M, Zdn.T, Zm.T
    OP_FSUBR_I = 4'd7,   // FSUBR Zdn.T, Pg/M, Zdn.T, #imm
    OP_FADDP   = 4'd8,   // FADDP Zdn.T, Pg/M, Zdn.T, Zm.T
    OP_FADDA   = 4'd9,   // FADDA Vdn, Pg, Vdn, Zm.T
    OP_FADDV   = 4'd10,  // FADDV Vd, Pg, Zn.T
    OP_NONE    = 4'd15   // not an operation (codes 11..15 are not operations)
  } op_e;

  // What an instruction word is (section 7), in the order of the model's enum class InsnKind
  // (model/include/vfadd/decode.h).
  typedef enum logic [2:0] {
    KIND_OTHER        = 3'd0,  // not in the family's encoding space
    KIND_UNDEFINED    = 3'd1,  // in the family's space but unallocated (size = 00, ...)
    KIND_ARITH        = 3'd2,  // one of the operations above
    KIND_MOVPRFX      = 3'd3,  // MOVPRFX Zd, Zn
    KIND_MOVPRFX_PRED = 3'd4   // MOVPRFX Zd.T, Pg/<Z|M>, Zn.T
  } insn_kind_e;

  // ---------------------------------------------------------------------------------------------
  // Format traits (constant functions; the only place where 5/8/11 and 10/23/52 appear).
  function automatic int unsigned fp_width(input fmt_t fmt);
    fp_width = (fmt == vfadd_pkg::FMT_H) ? 16 : (fmt == vfadd_pkg::FMT_S) ? 32 : 64;
  endfunction

  function automatic int unsigned exp_bits(input fmt_t fmt);
    exp_bits = (fmt == vfadd_pkg::FMT_H) ? 5 : (fmt == vfadd_pkg::FMT_S) ? 8 : 11;
  endfunction

  function automatic int unsigned man_bits(input fmt_t fmt);
    man_bits = (fmt == vfadd_pkg::FMT_H) ? 10 : (fmt == vfadd_pkg::FMT_S) ? 23 : 52;
  endfunction

  function automatic int unsigned bias(input fmt_t fmt);
    bias = (1 << (exp_bits(fmt) - 1)) - 1;
  endfunction

  // Elements of this format in one lane.
  function automatic int unsigned lane_elems(input fmt_t fmt);
    lane_elems = LANE_BITS / fp_width(fmt);
  endfunction

  // Flush-to-zero control of a format (section 2): FZ16 for half, FZ for single and double.
  function automatic logic fmt_flush(input fmt_t fmt, input logic fz, input logic fz16);
    fmt_flush = (fmt == vfadd_pkg::FMT_H) ? fz16 : fz;
  endfunction

  // Whether flushing a denormal input raises IDC (section 2: never for half precision).
  function automatic logic fmt_flush_idc(input fmt_t fmt);
    fmt_flush_idc = (fmt != vfadd_pkg::FMT_H);
  endfunction

  // The low fp_width(fmt) bits of a 64-bit word: a scalar result (FADDA, FADDV) zero-extended.
  function automatic logic [63:0] width_mask(input fmt_t fmt);
    width_mask = (fmt == vfadd_pkg::FMT_H) ? 64'h0000_0000_0000_ffff :
                 (fmt == vfadd_pkg::FMT_S) ? 64'h0000_0000_ffff_ffff : 64'hffff_ffff_ffff_ffff;
  endfunction

  // The immediate operand of FADD/FSUB/FSUBR (immediate), section 6.3: #1.0 (one = 1) or #0.5,
  // positive, in the low fp_width(fmt) bits.
  function automatic logic [63:0] imm_bits(input fmt_t fmt, input logic one);
    imm_bits = (64'(bias(fmt)) - {63'd0, !one}) << man_bits(fmt);
  endfunction

endpackage
