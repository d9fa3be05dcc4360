// SPDX-License-Identifier: Apache-2.0
// vfadd summary: the cases of trace files tabulated per operation and type.
#include "summary.h"
#include "tool.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Prints a table of the cases in trace FILEs per operation and type: cases, active element
operations, and how many checked cases raised each FPSR flag (stimulus lines count as
cases with no flags). --json prints the same figures as one JSON document instead (schema:
sim/README.md).
)";
}  // namespace

int CmdSummary(int argc, char** argv) {
  Spec spec("summary", kDescription);
  std::vector<std::string> files;
  bool json = false;
  spec.Flag("--json", &json, "print a JSON document instead of the table")
      .Positionals("FILE...", &files, 1, SIZE_MAX, "traces (- for stdin)");
  spec.Parse(argc, argv);
  Summary sum(/*rtl=*/false);
  const int errors = ForEachCase("summary", files, [&](const Case& c, const std::string&) {
    sum.Add(c);
    return std::string();
  });
  if (errors) return kExitBadInput;
  if (json) {
    PrintJson(JsonDocument("summary")
                  .Member("files", JsonTexts(files))
                  .Member("summary", SummaryJson(sum)));
  } else {
    sum.Print(stdout);
  }
  return kExitOk;
}

}  // namespace vfadd::tool
