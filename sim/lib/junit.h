// SPDX-License-Identifier: Apache-2.0
// JUnit XML reports: the data model, the writer of vfadd's own files, a reader of vfadd's,
// GoogleTest's and CTest's files, and the merge of regress shards (on tinyxml2).
#ifndef VFADD_SIM_LIB_JUNIT_H_
#define VFADD_SIM_LIB_JUNIT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vfadd::tool {

// Name/value pairs in file order (attributes a reader does not interpret, <property> rows).
using JunitPairs = std::vector<std::pair<std::string, std::string>>;

// One <failure> or <error> element of a test case. GoogleTest writes one <failure> per failed
// assertion; vfadd one per failing operation and type.
struct JunitFailure {
  bool error = false;   // <error> (the test could not run properly) rather than <failure>
  std::string type;     // the type attribute ("mismatch" for vfadd; empty when absent)
  std::string message;  // the message attribute
  std::string text;     // the element's text (CDATA included)
};

// How a test case ended. A case is counted under exactly one of these, in this precedence.
enum class JunitOutcome { kError, kFailed, kSkipped, kDisabled, kPassed };

// One <testcase>.
struct JunitCase {
  std::string name;                    // required when reading
  std::string classname;               // written only when not empty
  double time = 0;                     // seconds
  std::optional<uint64_t> assertions;  // vfadd: the cases of this operation and type
  // GoogleTest's and CTest's status attribute ("run", "notrun", "fail", "disabled"); vfadd
  // writes none. "notrun" or "disabled" without a <skipped> element is a disabled test.
  std::string status;
  std::vector<JunitFailure> failures;  // its <failure> and <error> elements, in file order
  bool skipped = false;                // a <skipped> element (GTEST_SKIP, SKIP_RETURN_CODE)
  std::string skipped_message, skipped_text;
  std::string system_out, system_err;  // <system-out>, <system-err> (written when not empty)
  JunitPairs properties;               // <properties><property name= value=/>...
  // Other attributes (GoogleTest's file, line, result, timestamp), kept in file order and
  // written after the ones above.
  JunitPairs attributes;

  JunitOutcome Outcome() const;
};

// Test counts, as in the tests/failures/errors/skipped/disabled attributes of JUnit.
struct JunitCounts {
  uint64_t tests = 0;     // every case, disabled ones included (as GoogleTest and CTest count)
  uint64_t failures = 0;  // kFailed
  uint64_t errors = 0;    // kError
  uint64_t skipped = 0;   // kSkipped
  uint64_t disabled = 0;  // kDisabled
  void Add(const JunitCounts& c);
  bool operator==(const JunitCounts& o) const;
};

// One <testsuite>. Its counts are always those of its cases: a reader ignores the count
// attributes of the file and a writer writes the cases' counts.
struct JunitSuite {
  std::string name;
  double time = 0;  // seconds; a reader takes the sum of the cases' when the attribute is absent
  JunitPairs properties;  // <properties> (vfadd: seed, shard, config, cases, ...)
  std::vector<JunitCase> cases;
  std::string system_out, system_err;
  JunitPairs attributes;  // others (GoogleTest's timestamp, CTest's hostname, timestamp)

  JunitCounts Counts() const;
};

// A whole file: <testsuites> holding the suites. A CTest file's single <testsuite> root reads
// as a report of that one suite, with an empty name and the suite's time.
struct JunitReport {
  std::string name;  // the root's name attribute (vfadd: "vfadd regress"); written when set
  double time = 0;   // seconds; a reader takes the sum of the suites' when absent
  std::vector<JunitSuite> suites;

  JunitCounts Counts() const;
};

// The XML of `report`: a UTF-8 declaration, <testsuites name= tests= failures= [errors=
// skipped= disabled=, when not 0] time=>, each suite alike with its <properties> and cases, two
// spaces of indentation. Times are written in seconds to at most 9 decimals, trailing zeros
// dropped ("0", "1.5", "0.0119455"). Characters below 0x20 other than tab and newline are
// dropped (XML 1.0 cannot hold them); tab and newline in attributes are written as &#9; and
// &#10;, so that XML readers do not turn them into spaces.
std::string WriteJunit(const JunitReport& report);

// Reads a JUnit file: vfadd's own, GoogleTest's (--gtest_output=xml) or CTest's (ctest
// --output-junit), or any other of <testsuites><testsuite>... or <testsuite> shape. Elements it
// does not know are skipped. On error returns false with *error = "line N: what was expected"
// and leaves *out alone. Errors: not well-formed XML (tinyxml2's error and line), no root or a
// second root element, a root other than <testsuites>/<testsuite>, a <testsuite> inside a
// <testsuite>, a <testcase> without a name, a time that is not a finite number, assertions
// that are not a count, a NUL byte.
bool ReadJunit(const std::string& xml, JunitReport* out, std::string* error);

// Adds the shard `part` to `total` as `vfadd merge` does: part's suites after total's, unchanged
// (suites of one name are not combined: shards' suite names differ, see regress), and part's
// time added to total's. Counts follow from the cases. total's name is left as it is.
void MergeInto(JunitReport* total, const JunitReport& part);

}  // namespace vfadd::tool

#endif  // VFADD_SIM_LIB_JUNIT_H_
