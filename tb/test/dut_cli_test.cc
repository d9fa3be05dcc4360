// SPDX-License-Identifier: Apache-2.0
// vfadd run, check, regress and shrink with --dut (docs/dut-protocol.md), each run as a process
// through /bin/sh. The DUTs: vfadd itself (`vfadd run --engine model -`: every case passes);
// shell scripts that replay the documented answer of trace-format.md's example and then
// misbehave in one way each (crash, hang, garbage, another case, too few lines, a failing
// exit); and tb/dut/ieee_dut, IEEE 754 on the host FPU, whose differences from Arm's rules are
// derived by hand below (section numbers of docs/semantics.md).
#include <sys/wait.h>
#include <unistd.h>

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

namespace {

namespace fs = std::filesystem;

struct Result {
  int status = -1;
  std::string out, err;
};

std::string ShellQuote(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

std::string Read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

std::string Rep(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// trace-format.md's example: FP32, VL 128, RN; a = {0, 1, 2, 3}, b = 1.0: result {1, 2, 3, 4}.
const std::string kDocStim =
    "fadd s 128 00000000 1111 40400000400000003f80000000000000 "
    "3f8000003f8000003f8000003f800000";
const std::string kDocRes = "4080000040400000400000003f800000";

class DutCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "vfadd_dut_test.XXXXXX").string();
    ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string Path(const std::string& name) const { return dir_ + "/" + name; }
  std::string Q(const std::string& name) const { return ShellQuote(Path(name)); }
  std::string Write(const std::string& name, const std::string& text) const {
    std::ofstream(Path(name), std::ios::binary) << text;
    return Path(name);
  }
  // An executable shell script DUT; returns the command that runs it.
  std::string Script(const std::string& name, const std::string& body) const {
    Write(name, "#!/bin/sh\n" + body);
    fs::permissions(Path(name), fs::perms::owner_all);
    return Q(name);
  }
  Result Sh(const std::string& cmd) const {
    const std::string out = Path("stdout.txt"), err = Path("stderr.txt");
    const int st = std::system(("cd " + ShellQuote(dir_) + " && ( " + cmd + " ) >" +
                                ShellQuote(out) + " 2>" + ShellQuote(err) + " </dev/null")
                                   .c_str());
    Result r;
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    r.out = Read(out), r.err = Read(err);
    return r;
  }
  static std::string Tool() { return ShellQuote(VFADD_TOOL); }
  Result Vfadd(const std::string& args) const { return Sh("timeout 120 " + Tool() + " " + args); }
  // The model as a DUT.
  static std::string ModelDut() {
    return ShellQuote(std::string(VFADD_TOOL) + " run --engine model -");
  }

  std::string dir_;
};

#define EXPECT_STATUS(r, want) \
  EXPECT_EQ((r).status, want) << "stdout:\n" << (r).out << "stderr:\n" << (r).err

// ---------------------------------------------------------------------------------------------
// The golden model as the DUT: every case passes.

TEST_F(DutCliTest, ModelDutAnswersTheDocumentedExample) {
  Write("doc.trace", "# the example\n" + kDocStim + "\n");
  const Result r = Vfadd("run --dut " + ModelDut() + " " + Q("doc.trace"));
  EXPECT_STATUS(r, 0);
  EXPECT_EQ(r.out, "# the example\n" + kDocStim + " " + kDocRes + " 00000000\n");
  // A wrong result in a checked line is a mismatch of the DUT against the trace: exit 1.
  Write("bad.trace", kDocStim + " " + kDocRes.substr(0, 31) + "1 00000000\n");
  const Result c = Vfadd("check --dut " + ModelDut() + " " + Q("bad.trace"));
  EXPECT_STATUS(c, 1);
  EXPECT_TRUE(Contains(c.out, "0 passed, 1 failed")) << c.out;
}

// 400 cases of every operation and type at VLs up to 2048: more than the 64-line window, so the
// run finishes only because `vfadd run --engine model -` answers each line as it reads it.
TEST_F(DutCliTest, ModelDutPassesRunAndCheck) {
  ASSERT_EQ(Vfadd("gen --seed 3 --count 400 -o " + Q("s.trace")).status, 0);
  const Result run =
      Vfadd("run --dut " + ModelDut() + " --summary -o " + Q("c.trace") + " " + Q("s.trace"));
  EXPECT_STATUS(run, 0);
  EXPECT_TRUE(Contains(run.out, "total ")) << run.out;
  const std::vector<std::string> in = Lines(Read(Path("s.trace")));
  const std::vector<std::string> out = Lines(Read(Path("c.trace")));
  ASSERT_EQ(in.size(), out.size());
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i].empty() || in[i][0] == '#') {
      EXPECT_EQ(out[i], in[i]);
    } else {
      EXPECT_EQ(out[i].rfind(in[i] + " ", 0), 0u) << "line " << i + 1;  // the stimulus kept
    }
  }
  const Result check = Vfadd("check --dut " + ModelDut() + " " + Q("c.trace"));
  EXPECT_STATUS(check, 0);
  EXPECT_TRUE(Contains(check.out, "400 passed, 0 failed")) << check.out;
}

