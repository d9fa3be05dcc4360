// SPDX-License-Identifier: Apache-2.0
// End-to-end tests of the `vfadd` command-line tool (sim/): every subcommand is run as a
// separate process through /bin/sh, with its stdout, stderr and exit status captured.
//
// Expected values never come from running the tool. They come from:
//  * the example line of docs/trace-format.md (its documented result and fpsr);
//  * the example words and texts of section 7 of docs/semantics.md (the
//    document writes the assembler source compactly, "fadd z1.s,p2/m,z1.s,z3.s"; the tool prints
//    GNU binutils' text, which puts ", " between operands, so each text is the section 7 text
//    with a space after every comma);
//  * simple cases derived by hand, each commented with its derivation;
//  * the documented contract of the tool (its help texts and exit statuses: 0 ok, 1 mismatch,
//    2 bad input or usage).
// Each test works in its own directory under a mkdtemp'd folder, removed at the end.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "top_timing.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Small string helpers

std::string Rep(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::vector<std::string> Fields(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string f;
  while (in >> f) out.push_back(f);
  return out;
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string LastLine(const std::string& text) {
  const std::vector<std::string> l = Lines(text);
  return l.empty() ? "" : l.back();
}

// True when `text` mentions "FILE:LINE" with LINE not followed by another digit (so that
// "f:1" does not match "f:12").
bool MentionsLocation(const std::string& text, const std::string& file, int line) {
  const std::string loc = file + ":" + std::to_string(line);
  for (size_t p = text.find(loc); p != std::string::npos; p = text.find(loc, p + 1)) {
    const size_t end = p + loc.size();
    if (end == text.size() || !std::isdigit(static_cast<unsigned char>(text[end]))) return true;
  }
  return false;
}

// The words of `line` separated by anything but letters, digits and . + - _.
std::vector<std::string> Tokens(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : line) {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '+' || ch == '-' ||
        ch == '_') {
      cur += ch;
    } else if (!cur.empty()) {
      out.push_back(cur);
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// True when the tokens of `line` contain, in this order, one alternative of each group.
bool TokensInOrder(const std::string& line, const std::vector<std::vector<std::string>>& groups) {
  const std::vector<std::string> t = Tokens(line);
  size_t i = 0;
  for (const auto& alts : groups) {
    bool found = false;
    for (; i < t.size() && !found; ++i) {
      for (const std::string& a : alts) found = found || t[i] == a;
    }
    if (!found) return false;
  }
  return true;
}

// The first line of `text` containing `needle`, or "".
std::string LineWith(const std::string& text, const std::string& needle) {
  for (const std::string& l : Lines(text)) {
    if (Contains(l, needle)) return l;
  }
  return "";
}

// A message names trace field `number` (1-based, docs/trace-format.md order) called `name` when it
// says "field N" or quotes the name.
bool NamesField(const std::string& msg, int number, const std::string& name) {
  return Contains(msg, "field " + std::to_string(number)) || Contains(msg, "'" + name + "'") ||
         Contains(msg, "`" + name + "`");
}

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

// ---------------------------------------------------------------------------------------------
// Test data

// docs/trace-format.md, the example: FP32, VL=128, RN, all lanes active; a = {0, 1, 2, 3} (element
// 0 rightmost), b = 1.0 everywhere; documented result {1, 2, 3, 4}, no flags.
const std::string kDocStim =
    "fadd s 128 00000000 1111 40400000400000003f80000000000000 "
    "3f8000003f8000003f8000003f800000";
const std::string kDocRes = "4080000040400000400000003f800000";
const std::string kDocLine = kDocStim + " " + kDocRes + " 00000000";

// FP32 constants: 1.0 = 3f800000, 2.0 = 40000000, 3.0 = 40400000, 4.0 = 40800000,
// 5.0 = 40a00000, 2^-24 = 33800000, +inf = 7f800000, -inf = ff800000, default NaN = 7fc00000,
// max normal = 7f7fffff. FP16: 1.0 = 3c00, 2.0 = 4000. FP64: 1.0 = 3ff0000000000000,
// 2.0 = 4000000000000000, 3.0 = 4008000000000000.
struct HandCase {
  const char* why;
  std::string stim, res, fpsr;
};

std::vector<HandCase> HandCases() {
  const std::string one4 = Rep("3f800000", 4), two4 = Rep("40000000", 4);
  return {
      {"fp32 1.0 + 2.0 = 3.0 in every lane, exact", "fadd_u s 128 00000000 - " + one4 + " " + two4,
       Rep("40400000", 4), "00000000"},
      {"predicated: only element 0 (pg bit 0) active gets 1 + 2 = 3, the others keep Zdn = 1.0",
       "fadd s 128 00000000 0001 " + one4 + " " + two4, "3f8000003f8000003f80000040400000",
       "00000000"},
      {"fp16 1.0 + #1.0 = 2.0 (section 6.3); pg 5555 = every element's lowest predicate bit",
       "fadd_i h 128 00000000 5555 " + Rep("3c00", 8) + " 1.0", Rep("4000", 8), "00000000"},
      {"faddv of four 1.0 = 4.0, a scalar result", "faddv s 128 00000000 1111 - " + one4,
       "40800000", "00000000"},
      {"fadda 1.0 + 1 + 1 + 1 + 1 = 5.0", "fadda s 128 00000000 1111 3f800000 " + one4, "40a00000",
       "00000000"},
      {"fp64 3.0 - 1.0 = 2.0",
       "fsub_u d 128 00000000 - " + Rep("4008000000000000", 2) + " " + Rep("3ff0000000000000", 2),
       Rep("4000000000000000", 2), "00000000"},
      {"1.0 + 2^-24 is a tie between 1.0 and 1+2^-23: RN gives even 1.0, inexact (IXC bit 4)",
       "fadd_u s 128 00000000 - " + one4 + " " + Rep("33800000", 4), one4, "00000010"},
      {"+inf + -inf: invalid (IOC bit 0), default NaN 7fc00000",
       "fadd_u s 128 00000000 - " + Rep("7f800000", 4) + " " + Rep("ff800000", 4),
       Rep("7fc00000", 4), "00000001"},
      {"max + max overflows: RN gives +inf with OFC (bit 2) and IXC (bit 4)",
       "fadd_u s 128 00000000 - " + Rep("7f7fffff", 4) + " " + Rep("7f7fffff", 4),
       Rep("7f800000", 4), "00000014"},
  };
}

// ---------------------------------------------------------------------------------------------
// Parsing trace lines and FP encodings in the test (independent of the model).

struct TraceLine {
  std::string op, t;
  int vl = 0;
  std::string fpcr, pg, a, b, res, fpsr;
};

bool ParseLine(const std::string& line, TraceLine* out) {
  const std::vector<std::string> f = Fields(line);
  if (f.size() != 7 && f.size() != 9) return false;
  out->op = f[0], out->t = f[1], out->vl = std::atoi(f[2].c_str());
  out->fpcr = f[3], out->pg = f[4], out->a = f[5], out->b = f[6];
  if (f.size() == 9) out->res = f[7], out->fpsr = f[8];
  return true;
}

int Esize(const std::string& t) { return t == "h" ? 16 : t == "s" ? 32 : 64; }

// Element e of a vector written most significant digit first.
uint64_t Element(const std::string& hex, int esize, int e) {
  const int d = esize / 4;
  return std::stoull(hex.substr(hex.size() - (e + 1) * d, d), nullptr, 16);
}

// Predicate bit i (bit i governs byte i).
bool PredBit(const std::string& hex, int i) {
  const int nibble = std::stoi(hex.substr(hex.size() - 1 - i / 4, 1), nullptr, 16);
  return (nibble >> (i % 4)) & 1;
}

enum class Kind { kPosZero, kNegZero, kPosInf, kNegInf, kQNaN, kSNaN, kSubnormal, kNormal };

Kind Classify(int esize, uint64_t v) {
  const int m = esize == 16 ? 10 : esize == 32 ? 23 : 52;
  const int e = esize == 16 ? 5 : esize == 32 ? 8 : 11;
  const uint64_t frac = v & ((uint64_t{1} << m) - 1);
  const uint64_t exp = (v >> m) & ((uint64_t{1} << e) - 1);
  const bool sign = (v >> (esize - 1)) & 1;
  if (exp == 0) return frac == 0 ? (sign ? Kind::kNegZero : Kind::kPosZero) : Kind::kSubnormal;
  if (exp == (uint64_t{1} << e) - 1) {
    if (frac == 0) return sign ? Kind::kNegInf : Kind::kPosInf;
    return (frac >> (m - 1)) & 1 ? Kind::kQNaN : Kind::kSNaN;
  }
  return Kind::kNormal;
}

// ---------------------------------------------------------------------------------------------
// The fixture: a per-test directory and a runner.

struct BadInputLine;  // with the robustness tests

// A command that reads its input from FILE (appended to `args`) or from standard input.
struct InputCmd {
  std::string args;
  bool from_stdin = false;
};

struct Result {
  int status = -1;  // the exit status; 128 + signal when killed
  std::string out, err;
};

class CliTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string tmpl = (fs::temp_directory_path() / "vfadd_cli_test.XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr) << "mkdtemp " << tmpl;
    root_ = new std::string(tmpl);
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(*root_, ec);
    delete root_;
    root_ = nullptr;
  }
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = *root_ + "/" + info->name();
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string Path(const std::string& name) const { return dir_ + "/" + name; }

  std::string Write(const std::string& name, const std::string& content) const {
    const std::string p = Path(name);
    std::ofstream f(p, std::ios::binary);
    f << content;
    return p;
  }

  static std::string Read(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
  }

  // Runs `cmdline` through /bin/sh with stdin from `input` (or /dev/null), stdout through a
  // pipe and stderr into a file of the test directory.
  Result Sh(const std::string& cmdline, const std::string* input = nullptr) const {
    const std::string err_path = Path(".stderr"), in_path = Path(".stdin");
    if (input) Write(".stdin", *input);
    const std::string full = "( " + cmdline + " ) 2>" + ShellQuote(err_path) + " <" +
                             (input ? ShellQuote(in_path) : std::string("/dev/null"));
    Result r;
    FILE* p = popen(full.c_str(), "r");
    if (!p) {
      ADD_FAILURE() << "popen failed: " << full;
      return r;
    }
    char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int st = pclose(p);
    if (st == -1)
      r.status = -1;
    else if (WIFEXITED(st))
      r.status = WEXITSTATUS(st);
    else if (WIFSIGNALED(st))
      r.status = 128 + WTERMSIG(st);
    r.err = Read(err_path);
    return r;
  }

  // `vfadd ARGS` (ARGS already shell-quoted where needed).
  Result Vfadd(const std::string& args, const std::string* input = nullptr) const {
    return Sh(ShellQuote(VFADD_TOOL) + " " + args, input);
  }
  Result VfaddStdin(const std::string& args, const std::string& input) const {
    return Vfadd(args, &input);
  }

  std::string Q(const std::string& name) const { return ShellQuote(Path(name)); }

  // `vfadd ARGS` is a usage error: exit 2, a message, no output.
  void ExpectUsageError(const std::string& args) const {
    SCOPED_TRACE("vfadd " + args);
    const Result r = Vfadd(args);
    EXPECT_EQ(r.status, 2) << "stdout:\n" << r.out << "stderr:\n" << r.err;
    EXPECT_NE(r.err, "");
    EXPECT_EQ(r.out, "");
  }

  // `vfadd ARGS` under `timeout`: a tool that hangs is killed and the status is 124, not 2.
  Result Bounded(const std::string& args, const std::string* input = nullptr,
                 int seconds = 10) const {
    return Sh("timeout " + std::to_string(seconds) + " " + ShellQuote(VFADD_TOOL) + " " + args,
              input);
  }

  // Runs `cmd` on `content`, written to FILE `name` or given on stdin, under Bounded. *where
  // gets how the tool's messages name that input: the path, or "<stdin>" (trace.h).
  Result OnInput(const InputCmd& cmd, const std::string& content, std::string* where,
                 const std::string& name = "in.trace") const {
    if (cmd.from_stdin) {
      *where = "<stdin>";
      return Bounded(cmd.args, &content);
    }
    *where = Write(name, content);
    return Bounded(cmd.args + " " + Q(name));
  }

  // Every command that reads a trace: from FILE and from stdin ("-"). merge writes its failure
  // trace to merged.trace.
  std::vector<InputCmd> TraceCommands() const {
    return {{"run"},
            {"run --engine model"},
            {"check"},
            {"summary"},
            {"cover"},
            {"merge --failures " + Q("merged.trace")},
            {"run -", true},
            {"check -", true},
            {"summary -", true},
            {"cover -", true},
            {"merge --failures " + Q("merged.trace") + " -", true},
            {"shrink -", true}};
  }

  // Runs every trace command on each bad line, given as line 2 between two good checked lines,
  // and expects it rejected at that line and field; run writes nothing. Returns the runs.
  int ExpectTraceLinesRejected(const std::vector<BadInputLine>& lines) const;

  static std::string* root_;
  std::string dir_;
};

std::string* CliTest::root_ = nullptr;

// Evaluates `r` once (it may be a call).
#define EXPECT_EXIT_STATUS(r, want)                                               \
  do {                                                                            \
    const Result& r_ = (r);                                                       \
    EXPECT_EQ(r_.status, want) << "stdout:\n" << r_.out << "stderr:\n" << r_.err; \
  } while (0)

// ---------------------------------------------------------------------------------------------
// run

TEST_F(CliTest, RunWritesCheckedLine) {
  Write("in.trace", kDocStim + "\n");
  const Result r = Vfadd("run " + Q("in.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, kDocLine + "\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(CliTest, RunReadsStdin) {
  const Result r = VfaddStdin("run -", kDocStim + "\n");
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, kDocLine + "\n");
}

TEST_F(CliTest, RunCopiesCommentsAndBlankLines) {
  const std::string in =
      "# first comment\n\n" + kDocStim + "\n   # indented comment\n\n" + kDocStim + "\n# last\n";
  const std::string want =
      "# first comment\n\n" + kDocLine + "\n   # indented comment\n\n" + kDocLine + "\n# last\n";
  Write("in.trace", in);
  const Result r = Vfadd("run " + Q("in.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, want);
}

TEST_F(CliTest, RunOutputOptionWritesFile) {
  Write("in.trace", "# c\n" + kDocStim + "\n");
  const Result r = Vfadd("run -o " + Q("out.trace") + " " + Q("in.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(Read(Path("out.trace")), "# c\n" + kDocLine + "\n");
  // The option may also follow the file, and take its value inline.
  const Result r2 = Vfadd("run " + Q("in.trace") + " -o " + Q("out2.trace"));
  EXPECT_EXIT_STATUS(r2, 0);
  EXPECT_EQ(Read(Path("out2.trace")), "# c\n" + kDocLine + "\n");
}

TEST_F(CliTest, RunComputesHandDerivedCases) {
  std::string in, want;
  for (const HandCase& h : HandCases()) {
    in += h.stim + "\n";
    want += h.stim + " " + h.res + " " + h.fpsr + "\n";
  }
  Write("in.trace", in);
  const Result r = Vfadd("run " + Q("in.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const std::vector<std::string> got = Lines(r.out), exp = Lines(want);
  ASSERT_EQ(got.size(), exp.size()) << r.out;
  const std::vector<HandCase> hc = HandCases();
  for (size_t i = 0; i < exp.size(); ++i) EXPECT_EQ(got[i], exp[i]) << hc[i].why;
}

TEST_F(CliTest, RunRecomputesCheckedInputLines) {
  // A checked line with a wrong result as input: run keeps the inputs and writes the correct
  // result (the documented one).
  Write("in.trace", kDocStim + " " + Rep("0", 32) + " 0000001f\n");
  const Result r = Vfadd("run " + Q("in.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, kDocLine + "\n");
}

TEST_F(CliTest, RunAcceptsUpperCaseHexAndTabs) {
  // docs/trace-format.md: hex digits may be upper or lower case; fields are separated by spaces or
  // tabs. Output is normalised, so compare fields.
  Write("in.trace",
        "fadd\ts  128 00000000\t1111 40400000400000003F80000000000000   "
        "3F8000003F8000003F8000003F800000\n");
  const Result r = Vfadd("run " + Q("in.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const std::vector<std::string> l = Lines(r.out);
  ASSERT_EQ(l.size(), 1u);
  const std::vector<std::string> f = Fields(l[0]);
  ASSERT_EQ(f.size(), 9u);
  EXPECT_EQ(f[7], kDocRes);
  EXPECT_EQ(f[8], "00000000");
}

// ---------------------------------------------------------------------------------------------
// check

TEST_F(CliTest, CheckPassesCorrectLine) {
  Write("ok.trace", "# documented example\n" + kDocLine + "\n");
  const Result r = Vfadd("check " + Q("ok.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(LastLine(r.out), "1 passed, 0 failed");
  EXPECT_EQ(r.out.back(), '\n');
  const Result s = VfaddStdin("check -", kDocLine + "\n");
  EXPECT_EXIT_STATUS(s, 0);
  EXPECT_EQ(LastLine(s.out), "1 passed, 0 failed");
}

TEST_F(CliTest, CheckPassesHandDerivedCases) {
  std::string in;
  for (const HandCase& h : HandCases()) in += h.stim + " " + h.res + " " + h.fpsr + "\n";
  Write("hand.trace", in);
  const Result r = Vfadd("check " + Q("hand.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(LastLine(r.out), std::to_string(HandCases().size()) + " passed, 0 failed");
}

TEST_F(CliTest, CheckReportsWrongElementAndFlags) {
  // The documented line with element 3 claimed to be 5.0 (40a00000) instead of 4.0 (40800000)
  // and the flags claimed to be IXC (00000010) instead of none.
  const std::string path = Write("bad.trace", "# one wrong line\n" + kDocStim +
                                                  " 40a0000040400000400000003f800000 00000010\n");
  const Result r = Vfadd("check " + Q("bad.trace"));
  EXPECT_EXIT_STATUS(r, 1);
  EXPECT_TRUE(MentionsLocation(r.out, path, 2)) << r.out;
  EXPECT_TRUE(Contains(LineWith(r.out, path + ":2"), "fadd")) << r.out;
  const std::string elem = LineWith(r.out, "element 3");
  ASSERT_NE(elem, "") << r.out;
  EXPECT_TRUE(TokensInOrder(elem, {{"expected"},
                                   {"40a00000"},
                                   {"5", "5.0", "+5", "+5.0"},
                                   {"actual"},
                                   {"40800000"},
                                   {"4", "4.0", "+4", "+4.0"}}))
      << elem;
  for (int e : {0, 1, 2}) {
    EXPECT_EQ(LineWith(r.out, "element " + std::to_string(e)), "") << r.out;
  }
  const std::string fpsr = LineWith(r.out, "fpsr");
  ASSERT_NE(fpsr, "") << r.out;
  EXPECT_TRUE(TokensInOrder(fpsr, {{"expected"}, {"00000010"}, {"actual"}, {"00000000"}})) << fpsr;
  EXPECT_TRUE(Contains(fpsr, "IXC")) << fpsr;
  EXPECT_EQ(LastLine(r.out), "0 passed, 1 failed");
}

TEST_F(CliTest, CheckReportsWrongScalarResult) {
  // faddv of four 1.0 is 4.0 (40800000); the line claims 3.0 (40400000), flags right.
  const std::string path = Write(
      "bad.trace", "faddv s 128 00000000 1111 - " + Rep("3f800000", 4) + " 40400000 00000000\n");
  const Result r = Vfadd("check " + Q("bad.trace"));
  EXPECT_EXIT_STATUS(r, 1);
  EXPECT_TRUE(MentionsLocation(r.out, path, 1)) << r.out;
  EXPECT_TRUE(Contains(LineWith(r.out, path + ":1"), "faddv")) << r.out;
  const std::string res = LineWith(r.out, "40400000");
  EXPECT_TRUE(TokensInOrder(res, {{"expected"},
                                  {"40400000"},
                                  {"3", "3.0", "+3", "+3.0"},
                                  {"actual"},
                                  {"40800000"},
                                  {"4", "4.0", "+4", "+4.0"}}))
      << r.out;
  EXPECT_EQ(LineWith(r.out, "fpsr"), "") << "the flags match: " << r.out;
  EXPECT_EQ(LastLine(r.out), "0 passed, 1 failed");
}

TEST_F(CliTest, CheckReportsFirstTenMismatches) {
  // Lines 1-15: the documented stimulus with an all-zero result (wrong); lines 16-17 correct.
  std::string in;
  for (int i = 0; i < 15; ++i) in += kDocStim + " " + Rep("0", 32) + " 00000000\n";
  in += kDocLine + "\n" + kDocLine + "\n";
  const std::string path = Write("many.trace", in);
  const Result r = Vfadd("check " + Q("many.trace"));
  EXPECT_EXIT_STATUS(r, 1);
  for (int line = 1; line <= 17; ++line) {
    EXPECT_EQ(MentionsLocation(r.out, path, line), line <= 10) << "line " << line << "\n" << r.out;
  }
  EXPECT_TRUE(Contains(r.out, "... 5 further mismatches not shown\n")) << r.out;
  EXPECT_EQ(LastLine(r.out), "2 passed, 15 failed");
}

TEST_F(CliTest, CheckMaxReportLimitsReports) {
  std::string in;
  for (int i = 0; i < 15; ++i) in += kDocStim + " " + Rep("0", 32) + " 00000000\n";
  const std::string path = Write("many.trace", in);
  // clang-format off
  struct { std::string opt; int shown; } kCases[] = {
      {"--max-report 3", 3}, {"--max-report=3", 3}, {"--max-report 0", 0},
      {"--max-report 15", 15}, {"--max-report 100", 15}};
  for (const auto& c : kCases) {
    SCOPED_TRACE(c.opt);
    const Result r = Vfadd("check " + c.opt + " " + Q("many.trace"));
    EXPECT_EXIT_STATUS(r, 1);
    for (int line = 1; line <= 15; ++line) {
      EXPECT_EQ(MentionsLocation(r.out, path, line), line <= c.shown) << "line " << line;
    }
    if (c.shown < 15) {
      EXPECT_TRUE(Contains(r.out, "... " + std::to_string(15 - c.shown) +
                                      " further mismatches not shown\n"))
          << r.out;
    } else {
      EXPECT_FALSE(Contains(r.out, "further mismatches")) << r.out;
    }
    EXPECT_EQ(LastLine(r.out), "0 passed, 15 failed");
  }
  // clang-format on
  EXPECT_EXIT_STATUS(Vfadd("check --max-report -1 " + Q("many.trace")), 2);
  EXPECT_EXIT_STATUS(Vfadd("check --max-report abc " + Q("many.trace")), 2);
}

TEST_F(CliTest, CheckSeveralFiles) {
  const std::vector<HandCase> hc = HandCases();
  const std::string good2 = hc[0].stim + " " + hc[0].res + " " + hc[0].fpsr;
  const std::string p1 = Write("one.trace", kDocLine + "\n" + good2 + "\n");
  const std::string p2 = Write(
      "two.trace", "# second\n" + kDocLine + "\n" + kDocStim + " " + Rep("0", 32) + " 00000000\n");
  const Result ok = Vfadd("check " + Q("one.trace") + " " + Q("one.trace"));
  EXPECT_EXIT_STATUS(ok, 0);
  EXPECT_EQ(LastLine(ok.out), "4 passed, 0 failed");

  const Result r = Vfadd("check " + Q("one.trace") + " " + Q("two.trace"));
  EXPECT_EXIT_STATUS(r, 1);
  EXPECT_TRUE(MentionsLocation(r.out, p2, 3)) << r.out;
  EXPECT_FALSE(Contains(r.out, p1)) << r.out;
  EXPECT_EQ(LastLine(r.out), "3 passed, 1 failed");
}

TEST_F(CliTest, CheckRejectsStimulusLine) {
  const std::string path = Write("stim.trace", kDocLine + "\n" + kDocStim + "\n");
  const Result r = Vfadd("check " + Q("stim.trace"));
  EXPECT_EXIT_STATUS(r, 2);
  EXPECT_TRUE(MentionsLocation(r.err, path, 2)) << r.err;
}

// ---------------------------------------------------------------------------------------------
// Malformed input: each class of error, for run and for check.

struct BadLine {
  const char* what;
  std::string line;
  int field;         // 1-based field number the message must name; 0: the field count
  const char* name;  // docs/trace-format.md name of that field
};

std::vector<BadLine> BadLines() {
  const std::string a = "40400000400000003f80000000000000", b = Rep("3f800000", 4);
  const std::string tail = " " + kDocRes + " 00000000";
  const std::string a256 = Rep("3f800000", 8);
  return {
      {"8 fields (neither 7 nor 9)", "fadd s 128 00000000 1111 " + a + " " + b + " " + kDocRes, 0,
       ""},
      {"6 fields", "fadd s 128 00000000 1111 " + a, 0, ""},
      {"bad hex in fpcr", "fadd s 128 0000000g 1111 " + a + " " + b + tail, 4, "fpcr"},
      {"bad hex in a", "fadd s 128 00000000 1111 4040000040000000xf80000000000000 " + b + tail, 6,
       "a"},
      {"bad hex in res", kDocStim + " 408000004040000040000000zf800000 00000000", 8, "res"},
      {"fpsr with 7 digits", kDocStim + " " + kDocRes + " 0000000", 9, "fpsr"},
      {"a with 32 digits at VL 256 (needs 64)",
       "fadd s 256 00000000 11111111 " + b + " " + a256 + " " + a256 + " 00000000", 6, "a"},
      {"pg with 4 digits at VL 256 (needs 8)",
       "fadd s 256 00000000 1111 " + a256 + " " + a256 + " " + a256 + " 00000000", 5, "pg"},
      {"b with 33 digits at VL 128", "fadd s 128 00000000 1111 " + a + " 0" + b + tail, 7, "b"},
      {"VL 200, not a multiple of 128", "fadd s 200 00000000 1111 " + a + " " + b + tail, 3, "vl"},
      {"VL 2176 = 17*128, above 2048", "fadd s 2176 00000000 1111 " + a + " " + b + tail, 3, "vl"},
      {"VL 0, below 128", "fadd s 0 00000000 1111 " + a + " " + b + tail, 3, "vl"},
      {"VL 4096", "fadd s 4096 00000000 1111 " + a + " " + b + tail, 3, "vl"},
      {"unknown op", "fmul s 128 00000000 1111 " + a + " " + b + tail, 1, "op"},
      {"unknown type", "fadd q 128 00000000 1111 " + a + " " + b + tail, 2, "t"},
      {"immediate 2.0", "fadd_i s 128 00000000 1111 " + a + " 2.0" + tail, 7, "b"},
      {"immediate 1", "fsub_i s 128 00000000 1111 " + a + " 1" + tail, 7, "b"},
      {"'-' predicate on a predicated form", "fadd s 128 00000000 - " + a + " " + b + tail, 5,
       "pg"},
      {"a predicate on an unpredicated form", "fadd_u s 128 00000000 1111 " + a + " " + b + tail, 5,
       "pg"},
  };
}

void ExpectBadLineReported(const Result& r, const std::string& path, const BadLine& bad) {
  EXPECT_EXIT_STATUS(r, 2);
  EXPECT_TRUE(MentionsLocation(r.err, path, 3)) << r.err;
  if (bad.field == 0) {
    EXPECT_TRUE(Contains(r.err, "field")) << r.err;
  } else {
    EXPECT_TRUE(NamesField(r.err, bad.field, bad.name)) << r.err;
  }
}

TEST_F(CliTest, RunRejectsMalformedLines) {
  for (const BadLine& bad : BadLines()) {
    SCOPED_TRACE(bad.what);
    const std::string path =
        Write("bad.trace", "# header\n" + kDocStim + "\n" + bad.line + "\n" + kDocLine + "\n");
    const Result r = Vfadd("run " + Q("bad.trace"));
    ExpectBadLineReported(r, path, bad);
    EXPECT_EQ(r.out, "") << "run wrote output although line 3 is bad";
  }
}

TEST_F(CliTest, CheckRejectsMalformedLines) {
  for (const BadLine& bad : BadLines()) {
    SCOPED_TRACE(bad.what);
    const std::string path =
        Write("bad.trace", "# header\n" + kDocLine + "\n" + bad.line + "\n" + kDocLine + "\n");
    ExpectBadLineReported(Vfadd("check " + Q("bad.trace")), path, bad);
  }
}

TEST_F(CliTest, RunWritesNothingWhenAnyLineIsBad) {
  // Many good lines and one bad line at the very end: no stdout at all, no -o file.
  std::string in;
  for (int i = 0; i < 200; ++i) in += kDocStim + "\n";
  in += "fadd s 128 00000000 1111 zz\n";
  const std::string path = Write("in.trace", in);
  const Result r = Vfadd("run " + Q("in.trace"));
  EXPECT_EXIT_STATUS(r, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(MentionsLocation(r.err, path, 201)) << r.err;
  const Result o = Vfadd("run -o " + Q("out.trace") + " " + Q("in.trace"));
  EXPECT_EXIT_STATUS(o, 2);
  EXPECT_FALSE(fs::exists(Path("out.trace")));
  const Result s = VfaddStdin("run -", in);
  EXPECT_EXIT_STATUS(s, 2);
  EXPECT_EQ(s.out, "");
}

TEST_F(CliTest, MissingFileIsBadInput) {
  const std::string missing = Path("no/such/file.trace");
  for (const std::string cmd : {"run", "check", "summary"}) {
    SCOPED_TRACE(cmd);
    const Result r = Vfadd(cmd + " " + ShellQuote(missing));
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(Contains(r.err, missing)) << r.err;
    EXPECT_EQ(r.out, "");
  }
  // check: a missing file among good ones is still bad input.
  Write("ok.trace", kDocLine + "\n");
  const Result r = Vfadd("check " + Q("ok.trace") + " " + ShellQuote(missing));
  EXPECT_EXIT_STATUS(r, 2);
  EXPECT_TRUE(Contains(r.err, missing)) << r.err;
}

// A read error (a directory given as FILE) is bad input, not an endless loop: `timeout` bounds
// the test should the tool regress to looping on the failed stream.
TEST_F(CliTest, UnreadableInputIsBadInput) {
  fs::create_directories(Path("dir.trace"));
  for (const std::string cmd : {"run", "check", "summary", "disasm --file"}) {
    SCOPED_TRACE(cmd);
    const Result r = Sh("timeout 3 " + ShellQuote(VFADD_TOOL) + " " + cmd + " " + Q("dir.trace"));
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(Contains(r.err, Path("dir.trace"))) << r.err.substr(0, 2000);
  }
}

// ---------------------------------------------------------------------------------------------
// gen

TEST_F(CliTest, GenIsDeterministic) {
  const std::string args = "gen --seed 42 --count 200";
  const Result a = Vfadd(args), b = Vfadd(args);
  EXPECT_EXIT_STATUS(a, 0);
  EXPECT_EXIT_STATUS(b, 0);
  EXPECT_FALSE(a.out.empty());
  EXPECT_EQ(a.out, b.out);
  // -o writes the same bytes as stdout.
  const Result c = Vfadd(args + " -o " + Q("g.trace"));
  EXPECT_EXIT_STATUS(c, 0);
  EXPECT_EQ(c.out, "");
  EXPECT_EQ(Read(Path("g.trace")), a.out);
  // With restricting options too.
  const std::string args2 = "gen --seed 7 --count 50 --ops fadd,faddv --types s --vl 384";
  EXPECT_EQ(Vfadd(args2).out, Vfadd(args2).out);
}

TEST_F(CliTest, GenDifferentSeedsDiffer) {
  const Result a = Vfadd("gen --seed 1 --count 50"), b = Vfadd("gen --seed 2 --count 50");
  EXPECT_EXIT_STATUS(a, 0);
  EXPECT_EXIT_STATUS(b, 0);
  // Compare the case lines only (the header comment names the seed anyway).
  std::vector<std::string> la = Lines(a.out), lb = Lines(b.out);
  ASSERT_EQ(la.size(), 51u);
  ASSERT_EQ(lb.size(), 51u);
  la.erase(la.begin()), lb.erase(lb.begin());
  EXPECT_NE(la, lb);
  int same = 0;
  for (size_t i = 0; i < la.size(); ++i) same += la[i] == lb[i];
  EXPECT_LT(same, 5);
}

TEST_F(CliTest, GenCountGivesThatManyLines) {
  for (int n : {0, 1, 17, 500}) {
    SCOPED_TRACE(n);
    const Result r = Vfadd("gen --seed 3 --count " + std::to_string(n));
    EXPECT_EXIT_STATUS(r, 0);
    const std::vector<std::string> l = Lines(r.out);
    ASSERT_EQ(l.size(), static_cast<size_t>(n) + 1);
    EXPECT_EQ(l[0].rfind("#", 0), 0u) << l[0];
    for (size_t i = 1; i < l.size(); ++i) {
      TraceLine t;
      ASSERT_TRUE(ParseLine(l[i], &t)) << l[i];
      EXPECT_EQ(Fields(l[i]).size(), 7u) << "gen writes stimulus lines: " << l[i];
    }
  }
}

TEST_F(CliTest, GenRestrictsOpsTypesVlAndFpcr) {
  const std::set<std::string> ops = {"fadd_i", "faddv", "fsub_u", "faddp"}, types = {"h", "d"},
                              fpcrs = {"00c00000", "01080000"};
  const std::set<int> vls = {256, 640, 2048};
  const Result r = Vfadd(
      "gen --seed 99 --count 400 --ops fadd_i,faddv,fsub_u,faddp --types h,d --vl 256,640,2048 "
      "--fpcr 00c00000,01080000");
  EXPECT_EXIT_STATUS(r, 0);
  const std::vector<std::string> l = Lines(r.out);
  ASSERT_EQ(l.size(), 401u);
  std::set<std::string> seen_ops, seen_types, seen_fpcrs;
  std::set<int> seen_vls;
  for (size_t i = 1; i < l.size(); ++i) {
    TraceLine t;
    ASSERT_TRUE(ParseLine(l[i], &t)) << l[i];
    EXPECT_TRUE(ops.count(t.op)) << l[i];
    EXPECT_TRUE(types.count(t.t)) << l[i];
    EXPECT_TRUE(vls.count(t.vl)) << l[i];
    EXPECT_TRUE(fpcrs.count(t.fpcr)) << l[i];
    seen_ops.insert(t.op), seen_types.insert(t.t), seen_vls.insert(t.vl);
    seen_fpcrs.insert(t.fpcr);
    // The shape of each form, as docs/trace-format.md describes it.
    const size_t vec = static_cast<size_t>(t.vl / 4);
    EXPECT_EQ(t.pg.size(), t.op == "fsub_u" ? 1u : static_cast<size_t>(t.vl / 32)) << l[i];
    if (t.op == "fsub_u") {
      EXPECT_EQ(t.pg, "-") << l[i];
    }
    EXPECT_EQ(t.a.size(), t.op == "faddv" ? 1u : vec) << l[i];
    if (t.op == "fadd_i") {
      EXPECT_TRUE(t.b == "0.5" || t.b == "1.0") << l[i];
    } else {
      EXPECT_EQ(t.b.size(), vec) << l[i];
    }
  }
  EXPECT_EQ(seen_ops, ops);
  EXPECT_EQ(seen_types, types);
  EXPECT_EQ(seen_vls, vls);
  EXPECT_EQ(seen_fpcrs, fpcrs);
}

TEST_F(CliTest, GenLinesAreAcceptedByRunAndPassCheck) {
  // Every VL up to 2048: the model engine, which has no built maximum (the RTL engine's tests
  // are below, at the VLs of its build).
  const Result g = Vfadd("gen --seed 2024 --count 3000 -o " + Q("stim.trace"));
  EXPECT_EXIT_STATUS(g, 0);
  const Result r = Vfadd("run --engine model " + Q("stim.trace") + " -o " + Q("checked.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const std::vector<std::string> stim = Lines(Read(Path("stim.trace")));
  const std::vector<std::string> checked = Lines(Read(Path("checked.trace")));
  ASSERT_EQ(stim.size(), 3001u);
  ASSERT_EQ(checked.size(), 3001u);
  EXPECT_EQ(checked[0], stim[0]);  // the header comment is copied
  for (size_t i = 1; i < stim.size(); ++i) {
    const std::vector<std::string> fst = Fields(stim[i]), fc = Fields(checked[i]);
    ASSERT_EQ(fc.size(), 9u) << checked[i];
    ASSERT_EQ(fst.size(), 7u) << stim[i];
    EXPECT_TRUE(std::equal(fst.begin(), fst.end(), fc.begin())) << stim[i] << "\n" << checked[i];
  }
  const Result c = Vfadd("check --engine model " + Q("checked.trace"));
  EXPECT_EXIT_STATUS(c, 0);
  EXPECT_EQ(LastLine(c.out), "3000 passed, 0 failed");
}

TEST_F(CliTest, GenCoversHardCases) {
  const Result g = Vfadd("gen --seed 777 --count 3000 -o " + Q("stim.trace"));
  EXPECT_EXIT_STATUS(g, 0);
  const Result r = Vfadd("run --engine model " + Q("stim.trace"));  // VLs up to 2048
  EXPECT_EXIT_STATUS(r, 0);
  std::map<Kind, int> kinds;
  int all_false = 0, all_true = 0, non_canonical = 0;
  std::map<int, int> flags;  // fpsr bit -> cases
  int cases = 0;
  for (const std::string& line : Lines(r.out)) {
    if (line.empty() || line[0] == '#') continue;
    TraceLine t;
    ASSERT_TRUE(ParseLine(line, &t)) << line;
    ASSERT_FALSE(t.fpsr.empty()) << line;
    ++cases;
    const int esize = Esize(t.t), n = t.vl / esize;
    auto vector_kinds = [&](const std::string& hex) {
      ASSERT_EQ(hex.size(), static_cast<size_t>(t.vl / 4)) << line;
      for (int e = 0; e < n; ++e) ++kinds[Classify(esize, Element(hex, esize, e))];
    };
    if (t.op == "fadda") {
      ++kinds[Classify(esize, std::stoull(t.a, nullptr, 16))];
    } else if (t.op != "faddv") {
      vector_kinds(t.a);
    }
    if (t.b != "0.5" && t.b != "1.0") vector_kinds(t.b);
    if (t.pg != "-") {
      const int step = esize / 8;
      bool any = false, every = true, junk = false;
      for (int i = 0; i < t.vl / 8; ++i) {
        const bool bit = PredBit(t.pg, i);
        any = any || bit;
        if (i % step == 0)
          every = every && bit;
        else
          junk = junk || bit;
      }
      all_false += !any, all_true += every, non_canonical += junk;
    }
    const uint32_t fpsr = static_cast<uint32_t>(std::stoul(t.fpsr, nullptr, 16));
    for (int bit = 0; bit < 8; ++bit) flags[bit] += (fpsr >> bit) & 1;
  }
  EXPECT_EQ(cases, 3000);
  EXPECT_GT(kinds[Kind::kPosZero], 0) << "+0";
  EXPECT_GT(kinds[Kind::kNegZero], 0) << "-0";
  EXPECT_GT(kinds[Kind::kPosInf], 0) << "+inf";
  EXPECT_GT(kinds[Kind::kNegInf], 0) << "-inf";
  EXPECT_GT(kinds[Kind::kQNaN], 0) << "qNaN";
  EXPECT_GT(kinds[Kind::kSNaN], 0) << "sNaN";
  EXPECT_GT(kinds[Kind::kSubnormal], 0) << "subnormal";
  EXPECT_GT(all_false, 0) << "all-false predicate";
  EXPECT_GT(all_true, 0) << "all-true predicate";
  EXPECT_GT(non_canonical, 0) << "non-canonical predicate bits";
  EXPECT_GT(flags[0], 0) << "IOC";
  EXPECT_GT(flags[2], 0) << "OFC";
  EXPECT_GT(flags[3], 0) << "UFC";
  EXPECT_GT(flags[4], 0) << "IXC";
  EXPECT_GT(flags[7], 0) << "IDC";
  EXPECT_EQ(flags[1], 0) << "DZC is never raised by an add (docs/semantics.md section 1.2)";
}

TEST_F(CliTest, GenRejectsBadOptions) {
  // clang-format off
  const char* const kBad[] = {
      "--seed 1 --count -1", "--seed abc --count 5",       "--seed 1 --count 5 --vl 100",
      "--seed 1 --count 5 --vl 4096", "--seed 1 --count 5 --ops foo",
      "--seed 1 --count 5 --types q", "--seed 1 --count 5 --fpcr 12",
      "--seed 1 --count 5 --vl 0",    "--seed 1 --count 5 --vl 200",
      "--seed 1 --count 5 --ops fadd,foo", "--seed 1 --count 5 --fpcr 0000000g",
      "--seed 1 --count abc",
      // Numbers are plain digits: no sign, no space, no octal or hex prefix.
      "--seed 0x10 --count 5", "--seed 08 --count 5x", "--seed ' 5' --count 1",
      "--seed 1 --count ' 1'", "--seed 1 --count 1 --vl ' 128'",
      "--seed 1 --count 1 --fpcr ' 0000000'", "--seed +1 --count 1",
  };
  // clang-format on
  for (const char* args : kBad) {
    SCOPED_TRACE(args);
    const Result r = Vfadd(std::string("gen ") + args);
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_NE(r.err, "");
    EXPECT_EQ(r.out, "");
  }
}

// ---------------------------------------------------------------------------------------------
// disasm

struct WordText {
  const char* word;  // as written in section 7
  const char* text;  // section 7's text (compact operand separators)
};

// Section 7, "Example words [BINU]/[LLVM14]"; the elided "fsub ..." and "fsubr ..." are the
// FADD example's operands with the other mnemonic, "#1.0" the #0.5 example with #1.0.
// clang-format off
constexpr WordText kSpecExamples[] = {
    {"65808861", "fadd z1.s,p2/m,z1.s,z3.s"},  {"65C09FE1", "fadd z1.d,p7/m,z1.d,z31.d"},
    {"65430041", "fadd z1.h,z2.h,z3.h"},       {"65988801", "fadd z1.s,p2/m,z1.s,#0.5"},
    {"65988821", "fadd z1.s,p2/m,z1.s,#1.0"},  {"65818861", "fsub z1.s,p2/m,z1.s,z3.s"},
    {"65838861", "fsubr z1.s,p2/m,z1.s,z3.s"}, {"65830441", "fsub z1.s,z2.s,z3.s"},
    {"64908861", "faddp z1.s,p2/m,z1.s,z3.s"}, {"65982861", "fadda s1,p2,s1,z3.s"},
    {"65802861", "faddv s1,p2,z3.s"},          {"0420BC41", "movprfx z1,z2"},
    {"04902841", "movprfx z1.s,p2/z,z2.s"},    {"04912841", "movprfx z1.s,p2/m,z2.s"},
    {"04102841", "movprfx z1.b,p2/z,z2.b"},
};
// clang-format on

std::string Lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// "<8 hex digits> <text>" with binutils' ", " operand separators.
std::string ExpectedDisasm(const WordText& w) {
  std::string text;
  for (const char* p = w.text; *p; ++p) text += *p == ',' ? std::string(", ") : std::string(1, *p);
  return Lower(w.word) + " " + text;
}

TEST_F(CliTest, DisasmSpecExamples) {
  std::string all_args, all_want;
  for (const WordText& w : kSpecExamples) {
    SCOPED_TRACE(w.word);
    const Result r = Vfadd(std::string("disasm ") + w.word);
    EXPECT_EXIT_STATUS(r, 0);
    EXPECT_EQ(r.out, ExpectedDisasm(w) + "\n");
    all_args += std::string(" ") + w.word;
    all_want += ExpectedDisasm(w) + "\n";
  }
  // All at once: one line per word, in order.
  const Result r = Vfadd("disasm" + all_args);
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, all_want);
}

TEST_F(CliTest, DisasmAcceptsHexPrefix) {
  const Result r = Vfadd("disasm 0x65808861 0x65C09FE1 65430041");
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, ExpectedDisasm(kSpecExamples[0]) + "\n" + ExpectedDisasm(kSpecExamples[1]) +
                       "\n" + ExpectedDisasm(kSpecExamples[2]) + "\n");
}

TEST_F(CliTest, DisasmReadsFileWithComments) {
  Write("words.txt",
        "# section 7 examples\n"
        "65808861   # fadd (vectors, predicated)\n"
        "\n"
        "   0x65430041\t65988801\n"
        "# 65818861 commented out\n"
        "65982861#no space before the comment\n");
  const Result r = Vfadd("disasm --file " + Q("words.txt"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, ExpectedDisasm(kSpecExamples[0]) + "\n" + ExpectedDisasm(kSpecExamples[2]) +
                       "\n" + ExpectedDisasm(kSpecExamples[3]) + "\n" +
                       ExpectedDisasm(kSpecExamples[9]) + "\n");
}

TEST_F(CliTest, DisasmReadsStdin) {
  const Result r = VfaddStdin("disasm -", "65802861\n# comment\n0420BC41 04102841\n");
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, ExpectedDisasm(kSpecExamples[10]) + "\n" + ExpectedDisasm(kSpecExamples[11]) +
                       "\n" + ExpectedDisasm(kSpecExamples[14]) + "\n");
}

TEST_F(CliTest, DisasmOtherAndUndefined) {
  // d503201f is NOP, outside the family: "other". 65008461 is FADD (vectors, predicated) with
  // size = 00: "undefined" (section 7).
  const Result r = Vfadd("disasm d503201f 65008461 0x65000041");
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, "d503201f other\n65008461 undefined\n65000041 undefined\n");
}

TEST_F(CliTest, DisasmRejectsBadWords) {
  for (const std::string bad : {"xyz", "123456789", "0x", "0x123456789", "-5", "6580886g",
                                "0x0x1234", " 1234", "0x 1234", "+1234"}) {
    SCOPED_TRACE(bad);
    const Result r = Vfadd("disasm 65808861 " + ShellQuote(bad));
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(Contains(r.err, bad)) << r.err;
  }
  // From a file: the message names the file and line.
  const std::string path = Write("words.txt", "65808861\n# c\nxyz\n");
  const Result r = Vfadd("disasm --file " + Q("words.txt"));
  EXPECT_EXIT_STATUS(r, 2);
  EXPECT_TRUE(MentionsLocation(r.err, path, 3)) << r.err;
  EXPECT_TRUE(Contains(r.err, "xyz")) << r.err;
  // A missing file.
  const Result m = Vfadd("disasm --file " + Q("missing.txt"));
  EXPECT_EXIT_STATUS(m, 2);
  EXPECT_TRUE(Contains(m.err, Path("missing.txt"))) << m.err;
  // No words at all.
  EXPECT_EXIT_STATUS(Vfadd("disasm"), 2);
  // --max-report of check is a plain count too.
  EXPECT_EXIT_STATUS(Vfadd("check --max-report ' 2' /dev/null"), 2);
}

// A seed is decimal: leading zeros do not make it octal.
TEST_F(CliTest, GenSeedIsDecimal) {
  const Result a = Vfadd("gen --seed 010 --count 3");
  const Result b = Vfadd("gen --seed 10 --count 3");
  const Result c = Vfadd("gen --seed 8 --count 3");
  EXPECT_EXIT_STATUS(a, 0);
  // Only the header (which repeats the command line) may differ between 010 and 10.
  EXPECT_EQ(a.out.substr(a.out.find('\n')), b.out.substr(b.out.find('\n')));
  EXPECT_NE(a.out.substr(a.out.find('\n')), c.out.substr(c.out.find('\n')));
}

// CRLF input: every output line ends in LF alone, copied comments included.
TEST_F(CliTest, RunWritesLfLinesForCrlfInput) {
  Write("crlf.trace", "# comment\r\n" + kDocStim + "\r\n");
  const Result r = Vfadd("run " + Q("crlf.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out.find('\r'), std::string::npos);
  EXPECT_EQ(r.out.rfind("# comment\n", 0), 0u) << r.out;
}

// ---------------------------------------------------------------------------------------------
// summary

TEST_F(CliTest, SummaryCountsCasesPerOpAndType) {
  // Five cases: fadd s x2 (the documented line and hand case 2), fadd_u s x1 (hand case 1),
  // fadd_i h x1 (hand case 3), faddv s x1 (hand case 4); plus comments and a blank line.
  const std::vector<HandCase> hc = HandCases();
  auto checked = [&](int i) { return hc[i].stim + " " + hc[i].res + " " + hc[i].fpsr + "\n"; };
  Write("s.trace", "# summary\n" + kDocLine + "\n\n" + checked(1) + checked(0) + checked(2) +
                       "# between\n" + checked(3));
  const Result r = Vfadd("summary " + Q("s.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const std::vector<std::string> l = Lines(r.out);
  ASSERT_FALSE(l.empty());
  const std::vector<std::string> header = Fields(l[0]);
  ASSERT_GE(header.size(), 3u) << l[0];
  EXPECT_EQ(header[0], "op");
  EXPECT_EQ(header[1], "type");
  const auto cases_col = std::find(header.begin(), header.end(), "cases");
  ASSERT_NE(cases_col, header.end()) << l[0];
  const size_t col = static_cast<size_t>(cases_col - header.begin());
  std::map<std::string, int> rows;
  static const std::set<std::string> kOps = {"fadd",   "fadd_u", "fadd_i", "fsub",
                                             "fsub_u", "fsub_i", "fsubr",  "fsubr_i",
                                             "faddp",  "fadda",  "faddv"};
  for (size_t i = 1; i < l.size(); ++i) {
    const std::vector<std::string> f = Fields(l[i]);
    if (f.empty() || !kOps.count(f[0])) continue;
    ASSERT_GT(f.size(), col) << l[i];
    EXPECT_EQ(rows.count(f[0] + " " + f[1]), 0u) << "duplicate row " << l[i];
    rows[f[0] + " " + f[1]] = std::atoi(f[col].c_str());
  }
  // clang-format off
  const std::map<std::string, int> want = {
      {"fadd s", 2}, {"fadd_u s", 1}, {"fadd_i h", 1}, {"faddv s", 1}};
  EXPECT_EQ(rows, want) << r.out;
}

// ---------------------------------------------------------------------------------------------
// Usage

TEST_F(CliTest, HelpOnEveryCommand) {
  for (const std::string cmd : {"run", "check", "gen", "disasm", "summary"}) {
    SCOPED_TRACE(cmd);
    for (const std::string opt : {"--help", "-h"}) {
      const Result r = Vfadd(cmd + " " + opt);
      EXPECT_EXIT_STATUS(r, 0);
      EXPECT_EQ(r.out.rfind("usage: vfadd " + cmd, 0), 0u) << r.out;
    }
  }
  // clang-format on
  for (const std::string opt : {"--help", "-h", "help"}) {
    const Result r = Vfadd(opt);
    EXPECT_EXIT_STATUS(r, 0);
    EXPECT_EQ(r.out.rfind("usage: vfadd", 0), 0u) << r.out;
    for (const char* cmd : {"run", "check", "gen", "disasm", "summary"}) {
      EXPECT_TRUE(Contains(r.out, cmd)) << cmd;
    }
  }
}

TEST_F(CliTest, UsageErrorsAreBadInput) {
  Write("ok.trace", kDocLine + "\n");
  const std::string ok = Q("ok.trace");
  // clang-format off
  const std::string kCases[] = {
      "",                                    // no command
      "frobnicate",                          // unknown command
      "run --frob " + ok,                    // unknown options
      "check --frob " + ok,
      "gen --seed 1 --count 1 --frob",
      "disasm --frob 65808861",
      "summary --frob " + ok,
      "run --engine=verilog " + ok,          // an engine this build does not have
      "run " + ok + " -o",                   // missing option values
      "check " + ok + " --max-report",
      "gen --count 1 --seed",
      "disasm --file",
      "run",                                 // missing operands
      "run " + ok + " " + ok,
      "check",
      "summary",
      "gen --count 1",                       // gen needs --seed and --count
      "gen --seed 1",
      "gen --seed 1 --count 1 extra",
      "gen --seed 1 --seed 2 --count 1",     // an option twice
  };
  // clang-format on
  for (const std::string& args : kCases) ExpectUsageError(args);
}

// ---------------------------------------------------------------------------------------------
// The RTL engine (the default): vfadd_top in the SystemC harness. Its results are compared with
// the golden model's (--engine model), which is written from the architecture independently of
// the RTL; the configuration comes from the build (VFADD_MAX_VL, VFADD_STAGES).

// A stimulus file of `count` generated cases at the VLs the built configuration takes.
std::string BuiltVls() {
  std::string vls;
  for (int vl = 128; vl <= VFADD_MAX_VL; vl += 128) {
    vls += (vls.empty() ? "" : ",") + std::to_string(vl);
  }
  return vls;
}

TEST_F(CliTest, InfoPrintsTheBuiltConfiguration) {
  const Result r = Vfadd("info");
  EXPECT_EXIT_STATUS(r, 0);
  const std::string want = "vfadd_top: MaxVecLenBits=" + std::to_string(VFADD_MAX_VL) +
                           " NumStages=" + std::to_string(VFADD_STAGES) + " TagBits=16";
  EXPECT_EQ(Lines(r.out).at(0), want) << r.out;
  EXPECT_EXIT_STATUS(Vfadd("info extra"), 2);
}

TEST_F(CliTest, RtlEngineIsTheDefaultAndAgreesWithTheModel) {
  EXPECT_EXIT_STATUS(
      Vfadd("gen --seed 31 --count 600 --vl " + BuiltVls() + " -o " + Q("stim.trace")), 0);
  const Result rtl = Vfadd("run " + Q("stim.trace"));
  const Result rtl2 = Vfadd("run --engine rtl " + Q("stim.trace"));
  const Result model = Vfadd("run --engine model " + Q("stim.trace"));
  EXPECT_EXIT_STATUS(rtl, 0);
  EXPECT_EXIT_STATUS(model, 0);
  EXPECT_EQ(rtl.out, model.out);
  EXPECT_EQ(rtl2.out, model.out);
  // Idle cycles and backpressure change the timing, never the results.
  const Result busy = Vfadd("run --idle 0.3 --backpressure 0.4 --seed 9 " + Q("stim.trace"));
  EXPECT_EXIT_STATUS(busy, 0);
  EXPECT_EQ(busy.out, model.out);
  // check on the RTL passes the model's trace, and the model passes the RTL's.
  Write("model.trace", model.out);
  Write("rtl.trace", rtl.out);
  EXPECT_EQ(LastLine(Vfadd("check " + Q("model.trace")).out), "600 passed, 0 failed");
  EXPECT_EQ(LastLine(Vfadd("check --engine model " + Q("rtl.trace")).out), "600 passed, 0 failed");
}

TEST_F(CliTest, RunSummaryCountsRtlCases) {
  EXPECT_EXIT_STATUS(
      Vfadd("gen --seed 5 --count 100 --ops fadd,faddv --types s --vl 128 -o " + Q("stim.trace")),
      0);
  const Result r = Vfadd("run --summary -o " + Q("out.trace") + " " + Q("stim.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const std::string total = LineWith(r.out, "total");
  ASSERT_FALSE(total.empty()) << r.out;
  EXPECT_EQ(Fields(total).at(1), "100") << total;  // cases
  EXPECT_EQ(Fields(total).at(3), "0") << total;    // mismatches
  EXPECT_TRUE(Contains(r.out, "100 cases,")) << r.out;
}

TEST_F(CliTest, VlAboveTheBuiltMaximumIsBadInput) {
  if (VFADD_MAX_VL == 2048) GTEST_SKIP() << "the tool is built for the largest VL";
  const int vl = VFADD_MAX_VL + 128;
  const Result g = Vfadd("gen --seed 1 --count 1 --types s --ops fadd --vl " + std::to_string(vl));
  ASSERT_EQ(g.status, 0) << g.err;
  const std::string big = Lines(g.out).at(1);
  const std::string path = Write("big.trace", "# header\n" + kDocStim + "\n" + big + "\n");
  for (const std::string& cmd : {std::string("run"), "run -o " + Q("out.trace")}) {
    const Result r = Vfadd(cmd + " " + Q("big.trace"));
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(MentionsLocation(r.err, path, 3)) << r.err;
    EXPECT_TRUE(NamesField(r.err, 3, "vl")) << r.err;
    EXPECT_TRUE(Contains(r.err, std::to_string(VFADD_MAX_VL))) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(fs::exists(Path("out.trace")));
  }
  // The model has no such limit.
  EXPECT_EXIT_STATUS(Vfadd("run --engine model " + Q("big.trace")), 0);
}

TEST_F(CliTest, RtlOptionsAreChecked) {
  const std::string ok = Q("ok.trace");
  Write("ok.trace", kDocStim + "\n");
  // clang-format off
  const std::vector<std::string> kCases = {
      "run --idle 1.5 " + ok,
      "run --idle x " + ok,
      "run --backpressure -0.1 " + ok,
      "run --seed x " + ok,
      "run --waves " + Q("w.fst") + " --wave-cycles 5:2 " + ok,
      "run --waves " + Q("w.fst") + " --wave-cycles 3 " + ok,
      "run --wave-cycles 0:3 " + ok,
      "run --waves " + Q("w.fst") + " --wave-cycles 0:3 --wave-cases 0:1 " + ok,
      "run --engine model --waves " + Q("w.fst") + " " + ok,
      "check --engine model --idle 0.5 " + ok,
      "run --code-coverage " + Q("c.dat") + " " + ok,  // this tool has no --coverage build
      "run --engine model --code-coverage " + Q("c.dat") + " " + ok,
      "disasm --engine verilog 65808861",
      "disasm --idle 0.5 65808861",
      "bench --count 0",
      "bench --reps x",
  };
  // clang-format on
  for (const std::string& args : kCases) {
    ExpectUsageError(args);
    EXPECT_FALSE(fs::exists(Path("w.fst")));
  }
}

// An FST file starts with its header block: block type FST_BL_HDR = 0, then the block's 64-bit
// big-endian length (gtkwave's fstapi.c), which is far below the file's size.
bool LooksLikeFst(const std::string& bytes) {
  if (bytes.size() < 64 || bytes[0] != 0) return false;
  uint64_t len = 0;
  for (int i = 1; i <= 8; ++i) len = len << 8 | static_cast<unsigned char>(bytes[i]);
  return len > 8 && len < bytes.size();
}

TEST_F(CliTest, RunWritesWaveforms) {
  Write("in.trace", kDocStim + "\n" + kDocStim + "\n" + kDocStim + "\n");
  for (const std::string window : {"", "--wave-cycles 2:40", "--wave-cases 1:1"}) {
    SCOPED_TRACE(window);
    fs::remove(Path("w.fst"));
    const Result r = Vfadd("run --waves " + Q("w.fst") + " " + window + " " + Q("in.trace"));
    EXPECT_EXIT_STATUS(r, 0);
    EXPECT_TRUE(LooksLikeFst(Read(Path("w.fst"))));
  }
}

TEST_F(CliTest, DisasmEnginesAgree) {
  // Words of every form and kind: the words of section 7 with each size, and neighbours.
  std::string words;
  for (const uint32_t base : {0x65808861u, 0x65982861u, 0x65008461u, 0x65C09FE1u, 0x65430041u,
                              0x0420BC41u, 0x04102841u, 0x64902861u, 0x6598A021u}) {
    for (uint32_t size = 0; size < 4; ++size) {
      for (const uint32_t flip : {0u, 1u << 5, 1u << 16, 1u << 21, 1u << 13}) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%08x ", ((base & ~(3u << 22)) | (size << 22)) ^ flip);
        words += buf;
      }
    }
  }
  const Result rtl = Vfadd("disasm --engine rtl " + words);
  const Result model = Vfadd("disasm --engine model " + words);
  EXPECT_EXIT_STATUS(rtl, 0);
  EXPECT_EQ(rtl.out, model.out);
  EXPECT_EQ(Vfadd("disasm " + words).out, model.out);
}

TEST_F(CliTest, BenchEndsWithTheRatio) {
  const Result r = Vfadd("bench --count 100 --reps 1");
  EXPECT_EXIT_STATUS(r, 0);
  const std::string last = LastLine(r.out);
  ASSERT_EQ(last.rfind("ratio harness/raw: ", 0), 0u) << r.out;
  const std::string num = last.substr(std::string("ratio harness/raw: ").size());
  ASSERT_EQ(num.size(), 4u) << last;
  EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(num[0])) && num[1] == '.' &&
              std::isdigit(static_cast<unsigned char>(num[2])) &&
              std::isdigit(static_cast<unsigned char>(num[3])))
      << last;
}

// ---------------------------------------------------------------------------------------------
// regress

// The rows of a summary table of `width` columns: "op.t" -> the numbers of columns `cols`.
std::map<std::string, std::vector<uint64_t>> TableColumns(const std::string& out, size_t width,
                                                          const std::vector<size_t>& cols) {
  std::map<std::string, std::vector<uint64_t>> rows;
  for (const std::string& line : Lines(out)) {
    const std::vector<std::string> f = Fields(line);
    if (f.size() != width || f[0] == "op" || f[0] == "total") continue;
    std::vector<uint64_t> v;
    for (size_t i : cols) v.push_back(std::stoull(f[i]));
    rows[f[0] + "." + f[1]] = v;
  }
  return rows;
}

// The columns of a summary row that do not depend on timing: op, type, cases, elem-ops,
// mismatches and the six flag counts (the latency column is left out).
std::map<std::string, std::vector<uint64_t>> SummaryRows(const std::string& out) {
  return TableColumns(out, 12, {2, 3, 4, 6, 7, 8, 9, 10, 11});
}

TEST_F(CliTest, RegressRunsEveryOperationAndWritesJunit) {
  const Result r = Vfadd("regress --seed 3 --count 1200 --jobs 2 --junit " + Q("r.xml") +
                         " --failures " + Q("f.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const auto rows = SummaryRows(r.out);
  EXPECT_EQ(rows.size(), 33u) << r.out;  // 11 operations x 3 types
  uint64_t cases = 0;
  for (const auto& [name, v] : rows) cases += v[0];
  EXPECT_EQ(cases, 1200u);
  EXPECT_TRUE(Contains(r.out, "1200 cases (seed 3, shard 1/1), 0 mismatches")) << r.out;
  EXPECT_TRUE(Contains(r.err, "1200/1200 cases (100%)")) << r.err;  // the progress line
  EXPECT_EQ(Read(Path("f.trace")), "");  // created (for a scheduler's glob), empty
  const std::string xml = Read(Path("r.xml"));
  EXPECT_EQ(xml.rfind("<?xml", 0), 0u);
  EXPECT_TRUE(Contains(xml, "tests=\"33\" failures=\"0\"")) << xml;
  EXPECT_TRUE(Contains(xml, "<testcase classname=\"vfadd.regress\" name=\"faddv.h\"")) << xml;
  EXPECT_TRUE(Contains(xml, "<property name=\"coverage\" value=\"")) << xml;
}

// Shards 1/2 and 2/2 of count N are the even and odd cases of the seed's stream: together the
// same cases as one run of count 2N.
TEST_F(CliTest, RegressShardsPartitionTheStream) {
  const std::string base = "regress --seed 11 --failures " + Q("f.trace");
  const Result all = Vfadd(base + " --count 800");
  const Result s1 = Vfadd(base + " --count 400 --shard 1/2");
  const Result s2 = Vfadd(base + " --count 400 --shard 2/2 --jobs 2");
  EXPECT_EXIT_STATUS(all, 0);
  EXPECT_EXIT_STATUS(s1, 0);
  EXPECT_EXIT_STATUS(s2, 0);
  auto sum = SummaryRows(s1.out);
  for (const auto& [name, v] : SummaryRows(s2.out)) {
    std::vector<uint64_t>& t = sum[name];
    t.resize(v.size());
    for (size_t i = 0; i < v.size(); ++i) t[i] += v[i];
  }
  EXPECT_EQ(sum, SummaryRows(all.out));
  EXPECT_NE(SummaryRows(s1.out), SummaryRows(s2.out));
}

// The failure path, shown on a correct RTL by corrupting one expectation: exit 1, the case
// appended to the failure trace after a comment naming seed and index, that line being case K
// of the generator with the model's result, and JUnit marking its operation and type.
TEST_F(CliTest, RegressAppendsFailingCasesToTheFailureTrace) {
  Write("f.trace", "# kept\n");
  const Result r = Vfadd("regress --seed 7 --count 300 --self-test-flip 123 --junit " + Q("r.xml") +
                         " --failures " + Q("f.trace"));
  EXPECT_EXIT_STATUS(r, 1);
  EXPECT_TRUE(Contains(r.out, "1 mismatches")) << r.out;
  const std::vector<std::string> lines = Lines(Read(Path("f.trace")));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "# kept");  // appended, not overwritten
  EXPECT_EQ(lines[1].rfind("# vfadd regress --seed 7 case 123 (shard 1/1): ", 0), 0u) << lines[1];
  const Result g = Vfadd("gen --seed 7 --count 124 --vl " + BuiltVls());
  const std::vector<std::string> gl = Lines(g.out);
  Write("one.trace", gl.back() + "\n");
  const Result m = Vfadd("run --engine model " + Q("one.trace"));
  EXPECT_EQ(lines[2], LastLine(m.out));
  // The replay passes: the RTL was right, the expectation was corrupted.
  EXPECT_EQ(LastLine(Vfadd("check " + Q("f.trace")).out), "1 passed, 0 failed");
  const std::string op = Fields(lines[2]).at(0), t = Fields(lines[2]).at(1);
  const std::string xml = Read(Path("r.xml"));
  EXPECT_TRUE(Contains(xml, "failures=\"1\"")) << xml;
  EXPECT_TRUE(Contains(xml, "name=\"" + op + "." + t + "\" assertions=")) << xml;
  EXPECT_TRUE(Contains(xml, "<failure type=\"mismatch\"")) << xml;
}

// The number before " holes" in the coverage line ("... bins hit, H holes; ...").
uint64_t Holes(const std::string& out) {
  const size_t at = out.find(" holes;");
  if (at == std::string::npos) return ~uint64_t{0};
  const size_t from = out.rfind(' ', at - 1) + 1;
  return std::stoull(out.substr(from, at - from));
}

// Every run samples functional coverage and prints its figure; --coverage DIR writes the
// database and the two reports; the databases of shards 1/2 and 2/2 merged are the database of
// the one run of twice the count (the same cases, see RegressShardsPartitionTheStream).
TEST_F(CliTest, RegressWritesCoverageAndMergeAddsShards) {
  const std::string base = "regress --seed 13 --failures " + Q("f.trace");
  const Result all = Vfadd(base + " --count 600 --coverage " + Q("all"));
  const Result s1 = Vfadd(base + " --count 300 --shard 1/2 --coverage " + Q("s1"));
  const Result s2 = Vfadd(base + " --count 300 --shard 2/2 --jobs 2 --coverage " + Q("s2"));
  EXPECT_EXIT_STATUS(all, 0);
  EXPECT_EXIT_STATUS(s1, 0);
  EXPECT_EXIT_STATUS(s2, 0);
  const std::string headline =
      "coverage: 600 cases sampled (maximum VL " + std::to_string(VFADD_MAX_VL) + ").";
  EXPECT_EQ(LastLine(all.out).rfind(headline, 0), 0u) << all.out;
  EXPECT_TRUE(Contains(LastLine(all.out), "Report: " + Path("all") + "/coverage.md")) << all.out;
  for (const char* dir : {"all", "s1", "s2"}) {
    for (const char* ext : {".fcov", ".md", ".html"}) {
      EXPECT_TRUE(fs::exists(Path(dir) + "/coverage" + ext)) << dir << ext;
    }
  }
  const std::vector<std::string> md = Lines(Read(Path("all") + "/coverage.md"));
  ASSERT_GE(md.size(), 3u);
  EXPECT_EQ(md[0].rfind("# vfadd regress --seed 13 --count 600 (shard 1/1", 0), 0u) << md[0];
  // The report's headline is the printed one.
  EXPECT_EQ(LastLine(all.out).rfind("coverage: " + md[2], 0), 0u) << md[2];
  const Result m = Vfadd("merge --coverage " + Q("merged") + " " + Q("s1") + "/coverage.fcov " +
                         Q("s2") + "/coverage.fcov");
  EXPECT_EXIT_STATUS(m, 0);
  EXPECT_TRUE(Contains(m.out, "merge: 2 coverage databases: 600 cases sampled")) << m.out;
  std::vector<std::string> merged = Lines(Read(Path("merged") + "/coverage.fcov"));
  std::vector<std::string> one = Lines(Read(Path("all") + "/coverage.fcov"));
  std::sort(merged.begin(), merged.end());
  std::sort(one.begin(), one.end());
  EXPECT_EQ(merged, one);
  EXPECT_GT(one.size(), 1000u);  // bins hit
  EXPECT_EQ(Holes(m.out), Holes(all.out));
}

// --steer reaches more bins than the same run unsteered.
TEST_F(CliTest, RegressSteerFillsHoles) {
  const std::string base = "regress --seed 21 --count 2000 --failures " + Q("f.trace");
  const Result plain = Vfadd(base);
  const Result steered = Vfadd(base + " --steer");
  EXPECT_EXIT_STATUS(plain, 0);
  EXPECT_EXIT_STATUS(steered, 0);
  EXPECT_TRUE(Contains(steered.out, "cases steered towards holes.")) << steered.out;
  EXPECT_LT(Holes(steered.out), Holes(plain.out)) << plain.out << steered.out;
  EXPECT_TRUE(Contains(steered.out, "2000 cases (seed 21, shard 1/1), 0 mismatches"))
      << steered.out;
}

// A --coverage directory that cannot be made fails before anything runs.
TEST_F(CliTest, RegressCoverageDirectoryMustBeWritable) {
  const Result r = Vfadd("regress --seed 1 --count 10 --coverage " + Q("no/such/dir"));
  EXPECT_EXIT_STATUS(r, 2);
  EXPECT_TRUE(Contains(r.err, Path("no/such/dir"))) << r.err;
  EXPECT_FALSE(Contains(r.out, "regress:")) << r.out;  // no run
}

TEST_F(CliTest, MergeRejectsBadCoverageDatabases) {
  const std::string head = "vfadd-fcov 1 max_vl=" + std::to_string(VFADD_MAX_VL) + " cases=2\n";
  Write("bad.fcov", head + "results.h zero RN 5\nresults.h frob RN 1\n");
  Write("other.fcov",
        std::string("vfadd-fcov 1 max_vl=") + (VFADD_MAX_VL == 128 ? "256" : "128") + " cases=1\n");
  Write("good.fcov", head + "results.h zero RN 5\n");
  Write("text.fcov", "hello\n");
  const Result bad =
      Vfadd("merge --coverage " + Q("o") + " " + Q("good.fcov") + " " + Q("bad.fcov"));
  EXPECT_EXIT_STATUS(bad, 2);
  EXPECT_TRUE(MentionsLocation(bad.err, Path("bad.fcov"), 3)) << bad.err;
  const Result other =
      Vfadd("merge --coverage " + Q("o") + " " + Q("good.fcov") + " " + Q("other.fcov"));
  EXPECT_EXIT_STATUS(other, 2);
  EXPECT_TRUE(MentionsLocation(other.err, Path("other.fcov"), 1)) << other.err;
  EXPECT_TRUE(Contains(other.err, "maximum VL")) << other.err;
  const Result text = Vfadd("merge --coverage " + Q("o") + " " + Q("text.fcov"));
  EXPECT_EXIT_STATUS(text, 2);
  EXPECT_TRUE(MentionsLocation(text.err, Path("text.fcov"), 1)) << text.err;
  EXPECT_FALSE(fs::exists(Path("o")));          // nothing written
  ExpectUsageError("merge " + Q("good.fcov"));  // databases need --coverage
  EXPECT_EXIT_STATUS(Vfadd("merge --coverage " + Q("o") + " " + Q("good.fcov")), 0);
}

TEST_F(CliTest, RegressRejectsBadOptions) {
  for (const std::string& args : std::vector<std::string>{
           "regress --count 10",  // no seed
           "regress --seed 1",    // no count
           "regress --seed 1 --count 0",
           "regress --seed 1 --count -3",
           "regress --seed 1 --count 10 --shard 3/2",
           "regress --seed 1 --count 10 --shard 0/0",
           "regress --seed 1 --count 10 --shard 0/2",
           "regress --seed 1 --count 10 --shard 2",
           "regress --seed 1 --count 10 --jobs 0",
           "regress --seed 1 --count 10 --idle 2",
           "regress --seed 1 --count 10 --ops frob",
           "regress --seed 1 --count 10 --vl " + std::to_string(VFADD_MAX_VL + 128),
           "regress --seed 1 --count 10 extra",
       }) {
    if (VFADD_MAX_VL == 2048 && Contains(args, "--vl")) continue;
    ExpectUsageError(args);
  }
}

// ---------------------------------------------------------------------------------------------
// measure

// The measured latency and throughput of every operation are the documented timing of
// vfadd_top (its header and the README's table, N = NumStages): vector operations N + 2 cycles,
// one per cycle; FADDV N * ceil(log2(VL / esize)) + 2, one per cycle; FADDA with k active
// elements N * k + 3, one per N * k + 2 cycles. The workloads follow: a stream of n operations
// spans n - 1 + latency + 1 cycles, a dependent chain costs latency + 1 per link.
TEST_F(CliTest, MeasureMatchesTheDocumentedTiming) {
  const Result r = Vfadd("measure --csv --elements 1000");
  EXPECT_EXIT_STATUS(r, 0);
  const int n = VFADD_STAGES, vl = VFADD_MAX_VL;
  std::map<std::string, std::vector<std::string>> rows;
  for (const std::string& line : Lines(r.out)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
    if (f.size() >= 4) rows[f[0] + "." + f[1] + "." + f[2]] = f;
  }
  int checked = 0;
  for (const char* op : {"fadd", "fadd_u", "fadd_i", "fsub", "fsub_u", "fsub_i", "fsubr", "fsubr_i",
                         "faddp", "fadda", "faddv"}) {
    for (const vfadd::Fmt f : vfadd::kAllFmts) {
      const std::string t(1, vfadd::FmtLetter(f));
      const auto it = rows.find(std::string("op.") + op + "." + t);
      ASSERT_NE(it, rows.end()) << op << " " << t << "\n" << r.out;
      vfadd::Op o;
      ASSERT_TRUE(vfadd::ParseOp(op, &o)) << op;
      const int k = vl / vfadd::fp_width(f);  // every element active
      const int latency = vfadd::top::Latency(n, o, f, vl, k);
      const double throughput = 1.0 / vfadd::top::IssueInterval(n, o, k);
      EXPECT_EQ(std::stoi(it->second[4]), latency) << op << " " << t;
      EXPECT_NEAR(std::stod(it->second[5]), throughput, 1e-4) << op << " " << t;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 33);
  // 1000 FP32 elements, vl / 32 per operation: ops operations, the last with `tail` active.
  const int per_op = vl / 32, ops = (1000 + per_op - 1) / per_op, tail = 1000 - (ops - 1) * per_op;
  auto cycles = [&](const std::string& name) {
    const auto it = rows.find("workload." + name + ".s");
    EXPECT_NE(it, rows.end()) << name;
    return it == rows.end() ? -1 : std::stoi(it->second[8]);
  };
  EXPECT_EQ(cycles("vector_add"), ops - 1 + n + 2 + 1);
  EXPECT_EQ(cycles("independent_adds"), ops - 1 + n + 2 + 1);
  EXPECT_EQ(cycles("conditional_add"), ops - 1 + n + 2 + 1);
  EXPECT_EQ(cycles("dependent_adds"), ops * (n + 2 + 1));
  EXPECT_EQ(cycles("sum_fadda"), (ops - 1) * (n * per_op + 3 + 1) + (n * tail + 3 + 1));
  EXPECT_EQ(cycles("sum_faddv"), ops - 1 + n * vfadd::top::CeilLog2(per_op) + 2 + 1);
  ExpectUsageError("measure --vl 100");
  ExpectUsageError("measure --elements 0");
}

// ---------------------------------------------------------------------------------------------
// shrink

// On a correct RTL, shrink is tested through its self-test predicate (a case fails when an
// active element of a has the given bits): from 16 active FP32 elements at VL 512 with an FPCR
// of FZ and RM, element 5 carrying the bits, the simplest failing case is element 5 alone at the
// shortest VL holding it (256), FPCR 0, every other bit 0.
TEST_F(CliTest, ShrinkReducesToTheSimplestFailingCase) {
  if (VFADD_MAX_VL < 512) GTEST_SKIP() << "the case is at VL 512, above this build's maximum";
  // 16 elements: element e of a is 0x3f800000 + e (1.0 and neighbours), b likewise + 0x100.
  std::string a, b;
  for (int e = 15; e >= 0; --e) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x", 0x3f800000 + e);
    a += buf;
    std::snprintf(buf, sizeof buf, "%08x", 0x3f800100 + e);
    b += buf;
  }
  const std::string line = "fadd s 512 01800000 " + Rep("f", 16) + " " + a + " " + b;
  const Result r = Vfadd("shrink --self-test-value 3f800005 '" + line + "'");
  EXPECT_EXIT_STATUS(r, 0);
  const std::vector<std::string> out = Lines(r.out);
  ASSERT_EQ(out.size(), 2u) << r.out;
  EXPECT_TRUE(Contains(out[0], "vl 512 -> 256, active elements 16 -> 1, fpcr 01800000 -> 00000000"))
      << out[0];
  const std::vector<std::string> f = Fields(out[1]);
  ASSERT_EQ(f.size(), 9u) << out[1];
  EXPECT_EQ(f[2], "256");
  EXPECT_EQ(f[3], "00000000");
  EXPECT_EQ(f[4], "00100000");                                // predicate bit 5 * 4 = 20
  EXPECT_EQ(f[5], Rep("0", 16) + "3f800005" + Rep("0", 40));  // 64 digits, element 5 at 40
  EXPECT_EQ(f[6], Rep("0", 64));
  // Element 5 alone: 1.0000006 + 0 = itself, exact; the others keep Zdn = 0.
  EXPECT_EQ(f[7], Rep("0", 16) + "3f800005" + Rep("0", 40));
  EXPECT_EQ(f[8], "00000000");
}

TEST_F(CliTest, ShrinkRefusesPassingAndBadCases) {
  // The documented example passes on the RTL: nothing to shrink.
  const Result pass = Vfadd("shrink '" + kDocStim + "'");
  EXPECT_EXIT_STATUS(pass, 1);
  EXPECT_TRUE(Contains(pass.err, "does not fail")) << pass.err;
  const Result bad = Vfadd("shrink 'fadd s 128 0000000 1111 00 00'");
  EXPECT_EXIT_STATUS(bad, 2);
  EXPECT_TRUE(NamesField(bad.err, 4, "fpcr")) << bad.err;
  ExpectUsageError("shrink");
  ExpectUsageError("shrink --self-test-value xyz '" + kDocStim + "'");
  const Result stdin_line = VfaddStdin("shrink -", kDocStim + "\n");
  EXPECT_EXIT_STATUS(stdin_line, 1);
}

// ---------------------------------------------------------------------------------------------
// merge

TEST_F(CliTest, MergeCombinesShardOutputs) {
  const std::string base = "regress --seed 5 --count 300 ";
  EXPECT_EXIT_STATUS(
      Vfadd(base + "--shard 1/2 --junit " + Q("j1.xml") + " --failures " + Q("f1.trace")), 0);
  EXPECT_EXIT_STATUS(Vfadd(base + "--shard 2/2 --self-test-flip 9 --junit " + Q("j2.xml") +
                           " --failures " + Q("f2.trace")),
                     1);
  ASSERT_TRUE(fs::exists(Path("f2.trace")));
  EXPECT_EQ(Read(Path("f1.trace")), "");  // shard 1 had no failure
  const Result m =
      Vfadd("merge --junit " + Q("all.xml") + " --failures " + Q("all.trace") + " " + Q("j1.xml") +
            " " + Q("j2.xml") + " " + Q("f1.trace") + " " + Q("f2.trace"));
  EXPECT_EXIT_STATUS(m, 1);  // a shard failed
  EXPECT_EQ(LastLine(m.out),
            "merge: 2 JUnit files (66 test cases, 1 failed), 2 failure traces (1 failing case)");
  const std::string xml = Read(Path("all.xml"));
  EXPECT_TRUE(Contains(xml, "<testsuites name=\"vfadd regress\" tests=\"66\" failures=\"1\""))
      << xml;
  EXPECT_TRUE(Contains(xml, "shard1of2") && Contains(xml, "shard2of2")) << xml;
  const std::vector<std::string> t = Lines(Read(Path("all.trace")));
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0], "# vfadd merge: from " + Path("f1.trace"));
  EXPECT_EQ(t[1], "# vfadd merge: from " + Path("f2.trace"));
  EXPECT_EQ(t[2].rfind("# vfadd regress --seed 5 case 9 (shard 2/2): ", 0), 0u) << t[2];
  EXPECT_EQ(t[3], Lines(Read(Path("f2.trace"))).back());
  // Only passing shards: exit 0.
  EXPECT_EXIT_STATUS(Vfadd("merge --junit " + Q("ok.xml") + " " + Q("j1.xml")), 0);
}

TEST_F(CliTest, MergeRejectsBadInput) {
  Write("not.xml", "<html></html>\n");
  Write("bad.trace", "# x\nfadd s 128 0000000 1111 00 00\n");
  Write("stim.trace", kDocStim + "\n");
  const Result x = Vfadd("merge --junit " + Q("o.xml") + " " + Q("not.xml"));
  EXPECT_EXIT_STATUS(x, 2);
  EXPECT_TRUE(Contains(x.err, Path("not.xml"))) << x.err;
  const Result t = Vfadd("merge --failures " + Q("o.trace") + " " + Q("bad.trace"));
  EXPECT_EXIT_STATUS(t, 2);
  EXPECT_TRUE(MentionsLocation(t.err, Path("bad.trace"), 2)) << t.err;
  EXPECT_EXIT_STATUS(Vfadd("merge --failures " + Q("o.trace") + " " + Q("stim.trace")), 2);
  EXPECT_FALSE(fs::exists(Path("o.xml")));
  EXPECT_FALSE(fs::exists(Path("o.trace")));
  ExpectUsageError("merge");
  ExpectUsageError("merge " + Q("a.xml"));    // JUnit inputs need --junit
  ExpectUsageError("merge " + Q("a.trace"));  // traces need --failures
}

// ---------------------------------------------------------------------------------------------
// The tool layer: --version, --quiet and --verbose, help generated from the declarations, the
// README's `vfadd info` example, merge of GoogleTest's and CTest's JUnit files.

// `vfadd --version` names the release (CMake's project version) and the configuration.
TEST_F(CliTest, VersionNamesReleaseAndConfiguration) {
  const Result r = Vfadd("--version");
  EXPECT_EXIT_STATUS(r, 0);
  const std::string tail = " (vfadd_top MaxVecLenBits=" + std::to_string(VFADD_MAX_VL) +
                           " NumStages=" + std::to_string(VFADD_STAGES) + ")\n";
  ASSERT_EQ(r.out.rfind("vfadd ", 0), 0u) << r.out;
  ASSERT_GE(r.out.size(), tail.size());
  EXPECT_EQ(r.out.substr(r.out.size() - tail.size()), tail) << r.out;
  // Between them: MAJOR.MINOR.PATCH, digits and two dots.
  const std::string version = r.out.substr(6, r.out.size() - tail.size() - 6);
  EXPECT_EQ(std::count(version.begin(), version.end(), '.'), 2) << version;
  EXPECT_EQ(version.find_first_not_of("0123456789."), std::string::npos) << version;
  EXPECT_EQ(r.err, "");
}

// --quiet drops regress's progress line, --verbose adds notes; before the command or among its
// options, with the same stdout.
TEST_F(CliTest, QuietAndVerboseChangeOnlyStderr) {
  const std::string args = "regress --seed 3 --count 50 --failures " + Q("f.trace");
  const Result normal = Vfadd(args);
  EXPECT_EXIT_STATUS(normal, 0);
  EXPECT_TRUE(Contains(normal.err, "50/50 cases (100%)")) << normal.err;
  for (const std::string& quiet : {"--quiet " + args, args + " --quiet"}) {
    const Result r = Vfadd(quiet);
    EXPECT_EXIT_STATUS(r, 0);
    EXPECT_EQ(r.err, "") << quiet;
    // The table and the totals are the same (the rate and seconds vary).
    EXPECT_EQ(Lines(r.out).at(0), Lines(normal.out).at(0));
    EXPECT_EQ(Lines(r.out).size(), Lines(normal.out).size());
  }
  const Result v = Vfadd("--verbose " + args);
  EXPECT_EXIT_STATUS(v, 0);
  EXPECT_TRUE(Contains(v.err, "vfadd regress: 50 cases in 1 worker")) << v.err;
  ExpectUsageError("--quiet --frob " + args);
  ExpectUsageError(args + " --quiet --verbose");
  ExpectUsageError("--quiet");  // no command
}

// Every option a command declares appears in its usage line and in its options list, and the
// range of a counted option is enforced as the declaration says (bench --reps 1..100,
// measure --elements 1..1000000, regress --jobs 1..64).
TEST_F(CliTest, HelpListsEveryDeclaredOption) {
  // clang-format off
  const std::map<std::string, std::vector<std::string>> kOptions = {
      {"run", {"--engine", "--seed", "--idle", "--backpressure", "--waves", "--wave-cycles",
               "--wave-cases", "-o", "--summary", "--code-coverage"}},
      {"check", {"--engine", "--max-report"}},
      {"gen", {"--seed", "--count", "--ops", "--types", "--vl", "--fpcr", "-o"}},
      {"regress", {"--seed", "--count", "--jobs", "--shard", "--junit", "--failures",
                   "--coverage", "--steer", "--idle", "--backpressure", "--self-test-flip",
                   "--json"}},
      {"cover", {"--coverage", "--max-vl", "--json"}},
      {"summary", {"--json"}},
      {"merge", {"--junit", "--failures", "--coverage"}},
      {"shrink", {"--self-test-value"}},
      {"measure", {"--vl", "--elements", "--csv"}},
      {"bench", {"--count", "--seed", "--reps", "--json"}},
      {"disasm", {"--engine", "--file"}},
  };
  // clang-format on
  for (const auto& [cmd, options] : kOptions) {
    const Result r = Vfadd(cmd + " --help");
    EXPECT_EXIT_STATUS(r, 0);
    const size_t list = r.out.find("\noptions:\n");
    ASSERT_NE(list, std::string::npos) << r.out;
    const std::string usage = r.out.substr(0, r.out.find("\n\n"));
    for (const std::string& o : options) {
      EXPECT_TRUE(Contains(usage, o + " ") || Contains(usage, o + "]")) << cmd << " " << o;
      EXPECT_TRUE(Contains(r.out.substr(list), "\n  " + o)) << cmd << " " << o;
    }
    for (const std::string& line : Lines(r.out)) EXPECT_LE(line.size(), 99u) << line;
  }
  for (const char* args :
       {"bench --reps 0", "bench --reps 101", "measure --elements 0", "measure --elements 1000001",
        "regress --seed 1 --count 1 "
        "--jobs 65",
        "regress --seed 1 --count 1 --jobs 0"}) {
    const Result r = Vfadd(args);
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(Contains(r.err, "from ")) << args << "\n" << r.err;
  }
}

// The README's `vfadd info` example is what the default configuration's tool prints.
TEST_F(CliTest, ReadmeInfoExampleIsTheToolsOutput) {
  if (VFADD_MAX_VL != 512 || VFADD_STAGES != 3) {
    GTEST_SKIP() << "the README's example is of MaxVecLenBits=512 NumStages=3, this tool is of "
                 << VFADD_MAX_VL << "/" << VFADD_STAGES;
  }
  const std::string readme = Read(std::string(VFADD_SOURCE_DIR) + "/README.md");
  const size_t at = readme.find("```\nvfadd_top: MaxVecLenBits=");
  ASSERT_NE(at, std::string::npos);
  const size_t end = readme.find("```", at + 4);
  ASSERT_NE(end, std::string::npos);
  const Result r = Vfadd("info");
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(r.out, readme.substr(at + 4, end - at - 4));
}

// merge reads the JUnit files of GoogleTest (--gtest_output=xml) and CTest (--output-junit)
// beside vfadd's: the fixtures of sim/lib/testdata, whose counts are written in its README.
TEST_F(CliTest, MergeAcceptsGoogleTestAndCtestJunit) {
  const std::string data = std::string(VFADD_SOURCE_DIR) + "/sim/lib/testdata/";
  const std::string kGtest = data + "gtest.xml", kCtest = data + "ctest.xml";
  ASSERT_TRUE(fs::exists(kGtest) && fs::exists(kCtest));
  EXPECT_EXIT_STATUS(Vfadd("regress --seed 5 --count 100 --junit " + Q("v.xml")), 0);
  const Result m = Vfadd("merge --junit " + Q("all.xml") + " " + Q("v.xml") + " " +
                         ShellQuote(kGtest) + " " + ShellQuote(kCtest));
  // Both fixtures hold a failing test: exit 1, and the merged file holds every suite.
  EXPECT_EXIT_STATUS(m, 1);
  const std::string xml = Read(Path("all.xml"));
  EXPECT_TRUE(Contains(xml, "shard1of1")) << xml;
  EXPECT_TRUE(Contains(xml, "<failure")) << xml;
}

// ---------------------------------------------------------------------------------------------
// Robustness: bad input. The contract (README "The tool", each command's --help, trace.h): every
// command rejects bad input with exit status 2 and a message naming the file, the line and the
// field (`FILE:LINE: field N 'name': ...`; standard input is named `<stdin>`), and never crashes,
// hangs or skips a line silently. Every run below is bounded by `timeout` (Bounded): a hang is
// status 124, a crash 128 + the signal, both different from 2. Each test counts the bad-input
// cases it tries (one run of the tool each); the total is printed at the end of the run.

int g_bad_input_cases = 0;

// Records and prints the cases a test tried.
void ReportCases(const char* test, int cases) {
  ::testing::Test::RecordProperty("bad_input_cases", cases);
  std::printf("[ bad input ] %s: %d cases\n", test, cases);
  g_bad_input_cases += cases;
}

// The stderr of a rejection: a few lines of plain text. Input bytes reach it only quoted (cut,
// and escaped when not printable), never raw: no NUL, no control or non-ASCII byte, no
// megabytes.
void ExpectPlainStderr(const Result& r) {
  EXPECT_LT(r.err.size(), 16384u) << r.err.substr(0, 2000);
  const auto raw = std::find_if(r.err.begin(), r.err.end(), [](char ch) {
    const unsigned char u = static_cast<unsigned char>(ch);
    return !(u == '\n' || u == '\t' || (u >= 0x20 && u < 0x7f));
  });
  EXPECT_TRUE(raw == r.err.end()) << "a raw byte at offset " << (raw - r.err.begin()) << ": "
                                  << r.err.substr(0, 2000);
}

// Exit 2, the message names `where`:`line` and field `field` called `name` (0: the count of
// fields is wrong, any "field" will do; -1: the input has no fields), on plain stderr.
void ExpectRejected(const Result& r, const std::string& where, int line, int field,
                    const std::string& name) {
  EXPECT_EQ(r.status, 2) << "stdout:\n"
                         << r.out.substr(0, 2000) << "stderr:\n"
                         << r.err.substr(0, 2000);
  EXPECT_TRUE(MentionsLocation(r.err, where, line)) << where << ":" << line << "\n"
                                                    << r.err.substr(0, 2000);
  if (field > 0) {
    EXPECT_TRUE(NamesField(r.err, field, name)) << r.err.substr(0, 2000);
  }
  if (field == 0) {
    EXPECT_TRUE(Contains(r.err, "field")) << r.err.substr(0, 2000);
  }
  ExpectPlainStderr(r);
}

// A bad trace line and the field its message must name (as in BadLine).
struct BadInputLine {
  const char* what;
  std::string line;
  int field;
  const char* name;
};

int CliTest::ExpectTraceLinesRejected(const std::vector<BadInputLine>& lines) const {
  int cases = 0;
  for (const BadInputLine& bad : lines) {
    for (const InputCmd& cmd : TraceCommands()) {
      SCOPED_TRACE(std::string(bad.what) + ": vfadd " + cmd.args);
      std::string where;
      const Result r = OnInput(cmd, kDocLine + "\n" + bad.line + "\n" + kDocLine + "\n", &where);
      ++cases;
      ExpectRejected(r, where, 2, bad.field, bad.name);
      if (cmd.args.rfind("run", 0) == 0) {
        EXPECT_EQ(r.out.size(), 0u) << "run wrote output";
      }
    }
  }
  return cases;
}

// `n` bytes of a fixed linear congruential sequence, leaving out the bytes of `except`.
std::string PseudoRandomBytes(size_t n, const std::string& except) {
  std::string out;
  uint32_t x = 12345;
  while (out.size() < n) {
    x = x * 1103515245u + 12345u;
    const char ch = static_cast<char>(x >> 23);
    if (except.find(ch) == std::string::npos) out += ch;
  }
  return out;
}

// The good fields of the documented example, for building bad lines around them.
const std::string kDocA = "40400000400000003f80000000000000", kDocB = Rep("3f800000", 4);
const std::string kDocTail = " " + kDocRes + " 00000000";
const std::string kFcovHead = "vfadd-fcov 1 max_vl=" + std::to_string(VFADD_MAX_VL) + " cases=2\n";

// 1. A line of several megabytes is read whole and rejected at once: the message names the
// line and field and quotes only the start of the field (and its length). Every reader: the
// trace commands (from FILE and stdin), disasm's word files, merge's coverage databases.
TEST_F(CliTest, HugeLinesAreBadInput) {
  constexpr int kBig = 4 << 20;  // 4 MiB
  // clang-format off
  const std::vector<BadInputLine> kLines = {
      {"4 MiB of hex digits in a",
       "fadd s 128 00000000 1111 " + std::string(kBig, '4') + " " + kDocB + kDocTail, 6, "a"},
      {"4 MiB of hex digits in fpcr",
       "fadd s 128 " + std::string(kBig, '0') + " 1111 " + kDocA + " " + kDocB + kDocTail, 4,
       "fpcr"},
      {"4 MiB of hex digits in res", kDocStim + " " + std::string(kBig, 'f') + " 00000000", 8,
       "res"},
      {"4 MiB of decimal digits in vl",
       "fadd s " + std::string(kBig, '1') + " 00000000 1111 " + kDocA + " " + kDocB + kDocTail,
       3, "vl"},
      {"4 MiB of spaces, then garbage", std::string(kBig, ' ') + "zz" + kDocTail, 1, "op"},
      {"4 MiB of garbage in one word", std::string(kBig, 'z'), 1, "op"},
      {"4 MiB of one-letter words", Rep("x ", kBig / 2), 1, "op"},
      {"fadd and then 2 Mi fields", "fadd " + Rep("s ", kBig / 2), 0, ""},
  };
  // clang-format on
  int cases = ExpectTraceLinesRejected(kLines);
  // disasm: a word of megabytes, and megabytes of bad words (the messages are bounded).
  for (const std::string& bad :
       {std::string(kBig, '6'), std::string(kBig, 'z'), Rep("x ", kBig / 2)}) {
    for (const InputCmd& cmd : {InputCmd{"disasm --file"}, InputCmd{"disasm -", true}}) {
      SCOPED_TRACE("vfadd " + cmd.args + " on a line of " + bad.substr(0, 2) + "...");
      std::string where;
      ++cases;
      ExpectRejected(OnInput(cmd, "65808861\n" + bad + "\n", &where, "words.txt"), where, 2, -1,
                     "");
    }
  }
  // merge: a coverage database line with a group of megabytes, and a count of megabytes.
  const std::vector<std::pair<std::string, int>> kDbLines = {
      {"results.h " + std::string(kBig, 'z') + " RN 5", -1},
      {"results.h zero RN " + std::string(kBig, '9'), 4},
  };
  for (const auto& [line, field] : kDbLines) {
    const std::string db = Write("big.fcov", kFcovHead + line + "\n");
    ++cases;
    ExpectRejected(Bounded("merge --coverage " + Q("cov") + " " + Q("big.fcov")), db, 2, field,
                   "count");
    EXPECT_FALSE(fs::exists(Path("cov")));
  }
  ReportCases("HugeLinesAreBadInput", cases);
}

// 2. Binary bytes are bad input: a NUL inside a line, bytes 0x80..0xff, control characters, a
// line and a whole file of random binary. The message names the line and field and shows the
// bytes escaped (\xNN), so nothing raw reaches the terminal.
TEST_F(CliTest, BinaryBytesAreBadInput) {
  const std::string nul(1, '\0');
  std::string high;
  for (int c = 0x80; c <= 0xff; ++c) high += static_cast<char>(c);
  // One line of random bytes: no newline, no '#' (a '#' would make a later field a misplaced
  // comment), led by 0xff so that field 1 is bad.
  const std::string random_line = "\xff" + PseudoRandomBytes(4096, "\n\r#");
  // clang-format off
  const std::vector<BadInputLine> kLines = {
      {"a NUL inside a", "fadd s 128 00000000 1111 4040" + nul + kDocA.substr(5) + " " + kDocB +
                             kDocTail, 6, "a"},
      {"a NUL inside the op", "fa" + nul + "dd s 128 00000000 1111 " + kDocA + " " + kDocB +
                                  kDocTail, 1, "op"},
      {"a NUL between two fields", "fadd" + nul + "s 128 00000000 1111 " + kDocA + " " + kDocB +
                                       kDocTail, 1, "op"},
      {"a NUL at the end of the line", kDocLine + nul, 9, "fpsr"},
      {"a line of bytes 0x80..0xff", high, 1, "op"},
      {"UTF-8 as the type", "fadd \xc3\xa9 128 00000000 1111 " + kDocA + " " + kDocB + kDocTail,
       2, "t"},
      {"a byte 0xff in fpcr", "fadd s 128 0000000\xff 1111 " + kDocA + " " + kDocB + kDocTail, 4,
       "fpcr"},
      {"a terminal escape sequence in the op", "\x1b[2J\x1b[31mfadd s 128 00000000 1111 " +
                                                   kDocA + " " + kDocB + kDocTail, 1, "op"},
      {"a line of random binary", random_line, 1, "op"},
  };
  // clang-format on
  int cases = ExpectTraceLinesRejected(kLines);
  // A whole file of random binary, newlines included, after a good line: line 2 (led by 0xff)
  // is reported, and the messages stay bounded however many lines are bad.
  const std::string random_file = "\xff" + PseudoRandomBytes(65536, "");
  for (const InputCmd& cmd : TraceCommands()) {
    SCOPED_TRACE("random binary file: vfadd " + cmd.args);
    std::string where;
    ++cases;
    ExpectRejected(OnInput(cmd, kDocLine + "\n" + random_file, &where), where, 2, -1, "");
  }
  // disasm: a word holding a NUL, high bytes, an escape sequence, random binary.
  for (const std::string& bad :
       {"6580" + nul + "8861", high, std::string("\x1b[2J65808861"), random_line, random_file}) {
    for (const InputCmd& cmd : {InputCmd{"disasm --file"}, InputCmd{"disasm -", true}}) {
      SCOPED_TRACE("vfadd " + cmd.args);
      std::string where;
      ++cases;
      ExpectRejected(OnInput(cmd, "65808861\n" + bad + "\n", &where, "words.txt"), where, 2, -1,
                     "");
    }
  }
  // merge: binary in a coverage database line.
  const std::string db = Write("bin.fcov", kFcovHead + "results.h \xff" + nul + "\x80 RN 5\n");
  ++cases;
  ExpectRejected(Bounded("merge --coverage " + Q("cov") + " " + Q("bin.fcov")), db, 2, -1, "");
  ReportCases("BinaryBytesAreBadInput", cases);
}

// 3. CRLF line ends are accepted everywhere (docs/trace-format.md's lines; ParseTraceLine accepts a
// trailing '\r'): the same exit status and output as the same file with LF, output lines
// ending in LF alone. The file: a comment, a blank line, the documented line and the 9 hand
// cases, all correct, so check passes 10 and summary counts 10.
TEST_F(CliTest, CrlfLineEndsAreAcceptedEverywhere) {
  std::string lf = "# crlf\n" + kDocLine + "\n\n";
  for (const HandCase& h : HandCases()) lf += h.stim + " " + h.res + " " + h.fpsr + "\n";
  auto crlf = [](const std::string& text) {
    std::string out;
    for (char ch : text) out += ch == '\n' ? std::string("\r\n") : std::string(1, ch);
    return out;
  };
  fs::create_directories(Path("lf"));
  fs::create_directories(Path("crlf"));
  int cases = 0;
  // The merged trace starts with a comment naming the input's path, which differs: compare the
  // rest.
  auto merged = [&]() {
    std::vector<std::string> l = Lines(Read(Path("merged.trace")));
    if (!l.empty()) l.erase(l.begin());
    return l;
  };
  for (const InputCmd& cmd : TraceCommands()) {
    if (cmd.args == "shrink -") continue;  // one case only: below
    SCOPED_TRACE("vfadd " + cmd.args);
    std::string where;
    const Result want = OnInput(cmd, lf, &where, "lf/t.trace");
    const std::vector<std::string> want_merged = merged();
    const Result got = OnInput(cmd, crlf(lf), &where, "crlf/t.trace");
    ++cases;
    // merge exits 1: its failure trace holds cases (a shard failed).
    const int status = cmd.args.rfind("merge", 0) == 0 ? 1 : 0;
    EXPECT_EXIT_STATUS(want, status);
    EXPECT_EXIT_STATUS(got, status);
    EXPECT_EQ(got.out, want.out);
    EXPECT_EQ(got.out.find('\r'), std::string::npos) << "a CR in the output";
    if (cmd.args.rfind("merge", 0) == 0) {
      EXPECT_EQ(merged(), want_merged);
      // "# vfadd merge: from ...", the comment, the 10 cases (blank lines are not copied).
      EXPECT_EQ(Lines(Read(Path("merged.trace"))).size(), 12u);
    }
    if (cmd.args.rfind("check", 0) == 0) {
      EXPECT_EQ(LastLine(got.out), "10 passed, 0 failed");
    }
    if (cmd.args.rfind("summary", 0) == 0) {
      EXPECT_EQ(Fields(LineWith(got.out, "total")).at(1), "10") << got.out;
    }
  }
  // shrink: the documented case on stdin, failing by the self-test value 40400000 (element 3 of
  // a, active), shrinks the same (exit 0, the reduced line).
  {
    const std::string in = "# one case\n" + kDocStim + "\n";
    const Result want = Bounded("shrink --self-test-value 40400000 -", &in, 60);
    const std::string in_crlf = crlf(in);
    const Result got = Bounded("shrink --self-test-value 40400000 -", &in_crlf, 60);
    ++cases;
    EXPECT_EXIT_STATUS(want, 0);
    EXPECT_EXIT_STATUS(got, 0);
    EXPECT_EQ(got.out, want.out);
  }
  // disasm: a word file with CRLF.
  {
    const std::string words = "65808861\n# the next is FADDA\n65982861\n";
    const Result want = Bounded("disasm --file " + ShellQuote(Write("lf/w.txt", words)));
    const Result got = Bounded("disasm --file " + ShellQuote(Write("crlf/w.txt", crlf(words))));
    ++cases;
    EXPECT_EXIT_STATUS(got, 0);
    EXPECT_EQ(got.out, want.out);
    EXPECT_EQ(Lines(got.out).size(), 2u) << got.out;
  }
  // merge: a coverage database with CRLF is the same database.
  {
    const std::string db = kFcovHead + "results.h zero RN 5\n";
    Write("lf/c.fcov", db);
    Write("crlf/c.fcov", crlf(db));
    const Result want = Bounded("merge --coverage " + Q("lf/cov") + " " + Q("lf/c.fcov"));
    const Result got = Bounded("merge --coverage " + Q("crlf/cov") + " " + Q("crlf/c.fcov"));
    ++cases;
    EXPECT_EXIT_STATUS(want, 0);
    EXPECT_EXIT_STATUS(got, 0);
    EXPECT_EQ(Read(Path("crlf/cov/coverage.fcov")), Read(Path("lf/cov/coverage.fcov")));
  }
  ReportCases("CrlfLineEndsAreAcceptedEverywhere", cases);
}

// 4. The last line: complete without a final newline, it is a line like any other (the same
// result as with the newline; a final CR alone too). Cut short (a field cut in half, fields
// missing), it is bad input naming that line (3, after a comment and the documented line).
TEST_F(CliTest, TruncatedLastLineIsBadInputCompleteOneIsNot) {
  int cases = 0;
  for (const std::string& ending : {std::string(""), std::string("\r")}) {
    for (const InputCmd& cmd : TraceCommands()) {
      SCOPED_TRACE("vfadd " + cmd.args + (ending.empty() ? ", no final newline" : ", a final CR"));
      std::string where;
      const Result want = OnInput(cmd, "# h\n" + kDocLine + "\n", &where);
      const Result got = OnInput(cmd, "# h\n" + kDocLine + ending, &where);
      ++cases;
      // Exit 1: merge of a failure trace holding a case (a shard failed), shrink of the
      // documented case, which passes on the RTL ("nothing to shrink").
      EXPECT_EXIT_STATUS(got, cmd.args.rfind("merge", 0) == 0 || cmd.args == "shrink -" ? 1 : 0);
      EXPECT_EQ(got.status, want.status);
      EXPECT_EQ(got.out, want.out);
      if (cmd.args == "run") {
        EXPECT_EQ(got.out, "# h\n" + kDocLine + "\n");
      }
      if (cmd.args == "check") {
        EXPECT_EQ(LastLine(got.out), "1 passed, 0 failed");
      }
    }
  }
  {
    const Result got = Bounded("disasm --file " + ShellQuote(Write("w.txt", "65808861\n65982861")));
    ++cases;
    EXPECT_EXIT_STATUS(got, 0);
    EXPECT_EQ(Lines(got.out).size(), 2u) << got.out;
  }
  // clang-format off
  const std::vector<BadInputLine> kCut = {
      {"res cut in half", kDocStim + " " + kDocRes.substr(0, 16), 0, ""},  // 8 fields
      {"fpsr cut in half", kDocStim + " " + kDocRes + " 0000", 9, "fpsr"},
      {"b cut in half", "fadd s 128 00000000 1111 " + kDocA + " " + kDocB.substr(0, 16) +
                            kDocTail, 7, "b"},
      {"a cut in half, the rest missing", "fadd s 128 00000000 1111 " + kDocA.substr(0, 16), 0,
       ""},
      {"cut after pg", "fadd s 128 00000000 1111", 0, ""},
      {"cut inside vl", "fadd s 12", 0, ""},
      {"cut inside the op", "fad", 1, "op"},
      {"cut inside fpcr", "fadd s 128 0000", 0, ""},
  };
  // clang-format on
  for (const BadInputLine& bad : kCut) {
    for (const InputCmd& cmd : TraceCommands()) {
      SCOPED_TRACE(std::string(bad.what) + ": vfadd " + cmd.args);
      std::string where;
      const Result r = OnInput(cmd, "# h\n" + kDocLine + "\n" + bad.line, &where);
      ++cases;
      ExpectRejected(r, where, 3, bad.field, bad.name);
      if (cmd.args.rfind("run", 0) == 0) {
        EXPECT_EQ(r.out, "");
      }
    }
  }
  ReportCases("TruncatedLastLineIsBadInputCompleteOneIsNot", cases);
}

// 5. Input without cases is not an error: an empty file, an empty stdin, a file of comments and
// blank lines are zero cases, exit 0 (run copies the comments and blank lines; check passes 0;
// summary counts 0; merge merges 0 failing cases; disasm prints nothing). shrink alone needs a
// case (its one CASE-LINE): there zero cases are bad input, exit 2, naming <stdin>.
TEST_F(CliTest, InputWithoutCasesIsZeroCasesNotAnError) {
  // clang-format off
  const std::vector<std::pair<const char*, std::string>> kInputs = {
      {"0 bytes", ""},
      {"one newline", "\n"},
      {"comments and blank lines", "# a\n\n   \n\t\n# b\r\n\r\n"},
      {"a comment without a final newline", "# only"},
      {"a blank line of 4 MiB of spaces", std::string(4 << 20, ' ') + "\n"},
  };
  // clang-format on
  int cases = 0;
  for (const auto& [what, content] : kInputs) {
    // What run copies: every line, without its CR, ending in LF.
    std::string copied;
    for (std::string l : Lines(content)) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      copied += l + "\n";
    }
    for (const InputCmd& cmd : TraceCommands()) {
      SCOPED_TRACE(std::string(what) + ": vfadd " + cmd.args);
      std::string where;
      fs::remove(Path("merged.trace"));
      const Result r = OnInput(cmd, content, &where);
      ++cases;
      if (cmd.args == "shrink -") {
        EXPECT_EXIT_STATUS(r, 2);
        EXPECT_TRUE(Contains(r.err, "<stdin>")) << r.err;
        ExpectPlainStderr(r);
        continue;
      }
      EXPECT_EXIT_STATUS(r, 0);
      if (cmd.args.rfind("run", 0) == 0) {
        EXPECT_TRUE(r.out == copied) << "run output differs";
      }
      if (cmd.args.rfind("check", 0) == 0) {
        EXPECT_EQ(r.out, "0 passed, 0 failed\n");
      }
      if (cmd.args.rfind("summary", 0) == 0) {
        const std::vector<std::string> total = Fields(LineWith(r.out, "total"));
        ASSERT_GE(total.size(), 3u) << r.out;
        EXPECT_EQ(total[1], "0");  // cases
        EXPECT_EQ(total[2], "0");  // elem-ops
        EXPECT_EQ(Lines(r.out).size(), 2u) << "only the header and the total: " << r.out;
      }
      if (cmd.args.rfind("merge", 0) == 0) {
        for (const std::string& l : Lines(Read(Path("merged.trace")))) EXPECT_EQ(l[0], '#') << l;
      }
    }
    for (const InputCmd& cmd : {InputCmd{"disasm --file"}, InputCmd{"disasm -", true}}) {
      SCOPED_TRACE(std::string(what) + ": vfadd " + cmd.args);
      std::string where;
      const Result r = OnInput(cmd, content, &where);
      ++cases;
      EXPECT_EXIT_STATUS(r, 0);
      EXPECT_EQ(r.out, "");
    }
  }
  ReportCases("InputWithoutCasesIsZeroCasesNotAnError", cases);
}

// 6. An input that cannot be read is bad input naming it, for every reader (FILE and stdin),
// never an endless loop or zero cases: a directory, /proc/self/mem (opens, but reading its
// offset 0 fails: unreadable even for root) and a file with permission 000. Root reads the
// latter all the same, so that sub-case runs only for other users (the other two stand in).
TEST_F(CliTest, UnreadableInputIsBadInputForEveryReader) {
  Write("ok.trace", kDocLine + "\n");
  std::vector<std::string> bases;
  for (const char* ext : {".trace", ".xml", ".fcov"}) {
    fs::create_directories(Path(std::string("dir") + ext));
  }
  bases.push_back("dir");
  if (fs::exists("/proc/self/mem")) {
    for (const char* ext : {".trace", ".xml", ".fcov"}) {
      fs::create_symlink("/proc/self/mem", Path(std::string("mem") + ext));
    }
    bases.push_back("mem");
  }
  if (geteuid() != 0) {
    for (const char* ext : {".trace", ".xml", ".fcov"}) {
      Write(std::string("locked") + ext, kDocLine + "\n");
      fs::permissions(Path(std::string("locked") + ext), fs::perms::none);
    }
    bases.push_back("locked");
  } else {
    std::printf(
        "[ bad input ] running as root, which reads a file of permission 000: that "
        "sub-case is left out; a directory and /proc/self/mem stand in\n");
  }
  int cases = 0;
  for (const std::string& base : bases) {
    const std::string trace = base + ".trace";
    // clang-format off
    const std::vector<std::string> kCommands = {
        "run " + Q(trace),
        "run --engine model " + Q(trace),
        "run -o " + Q("out.trace") + " " + Q(trace),
        "check " + Q(trace),
        "check " + Q("ok.trace") + " " + Q(trace),  // after a good file
        "summary " + Q(trace),
        "summary " + Q("ok.trace") + " " + Q(trace),
        "disasm --file " + Q(trace),
        "merge --failures " + Q("out.trace") + " " + Q(trace),
        "merge --junit " + Q("out.xml") + " " + Q(base + ".xml"),
        "merge --coverage " + Q("cov") + " " + Q(base + ".fcov"),
    };
    // clang-format on
    for (const std::string& args : kCommands) {
      SCOPED_TRACE("vfadd " + args);
      const Result r = Bounded(args);
      ++cases;
      EXPECT_EXIT_STATUS(r, 2);
      EXPECT_TRUE(Contains(r.err, Path(base))) << r.err;
      if (args.rfind("run", 0) == 0) {
        EXPECT_EQ(r.out, "");
      }
      ExpectPlainStderr(r);
      EXPECT_FALSE(fs::exists(Path("out.trace")));
      EXPECT_FALSE(fs::exists(Path("out.xml")));
      EXPECT_FALSE(fs::exists(Path("cov")));
    }
  }
  // Standard input that cannot be read: a directory.
  for (const std::string& args :
       {std::string("run -"), std::string("check -"), std::string("summary -"),
        std::string("disasm -"), std::string("shrink -"),
        "merge --failures " + Q("out.trace") + " -"}) {
    SCOPED_TRACE("vfadd " + args + " <dir.trace");
    const Result r =
        Sh("timeout 10 " + ShellQuote(VFADD_TOOL) + " " + args + " <" + Q("dir.trace"));
    ++cases;
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(Contains(r.err, "<stdin>")) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(fs::exists(Path("out.trace")));
  }
  ReportCases("UnreadableInputIsBadInputForEveryReader", cases);
}

// 7. Unknown options, options that take no value given one, options missing their value, an
// option twice, and options that contradict each other, for every command: usage errors (exit
// 2, a message, nothing on stdout, nothing written). The contradictions, from sim/cmd_*.cc and
// the help texts: an RTL-engine option with --engine model (run, check; --code-coverage for
// run), --wave-cycles with --wave-cases, either without --waves, words with --file or - (disasm),
// a kind of FILE without its merge option and an option without FILEs of its kind (merge), a
// --self-test-flip case that is not among the run's cases, and --count times the shard count
// beyond the seed's stream (2^48 cases) (regress).
TEST_F(CliTest, UnknownAndContradictoryOptionsAreUsageErrors) {
  Write("ok.trace", kDocLine + "\n");
  Write("ok.fcov", kFcovHead + "results.h zero RN 5\n");
  const std::string ok = Q("ok.trace"), w = Q("w.fst");
  // A valid command line of every command (vfadd --help), to which a bad option is added.
  // clang-format off
  const std::vector<std::string> kValid = {
      "run " + ok,
      "check " + ok,
      "gen --seed 1 --count 1",
      "disasm 65808861",
      "summary " + ok,
      "regress --seed 1 --count 1",
      "merge --failures " + Q("m.trace") + " " + ok,
      "shrink '" + kDocStim + "'",
      "info",
      "measure",
      "bench --count 1 --reps 1",
  };
  // clang-format on
  std::vector<std::string> bad;
  for (const std::string& v : kValid) {
    for (const char* opt : {"--frob", "--frob=1", "-z", "--HELP", "---seed=1"}) {
      bad.push_back(v + " " + opt);
    }
  }
  // clang-format off
  const std::vector<std::string> kOthers = {
      // A flag given a value.
      "run --summary=yes " + ok, "regress --seed 1 --count 1 --steer=1", "measure --csv=1",
      // A value missing at the end.
      "run " + ok + " --engine", "check " + ok + " --seed", "gen --seed 1 --count 1 --vl",
      "disasm --engine", "regress --seed 1 --count 1 --shard", "merge " + ok + " --failures",
      "shrink --self-test-value", "measure --vl", "bench --reps",
      "run " + ok + " --wave-cases",
      // An option twice.
      "run --engine model --engine rtl " + ok, "check --max-report 1 --max-report=2 " + ok,
      "regress --seed 1 --count 1 --seed 2", "measure --vl 128 --vl 128",
      "bench --count 1 --count 1",
      // RTL engine options with --engine model.
      "run --engine model --seed 1 " + ok, "run --engine model --idle 0.1 " + ok,
      "run --engine model --backpressure 0.1 " + ok, "run --engine model --waves " + w + " " + ok,
      "run --engine model --waves " + w + " --wave-cycles 0:9 " + ok,
      "run --engine model --waves " + w + " --wave-cases 0:0 " + ok,
      "run --engine model --code-coverage " + Q("c.dat") + " " + ok,
      "check --engine model --seed 1 " + ok, "check --engine model --idle 0.1 " + ok,
      "check --engine model --backpressure 0.1 " + ok,
      "check --engine model --waves " + w + " " + ok,
      "check --engine model --waves " + w + " --wave-cycles 0:9 " + ok,
      "check --engine model --waves " + w + " --wave-cases 0:0 " + ok,
      // The two wave windows together, or without --waves.
      "run --waves " + w + " --wave-cycles 0:9 --wave-cases 0:0 " + ok,
      "check --waves " + w + " --wave-cycles 0:9 --wave-cases 0:0 " + ok,
      "run --wave-cycles 0:9 " + ok, "run --wave-cases 0:0 " + ok,
      "check --wave-cycles 0:9 " + ok, "check --wave-cases 0:0 " + ok,
      // disasm: words and a file.
      "disasm --file " + Q("words.txt") + " 65808861", "disasm --file " + Q("words.txt") + " -",
      // merge: kinds of FILE and their options.
      "merge " + Q("j.xml"), "merge " + ok, "merge " + Q("ok.fcov"),
      "merge --junit " + Q("m.xml") + " --failures " + Q("m.trace") + " " + ok,
      "merge --failures " + Q("m.trace") + " " + Q("ok.fcov") + " --coverage " + Q("cov") +
          " " + Q("j.xml"),
      "merge --coverage " + Q("cov") + " --failures " + Q("m.trace") + " " + ok,
      // regress: a flipped case not in the run; more cases than the seed's stream.
      "regress --seed 1 --count 10 --self-test-flip 10",
      "regress --seed 1 --count 10 --shard 2/2 --self-test-flip 4",
      "regress --seed 1 --count 10 --shard 1/2 --self-test-flip 21",
      "regress --seed 1 --count 281474976710657",                  // 2^48 + 1
      "regress --seed 1 --count 2 --shard 1/140737488355329",     // 2 * (2^47 + 1)
      "regress --seed 1 --count 10 --shard 1/18446744073709551615",
  };
  // clang-format on
  bad.insert(bad.end(), kOthers.begin(), kOthers.end());
  for (const std::string& args : bad) {
    SCOPED_TRACE("vfadd " + args);
    const Result r = Bounded(args, nullptr, 30);
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_NE(r.err, "");
    EXPECT_EQ(r.out, "");
    ExpectPlainStderr(r);
    for (const char* out : {"w.fst", "c.dat", "m.trace", "m.xml", "cov"}) {
      EXPECT_FALSE(fs::exists(Path(out))) << out << " written";
    }
  }
  ReportCases("UnknownAndContradictoryOptionsAreUsageErrors", static_cast<int>(bad.size()));
}

// 8. Numbers: counts, seeds, indices and probabilities are plain decimal (digits only, in 64
// bits; probabilities from 0 to 1), shards I/K with 1 <= I <= K, VLs multiples of 128 from 128
// to 2048 (gen) or to the build's maximum (what runs on the RTL: regress, measure, and the
// trace lines of run, check and shrink). Anything else is bad input, exit 2: negative, zero
// where a count must be positive, non-numeric, overflowing 64 bits (99999999999999999999999,
// 2^64), signs, spaces, prefixes. Trace lines and coverage databases hold numbers too.
TEST_F(CliTest, BadNumbersShardsAndVlsAreBadInput) {
  Write("ok.trace", kDocLine + "\n");
  const std::string ok = Q("ok.trace");
  const std::string kOver = "99999999999999999999999", k2p64 = "18446744073709551616";
  const std::vector<std::string> kNotCounts = {"-1",  "abc",  kOver, k2p64, "",
                                               "1.5", "0x10", " 1",  "+1",  "1e3"};
  std::vector<std::string> bad;
  // Seeds and counts (zero too where the count must be positive).
  // clang-format off
  const std::vector<std::pair<std::string, std::string>> kNumeric = {
      {"gen --count 1 --seed", ""},          {"gen --seed 1 --count", ""},
      {"regress --count 1 --seed", ""},      {"regress --seed 1 --count", "0"},
      {"regress --seed 1 --count 1 --jobs", "0"},
      {"regress --seed 1 --count 1 --self-test-flip", ""},
      {"bench --reps 1 --count", "0"},       {"bench --count 1 --seed", ""},
      {"bench --count 1 --reps", "0"},       {"measure --elements", "0"},
      {"check " + ok + " --max-report", ""}, {"run " + ok + " --seed", ""},
      {"check " + ok + " --seed", ""},
  };
  // clang-format on
  for (const auto& [cmd, zero] : kNumeric) {
    for (const std::string& v : kNotCounts) bad.push_back(cmd + " " + ShellQuote(v));
    if (!zero.empty()) bad.push_back(cmd + " " + zero);
  }
  // Counts above their documented maximum.
  for (const char* args : {"regress --seed 1 --count 1 --jobs 65", "bench --count 1000001 --reps 1",
                           "bench --count 18446744073709551615 --reps 1",
                           "bench --count 1 --reps 101", "measure --elements 1000001"}) {
    bad.push_back(args);
  }
  // Probabilities.
  for (const std::string& opt : std::vector<std::string>{
           "run " + ok + " --idle", "run " + ok + " --backpressure", "check " + ok + " --idle",
           "regress --seed 1 --count 1 --idle", "regress --seed 1 --count 1 --backpressure"}) {
    for (const char* v : {"-0.1", "1.5", "nan", "inf", "abc", "", "0.5x", "1e999"}) {
      bad.push_back(opt + " " + ShellQuote(v));
    }
  }
  // Cycle and case windows A:B.
  for (const char* opt : {"--wave-cycles", "--wave-cases"}) {
    for (const char* v : {"5:2", "a:b", "1:", ":1", ":", "3", "-1:2", "1:2:3",
                          "99999999999999999999999:1", "0:99999999999999999999999"}) {
      bad.push_back("run --waves " + Q("w.fst") + " " + std::string(opt) + " " + ShellQuote(v) +
                    " " + ok);
    }
  }
  // Shards.
  for (const char* v : {"3/2",
                        "0/0",
                        "1/0",
                        "0/2",
                        "-1/2",
                        "1/-2",
                        "1/2/3",
                        "a/b",
                        "/",
                        "1/",
                        "/2",
                        "",
                        "2",
                        "99999999999999999999999/1",
                        "1/99999999999999999999999",
                        " 1/2",
                        "1/2 ",
                        "1 /2",
                        "+1/2",
                        "0x1/2"}) {
    bad.push_back("regress --seed 1 --count 10 --shard " + ShellQuote(v));
  }
  // VLs of options: gen takes 128..2048, regress and measure up to the build's maximum.
  std::vector<std::string> vls = {"0",    "64",       "127",  "129",  "200", "-128",
                                  "2176", "4096",     kOver,  "",     "abc", "128,",
                                  ",128", "128,,256", "0x80", "+128", " 128"};
  for (const std::string& v : vls) bad.push_back("gen --seed 1 --count 1 --vl " + ShellQuote(v));
  if (VFADD_MAX_VL < 2048) vls.push_back(std::to_string(VFADD_MAX_VL + 128));
  if (VFADD_MAX_VL < 2048) vls.push_back("128," + std::to_string(VFADD_MAX_VL + 128));
  for (const std::string& v : vls) {
    bad.push_back("regress --seed 1 --count 1 --vl " + ShellQuote(v));
    bad.push_back("measure --elements 1 --vl " + ShellQuote(v));
  }
  int cases = 0;
  for (const std::string& args : bad) {
    SCOPED_TRACE("vfadd " + args);
    const Result r = Bounded(args, nullptr, 30);
    ++cases;
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_NE(r.err, "");
    EXPECT_EQ(r.out, "");
    ExpectPlainStderr(r);
    EXPECT_FALSE(fs::exists(Path("w.fst")));
  }
  // VLs of trace lines, for every trace command (field 3 'vl', line 2).
  std::vector<BadInputLine> lines;
  for (const char* vl : {"0", "64", "127", "129", "200", "-128", "+128", "0x80", "2176", "4096",
                         "99999999999999999999999", "128.0", "1e3"}) {
    lines.push_back(
        {vl, "fadd s " + std::string(vl) + " 00000000 1111 " + kDocA + " " + kDocB + kDocTail, 3,
         "vl"});
  }
  cases += ExpectTraceLinesRejected(lines);
  // A VL above the build's maximum, in a line that is otherwise right (zeros: 0 + 0 = +0, no
  // flags), where the case runs on the RTL.
  if (VFADD_MAX_VL < 2048) {
    const int vl = VFADD_MAX_VL + 128;
    const std::string big = "fadd s " + std::to_string(vl) + " 00000000 " + Rep("1", vl / 32) +
                            " " + Rep("0", vl / 4) + " " + Rep("0", vl / 4) + " " +
                            Rep("0", vl / 4) + " 00000000";
    for (const InputCmd& cmd : {InputCmd{"run"}, InputCmd{"run -", true}, InputCmd{"check"},
                                InputCmd{"check -", true}, InputCmd{"shrink -", true}}) {
      SCOPED_TRACE("VL " + std::to_string(vl) + ": vfadd " + cmd.args);
      std::string where;
      ++cases;
      const Result r = OnInput(cmd, "# h\n" + big + "\n", &where);
      ExpectRejected(r, where, 2, 3, "vl");
      EXPECT_TRUE(Contains(r.err, std::to_string(VFADD_MAX_VL))) << r.err;
      EXPECT_EQ(r.out, "");
    }
    const Result r = Bounded("shrink '" + big + "'");
    ++cases;
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(NamesField(r.err, 3, "vl")) << r.err;
  }
  // Coverage databases: counts and the header's numbers (the line named), and counts whose sum
  // overflows 64 bits (the second database's line).
  const std::string head = "vfadd-fcov 1 max_vl=" + std::to_string(VFADD_MAX_VL);
  // clang-format off
  const std::vector<std::pair<std::string, int>> kDbs = {
      {head + " cases=2\nresults.h zero RN -1\n", 2},
      {head + " cases=2\nresults.h zero RN " + kOver + "\n", 2},
      {head + " cases=2\nresults.h zero RN " + k2p64 + "\n", 2},
      {head + " cases=2\nresults.h zero RN 1.5\n", 2},
      {head + " cases=2\nresults.h zero RN 0x10\n", 2},
      {head + " cases=2\nresults.h zero RN +1\n", 2},
      {head + " cases=-1\n", 1},
      {head + " cases=" + kOver + "\n", 1},
      {head + " cases= 1\n", 1},
      {"vfadd-fcov 1 max_vl=-128 cases=1\n", 1},
      {"vfadd-fcov 1 max_vl=200 cases=1\n", 1},
      {"vfadd-fcov 1 max_vl=99999999999999999999 cases=1\n", 1},
      {"vfadd-fcov 1 max_vl=+128 cases=1\n", 1},
  };
  // clang-format on
  for (const auto& [text, line] : kDbs) {
    SCOPED_TRACE(text);
    const std::string db = Write("bad.fcov", text);
    ++cases;
    ExpectRejected(Bounded("merge --coverage " + Q("cov") + " " + Q("bad.fcov")), db, line, -1, "");
    EXPECT_FALSE(fs::exists(Path("cov")));
  }
  Write("max.fcov", head + " cases=1\nresults.h zero RN 18446744073709551615\n");
  Write("one.fcov", head + " cases=1\nresults.h zero RN 1\n");
  ++cases;
  ExpectRejected(
      Bounded("merge --coverage " + Q("cov") + " " + Q("max.fcov") + " " + Q("one.fcov")),
      Path("one.fcov"), 2, 4, "count");
  Write("cases.fcov", head + " cases=18446744073709551615\n");
  ++cases;
  ExpectRejected(
      Bounded("merge --coverage " + Q("cov") + " " + Q("cases.fcov") + " " + Q("one.fcov")),
      Path("one.fcov"), 1, -1, "");
  EXPECT_FALSE(fs::exists(Path("cov")));
  ReportCases("BadNumbersShardsAndVlsAreBadInput", cases);
}

// ---------------------------------------------------------------------------------------------
// cover, and --json on cover, summary, regress and bench

json ParseJson(const std::string& text) {
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  EXPECT_FALSE(j.is_discarded()) << "not JSON:\n" << text;
  return j;
}

// The rows of a summary table without RTL columns ("op type cases elem-ops IOC .. IDC"):
// "op.t" -> cases, elem-ops and the six flag counts.
std::map<std::string, std::vector<uint64_t>> TableRows(const std::string& out) {
  return TableColumns(out, 10, {2, 3, 4, 5, 6, 7, 8, 9});
}

// The same figures of a JSON summary's rows; with `rtl`, in SummaryRows' order (cases,
// elem-ops, mismatches, flags).
std::map<std::string, std::vector<uint64_t>> JsonRows(const json& summary, bool rtl = false) {
  std::map<std::string, std::vector<uint64_t>> rows;
  for (const json& r : summary.at("rows")) {
    std::vector<uint64_t> v = {r.at("cases").get<uint64_t>(), r.at("elem_ops").get<uint64_t>()};
    if (rtl) v.push_back(r.at("mismatches").get<uint64_t>());
    for (const char* flag : {"IOC", "DZC", "OFC", "UFC", "IXC", "IDC"}) {
      v.push_back(r.at("flags").at(flag).get<uint64_t>());
    }
    rows[r.at("op").get<std::string>() + "." + r.at("type").get<std::string>()] = v;
  }
  return rows;
}

// A coverage database's bins ("group row col" -> count) and its header line.
std::map<std::string, uint64_t> FcovBins(const std::string& text, std::string* header) {
  std::map<std::string, uint64_t> bins;
  std::vector<std::string> lines = Lines(text);
  if (lines.empty()) return bins;
  *header = lines[0];
  for (size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> f = Fields(lines[i]);
    EXPECT_EQ(f.size(), 4u) << lines[i];
    if (f.size() == 4) bins[f[0] + " " + f[1] + " " + f[2]] += std::stoull(f[3]);
  }
  return bins;
}

// The number before `word` in the coverage line ("... 7529 reachable bins hit, ...").
uint64_t NumberBefore(const std::string& line, const std::string& word) {
  const size_t at = line.find(word);
  if (at == std::string::npos || at == 0) return ~uint64_t{0};
  const size_t from = line.rfind(' ', at - 2) + 1;
  return std::stoull(line.substr(from, at - from));
}

// The documented line and the nine hand cases, all checked lines with hand-derived results.
std::string HandTrace() {
  std::string t = "# hand cases\n" + kDocLine + "\n";
  for (const HandCase& h : HandCases()) t += h.stim + " " + h.res + " " + h.fpsr + "\n";
  return t;
}

// The hand trace's figures, counted by hand from HandCases: fadd_u s holds hand cases 1, 7, 8
// and 9 (4 elements each; IXC from the tie and the overflow, IOC from inf - inf, OFC from the
// overflow); fadd s the documented line (4 active) and hand case 2 (1 active); fadd_i h 8 active
// (pg 5555); faddv s and fadda s 4 each; fsub_u d 2.
// clang-format off
const std::map<std::string, std::vector<uint64_t>> kHandRows = {
    //           cases elems IOC DZC OFC UFC IXC IDC
    {"fadd.s",   {2,    5,    0,  0,  0,  0,  0,  0}},
    {"fadd_u.s", {4,    16,   1,  0,  1,  0,  2,  0}},
    {"fadd_i.h", {1,    8,    0,  0,  0,  0,  0,  0}},
    {"faddv.s",  {1,    4,    0,  0,  0,  0,  0,  0}},
    {"fadda.s",  {1,    4,    0,  0,  0,  0,  0,  0}},
    {"fsub_u.d", {1,    2,    0,  0,  0,  0,  0,  0}},
};
// clang-format on

// " --max-vl N" of this build: cover's coverage model then has the bins of regress's.
std::string BuildMaxVl() { return " --max-vl " + std::to_string(VFADD_MAX_VL); }

// vfadd cover on the hand trace: the table counts its cases, the database holds the bins the
// hand cases hit, derived from the operands (FP32, FPCR 0, so every FPCR column is RN):
//  * 1.0 + 2^-24 is a tie, rounded to the even 1.0, towards zero: results.s tie_down, 4 times
//    (no other FP32 addition of the trace is inexact but the overflow, so IXC.set RN is 8);
//  * +inf + -inf: nan_invalid and IOC, 4 times, operands +inf x -inf;
//  * max + max: overflow_inf under RN, OFC, 4 times, operands +max x +max;
//  * the four fadd_u s cases reached the unit as fields: stimulus fadd_u s.fields 4.
TEST_F(CliTest, CoverSamplesCheckedLinesIntoTheDatabase) {
  Write("hand.trace", HandTrace());
  const Result r =
      Vfadd("cover" + BuildMaxVl() + " --coverage " + Q("cov") + " " + Q("hand.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  EXPECT_EQ(TableRows(r.out), kHandRows) << r.out;
  EXPECT_TRUE(Contains(r.out, "cover: 10 cases from 1 file, 0 differing from the golden model"))
      << r.out;
  const std::string cov = LineWith(r.out, "coverage: ");
  EXPECT_EQ(
      cov.rfind("coverage: 10 cases sampled (maximum VL " + std::to_string(VFADD_MAX_VL) + ").", 0),
      0u)
      << r.out;
  EXPECT_TRUE(
      Contains(cov, "Report: " + Path("cov") + "/coverage.md, " + Path("cov") + "/coverage.html"))
      << cov;
  for (const char* ext : {".fcov", ".md", ".html"}) {
    EXPECT_TRUE(fs::exists(Path("cov") + "/coverage" + ext)) << ext;
  }
  std::string header;
  const auto bins = FcovBins(Read(Path("cov") + "/coverage.fcov"), &header);
  EXPECT_EQ(header, "vfadd-fcov 1 max_vl=" + std::to_string(VFADD_MAX_VL) + " cases=10");
  const std::map<std::string, uint64_t> want = {
      {"results.s tie_down RN", 4},       {"results.s nan_invalid RN", 4},
      {"results.s overflow_inf RN", 4},   {"flags.s IOC.set RN", 4},
      {"flags.s OFC.set RN", 4},          {"flags.s IXC.set RN", 8},
      {"operands.fadd_u.s +inf -inf", 4}, {"operands.fadd_u.s +max +max", 4},
      {"stimulus fadd_u s.fields", 4},    {"stimulus fadd_u s.word", 0},
  };
  for (const auto& [bin, count] : want) {
    EXPECT_EQ(bins.count(bin) ? bins.at(bin) : 0, count) << bin;
  }
  // The same from stdin.
  const Result s =
      VfaddStdin("cover" + BuildMaxVl() + " --coverage " + Q("cov2") + " -", HandTrace());
  EXPECT_EXIT_STATUS(s, 0);
  EXPECT_EQ(Read(Path("cov2") + "/coverage.fcov"), Read(Path("cov") + "/coverage.fcov"));
}

// cover --json: the figures of the text output and of the input, parsed back.
TEST_F(CliTest, CoverJsonHasTheFiguresOfTheText) {
  Write("hand.trace", HandTrace());
  const Result text =
      Vfadd("cover" + BuildMaxVl() + " --coverage " + Q("cov") + " " + Q("hand.trace"));
  const Result r =
      Vfadd("cover --json" + BuildMaxVl() + " --coverage " + Q("cov") + " " + Q("hand.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const json j = ParseJson(r.out);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["command"], "cover");
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["config"]["max_vl"], VFADD_MAX_VL);
  EXPECT_EQ(j["config"]["stages"], VFADD_STAGES);
  EXPECT_EQ(j["files"], json::array({Path("hand.trace")}));
  EXPECT_EQ(j["cases"], 10);
  EXPECT_EQ(j["mismatches"], 0);
  EXPECT_EQ(JsonRows(j["summary"]), kHandRows);
  EXPECT_EQ(j["summary"]["total"]["cases"], 10);
  EXPECT_EQ(j["summary"]["total"]["elem_ops"], 39);  // 5 + 16 + 8 + 4 + 4 + 2
  const json& c = j["coverage"];
  const std::string line = LineWith(text.out, "coverage: ");
  EXPECT_EQ(c["cases"], 10);
  EXPECT_EQ(c["max_vl"], VFADD_MAX_VL);
  EXPECT_EQ(c["reachable"].get<uint64_t>(), NumberBefore(line, "reachable bins"));
  EXPECT_EQ(c["holes"].get<uint64_t>(), NumberBefore(line, "holes;"));
  EXPECT_EQ(c["unreachable"].get<uint64_t>(), NumberBefore(line, "bins unreachable"));
  EXPECT_EQ(c["bins"].get<uint64_t>(),
            c["reachable"].get<uint64_t>() + c["unreachable"].get<uint64_t>());
  EXPECT_EQ(c["hit"].get<uint64_t>() + c["holes"].get<uint64_t>(), c["reachable"].get<uint64_t>());
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.1f%% of ", c["percent"].get<double>());
  EXPECT_TRUE(Contains(line, pct)) << line << " / " << pct;
  EXPECT_EQ(c["hole_bins"].size(), c["holes"].get<uint64_t>());
  // Every bin of the database is a hit: the reachable ones and the unreachable ones.
  std::string header;
  const auto bins = FcovBins(Read(Path("cov") + "/coverage.fcov"), &header);
  EXPECT_EQ(bins.size(), c["hit"].get<uint64_t>() + c["unreachable_hits"].get<uint64_t>());
  EXPECT_EQ(c["unreachable_hits"], 0);
  uint64_t group_hits = 0;
  for (const json& g : c["groups"]) group_hits += g["hit"].get<uint64_t>();
  EXPECT_EQ(group_hits, c["hit"].get<uint64_t>());
  EXPECT_EQ(c["files"]["fcov"], Path("cov") + "/coverage.fcov");
  // Without --coverage nothing is written and the files are null.
  const json n = ParseJson(Vfadd("cover --json " + Q("hand.trace")).out);
  EXPECT_TRUE(n["coverage"]["files"]["md"].is_null());
}

// Bad input: a stimulus line, a malformed line, a vl above the build, a missing file: exit 2,
// FILE:LINE and the field, nothing written. A result that differs from the model's: exit 1,
// the line named, the database written.
TEST_F(CliTest, CoverRejectsBadInputAndNamesDifferingResults) {
  const std::string good = kDocLine + "\n";
  struct Bad {
    std::string line;
    int field;
    std::string name;
  };
  std::vector<Bad> bad = {{kDocStim, 8, "res fpsr"},
                          {"fadd s 128 0000000g 1111 " + Rep("0", 32) + " " + Rep("0", 32) + " " +
                               Rep("0", 32) + " 00000000",
                           4, "fpcr"}};
  if (VFADD_MAX_VL < 2048) {
    const int vl = VFADD_MAX_VL + 128;
    const std::string v = Rep("0", vl / 4);
    bad.push_back(
        {"fadd_u s " + std::to_string(vl) + " 00000000 - " + v + " " + v + " " + v + " 00000000", 3,
         "vl"});
  }
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.line);
    const std::string p = Write("bad.trace", good + b.line + "\n" + good);
    const Result r =
        Vfadd("cover --json" + BuildMaxVl() + " --coverage " + Q("cov") + " " + Q("bad.trace"));
    EXPECT_EXIT_STATUS(r, 2);
    EXPECT_TRUE(MentionsLocation(r.err, p, 2)) << r.err;
    EXPECT_TRUE(NamesField(r.err, b.field, b.name)) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(fs::exists(Path("cov") + "/coverage.fcov"));
  }
  const Result missing = Vfadd("cover " + Q("no.trace"));
  EXPECT_EXIT_STATUS(missing, 2);
  EXPECT_TRUE(Contains(missing.err, Path("no.trace"))) << missing.err;
  // The documented case with element 0 claimed to be 1.0 + 2^-23 (3f800001): differs.
  const std::string wrong = kDocStim + " 4080000040400000400000003f800001 00000000";
  const std::string p = Write("wrong.trace", good + wrong + "\n");
  const Result r = Vfadd("cover --json --coverage " + Q("cov") + " " + Q("wrong.trace"));
  EXPECT_EXIT_STATUS(r, 1);
  EXPECT_TRUE(MentionsLocation(r.err, p, 2)) << r.err;
  EXPECT_TRUE(Contains(r.err, "element 0")) << r.err;
  const json j = ParseJson(r.out);
  EXPECT_EQ(j["mismatches"], 1);
  EXPECT_EQ(j["mismatch_locations"], json::array({p + ":2"}));
  EXPECT_EQ(j["cases"], 2);
  EXPECT_TRUE(fs::exists(Path("cov") + "/coverage.fcov"));
}

// The cases of a regression, written as a checked trace by the model (gen, then run), covered
// in two parts and merged, give regress's own database of those cases: every bin the same,
// except that regress sends a quarter of its cases as instruction words (the stimulus group's
// .word columns) where a trace's cases count as fields.
TEST_F(CliTest, CoverOfARegressionsCasesMergesToItsDatabase) {
  const std::string n = "500";
  EXPECT_EXIT_STATUS(Vfadd("regress --seed 5 --count " + n + " --failures " + Q("f.trace") +
                           " --coverage " + Q("reg")),
                     0);
  EXPECT_EXIT_STATUS(
      Vfadd("gen --seed 5 --count " + n + " --vl " + BuiltVls() + " -o " + Q("stim.trace")), 0);
  const Result run = Vfadd("run --engine model " + Q("stim.trace"));
  EXPECT_EXIT_STATUS(run, 0);
  const std::vector<std::string> lines = Lines(run.out);
  std::string part1, part2;
  for (size_t i = 0; i < lines.size(); ++i)
    (i < lines.size() / 2 ? part1 : part2) += lines[i] + "\n";
  Write("p1.trace", part1);
  Write("p2.trace", part2);
  EXPECT_EXIT_STATUS(Vfadd("cover" + BuildMaxVl() + " --coverage " + Q("c1") + " " + Q("p1.trace")),
                     0);
  EXPECT_EXIT_STATUS(Vfadd("cover" + BuildMaxVl() + " --coverage " + Q("c2") + " " + Q("p2.trace")),
                     0);
  EXPECT_EXIT_STATUS(Vfadd("merge --coverage " + Q("m") + " " + Q("c1") + "/coverage.fcov " +
                           Q("c2") + "/coverage.fcov"),
                     0);
  std::string h_reg, h_merged;
  std::map<std::string, uint64_t> reg = FcovBins(Read(Path("reg") + "/coverage.fcov"), &h_reg);
  const auto merged = FcovBins(Read(Path("m") + "/coverage.fcov"), &h_merged);
  EXPECT_EQ(h_merged, h_reg);
  EXPECT_EQ(h_reg, "vfadd-fcov 1 max_vl=" + std::to_string(VFADD_MAX_VL) + " cases=" + n);
  uint64_t words = 0;
  std::map<std::string, uint64_t> folded;
  for (const auto& [bin, count] : reg) {
    const size_t w = bin.rfind(".word");
    if (bin.rfind("stimulus ", 0) == 0 && w != std::string::npos && w + 5 == bin.size()) {
      folded[bin.substr(0, w) + ".fields"] += count;
      words += count;
    } else {
      folded[bin] += count;
    }
  }
  EXPECT_GT(words, 50u);  // about a quarter of 500
  EXPECT_EQ(merged, folded);
}

// By default cover's coverage model is the architecture's (maximum VL 2048), whatever the
// build: a VL 2048 case of another simulator is sampled, and the database merges with that of
// a regression on a DUT (which takes every VL). --max-vl must be a multiple of 128.
TEST_F(CliTest, CoverDefaultsToTheArchitecturesMaximumVl) {
  const std::string v = Rep("0", 2048 / 4);
  // +0 + +0 at VL 2048, every element: +0, no flags.
  Write("wide.trace", "fadd_u s 2048 00000000 - " + v + " " + v + " " + v + " 00000000\n");
  const Result r = Vfadd("cover --coverage " + Q("wide") + " " + Q("wide.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  std::string header;
  const auto bins = FcovBins(Read(Path("wide") + "/coverage.fcov"), &header);
  EXPECT_EQ(header, "vfadd-fcov 1 max_vl=2048 cases=1");
  EXPECT_EQ(bins.count("stimulus fadd_u s.fields") ? bins.at("stimulus fadd_u s.fields") : 0, 1u);
  EXPECT_EXIT_STATUS(Vfadd("regress --seed 3 --count 50 --dut " +
                           ShellQuote(ShellQuote(VFADD_TOOL) + " run --engine model -") +
                           " --failures " + Q("f.trace") + " --coverage " + Q("reg")),
                     0);
  EXPECT_EXIT_STATUS(Vfadd("merge --coverage " + Q("m") + " " + Q("wide") + "/coverage.fcov " +
                           Q("reg") + "/coverage.fcov"),
                     0);
  FcovBins(Read(Path("m") + "/coverage.fcov"), &header);
  EXPECT_EQ(header, "vfadd-fcov 1 max_vl=2048 cases=51");
  const Result bad = Vfadd("cover --max-vl 200 " + Q("wide.trace"));
  EXPECT_EXIT_STATUS(bad, 2);
  EXPECT_TRUE(Contains(bad.err, "--max-vl")) << bad.err;
}

// summary --json: the rows of the table.
TEST_F(CliTest, SummaryJsonHasTheRowsOfTheTable) {
  Write("hand.trace", HandTrace() + kDocStim + "\n");  // and a stimulus line
  const Result text = Vfadd("summary " + Q("hand.trace"));
  const Result r = Vfadd("summary --json " + Q("hand.trace") + " " + Q("hand.trace"));
  EXPECT_EXIT_STATUS(r, 0);
  const json j = ParseJson(r.out);
  EXPECT_EQ(j["command"], "summary");
  EXPECT_EQ(j["files"].size(), 2u);
  auto rows = TableRows(text.out);
  for (auto& [name, v] : rows) {
    for (auto& x : v) x *= 2;  // the file twice
  }
  EXPECT_EQ(JsonRows(j["summary"]), rows);
  EXPECT_EQ(j["summary"]["rows"][0]["op"], "fadd");
  EXPECT_EQ(j["summary"]["rows"][0]["stimulus_lines"], 2);
  EXPECT_EQ(j["summary"]["total"]["cases"], 22);
  EXPECT_FALSE(j["summary"]["rows"][0].contains("mismatches"));  // no RTL columns
}

// regress --json: the figures the text prints, for the same seed (the run is deterministic but
// for its seconds), with one case failing on purpose.
TEST_F(CliTest, RegressJsonHasTheFiguresOfTheText) {
  const std::string base = "regress --seed 9 --count 300 --self-test-flip 40 --coverage ";
  const Result text = Vfadd(base + Q("c1") + " --failures " + Q("f1.trace"));
  const Result r =
      Vfadd(base + Q("c2") + " --failures " + Q("f2.trace") + " --json --junit " + Q("r.xml"));
  EXPECT_EXIT_STATUS(text, 1);
  EXPECT_EXIT_STATUS(r, 1);
  const json j = ParseJson(r.out);
  EXPECT_EQ(j["command"], "regress");
  const std::map<std::string, uint64_t> want = {{"seed", 9},      {"count", 300}, {"shard", 1},
                                                {"shards", 1},    {"jobs", 1},    {"cases", 300},
                                                {"mismatches", 1}};
  for (const auto& [key, value] : want) EXPECT_EQ(j[key], value) << key;
  EXPECT_TRUE(Contains(text.out, "300 cases (seed 9, shard 1/1), 1 mismatches, " +
                                     std::to_string(j["cycles"].get<uint64_t>()) + " cycles"))
      << text.out;
  EXPECT_EQ(JsonRows(j["summary"], /*rtl=*/true), SummaryRows(text.out));
  ASSERT_EQ(j["first_failures"].size(), 1u);
  EXPECT_EQ(j["first_failures"][0].get<std::string>().rfind("case 40: ", 0), 0u);
  const std::string line = LineWith(text.out, "coverage: ");
  EXPECT_EQ(j["coverage"]["holes"].get<uint64_t>(), NumberBefore(line, "holes;"));
  EXPECT_EQ(j["coverage"]["files"]["fcov"], Path("c2") + "/coverage.fcov");
  EXPECT_EQ(Read(Path("c1") + "/coverage.fcov"), Read(Path("c2") + "/coverage.fcov"));
  EXPECT_EQ(j["failures_file"], Path("f2.trace"));
  EXPECT_EQ(j["junit_file"], Path("r.xml"));
  EXPECT_GT(j["seconds"].get<double>(), 0.0);
}

// bench --json: every run of each engine, the medians and the ratio; the checked elements of a
// run are those of the cases (vl / esize each, for the cases of 'gen' with the same seed and
// VLs), the same for every run and engine.
TEST_F(CliTest, BenchJsonHasEveryRun) {
  const Result r = Vfadd("bench --count 60 --reps 2 --json");
  EXPECT_EXIT_STATUS(r, 0);
  const json j = ParseJson(r.out);
  EXPECT_EQ(j["command"], "bench");
  EXPECT_EQ(j["count"], 60);
  EXPECT_EQ(j["reps"], 2);
  const Result g = Vfadd("gen --seed 1 --count 60 --vl " + BuiltVls());
  uint64_t elements = 0;
  for (const std::string& line : Lines(g.out)) {
    TraceLine t;
    if (!line.empty() && line[0] != '#' && ParseLine(line, &t)) elements += t.vl / Esize(t.t);
  }
  ASSERT_EQ(j["engines"].size(), 2u);  // this tool has the C++ loop
  EXPECT_EQ(j["engines"][0]["engine"], "sc");
  EXPECT_EQ(j["engines"][1]["engine"], "cc");
  for (const json& e : j["engines"]) {
    ASSERT_EQ(e["runs"].size(), 2u);
    double sum = 0;
    for (const json& run : e["runs"]) {
      EXPECT_EQ(run["checked_elements"].get<uint64_t>(), elements);
      EXPECT_EQ(run["cycles"], j["engines"][0]["runs"][0]["cycles"]);
      sum += run["elem_ops_per_second"].get<double>();
    }
    EXPECT_DOUBLE_EQ(e["elem_ops_per_second"].get<double>(), sum / 2);  // the median of two
  }
  EXPECT_DOUBLE_EQ(j["ratio_harness_raw"].get<double>(),
                   j["engines"][0]["elem_ops_per_second"].get<double>() /
                       j["engines"][1]["elem_ops_per_second"].get<double>());
}

// --waves also writes a GTKWave save file: F.fst gives F.gtkw, naming the FST, with the three
// groups and a marker at the accept and the response of the failing case (the second line, a
// wrong expected result); tb/top's VfaddTopTest.WaveSaveFile... checks names and times against
// the FST.
TEST_F(CliTest, WavesComeWithAGtkwaveSaveFile) {
  const std::string wrong = kDocStim + " 4080000040400000400000003f800001 00000000";
  Write("w.trace", kDocLine + "\n" + wrong + "\n" + kDocLine + "\n");
  const Result r = Vfadd("check --waves " + Q("w.fst") + " " + Q("w.trace"));
  EXPECT_EXIT_STATUS(r, 1);
  EXPECT_TRUE(LooksLikeFst(Read(Path("w.fst"))));
  const std::string save = Read(Path("w.gtkw"));
  EXPECT_TRUE(Contains(save, "[dumpfile] \"")) << save;
  EXPECT_TRUE(Contains(save, "w.fst\"\n")) << save;
  for (const char* g : {"\n-request\n", "\n-response\n", "\n-pipeline\n"}) {
    EXPECT_TRUE(Contains(save, g)) << g;
  }
  EXPECT_TRUE(Contains(save, "[markername] Arequest 1 accepted\n")) << save;
  EXPECT_TRUE(Contains(save, "[markername] Brequest 1 response\n")) << save;
  EXPECT_FALSE(Contains(save, "[markername] C")) << save;
  // A passing run has the signals and no marker.
  const Result ok =
      Vfadd("run --waves " + Q("ok.fst") + " -o " + Q("o.trace") + " " + Q("w.trace"));
  EXPECT_EXIT_STATUS(ok, 0);
  const std::string plain = Read(Path("ok.gtkw"));
  EXPECT_TRUE(Contains(plain, "\n-response\n")) << plain;
  EXPECT_FALSE(Contains(plain, "[markername]")) << plain;
}

// The total of the cases above (when they ran before it, as in a whole run of the suite).
// The total, printed once every test has run (whatever --gtest_filter selected).
class BadInputTotal : public ::testing::Environment {
 public:
  void TearDown() override {
    if (g_bad_input_cases > 0) {
      std::printf("[ bad input ] bad-input cases tried by the robustness tests: %d\n",
                  g_bad_input_cases);
    }
  }
};
[[maybe_unused]] ::testing::Environment* const kBadInputTotal =
    ::testing::AddGlobalTestEnvironment(new BadInputTotal);

}  // namespace
