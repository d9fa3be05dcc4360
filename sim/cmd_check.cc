// SPDX-License-Identifier: Apache-2.0
// vfadd check: checked lines recomputed on an engine, every mismatch described.
#include <cinttypes>

#include "classes.h"
#include "tool.h"
#include "vfadd/difference.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Recomputes every checked line (one with res and fpsr) on the engine (default: the RTL)
and compares. For each mismatch (the first N in full, default 10, then only counted) it
prints FILE:LINE, the operation, each differing element with expected and actual bits and
values, and the flag difference. Ends with 'N passed, M failed'. Exit 0 when all match, 1
on a mismatch, 2 on bad input (a malformed line, a stimulus line without a result, an
unreadable file, a vl above the built MaxVecLenBits). The trace format is
docs/trace-format.md in the vfadd source tree.

--dut CMD recomputes the lines on an external design under test (docs/dut-protocol.md).
When the DUT fails (crashes, hangs, answers garbage, another case or too few lines), the
error names the case (FILE:LINE) and the DUT's output line, the cases answered before it
are reported as usual, followed by 'K not checked', and the exit status is 2.
)";
}  // namespace

int CmdCheck(int argc, char** argv) {
  Spec spec("check", kDescription);
  EngineFlags ef;
  uint64_t max_report = 10;
  bool classes = false;
  std::vector<std::string> files;
  DeclareEngine(spec, &ef);
  spec.Flag("--classes", &classes,
            "also print the mismatch classes: the failing cases grouped by op, type and the rule "
            "involved (docs/dut-protocol.md)");
  spec.Count("--max-report", "N", &max_report, 0, UINT64_MAX,
             "describe the first N mismatches in full (default 10), count the others")
      .Positionals("FILE...", &files, 1, SIZE_MAX, "checked traces (- for stdin)");
  spec.Parse(argc, argv);
  const top::Options opt = FinishEngine(spec, ef);
  const std::unique_ptr<Engine> engine = MakeEngineOf(ef);
  TraceInput in;
  const int errors = ReadTraces("check", files, &in, [](const Case& c) {
    return c.checked ? std::string() : NotCheckedError();
  });
  if (errors) {
    std::fprintf(stderr, "vfadd check: %d input error%s; the check is incomplete\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  top::Report rep;
  top::Options run = opt;
  run.max_mismatch_reports = 0;  // described here, from the responses
  const int rc = RunCases("check", *engine, run, in.cases, /*expect_trace=*/true, &rep);
  // A DUT that failed: what it answered before is reported all the same.
  if (rc && !(ef.dut.given() && !rep.error.empty())) return rc;
  uint64_t passed = 0, failed = 0;
  for (size_t i = 0; i < rep.responses.size(); ++i) {
    const Case& c = in.cases[i].c;
    const top::Response& r = rep.responses[i];
    if (!r.mismatch) {
      ++passed;
      continue;
    }
    if (++failed > max_report) continue;
    std::printf("MISMATCH %s: %s\n", in.cases[i].where.c_str(), DescribeCase(c).c_str());
    // A broken rule (undef, bits above VL) first: the outcomes may not show it.
    const std::string lines = DescribeDifferences(c, r.expected, r.actual);
    if (lines.find(r.difference) == std::string::npos) std::printf("  %s\n", r.difference.c_str());
    std::fputs(lines.c_str(), stdout);
  }
  if (failed > max_report) {
    std::printf("... %" PRIu64 " further mismatches not shown\n", failed - max_report);
  }
  if (classes) PrintClasses(stdout, in.cases, CountClasses(in.cases, rep));
  std::printf("%" PRIu64 " passed, %" PRIu64 " failed", passed, failed);
  if (rc) std::printf(", %zu not checked", in.cases.size() - rep.responses.size());
  std::printf("\n");
  if (rc) return rc;
  if (rep.assertion_failed) {
    std::fprintf(stderr, "vfadd check: an RTL assertion failed (see above)\n");
    return kExitMismatch;
  }
  return failed ? kExitMismatch : kExitOk;
}

}  // namespace vfadd::tool