TEST_F(DutCliTest, ModelDutPassesARegressionInTwoJobs) {
  // Each DUT process notes its PID: --jobs 2 starts two.
  const std::string dut =
      Script("dut.sh", "echo $$ >> " + Q("pids") + "\nexec " + Tool() + " run --engine model -\n");
  const Result r = Vfadd("regress --seed 11 --count 3000 --jobs 2 --dut " + dut + " --junit " +
                         Q("j.xml") + " --failures " + Q("f.trace") + " --coverage " + Q("cov"));
  EXPECT_STATUS(r, 0);
  EXPECT_TRUE(Contains(r.out, "regress: 3000 cases (seed 11, shard 1/1), 0 mismatches")) << r.out;
  EXPECT_EQ(Lines(Read(Path("pids"))).size(), 2u);
  const std::string xml = Read(Path("j.xml"));
  EXPECT_TRUE(Contains(xml, "dut ")) << xml;
  EXPECT_FALSE(Contains(xml, "<failure")) << xml;
  EXPECT_TRUE(fs::exists(Path("f.trace")));
  EXPECT_EQ(Read(Path("f.trace")), "");
  EXPECT_TRUE(fs::file_size(Path("cov/coverage.fcov")) > 0);
  EXPECT_TRUE(Contains(r.out, "coverage: 3000 cases sampled")) << r.out;
  // The failure path: case 5's expected result corrupted; it is in the failure trace and JUnit.
  const Result f =
      Vfadd("regress --seed 11 --count 300 --jobs 2 --dut " + ModelDut() +
            " --self-test-flip 5 --junit " + Q("j2.xml") + " --failures " + Q("f2.trace"));
  EXPECT_STATUS(f, 1);
  EXPECT_TRUE(Contains(Read(Path("f2.trace")), "case 5 (shard 1/1)"));
  EXPECT_TRUE(Contains(Read(Path("j2.xml")), "<failure"));
}

// From stdin, `run --engine model` answers as it reads: a comment is copied, and a bad line
// stops it there (exit 2) after the answers before it.
TEST_F(DutCliTest, RunFromStdinAnswersLineByLine) {
  Write("in.trace", "# c\n" + kDocStim + "\nfadd s 128 zz\n" + kDocStim + "\n");
  const Result r = Sh(Tool() + " run --engine model - < " + Q("in.trace"));
  EXPECT_STATUS(r, 2);
  EXPECT_EQ(r.out, "# c\n" + kDocStim + " " + kDocRes + " 00000000\n");
  EXPECT_TRUE(Contains(r.err, "<stdin>:3:")) << r.err;
}

TEST_F(DutCliTest, ShrinkOnTheModelDutFindsNothingToShrink) {
  const Result r = Vfadd("shrink --dut " + ModelDut() + " " + ShellQuote(kDocStim));
  EXPECT_STATUS(r, 1);
  EXPECT_TRUE(Contains(r.err, "does not fail on the DUT")) << r.err;
}

// ---------------------------------------------------------------------------------------------
// DUTs that break the protocol. The trace: a comment, then five copies of the example (lines 2
// to 6). Each DUT answers the documented result for the first two cases and breaks at the third
// (line 4 of the trace, its own output line 3).

struct BadDut {
  const char* what;
  std::string body;  // the shell loop's body for the third line
  std::string says;  // in the error
  bool names_line;   // the error names the DUT's output line 3
};

