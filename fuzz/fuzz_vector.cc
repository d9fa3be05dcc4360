// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the model's vector instructions (Execute, model/include/vfadd/vector.h).
//
// Input layout (bytes):
//   0     op: the Op, modulo 11
//   1     t: 1 + (byte % 3) = H, S, D
//   2     vl: 128 * (1 + (byte % 16)), every legal VL from 128 to 2048
//   3..6  fpcr, little-endian (all 32 bits: the ones the add family ignores included)
//   7     bit 0: the immediate is #1.0 (else #0.5); bits 2:1: the predicate: 0 or 3 from the
//         data, 1 every bit set, 2 no bit set
//   8..   data: the predicate (vl/8 bits), then a (vl bits; fadda: the scalar, esize bits; faddv:
//         none), then b (vl bits; the immediate forms: none), taken from these bytes cyclically
//         (all zero when there are none)
//
// Properties checked, each true by the architecture (section 6 of docs/semantics.md):
//  * determinism: the same case twice gives the same bits and flags;
//  * shape: a vector result has VL bits and nothing above (vl/64 words); FADDA and FADDV give
//    one element, zero above esize;
//  * flags: only IOC, OFC, UFC, IXC, IDC (an addition never divides by zero); IDC only with
//    FZ = 1 in single and double precision (never in half, section 2);
//  * the additions Execute reports are what FpAdd/FpSub give on their operands, the flags are
//    their OR, and each element's operands are those of the section 6 table (e.g. FSUBR: op1 =
//    Zm); inactive elements perform no addition and keep Zdn; the unpredicated forms have no
//    inactive element; FADDA adds the active elements in ascending order into the accumulator;
//    FADDV adds CeilPow2(VL) / esize - 1 times and gives +0 with no flag when nothing is active;
//  * FPCR bits other than FZ16, RMode, FZ and DN change nothing (AH = 0, no FEAT_AFP);
//  * fadd_u / fsub_u equal fadd / fsub under an all-true predicate;
//  * fsubr(a, b) equals fsub(b, a) in the active elements, flags included;
//  * fadd is commutative in the active elements where a and b are not both NaN (with two NaNs
//    op1's propagates), and its flags are the same either way.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_check.h"
#include "vfadd/fp.h"
#include "vfadd/vector.h"

namespace vfadd {
namespace {

class Recorder : public AdditionObserver {
 public:
  void Observe(const Addition& add) override { adds.push_back(add); }
  std::vector<Addition> adds;
};

// Bytes after the header, cyclically.
class Data {
 public:
  Data(const uint8_t* p, size_t n) : p_(p), n_(n) {}
  uint64_t Byte() { return n_ == 0 ? 0 : p_[i_++ % n_]; }
  // `bits` bits (a multiple of 8) into ceil(bits / 64) words.
  Bits Take(int bits) {
    Bits v((bits + 63) / 64, 0);
    for (int k = 0; k < bits / 8; ++k) v[k / 8] |= Byte() << (8 * (k % 8));
    return v;
  }

