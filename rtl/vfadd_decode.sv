// SPDX-License-Identifier: Apache-2.0
// vfadd_decode: combinational decoder of the SVE FP add family and MOVPRFX (A64 words).
//
// Encodings: section 7 of docs/semantics.md (bit 31 first; ss = size 23:22,
// ggg = Pg 12:10, i = i1 bit 5, M = bit 16, mmmmm/nnnnn/ddddd = Zm/Zn/Zd(n)):
//
//   FADD  (vectors, pred)    01100101 ss 0 0 0000 100 ggg mmmmm ddddd
//   FSUB  (vectors, pred)    01100101 ss 0 0 0001 100 ggg mmmmm ddddd
//   FSUBR (vectors, pred)    01100101 ss 0 0 0011 100 ggg mmmmm ddddd
//   FADD  (vectors, unpred)  01100101 ss 0 mmmmm 000 000 nnnnn ddddd
//   FSUB  (vectors, unpred)  01100101 ss 0 mmmmm 000 001 nnnnn ddddd
//   FADD  (immediate)        01100101 ss 011 000 100 ggg 0000 i ddddd
//   FSUB  (immediate)        01100101 ss 011 001 100 ggg 0000 i ddddd
//   FSUBR (immediate)        01100101 ss 011 011 100 ggg 0000 i ddddd
//   FADDP (SVE2)             01100100 ss 010 000 100 ggg mmmmm ddddd
//   FADDA                    01100101 ss 011 000 001 ggg mmmmm ddddd
//   FADDV                    01100101 ss 000 000 001 ggg nnnnn ddddd
//   MOVPRFX (unpred)         00000100 00 1 00000 101111 nnnnn ddddd
//   MOVPRFX (pred)           00000100 ss 010 00M 001 ggg nnnnn ddddd
//
// The patterns are pairwise disjoint. Classification, exactly that of the golden model's
// vfadd::Decode (model/src/decode.cc), which defines every output for every word:
//   * an FP form with size = 01/10/11 (immediates: bits 9:6 = 0000) is KIND_ARITH;
//   * an FP form with size = 00, or an immediate form with bits 9:6 != 0000, is KIND_UNDEFINED
//     (BFADD/BFSUB need FEAT_SVE_B16B16, not implemented); only size_o is set;
//   * MOVPRFX (unpred) is KIND_MOVPRFX, MOVPRFX (pred) KIND_MOVPRFX_PRED with any size;
//   * every other word (FADDQV included) is KIND_OTHER with every output 0.
// Fields a form does not have are 0; op_o is OP_FADD (0) unless kind_o is KIND_ARITH.

