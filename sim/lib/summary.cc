// SPDX-License-Identifier: Apache-2.0
// The summary table of the vfadd tool: counting, the printed table, and the row lines that
// regress workers send to their parent.
#include "summary.h"

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <vector>

#include "vfadd/text.h"

namespace vfadd::tool {
namespace {

constexpr uint32_t kFlagBits[6] = {kIOC, kDZC, kOFC, kUFC, kIXC, kIDC};
// The most elements a case has: the longest vector of the narrowest type.
constexpr uint64_t kMaxElements = kMaxVl / 16;
constexpr size_t kRowFields = 13;

void Appendf(std::string* out, const char* format, ...) __attribute__((format(printf, 2, 3)));
void Appendf(std::string* out, const char* format, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, format);
  const int n = std::vsnprintf(buf, sizeof buf, format, ap);
  va_end(ap);
  if (n > 0) out->append(buf, std::min<size_t>(n, sizeof buf - 1));
}

// Fields separated by exactly one space, as Serialize writes them (an empty field, from a
// leading, trailing or doubled space, stays in the list and then fails to parse).
std::vector<std::string> SplitSpaces(const std::string& s) {
  std::vector<std::string> f;
  size_t start = 0;
  for (;;) {
    const size_t sp = s.find(' ', start);
    f.push_back(s.substr(start, sp - start));
    if (sp == std::string::npos) return f;
    start = sp + 1;
  }
}

}  // namespace

void Summary::Figures::Accumulate(const Figures& x) {
  cases += x.cases, elems += x.elems, stim += x.stim;
  mismatches += x.mismatches, latency += x.latency;
  for (int k = 0; k < 6; ++k) flag[k] += x.flag[k];
}

int Summary::RowIndex(Op op, Fmt fmt) { return static_cast<int>(op) * kNumFmts + FmtIndex(fmt); }

void Summary::Add(const Case& c, bool mismatch, uint64_t latency) {
  Row& r = rows_[RowIndex(c.op, c.fmt)];
  ++r.cases;
  if (!c.checked) ++r.stim;
  for (int e = 0; e < Elements(c); ++e) r.elems += ElementActive(c, e);
  for (int k = 0; k < 6; ++k) r.flag[k] += (c.fpsr & kFlagBits[k]) != 0;
  r.mismatches += mismatch;
  r.latency += latency;
}

std::string Summary::Serialize() const {
  std::string out;
  for (int i = 0; i < kRows; ++i) {
    const Row& r = rows_[i];
    if (!r.cases) continue;
    Appendf(&out, "%s %c %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64,
            OpName(RowOp(i)), FmtLetter(RowFmt(i)), r.cases, r.elems, r.stim, r.mismatches,
            r.latency);
    for (int k = 0; k < 6; ++k) Appendf(&out, " %" PRIu64, r.flag[k]);
    out += '\n';
  }
  return out;
}

bool Summary::AddSerialized(const std::string& line, std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = "summary row " + Quote(line) + ": " + why;
    return false;
  };
  const std::vector<std::string> f = SplitSpaces(line);
  if (f.size() != kRowFields) {
    return fail("expected " + std::to_string(kRowFields) + " fields, single spaces between, got " +
                std::to_string(f.size()));
  }
  Op op;
  Fmt fmt;
  if (!ParseOp(f[0], &op)) return fail("unknown operation " + Quote(f[0]));
  if (!ParseFmt(f[1], &fmt)) return fail("unknown type " + Quote(f[1]) + " (h, s or d)");
  Row x;
  uint64_t* const fields[kRowFields - 2] = {&x.cases,   &x.elems,   &x.stim,    &x.mismatches,
                                            &x.latency, &x.flag[0], &x.flag[1], &x.flag[2],
                                            &x.flag[3], &x.flag[4], &x.flag[5]};
  for (size_t i = 2; i < kRowFields; ++i) {
    if (!ParseU64(f[i], 10, fields[i - 2])) {
      return fail("field " + std::to_string(i + 1) + ": expected a decimal count, got " +
                  Quote(f[i]));
    }
  }
  // Each case adds at most one to stim, mismatches and each flag, and at most kMaxElements to
  // elems: a row that breaks this was corrupted on the way.
  if (x.cases == 0) return fail("a row holds at least one case");
  bool bounded = x.stim <= x.cases && x.mismatches <= x.cases &&
                 x.elems / kMaxElements + (x.elems % kMaxElements != 0) <= x.cases;
  for (int k = 0; k < 6; ++k) bounded = bounded && x.flag[k] <= x.cases;
  if (!bounded) return fail("counts above what its cases can hold");
  rows_[RowIndex(op, fmt)].Accumulate(x);
  return true;
}

void Summary::AppendRow(std::string* out, const char* op, char type, const Row& r) const {
  Appendf(out, "%-8s %-4c %8" PRIu64 " %10" PRIu64, op, type, r.cases, r.elems);
  if (rtl_) {
    Appendf(out, " %10" PRIu64 " %8.1f", r.mismatches,
            r.cases ? static_cast<double>(r.latency) / r.cases : 0.0);
  }
  for (int k = 0; k < 6; ++k) Appendf(out, " %7" PRIu64, r.flag[k]);
  *out += '\n';
}

Summary::Figures Summary::Total() const {
  Figures total;
  for (const Row& r : rows_) total.Accumulate(r);
  return total;
}

std::string Summary::Table() const {
  std::string out;
  Appendf(&out, "%-8s %-4s %8s %10s", "op", "type", "cases", "elem-ops");
  if (rtl_) Appendf(&out, " %10s %8s", "mismatches", "latency");
  Appendf(&out, " %7s %7s %7s %7s %7s %7s\n", "IOC", "DZC", "OFC", "UFC", "IXC", "IDC");
  ForEachRowFigures([&](const char* op, char t, const Row& r) { AppendRow(&out, op, t, r); });
  const Row total = Total();
  AppendRow(&out, "total", ' ', total);
  if (total.stim) {
    Appendf(&out, "(%" PRIu64 " stimulus lines have no result; their flag columns count 0)\n",
            total.stim);
  }
  if (rtl_) out += "(latency: mean cycles from request accepted to response)\n";
  return out;
}

void Summary::Print(FILE* out) const { std::fputs(Table().c_str(), out); }

}  // namespace vfadd::tool
