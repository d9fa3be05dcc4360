// SPDX-License-Identifier: Apache-2.0
// libvfadd: the C ABI (vfadd/vfadd.h) over the C++ golden model. Every call checks its
// arguments, converts them to the model's types and runs inside Guarded(), so that no C++
// exception crosses the C boundary.
#include <algorithm>
#include <cstring>
#include <new>
#include <string>

#include "vfadd/decode.h"
#include "vfadd/fp.h"
#include "vfadd/trace.h"
#include "vfadd/vector.h"
#include "vfadd/vfadd.h"

#ifndef VFADD_VERSION
#error "VFADD_VERSION (the release, e.g. \"0.25.0\") must be defined by the build"
#endif

namespace {

using vfadd::Bits;
using vfadd::Case;
using vfadd::Fmt;
using vfadd::Op;

// Runs fn, turning any exception (std::bad_alloc in practice) into VFADD_E_INTERNAL.
template <typename Fn>
vfadd_status Guarded(Fn fn) {
  try {
    return fn();
  } catch (...) {
    return VFADD_E_INTERNAL;
  }
}

vfadd_status ToFmt(int code, Fmt* f) {
  if (!vfadd::IsValidFmtCode(code)) return VFADD_E_FMT;
  *f = static_cast<Fmt>(code);
  return VFADD_OK;
}

vfadd_status ToOp(int code, Op* op) {
  if (!vfadd::IsValidOpCode(code)) return VFADD_E_OP;
  *op = static_cast<Op>(code);
  return VFADD_OK;
}

vfadd_shape ShapeOf(Op op, int vl) {
  const size_t vec = static_cast<size_t>(vl / 64);
  vfadd_shape s;
  s.pg_words = vfadd::IsPredicated(op) ? static_cast<size_t>((vl + 511) / 512) : 0;
  s.a_words = op == Op::kFadda ? 1 : op == Op::kFaddv ? 0 : vec;
  s.b_words = vfadd::IsImmediate(op) ? 0 : vec;
  s.res_words = vfadd::IsScalarResult(op) ? 1 : vec;
  return s;
}

// The first `words` words of src (NULL when words is 0), the last one cut to `bits` bits.
Bits Take(const uint64_t* src, size_t words, int bits) {
  Bits v(src, src + words);
  if (words != 0 && bits % 64 != 0) v.back() &= (uint64_t{1} << (bits % 64)) - 1;
  return v;
}

// Checks op, fmt and vl and builds the case of those codes; the operands stay empty.
vfadd_status CaseHeader(int op, int fmt, int vl, uint32_t fpcr, Case* c) {
  vfadd_status st = ToOp(op, &c->op);
  if (st == VFADD_OK) st = ToFmt(fmt, &c->fmt);
  if (st == VFADD_OK && !vfadd::IsValidVl(vl)) st = VFADD_E_VL;
  c->vl = vl;
  c->fpcr = fpcr;
  return st;
}

// Fills the operands of c (header set) from arrays of the given lengths.
vfadd_status CaseOperands(const uint64_t* pg, size_t pg_length, const uint64_t* a, size_t a_length,
                          const uint64_t* b, size_t b_length, int imm_one, Case* c) {
  const vfadd_shape s = ShapeOf(c->op, c->vl);
  if ((s.pg_words && !pg) || (s.a_words && !a) || (s.b_words && !b)) return VFADD_E_NULL;
  if (pg_length < s.pg_words || a_length < s.a_words || b_length < s.b_words) {
    return VFADD_E_LENGTH;
  }
  const int esize = vfadd::fp_width(c->fmt);
  c->pg = Take(pg, s.pg_words, c->vl / 8);
  c->a = Take(a, s.a_words, c->op == Op::kFadda ? esize : c->vl);
  c->b = Take(b, s.b_words, c->vl);
  c->imm_one = imm_one != 0;
  return VFADD_OK;
}

// The outcome of c, copied into the words of the result.
void Store(const vfadd::Outcome& o, uint64_t* res, uint32_t* fpsr) {
  std::copy(o.res.begin(), o.res.end(), res);
  *fpsr = o.fpsr;
}

// Copies text and its NUL into buf of `size` bytes; *length (if given) is text.size().
vfadd_status CopyText(const std::string& text, char* buf, size_t size, size_t* length) {
  if (length) *length = text.size();
  if (size < text.size() + 1) return VFADD_E_LENGTH;
  std::memcpy(buf, text.c_str(), text.size() + 1);
  return VFADD_OK;
}

vfadd_status Scalar(bool sub, int fmt, uint64_t op1, uint64_t op2, uint32_t fpcr, uint64_t* result,
                    uint32_t* fpsr) {
  if (!result || !fpsr) return VFADD_E_NULL;
  Fmt f;
  if (ToFmt(fmt, &f) != VFADD_OK) return VFADD_E_FMT;
  const vfadd::Fpcr control{fpcr};
  const vfadd::FpResult r =
      sub ? vfadd::FpSub(f, op1, op2, control) : vfadd::FpAdd(f, op1, op2, control);
  *result = r.bits;
  *fpsr = r.flags;
  return VFADD_OK;
}

// The model's case of a vfadd_case (checked or not), its codes checked.
vfadd_status FromCCase(const vfadd_case& in, Case* c) {
  vfadd_status st = CaseHeader(in.op, in.fmt, in.vl, in.fpcr, c);
  if (st != VFADD_OK) return st;
  const vfadd_shape s = ShapeOf(c->op, c->vl);
  st = CaseOperands(in.pg, s.pg_words, in.a, s.a_words, in.b, s.b_words, in.imm_one, c);
  c->checked = in.checked != 0;
  if (c->checked) {
    const int bits = vfadd::IsScalarResult(c->op) ? vfadd::fp_width(c->fmt) : c->vl;
    c->res = Take(in.res, s.res_words, bits);
    c->fpsr = in.fpsr;
  }
  return st;
}

void ToCCase(const Case& c, vfadd_case* out) {
  std::memset(out, 0, sizeof *out);
  out->op = static_cast<int>(c.op);
  out->fmt = static_cast<int>(c.fmt);
  out->vl = c.vl;
  out->fpcr = c.fpcr;
  std::copy(c.pg.begin(), c.pg.end(), out->pg);
  std::copy(c.a.begin(), c.a.end(), out->a);
  std::copy(c.b.begin(), c.b.end(), out->b);
  out->imm_one = c.imm_one ? 1 : 0;
  out->checked = c.checked ? 1 : 0;
  std::copy(c.res.begin(), c.res.end(), out->res);
  out->fpsr = c.fpsr;
}

}  // namespace

