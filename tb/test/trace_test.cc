// SPDX-License-Identifier: Apache-2.0
// Tests of the trace reader and writer (model/src/trace.cc) against docs/trace-format.md:
// the documented example, round trips of every op form, the accepted lexical variations (case
// of hex digits, tabs and runs of spaces, comments, blank lines, CRLF), one rejected line per
// class of bad input with the field its message must name, and TraceReader on a real file.

#include "vfadd/trace.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "vfadd/fp.h"
#include "vfadd/vector.h"

namespace vfadd {
namespace {

// The example of docs/trace-format.md, verbatim.
constexpr const char* kDocExample =
    "fadd s 128 00000000 1111 40400000400000003f80000000000000 "
    "3f8000003f8000003f8000003f800000 4080000040400000400000003f800000 00000000";

// `n` lower-case hex digits cycling through 0..f from `start`, so every digit value occurs and
// a digit-order mistake cannot go unnoticed.
std::string Digits(int n, int start = 0) {
  static const char kHex[] = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < n; ++i) s += kHex[(start + i) % 16];
  return s;
}

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return s;
}
std::string Upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  return s;
}

std::vector<std::string> Split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> f;
  for (std::string w; in >> w;) f.push_back(w);
  return f;
}
std::string Join(const std::vector<std::string>& f) {
  std::string s;
  for (size_t i = 0; i < f.size(); ++i) s += (i ? " " : "") + f[i];
  return s;
}
// `line` with field `index` (0-based) replaced by `value`.
std::string WithField(const std::string& line, int index, const std::string& value) {
  std::vector<std::string> f = Split(line);
  f.at(index) = value;
  return Join(f);
}

// Parses a line that must be a case.
::testing::AssertionResult Parses(const std::string& line, Case* c) {
  std::string error;
  if (ParseTraceLine(line, c, &error) == LineKind::kCase) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "line: " << line << "\n  error: " << error;
}

// FormatCase(ParseTraceLine(line)), or the parse error (a Case left by a failed parse is not
// well formed and must not be formatted).
std::string RoundTrip(const std::string& line) {
  Case c;
  std::string error;
  if (ParseTraceLine(line, &c, &error) != LineKind::kCase) return "<not a case: " + error + ">";
  return FormatCase(c);
}

// Expects kError with a message that names `field` (e.g. "field 4 'fpcr'") in the documented
// shape "field N 'name': expected ..., got '<token>'" (for hex fields followed by what is wrong:
// "(not a hex digit at position K)" or "(N digits)") and quotes the offending token.
void ExpectFieldError(const std::string& line, const std::string& field, const std::string& token,
                      const std::string& also = "") {
  Case c;
  std::string error;
  ASSERT_EQ(ParseTraceLine(line, &c, &error), LineKind::kError) << "line: " << line;
  EXPECT_EQ(error.rfind(field + ": expected ", 0), 0u)
      << "message should start with \"" << field << ": expected \"\n  got: " << error
      << "\n  line: " << line;
  if (token.size() <= 40) {
    const std::string quoted = "got '" + token + "'";
    EXPECT_NE(error.find(quoted), std::string::npos)
        << "message should quote the token: " << quoted << "\n  got: " << error;
  } else {  // long tokens are shortened: the first 40 characters, then the length
    EXPECT_NE(error.find("got '" + token.substr(0, 40) + "...(" + std::to_string(token.size()) +
                         " characters)'"),
              std::string::npos)
        << error;
  }
  if (!also.empty()) {
    EXPECT_NE(error.find(also), std::string::npos) << error;
  }
}

// =============================================================================================
// The documented example

