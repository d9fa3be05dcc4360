// SPDX-License-Identifier: Apache-2.0
// The functional coverage model: classification of operands and results, the bins and their
// reachability, sampling, and the database. The reports are in fcov_report.cc.
//
// Result classes come from the operands' exact sum (an integer sum of the two significands,
// aligned), not from the model's rounding: the only things taken from the golden model's answer
// are the result bits and OFC.
#include "fcov.h"

#include <algorithm>
#include <cinttypes>
#include <sstream>
#include <type_traits>

#include "vfadd/text.h"

namespace vfadd {
namespace fcov {
namespace {

// Types are indexed as in kAllFmts (FmtIndex).
std::string TypeName(int t) { return std::string(1, FmtLetter(kAllFmts[t])); }

// The FPCR crosses: column c = RMode*8 + FZ*4 + FZ16*2 + DN.
constexpr int kNumFpcrCombos = 32;
int FpcrCombo(Fpcr p) {
  return static_cast<int>(p.rmode()) * 8 + p.fz() * 4 + p.fz16() * 2 + p.dn();
}
uint32_t ComboBits(int c) {
  return static_cast<uint32_t>(c >> 3) << Fpcr::kRModeLsb | ((c >> 2) & 1u) << Fpcr::kFzBit |
         ((c >> 1) & 1u) << Fpcr::kFz16Bit | (c & 1u) << Fpcr::kDnBit;
}
std::string ComboName(int c) {
  static const char* kModes[] = {"RN", "RP", "RM", "RZ"};
  std::string s = kModes[c >> 3];
  if (c & 4) s += ".FZ";
  if (c & 2) s += ".FZ16";
  if (c & 1) s += ".DN";
  return s;
}

bool IsNaN(OperandClass c) { return c == OperandClass::kQNaN || c == OperandClass::kSNaN; }
bool IsInf(OperandClass c) { return c == OperandClass::kPosInf || c == OperandClass::kNegInf; }

// A finite encoding as (-1)^neg * sig * 2^exp; flushed subnormals have sig 0.
struct Finite {
  bool neg = false;
  int exp = 0;
  uint64_t sig = 0;
};
Finite Unpack(Fmt f, uint64_t bits, bool flush) {
  const int m = man_bits(f);
  const uint64_t frac = bits & ((uint64_t{1} << m) - 1);
  const int e = static_cast<int>((bits >> m) & ((uint64_t{1} << exp_bits(f)) - 1));
  Finite x;
  x.neg = (bits >> (fp_width(f) - 1)) & 1;
  if (e == 0) {
    x.exp = emin(f) - m;
    x.sig = flush ? 0 : frac;
  } else {
    x.exp = e - bias(f) - m;
    x.sig = frac | uint64_t{1} << m;
  }
  return x;
}

using U128 = unsigned __int128;
int Msb(U128 v) {  // v != 0
  const uint64_t hi = static_cast<uint64_t>(v >> 64);
  return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(static_cast<uint64_t>(v));
}

const std::vector<std::string> kFlagRows = {"IOC.set", "IOC.clear", "DZC.set", "DZC.clear",
                                            "OFC.set", "OFC.clear", "UFC.set", "UFC.clear",
                                            "IXC.set", "IXC.clear", "IDC.set", "IDC.clear"};
constexpr uint32_t kFlagBits[] = {kIOC, kDZC, kOFC, kUFC, kIXC, kIDC};

// Columns of the per-instruction groups.
enum PredCol { kPredAll, kPredNone, kPredMixed };  // x2: canonical, with junk bits
enum VlCol { kVl128, kVlMax, kVlNonPow2, kVlBelowMax };
enum FaddvCol { kVNaN, kVInvalid, kVInf, kVCancel, kVOverflow, kVPadded };
enum FaddaCol { kANone, kAOne, kASome, kAAll };
enum FaddpCol { kPNumbers, kPCancel, kPInf, kPInvalid, kPQNaN, kPSNaN };

int CeilPow2(int x) {
  int p = 1;
  while (p < x) p <<= 1;
  return p;
}
bool IsPow2(int x) { return (x & (x - 1)) == 0; }
int Levels(int vl, Fmt f) {  // FADDV tree levels at VL
  int n = 0;
  for (int leaves = CeilPow2(vl) / fp_width(f); leaves > 1; leaves >>= 1) ++n;
  return n;
}

std::vector<Op> PredicatedOps() {
  std::vector<Op> ops;
  for (Op op : kAllOps) {
    if (IsPredicated(op)) ops.push_back(op);
  }
  return ops;
}

// Bin (r, col) of the group that starts at `first` and has `cols` columns.
void Hit(std::vector<uint32_t>* hits, size_t first, size_t cols, size_t r, size_t col) {
  hits->push_back(static_cast<uint32_t>(first + r * cols + col));
}

GenOptions Only(std::vector<Op> ops, int t) {
  GenOptions g;
  g.ops = std::move(ops);
  if (t >= 0) g.types = {kAllFmts[t]};
  return g;
}

// Narrows `o` by `by`: each list `by` gives replaces an empty one of `o` (no filter) and is
// intersected with a given one (FPCRs compared on RMode, FZ, FZ16 and DN). False when an
// intersection is empty: `o`'s filters exclude the bins `by` aims at.
bool Narrow(GenOptions* o, const GenOptions& by) {
  auto narrow = [](auto* have, const auto& want, auto same) {
    if (want.empty()) return true;
    if (have->empty()) {
      *have = want;
      return true;
    }
    std::remove_reference_t<decltype(*have)> both;
    for (const auto& h : *have) {
      for (const auto& w : want) {
        if (same(h, w)) {
          both.push_back(h);
          break;
        }
      }
    }
    *have = both;
    return !both.empty();
  };
  auto eq = [](auto x, auto y) { return x == y; };
  auto same_fpcr = [](uint32_t x, uint32_t y) { return FpcrCombo(Fpcr{x}) == FpcrCombo(Fpcr{y}); };
  return narrow(&o->ops, by.ops, eq) && narrow(&o->types, by.types, eq) &&
         narrow(&o->fpcrs, by.fpcrs, same_fpcr) && narrow(&o->vls, by.vls, eq);
}

}  // namespace

OperandClass ClassifyOperand(Fmt f, uint64_t bits) {
  const int m = man_bits(f);
  const uint64_t frac_mask = (uint64_t{1} << m) - 1, frac = bits & frac_mask;
  const uint64_t e_max = (uint64_t{1} << exp_bits(f)) - 1, e = (bits >> m) & e_max;
  const int neg = (bits >> (fp_width(f) - 1)) & 1;
  auto signed_class = [neg](OperandClass pos) {
    return static_cast<OperandClass>(static_cast<int>(pos) + neg);
  };
  if (e == e_max) {
    if (frac == 0) return signed_class(OperandClass::kPosInf);
    return (frac >> (m - 1)) & 1 ? OperandClass::kQNaN : OperandClass::kSNaN;
  }
  if (e == 0) return signed_class(frac ? OperandClass::kPosSubnormal : OperandClass::kPosZero);
  if (e == 1 && frac == 0) return signed_class(OperandClass::kPosMinNormal);
  if (e == e_max - 1 && frac == frac_mask) return signed_class(OperandClass::kPosMaxNormal);
  return signed_class(OperandClass::kPosNormal);
}

const char* OperandClassName(OperandClass c) {
  static const char* kNames[kNumOperandClasses] = {"+0",   "-0",    "+sub",  "-sub", "+min",
                                                   "-min", "+norm", "-norm", "+max", "-max",
                                                   "+inf", "-inf",  "qnan",  "snan"};
  return kNames[static_cast<int>(c)];
}

const char* ResultClassName(ResultClass c) {
  static const char* kNames[kNumResultClasses] = {
      "zero",         "cancel",   "subnormal",   "flushed",        "exact",
      "round_down",   "round_up", "tie_down",    "tie_up",         "overflow_max",
      "overflow_inf", "inf",      "nan_invalid", "nan_propagated", "nan_default"};
  return kNames[static_cast<int>(c)];
}

ResultClass ClassifyResult(Fmt f, Fpcr fpcr, const Addition& add) {
  const OperandClass c1 = ClassifyOperand(f, add.op1), c2 = ClassifyOperand(f, add.op2);
  const OperandClass cr = ClassifyOperand(f, add.r.bits);
  if (IsNaN(cr)) {
    if (IsNaN(c1) || IsNaN(c2))
      return fpcr.dn() ? ResultClass::kNaNDefault : ResultClass::kNaNPropagated;
    return ResultClass::kNaNInvalid;
  }
  if (IsInf(cr)) return IsInf(c1) || IsInf(c2) ? ResultClass::kInf : ResultClass::kOverflowInf;
  if (add.r.flags & kOFC) return ResultClass::kOverflowMax;

  // Both operands are finite here: their exact sum decides the class.
  const bool flush = fpcr.flush(f);
  const uint64_t magnitude = width_mask(f) >> 1;
  Finite a = Unpack(f, add.op1, flush), b = Unpack(f, add.op2, flush);
  uint64_t a_mag = add.op1 & magnitude, b_mag = add.op2 & magnitude;
  if (add.sub) b.neg = !b.neg;
  if (a.sig == 0 && b.sig == 0) return ResultClass::kZero;
  if (a.sig == 0) a.exp = b.exp;
  if (b.sig == 0) b.exp = a.exp;
  if (a.exp < b.exp) std::swap(a, b), std::swap(a_mag, b_mag);
  const uint64_t r_mag = add.r.bits & magnitude;
  const int d = a.exp - b.exp, m = man_bits(f);
  if (d > 64) {
    // b is below 2^-11 of an ulp of a (a is normal): inexact, no tie; the result is a or its
    // neighbour away from (same signs) or towards zero (opposite signs).
    const bool up = a.neg == b.neg ? r_mag != a_mag : r_mag == a_mag;
    return up ? ResultClass::kRoundUp : ResultClass::kRoundDown;
  }
  const __int128 sa = static_cast<__int128>(a.sig) << d, sb = b.sig;
  const __int128 s = (a.neg ? -sa : sa) + (b.neg ? -sb : sb);
  if (s == 0) return ResultClass::kCancel;
  if (r_mag == 0) return ResultClass::kFlushed;
  const U128 mag = s < 0 ? static_cast<U128>(-s) : static_cast<U128>(s);
  const int top = Msb(mag) + b.exp;  // the exponent of the sum's leading bit
  if (top < emin(f)) return ResultClass::kSubnormal;
  const int k = top - m - b.exp;  // bits below the result's ulp
  if (k <= 0 || (mag & ((U128{1} << k) - 1)) == 0) return ResultClass::kExact;
  const U128 rest = mag & ((U128{1} << k) - 1);
  const bool tie = rest == U128{1} << (k - 1);
  const U128 truncated = mag >> k;  // at exponent u = top - m
  const Finite r = Unpack(f, add.r.bits, false);
  const int u = top - m;
  const bool up = r.exp >= u ? (static_cast<U128>(r.sig) << (r.exp - u)) > truncated
                             : r.sig > (truncated << (u - r.exp));
  if (tie) return up ? ResultClass::kTieUp : ResultClass::kTieDown;
  return up ? ResultClass::kRoundUp : ResultClass::kRoundDown;
}

// ------------------------------------------------------------------------------------------
// The model

template <typename Reason>
size_t Model::Add(Group g, Reason reason) {
  g.first = reasons_.size();
  for (size_t r = 0; r < g.rows.size(); ++r) {
    for (size_t c = 0; c < g.cols.size(); ++c) reasons_.push_back(reason(r, c));
  }
  groups_.push_back(std::move(g));
  return groups_.back().first;
}

Model::Model(int max_vl) : max_vl_(max_vl) {
  std::vector<int> vls;
  for (int v = kMinVl; v <= max_vl; v += 128) vls.push_back(v);
  auto none = [](size_t, size_t) { return std::string(); };
  std::vector<std::string> classes, imms = {"0.5", "1.0"}, combos, results;
  for (int i = 0; i < kNumOperandClasses; ++i) {
    classes.push_back(OperandClassName(static_cast<OperandClass>(i)));
  }
  for (int c = 0; c < kNumFpcrCombos; ++c) combos.push_back(ComboName(c));
  for (int i = 0; i < kNumResultClasses; ++i) {
    results.push_back(ResultClassName(static_cast<ResultClass>(i)));
  }
  std::vector<GenOptions> combo_aim(kNumFpcrCombos);
  for (int c = 0; c < kNumFpcrCombos; ++c) combo_aim[c].fpcrs = {ComboBits(c)};

  // Operand classes per operation and type.
  for (int o = 0; o < kNumOps; ++o) {
    const Op op = kAllOps[o];
    for (int t = 0; t < kNumFmts; ++t) {
      Group g;
      g.name = std::string("operands.") + OpName(op) + "." + TypeName(t);
      g.aim = Only({op}, t);
      if (IsImmediate(op)) {
        g.title =
            std::string(OpName(op)) + "." + TypeName(t) + ": the class of Zdn with each immediate";
        g.row_axis = "Zdn", g.col_axis = "immediate";
        g.rows = classes, g.cols = imms;
      } else {
        g.title = std::string(OpName(op)) + "." + TypeName(t) + ": operand classes of " +
                  (op == Op::kFaddv   ? "each sum of two leaves"
                   : op == Op::kFadda ? "each step (accumulator, element)"
                                      : "each active element");
        g.row_axis = "op1", g.col_axis = "op2";
        g.rows = g.cols = classes;
      }
      operands_[o][t] = Add(g, none);
    }
  }

  // Result classes and flags, crossed with the FPCR.
  for (int t = 0; t < kNumFmts; ++t) {
    const Fmt f = kAllFmts[t];
    const char* flush_name = f == Fmt::kH ? "FZ16" : "FZ";
    auto flushes = [f](size_t c) { return f == Fmt::kH ? (c & 2) != 0 : (c & 4) != 0; };
    Group g;
    g.name = "results." + TypeName(t);
    g.title = TypeName(t) + ": the class of each result under each RMode, FZ, FZ16 and DN";
    g.row_axis = "result", g.col_axis = "FPCR";
    g.rows = results, g.cols = combos;
    g.aim = Only({}, t);
    g.col_aim = combo_aim;
    results_[t] = Add(g, [&](size_t r, size_t c) -> std::string {
      const auto rc = static_cast<ResultClass>(r);
      const int mode = static_cast<int>(c >> 3);
      if (rc == ResultClass::kSubnormal && flushes(c)) {
        return std::string(flush_name) + " flushes every subnormal result to zero";
      }
      if (rc == ResultClass::kFlushed && !flushes(c)) {
        return std::string("nothing is flushed with ") + flush_name + " clear";
      }
      if (rc == ResultClass::kNaNPropagated && (c & 1)) return "DN replaces every NaN result";
      if (rc == ResultClass::kNaNDefault && !(c & 1)) return "without DN a NaN operand propagates";
      if (rc == ResultClass::kOverflowInf && mode == 3) return "RZ overflows to the largest normal";
      if (rc == ResultClass::kOverflowMax && mode == 0) return "RN overflows to infinity";
      if ((rc == ResultClass::kRoundUp || rc == ResultClass::kTieUp) && mode == 3) {
        return "RZ never rounds away from zero";
      }
      return "";
    });
    g.name = "flags." + TypeName(t);
    g.title = TypeName(t) + ": each flag raised and not raised by each addition, per FPCR";
    g.row_axis = "flag";
    g.rows = kFlagRows;
    flags_[t] = Add(g, [&](size_t r, size_t c) -> std::string {
      if (r % 2) return "";  // not raised: always reachable
      const uint32_t flag = kFlagBits[r / 2];
      if (flag == kDZC) return "an addition never divides by zero";
      if (flag == kUFC && !flushes(c)) {
        return std::string("a tiny sum is exact, so UFC comes only from a result flushed by ") +
               flush_name;
      }
      if (flag == kIDC && f == Fmt::kH)
        return "half precision never raises IDC (FZ16 flushes without it)";
      if (flag == kIDC && !(c & 4)) return "IDC comes only from a subnormal operand flushed by FZ";
      return "";
    });
  }

  // Predicate patterns, VL classes: per operation and type.
  const std::vector<Op> predicated = PredicatedOps();
  std::vector<std::string> all_ops;
  std::vector<GenOptions> op_aim, pred_aim;
  for (int o = 0; o < kNumOps; ++o) {
    all_ops.push_back(OpName(kAllOps[o]));
    op_aim.push_back(Only({kAllOps[o]}, -1));
  }
  std::vector<std::string> pred_rows;
  for (Op op : predicated) pred_rows.push_back(OpName(op)), pred_aim.push_back(Only({op}, -1));
  std::vector<GenOptions> vl_aim(4);
  bool non_pow2 = false;
  for (int v : vls) {
    if (v == 128) vl_aim[kVl128].vls.push_back(v);
    if (v == max_vl) vl_aim[kVlMax].vls.push_back(v);
    if (!IsPow2(v)) vl_aim[kVlNonPow2].vls.push_back(v), non_pow2 = true;
    if (v < max_vl) vl_aim[kVlBelowMax].vls.push_back(v);
  }
  for (int t = 0; t < kNumFmts; ++t) {
    Group g;
    g.name = "predicates." + TypeName(t);
    g.title = TypeName(t) +
              ": governing predicate patterns per operation (junk: bits set "
              "between the elements' bits)";
    g.row_axis = "operation", g.col_axis = "pattern";
    g.rows = pred_rows;
    g.cols = {"all", "all+junk", "none", "none+junk", "mixed", "mixed+junk"};
    g.aim = Only({}, t);
    g.row_aim = pred_aim;
    predicates_[t] = Add(g, none);
    g = Group();
    g.name = "vl." + TypeName(t);
    g.title = TypeName(t) + ": vector length classes per operation (this build's maximum: " +
              std::to_string(max_vl) + ")";
    g.row_axis = "operation", g.col_axis = "VL";
    g.rows = all_ops;
    g.cols = {"128", "max", "non_pow2", "below_max"};
    g.aim = Only({}, t);
    g.row_aim = op_aim;
    g.col_aim = vl_aim;
    vls_[t] = Add(g, [&](size_t, size_t c) -> std::string {
      if (c == kVlNonPow2 && !non_pow2) {
        return "every VL up to " + std::to_string(max_vl) + " is a power of two";
      }
      if (c == kVlBelowMax && max_vl == kMinVl) return "the built maximum is 128";
      return "";
    });
  }

  // FADDV level by level, FADDA's active counts, FADDP's pair kinds.
  for (int t = 0; t < kNumFmts; ++t) {
    const Fmt f = kAllFmts[t];
    Group g;
    g.name = "faddv." + TypeName(t);
    g.title = "faddv." + TypeName(t) +
              ": what each level of the reduction tree sees (level 1 adds "
              "two leaves)";
    g.row_axis = "level", g.col_axis = "event";
    for (int l = 1; l <= Levels(max_vl, f); ++l) {
      g.rows.push_back(std::to_string(l));
      GenOptions aim;
      for (int v : vls) {
        if (Levels(v, f) >= l) aim.vls.push_back(v);
      }
      g.row_aim.push_back(aim);
    }
    g.cols = {"nan", "invalid", "inf", "cancel", "overflow", "padded"};
    g.col_aim.resize(g.cols.size());
    g.col_aim[kVPadded].vls = vl_aim[kVlNonPow2].vls;
    g.aim = Only({Op::kFaddv}, t);
    faddv_[t] = Add(g, [&](size_t r, size_t c) -> std::string {
      if (c != kVPadded) return "";
      // Right subtree of a level-L node: 2^(L-1) leaves, all padding only when some VL pads
      // that many elements past its end.
      const int need = (1 << r) * fp_width(f);
      int most = 0;
      for (int v : vls) most = std::max(most, CeilPow2(v) - v);
      if (most >= need) return "";
      if (static_cast<int>(r) + 1 == Levels(max_vl, f) && most == 0) {
        return "every VL up to " + std::to_string(max_vl) + " is a power of two: no padding";
      }
      return "no VL up to " + std::to_string(max_vl) + " pads " + std::to_string(1 << r) +
             " elements (the upper half of a tree always holds an element)";
    });
    g = Group();
    g.name = "faddp." + TypeName(t);
    g.title = "faddp." + TypeName(t) +
              ": the kind of each pair, from Zdn (even results) and Zm "
              "(odd results)";
    g.row_axis = "pair", g.col_axis = "kind";
    g.rows = {"Zdn", "Zm"};
    g.cols = {"numbers", "cancel", "inf", "invalid", "qnan", "snan"};
    g.aim = Only({Op::kFaddp}, t);
    faddp_[t] = Add(g, none);
  }
  Group g;
  g.name = "fadda";
  g.title = "fadda: how many elements are active";
  g.row_axis = "type", g.col_axis = "active";
  g.cols = {"none", "one", "some", "all"};
  g.aim = Only({Op::kFadda}, -1);
  for (int t = 0; t < kNumFmts; ++t) {
    g.rows.push_back(TypeName(t));
    g.row_aim.push_back(Only({}, t));
  }
  fadda_ = Add(g, [&](size_t r, size_t c) -> std::string {
    const int most = max_vl / fp_width(kAllFmts[r]);  // elements at the largest VL
    if (c == kASome && most < 3) {
      return "at most " + std::to_string(most) + " elements: none, one or all are active";
    }
    return "";
  });

  // How the case reached the unit.
  g = Group();
  g.name = "stimulus";
  g.title =
      "how each case reached the unit: as fields (req_op_i, req_fmt_i) or as an "
      "instruction word for the RTL's decoder (req_raw_i)";
  g.row_axis = "operation", g.col_axis = "type.path";
  g.rows = all_ops;
  for (int t = 0; t < kNumFmts; ++t) {
    for (const char* path : {".fields", ".word"}) g.cols.push_back(TypeName(t) + path);
    g.col_aim.push_back(Only({}, t));
    g.col_aim.push_back(Only({}, t));
  }
  g.row_aim = op_aim;
  stimulus_ = Add(g, none);
}

const Group& Model::GroupOf(size_t i, size_t* row, size_t* col) const {
  auto it = std::upper_bound(groups_.begin(), groups_.end(), i,
                             [](size_t v, const Group& g) { return v < g.first; });
  const Group& g = *(it - 1);
  *row = (i - g.first) / g.cols.size();
  *col = (i - g.first) % g.cols.size();
  return g;
}

bool Model::Find(const std::string& group, const std::string& row, const std::string& col,
                 size_t* i) const {
  for (const Group& g : groups_) {
    if (g.name != group) continue;
    const auto r = std::find(g.rows.begin(), g.rows.end(), row);
    const auto c = std::find(g.cols.begin(), g.cols.end(), col);
    if (r == g.rows.end() || c == g.cols.end()) return false;
    *i = g.first + (r - g.rows.begin()) * g.cols.size() + (c - g.cols.begin());
    return true;
  }
  return false;
}

bool Model::Aim(size_t i, const GenOptions& base, GenOptions* aimed) const {
  size_t row, col;
  const Group& g = GroupOf(i, &row, &col);
  *aimed = base;
  return Narrow(aimed, g.aim) && (g.row_aim.empty() || Narrow(aimed, g.row_aim[row])) &&
         (g.col_aim.empty() || Narrow(aimed, g.col_aim[col]));
}

Outcome Model::Sample(const Case& c, std::vector<uint32_t>* hits, bool word) const {
  const Fmt f = c.fmt;
  const int t = FmtIndex(f), o = static_cast<int>(c.op), n = Elements(c);
  const Fpcr fpcr{c.fpcr};
  const int combo = FpcrCombo(fpcr);
  auto hit = [hits](size_t first, size_t cols, size_t r, size_t col) {
    Hit(hits, first, cols, r, col);
  };

  struct Observer : AdditionObserver {
    const Model* m;
    const Case* c;
    std::vector<uint32_t>* hits;
    int t, o, n, combo;
    Fpcr fpcr;
    void Observe(const Addition& add) override {
      const Fmt f = c->fmt;
      auto hit = [this](size_t first, size_t cols, size_t r, size_t col) {
        Hit(hits, first, cols, r, col);
      };
      const OperandClass c1 = ClassifyOperand(f, add.op1), c2 = ClassifyOperand(f, add.op2);
      const ResultClass rc = ClassifyResult(f, fpcr, add);
      if (IsImmediate(c->op)) {
        const OperandClass zdn = c->op == Op::kFsubrI ? c2 : c1;
        hit(m->operands_[o][t], 2, static_cast<size_t>(zdn), c->imm_one);
      } else if (c->op != Op::kFaddv || add.level == 1) {
        hit(m->operands_[o][t], kNumOperandClasses, static_cast<size_t>(c1),
            static_cast<size_t>(c2));
      }
      hit(m->results_[t], kNumFpcrCombos, static_cast<size_t>(rc), combo);
      for (int k = 0; k < 6; ++k) {
        hit(m->flags_[t], kNumFpcrCombos, 2 * k + !(add.r.flags & kFlagBits[k]), combo);
      }
      const bool nan = IsNaN(c1) || IsNaN(c2);
      if (c->op == Op::kFaddv) {
        const size_t first = m->faddv_[t], row = add.level - 1, cols = 6;
        if (nan) hit(first, cols, row, kVNaN);
        if (rc == ResultClass::kNaNInvalid) hit(first, cols, row, kVInvalid);
        if (rc == ResultClass::kInf || rc == ResultClass::kOverflowInf)
          hit(first, cols, row, kVInf);
        if (rc == ResultClass::kCancel) hit(first, cols, row, kVCancel);
        if (add.r.flags & kOFC) hit(first, cols, row, kVOverflow);
        if (add.element + (1 << (add.level - 1)) >= n) hit(first, cols, row, kVPadded);
      }
      if (c->op == Op::kFaddp) {
        FaddpCol kind = kPNumbers;
        if (c1 == OperandClass::kSNaN || c2 == OperandClass::kSNaN)
          kind = kPSNaN;
        else if (nan)
          kind = kPQNaN;
        else if (rc == ResultClass::kNaNInvalid)
          kind = kPInvalid;
        else if (IsInf(c1) || IsInf(c2))
          kind = kPInf;
        else if (rc == ResultClass::kCancel)
          kind = kPCancel;
        hit(m->faddp_[t], 6, add.element % 2, kind);
      }
    }
  } obs;
  obs.m = this, obs.c = &c, obs.hits = hits, obs.t = t, obs.o = o, obs.n = n, obs.combo = combo;
  obs.fpcr = fpcr;
  const Outcome outcome = Execute(c, &obs);

  int active = 0;
  for (int e = 0; e < n; ++e) active += ElementActive(c, e);
  if (IsPredicated(c.op)) {
    static const std::vector<Op> kPredicated = PredicatedOps();
    const size_t row =
        std::find(kPredicated.begin(), kPredicated.end(), c.op) - kPredicated.begin();
    const int step = fp_width(f) / 8;
    bool junk = false;
    for (int i = 0; i < c.vl / 8 && !junk; ++i) {
      junk = i % step != 0 && ((c.pg[i / 64] >> (i % 64)) & 1);
    }
    const int pattern = active == n ? kPredAll : active == 0 ? kPredNone : kPredMixed;
    hit(predicates_[t], 6, row, 2 * pattern + junk);
  }
  if (c.vl == kMinVl) hit(vls_[t], 4, o, kVl128);
  if (c.vl == max_vl_) hit(vls_[t], 4, o, kVlMax);
  if (!IsPow2(c.vl)) hit(vls_[t], 4, o, kVlNonPow2);
  if (c.vl < max_vl_) hit(vls_[t], 4, o, kVlBelowMax);
  if (c.op == Op::kFadda) {
    hit(fadda_, 4, t, active == 0 ? kANone : active == 1 ? kAOne : active == n ? kAAll : kASome);
  }
  hit(stimulus_, 6, o, 2 * t + word);
  return outcome;
}

// ------------------------------------------------------------------------------------------
// The database

void Db::Add(const std::vector<uint32_t>& hits) {
  for (uint32_t i : hits) ++counts_[i];
  ++cases_;
}

bool Db::HitsHole(const std::vector<uint32_t>& hits) const {
  for (uint32_t i : hits) {
    if (counts_[i] == 0 && model_->Unreachable(i).empty()) return true;
  }
  return false;
}

void Db::Merge(const Db& other) {
  for (size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  cases_ += other.cases_;
}

Db::Figures Db::OfGroup(const Group& g) const {
  Figures fig;
  for (size_t i = g.first; i < g.first + g.size(); ++i) {
    if (!model_->Unreachable(i).empty()) continue;
    ++fig.reachable;
    fig.hit += counts_[i] != 0;
  }
  return fig;
}

Db::Figures Db::Total() const {
  Figures fig;
  for (const Group& g : model_->groups()) {
    const Figures f = OfGroup(g);
    fig.reachable += f.reachable, fig.hit += f.hit;
  }
  return fig;
}

std::vector<size_t> Db::Holes() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < counts_.size(); ++i) {
    if (!counts_[i] && model_->Unreachable(i).empty()) out.push_back(i);
  }
  return out;
}

std::vector<size_t> Db::UnreachableHits() const {
  std::vector<size_t> out;
  for (size_t i = 0; i < counts_.size(); ++i) {
    if (counts_[i] && !model_->Unreachable(i).empty()) out.push_back(i);
  }
  return out;
}

std::string Db::Serialize() const {
  std::string s = "vfadd-fcov 1 max_vl=" + std::to_string(model_->max_vl()) +
                  " cases=" + std::to_string(cases_) + "\n";
  for (const Group& g : model_->groups()) {
    for (size_t i = g.first; i < g.first + g.size(); ++i) {
      if (!counts_[i]) continue;
      const size_t k = i - g.first;
      s += g.name + " " + g.rows[k / g.cols.size()] + " " + g.cols[k % g.cols.size()] + " " +
           std::to_string(counts_[i]) + "\n";
    }
  }
  return s;
}

namespace {

// "vfadd-fcov 1 max_vl=M cases=N", M and N plain decimal (no sign, no overflow); a CRLF line end
// is accepted.
bool ParseHeader(std::string line, int* max_vl, uint64_t* cases) {
  static const std::string kHead = "vfadd-fcov 1 max_vl=", kCases = " cases=";
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const size_t at = line.find(kCases, kHead.size());
  uint64_t v = 0, c = 0;
  if (line.compare(0, kHead.size(), kHead) != 0 || at == std::string::npos ||
      !ParseU64(line.substr(kHead.size(), at - kHead.size()), 10, &v) ||
      !ParseU64(line.substr(at + kCases.size()), 10, &c) || v > kMaxVl ||
      !IsValidVl(static_cast<int>(v))) {
    return false;
  }
  *max_vl = static_cast<int>(v), *cases = c;
  return true;
}

}  // namespace

bool ReadDbHeader(const std::string& text, const std::string& where, int* max_vl,
                  std::string* error) {
  uint64_t cases;
  if (ParseHeader(text.substr(0, text.find('\n')), max_vl, &cases)) return true;
  *error = where +
           ":1: expected the header of a coverage database 'vfadd-fcov 1 max_vl=M "
           "cases=N' (written by vfadd regress --coverage)";
  return false;
}

bool ParseDb(const std::string& text, const std::string& where, const Model& m, Db* db,
             std::string* error) {
  std::istringstream in(text);
  std::string line;
  int max_vl = 0;
  uint64_t cases = 0;
  if (!std::getline(in, line) || !ParseHeader(line, &max_vl, &cases)) {
    return ReadDbHeader(text, where, &max_vl, error);
  }
  if (max_vl != m.max_vl()) {
    *error = where + ":1: a database of a build with maximum VL " + std::to_string(max_vl) +
             ", expected " + std::to_string(m.max_vl()) +
             " (databases of different builds have "
             "different bins)";
    return false;
  }
  std::vector<uint64_t> counts(m.size(), 0);
  for (int n = 2; std::getline(in, line); ++n) {
    const std::string at = where + ":" + std::to_string(n) + ": ";
    std::istringstream fields(line);
    std::string group, row, col, count, extra;
    fields >> group >> row >> col >> count;
    size_t i;
    if (count.empty() || fields >> extra) {
      *error = at + "expected 'group row column count'";
      return false;
    }
    // Input text is quoted (Quote): it may be binary or megabytes long.
    if (!m.Find(group, row, col, &i)) {
      *error =
          at + "no bin " + Quote(row + " " + col) + " in group " + Quote(group) + " of this model";
      return false;
    }
    uint64_t v = 0;
    if (!ParseU64(count, 10, &v)) {
      *error = at + "field 4 'count': expected a decimal count below 2^64, got " + Quote(count);
      return false;
    }
    const uint64_t sum = counts[i] + v;
    if (sum < v || db->counts_[i] + sum < sum) {
      *error = at + "field 4 'count': the sum of the counts of this bin overflows 64 bits";
      return false;
    }
    counts[i] += v;
  }
  if (db->cases_ + cases < cases) {
    *error = where + ":1: cases=" + std::to_string(cases) +
             ": the sum of the databases' cases "
             "overflows 64 bits";
    return false;
  }
  for (size_t i = 0; i < counts.size(); ++i) db->counts_[i] += counts[i];
  db->cases_ += cases;
  return true;
}

}  // namespace fcov
}  // namespace vfadd
