// SPDX-License-Identifier: Apache-2.0
// vfadd merge: the JUnit files, failure traces and coverage databases of many shards, combined.
#include <sys/stat.h>

#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <memory>

#include "fcov.h"
#include "junit.h"
#include "tool.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Combines the outputs of many 'vfadd regress' shards: JUnit files (FILE ending in .xml;
vfadd's, GoogleTest's or CTest's) into one JUnit file whose test suites are the files'
(totals summed), coverage databases (FILE ending in .fcov, from regress --coverage) into
DIR/coverage.fcov, .md and .html (counts summed; the databases must come from builds of
one maximum VL), and failure traces (any other FILE, trace format) into one failure
trace, each file's cases after a comment naming it. Each kind of FILE needs its option,
and each option FILEs of its kind. Prints what it merged. Exit 0 when nothing failed, 1
when a shard reported a failure, 2 on bad input (an unreadable file, a file that is not
JUnit XML, a malformed trace or database line: FILE:LINE: field ...); then nothing is
written.
)";

bool EndsWith(const std::string& p, const std::string& ext) {
  return p.size() > ext.size() && p.compare(p.size() - ext.size(), ext.size(), ext) == 0;
}
}  // namespace

int CmdMerge(int argc, char** argv) {
  Spec spec("merge", kDescription);
  std::string junit_out, failures_out, cov_dir;
  std::vector<std::string> files;
  spec.Text("--junit", "OUT.xml", &junit_out, "write the merged JUnit file")
      .Text("--failures", "OUT.trace", &failures_out, "write the merged failure trace")
      .Text("--coverage", "DIR", &cov_dir, "write the merged coverage database and reports")
      .Positionals("FILE...", &files, 1, SIZE_MAX, "the files to merge");
  spec.Parse(argc, argv);
  std::vector<std::string> xmls, traces, dbs;
  for (const std::string& p : files) {
    (EndsWith(p, ".xml") ? xmls : EndsWith(p, ".fcov") ? dbs : traces).push_back(p);
  }
  if (!xmls.empty() && !spec.Given("--junit"))
    spec.Error("JUnit FILEs given: --junit OUT.xml needed");
  if (!traces.empty() && !spec.Given("--failures")) {
    spec.Error("failure traces given: --failures OUT.trace needed");
  }
  if (!dbs.empty() && !spec.Given("--coverage")) {
    spec.Error("coverage databases given: --coverage DIR needed");
  }
  // And the other way round: an output with nothing of its kind to merge (--coverage would
  // silently write nothing).
  if (spec.Given("--junit") && xmls.empty())
    spec.Error("--junit OUT.xml: no JUnit FILE (.xml) given");
  if (spec.Given("--failures") && traces.empty()) {
    spec.Error("--failures OUT.trace: no failure trace FILE given");
  }
  if (spec.Given("--coverage") && dbs.empty()) {
    spec.Error("--coverage DIR: no coverage database FILE (.fcov) given");
  }
  int errors = 0;
  // Coverage: the model of the first database's build; the others must match it.
  std::unique_ptr<fcov::Model> model;
  std::unique_ptr<fcov::Db> coverage;
  for (const std::string& p : dbs) {
    std::string text, error;
    int max_vl = 0;
    if (!ReadFile(p, &text)) {
      std::fprintf(stderr, "vfadd merge: %s: cannot read: %s\n", p.c_str(), std::strerror(errno));
      ++errors;
      continue;
    }
    if (!model && fcov::ReadDbHeader(text, p, &max_vl, &error)) {
      model = std::make_unique<fcov::Model>(max_vl);
      coverage = std::make_unique<fcov::Db>(*model);
    }
    if (!model || !fcov::ParseDb(text, p, *model, coverage.get(), &error)) {
      std::fprintf(stderr, "vfadd merge: %s\n", error.c_str());
      ++errors;
    }
  }
  JunitReport junit;
  junit.name = "vfadd regress";
  for (const std::string& p : xmls) {
    std::string xml, error;
    JunitReport part;
    if (!ReadFile(p, &xml)) {
      std::fprintf(stderr, "vfadd merge: %s: cannot read: %s\n", p.c_str(), std::strerror(errno));
      ++errors;
    } else if (!ReadJunit(xml, &part, &error)) {
      std::fprintf(stderr, "vfadd merge: %s: %s\n", p.c_str(), error.c_str());
      ++errors;
    } else if (part.suites.empty()) {
      std::fprintf(stderr,
                   "vfadd merge: %s: expected a JUnit file with a <testsuite>, found none\n",
                   p.c_str());
      ++errors;
    } else {
      MergeInto(&junit, part);
    }
  }
  std::string failure_text;
  uint64_t failing_cases = 0;
  for (const std::string& p : traces) {
    failure_text += "# vfadd merge: from " + p + "\n";
    errors += ForEachCase(
        "merge", {p},
        [&](const Case& c, const std::string&) {
          if (!c.checked) return std::string("fields 8-9 'res fpsr': expected a checked line");
          failure_text += FormatCase(c) + "\n";
          ++failing_cases;
          return std::string();
        },
        [&](std::string raw) {
          if (!raw.empty() && raw.back() == '\r') raw.pop_back();
          if (!raw.empty() && raw[0] == '#') failure_text += raw + "\n";
        });
  }
  if (errors) {
    std::fprintf(stderr, "vfadd merge: %d input error%s; nothing written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  if (spec.Given("--junit") && !WriteFile(junit_out, WriteJunit(junit))) {
    std::fprintf(stderr, "vfadd merge: %s: cannot write: %s\n", junit_out.c_str(),
                 std::strerror(errno));
    return kExitBadInput;
  }
  if (spec.Given("--failures") && !WriteFile(failures_out, failure_text)) {
    std::fprintf(stderr, "vfadd merge: %s: cannot write: %s\n", failures_out.c_str(),
                 std::strerror(errno));
    return kExitBadInput;
  }
  if (coverage) {
    const std::string base = cov_dir + "/coverage";
    const std::string title = "vfadd merge of " + std::to_string(dbs.size()) +
                              " coverage database" + (dbs.size() == 1 ? "" : "s");
    if ((mkdir(cov_dir.c_str(), 0777) != 0 && errno != EEXIST) ||
        !WriteFile(base + ".fcov", coverage->Serialize()) ||
        !WriteFile(base + ".md", coverage->Markdown(title)) ||
        !WriteFile(base + ".html", coverage->Html(title))) {
      std::fprintf(stderr, "vfadd merge: --coverage %s: cannot write: %s\n", cov_dir.c_str(),
                   std::strerror(errno));
      return kExitBadInput;
    }
  }
  const JunitCounts counts = junit.Counts();
  const uint64_t failed = counts.failures + counts.errors;
  if (!xmls.empty() || !traces.empty()) {
    std::printf("merge: %zu JUnit file%s (%" PRIu64 " test cases, %" PRIu64
                " failed), %zu "
                "failure trace%s (%" PRIu64 " failing case%s)\n",
                xmls.size(), xmls.size() == 1 ? "" : "s", counts.tests, failed, traces.size(),
                traces.size() == 1 ? "" : "s", failing_cases, failing_cases == 1 ? "" : "s");
  }
  if (coverage) {
    std::printf("merge: %zu coverage database%s: %s Report: %s/coverage.md, %s/coverage.html\n",
                dbs.size(), dbs.size() == 1 ? "" : "s", coverage->Headline().c_str(),
                cov_dir.c_str(), cov_dir.c_str());
  }
  return failed || failing_cases ? kExitMismatch : kExitOk;
}

}  // namespace vfadd::tool