extern "C" {

const char* vfadd_strerror(int status) {
  switch (status) {
    case VFADD_OK:
      return "success";
    case VFADD_E_NULL:
      return "a required pointer argument is NULL";
    case VFADD_E_FMT:
      return "bad format code (expected VFADD_FMT_H, VFADD_FMT_S or VFADD_FMT_D: 1, 2 or 3)";
    case VFADD_E_OP:
      return "bad operation (expected VFADD_OP_FADD .. VFADD_OP_FADDV: 0 .. 10, or its trace "
             "name)";
    case VFADD_E_VL:
      return "bad vector length (expected a multiple of 128 from 128 to 2048)";
    case VFADD_E_LENGTH:
      return "an input array is shorter than the instruction needs, or an output buffer is too "
             "small";
    case VFADD_E_PARSE:
      return "the trace line is not a case (see the error text)";
    case VFADD_E_INTERNAL:
      return "internal error (out of memory)";
    default:
      return "unknown status";
  }
}

int vfadd_abi_version(void) { return VFADD_ABI_VERSION; }

const char* vfadd_version(void) { return VFADD_VERSION; }

const char* vfadd_op_name(int op) {
  return vfadd::IsValidOpCode(op) ? vfadd::OpName(static_cast<Op>(op)) : nullptr;
}

vfadd_status vfadd_op_parse(const char* name, int* op) {
  if (!name || !op) return VFADD_E_NULL;
  return Guarded([&] {
    Op o;
    if (!vfadd::ParseOp(name, &o)) return VFADD_E_OP;
    *op = static_cast<int>(o);
    return VFADD_OK;
  });
}

vfadd_status vfadd_fp_add(int fmt, uint64_t op1, uint64_t op2, uint32_t fpcr, uint64_t* result,
                          uint32_t* fpsr) {
  return Scalar(false, fmt, op1, op2, fpcr, result, fpsr);
}

vfadd_status vfadd_fp_sub(int fmt, uint64_t op1, uint64_t op2, uint32_t fpcr, uint64_t* result,
                          uint32_t* fpsr) {
  return Scalar(true, fmt, op1, op2, fpcr, result, fpsr);
}

vfadd_status vfadd_shape_of(int op, int vl, vfadd_shape* shape) {
  if (!shape) return VFADD_E_NULL;
  Op o;
  if (ToOp(op, &o) != VFADD_OK) return VFADD_E_OP;
  if (!vfadd::IsValidVl(vl)) return VFADD_E_VL;
  *shape = ShapeOf(o, vl);
  return VFADD_OK;
}

vfadd_status vfadd_execute(int op, int fmt, int vl, uint32_t fpcr, const uint64_t* pg,
                           size_t pg_length, const uint64_t* a, size_t a_length, const uint64_t* b,
                           size_t b_length, int imm_one, uint64_t* res, size_t res_length,
                           uint32_t* fpsr) {
  return Guarded([&] {
    Case c;
    vfadd_status st = CaseHeader(op, fmt, vl, fpcr, &c);
    if (st != VFADD_OK) return st;
    if (!res || !fpsr) return VFADD_E_NULL;
    st = CaseOperands(pg, pg_length, a, a_length, b, b_length, imm_one, &c);
    if (st != VFADD_OK) return st;
    if (res_length < ShapeOf(c.op, vl).res_words) return VFADD_E_LENGTH;
    Store(vfadd::Execute(c), res, fpsr);
    return VFADD_OK;
  });
}

vfadd_status vfadd_execute_case(vfadd_case* c) {
  if (!c) return VFADD_E_NULL;
  return Guarded([&] {
    Case m;
    const vfadd_status st = FromCCase(*c, &m);
    if (st != VFADD_OK) return st;
    const vfadd::Outcome o = vfadd::Execute(m);
    std::fill(c->res, c->res + VFADD_VEC_WORDS, 0);
    Store(o, c->res, &c->fpsr);
    c->checked = 1;
    return VFADD_OK;
  });
}

vfadd_status vfadd_trace_parse(const char* line, size_t length, vfadd_case* c, int* kind,
                               char* error, size_t error_size) {
  if ((!line && length != 0) || !c || !kind || (!error && error_size != 0)) return VFADD_E_NULL;
  return Guarded([&] {
    Case m;
    std::string why;
    switch (vfadd::ParseTraceLine(std::string_view(line ? line : "", length), &m, &why)) {
      case vfadd::LineKind::kBlank:
        *kind = VFADD_LINE_BLANK;
        return VFADD_OK;
      case vfadd::LineKind::kCase:
        ToCCase(m, c);
        *kind = VFADD_LINE_CASE;
        return VFADD_OK;
      case vfadd::LineKind::kError:
        break;
    }
    if (error_size != 0) {
      const size_t n = std::min(why.size(), error_size - 1);
      std::memcpy(error, why.data(), n);
      error[n] = '\0';
    }
    return VFADD_E_PARSE;
  });
}

vfadd_status vfadd_trace_format(const vfadd_case* c, char* buf, size_t size, size_t* length) {
  if (!c || (!buf && size != 0)) return VFADD_E_NULL;
  return Guarded([&] {
    Case m;
    const vfadd_status st = FromCCase(*c, &m);
    if (st != VFADD_OK) return st;
    return CopyText(vfadd::FormatCase(m), buf, size, length);
  });
}

vfadd_status vfadd_decode(uint32_t word, vfadd_insn* insn) {
  if (!insn) return VFADD_E_NULL;
  const vfadd::Insn d = vfadd::Decode(word);
  const bool arith = d.kind == vfadd::InsnKind::kArith;
  insn->kind = static_cast<int>(d.kind);
  insn->op = arith ? static_cast<int>(d.op) : -1;
  insn->fmt = arith ? d.size : 0;
  insn->size = d.size;
  insn->imm_one = d.imm_one ? 1 : 0;
  insn->zd = d.zd;
  insn->zn = d.zn;
  insn->zm = d.zm;
  insn->pg = d.pg;
  insn->merging = d.merging ? 1 : 0;
  return VFADD_OK;
}

vfadd_status vfadd_disassemble(uint32_t word, char* buf, size_t size, size_t* length) {
  if (!buf && size != 0) return VFADD_E_NULL;
  return Guarded([&] { return CopyText(vfadd::Disassemble(word), buf, size, length); });
}

}  // extern "C"