std::string ReplayThenBreak(const std::string& third) {
  return "n=0\nwhile read l; do\n  n=$((n+1))\n  if [ $n -eq 3 ]; then " + third +
         "; fi\n  echo \"$l " + kDocRes + " 00000000\"\ndone\n";
}

std::vector<BadDut> BadDuts() {
  return {
      {"crash", "kill -SEGV $$", "killed by signal 11", false},
      {"exit", "exit 5", "exited with status 5", false},
      {"hang", "sleep 60", "no answer for 1 seconds", false},
      {"garbage", "echo 'hello world'; continue", "got garbage", true},
      {"other case",
       "echo \"fadd s 128 00400000 1111 " + Rep("0", 32) + " " + Rep("0", 32) + " " + Rep("0", 32) +
           " 00000000\"; continue",
       "field 4 'fpcr'", true},
      {"stimulus only", "echo \"$l\"; continue", "got a stimulus line", true},
      {"too few", "exit 0", "ended its output after 2 answers", false},
  };
}

TEST_F(DutCliTest, BrokenDutsNameTheCaseAndKeepWhatWasChecked) {
  const std::string trace = Write("t.trace", "# five cases\n" + Rep(kDocStim + "\n", 5));
  for (const BadDut& bad : BadDuts()) {
    SCOPED_TRACE(bad.what);
    const std::string dut = Script("bad.sh", ReplayThenBreak(bad.body));
    auto names_case = [&](const Result& r) {
      EXPECT_TRUE(Contains(r.err, trace + ":4:")) << r.err;
      EXPECT_TRUE(Contains(r.err, bad.says)) << r.err;
      EXPECT_TRUE(
          Contains(r.err, bad.names_line ? "its output line 3:" : "after its output line 2"))
          << r.err;
    };
    const std::string opts = " --dut-timeout 1 --dut " + dut + " ";
    fs::remove(Path("out.trace"));
    const Result run = Vfadd("run" + opts + "-o " + Q("out.trace") + " " + ShellQuote(trace));
    EXPECT_STATUS(run, 2);
    names_case(run);
    // The comment and the two cases answered before are written.
    EXPECT_EQ(Read(Path("out.trace")),
              "# five cases\n" + Rep(kDocStim + " " + kDocRes + " 00000000\n", 2));
    Write("c.trace", "# five cases\n" + Rep(kDocStim + " " + kDocRes + " 00000000\n", 5));
    const Result check = Vfadd("check" + opts + Q("c.trace"));
    EXPECT_STATUS(check, 2);
    EXPECT_TRUE(Contains(check.err, Path("c.trace") + ":4:")) << check.err;
    EXPECT_TRUE(Contains(check.out, "2 passed, 0 failed, 3 not checked")) << check.out;
  }
}

TEST_F(DutCliTest, ADutThatFailsAtTheEndIsAnError) {
  const std::string trace = Write("t.trace", Rep(kDocStim + " " + kDocRes + " 00000000\n", 2));
  const std::string extra =
      Script("extra.sh", "while read l; do echo \"$l " + kDocRes + " 00000000\"; done\necho x\n");
  Result r = Vfadd("run --dut " + extra + " " + ShellQuote(trace));
  EXPECT_STATUS(r, 2);
  EXPECT_TRUE(Contains(r.err, "its output line 3 answers no line sent")) << r.err;
  const std::string status =
      Script("status.sh", "while read l; do echo \"$l " + kDocRes + " 00000000\"; done\nexit 3\n");
  r = Vfadd("check --dut " + status + " " + ShellQuote(trace));
  EXPECT_STATUS(r, 2);
  EXPECT_TRUE(Contains(r.err, "after answering every line, it exited with status 3")) << r.err;
}

// A regression whose DUT stops after 1500 answers: case 1500 is named, the 1500 checked cases
// are in the table, in JUnit and in the coverage (not the 500 of the batch left unanswered).
TEST_F(DutCliTest, ARegressionKeepsTheCasesCheckedBeforeTheDutFailed) {
  // Its input cut after 1500 lines (sed -u: unbuffered); the model then answers those and exits.
  const std::string dut = Script("cut.sh", "sed -u 1500q | " + Tool() + " run --engine model -\n");
  const Result r =
      Vfadd("regress --seed 4 --count 3000 --dut-timeout 10 --dut " + dut + " --junit " +
            Q("j.xml") + " --failures " + Q("f.trace") + " --coverage " + Q("cov"));
  EXPECT_STATUS(r, 2);
  EXPECT_TRUE(Contains(r.err, "case 1500 (seed 4)")) << r.err;
  EXPECT_TRUE(Contains(r.err, "ended its output after 500 answers")) << r.err;
  EXPECT_TRUE(Contains(r.out, "regress: 1500 cases")) << r.out;
  EXPECT_TRUE(Contains(r.out, "coverage: 1500 cases sampled")) << r.out;
  EXPECT_TRUE(Contains(Read(Path("j.xml")), "name=\"cases\" value=\"1500\""))
      << Read(Path("j.xml"));
}