TEST(VfaddTraceTest, DocumentExampleParsesToDocumentedElements) {
  Case c;
  ASSERT_TRUE(Parses(kDocExample, &c));
  EXPECT_EQ(c.op, Op::kFadd);
  EXPECT_EQ(c.fmt, Fmt::kS);
  EXPECT_EQ(c.vl, 128);
  EXPECT_EQ(c.fpcr, 0u);
  EXPECT_TRUE(c.checked);
  EXPECT_EQ(c.fpsr, 0u);
  // pg 1111: bits 0, 4, 8, 12 (every S element active).
  ASSERT_EQ(c.pg.size(), 1u);
  EXPECT_EQ(c.pg[0], 0x1111u);
  // a: element 0 is the rightmost 8 digits: 0.0, 1.0, 2.0, 3.0 from element 0 up.
  ASSERT_EQ(c.a.size(), 2u);
  EXPECT_EQ(GetField(c.a, 0, 32), 0x00000000u);   // 0.0
  EXPECT_EQ(GetField(c.a, 32, 32), 0x3F800000u);  // 1.0
  EXPECT_EQ(GetField(c.a, 64, 32), 0x40000000u);  // 2.0
  EXPECT_EQ(GetField(c.a, 96, 32), 0x40400000u);  // 3.0
  EXPECT_EQ(c.a[0], 0x3F80000000000000u);
  EXPECT_EQ(c.a[1], 0x4040000040000000u);
  // b: every element 1.0.
  ASSERT_EQ(c.b.size(), 2u);
  for (int e = 0; e < 4; ++e) EXPECT_EQ(GetField(c.b, 32 * e, 32), 0x3F800000u) << e;
  // res: 1.0, 2.0, 3.0, 4.0 from element 0 up.
  ASSERT_EQ(c.res.size(), 2u);
  EXPECT_EQ(GetField(c.res, 0, 32), 0x3F800000u);
  EXPECT_EQ(GetField(c.res, 32, 32), 0x40000000u);
  EXPECT_EQ(GetField(c.res, 64, 32), 0x40400000u);
  EXPECT_EQ(GetField(c.res, 96, 32), 0x40800000u);
}

TEST(VfaddTraceTest, DocumentExampleMatchesTheModel) {
  Case c;
  ASSERT_TRUE(Parses(kDocExample, &c));
  const Outcome o = Execute(c);
  EXPECT_EQ(o.res, c.res);
  EXPECT_EQ(o.fpsr, c.fpsr);
  // The stimulus part, run and written back, is the documented checked line.
  const std::vector<std::string> f = Split(kDocExample);
  Case stim;
  ASSERT_TRUE(Parses(Join({f.begin(), f.begin() + 7}), &stim));
  EXPECT_FALSE(stim.checked);
  EXPECT_EQ(FormatCase(WithOutcome(stim, Execute(stim))), kDocExample);
  EXPECT_EQ(FormatCase(stim), Join({f.begin(), f.begin() + 7}));
}

TEST(VfaddTraceTest, DigitOrderAndWordLayout) {
  // Most significant digit first; word 0 holds bits 63:0; pg bit i = byte i.
  Case c;
  ASSERT_TRUE(
      Parses("fadd h 128 00000000 8001 0123456789abcdeffedcba9876543210 " + Digits(32), &c));
  EXPECT_EQ(c.pg[0], 0x8001u);
  EXPECT_EQ(c.a[0], 0xfedcba9876543210u);
  EXPECT_EQ(c.a[1], 0x0123456789abcdefu);
  EXPECT_EQ(GetField(c.a, 0, 16), 0x3210u);    // element 0: the rightmost 4 digits
  EXPECT_EQ(GetField(c.a, 112, 16), 0x0123u);  // element 7: the leftmost 4 digits
  EXPECT_TRUE(ElementActive(c, 0));            // pg bit 0
  EXPECT_FALSE(ElementActive(c, 7));           // pg bit 14 (bit 15 is set but governs nothing)
  // VL=2048: pg is 64 digits = 4 words.
  Case w;
  ASSERT_TRUE(Parses(
      "fadd d 2048 00000000 8" + std::string(62, '0') + "1 " + Digits(512) + " " + Digits(512, 5),
      &w));
  ASSERT_EQ(w.pg.size(), 4u);
  EXPECT_EQ(w.pg[0], 1u);
  EXPECT_EQ(w.pg[1], 0u);
  EXPECT_EQ(w.pg[2], 0u);
  EXPECT_EQ(w.pg[3], 0x8000000000000000u);
  ASSERT_EQ(w.a.size(), 32u);
  // The rightmost 16 digits of Digits(512): positions 496..511 -> digit values 0..f.
  EXPECT_EQ(w.a[0], 0x0123456789abcdefu);
  // fpcr and fpsr: 8 digits, most significant first.
  Case f;
  ASSERT_TRUE(
      Parses("fadda s 128 03c80000 1111 3f800000 " + Digits(32) + " 40000000 00000091", &f));
  EXPECT_EQ(f.fpcr, 0x03C80000u);
  EXPECT_EQ(f.fpsr, 0x91u);
  EXPECT_EQ(f.a, Bits{0x3F800000u});
  EXPECT_EQ(f.res, Bits{0x40000000u});
}

