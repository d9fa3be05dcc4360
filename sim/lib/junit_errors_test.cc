// SPDX-License-Identifier: Apache-2.0
// Tests of the JUnit reader's errors: each names its line and what was expected.
#include <gtest/gtest.h>

#include <string>

#include "junit.h"

namespace vfadd::tool {
namespace {

// The error of a read that must fail.
std::string ReadError(const std::string& xml) {
  JunitReport r;
  std::string error;
  EXPECT_FALSE(ReadJunit(xml, &r, &error)) << xml;
  return error;
}

TEST(JunitReadTest, MalformedXmlNamesItsLine) {
  // The <testcase> opened on line 3 is closed by </testsuite> on line 4: tinyxml2 names the
  // element left open and the line of its start tag.
  EXPECT_EQ(ReadError("<testsuites>\n"
                      "  <testsuite name=\"s\">\n"
                      "    <testcase name=\"a\">\n"
                      "  </testsuite>\n"
                      "</testsuites>\n"),
            "line 3: not well-formed XML: <testcase> has no matching end tag "
            "(XML_ERROR_MISMATCHED_ELEMENT)");
  EXPECT_EQ(ReadError("<testsuites>\n<testsuite name=s>\n</testsuite></testsuites>"),
            "line 2: not well-formed XML in <testsuite> (XML_ERROR_PARSING_ATTRIBUTE)");
  EXPECT_EQ(ReadError("<testsuites>\n<testsuite name=\"s\" name=\"t\"/></testsuites>"),
            "line 2: not well-formed XML in <testsuite> (XML_ERROR_PARSING_ATTRIBUTE)");
  // A file cut short: the innermost open element, <testsuite> on line 2.
  EXPECT_EQ(ReadError("<testsuites>\n  <testsuite name=\"s\">\n    <testcase name=\"a\"/>\n"),
            "line 2: not well-formed XML (XML_ERROR_PARSING)");
}

TEST(JunitReadTest, OtherRootsAreClearErrors) {
  EXPECT_EQ(ReadError("<?xml version=\"1.0\"?>\n<html></html>\n"),
            "line 2: expected a <testsuite> or <testsuites> root element, found <html>");
  EXPECT_EQ(ReadError(""),
            "line 1: expected a <testsuite> or <testsuites> root element, found none");
  EXPECT_EQ(ReadError("<?xml version=\"1.0\"?>\n<!-- nothing -->\n"),
            "line 3: expected a <testsuite> or <testsuites> root element, found none");
  // Two files pasted together.
  EXPECT_EQ(ReadError("<testsuites/>\n<testsuites/>\n"),
            "line 2: expected one root element, found <testsuites> after </testsuites>");
}

TEST(JunitReadTest, BadTestcasesAreErrorsNamingTheirLine) {
  auto in_suite = [](const std::string& body) {
    return "<testsuites>\n<testsuite name=\"s\">\n" + body + "\n</testsuite>\n</testsuites>\n";
  };
  EXPECT_EQ(ReadError(in_suite("<testcase classname=\"c\"/>")),
            "line 3: <testcase> without a name attribute");
  EXPECT_EQ(ReadError(in_suite("<testcase name=\"a\" time=\"1,5\"/>")),
            "line 3: <testcase name=\"a\"> time=\"1,5\": expected a number of seconds");
  EXPECT_EQ(ReadError(in_suite("<testcase name=\"a\" time=\"nan\"/>")),
            "line 3: <testcase name=\"a\"> time=\"nan\": expected a number of seconds");
  EXPECT_EQ(ReadError(in_suite("<testcase name=\"a\" assertions=\"-1\"/>")),
            "line 3: <testcase name=\"a\"> assertions=\"-1\": expected a count of assertions");
  EXPECT_EQ(ReadError(in_suite("<testsuite name=\"inner\"/>")),
            "line 3: <testsuite> inside <testsuite name=\"s\">: nested test suites are not "
            "supported");
  EXPECT_EQ(ReadError("<testsuites>\n<testsuite name=\"s\" time=\"x\"/></testsuites>"),
            "line 2: <testsuite name=\"s\"> time=\"x\": expected a number of seconds");
  EXPECT_EQ(ReadError(std::string("<testsuites>\n\n<x\0/>", 19)),
            "line 3: a NUL byte: not an XML text file");
}

}  // namespace
}  // namespace vfadd::tool