// ---------------------------------------------------------------------------------------------
// The Verilated lane array as a DUT (tb/dut/lane_dut: its own instruction layer over the lanes'
// element additions): every operation and type at VLs 128 to 512, all against the model.

#ifdef VFADD_LANE_DUT
TEST_F(DutCliTest, LaneArrayDutPassesEveryOperation) {
  ASSERT_EQ(Vfadd("gen --seed 21 --count 600 --vl 128,256,384,512 -o " + Q("s.trace")).status, 0);
  ASSERT_EQ(Vfadd("run --engine model -o " + Q("c.trace") + " " + Q("s.trace")).status, 0);
  const Result r = Vfadd("check --dut " + ShellQuote(VFADD_LANE_DUT) + " " + Q("c.trace"));
  EXPECT_STATUS(r, 0);
  EXPECT_TRUE(Contains(r.out, "600 passed, 0 failed")) << r.out;
  const Result g = Vfadd("regress --seed 22 --count 1000 --dut " + ShellQuote(VFADD_LANE_DUT));
  EXPECT_STATUS(g, 0);
}
#endif  // VFADD_LANE_DUT

// ---------------------------------------------------------------------------------------------
// The IEEE-only DUT.

#ifdef VFADD_IEEE_DUT

std::string IeeeDut() { return ShellQuote(VFADD_IEEE_DUT); }

// One case per class, each derived by hand from the architecture; element 0 differs, the other
// elements are 1.0 + 1.0 (exact, the same in IEEE and Arm). FP32 1.0 = 3f800000.
struct Directed {
  std::string cls, stim;
};

std::string S4(const std::string& e0) { return Rep("3f800000", 3) + e0; }

std::vector<Directed> DirectedCases() {
  const std::string u = "fadd_u s 128 ";
  return {
      // §3: qNaN 7fc00001 (op1) + sNaN 7f800002 (op2): Arm takes the sNaN, quieted: 7fc00002,
      // IOC; IEEE allows either, the DUT takes op1: 7fc00001.
      {"fadd_u.s nan-operand", u + "00000000 - " + S4("7fc00001") + " " + S4("7f800002")},
      // §3: 1.0 + qNaN 7fc00005 with DN (fpcr bit 25): Arm's default NaN 7fc00000; the DUT keeps
      // the payload.
      {"fadd_u.s default-nan-dn", u + "02000000 - " + S4("3f800000") + " " + S4("7fc00005")},
      // §4: +inf + -inf: Arm's default NaN 7ff8000000000000; x86's has the sign bit set.
      {"fadd_u.d invalid-default-nan",
       "fadd_u d 128 00000000 - 3ff00000000000007ff0000000000000 "
       "3ff0000000000000fff0000000000000"},
      // §2: FZ (bit 24): 2^-149 + 2^-149 are flushed, +0 with IDC; the DUT gives 2^-148.
      {"fadd_u.s flush-input", u + "01000000 - " + S4("00000001") + " " + S4("00000001")},
      // §2 [EMP]: FZ: 1.0 + 2^-149 is 1.0 with IDC only; the DUT gives 1.0 with IXC.
      {"fadd_u.s flush-input (flags only)",
       u + "01000000 - " + S4("3f800000") + " " + S4("00000001")},
      // §5: FZ: (2^-126 + 2^-149) - 2^-126 = 2^-149, subnormal: Arm flushes it to +0 with UFC;
      // the DUT gives 00000001 (exact: no flag).
      {"fadd_u.s flush-output", u + "01000000 - " + S4("00800001") + " " + S4("80800000")},
      // §2: FZ16 (bit 19): FP16 2^-24 + 2^-24 flushed, +0, no IDC in half; the DUT gives 2^-23.
      {"fadd_u.h flush-input",
       "fadd_u h 128 00080000 - " + Rep("3c00", 7) + "0001 " + Rep("3c00", 7) + "0001"},
  };
}

