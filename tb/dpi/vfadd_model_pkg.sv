// SPDX-License-Identifier: Apache-2.0
// vfadd_model_pkg: the vfadd golden model (model/, C++) in SystemVerilog through DPI-C, for any
// testbench that checks an SVE FP add unit. The C side is tb/dpi/vfadd_dpi.cc (link it and the
// model library vfadd_model with the simulation); tb/dpi/README.md shows the use.
//
// Vectors are packed bit vectors of the architecture's largest length, MAX_VL = 2048 bits (Z
// registers; a predicate is MAX_VL / 8 bits, bit i governing byte i), bit 0 first, whatever VL
// the case has: the model reads the bits that matter for (op, fmt, vl) and ignores the rest,
// exactly as the registers of the instruction are read (bits at and above VL, Zm of the
// immediate forms, the predicate of the unpredicated forms, Zdn of FADDV, FADDA's Vdn above its
// scalar). Results are zero-extended to MAX_VL bits: a vector result is 0 at and above VL, a
// scalar (FADDA, FADDV) is 0 above its element.
//
// Codes: op is the trace format's and vfadd_pkg::op_e's numbering (OP_FADD = 0 .. OP_FADDV =
// 10), fmt the SVE size field (FMT_H = 1, FMT_S = 2, FMT_D = 3), fpcr and fpsr the Arm registers
// (FPCR: RMode 23:22, FZ 24, DN 25, FZ16 19; FPSR: IOC 0, DZC 1, OFC 2, UFC 3, IXC 4, IDC 7).
// Every function returns a status: STATUS_OK, STATUS_UNDEF (the request is not an operation: an
// op code above OP_FADDV, a format of 0, an instruction word outside the family's arithmetic
// forms; the result is 0 and no flag is raised) or a negative STATUS_BAD_* for an argument no
// instruction can have (nothing is computed: the outputs are 0). None aborts the simulation.
//
// This file is a package only (no module), so that it can sit beside any design's sources; its
// names are qualified (vfadd_model_pkg::fp_add) or imported, as the testbench prefers.
package vfadd_model_pkg;

  // A testbench uses some of the codes below; Verilator's -Wall would flag the rest in every
  // design that imports the package (the waiver is here, not in sim/vfadd.vlt, so that it
  // travels with the package).
  /* verilator lint_off UNUSEDPARAM */

  localparam int unsigned MAX_VL = 2048;       // bits of a vector argument
  localparam int unsigned MAX_PRED = MAX_VL / 8;  // bits of a predicate argument

  // Operation codes (vfadd_pkg::op_e, the trace format's op field in its order).
  localparam int unsigned OP_FADD    = 0;   // FADD Zdn.T, Pg/M, Zdn.T, Zm.T
  localparam int unsigned OP_FADD_U  = 1;   // FADD Zd.T, Zn.T, Zm.T
  localparam int unsigned OP_FADD_I  = 2;   // FADD Zdn.T, Pg/M, Zdn.T, #imm
  localparam int unsigned OP_FSUB    = 3;   // FSUB Zdn.T, Pg/M, Zdn.T, Zm.T
  localparam int unsigned OP_FSUB_U  = 4;   // FSUB Zd.T, Zn.T, Zm.T
  localparam int unsigned OP_FSUB_I  = 5;   // FSUB Zdn.T, Pg/M, Zdn.T, #imm
  localparam int unsigned OP_FSUBR   = 6;   // FSUBR Zdn.T, Pg/M, Zdn.T, Zm.T
  localparam int unsigned OP_FSUBR_I = 7;   // FSUBR Zdn.T, Pg/M, Zdn.T, #imm
  localparam int unsigned OP_FADDP   = 8;   // FADDP Zdn.T, Pg/M, Zdn.T, Zm.T
  localparam int unsigned OP_FADDA   = 9;   // FADDA Vdn, Pg, Vdn, Zm.T
  localparam int unsigned OP_FADDV   = 10;  // FADDV Vd, Pg, Zn.T
  localparam int unsigned NUM_OPS    = 11;

  // Formats (the SVE size field).
  localparam int unsigned FMT_H = 1;  // FP16
  localparam int unsigned FMT_S = 2;  // FP32
  localparam int unsigned FMT_D = 3;  // FP64

  // Return codes of every function below.
  localparam int STATUS_OK      = 0;   // computed
  localparam int STATUS_UNDEF   = 1;   // not an operation: result 0, no flags
  localparam int STATUS_BAD_VL  = -1;  // vl is not a multiple of 128 from 128 to 2048
  localparam int STATUS_BAD_FMT = -2;  // fmt is not FMT_H, FMT_S or FMT_D (fp_add, describe)
  localparam int STATUS_BAD_ARG = -3;  // another argument out of range (encode: op, register)
  /* verilator lint_on UNUSEDPARAM */

  // ---- instructions ----------------------------------------------------------------------------
  // One instruction of the add family on vectors of vl bits: op, fmt and imm_one (immediate
  // forms: 1 #1.0, 0 #0.5) as the fields of a trace line, FPCR fpcr, predicate pg, operands a
  // (Zdn; Zn of the _u forms; FADDA: the scalar Vdn in its low esize bits; FADDV: unused) and
  // b (Zm; FADDV: Zn; immediate forms: unused). res and fpsr: the destination and the flags
  // the instruction raises. STATUS_OK, STATUS_UNDEF (op >= NUM_OPS or fmt not 1 .. 3) or
  // STATUS_BAD_VL.
  import "DPI-C" function int vfadd_model_execute(
    input int unsigned op, fmt, input bit imm_one, input int unsigned vl, fpcr,
    input bit [MAX_PRED-1:0] pg, input bit [MAX_VL-1:0] a, b,
    output bit [MAX_VL-1:0] res, output int unsigned fpsr);

  // Decodes a 32-bit A64 instruction word: STATUS_OK with op, fmt, imm_one of an arithmetic
  // form of the family; STATUS_UNDEF (op, fmt, imm_one 0) for any other word (UNDEFINED
  // encodings, MOVPRFX, other instructions). The word's register fields are not returned: the
  // operands are whatever the caller passes to vfadd_model_execute.
  import "DPI-C" function int vfadd_model_decode(
    input int unsigned insn, output int unsigned op, fmt, output bit imm_one);

  // The word of op on fmt with registers zd (Zd / Zdn / Vd / Vdn), zn (Zn of the _u forms and
  // FADDV), zm (Zm; FADDA's Zm) and pg (P0 .. P7; unused by the _u forms). STATUS_OK, or
  // STATUS_BAD_ARG (op >= NUM_OPS, fmt not 1 .. 3, a register out of range) with insn 0.
  import "DPI-C" function int vfadd_model_encode(
    input int unsigned op, fmt, input bit imm_one, input int unsigned zd, zn, zm, pg,
    output int unsigned insn);

  // ---- one scalar addition ---------------------------------------------------------------------
  // Arm FPAdd(op1, op2), or FPSub(op1, op2) when sub is 1, on fmt: res in the low esize bits
  // (0 above them), flags the FPSR bits it raises. Operand bits above esize are ignored.
  // STATUS_OK or STATUS_BAD_FMT.
  import "DPI-C" function int vfadd_model_fp_add(
    input int unsigned fmt, input bit sub, input longint unsigned op1, op2,
    input int unsigned fpcr, output longint unsigned res, output int unsigned flags);

  // ---- text for messages ---------------------------------------------------------------------
  // The value of an encoding: "1.5", "-0", "+inf", "qNaN:0x7fc00001", "0x1p-149 (subnormal)";
  // "bad format" for a format other than 1 .. 3.
  import "DPI-C" function string vfadd_model_describe_value(
    input int unsigned fmt, input longint unsigned bits);
  // FPSR flags by name: "IOC|IXC", "-" for none.
  import "DPI-C" function string vfadd_model_flag_names(input int unsigned fpsr);
  // GNU syntax of a word: "fadd z1.s, p2/m, z1.s, z3.s"; "undefined" or "other".
  import "DPI-C" function string vfadd_model_disassemble(input int unsigned insn);
  // The checked trace line (trace format v1) of the instruction with the model's result: one
  // line that `vfadd check` and `vfadd run` read.
  // "" when the arguments are not an operation (vfadd_model_execute's status is not OK).
  import "DPI-C" function string vfadd_model_trace_line(
    input int unsigned op, fmt, input bit imm_one, input int unsigned vl, fpcr,
    input bit [MAX_PRED-1:0] pg, input bit [MAX_VL-1:0] a, b);
  // How an actual outcome (got_res, got_fpsr) differs from an expected one (want_res,
  // want_fpsr) for the instruction: one line per difference, joined by "\n" (element by element
  // with the operands of each, then the bits outside the elements, then the flags by name; the
  // form vfadd check prints); "" when they agree or the arguments are not an operation.
  import "DPI-C" function string vfadd_model_describe_difference(
    input int unsigned op, fmt, input bit imm_one, input int unsigned vl, fpcr,
    input bit [MAX_PRED-1:0] pg, input bit [MAX_VL-1:0] a, b,
    input bit [MAX_VL-1:0] want_res, input int unsigned want_fpsr,
    input bit [MAX_VL-1:0] got_res, input int unsigned got_fpsr);

endpackage