// =============================================================================================
// Round trips: FormatCase(ParseTraceLine(x)) == lower-cased x for every op form

std::vector<std::string> FormLines() {
  return {
      // Predicated vector forms (stimulus and checked), several types and VLs.
      kDocExample,
      "fadd h 256 00080000 5555aaaa " + Digits(64) + " " + Digits(64, 3),
      "fsub s 128 00400000 1f1e " + Digits(32, 1) + " " + Digits(32, 2) + " " + Digits(32, 3) +
          " 00000011",
      "fsubr d 384 01000000 0101010101fe " + Digits(96) + " " + Digits(96, 7) + " " +
          Digits(96, 9) + " 00000080",
      "faddp s 2048 00c00000 " + Digits(64, 4) + " " + Digits(512) + " " + Digits(512, 1),
      "faddp h 640 00000000 " + Digits(20) + " " + Digits(160) + " " + Digits(160, 2) + " " +
          Digits(160, 4) + " 00000001",
      // Unpredicated forms: '-' predicate.
      "fadd_u s 128 00000000 - " + Digits(32) + " " + Digits(32, 8),
      "fsub_u d 640 03000000 - " + Digits(160) + " " + Digits(160, 1) + " " + Digits(160, 2) +
          " 00000090",
      "fadd_u h 2048 00080000 - " + Digits(512, 3) + " " + Digits(512, 6) + " " + Digits(512, 9) +
          " 00000004",
      // Immediate forms: 0.5 and 1.0.
      "fadd_i h 128 00080000 5555 " + Digits(32) + " 0.5",
      "fadd_i s 256 00000000 11111111 " + Digits(64) + " 1.0 " + Digits(64, 1) + " 00000010",
      "fsub_i d 128 00c00000 0101 " + Digits(32, 2) + " 0.5 " + Digits(32, 3) + " 00000000",
      "fsub_i s 128 00000000 1111 " + Digits(32, 2) + " 1.0",
      "fsubr_i h 384 00000000 555555555555 " + Digits(96) + " 1.0 " + Digits(96, 5) + " 00000001",
      "fsubr_i d 256 02000000 01010101 " + Digits(64) + " 0.5",
      // fadda: scalar a (esize/4 digits) and scalar res.
      "fadda s 128 00000000 1111 3f800000 " + Digits(32),
      "fadda h 384 00000000 555555555555 3c00 " + Digits(96) + " 4000 00000010",
      "fadda d 128 00000000 0101 3ff0000000000000 " + Digits(32) + " 4000000000000000 00000000",
      // faddv: '-' for a, scalar res.
      "faddv s 128 00000000 1111 - " + Digits(32),
      "faddv h 2048 00000000 " + std::string(64, '5') + " - " + Digits(512) + " 5800 00000000",
      "faddv d 512 00400000 0101010101010101 - " + Digits(128) + " 0000000000000000 00000000",
  };
}

TEST(VfaddTraceTest, RoundTripEveryForm) {
  for (const std::string& line : FormLines()) {
    EXPECT_EQ(RoundTrip(line), line);
  }
}

TEST(VfaddTraceTest, UpperCaseHexAccepted) {
  // Only the hex digits are upper-cased (op and type names are lower case by definition).
  for (const std::string& line : FormLines()) {
    std::vector<std::string> f = Split(line);
    for (size_t i = 3; i < f.size(); ++i) f[i] = Upper(f[i]);
    const std::string upper = Join(f);
    EXPECT_EQ(RoundTrip(upper), Lower(upper));
  }
  Case c;
  ASSERT_TRUE(Parses(Upper(std::string(kDocExample)).replace(0, 6, "fadd s"), &c));
  EXPECT_EQ(GetField(c.a, 96, 32), 0x40400000u);
}

