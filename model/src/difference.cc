// SPDX-License-Identifier: Apache-2.0
// How two outcomes of a case differ, in the one wording of every mismatch report.
#include "vfadd/difference.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "vfadd/fp.h"
#include "vfadd/text.h"

namespace vfadd {
namespace {

// Bits [lsb, lsb + width) of v, reading missing words as 0 (the outcomes compared may be short,
// an operand may be absent).
uint64_t SafeField(const Bits& v, int lsb, int width) {
  const size_t word = static_cast<size_t>(lsb / 64), off = static_cast<size_t>(lsb % 64);
  auto at = [&](size_t w) { return w < v.size() ? v[w] : 0; };
  uint64_t x = at(word) >> off;
  if (off + width > 64) x |= at(word + 1) << (64 - off);
  return width == 64 ? x : x & ((uint64_t{1} << width) - 1);
}

std::string Value(Fmt f, uint64_t bits) {
  return Format("%0*" PRIx64 " (%s)", fp_width(f) / 4, bits, DescribeValue(f, bits).c_str());
}

// "; Zdn[3] 40400000 (3), Zm[3] 3f800000 (1), active": what element e of a vector form was
// computed from (section 6 of docs/semantics.md).
std::string Operands(const Case& c, int e) {
  const Fmt f = c.fmt;
  const int w = fp_width(f);
  std::vector<std::string> parts;
  auto reg = [&](const char* name, const Bits& v, int i) {
    if (static_cast<int>(v.size()) * 64 >= (i + 1) * w) {
      parts.push_back(Format("%s[%d] ", name, i) + Value(f, SafeField(v, i * w, w)));
    }
  };
  const char* first = IsPredicated(c.op) ? "Zdn" : "Zn";
  if (c.op == Op::kFaddp) {
    // Even elements pair Zdn's elements e, e+1; odd ones Zm's e-1, e.
    const bool even = e % 2 == 0;
    reg(even ? "Zdn" : "Zm", even ? c.a : c.b, e & ~1);
    reg(even ? "Zdn" : "Zm", even ? c.a : c.b, e | 1);
  } else {
    reg(first, c.a, e);
    if (IsImmediate(c.op))
      parts.push_back(c.imm_one ? "#1.0" : "#0.5");
    else
      reg("Zm", c.b, e);
  }
  const int pg_bit = e * (w / 8);
  if (IsPredicated(c.op) && static_cast<int>(c.pg.size()) * 64 > pg_bit) {
    parts.push_back(ElementActive(c, e) ? "active" : "inactive");
  }
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "; " : ", ") + p;
  return s;
}

}  // namespace

std::string DescribeCase(const Case& c) {
  return Format("%s %c vl=%d fpcr=%08x", OpName(c.op), FmtLetter(c.fmt), c.vl, c.fpcr);
}

std::vector<std::string> DifferenceLines(const Case& c, const Outcome& want, const Outcome& got) {
  std::vector<std::string> lines;
  const Fmt f = c.fmt;
  const int w = fp_width(f);
  const bool scalar = IsScalarResult(c.op);
  const int n = scalar ? 1 : Elements(c);
  for (int e = 0; e < n; ++e) {
    const uint64_t x = SafeField(want.res, e * w, w), y = SafeField(got.res, e * w, w);
    if (x == y) continue;
    std::string s = scalar ? std::string("scalar") : Format("element %d", e);
    s += ": expected " + Value(f, x) + ", actual " + Value(f, y);
    if (!scalar) s += Operands(c, e);
    lines.push_back(std::move(s));
  }
  // Whatever else differs in res, so that no difference goes unnamed.
  if (want.res.size() != got.res.size()) {
    lines.push_back(
        Format("res: expected %zu words, actual %zu words", want.res.size(), got.res.size()));
  } else {
    const int keep = n * w;
    for (size_t k = static_cast<size_t>(keep / 64); k < want.res.size(); ++k) {
      const int lo = static_cast<int>(k) * 64 < keep ? keep - static_cast<int>(k) * 64 : 0;
      const uint64_t mask = lo == 0 ? ~uint64_t{0} : ~((uint64_t{1} << lo) - 1);
      if (((want.res[k] ^ got.res[k]) & mask) == 0) continue;
      lines.push_back(Format("bits [%zu:%zu] (outside the elements): expected %016" PRIx64
                             ", actual %016" PRIx64,
                             k * 64 + 63, k * 64 + lo, want.res[k] & mask, got.res[k] & mask));
    }
  }
  if (want.fpsr != got.fpsr) {
    lines.push_back(Format("fpsr: expected %08x (%s), actual %08x (%s); missing %s, extra %s",
                           want.fpsr, FlagNames(want.fpsr).c_str(), got.fpsr,
                           FlagNames(got.fpsr).c_str(), FlagNames(want.fpsr & ~got.fpsr).c_str(),
                           FlagNames(got.fpsr & ~want.fpsr).c_str()));
  }
  return lines;
}

std::string DescribeDifferences(const Case& c, const Outcome& want, const Outcome& got,
                                const std::string& indent, size_t max_lines) {
  const std::vector<std::string> lines = DifferenceLines(c, want, got);
  std::string s;
  const size_t shown = std::min(lines.size(), max_lines);
  for (size_t i = 0; i < shown; ++i) s += indent + lines[i] + "\n";
  if (shown < lines.size()) s += indent + Format("... and %zu more", lines.size() - shown) + "\n";
  return s;
}

}  // namespace vfadd
