// SPDX-License-Identifier: Apache-2.0
// Functional coverage of the FADD family, in the spirit of IBM's FPgen models adapted to Arm and
// SVE: operand classes crossed per operation and type, result classes and flags crossed with
// the FPCR, predicate patterns, VL classes, the FADDV tree level by level, FADDA and FADDP.
//
// A Model is the list of bins for one build (the VL classes and FADDV levels depend on the
// built maximum VL); a Db counts the hits of each bin. Every checked case is sampled through the
// golden model's observer (each scalar addition the instruction performs). Bins that no case
// can hit carry the reason, and are left out of the percentages. See verif/README.md.
#ifndef VFADD_VERIF_FCOV_H_
#define VFADD_VERIF_FCOV_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gen.h"
#include "vfadd/vector.h"

namespace vfadd {
namespace fcov {

// Operand classes of one encoding (no flushing applied; a NaN's sign is not a class).
enum class OperandClass : uint8_t {
  kPosZero,
  kNegZero,
  kPosSubnormal,
  kNegSubnormal,
  kPosMinNormal,
  kNegMinNormal,
  kPosNormal,
  kNegNormal,
  kPosMaxNormal,
  kNegMaxNormal,
  kPosInf,
  kNegInf,
  kQNaN,
  kSNaN,
};
constexpr int kNumOperandClasses = 14;
OperandClass ClassifyOperand(Fmt f, uint64_t bits);
const char* OperandClassName(OperandClass c);  // "+0", "-sub", "+min", "+max", "qnan", ...

// What one addition produced.
enum class ResultClass : uint8_t {
  kZero,           // 0 + 0 (after input flushing)
  kCancel,         // an exact zero from non-zero operands
  kSubnormal,      // a subnormal result (always exact for addition)
  kFlushed,        // a non-zero sum flushed to zero (FZ, FZ16)
  kExact,          // a normal result, exact
  kRoundDown,      // normal, inexact, magnitude rounded down (not a tie)
  kRoundUp,        // normal, inexact, magnitude rounded up (not a tie)
  kTieDown,        // exactly half way, rounded towards zero
  kTieUp,          // exactly half way, rounded away from zero
  kOverflowMax,    // overflow to the largest normal
  kOverflowInf,    // overflow to infinity
  kInf,            // an infinity from an infinite operand
  kNaNInvalid,     // the default NaN of an invalid operation (inf - inf)
  kNaNPropagated,  // a NaN operand propagated (quietened)
  kNaNDefault,     // a NaN operand replaced by the default NaN (DN)
};
constexpr int kNumResultClasses = 15;
// The class of `add` (as Execute reports it) under `fpcr`, from the operands' exact sum.
ResultClass ClassifyResult(Fmt f, Fpcr fpcr, const Addition& add);
const char* ResultClassName(ResultClass c);

// One group of bins: a grid of rows x cols (a cross of two coverpoints).
struct Group {
  std::string name;                // "operands.fadd.h", "results.s", ...
  std::string title;               // one line for the report
  std::string row_axis, col_axis;  // what rows and columns are
  std::vector<std::string> rows, cols;
  size_t first = 0;                          // index of bin (0, 0) in the model
  GenOptions aim;                            // ops / types / FPCR / VLs that can reach the bins
  std::vector<GenOptions> row_aim, col_aim;  // when not empty: narrower, per row / column
  size_t size() const { return rows.size() * cols.size(); }
};

class Model {
 public:
  explicit Model(int max_vl);  // the VLs the model can see: 128 .. max_vl
  int max_vl() const { return max_vl_; }
  size_t size() const { return reasons_.size(); }
  const std::vector<Group>& groups() const { return groups_; }
  // Empty when bin `i` is reachable, else why no case can hit it.
  const std::string& Unreachable(size_t i) const { return reasons_[i]; }
  // The group of bin i and its row and column.
  const Group& GroupOf(size_t i, size_t* row, size_t* col) const;
  // Appends the bins case `c` hits (one entry per hit: a bin hit twice appears twice). `word`:
  // the case reached the unit as an instruction word for the RTL to decode. Returns the golden
  // model's outcome of c (sampling executes it).
  Outcome Sample(const Case& c, std::vector<uint32_t>* hits, bool word = false) const;
  // Generator options aimed at bin i: `base` narrowed to the ops, type, FPCR and VLs that can
  // reach it. False when base's filters exclude the bin.
  bool Aim(size_t i, const GenOptions& base, GenOptions* aimed) const;
  // The bin of (group name, row, col); false when there is none.
  bool Find(const std::string& group, const std::string& row, const std::string& col,
            size_t* i) const;