TEST(VfaddTraceTest, TabsAndRunsOfSpacesAccepted) {
  const std::vector<std::string> f = Split(kDocExample);
  const std::vector<std::string> seps = {"\t", "   ", " \t ", "\t\t", " \t"};
  std::string line = "  \t";  // leading white space
  for (size_t i = 0; i < f.size(); ++i) line += f[i] + (i + 1 < f.size() ? seps[i % 5] : "");
  line += " \t  ";  // trailing white space
  EXPECT_EQ(RoundTrip(line), kDocExample);
  std::string tabs;
  for (size_t i = 0; i < f.size(); ++i) tabs += (i ? "\t" : "") + f[i];
  EXPECT_EQ(RoundTrip(tabs), kDocExample);
}

TEST(VfaddTraceTest, CommentsAndBlankLinesAreBlank) {
  for (const std::string line :
       {"", " ", "\t", "  \t  ", "#", "# comment", "#fadd s 128 00000000 1111 x y",
        "   # indented comment", "\t#tab-indented", "\r", "# comment\r", "  \r"}) {
    Case c;
    std::string error;
    EXPECT_EQ(ParseTraceLine(line, &c, &error), LineKind::kBlank) << "line: '" << line << "'";
  }
}

TEST(VfaddTraceTest, CrlfAccepted) {
  for (const std::string& line : FormLines()) {
    EXPECT_EQ(RoundTrip(line + "\r"), line);
  }
}

// =============================================================================================
// Rejected lines: every class of bad input, each message naming its field

TEST(VfaddTraceTest, WrongFieldCount) {
  const std::vector<std::string> f = Split(kDocExample);  // 9 fields
  for (int n : {1, 2, 5, 6, 8, 10, 11}) {
    std::vector<std::string> g(f.begin(), f.begin() + std::min<int>(n, 9));
    while (static_cast<int>(g.size()) < n) g.push_back("00000000");
    Case c;
    std::string error;
    ASSERT_EQ(ParseTraceLine(Join(g), &c, &error), LineKind::kError) << n;
    EXPECT_NE(error.find("expected 7 fields"), std::string::npos) << error;
    EXPECT_NE(error.find("or 9"), std::string::npos) << error;
    EXPECT_NE(error.find("got " + std::to_string(n)), std::string::npos) << error;
  }
}

TEST(VfaddTraceTest, BadHexDigit) {
  const std::string base = kDocExample;
  // One bad character in each hex field; the message names that field.
  ExpectFieldError(WithField(base, 3, "0000000g"), "field 4 'fpcr'", "0000000g", "8 hex digits");
  ExpectFieldError(WithField(base, 3, "0x000000"), "field 4 'fpcr'", "0x000000");
  ExpectFieldError(WithField(base, 4, "11x1"), "field 5 'pg'", "11x1");
  const std::string bad_a = "4040000040000000-f80000000000000";
  ExpectFieldError(WithField(base, 5, bad_a), "field 6 'a'", bad_a, "32 hex digits");
  const std::string bad_b = "3f8000003f8000003f8000003f80000G";
  ExpectFieldError(WithField(base, 6, bad_b), "field 7 'b'", bad_b, "32 hex digits");
  const std::string bad_r = "z080000040400000400000003f800000";
  ExpectFieldError(WithField(base, 7, bad_r), "field 8 'res'", bad_r, "32 hex digits");
  ExpectFieldError(WithField(base, 8, "0000000."), "field 9 'fpsr'", "0000000.");
  // fadda / faddv scalars.
  const std::string fadda =
      "fadda s 128 00000000 1111 3f800000 " + Digits(32) + " 40000000 00000000";
  ExpectFieldError(WithField(fadda, 5, "3f8000g0"), "field 6 'a'", "3f8000g0", "8 hex digits");
  ExpectFieldError(WithField(fadda, 7, "4000000h"), "field 8 'res'", "4000000h");
  const std::string faddv = "faddv h 128 00000000 5555 - " + Digits(32) + " 3c00 00000000";
  ExpectFieldError(WithField(faddv, 7, "3c0q"), "field 8 'res'", "3c0q", "4 hex digits");
}

