// SPDX-License-Identifier: Apache-2.0
// Tests of the JUnit reader, writer and merge against hand-written XML and real fixtures.
#include "junit.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace vfadd::tool {
namespace {

std::string Fixture(const std::string& name) {
  std::ifstream f(std::string(VFADD_TESTDATA_DIR) + "/" + name, std::ios::binary);
  EXPECT_TRUE(f) << name;
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

JunitReport MustRead(const std::string& xml) {
  JunitReport r;
  std::string error;
  EXPECT_TRUE(ReadJunit(xml, &r, &error)) << error << "\n" << xml;
  return r;
}

std::string Attr(const JunitPairs& pairs, const std::string& name) {
  for (const auto& [n, v] : pairs) {
    if (n == name) return v;
  }
  return "<absent>";
}

// A shard as `vfadd regress` describes it: one suite, its properties, one test case per
// operation and type, a <failure> on each failing one.
JunitReport RegressShard(int shard, double secs, bool fail) {
  JunitSuite s;
  s.name = "vfadd.regress.seed3.shard" + std::to_string(shard) + "of2";
  s.time = secs;
  s.properties = {{"seed", "3"}, {"shard", std::to_string(shard) + "/2"}};
  JunitCase pass;
  pass.classname = "vfadd.regress";
  pass.name = "fadd.h";
  pass.assertions = 40;
  s.cases.push_back(pass);
  JunitCase bad = pass;
  bad.name = "fsub.s";
  bad.assertions = 37;
  if (fail) bad.failures.push_back({false, "mismatch", "1 of 37 cases differ", "case 9: x\n"});
  s.cases.push_back(bad);
  JunitReport r;
  r.name = "vfadd regress";
  r.time = secs;
  r.suites.push_back(s);
  return r;
}

// ------------------------------------------------------------------------------------------
// Writing

// The bytes today's snprintf writer in CmdRegress produces for these values, typed out from its
// format strings. (A time of 1.5 would differ: "1.5" here, "1.500" there.)
TEST(JunitWriteTest, WritesTheRegressFormat) {
  JunitSuite s;
  s.name = "vfadd.regress.seed7.shard1of1";
  s.time = 1.234;
  s.properties = {
      {"seed", "7"},    {"shard", "1/1"},    {"config", "MaxVecLenBits=128 NumStages=1"},
      {"cases", "300"}, {"mismatches", "1"}, {"coverage", "10 of 20 reachable bins"}};
  JunitCase ok;
  ok.classname = "vfadd.regress";
  ok.name = "fadd.h";
  ok.assertions = 12;
  s.cases.push_back(ok);
  JunitCase bad = ok;
  bad.name = "faddv.d";
  bad.assertions = 9;
  bad.failures.push_back({false, "mismatch", "1 of 9 cases differ from the golden model",
                          "case 123: res differs\n  faddv d 128 ...\n"});
  s.cases.push_back(bad);
  JunitReport r;
  r.name = "vfadd regress";
  r.time = 1.234;
  r.suites.push_back(s);
  EXPECT_EQ(WriteJunit(r),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites name=\"vfadd regress\" tests=\"2\" failures=\"1\" time=\"1.234\">\n"
            "  <testsuite name=\"vfadd.regress.seed7.shard1of1\" tests=\"2\" failures=\"1\" "
            "time=\"1.234\">\n"
            "    <properties>\n"
            "      <property name=\"seed\" value=\"7\"/>\n"
            "      <property name=\"shard\" value=\"1/1\"/>\n"
            "      <property name=\"config\" value=\"MaxVecLenBits=128 NumStages=1\"/>\n"
            "      <property name=\"cases\" value=\"300\"/>\n"
            "      <property name=\"mismatches\" value=\"1\"/>\n"
            "      <property name=\"coverage\" value=\"10 of 20 reachable bins\"/>\n"
            "    </properties>\n"
            "    <testcase classname=\"vfadd.regress\" name=\"fadd.h\" assertions=\"12\" "
            "time=\"0\"/>\n"
            "    <testcase classname=\"vfadd.regress\" name=\"faddv.d\" assertions=\"9\" "
            "time=\"0\">\n"
            "      <failure type=\"mismatch\" message=\"1 of 9 cases differ from the golden "
            "model\">case 123: res differs\n  faddv d 128 ...\n</failure>\n"
            "    </testcase>\n"
            "  </testsuite>\n"
            "</testsuites>\n");
}

TEST(JunitWriteTest, EscapesMarkupInAttributesAndText) {
  JunitReport r;
  JunitSuite s;
  s.name = "s<&\"'>";
  JunitCase c;
  c.name = "n<&\"'>";
  c.failures.push_back({false, "", "m<&\"'>", "t<&\"'>"});
  s.cases.push_back(c);
  r.suites.push_back(s);
  const std::string xml = WriteJunit(r);
  // Attributes: all five; text: the three that need it (quotes are fine in text).
  EXPECT_NE(xml.find("<testsuite name=\"s&lt;&amp;&quot;&apos;&gt;\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"n&lt;&amp;&quot;&apos;&gt;\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("message=\"m&lt;&amp;&quot;&apos;&gt;\">t&lt;&amp;\"'&gt;</failure>"),
            std::string::npos)
      << xml;
  const JunitReport back = MustRead(xml);
  ASSERT_EQ(back.suites.size(), 1u);
  EXPECT_EQ(back.suites[0].name, "s<&\"'>");
  ASSERT_EQ(back.suites[0].cases.size(), 1u);
  EXPECT_EQ(back.suites[0].cases[0].name, "n<&\"'>");
  ASSERT_EQ(back.suites[0].cases[0].failures.size(), 1u);
  EXPECT_EQ(back.suites[0].cases[0].failures[0].message, "m<&\"'>");
  EXPECT_EQ(back.suites[0].cases[0].failures[0].text, "t<&\"'>");
}

// A raw newline in an attribute would come back as a space from a conforming XML reader.
TEST(JunitWriteTest, KeepsNewlinesAndTabsInAttributesAndDropsControlCharacters) {
  JunitReport r;
  JunitSuite s;
  JunitCase c;
  c.name = "x";
  c.failures.push_back({false, "", "line 1\n\tline 2\x01\r", "text\x1b\n"});
  s.cases.push_back(c);
  r.suites.push_back(s);
  const std::string xml = WriteJunit(r);
  EXPECT_NE(xml.find("message=\"line 1&#10;&#9;line 2\">text\n</failure>"), std::string::npos)
      << xml;
  const JunitReport back = MustRead(xml);
  EXPECT_EQ(back.suites.at(0).cases.at(0).failures.at(0).message, "line 1\n\tline 2");
}

TEST(JunitWriteTest, RoundTripKeepsEveryField) {
  JunitReport r;
  r.name = "all";
  r.time = 2.5;
  JunitSuite s;
  s.name = "S";
  s.time = 0.0119455;
  s.properties = {{"seed", "1"}};
  s.attributes = {{"hostname", "h"}};
  s.system_out = "suite out\n";
  JunitCase pass;
  pass.name = "pass";
  pass.classname = "S";
  pass.time = 0.001;
  pass.assertions = 0;
  pass.status = "run";
  pass.attributes = {{"file", "a.cc"}, {"line", "6"}};
  pass.properties = {{"k", "v"}};
  pass.system_out = "out";
  pass.system_err = "err";
  JunitCase fail;
  fail.name = "fail";
  fail.failures = {{false, "t1", "first", "one"}, {false, "", "second", ""}};
  JunitCase error;
  error.name = "error";
  error.failures = {{true, "crash", "segv", "core"}};
  JunitCase skip;
  skip.name = "skip";
  skip.skipped = true;
  skip.skipped_message = "why";
  skip.skipped_text = "because";
  JunitCase off;
  off.name = "off";
  off.status = "notrun";
  s.cases = {pass, fail, error, skip, off};
  r.suites.push_back(s);
  const std::string xml = WriteJunit(r);
  EXPECT_NE(xml.find("<testsuites name=\"all\" tests=\"5\" failures=\"1\" errors=\"1\" "
                     "skipped=\"1\" disabled=\"1\" time=\"2.5\">"),
            std::string::npos)
      << xml;
  const JunitReport b = MustRead(xml);
  EXPECT_EQ(b.name, "all");
  EXPECT_DOUBLE_EQ(b.time, 2.5);
  ASSERT_EQ(b.suites.size(), 1u);
  const JunitSuite& t = b.suites[0];
  EXPECT_EQ(t.name, "S");
  EXPECT_DOUBLE_EQ(t.time, 0.0119455);
  EXPECT_EQ(t.properties, s.properties);
  EXPECT_EQ(t.attributes, s.attributes);
  EXPECT_EQ(t.system_out, "suite out\n");
  ASSERT_EQ(t.cases.size(), 5u);
  const JunitCase& p = t.cases[0];
  EXPECT_EQ(p.name, "pass");
  EXPECT_EQ(p.classname, "S");
  EXPECT_DOUBLE_EQ(p.time, 0.001);
  EXPECT_EQ(p.assertions, std::optional<uint64_t>(0));
  EXPECT_EQ(p.status, "run");
  EXPECT_EQ(p.attributes, pass.attributes);
  EXPECT_EQ(p.properties, pass.properties);
  EXPECT_EQ(p.system_out, "out");
  EXPECT_EQ(p.system_err, "err");
  EXPECT_EQ(p.Outcome(), JunitOutcome::kPassed);
  ASSERT_EQ(t.cases[1].failures.size(), 2u);
  EXPECT_EQ(t.cases[1].failures[0].type, "t1");
  EXPECT_EQ(t.cases[1].failures[0].message, "first");
  EXPECT_EQ(t.cases[1].failures[0].text, "one");
  EXPECT_EQ(t.cases[1].failures[1].message, "second");
  EXPECT_FALSE(t.cases[1].assertions.has_value());
  EXPECT_EQ(t.cases[1].Outcome(), JunitOutcome::kFailed);
  ASSERT_EQ(t.cases[2].failures.size(), 1u);
  EXPECT_TRUE(t.cases[2].failures[0].error);
  EXPECT_EQ(t.cases[2].failures[0].text, "core");
  EXPECT_EQ(t.cases[2].Outcome(), JunitOutcome::kError);
  EXPECT_TRUE(t.cases[3].skipped);
  EXPECT_EQ(t.cases[3].skipped_message, "why");
  EXPECT_EQ(t.cases[3].skipped_text, "because");
  EXPECT_EQ(t.cases[4].Outcome(), JunitOutcome::kDisabled);
  EXPECT_EQ(WriteJunit(b), xml);  // and written again, the same bytes
}

TEST(JunitWriteTest, WritesTimesWithoutTrailingZerosOrExponent) {
  JunitReport r;
  JunitSuite s;
  for (double t : {0.0, 1.5, 0.0119455, 1e-5, 3.579, 1234.000000001}) {
    JunitCase c;
    c.name = "c";
    c.time = t;
    s.cases.push_back(c);
  }
  r.suites.push_back(s);
  const std::string xml = WriteJunit(r);
  for (const char* t :
       {"\"0\"", "\"1.5\"", "\"0.0119455\"", "\"0.00001\"", "\"3.579\"", "\"1234.000000001\""}) {
    EXPECT_NE(xml.find(std::string("time=") + t), std::string::npos) << t << "\n" << xml;
  }
}

// ------------------------------------------------------------------------------------------
// Reading the fixtures (testdata/README.md says how each was made); the expected values are
// read off the files by hand.

TEST(JunitReadTest, ReadsGoogleTestsFile) {
  const JunitReport r = MustRead(Fixture("gtest.xml"));
  EXPECT_EQ(r.name, "AllTests");
  ASSERT_EQ(r.suites.size(), 2u);
  const JunitSuite& s = r.suites[0];
  EXPECT_EQ(s.name, "SampleTest");
  EXPECT_EQ(Attr(s.attributes, "timestamp"), "2026-12-07T16:06:34.639");
  ASSERT_EQ(s.cases.size(), 3u);
  EXPECT_EQ(s.cases[0].name, "Passes");
  EXPECT_EQ(s.cases[0].classname, "SampleTest");
  EXPECT_EQ(s.cases[0].status, "run");
  EXPECT_EQ(Attr(s.cases[0].attributes, "file"), "sample_test.cc");
  EXPECT_EQ(Attr(s.cases[0].attributes, "line"), "6");
  EXPECT_EQ(Attr(s.cases[0].attributes, "result"), "completed");
  EXPECT_EQ(s.cases[0].Outcome(), JunitOutcome::kPassed);
  const JunitCase& f = s.cases[1];
  EXPECT_EQ(f.name, "Fails");
  ASSERT_EQ(f.failures.size(), 1u);
  const std::string expected =
      "sample_test.cc:10\nExpected equality of these values:\n  got\n"
      "    Which is: \"a<b&c\"\n  \"x\\\"y'z\"";
  EXPECT_EQ(f.failures[0].message, expected);  // from character references
  EXPECT_EQ(f.failures[0].text, expected);     // from CDATA
  EXPECT_EQ(f.failures[0].type, "");
  EXPECT_FALSE(f.failures[0].error);
  const JunitCase& k = s.cases[2];
  EXPECT_EQ(k.name, "IsSkipped");
  EXPECT_TRUE(k.skipped);
  EXPECT_EQ(k.skipped_message, "sample_test.cc:13\nnot on this machine");
  EXPECT_EQ(k.Outcome(), JunitOutcome::kSkipped);
  EXPECT_EQ(s.Counts(), (JunitCounts{3, 1, 0, 1, 0}));  // the file's tests/failures/skipped
  ASSERT_EQ(r.suites[1].cases.size(), 1u);
  EXPECT_EQ(r.suites[1].cases[0].name, "DISABLED_NotRun");
  EXPECT_EQ(r.suites[1].cases[0].Outcome(), JunitOutcome::kDisabled);
  // The root's tests="4" failures="1" disabled="1", and the one skipped case.
  EXPECT_EQ(r.Counts(), (JunitCounts{4, 1, 0, 1, 1}));
}

TEST(JunitReadTest, ReadsCTestsFile) {
  const JunitReport r = MustRead(Fixture("ctest.xml"));
  EXPECT_EQ(r.name, "");  // a <testsuite> root
  ASSERT_EQ(r.suites.size(), 1u);
  const JunitSuite& s = r.suites[0];
  EXPECT_EQ(s.name, "(empty)");
  EXPECT_EQ(Attr(s.attributes, "hostname"), "");
  EXPECT_EQ(Attr(s.attributes, "timestamp"), "2026-12-07T16:06:45");
  EXPECT_DOUBLE_EQ(s.time, 0);
  ASSERT_EQ(s.cases.size(), 4u);
  EXPECT_EQ(s.cases[0].name, "passes");
  EXPECT_EQ(s.cases[0].classname, "passes");
  EXPECT_DOUBLE_EQ(s.cases[0].time, 0.0119455);
  EXPECT_EQ(s.cases[0].status, "run");
  EXPECT_EQ(s.cases[0].Outcome(), JunitOutcome::kPassed);
  EXPECT_EQ(s.cases[1].status, "fail");
  ASSERT_EQ(s.cases[1].failures.size(), 1u);
  EXPECT_EQ(s.cases[1].failures[0].message, "");
  EXPECT_EQ(s.cases[1].system_out, "out <&> \"q\"\n");
  EXPECT_EQ(s.cases[2].Outcome(), JunitOutcome::kSkipped);  // status="notrun" with <skipped>
  EXPECT_EQ(s.cases[2].skipped_message, "SKIP_RETURN_CODE=77");
  EXPECT_EQ(s.cases[2].system_out, "skipping\n");
  EXPECT_EQ(s.cases[3].Outcome(), JunitOutcome::kDisabled);  // status="disabled"
  EXPECT_EQ(s.cases[3].system_out, "Disabled");
  // The file's tests="4" failures="1" disabled="1" skipped="1".
  EXPECT_EQ(r.Counts(), (JunitCounts{4, 1, 0, 1, 1}));
}

TEST(JunitReadTest, ReadsVfaddsFile) {
  const JunitReport r = MustRead(Fixture("vfadd_regress.xml"));
  EXPECT_EQ(r.name, "vfadd regress");
  ASSERT_EQ(r.suites.size(), 1u);
  const JunitSuite& s = r.suites[0];
  EXPECT_EQ(s.name, "vfadd.regress.seed1.shard1of1");
  EXPECT_EQ(Attr(s.properties, "seed"), "1");
  EXPECT_EQ(Attr(s.properties, "shard"), "1/1");
  EXPECT_EQ(Attr(s.properties, "cases"), "200");
  EXPECT_EQ(Attr(s.properties, "mismatches"), "1");
  ASSERT_EQ(s.cases.size(), 33u);  // 11 operations x 3 types
  uint64_t assertions = 0;
  for (const JunitCase& c : s.cases) {
    EXPECT_EQ(c.classname, "vfadd.regress");
    ASSERT_TRUE(c.assertions.has_value()) << c.name;
    assertions += *c.assertions;
  }
  EXPECT_EQ(assertions, 200u);
  EXPECT_EQ(s.cases[0].name, "fadd.h");
  EXPECT_EQ(r.Counts(), (JunitCounts{33, 1, 0, 0, 0}));
  EXPECT_EQ(Attr(s.properties, "config"), "MaxVecLenBits=512 NumStages=3");
  EXPECT_DOUBLE_EQ(s.time, 0.063);
  EXPECT_DOUBLE_EQ(r.time, 0.063);
  // The one corrupted case (README: --self-test-flip 5), an FADD of doubles.
  for (const JunitCase& c : s.cases) {
    if (c.failures.empty()) continue;
    EXPECT_EQ(c.name, "fadd.d");
    EXPECT_EQ(c.assertions, std::optional<uint64_t>(7));
    ASSERT_EQ(c.failures.size(), 1u);
    EXPECT_EQ(c.failures[0].type, "mismatch");
    EXPECT_EQ(c.failures[0].message, "1 of 7 cases differ from the golden model");
    EXPECT_EQ(c.failures[0].text.rfind("case 5: element 0: expected fbb355c4729f129d ", 0), 0u)
        << c.failures[0].text;
    EXPECT_EQ(c.failures[0].text.substr(c.failures[0].text.size() - 10), " 00000014\n");
  }
}

// The fixture came from the snprintf writer that WriteJunit replaces: read and written again,
// it is the same bytes.
TEST(JunitWriteTest, RewritesVfaddsFileByteForByte) {
  const std::string xml = Fixture("vfadd_regress.xml");
  EXPECT_EQ(WriteJunit(MustRead(xml)), xml);
}

// Counts are the cases', whatever the file says (a stale or hand-edited attribute).
TEST(JunitReadTest, CountsComeFromTheCasesNotTheAttributes) {
  const JunitReport r = MustRead(
      "<testsuites tests=\"9\" failures=\"9\">\n"
      "  <testsuite name=\"s\" tests=\"5\" failures=\"0\">\n"
      "    <testcase name=\"a\"><failure message=\"m\"/></testcase>\n"
      "    <testcase name=\"b\"><error message=\"e\"/><failure message=\"f\"/></testcase>\n"
      "  </testsuite>\n"
      "</testsuites>\n");
  EXPECT_EQ(r.Counts(), (JunitCounts{2, 1, 1, 0, 0}));  // an <error> outranks a <failure>
}

TEST(JunitReadTest, AcceptsZeroSuites) {
  for (const char* xml : {"<testsuites/>",
                          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"0\" "
                          "failures=\"0\" disabled=\"0\" errors=\"0\" time=\"0\" "
                          "name=\"AllTests\">\n</testsuites>\n"}) {
    const JunitReport r = MustRead(xml);
    EXPECT_TRUE(r.suites.empty());
    EXPECT_EQ(r.Counts(), JunitCounts{});
  }
  EXPECT_EQ(WriteJunit(JunitReport{}),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites tests=\"0\" failures=\"0\" time=\"0\"/>\n");
}

TEST(JunitReadTest, AFailedReadLeavesTheReportAlone) {
  JunitReport r = RegressShard(1, 1, false);
  std::string error;
  EXPECT_FALSE(ReadJunit("<testsuites><testsuite name=\"s\"><testcase/></testsuite></testsuites>",
                         &r, &error));
  EXPECT_EQ(error, "line 1: <testcase> without a name attribute");
  ASSERT_EQ(r.suites.size(), 1u);
  EXPECT_EQ(r.suites[0].name, "vfadd.regress.seed3.shard1of2");
}

// ------------------------------------------------------------------------------------------
// Merge

TEST(JunitMergeTest, ShardsAddUp) {
  JunitReport total;
  total.name = "vfadd regress";
  MergeInto(&total, MustRead(WriteJunit(RegressShard(1, 1.25, false))));
  MergeInto(&total, MustRead(WriteJunit(RegressShard(2, 2.5, true))));
  ASSERT_EQ(total.suites.size(), 2u);
  EXPECT_EQ(total.suites[0].name, "vfadd.regress.seed3.shard1of2");
  EXPECT_EQ(total.suites[1].name, "vfadd.regress.seed3.shard2of2");
  EXPECT_DOUBLE_EQ(total.time, 3.75);
  EXPECT_EQ(total.Counts(), (JunitCounts{4, 1, 0, 0, 0}));
  // The failure survives the merge, message and text.
  ASSERT_EQ(total.suites[1].cases[1].failures.size(), 1u);
  EXPECT_EQ(total.suites[1].cases[1].failures[0].message, "1 of 37 cases differ");
  EXPECT_EQ(total.suites[1].cases[1].failures[0].text, "case 9: x\n");
  const std::string xml = WriteJunit(total);
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"vfadd "
                      "regress\" tests=\"4\" failures=\"1\" time=\"3.75\">\n",
                      0),
            0u)
      << xml;
}

TEST(JunitMergeTest, MergesFilesOfTheThreeProducers) {
  JunitReport total;
  MergeInto(&total, MustRead(Fixture("gtest.xml")));
  MergeInto(&total, MustRead(Fixture("ctest.xml")));
  MergeInto(&total, MustRead(Fixture("vfadd_regress.xml")));
  ASSERT_EQ(total.suites.size(), 4u);
  EXPECT_EQ(total.suites[2].name, "(empty)");
  // gtest 4 tests (1 failed, 1 skipped, 1 disabled) + ctest 4 (the same) + vfadd 33 (1 failed).
  EXPECT_EQ(total.Counts(), (JunitCounts{41, 3, 0, 2, 2}));
  // A suite of one name in two parts stays two suites, as today's merge copies them.
  JunitReport twice;
  MergeInto(&twice, MustRead(Fixture("ctest.xml")));
  MergeInto(&twice, MustRead(Fixture("ctest.xml")));
  ASSERT_EQ(twice.suites.size(), 2u);
  EXPECT_EQ(twice.Counts().tests, 8u);
}

}  // namespace
}  // namespace vfadd::tool
