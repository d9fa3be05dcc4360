// SPDX-License-Identifier: Apache-2.0
// vfadd golden model: the SVE instructions of the add family on whole vectors (section 6 of
// docs/semantics.md) and the instruction case they operate on.
#ifndef VFADD_VECTOR_H_
#define VFADD_VECTOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "vfadd/fp.h"

namespace vfadd {

// The operations of the trace format (docs/trace-format.md).
enum class Op : uint8_t {
  kFadd,    // FADD Zdn.T, Pg/M, Zdn.T, Zm.T
  kFaddU,   // FADD Zd.T, Zn.T, Zm.T
  kFaddI,   // FADD Zdn.T, Pg/M, Zdn.T, #imm
  kFsub,    // FSUB Zdn.T, Pg/M, Zdn.T, Zm.T
  kFsubU,   // FSUB Zd.T, Zn.T, Zm.T
  kFsubI,   // FSUB Zdn.T, Pg/M, Zdn.T, #imm
  kFsubr,   // FSUBR Zdn.T, Pg/M, Zdn.T, Zm.T
  kFsubrI,  // FSUBR Zdn.T, Pg/M, Zdn.T, #imm
  kFaddp,   // FADDP Zdn.T, Pg/M, Zdn.T, Zm.T
  kFadda,   // FADDA Vdn, Pg, Vdn, Zm.T
  kFaddv,   // FADDV Vd, Pg, Zn.T
};
constexpr int kNumOps = 11;
// Every operation, in enum order (the order of the trace format's op codes and of req_op_i).
constexpr Op kAllOps[kNumOps] = {Op::kFadd,  Op::kFaddU, Op::kFaddI, Op::kFsub,
                                 Op::kFsubU, Op::kFsubI, Op::kFsubr, Op::kFsubrI,
                                 Op::kFaddp, Op::kFadda, Op::kFaddv};
// Whether `code` is the numeric value of an Op (a code of req_op_i above OP_FADDV is none).
constexpr bool IsValidOpCode(int code) { return code >= 0 && code < kNumOps; }

// What the model, the decoder and the testbenches need to know of an operation, in one table.
struct OpTraits {
  Op op;
  const char* name;      // trace name: "fadd", "fadd_u", "fadd_i", ...
  const char* mnemonic;  // A64 mnemonic: "fadd" for all three FADD forms, ...
  bool predicated;       // governed by Pg: every op but the _u forms
  bool immediate;        // the _i forms (#0.5 or #1.0 instead of Zm)
  bool subtract;         // the additions are FPSub (fsub and fsubr, every form)
  bool pairwise;         // faddp: adjacent pairs within each source
  bool reduction;        // fadda, faddv: a scalar result
};
// The traits of `op`, which must be one of kAllOps.
const OpTraits& Traits(Op op);

const char* OpName(Op op);                    // Traits(op).name
bool ParseOp(const std::string& s, Op* out);  // inverse of OpName
bool IsPredicated(Op op);                     // Traits(op).predicated
bool IsImmediate(Op op);                      // Traits(op).immediate
bool IsScalarResult(Op op);                   // Traits(op).reduction

constexpr int kMinVl = 128, kMaxVl = 2048;
constexpr bool IsValidVl(int vl) { return vl >= kMinVl && vl <= kMaxVl && vl % 128 == 0; }

// A bit vector of `bits` bits stored little-endian in 64-bit words (word 0 holds bits 63:0).
// Z registers of VL bits use VL/64 words, predicates of VL/8 bits use ceil(VL/512) words.
using Bits = std::vector<uint64_t>;
uint64_t GetField(const Bits& v, int lsb, int width);  // width <= 64
void SetField(Bits* v, int lsb, int width, uint64_t value);
// Copies bits [0, bits) of src (zero beyond its words) over the words of dst; dst's higher bits
// are kept. dst holds at least ceil(bits / 64) words (a port's or a register's image).
void OverlayBits(uint64_t* dst, const Bits& src, int bits);

// One instruction case: the fields of a trace line.
struct Case {
  Op op = Op::kFadd;
  Fmt fmt = Fmt::kS;
  int vl = 128;  // bits
  uint32_t fpcr = 0;
  Bits pg;               // vl/8 bits; empty for the unpredicated forms
  Bits a;                // Zdn / Zn (vl bits); fadda: the scalar (1 word); faddv: empty
  Bits b;                // Zm / Zn (vl bits); immediate forms: empty
  bool imm_one = false;  // immediate forms: true = #1.0, false = #0.5
  bool checked = false;  // res and fpsr present
  Bits res;              // vector forms: vl bits; fadda/faddv: the scalar (1 word)
  uint32_t fpsr = 0;
};

struct Outcome {
  Bits res;           // as Case::res
  uint32_t fpsr = 0;  // cumulative flags of this instruction
};

int Elements(const Case& c);               // vl / esize
bool ElementActive(const Case& c, int e);  // predicate bit e*esize/8 (always true if unpredicated)
uint64_t ImmediateBits(Fmt f, bool imm_one);  // #0.5 / #1.0 in format f

// One scalar FPAdd or FPSub an instruction performs, as Execute reports it to an observer
// (functional coverage samples these).
struct Addition {
  int element = 0;  // the result element; fadda: the element added; faddv: the node's first leaf
  int level = 0;    // faddv: the tree level, 1 for a sum of two leaves; 0 for the other forms
  uint64_t op1 = 0, op2 = 0;  // the operands of FPAdd(op1, op2) or FPSub(op1, op2)
  bool sub = false;
  FpResult r;
};
class AdditionObserver {
 public:
  virtual ~AdditionObserver() = default;
  virtual void Observe(const Addition& add) = 0;
};

// Executes one case on the golden model. The case must be well formed (see trace.h). An
// observer, when given, sees every addition in the order the architecture performs them.
Outcome Execute(const Case& c, AdditionObserver* observer = nullptr);

}  // namespace vfadd

#endif  // VFADD_VECTOR_H_
