// SPDX-License-Identifier: Apache-2.0
// Unit tests of the regress worker protocol (regress_protocol.h): lines, round trips, rejections.
#include "regress_protocol.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace vfadd::tool {
namespace {

using M = Message;

Message MustDecode(const std::string& line) {
  Message m;
  std::string error;
  EXPECT_TRUE(Decode(line, &m, &error)) << "'" << line << "': " << error;
  return m;
}

// Expected lines written from the format in regress_protocol.h.
TEST(RegressProtocolTest, EncodesEachKind) {
  EXPECT_EQ(Encode(M::Progress(1000)), "P\t1000\n");
  EXPECT_EQ(Encode(M::Failure(42, "res differs")), "F\t42\tres differs\n");
  EXPECT_EQ(Encode(M::FailureLine("fadd s 128 00000000 1111 0 0")),
            "L\tfadd s 128 00000000 1111 0 0\n");
  EXPECT_EQ(Encode(M::SummaryRow("fadd s 2 6 0 0 0 1 0 0 0 2 0")),
            "S\tfadd s 2 6 0 0 0 1 0 0 0 2 0\n");
  EXPECT_EQ(Encode(M::Cycles(18446744073709551615u)), "C\t18446744073709551615\n");
  EXPECT_EQ(Encode(M::Steered(0)), "T\t0\n");
  EXPECT_EQ(Encode(M::Coverage("bin 3 17")), "V\tbin 3 17\n");
  EXPECT_EQ(Encode(M::Error("cases 0..999: deadlock")), "E\tcases 0..999: deadlock\n");
}

TEST(RegressProtocolTest, EachKindRoundTrips) {
  const std::vector<Message> all = {
      M::Progress(7),       M::Failure(3, "(a steered case) element 2 differs"),
      M::FailureLine("x"),  M::SummaryRow("faddv d 1 2 0 0 0 0 0 0 0 0 1"),
      M::Cycles(123456789), M::Steered(5),
      M::Coverage(""),      M::Error("boom"),
      M::Failure(0, ""),    M::Progress(0),
  };
  for (const Message& m : all) {
    const std::string line = Encode(m);
    ASSERT_FALSE(line.empty());
    EXPECT_EQ(line.back(), '\n');
    EXPECT_EQ(line.find('\n'), line.size() - 1) << line;
    EXPECT_EQ(MustDecode(line), m) << line;
    // The trailing newline is optional on input.
    EXPECT_EQ(MustDecode(line.substr(0, line.size() - 1)), m) << line;
  }
}

TEST(RegressProtocolTest, DecodesHandWrittenLines) {
  EXPECT_EQ(MustDecode("P\t1000"), M::Progress(1000));
  EXPECT_EQ(MustDecode("C\t0\n"), M::Cycles(0));
  EXPECT_EQ(MustDecode("T\t12"), M::Steered(12));
  EXPECT_EQ(MustDecode("F\t17\t"), M::Failure(17, ""));
  EXPECT_EQ(MustDecode("L\t"), M::FailureLine(""));
  EXPECT_EQ(MustDecode("S\tfadd h 1 8 0 0 3 0 0 0 0 0 0"),
            M::SummaryRow("fadd h 1 8 0 0 3 0 0 0 0 0 0"));
  EXPECT_EQ(MustDecode("V\ta b\\tc"), M::Coverage("a b\tc"));
  EXPECT_EQ(MustDecode("E\tline 1\\nline 2\\r\\\\"), M::Error("line 1\nline 2\r\\"));
  const Message f = MustDecode("F\t9\tres 00000001, want 00000000 (element 0)");
  EXPECT_EQ(f.kind, M::kFailure);
  EXPECT_EQ(f.count, 9u);
  EXPECT_EQ(f.text, "res 00000001, want 00000000 (element 0)");
}

// The old format ("F <index> <text>") split at the first space: a text that looks like more
// fields must come back whole.
TEST(RegressProtocolTest, TextsWithSpacesDigitsTabsAndNewlinesRoundTrip) {
  for (const std::string& text :
       {std::string(" 12 34 "), std::string("  "), std::string("5\t6"), std::string("\t"),
        std::string("a\nb"), std::string("\n"), std::string("\r\n"), std::string("\\n"),
        std::string("\\"), std::string("end\\"), std::string("F\t1\tx\nP\t2"),
        std::string("nul\0byte", 8), std::string("\xff\x80 high bytes")}) {
    for (const Message& m : {M::Failure(4, text), M::FailureLine(text), M::SummaryRow(text),
                             M::Coverage(text), M::Error(text)}) {
      const std::string line = Encode(m);
      // One line, and the tabs are only the separators of the kind's fields.
      EXPECT_EQ(line.find('\n'), line.size() - 1) << line;
      EXPECT_EQ(line.find('\r'), std::string::npos) << line;
      const size_t tabs = std::count(line.begin(), line.end(), '\t');
      EXPECT_EQ(tabs, m.kind == M::kFailure ? 2u : 1u) << line;
      EXPECT_EQ(MustDecode(line), m) << line;
    }
  }
  EXPECT_EQ(Encode(M::Failure(4, "a\tb\nc\\d")), "F\t4\ta\\tb\\nc\\\\d\n");
}

TEST(RegressProtocolTest, RejectsMalformedLines) {
  const struct {
    const char* why;
    std::vector<std::string> lines;
  } kBad[] = {
      {"empty", {"", "\n"}},
      {"unknown kind (one letter, then a tab)", {"X\t1", "p\t1", "PP\t1", "P1", "P 1", "Q", "\t1"}},
      {"no field", {"P", "C", "T", "F", "L", "S", "V", "E"}},
      {"a failure without its text", {"F\t1"}},
      {"a count kind with a text", {"P\t1\t2", "C\t1\tx", "T\t\t"}},
      {"a raw tab in a text", {"L\ta\tb", "E\t\t", "F\t1\ta\tb"}},
      {"a count that is not decimal digits",
       {"P\t", "P\tx", "P\t-1", "P\t+1", "P\t1.5", "P\t 1", "P\t1 ", "P\t0x10", "F\tx\ttext",
        "F\t-3\ttext", "F\t\ttext"}},
      {"a count of 2^64", {"C\t18446744073709551616"}},
      {"a bad escape", {"E\tbad \\q escape", "L\tends in \\", "S\t\\\\\\"}},
      {"a second newline or a carriage return", {"P\t1\n\n", "P\t1\r", "L\tx\ny"}},
  };
  for (const auto& group : kBad) {
    for (const std::string& bad : group.lines) {
      Message m;
      std::string error;
      EXPECT_FALSE(Decode(bad, &m, &error)) << group.why << ": accepted '" << bad << "'";
      EXPECT_FALSE(error.empty()) << bad;
    }
  }
}

TEST(RegressProtocolTest, ErrorsNameTheProblem) {
  Message m;
  std::string error;
  EXPECT_FALSE(Decode("", &m, &error));
  EXPECT_NE(error.find("empty"), std::string::npos) << error;
  EXPECT_FALSE(Decode("Z\t3", &m, &error));
  EXPECT_NE(error.find("unknown message kind"), std::string::npos) << error;
  EXPECT_FALSE(Decode("F\t3", &m, &error));
  EXPECT_NE(error.find("expected 2 fields"), std::string::npos) << error;
  EXPECT_NE(error.find("got 1"), std::string::npos) << error;
  EXPECT_FALSE(Decode("P\tabc", &m, &error));
  EXPECT_NE(error.find("'abc'"), std::string::npos) << error;
  EXPECT_FALSE(Decode("P\t1\nP\t2", &m, &error));
  EXPECT_NE(error.find("raw newline"), std::string::npos) << error;
  EXPECT_FALSE(Decode("E\ta\\qb", &m, &error));
  EXPECT_NE(error.find("escape"), std::string::npos) << error;
}

}  // namespace
}  // namespace vfadd::tool