TEST(VfaddTraceTest, WrongDigitCountForVl) {
  Case c0;
  const std::string base = kDocExample;  // VL=128: pg 4 digits, vectors 32
  ExpectFieldError(WithField(base, 4, "111"), "field 5 'pg'", "111", "4 hex digits");
  ExpectFieldError(WithField(base, 4, "11111111"), "field 5 'pg'", "11111111", "4 hex digits");
  ExpectFieldError(WithField(base, 5, Digits(31)), "field 6 'a'", Digits(31), "32 hex digits");
  ExpectFieldError(WithField(base, 5, Digits(33)), "field 6 'a'", Digits(33), "32 hex digits");
  ExpectFieldError(WithField(base, 6, Digits(64)), "field 7 'b'", Digits(64), "32 hex digits");
  ExpectFieldError(WithField(base, 7, Digits(16)), "field 8 'res'", Digits(16), "32 hex digits");
  // The same fields at VL=256 (pg 8 digits, vectors 64): the VL=128 widths are rejected.
  const std::string v256 = "fsub d 256 00000000 01010101 " + Digits(64) + " " + Digits(64, 1) +
                           " " + Digits(64, 2) + " 00000000";
  ASSERT_TRUE(Parses(v256, &c0));
  ExpectFieldError(WithField(v256, 4, "0101"), "field 5 'pg'", "0101", "8 hex digits");
  ExpectFieldError(WithField(v256, 5, Digits(32)), "field 6 'a'", Digits(32), "64 hex digits");
  ExpectFieldError(WithField(v256, 6, Digits(32)), "field 7 'b'", Digits(32), "64 hex digits");
  ExpectFieldError(WithField(v256, 7, Digits(32)), "field 8 'res'", Digits(32), "64 hex digits");
  // VL=2048: a 511-digit vector (long token, shortened in the message).
  const std::string v2048 = "fadd_u s 2048 00000000 - " + Digits(512) + " " + Digits(512);
  ASSERT_TRUE(Parses(v2048, &c0));
  ExpectFieldError(WithField(v2048, 6, Digits(511)), "field 7 'b'", Digits(511), "512 hex digits");
  // fpcr and fpsr: exactly 8 digits.
  ExpectFieldError(WithField(base, 3, "0000000"), "field 4 'fpcr'", "0000000", "8 hex digits");
  ExpectFieldError(WithField(base, 3, "000000000"), "field 4 'fpcr'", "000000000");
  ExpectFieldError(WithField(base, 8, "0000000"), "field 9 'fpsr'", "0000000", "8 hex digits");
  ExpectFieldError(WithField(base, 8, "000000000"), "field 9 'fpsr'", "000000000", "8 hex digits");
  ExpectFieldError(WithField(base, 8, "0"), "field 9 'fpsr'", "0");
}

TEST(VfaddTraceTest, BadVl) {
  const std::string base = kDocExample;
  // The long ones once overflowed an int while the field was read (undefined behaviour, found by
  // fuzz_trace: fuzz/corpus/trace/regress-vl-overflow.trace; `make test-asan` catches it).
  for (const std::string vl :
       {"0", "64", "100", "192", "200", "2176", "4096", "abc", "-128", "128.0", "0x80", "1e3",
        "+128", "99999999999", "123f8000003f8000003f8000003f800000"}) {
    ExpectFieldError(WithField(base, 2, vl), "field 3 'vl'", vl, "multiple of 128");
  }
}

TEST(VfaddTraceTest, UnknownOpAndType) {
  const std::string base = kDocExample;
  for (const std::string op : {"fmul", "fadd_x", "faddq", "fadda_u", "faddv_i", "FADD", "add"}) {
    ExpectFieldError(WithField(base, 0, op), "field 1 'op'", op);
  }
  // The op is checked before the field count.
  ExpectFieldError("fmul s 128", "field 1 'op'", "fmul");
  for (const std::string t : {"q", "b", "S", "f32", "hs", "x"}) {
    ExpectFieldError(WithField(base, 1, t), "field 2 't'", t, "h, s or d");
  }
}

TEST(VfaddTraceTest, BadImmediate) {
  const std::string base = "fadd_i s 128 00000000 1111 " + Digits(32) + " 0.5";
  Case c0;
  ASSERT_TRUE(Parses(base, &c0));
  for (const std::string imm :
       {"2.0", "0.50", "1", "1.00", "0.5e0", ".5", "-0.5", "-", "3f800000", "1.O"}) {
    for (const char* op : {"fadd_i", "fsub_i", "fsubr_i"}) {
      ExpectFieldError(WithField(WithField(base, 0, op), 6, imm), "field 7 'b'", imm, "0.5 or 1.0");
    }
  }
  // A vector where an immediate belongs.
  ExpectFieldError(WithField(base, 6, Digits(32)), "field 7 'b'", Digits(32), "0.5 or 1.0");
  // ...and an immediate where a vector belongs.
  ExpectFieldError(WithField(kDocExample, 6, "1.0"), "field 7 'b'", "1.0", "32 hex digits");
}

