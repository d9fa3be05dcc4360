// SPDX-License-Identifier: Apache-2.0
// DutProcess (dut.h) against small shell DUTs whose behaviour is known by construction: `cat`
// answers each line with itself; the others exit, die by a signal, hang, stop early or say too
// much. Expected values are the lines sent and the documented messages.
#include "dut.h"

#include <chrono>
#include <string>

#include "gtest/gtest.h"

namespace vfadd::tool {
namespace {

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

std::string LineOf(size_t i) { return "line " + std::to_string(i); }

// Sends `count` lines to `command`; returns the error; *answers counts the answers that were
// the line sent (any other answer is an error).
std::string Echo(DutProcess& dut, size_t count, size_t* answers) {
  *answers = 0;
  return dut.Exchange(count, LineOf, [&](size_t i, const std::string& text) {
    if (text != LineOf(i)) return "answer " + std::to_string(i) + " is '" + text + "'";
    ++*answers;
    return std::string();
  });
}

TEST(DutProcess, CatAnswersEveryLineInOrderAcrossExchanges) {
  DutProcess dut({"cat", 10, 8});
  size_t n = 0;
  EXPECT_EQ(Echo(dut, 100, &n), "");
  EXPECT_EQ(n, 100u);
  EXPECT_EQ(Echo(dut, 3, &n), "");  // the same process, line numbers count on
  EXPECT_EQ(n, 3u);
  EXPECT_EQ(dut.output_lines(), 103u);
  EXPECT_EQ(dut.Close(), "");
}

// Far more than the pipes hold in flight (about 12 MB each way): the window and poll keep both
// sides moving.
TEST(DutProcess, AMillionLinesThroughAWindowDoNotDeadlock) {
  DutProcess dut({"cat", 30, 64});
  size_t n = 0;
  EXPECT_EQ(Echo(dut, 1000000, &n), "");
  EXPECT_EQ(n, 1000000u);
  EXPECT_EQ(dut.Close(), "");
}

TEST(DutProcess, CommentAndBlankAnswerLinesAreSkippedButCounted) {
  DutProcess dut({"while read l; do echo '# note'; echo; echo \"$l\"; done", 10, 4});
  size_t n = 0;
  EXPECT_EQ(Echo(dut, 5, &n), "");
  EXPECT_EQ(n, 5u);
  EXPECT_EQ(dut.output_lines(), 15u);
  EXPECT_EQ(dut.Close(), "");
}

TEST(DutProcess, ExitMidRunIsReportedWithItsStatus) {
  // Answers two lines, then exits with status 3.
  DutProcess dut({"head -n 2; exit 3", 10, 8});
  size_t n = 0;
  const std::string err = Echo(dut, 10, &n);
  EXPECT_EQ(n, 2u);
  EXPECT_TRUE(Contains(err, "after 2 answers")) << err;
  EXPECT_TRUE(Contains(err, "exited with status 3")) << err;
  EXPECT_TRUE(dut.failed());
  EXPECT_NE(Echo(dut, 1, &n), "");  // a failed process takes nothing more
}

TEST(DutProcess, DeathBySignalIsReported) {
  DutProcess dut({"read l; echo \"$l\"; kill -SEGV $$", 10, 8});
  size_t n = 0;
  const std::string err = Echo(dut, 4, &n);
  EXPECT_EQ(n, 1u);
  EXPECT_TRUE(Contains(err, "signal 11")) << err;
}

TEST(DutProcess, TooFewAnswersAtACleanExit) {
  DutProcess dut({"head -n 1", 10, 8});
  size_t n = 0;
  const std::string err = Echo(dut, 3, &n);
  EXPECT_EQ(n, 1u);
  EXPECT_TRUE(Contains(err, "ended its output after 1 answers")) << err;
}

TEST(DutProcess, AHangEndsAtTheTimeout) {
  DutProcess dut({"read l; echo \"$l\"; sleep 30", 1, 8});
  size_t n = 0;
  const auto t0 = std::chrono::steady_clock::now();
  const std::string err = Echo(dut, 2, &n);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(n, 1u);
  EXPECT_TRUE(Contains(err, "no answer for 1 seconds")) << err;
  EXPECT_LT(secs, 5.0);  // killed, not waited for
}

TEST(DutProcess, TheAnswerCallbackStopsTheExchange) {
  DutProcess dut({"cat", 10, 8});
  const std::string err = dut.Exchange(5, LineOf, [](size_t i, const std::string&) {
    return i == 2 ? std::string("bad answer") : std::string();
  });
  EXPECT_EQ(err, "bad answer");
  EXPECT_TRUE(dut.failed());
}

TEST(DutProcess, CloseReportsExtraLinesAndAFailingExit) {
  size_t n = 0;
  DutProcess extra({"cat; echo surplus", 10, 8});
  EXPECT_EQ(Echo(extra, 2, &n), "");
  EXPECT_TRUE(Contains(extra.Close(), "output line 3 answers no line sent")) << n;
  DutProcess status({"cat; exit 4", 10, 8});
  EXPECT_EQ(Echo(status, 2, &n), "");
  EXPECT_TRUE(Contains(status.Close(), "exited with status 4"));
}

TEST(DutProcess, ACommandThatDoesNotExist) {
  DutProcess dut({"/nonexistent/dut-program", 10, 8});
  size_t n = 0;
  const std::string err = Echo(dut, 1, &n);
  EXPECT_TRUE(Contains(err, "status 127")) << err;
}

TEST(DutProcess, ADutThatNeverReadsStillEndsCleanly) {
  // It answers nothing and exits at once: the writes fail (EPIPE), the error is the exit.
  DutProcess dut({"exec 0<&-; exit 0", 10, 64});
  size_t n = 0;
  const std::string err = Echo(dut, 1000, &n);
  EXPECT_EQ(n, 0u);
  EXPECT_TRUE(Contains(err, "after 0 answers")) << err;
}

}  // namespace
}  // namespace vfadd::tool