// The enum of the header and the model's must agree (the C codes are the model's values).
static_assert(VFADD_INSN_OTHER == static_cast<int>(vfadd::InsnKind::kOther) &&
                  VFADD_INSN_UNDEFINED == static_cast<int>(vfadd::InsnKind::kUndefined) &&
                  VFADD_INSN_ARITH == static_cast<int>(vfadd::InsnKind::kArith) &&
                  VFADD_INSN_MOVPRFX == static_cast<int>(vfadd::InsnKind::kMovprfx) &&
                  VFADD_INSN_MOVPRFX_PRED == static_cast<int>(vfadd::InsnKind::kMovprfxPred),
              "vfadd.h VFADD_INSN_* and vfadd::InsnKind");
static_assert(VFADD_NUM_OPS == vfadd::kNumOps && VFADD_OP_FADDV == static_cast<int>(Op::kFaddv) &&
                  VFADD_OP_FADDP == static_cast<int>(Op::kFaddp) &&
                  VFADD_OP_FSUBR_I == static_cast<int>(Op::kFsubrI),
              "vfadd.h VFADD_OP_* and vfadd::Op");
static_assert(VFADD_FMT_H == static_cast<int>(Fmt::kH) && VFADD_FMT_D == static_cast<int>(Fmt::kD),
              "vfadd.h VFADD_FMT_* and vfadd::Fmt");
static_assert(VFADD_MAX_VL == vfadd::kMaxVl && VFADD_FPSR_IDC == vfadd::kIDC &&
                  VFADD_FPCR_DN == (1u << vfadd::Fpcr::kDnBit) &&
                  VFADD_FPCR_FZ == (1u << vfadd::Fpcr::kFzBit) &&
                  VFADD_FPCR_FZ16 == (1u << vfadd::Fpcr::kFz16Bit),
              "vfadd.h constants and the model's");