module vfadd_decode (
  input  logic [31:0]           insn_i,     // A64 instruction word, any value
  output vfadd_pkg::insn_kind_e kind_o,     // KIND_OTHER .. KIND_MOVPRFX_PRED
  output vfadd_pkg::op_e        op_o,       // KIND_ARITH: OP_FADD .. OP_FADDV; else OP_FADD
  output logic [1:0]            size_o,     // bits 23:22 (ARITH, MOVPRFX_PRED, UNDEFINED), else 0
  output logic [4:0]            zd_o,       // Zd / Zdn / Vd / Vdn, bits 4:0
  output logic [4:0]            zn_o,       // Zn: _u forms, FADDV, MOVPRFX: bits 9:5
  output logic [4:0]            zm_o,       // Zm: pred vectors, FADDP, FADDA: 9:5; _u: 20:16
  output logic [2:0]            pg_o,       // Pg, bits 12:10 (P0-P7)
  output logic                  imm_one_o,  // immediate forms: bit 5 (1: #1.0, 0: #0.5)
  output logic                  merging_o   // MOVPRFX (pred): bit 16 (1: /m, 0: /z)
);

  // ---- field views ------------------------------------------------------------------------------
  logic [1:0] f_size;
  logic [4:0] f_z4_0, f_z9_5, f_z20_16;
  logic [2:0] f_pg;
  logic [3:0] f_imm_pad;  // bits 9:6 of the immediate forms, must be 0000
  logic       f_i1, f_m;
  assign f_size    = insn_i[23:22];
  assign f_z20_16  = insn_i[20:16];
  assign f_m       = insn_i[16];
  assign f_pg      = insn_i[12:10];
  assign f_z9_5    = insn_i[9:5];
  assign f_imm_pad = insn_i[9:6];
  assign f_i1      = insn_i[5];
  assign f_z4_0    = insn_i[4:0];

  // ---- pattern match (section 7 table; size, registers, Pg, i1, 9:6 and M left free) -----------
  // Operand layouts of the arithmetic forms:
  //   lay_pred    Pg, Zm = 9:5  (predicated vectors, FADDP, FADDA)
  //   lay_unpred  Zm = 20:16, Zn = 9:5
  //   lay_imm     Pg, i1 = 5    (bits 9:6 checked below)
  //   lay_reduce  Pg, Zn = 9:5  (FADDV)
  logic           hit_arith, hit_movprfx, hit_movprfx_pred;
  logic           lay_pred, lay_unpred, lay_imm, lay_reduce;
  vfadd_pkg::op_e form_op;

  always_comb begin
    hit_arith        = 1'b0;
    hit_movprfx      = 1'b0;
    hit_movprfx_pred = 1'b0;
    lay_pred         = 1'b0;
    lay_unpred       = 1'b0;
    lay_imm          = 1'b0;
    lay_reduce       = 1'b0;
    form_op          = vfadd_pkg::OP_FADD;
    unique casez (insn_i)
      // FADD (vectors, pred)    01100101 ss 0 0 0000 100 ggg mmmmm ddddd
      32'b01100101_??_0_0_0000_100_???_?????_?????: begin
        hit_arith = 1'b1;
        lay_pred  = 1'b1;
        form_op   = vfadd_pkg::OP_FADD;
      end
      // FSUB (vectors, pred)    01100101 ss 0 0 0001 100 ggg mmmmm ddddd
      32'b01100101_??_0_0_0001_100_???_?????_?????: begin
        hit_arith = 1'b1;
        lay_pred  = 1'b1;
        form_op   = vfadd_pkg::OP_FSUB;
      end
      // FSUBR (vectors, pred)   01100101 ss 0 0 0011 100 ggg mmmmm ddddd
      32'b01100101_??_0_0_0011_100_???_?????_?????: begin
        hit_arith = 1'b1;
        lay_pred  = 1'b1;
        form_op   = vfadd_pkg::OP_FSUBR;
      end
      // FADD (vectors, unpred)  01100101 ss 0 mmmmm 000 000 nnnnn ddddd
      32'b01100101_??_0_?????_000_000_?????_?????: begin
        hit_arith  = 1'b1;
        lay_unpred = 1'b1;
        form_op    = vfadd_pkg::OP_FADD_U;
      end
      // FSUB (vectors, unpred)  01100101 ss 0 mmmmm 000 001 nnnnn ddddd
      32'b01100101_??_0_?????_000_001_?????_?????: begin
        hit_arith  = 1'b1;
        lay_unpred = 1'b1;
        form_op    = vfadd_pkg::OP_FSUB_U;
      end
      // FADD (immediate)        01100101 ss 011 000 100 ggg 0000 i ddddd
      32'b01100101_??_011_000_100_???_????_?_?????: begin
        hit_arith = 1'b1;
        lay_imm   = 1'b1;
        form_op   = vfadd_pkg::OP_FADD_I;
      end
      // FSUB (immediate)        01100101 ss 011 001 100 ggg 0000 i ddddd
      32'b01100101_??_011_001_100_???_????_?_?????: begin
        hit_arith = 1'b1;
        lay_imm   = 1'b1;
        form_op   = vfadd_pkg::OP_FSUB_I;
      end
      // FSUBR (immediate)       01100101 ss 011 011 100 ggg 0000 i ddddd
      32'b01100101_??_011_011_100_???_????_?_?????: begin
        hit_arith = 1'b1;
        lay_imm   = 1'b1;
        form_op   = vfadd_pkg::OP_FSUBR_I;
      end
      // FADDP (SVE2)            01100100 ss 010 000 100 ggg mmmmm ddddd
      32'b01100100_??_010_000_100_???_?????_?????: begin
        hit_arith = 1'b1;
        lay_pred  = 1'b1;
        form_op   = vfadd_pkg::OP_FADDP;
      end
      // FADDA                   01100101 ss 011 000 001 ggg mmmmm ddddd
      32'b01100101_??_011_000_001_???_?????_?????: begin
        hit_arith = 1'b1;
        lay_pred  = 1'b1;
        form_op   = vfadd_pkg::OP_FADDA;
      end
      // FADDV                   01100101 ss 000 000 001 ggg nnnnn ddddd
      32'b01100101_??_000_000_001_???_?????_?????: begin
        hit_arith  = 1'b1;
        lay_reduce = 1'b1;
        form_op    = vfadd_pkg::OP_FADDV;
      end
      // MOVPRFX (unpred)        00000100 00 1 00000 101111 nnnnn ddddd
      32'b00000100_00_1_00000_101111_?????_?????: begin
        hit_movprfx = 1'b1;
      end
      // MOVPRFX (pred)          00000100 ss 010 00M 001 ggg nnnnn ddddd
      32'b00000100_??_010_00?_001_???_?????_?????: begin
        hit_movprfx_pred = 1'b1;
      end
      default: begin
        hit_arith = 1'b0;  // KIND_OTHER
      end
    endcase
  end

  // The decoder needs none of the package's lane and flag constants; they are read here so that
  // linting vfadd_decode as its own top (sim/lint.sh) reports no unused package parameter.
  logic unused_pkg_consts;
  assign unused_pkg_consts = ^{vfadd_pkg::FMT_D, vfadd_pkg::LANE_SLOTS, vfadd_pkg::FLAG_BITS};

  // ---- classification and fields ------------------------------------------------------------------
  // An FP form is unallocated with size = 00, an immediate form also with bits 9:6 != 0000.
  logic arith_undef;
  assign arith_undef = (f_size == 2'b00) || (lay_imm && (f_imm_pad != 4'b0000));

  always_comb begin
    kind_o    = vfadd_pkg::KIND_OTHER;
    op_o      = vfadd_pkg::OP_FADD;
    size_o    = 2'b00;
    zd_o      = 5'd0;
    zn_o      = 5'd0;
    zm_o      = 5'd0;
    pg_o      = 3'd0;
    imm_one_o = 1'b0;
    merging_o = 1'b0;
    if (hit_movprfx) begin
      kind_o = vfadd_pkg::KIND_MOVPRFX;
      zn_o   = f_z9_5;
      zd_o   = f_z4_0;
    end else if (hit_movprfx_pred) begin
      kind_o    = vfadd_pkg::KIND_MOVPRFX_PRED;
      size_o    = f_size;
      merging_o = f_m;
      pg_o      = f_pg;
      zn_o      = f_z9_5;
      zd_o      = f_z4_0;
    end else if (hit_arith && arith_undef) begin
      kind_o = vfadd_pkg::KIND_UNDEFINED;
      size_o = f_size;
    end else if (hit_arith) begin
      kind_o = vfadd_pkg::KIND_ARITH;
      op_o   = form_op;
      size_o = f_size;
      zd_o   = f_z4_0;
      if (lay_pred || lay_imm || lay_reduce) begin
        pg_o = f_pg;
      end
      if (lay_pred) begin
        zm_o = f_z9_5;
      end
      if (lay_unpred) begin
        zm_o = f_z20_16;
        zn_o = f_z9_5;
      end
      if (lay_reduce) begin
        zn_o = f_z9_5;
      end
      if (lay_imm) begin
        imm_one_o = f_i1;
      end
    end
  end

endmodule
