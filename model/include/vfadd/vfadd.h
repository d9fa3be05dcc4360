/* SPDX-License-Identifier: Apache-2.0 */
/* libvfadd: the C ABI of the vfadd golden model, a bit-exact model of the SVE floating-point add
 * family (FADD, FSUB, FSUBR in their vector, unpredicated and immediate forms, FADDP, FADDA,
 * FADDV) with FPCR.AH = 0. Semantics and usage: model/README.md of the vfadd repository.
 *
 * C99 (and C++). Every call returns a vfadd_status; on an error nothing is written to the
 * outputs unless the call says otherwise. No call aborts, throws or keeps state between calls:
 * every call is reentrant and safe from any thread. Bits of the FPCR that do not matter to the
 * add family are ignored (an FPCR value is never an error); so are operand bits above the
 * element width.
 *
 * Vectors are arrays of uint64_t words, least significant word first: bits 63:0 of a Z register
 * are word 0. A Z register of VL bits is VL/64 words; a predicate of VL/8 bits (bit i governs
 * byte i of the vector, as in the trace format) is (VL + 511) / 512 words. Input arrays may be
 * longer than needed (the extra words are ignored); shorter is VFADD_E_LENGTH. vfadd_shape_of()
 * gives the word count of every operand of an instruction. */
#ifndef VFADD_VFADD_H_
#define VFADD_VFADD_H_

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define VFADD_API
#else
#define VFADD_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface: it changes when a call, a struct or a constant changes
 * incompatibly. Compare it with vfadd_abi_version() to check the header against the library. */
#define VFADD_ABI_VERSION 1

/* The largest vector length, in bits, and the array sizes it implies. */
#define VFADD_MAX_VL 2048
#define VFADD_VEC_WORDS (VFADD_MAX_VL / 64)           /* 32: a Z register */
#define VFADD_PRED_WORDS ((VFADD_MAX_VL + 511) / 512) /* 4: a predicate */
/* Room for any trace line vfadd_trace_format writes, without its NUL: the longest, a checked
 * fadd, fsub, fsubr or faddp line at VL 2048 (pg, a, b, res), is 1634 bytes. */
#define VFADD_LINE_MAX 2200

/* Status codes. VFADD_OK is 0; every error is positive. */
typedef enum vfadd_status {
  VFADD_OK = 0,
  VFADD_E_NULL = 1,    /* a required pointer argument is NULL */
  VFADD_E_FMT = 2,     /* a format code other than VFADD_FMT_H, _S, _D */
  VFADD_E_OP = 3,      /* an operation code outside VFADD_OP_FADD .. VFADD_OP_FADDV */
  VFADD_E_VL = 4,      /* a vector length that is not a multiple of 128 from 128 to 2048 */
  VFADD_E_LENGTH = 5,  /* an input array shorter than the instruction needs, or an output
                          buffer too small for the result */
  VFADD_E_PARSE = 6,   /* a trace line that is not a case (the error text says why) */
  VFADD_E_INTERNAL = 7 /* out of memory, or a fault inside the library (a bug: report it) */
} vfadd_status;

/* A short English description of a status ("bad format code", ...); never NULL, also for a
 * value that is no vfadd_status ("unknown status"). */
VFADD_API const char* vfadd_strerror(int status);

/* VFADD_ABI_VERSION of the library (not of the header the caller was compiled with). */
VFADD_API int vfadd_abi_version(void);
/* The vfadd release the library comes from, e.g. "0.25.0". */
VFADD_API const char* vfadd_version(void);

/* Element formats: the values of the SVE size field. */
enum { VFADD_FMT_H = 1, VFADD_FMT_S = 2, VFADD_FMT_D = 3 };