 private:
  const uint8_t* p_;
  size_t n_;
  size_t i_ = 0;
};

constexpr uint32_t kUsedFpcrBits =
    (1u << Fpcr::kFz16Bit) | (3u << Fpcr::kRModeLsb) | (1u << Fpcr::kFzBit) | (1u << Fpcr::kDnBit);

bool IsNaNBits(Fmt f, uint64_t bits) {
  const FpClass k = Classify(f, bits);
  return k == FpClass::kQNaN || k == FpClass::kSNaN;
}

uint64_t Elem(const Case& c, const Bits& v, int e) {
  const int esize = fp_width(c.fmt);
  return GetField(v, e * esize, esize);
}

bool SameOutcome(const Outcome& x, const Outcome& y) { return x.res == y.res && x.fpsr == y.fpsr; }

// The operands and operation of active element e of an element-wise op (section 6 table).
void ExpectedOperands(const Case& c, int e, uint64_t* op1, uint64_t* op2, bool* sub) {
  const uint64_t imm = ImmediateBits(c.fmt, c.imm_one);
  const uint64_t a = Elem(c, c.a, e);
  switch (c.op) {
    case Op::kFadd:
    case Op::kFaddU:
      *op1 = a, *op2 = Elem(c, c.b, e), *sub = false;
      break;
    case Op::kFsub:
    case Op::kFsubU:
      *op1 = a, *op2 = Elem(c, c.b, e), *sub = true;
      break;
    case Op::kFaddI:
      *op1 = a, *op2 = imm, *sub = false;
      break;
    case Op::kFsubI:
      *op1 = a, *op2 = imm, *sub = true;
      break;
    case Op::kFsubr:
      *op1 = Elem(c, c.b, e), *op2 = a, *sub = true;
      break;
    case Op::kFsubrI:
      *op1 = imm, *op2 = a, *sub = true;
      break;
    case Op::kFaddp:
      if (e % 2 == 0)
        *op1 = a, *op2 = Elem(c, c.a, e + 1);
      else
        *op1 = Elem(c, c.b, e - 1), *op2 = Elem(c, c.b, e);
      *sub = false;
      break;
    default:
      FUZZ_CHECK(false && "not an element-wise op");
  }
}

void CheckAdditions(const Case& c, const Outcome& o, const std::vector<Addition>& adds) {
  const Fmt f = c.fmt;
  const Fpcr fpcr{c.fpcr};
  const int n = Elements(c);
  int p2 = 1;  // FADDV's leaves: CeilPow2(VL) / esize, the elements then +0.0 padding
  while (p2 < c.vl) p2 <<= 1;
  const int leaves = p2 / fp_width(f);
  uint32_t flags = 0;
  for (const Addition& add : adds) {
    const FpResult r =
        add.sub ? FpSub(f, add.op1, add.op2, fpcr) : FpAdd(f, add.op1, add.op2, fpcr);
    FUZZ_CHECK(r.bits == add.r.bits && r.flags == add.r.flags);
    FUZZ_CHECK((add.op1 & ~width_mask(f)) == 0 && (add.op2 & ~width_mask(f)) == 0);
    if (c.op == Op::kFaddv) {
      // The node's first leaf (padding included), a multiple of its 2^level leaves; 2048 / 16 =
      // 2^7 leaves at most.
      FUZZ_CHECK(!add.sub && add.level >= 1 && add.level <= 7);
      FUZZ_CHECK(add.element >= 0 && add.element < leaves && add.element % (1 << add.level) == 0);
    } else {
      FUZZ_CHECK(add.element >= 0 && add.element < n);
    }
    flags |= add.r.flags;
  }
  FUZZ_CHECK(o.fpsr == flags);

  std::vector<int> active;
  for (int e = 0; e < n; ++e) {
    if (ElementActive(c, e)) active.push_back(e);
  }
  if (!IsPredicated(c.op)) FUZZ_CHECK(static_cast<int>(active.size()) == n);

  if (c.op == Op::kFadda) {
    FUZZ_CHECK(adds.size() == active.size());
    uint64_t acc = c.a[0] & width_mask(f);
    for (size_t k = 0; k < adds.size(); ++k) {
      FUZZ_CHECK(adds[k].element == active[k] && !adds[k].sub && adds[k].level == 0);
      FUZZ_CHECK(adds[k].op1 == acc && adds[k].op2 == Elem(c, c.b, active[k]));
      acc = adds[k].r.bits;
    }
    FUZZ_CHECK(o.res[0] == acc);
    return;
  }
  if (c.op == Op::kFaddv) {
    FUZZ_CHECK(static_cast<int>(adds.size()) == leaves - 1);
    if (active.empty()) FUZZ_CHECK(o.res[0] == 0 && o.fpsr == 0);  // +0.0, exact
    return;
  }
  FUZZ_CHECK(adds.size() == active.size());
  size_t k = 0;
  for (int e = 0; e < n; ++e) {
    const uint64_t res = Elem(c, o.res, e);
    if (k < active.size() && active[k] == e) {
      const Addition& add = adds[k++];
      uint64_t op1 = 0, op2 = 0;
      bool sub = false;
      ExpectedOperands(c, e, &op1, &op2, &sub);
      FUZZ_CHECK(add.element == e && add.level == 0);
      FUZZ_CHECK(add.op1 == op1 && add.op2 == op2 && add.sub == sub);
      FUZZ_CHECK(res == add.r.bits);
    } else {
      FUZZ_CHECK(res == Elem(c, c.a, e));  // merging: inactive elements keep Zdn
    }
  }
}

void CheckCase(const Case& c) {
  const Fmt f = c.fmt;
  Recorder rec;
  const Outcome o = Execute(c, &rec);
  FUZZ_CHECK(SameOutcome(o, Execute(c)));

  if (IsScalarResult(c.op)) {
    FUZZ_CHECK(o.res.size() == 1 && (o.res[0] & ~width_mask(f)) == 0);
  } else {
    FUZZ_CHECK(o.res.size() == static_cast<size_t>(c.vl / 64));
  }
  FUZZ_CHECK((o.fpsr & ~kAllFlags) == 0 && (o.fpsr & kDZC) == 0);
  if (f == Fmt::kH || !Fpcr{c.fpcr}.fz()) FUZZ_CHECK((o.fpsr & kIDC) == 0);
  CheckAdditions(c, o, rec.adds);

  // FPCR bits the add family does not use.
  Case used = c;
  used.fpcr &= kUsedFpcrBits;
  FUZZ_CHECK(SameOutcome(o, Execute(used)));

  const int n = Elements(c);
  Bits all_true((c.vl / 8 + 63) / 64, 0);
  for (int e = 0; e < n; ++e) SetField(&all_true, e * fp_width(f) / 8, 1, 1);
  // The unpredicated forms are the predicated ones under an all-true predicate.
  if (c.op == Op::kFaddU || c.op == Op::kFsubU) {
    Case pred = c;
    pred.op = c.op == Op::kFaddU ? Op::kFadd : Op::kFsub;
    pred.pg = all_true;
    FUZZ_CHECK(SameOutcome(o, Execute(pred)));
  }
  // FSUBR is FSUB with the operands swapped, in the active elements.
  if (c.op == Op::kFsubr) {
    Case swapped = c;
    swapped.op = Op::kFsub;
    swapped.a = c.b, swapped.b = c.a;
    const Outcome s = Execute(swapped);
    FUZZ_CHECK(s.fpsr == o.fpsr);
    for (int e = 0; e < n; ++e) {
      if (ElementActive(c, e)) FUZZ_CHECK(Elem(c, s.res, e) == Elem(c, o.res, e));
    }
  }
  // FADD is commutative but for the choice between two NaNs.
  if (c.op == Op::kFadd || c.op == Op::kFaddU) {
    Case swapped = c;
    swapped.a = c.b, swapped.b = c.a;
    const Outcome s = Execute(swapped);
    FUZZ_CHECK(s.fpsr == o.fpsr);
    for (int e = 0; e < n; ++e) {
      if (!ElementActive(c, e)) continue;
      if (IsNaNBits(f, Elem(c, c.a, e)) && IsNaNBits(f, Elem(c, c.b, e))) continue;
      FUZZ_CHECK(Elem(c, s.res, e) == Elem(c, o.res, e));
    }
  }
}

}  // namespace
}  // namespace vfadd

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vfadd;
  constexpr size_t kHeader = 8;
  if (size < kHeader) return 0;
  Case c;
  c.op = kAllOps[data[0] % kNumOps];
  c.fmt = kAllFmts[data[1] % kNumFmts];
  c.vl = 128 * (1 + data[2] % 16);
  c.fpcr = static_cast<uint32_t>(data[3]) | static_cast<uint32_t>(data[4]) << 8 |
           static_cast<uint32_t>(data[5]) << 16 | static_cast<uint32_t>(data[6]) << 24;
  const int pred_mode = (data[7] >> 1) & 3;
  Data d(data + kHeader, size - kHeader);
  if (IsPredicated(c.op)) {
    c.pg = d.Take(c.vl / 8);
    if (pred_mode == 1 || pred_mode == 2) {
      for (uint64_t& w : c.pg) w = pred_mode == 1 ? ~uint64_t{0} : 0;
      if (c.vl % 512 != 0) c.pg.back() &= (uint64_t{1} << (c.vl / 8 % 64)) - 1;
    }
  }
  const int esize = fp_width(c.fmt);
  if (c.op == Op::kFadda) {
    c.a = d.Take(esize);
  } else if (c.op != Op::kFaddv) {
    c.a = d.Take(c.vl);
  }
  if (IsImmediate(c.op)) {
    c.imm_one = data[7] & 1;
  } else {
    c.b = d.Take(c.vl);
  }
  CheckCase(c);
  return 0;
}
