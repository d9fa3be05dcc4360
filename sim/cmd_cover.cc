// SPDX-License-Identifier: Apache-2.0
// vfadd cover: the functional coverage of checked lines from any source (another simulator, a
// previous run), sampled as regress samples its cases, with the database and reports of regress.
#include <cinttypes>
#include <cstring>

#include "fcov.h"
#include "summary.h"
#include "tool.h"
#include "vfadd/difference.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Samples the functional coverage model (verif/README.md) on every checked line of the
trace FILEs ('-' for stdin), as 'vfadd regress' samples the cases it runs: the golden model
executes each case and every scalar addition it performs is classified. A trace from any
source will do (another simulator, a previous run); a stimulus line (no res and fpsr) is
bad input, as is a vl above --max-vl. The coverage model has the bins of a maximum VL:
2048 by default (the architecture's, as 'vfadd regress --dut' uses), or --max-vl BITS, e.g.
this build's MaxVecLenBits (see 'vfadd info') to merge the database with a regression on
its RTL: 'vfadd merge' combines databases of the same maximum VL only. The cases count as
sent as fields (the stimulus group's .fields columns).

Prints the summary table of the cases and the coverage figure; --coverage DIR writes
DIR/coverage.fcov (the database, for 'vfadd merge'), DIR/coverage.md and DIR/coverage.html,
the files regress writes. --json prints one JSON document instead (schema: sim/README.md).
Each case whose res or fpsr differs from the golden model's is named on stderr (the first
20; 'vfadd check FILE' describes them) and counted: its coverage is the stimulus's, its
result classes the model's. Exit 0, 1 when a case differs from the model, 2 on bad input
(a malformed or stimulus line, an unreadable file: FILE:LINE; then nothing is written).
)";

// "a, b, c" of the first three paths, then "and N more".
std::string FileList(const std::vector<std::string>& files) {
  std::string s;
  for (size_t i = 0; i < files.size() && i < 3; ++i) s += (i ? ", " : "") + files[i];
  if (files.size() > 3) s += " and " + std::to_string(files.size() - 3) + " more";
  return s;
}
}  // namespace

int CmdCover(int argc, char** argv) {
  Spec spec("cover", kDescription);
  std::string cov_dir;
  bool json = false;
  uint64_t max_vl = kMaxVl;
  std::vector<std::string> files;
  spec.Text("--coverage", "DIR", &cov_dir, "write the coverage database and reports to DIR")
      .Count("--max-vl", "BITS", &max_vl, 128, kMaxVl,
             "the coverage model's maximum VL, a multiple of 128 (default 2048)")
      .Flag("--json", &json, "print a JSON document instead of the text")
      .Positionals("FILE...", &files, 1, SIZE_MAX, "checked traces (- for stdin)");
  spec.Parse(argc, argv);
  if (max_vl % 128)
    spec.Error("--max-vl: expected a multiple of 128, got " + std::to_string(max_vl));
  const int top_vl = static_cast<int>(max_vl);
  if (spec.Given("--coverage") && !PrepareOutputDir("cover", "--coverage", cov_dir)) {
    return kExitBadInput;
  }
  const fcov::Model model(top_vl);
  fcov::Db db(model);
  Summary sum(/*rtl=*/false);
  std::vector<uint32_t> hits;
  std::vector<std::string> differing;  // FILE:LINE of the first cases that differ
  uint64_t mismatches = 0;
  const int errors = ForEachCase("cover", files, [&](const Case& c, const std::string& where) {
    if (!c.checked) return NotCheckedError();
    if (c.vl > top_vl) {
      return "field 3 'vl': " + std::to_string(c.vl) + " is above the coverage model's maximum " +
             std::to_string(top_vl) + " (--max-vl)";
    }
    hits.clear();
    const Outcome want = model.Sample(c, &hits);
    db.Add(hits);
    sum.Add(c);
    const std::string diff = DescribeDifferences(c, want, Outcome{c.res, c.fpsr}, "  ", 1);
    if (!diff.empty() && ++mismatches <= kMaxReportedErrors) {
      differing.push_back(where);
      std::fprintf(stderr, "vfadd cover: %s: the result differs from the golden model's:\n%s",
                   where.c_str(), diff.c_str());
    }
    return std::string();
  });
  if (errors) {
    std::fprintf(stderr, "vfadd cover: %d input error%s; nothing written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  if (mismatches) {
    std::fprintf(stderr,
                 "vfadd cover: %" PRIu64
                 " case%s differ%s from the golden model (vfadd check "
                 "describes them)\n",
                 mismatches, mismatches == 1 ? "" : "s", mismatches == 1 ? "s" : "");
  }
  std::string base;
  if (spec.Given("--coverage")) {
    const std::string title =
        "vfadd cover " + FileList(files) + " (maximum VL " + std::to_string(top_vl) + ")";
    if (!WriteCoverage("cover", cov_dir, db, title)) return kExitBadInput;
    base = cov_dir + "/coverage";
  }
  WarnUnreachableHits("cover", db);
  if (json) {
    Json cov = CoverageJson(db);
    cov.Member("files", CoverageFilesJson(base));
    Json doc = JsonDocument("cover");
    doc.Member("files", JsonTexts(files)).Count("cases", db.cases());
    doc.Count("mismatches", mismatches).Member("mismatch_locations", JsonTexts(differing));
    PrintJson(doc.Member("summary", SummaryJson(sum)).Member("coverage", cov));
  } else {
    sum.Print(stdout);
    std::printf("cover: %" PRIu64 " cases from %zu file%s, %" PRIu64
                " differing from the golden model\n",
                db.cases(), files.size(), files.size() == 1 ? "" : "s", mismatches);
    std::printf("coverage: %s%s\n", db.Headline().c_str(), CoverageReportNote(base).c_str());
  }
  return mismatches ? kExitMismatch : kExitOk;
}

}  // namespace vfadd::tool