TEST_F(DutCliTest, IeeeDutClassesAreTheArchitecturalRules) {
  const std::vector<Directed> cases = DirectedCases();
  std::string stim;
  for (const Directed& d : cases) stim += d.stim + "\n";
  Write("d.trace", stim);
  ASSERT_EQ(Vfadd("run --engine model -o " + Q("c.trace") + " " + Q("d.trace")).status, 0);
  const Result r = Vfadd("check --classes --dut " + IeeeDut() + " " + Q("c.trace"));
  EXPECT_STATUS(r, 1);
  EXPECT_TRUE(Contains(r.out, "mismatch classes: 7")) << r.out;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Directed& d = cases[i];
    // Its own line, first at its line of the trace.
    bool found = false;
    for (const std::string& l : Lines(r.out)) {
      found = found ||
              (Contains(l, " " + d.cls + " ") && Contains(l, "c.trace:" + std::to_string(i + 1)));
    }
    EXPECT_TRUE(found) << d.cls << "\n" << r.out;
  }
  EXPECT_TRUE(Contains(r.out, "0 passed, 7 failed")) << r.out;
}

// Random stimulus: the IEEE DUT fails in the classes of the rules it ignores, and each class
// shrinks to a case that still fails in that class, at VL 128, that the shrinker cannot reduce
// further (shrinking it again gives it back).
TEST_F(DutCliTest, IeeeDutClassesShrinkToMinimalCases) {
  ASSERT_EQ(Vfadd("gen --seed 7 --count 1500 --vl 128,256 -o " + Q("s.trace")).status, 0);
  const Result check = Vfadd("check --classes --max-report 0 --dut " + IeeeDut() + " " +
                             ShellQuote(Path("s.trace")));
  // check needs checked lines: stimulus is bad input for it.
  EXPECT_STATUS(check, 2);
  ASSERT_EQ(Vfadd("run --engine model -o " + Q("c.trace") + " " + Q("s.trace")).status, 0);
  const Result cls =
      Vfadd("check --classes --max-report 0 --dut " + IeeeDut() + " " + Q("c.trace"));
  EXPECT_STATUS(cls, 1);
  for (const char* rule : {" nan-operand", " default-nan-dn", " invalid-default-nan",
                           " flush-input", " flush-output"}) {
    EXPECT_TRUE(Contains(cls.out, rule)) << rule << "\n" << cls.out;
  }
  // Outside those rules the DUT is right: IEEE 754 and Arm round, overflow and sign zeros alike.
  EXPECT_FALSE(Contains(cls.out, " arithmetic")) << cls.out;
  const Result sh = Vfadd("shrink --classes --dut " + IeeeDut() + " " + Q("c.trace"));
  EXPECT_STATUS(sh, 0);
  const std::vector<std::string> out = Lines(sh.out);
  ASSERT_EQ(out.size() % 3, 0u) << sh.out;
  size_t classes = 0;
  for (const std::string& l : Lines(cls.out)) classes += Contains(l, " first: ");
  EXPECT_EQ(out.size() / 3, classes) << sh.out;
  for (size_t i = 0; i < out.size(); i += 3) {
    ASSERT_EQ(out[i].rfind("# class ", 0), 0u) << out[i];
    const std::string name = out[i].substr(8, out[i].find(':') - 8);
    const std::string line = out[i + 2];
    SCOPED_TRACE(name + ": " + line);
    Write("one.trace", line + "\n");
    const Result again = Vfadd("check --classes --dut " + IeeeDut() + " " + Q("one.trace"));
    EXPECT_STATUS(again, 1);
    EXPECT_TRUE(Contains(again.out, " " + name + " ")) << again.out;
    const Result fix = Vfadd("shrink --classes --dut " + IeeeDut() + " " + Q("one.trace"));
    EXPECT_STATUS(fix, 0);
    const std::vector<std::string> f = Lines(fix.out);
    ASSERT_EQ(f.size(), 3u) << fix.out;
    EXPECT_EQ(f[2], line);
  }
}

#endif  // VFADD_IEEE_DUT

}  // namespace
