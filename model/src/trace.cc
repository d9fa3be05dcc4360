// SPDX-License-Identifier: Apache-2.0
// Trace format version 1 (docs/trace-format.md):
//   <op> <t> <vl> <fpcr> <pg> <a> <b> [<res> <fpsr>]
// Hex fields carry no 0x prefix, either case; vectors are most significant digit first.
#include "vfadd/trace.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "vfadd/text.h"

namespace vfadd {
namespace {

constexpr const char* kFieldNames[] = {"op", "t", "vl", "fpcr", "pg", "a", "b", "res", "fpsr"};

// Why `s` is not a hex field of `digits` digits ("" if it is one).
std::string HexProblem(std::string_view s, int digits) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (!std::isxdigit(static_cast<unsigned char>(s[i]))) {
      return " (not a hex digit at position " + std::to_string(i + 1) + ")";
    }
  }
  if (static_cast<int>(s.size()) != digits) return " (" + std::to_string(s.size()) + " digits)";
  return "";
}

bool Fail(std::string* error, int field, const std::string& expected, std::string_view got,
          int hex_digits = 0) {
  *error = "field " + std::to_string(field + 1) + " '" + kFieldNames[field] + "': expected " +
           expected + ", got " + Quote(got) + (hex_digits ? HexProblem(got, hex_digits) : "");
  return false;
}

int HexValue(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

// Exactly `digits` hex digits, most significant first, into `digits * 4` bits.
bool ParseHex(std::string_view s, int digits, Bits* out) {
  if (static_cast<int>(s.size()) != digits) return false;
  out->assign((digits * 4 + 63) / 64, 0);
  for (int i = 0; i < digits; ++i) {
    const int v = HexValue(s[digits - 1 - i]);
    if (v < 0) return false;
    (*out)[i / 16] |= static_cast<uint64_t>(v) << (4 * (i % 16));
  }
  return true;
}

std::string FormatHex(const Bits& v, int digits) {
  static const char kHex[] = "0123456789abcdef";
  std::string s(digits, '0');
  for (int i = 0; i < digits; ++i) s[digits - 1 - i] = kHex[(v[i / 16] >> (4 * (i % 16))) & 15];
  return s;
}

std::string HexDigitsText(int digits, const char* what) {
  return std::to_string(digits) + " hex digits (" + what + ")";
}

}  // namespace

LineKind ParseTraceLine(std::string_view line, Case* c, std::string* error) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string_view> f;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == line.size()) break;
    if (f.empty() && line[i] == '#') return LineKind::kBlank;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    f.push_back(line.substr(start, i - start));
  }
  if (f.empty()) return LineKind::kBlank;
  for (size_t k = 1; k < f.size(); ++k) {
    if (f[k][0] == '#') {
      *error = "field " + std::to_string(k + 1) +
               ": '#' starts a comment, and a comment must stand on a line of its own";
      return LineKind::kError;
    }
  }
  *c = Case{};
  // hex_digits: the field is a hex field of that many digits; the message then says what is
  // wrong with it (a bad digit or the count).
  auto fail = [&](int field, const std::string& expected, int hex_digits = 0) {
    Fail(error, field, expected, f[field], hex_digits);
    return LineKind::kError;
  };
  if (!ParseOp(std::string(f[0]), &c->op)) {
    return fail(0, "one of fadd fadd_u fadd_i fsub fsub_u fsub_i fsubr fsubr_i faddp fadda faddv");
  }
  if (f.size() != 7 && f.size() != 9) {
    *error =
        "expected 7 fields (a stimulus) or 9 (a checked case), got " + std::to_string(f.size());
    return LineKind::kError;
  }
  if (!ParseFmt(std::string(f[1]), &c->fmt)) return fail(1, "h, s or d");
  // vl: decimal, a multiple of 128 from 128 to 2048.
  {
    // At most 4 digits, and nothing read past the first non-digit: vl cannot overflow.
    int vl = 0;
    bool ok = !f[2].empty() && f[2].size() <= 4;
    for (size_t k = 0; ok && k < f[2].size(); ++k) {
      ok = f[2][k] >= '0' && f[2][k] <= '9';
      vl = vl * 10 + (f[2][k] - '0');
    }
    if (!ok || !IsValidVl(vl)) return fail(2, "a multiple of 128 from 128 to 2048 (decimal)");
    c->vl = vl;
  }
  const int vl = c->vl, esize = fp_width(c->fmt);
  Bits tmp;
  if (!ParseHex(f[3], 8, &tmp)) return fail(3, "8 hex digits", 8);
  c->fpcr = static_cast<uint32_t>(tmp[0]);
  if (IsPredicated(c->op)) {
    if (f[4] == "-") return fail(4, HexDigitsText(vl / 32, "a predicated form needs a predicate"));
    if (!ParseHex(f[4], vl / 32, &c->pg)) {
      return fail(4, HexDigitsText(vl / 32, "vl/32"), vl / 32);
    }
  } else if (f[4] != "-") {
    return fail(4, "'-' (an unpredicated form has no predicate)");
  }
  const std::string vec_digits = HexDigitsText(vl / 4, "vl/4");
  const std::string scalar_digits = HexDigitsText(esize / 4, "esize/4");
  switch (c->op) {
    case Op::kFadda:
      if (!ParseHex(f[5], esize / 4, &c->a)) return fail(5, scalar_digits, esize / 4);
      break;
    case Op::kFaddv:
      if (f[5] != "-") return fail(5, "'-' (faddv has no first source)");
      break;
    default:
      if (!ParseHex(f[5], vl / 4, &c->a)) return fail(5, vec_digits, vl / 4);
  }
  if (IsImmediate(c->op)) {
    if (f[6] == "1.0")
      c->imm_one = true;
    else if (f[6] != "0.5")
      return fail(6, "the immediate 0.5 or 1.0");
  } else if (!ParseHex(f[6], vl / 4, &c->b)) {
    return fail(6, vec_digits, vl / 4);
  }
  if (f.size() == 9) {
    c->checked = true;
    if (IsScalarResult(c->op)) {
      if (!ParseHex(f[7], esize / 4, &c->res)) return fail(7, scalar_digits, esize / 4);
    } else if (!ParseHex(f[7], vl / 4, &c->res)) {
      return fail(7, vec_digits, vl / 4);
    }
    if (!ParseHex(f[8], 8, &tmp)) return fail(8, "8 hex digits", 8);
    c->fpsr = static_cast<uint32_t>(tmp[0]);
  }
  return LineKind::kCase;
}