/* Operations: the op codes of the trace format, in its order. */
enum {
  VFADD_OP_FADD = 0,   /* FADD Zdn.T, Pg/M, Zdn.T, Zm.T */
  VFADD_OP_FADD_U = 1, /* FADD Zd.T, Zn.T, Zm.T */
  VFADD_OP_FADD_I = 2, /* FADD Zdn.T, Pg/M, Zdn.T, #imm */
  VFADD_OP_FSUB = 3,
  VFADD_OP_FSUB_U = 4,
  VFADD_OP_FSUB_I = 5,
  VFADD_OP_FSUBR = 6,
  VFADD_OP_FSUBR_I = 7,
  VFADD_OP_FADDP = 8, /* FADDP Zdn.T, Pg/M, Zdn.T, Zm.T */
  VFADD_OP_FADDA = 9, /* FADDA Vdn, Pg, Vdn, Zm.T */
  VFADD_OP_FADDV = 10 /* FADDV Vd, Pg, Zn.T */
};
#define VFADD_NUM_OPS 11

/* FPCR bits that matter, and FPSR cumulative flag bits. */
#define VFADD_FPCR_FZ16 (1u << 19)
#define VFADD_FPCR_RMODE_SHIFT 22 /* RMode [23:22]: 0 RN, 1 RP, 2 RM, 3 RZ */
#define VFADD_FPCR_FZ (1u << 24)
#define VFADD_FPCR_DN (1u << 25)
#define VFADD_FPSR_IOC (1u << 0)
#define VFADD_FPSR_DZC (1u << 1)
#define VFADD_FPSR_OFC (1u << 2)
#define VFADD_FPSR_UFC (1u << 3)
#define VFADD_FPSR_IXC (1u << 4)
#define VFADD_FPSR_IDC (1u << 7)

/* The trace name of an operation ("fadd", "fadd_u", ..., "faddv"); NULL for a bad code. */
VFADD_API const char* vfadd_op_name(int op);
/* The operation of a trace name (*op); VFADD_E_OP for any other text. */
VFADD_API vfadd_status vfadd_op_parse(const char* name, int* op);

/* ---- Scalar Arm FPAdd(op1, op2) and FPSub(op1, op2) ----
 * fmt: VFADD_FMT_*; op1, op2: encodings in the low 16, 32 or 64 bits; *result: the encoding
 * (upper bits zero); *fpsr: the FPSR flags this operation alone raises. */
VFADD_API vfadd_status vfadd_fp_add(int fmt, uint64_t op1, uint64_t op2, uint32_t fpcr,
                                    uint64_t* result, uint32_t* fpsr);
VFADD_API vfadd_status vfadd_fp_sub(int fmt, uint64_t op1, uint64_t op2, uint32_t fpcr,
                                    uint64_t* result, uint32_t* fpsr);

/* ---- One vector instruction ---- */

/* The operands of an instruction at a vector length, in words; 0 for an operand it has none of.
 * pg: the predicate (0 for the _u forms); a: Zdn (Zn for _u; fadda: the scalar, 1 word; faddv:
 * none); b: Zm (faddv: Zn; the _i forms: none); res: the destination (fadda, faddv: the scalar,
 * 1 word). */
typedef struct vfadd_shape {
  size_t pg_words, a_words, b_words, res_words;
} vfadd_shape;
VFADD_API vfadd_status vfadd_shape_of(int op, int vl, vfadd_shape* shape);

/* Executes one instruction. Operands the instruction has none of (see vfadd_shape_of) may be
 * NULL with length 0; imm_one selects #1.0 (non-zero) or #0.5 (zero) for the _i forms and is
 * ignored by the others. res receives shape.res_words words (res_length must be at least that;
 * words beyond are left alone); *fpsr the cumulative flags of the instruction. */
VFADD_API vfadd_status vfadd_execute(int op, int fmt, int vl, uint32_t fpcr, const uint64_t* pg,
                                     size_t pg_length, const uint64_t* a, size_t a_length,
                                     const uint64_t* b, size_t b_length, int imm_one, uint64_t* res,
                                     size_t res_length, uint32_t* fpsr);

/* ---- Trace lines (trace format version 1) ----
 * One case, as the fields of a trace line: the arrays hold the words vfadd_shape_of gives
 * (the rest is zero after a parse and ignored by a format). */