TEST(VfaddTraceTest, PredicateMismatch) {
  // '-' on a predicated form.
  for (const char* op : {"fadd", "fsub", "fsubr", "faddp"}) {
    ExpectFieldError(WithField(WithField(kDocExample, 0, op), 4, "-"), "field 5 'pg'", "-",
                     "4 hex digits");
  }
  ExpectFieldError("fadd_i h 128 00000000 - " + Digits(32) + " 1.0", "field 5 'pg'", "-");
  ExpectFieldError("fadda s 128 00000000 - 3f800000 " + Digits(32), "field 5 'pg'", "-");
  ExpectFieldError("faddv d 256 00000000 - - " + Digits(64), "field 5 'pg'", "-", "8 hex digits");
  // A predicate on an unpredicated form.
  ExpectFieldError("fadd_u s 128 00000000 1111 " + Digits(32) + " " + Digits(32), "field 5 'pg'",
                   "1111", "'-'");
  ExpectFieldError("fsub_u h 256 00000000 55555555 " + Digits(64) + " " + Digits(64),
                   "field 5 'pg'", "55555555", "'-'");
}

TEST(VfaddTraceTest, ScalarOperandShapes) {
  // faddv has no first source: a must be '-'.
  ExpectFieldError("faddv s 128 00000000 1111 3f800000 " + Digits(32), "field 6 'a'", "3f800000",
                   "'-'");
  ExpectFieldError("faddv s 128 00000000 1111 " + Digits(32) + " " + Digits(32), "field 6 'a'",
                   Digits(32), "'-'");
  // fadda's a is one element (esize/4 digits), not a vector.
  ExpectFieldError("fadda s 128 00000000 1111 " + Digits(32) + " " + Digits(32), "field 6 'a'",
                   Digits(32), "8 hex digits");
  ExpectFieldError("fadda h 128 00000000 5555 3f800000 " + Digits(32), "field 6 'a'", "3f800000",
                   "4 hex digits");
  ExpectFieldError("fadda d 128 00000000 0101 3f800000 " + Digits(32), "field 6 'a'", "3f800000",
                   "16 hex digits");
  ExpectFieldError("fadda s 128 00000000 1111 - " + Digits(32), "field 6 'a'", "-");
  // fadda/faddv results are one element, not a vector; vector forms' results are vectors.
  ExpectFieldError(
      "fadda s 128 00000000 1111 3f800000 " + Digits(32) + " " + Digits(32) + " 00000000",
      "field 8 'res'", Digits(32), "8 hex digits");
  ExpectFieldError("faddv d 128 00000000 0101 - " + Digits(32) + " 3ff00000 00000000",
                   "field 8 'res'", "3ff00000", "16 hex digits");
  ExpectFieldError(WithField(kDocExample, 7, "40800000"), "field 8 'res'", "40800000",
                   "32 hex digits");
  // faddv's b is the vector Zn.
  ExpectFieldError("faddv s 128 00000000 1111 - 3f800000", "field 7 'b'", "3f800000",
                   "32 hex digits");
}

// =============================================================================================
// TraceReader

class VfaddTraceReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "vfadd_trace_test_" + std::to_string(getpid()) + ".trace";
  }
  void TearDown() override { std::remove(path_.c_str()); }
  void Write(const std::string& text) {
    std::ofstream out(path_, std::ios::binary);
    out << text;
  }
  std::string path_;
};