std::string FormatCase(const Case& c) {
  const int esize = fp_width(c.fmt);
  std::string s = OpName(c.op);
  s += ' ';
  s += FmtLetter(c.fmt);
  s += ' ' + std::to_string(c.vl) + ' ' + FormatHex({c.fpcr}, 8) + ' ';
  s += IsPredicated(c.op) ? FormatHex(c.pg, c.vl / 32) : "-";
  s += ' ';
  if (c.op == Op::kFadda)
    s += FormatHex(c.a, esize / 4);
  else if (c.op == Op::kFaddv)
    s += '-';
  else
    s += FormatHex(c.a, c.vl / 4);
  s += ' ';
  s += IsImmediate(c.op) ? (c.imm_one ? "1.0" : "0.5") : FormatHex(c.b, c.vl / 4);
  if (c.checked) {
    s += ' ' + FormatHex(c.res, IsScalarResult(c.op) ? esize / 4 : c.vl / 4);
    s += ' ' + FormatHex({c.fpsr}, 8);
  }
  return s;
}

Case WithOutcome(Case c, const Outcome& o) {
  c.checked = true;
  c.res = o.res;
  c.fpsr = o.fpsr;
  return c;
}

bool TraceReader::Open(const std::string& path, std::string* error) {
  name_ = path == "-" ? "<stdin>" : path;
  line_ = 0;
  failed_ = false;
  if (path == "-") {
    in_ = &std::cin;
    return true;
  }
  file_.open(path, std::ios::binary);
  if (!file_) {
    *error = path + ": cannot open: " + std::strerror(errno);
    return false;
  }
  in_ = &file_;
  return true;
}

TraceReader::Status TraceReader::Next(Case* c, std::string* raw, std::string* error) {
  std::string line;
  if (failed_) return Status::kEnd;
  errno = 0;
  if (!std::getline(*in_, line)) {
    if (in_->bad() || errno != 0) {
      failed_ = true;
      *error = name_ + ": cannot read after line " + std::to_string(line_) + ": " +
               std::strerror(errno != 0 ? errno : EIO);
      return Status::kError;
    }
    return Status::kEnd;
  }
  ++line_;
  switch (ParseTraceLine(line, c, error)) {
    case LineKind::kBlank:
      *raw = line;
      return Status::kComment;
    case LineKind::kCase:
      return Status::kCase;
    case LineKind::kError:
      break;
  }
  *error = name_ + ":" + std::to_string(line_) + ": " + *error;
  return Status::kError;
}

}  // namespace vfadd