 private:
  // Appends a group; reason(row, col) says why a bin is unreachable ("" when it is not).
  template <typename Reason>
  size_t Add(Group g, Reason reason);
  int max_vl_;
  std::vector<Group> groups_;
  std::vector<std::string> reasons_;
  // Where the groups of each kind start (indexed by op / type).
  size_t operands_[kNumOps][kNumFmts] = {}, results_[kNumFmts] = {}, flags_[kNumFmts] = {},
         predicates_[kNumFmts] = {}, vls_[kNumFmts] = {}, faddv_[kNumFmts] = {}, fadda_ = 0,
         faddp_[kNumFmts] = {}, stimulus_ = 0;
};

// The kind of a group: its name up to the first '.' ("operands.fadd.h": "operands").
std::string KindOf(const Group& g);

// Hit counts of a Model's bins.
class Db {
 public:
  explicit Db(const Model& m) : model_(&m), counts_(m.size(), 0) {}
  const Model& model() const { return *model_; }
  uint64_t cases() const { return cases_; }
  uint64_t count(size_t i) const { return counts_[i]; }
  // Counts one sampled case's hits.
  void Add(const std::vector<uint32_t>& hits);
  // True when one of `hits` is a reachable bin not yet hit.
  bool HitsHole(const std::vector<uint32_t>& hits) const;
  void Merge(const Db& other);        // same model
  std::vector<size_t> Holes() const;  // the reachable bins not hit

  struct Figures {
    uint64_t reachable = 0, hit = 0;
  };
  Figures Total() const;
  Figures OfGroup(const Group& g) const;
  // The figures of each kind of group (the name up to its first '.': "operands", "results",
  // ...), in model order.
  std::vector<std::pair<std::string, Figures>> Kinds() const;
  // Bins hit that the model says are unreachable: a bug in the model or in the RTL's checker.
  std::vector<size_t> UnreachableHits() const;

  // The database as text: "vfadd-fcov 1 max_vl=M cases=N" then "group row col count" lines for
  // the bins hit.
  std::string Serialize() const;
  // One sentence: cases, the percentage of reachable bins hit, holes, unreachable bins.
  std::string Headline() const;
  // Reports to markdown and HTML (`title` heads both).
  std::string Markdown(const std::string& title) const;
  std::string Html(const std::string& title) const;

 private:
  friend bool ParseDb(const std::string&, const std::string&, const Model&, Db*, std::string*);
  const Model* model_;
  std::vector<uint64_t> counts_;
  uint64_t cases_ = 0;
};

// The percentage of f's reachable bins hit, floored to one decimal (99.96% is not 100%); -1
// when no bin is reachable.
double PercentHit(const Db::Figures& f);

// The max_vl of a serialized database (its header), so that the right Model can be built
// before parsing; false with *error ("FILE:1: ...") when the header is not one.
bool ReadDbHeader(const std::string& text, const std::string& where, int* max_vl,
                  std::string* error);
// Adds the counts of serialized `text` (from `where`, for errors: "WHERE:LINE: ...") to *db.
bool ParseDb(const std::string& text, const std::string& where, const Model& m, Db* db,
             std::string* error);

}  // namespace fcov
}  // namespace vfadd

#endif  // VFADD_VERIF_FCOV_H_