TEST_F(VfaddTraceReaderTest, LineNumbersCommentsAndErrors) {
  const std::string bad_vl = WithField(kDocExample, 2, "192");
  const std::string bad_pg = WithField(kDocExample, 4, "-");
  Write(std::string("# header\n") +                                   // 1
        "\n" +                                                        // 2
        kDocExample + "\n" +                                          // 3
        bad_vl + "\n" +                                               // 4
        "   # indented\r\n" +                                         // 5
        kDocExample + "\r\n" +                                        // 6 (CRLF)
        bad_pg + "\r\n" +                                             // 7
        "fadd_u s 128 00000000 - " + Digits(32) + " " + Digits(32));  // 8, no final newline
  TraceReader r;
  std::string error;
  ASSERT_TRUE(r.Open(path_, &error)) << error;
  EXPECT_EQ(r.name(), path_);
  Case c;
  std::string raw;

  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kComment);
  EXPECT_EQ(raw, "# header");
  EXPECT_EQ(r.line(), 1);
  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kComment);
  EXPECT_EQ(raw, "");
  EXPECT_EQ(r.line(), 2);
  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kCase);
  EXPECT_EQ(FormatCase(c), kDocExample);
  EXPECT_EQ(r.line(), 3);

  error.clear();
  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kError);
  EXPECT_EQ(error.rfind(path_ + ":4: field 3 'vl': expected ", 0), 0u) << error;
  EXPECT_EQ(r.line(), 4);

  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kComment);
  EXPECT_EQ(r.line(), 5);
  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kCase);
  EXPECT_EQ(FormatCase(c), kDocExample);
  EXPECT_EQ(r.line(), 6);

  error.clear();
  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kError);
  EXPECT_EQ(error.rfind(path_ + ":7: field 5 'pg': expected ", 0), 0u) << error;

  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kCase);
  EXPECT_EQ(c.op, Op::kFaddU);
  EXPECT_EQ(r.line(), 8);
  EXPECT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kEnd);
  EXPECT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kEnd);
}

TEST_F(VfaddTraceReaderTest, FieldCountErrorCarriesLineNumber) {
  const std::vector<std::string> f = Split(kDocExample);
  Write("\n\n" + Join({f.begin(), f.begin() + 6}) + "\n");
  TraceReader r;
  std::string error, raw;
  ASSERT_TRUE(r.Open(path_, &error)) << error;
  Case c;
  EXPECT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kComment);
  EXPECT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kComment);
  ASSERT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kError);
  EXPECT_EQ(error.rfind(path_ + ":3: ", 0), 0u) << error;
  EXPECT_NE(error.find("got 6"), std::string::npos) << error;
  EXPECT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kEnd);
}

TEST_F(VfaddTraceReaderTest, EmptyFileEndsAtOnce) {
  Write("");
  TraceReader r;
  std::string error, raw;
  ASSERT_TRUE(r.Open(path_, &error)) << error;
  Case c;
  EXPECT_EQ(r.Next(&c, &raw, &error), TraceReader::Status::kEnd);
  EXPECT_EQ(r.line(), 0);
}

TEST(VfaddTraceReaderOpenTest, MissingFileCannotOpen) {
  const std::string path = ::testing::TempDir() + "vfadd_no_such_dir/none.trace";
  TraceReader r;
  std::string error;
  EXPECT_FALSE(r.Open(path, &error));
  EXPECT_EQ(error.rfind(path + ": cannot open", 0), 0u) << error;
}

// A hex field's message says what is wrong with it: the first bad digit or the digit count.
TEST(VfaddTraceTest, HexErrorSaysWhatIsWrong) {
  const std::string ok_b = "3f8000003f8000003f8000003f800000";
  Case c;
  std::string error;
  ASSERT_EQ(ParseTraceLine("fadd s 128 00000000 11x1 " + ok_b + " " + ok_b, &c, &error),
            LineKind::kError);
  EXPECT_NE(error.find("(not a hex digit at position 3)"), std::string::npos) << error;
  ASSERT_EQ(ParseTraceLine("fadd s 128 00000000 1111 " + ok_b.substr(1) + " " + ok_b, &c, &error),
            LineKind::kError);
  EXPECT_NE(error.find("field 6 'a'"), std::string::npos) << error;
  EXPECT_NE(error.find("(31 digits)"), std::string::npos) << error;
  ASSERT_EQ(ParseTraceLine("fadd s 128 00000000 1111 " + ok_b + " " + ok_b + " # note", &c, &error),
            LineKind::kError);
  EXPECT_NE(error.find("a comment must stand on a line of its own"), std::string::npos) << error;
}

}  // namespace
}  // namespace vfadd
