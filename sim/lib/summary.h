// SPDX-License-Identifier: Apache-2.0
// The summary table of the vfadd tool (run --summary, summary, regress): counts per operation
// and element type.
#ifndef VFADD_TOOL_SUMMARY_H_
#define VFADD_TOOL_SUMMARY_H_

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "vfadd/fp.h"
#include "vfadd/vector.h"

namespace vfadd::tool {

// A table per operation and type: cases, active element operations, how many cases raised each
// flag; with RTL figures (rtl = true), also the mismatches against the golden model and the mean
// latency. Rows appear in the order of Op, then h, s, d; a row exists once it holds a case.
class Summary {
 public:
  // The counts of one row, or of the total: cases, active element operations, stimulus lines,
  // mismatches, the latency summed over the cases (cycles), and per flag the cases that raised
  // it (IOC DZC OFC UFC IXC IDC).
  struct Figures {
    uint64_t cases = 0, elems = 0, stim = 0, mismatches = 0, latency = 0;
    uint64_t flag[6] = {};
    void Accumulate(const Figures& x);
  };

  explicit Summary(bool rtl) : rtl_(rtl) {}
  bool rtl() const { return rtl_; }

  // Counts one case: its active elements, and the flags of its fpsr (0 for a stimulus line,
  // which is counted in the stimulus note instead).
  void Add(const Case& c, bool mismatch = false, uint64_t latency = 0);

  // The rows as text, one line each, for a worker process to hand its table to the parent:
  // "OP T CASES ELEMS STIM MISMATCHES LATENCY IOC DZC OFC UFC IXC IDC" with the trace names of
  // the operation and type (e.g. "fadd s 10 40 0 0 51 0 0 0 0 3 0"), single spaces, decimal.
  std::string Serialize() const;
  // Adds one line of Serialize (without its newline). False, with the table unchanged and
  // *error (when given) saying why, on an unknown operation or type, a field that is not a
  // decimal count, a wrong number of fields, or counts no table can hold (no case, or more
  // stimulus lines, mismatches or flagged cases than cases).
  bool AddSerialized(const std::string& line, std::string* error = nullptr);

  // f(op name, type letter, cases, mismatches) for each row, in table order.
  template <typename F>
  void ForEachRow(F&& f) const {
    for (int i = 0; i < kRows; ++i) {
      if (!rows_[i].cases) continue;
      f(OpName(RowOp(i)), FmtLetter(RowFmt(i)), rows_[i].cases, rows_[i].mismatches);
    }
  }

  // f(op name, type letter, figures) for each row, in table order; and the total row.
  template <typename F>
  void ForEachRowFigures(F&& f) const {
    for (int i = 0; i < kRows; ++i) {
      if (rows_[i].cases) f(OpName(RowOp(i)), FmtLetter(RowFmt(i)), rows_[i]);
    }
  }
  Figures Total() const;

  // The table: a header, a row per (op, type), a total row, then a note on stimulus lines (when
  // there are any) and, with rtl, one on the latency column.
  std::string Table() const;
  void Print(FILE* out) const;

 private:
  static constexpr int kRows = kNumOps * kNumFmts;
  using Row = Figures;
  static int RowIndex(Op op, Fmt fmt);
  static Op RowOp(int i) { return kAllOps[i / kNumFmts]; }
  static Fmt RowFmt(int i) { return kAllFmts[i % kNumFmts]; }
  void AppendRow(std::string* out, const char* op, char type, const Row& r) const;

  bool rtl_;
  std::array<Row, kRows> rows_{};
};

}  // namespace vfadd::tool

#endif  // VFADD_TOOL_SUMMARY_H_
