// SPDX-License-Identifier: Apache-2.0
// The C side of vfadd_model_pkg (tb/dpi/vfadd_model_pkg.sv): the DPI-C imports of that package
// on the golden model (model/include/vfadd). Link this file and vfadd_model into the simulation.
// Compiled with VFADD_DPI_HEADER="V<prefix>__Dpi.h" (Verilator's prototypes of the imports), the
// compiler checks every definition below against the package's declarations.
#include <svdpi.h>

#include <cstdint>
#include <string>
#include <utility>

#include "vfadd/decode.h"
#include "vfadd/difference.h"
#include "vfadd/fp.h"
#include "vfadd/trace.h"
#include "vfadd/vector.h"

#ifdef VFADD_DPI_HEADER
#include VFADD_DPI_HEADER
#endif

namespace {

using vfadd::Bits;
using vfadd::Case;
using vfadd::Fmt;
using vfadd::Op;

// The package's sizes and return codes (vfadd_model_pkg.sv).
constexpr int kMaxVl = 2048;
constexpr int kVecVals = kMaxVl / 32;  // svBitVecVal words of a vector result
constexpr int kOk = 0, kUndef = 1, kBadVl = -1, kBadFmt = -2, kBadArg = -3;

// Bits [0, bits) of a packed argument (32-bit words, bit 0 first) as model words.
Bits FromSv(const svBitVecVal* v, int bits) {
  Bits out((bits + 63) / 64, 0);
  for (int i = 0; i < (bits + 31) / 32; ++i) {
    out[i / 2] |= static_cast<uint64_t>(v[i]) << (32 * (i % 2));
  }
  if (bits % 64) out.back() &= (uint64_t{1} << (bits % 64)) - 1;
  return out;
}

// Model words into a vector argument of kVecVals words, zero above them.
void ToSv(const Bits& b, svBitVecVal* v) {
  for (int i = 0; i < kVecVals; ++i) {
    const size_t w = static_cast<size_t>(i / 2);
    v[i] = w < b.size() ? static_cast<svBitVecVal>(b[w] >> (32 * (i % 2))) : 0;
  }
}

// The case of an instruction from the package's arguments, in the model's shape (vector.h):
// what the registers hold for (op, fmt, vl), everything else left out. kOk, kUndef or kBadVl.
int MakeCase(unsigned op, unsigned fmt, svBit imm_one, unsigned vl, unsigned fpcr,
             const svBitVecVal* pg, const svBitVecVal* a, const svBitVecVal* b, Case* c) {
  if (vl > static_cast<unsigned>(kMaxVl) || !vfadd::IsValidVl(static_cast<int>(vl))) {
    return kBadVl;
  }
  if (op >= static_cast<unsigned>(vfadd::kNumOps) ||
      !vfadd::IsValidFmtCode(static_cast<int>(fmt))) {
    return kUndef;
  }
  c->op = static_cast<Op>(op);
  c->fmt = static_cast<Fmt>(fmt);
  c->vl = static_cast<int>(vl);
  c->fpcr = fpcr;
  c->imm_one = imm_one != 0;
  if (vfadd::IsPredicated(c->op)) c->pg = FromSv(pg, c->vl / 8);
  if (c->op == Op::kFadda) {
    c->a = FromSv(a, vfadd::fp_width(c->fmt));
  } else if (c->op != Op::kFaddv) {
    c->a = FromSv(a, c->vl);
  }
  if (!vfadd::IsImmediate(c->op)) c->b = FromSv(b, c->vl);
  return kOk;
}

// An outcome given as package arguments (vfadd_model_execute's shape: zero-extended words).
vfadd::Outcome FromSvOutcome(const Case& c, const svBitVecVal* res, unsigned fpsr) {
  vfadd::Outcome o;
  o.res = FromSv(res, vfadd::IsScalarResult(c.op) ? 64 : c.vl);
  o.fpsr = fpsr;
  return o;
}

// A string result of an import: valid until the next call of the same function on this thread.
const char* Keep(std::string* slot, std::string s) {
  *slot = std::move(s);
  return slot->c_str();
}

}  // namespace