typedef struct vfadd_case {
  int op;  /* VFADD_OP_* */
  int fmt; /* VFADD_FMT_* */
  int vl;  /* bits */
  uint32_t fpcr;
  uint64_t pg[VFADD_PRED_WORDS];
  uint64_t a[VFADD_VEC_WORDS];
  uint64_t b[VFADD_VEC_WORDS];
  int imm_one; /* the _i forms: 1 for #1.0, 0 for #0.5 */
  int checked; /* 1: res and fpsr are present (a checked line); 0: a stimulus */
  uint64_t res[VFADD_VEC_WORDS];
  uint32_t fpsr;
} vfadd_case;

/* What a parsed line holds. */
enum { VFADD_LINE_BLANK = 0, VFADD_LINE_CASE = 1 };

/* Parses one line of `length` bytes (no NUL needed; without its newline; a trailing '\r' is
 * accepted). On VFADD_OK, *kind is VFADD_LINE_BLANK for a blank or comment line (*c untouched)
 * or VFADD_LINE_CASE (*c filled). On VFADD_E_PARSE the reason, e.g. "field 4 'fpcr': expected
 * 8 hex digits, got '12' (2 digits)", is written to error (at most error_size bytes with the
 * NUL, cut if longer; error may be NULL when error_size is 0) and *c is unspecified. */
VFADD_API vfadd_status vfadd_trace_parse(const char* line, size_t length, vfadd_case* c, int* kind,
                                         char* error, size_t error_size);

/* Formats a case as a trace line (no newline): a checked line when c->checked, else a stimulus.
 * *length (when not NULL) receives the line's length without the NUL, also on VFADD_E_LENGTH,
 * which means buf (size bytes) cannot hold the line and its NUL; buf may be NULL when size is
 * 0. VFADD_LINE_MAX + 1 bytes always suffice. */
VFADD_API vfadd_status vfadd_trace_format(const vfadd_case* c, char* buf, size_t size,
                                          size_t* length);

/* Executes a case on the model and stores the outcome in c->res and c->fpsr (c->checked = 1). */
VFADD_API vfadd_status vfadd_execute_case(vfadd_case* c);

/* ---- Decode of a 32-bit A64 instruction word ---- */
enum {
  VFADD_INSN_OTHER = 0,       /* outside the add family's encoding space */
  VFADD_INSN_UNDEFINED = 1,   /* inside it but unallocated (e.g. size = 00) */
  VFADD_INSN_ARITH = 2,       /* one of the operations: op, fmt */
  VFADD_INSN_MOVPRFX = 3,     /* MOVPRFX Zd, Zn */
  VFADD_INSN_MOVPRFX_PRED = 4 /* MOVPRFX Zd.T, Pg/<Z|M>, Zn.T */
};
typedef struct vfadd_insn {
  int kind;           /* VFADD_INSN_* */
  int op;             /* VFADD_INSN_ARITH: VFADD_OP_*; else -1 */
  int fmt;            /* VFADD_INSN_ARITH: VFADD_FMT_*; else 0 */
  int size;           /* bits 23:22 (ARITH, MOVPRFX_PRED, UNDEFINED; else 0): 0 B, 1 H, 2 S, 3 D */
  int imm_one;        /* the _i forms: 1 for #1.0, 0 for #0.5 */
  int zd, zn, zm, pg; /* register numbers, where the form has them (else 0) */
  int merging;        /* VFADD_INSN_MOVPRFX_PRED: 1 for /m, 0 for /z */
} vfadd_insn;
VFADD_API vfadd_status vfadd_decode(uint32_t word, vfadd_insn* insn);

/* GNU binutils syntax of a word ("fadd z1.s, p2/m, z1.s, z3.s", "undefined", "other"); buf,
 * size and *length as in vfadd_trace_format (64 bytes always suffice). */
VFADD_API vfadd_status vfadd_disassemble(uint32_t word, char* buf, size_t size, size_t* length);

#ifdef __cplusplus
}
#endif

#endif /* VFADD_VFADD_H_ */