extern "C" {

int vfadd_model_execute(unsigned op, unsigned fmt, svBit imm_one, unsigned vl, unsigned fpcr,
                        const svBitVecVal* pg, const svBitVecVal* a, const svBitVecVal* b,
                        svBitVecVal* res, unsigned* fpsr) {
  Case c;
  const int status = MakeCase(op, fmt, imm_one, vl, fpcr, pg, a, b, &c);
  *fpsr = 0;
  if (status != kOk) {
    ToSv(Bits{}, res);
    return status;
  }
  const vfadd::Outcome o = vfadd::Execute(c);
  ToSv(o.res, res);
  *fpsr = o.fpsr;
  return kOk;
}

int vfadd_model_decode(unsigned insn, unsigned* op, unsigned* fmt, svBit* imm_one) {
  const vfadd::Insn d = vfadd::Decode(insn);
  const bool arith = d.kind == vfadd::InsnKind::kArith;
  *op = arith ? static_cast<unsigned>(d.op) : 0;
  *fmt = arith ? static_cast<unsigned>(d.size) : 0;
  *imm_one = arith && d.imm_one ? 1 : 0;
  return arith ? kOk : kUndef;
}

int vfadd_model_encode(unsigned op, unsigned fmt, svBit imm_one, unsigned zd, unsigned zn,
                       unsigned zm, unsigned pg, unsigned* insn) {
  *insn = 0;
  if (op >= static_cast<unsigned>(vfadd::kNumOps) ||
      !vfadd::IsValidFmtCode(static_cast<int>(fmt)) || zd > 31 || zn > 31 || zm > 31 || pg > 7) {
    return kBadArg;
  }
  vfadd::Insn d;
  d.kind = vfadd::InsnKind::kArith;
  d.op = static_cast<Op>(op);
  d.size = static_cast<int>(fmt);
  d.zd = static_cast<int>(zd);
  d.zn = static_cast<int>(zn);
  d.zm = static_cast<int>(zm);
  d.pg = static_cast<int>(pg);
  d.imm_one = imm_one != 0;
  *insn = vfadd::Encode(d);
  return kOk;
}

int vfadd_model_fp_add(unsigned fmt, svBit sub, unsigned long long op1, unsigned long long op2,
                       unsigned fpcr, unsigned long long* res, unsigned* flags) {
  *res = 0;
  *flags = 0;
  if (!vfadd::IsValidFmtCode(static_cast<int>(fmt))) return kBadFmt;
  const Fmt f = static_cast<Fmt>(fmt);
  const vfadd::Fpcr cr{fpcr};
  const vfadd::FpResult r = sub ? vfadd::FpSub(f, op1, op2, cr) : vfadd::FpAdd(f, op1, op2, cr);
  *res = r.bits;
  *flags = r.flags;
  return kOk;
}

const char* vfadd_model_describe_value(unsigned fmt, unsigned long long bits) {
  thread_local std::string slot;
  if (!vfadd::IsValidFmtCode(static_cast<int>(fmt))) return Keep(&slot, "bad format");
  return Keep(&slot, vfadd::DescribeValue(static_cast<Fmt>(fmt), bits));
}

const char* vfadd_model_flag_names(unsigned fpsr) {
  thread_local std::string slot;
  return Keep(&slot, vfadd::FlagNames(fpsr));
}

const char* vfadd_model_disassemble(unsigned insn) {
  thread_local std::string slot;
  return Keep(&slot, vfadd::Disassemble(insn));
}

const char* vfadd_model_trace_line(unsigned op, unsigned fmt, svBit imm_one, unsigned vl,
                                   unsigned fpcr, const svBitVecVal* pg, const svBitVecVal* a,
                                   const svBitVecVal* b) {
  thread_local std::string slot;
  Case c;
  if (MakeCase(op, fmt, imm_one, vl, fpcr, pg, a, b, &c) != kOk) return Keep(&slot, "");
  return Keep(&slot, vfadd::FormatCase(vfadd::WithOutcome(c, vfadd::Execute(c))));
}

const char* vfadd_model_describe_difference(unsigned op, unsigned fmt, svBit imm_one, unsigned vl,
                                            unsigned fpcr, const svBitVecVal* pg,
                                            const svBitVecVal* a, const svBitVecVal* b,
                                            const svBitVecVal* want_res, unsigned want_fpsr,
                                            const svBitVecVal* got_res, unsigned got_fpsr) {
  thread_local std::string slot;
  Case c;
  if (MakeCase(op, fmt, imm_one, vl, fpcr, pg, a, b, &c) != kOk) return Keep(&slot, "");
  std::string text;
  for (const std::string& line : vfadd::DifferenceLines(c, FromSvOutcome(c, want_res, want_fpsr),
                                                        FromSvOutcome(c, got_res, got_fpsr))) {
    if (!text.empty()) text += '\n';
    text += line;
  }
  return Keep(&slot, text);
}

}  // extern "C"
