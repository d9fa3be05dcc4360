// SPDX-License-Identifier: Apache-2.0
// vfadd run: trace lines in, checked lines out, computed by the RTL or the golden model.
#include <cerrno>
#include <cinttypes>
#include <cstring>

#include "summary.h"
#include "tool.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Reads trace lines (stimulus or checked) and writes each case as a checked line, with the
result and FPSR flags computed by the engine: the RTL (vfadd_top in the SystemC harness,
the default) or the golden model. Comments and blank lines are copied. Any malformed line,
or a case whose vl is above the built MaxVecLenBits (see 'vfadd info'), is reported as
FILE:LINE: field ...; then nothing is written and the exit status is 2. The RTL's results
are also checked against the golden model: a difference is reported on stderr and the exit
status is 1 (the RTL's results are written all the same). The trace format is
docs/trace-format.md in the vfadd source tree.
)";

// Prints the responses of `rep` that differ from what they were checked against, or broke a
// rule of the unit, as "vfadd CMD: FILE:LINE: ...". True when there was one.
bool ReportDifferences(const std::string& cmd, const std::vector<Located>& cases,
                       const top::Report& rep) {
  for (const top::Mismatch& m : rep.mismatches) {
    std::fprintf(stderr, "vfadd %s: %s: the RTL differs from the golden model: %s\n", cmd.c_str(),
                 cases[m.index].where.c_str(), m.what.c_str());
  }
  if (rep.mismatch_count > rep.mismatches.size()) {
    std::fprintf(stderr, "vfadd %s: ... %zu further differences not shown\n", cmd.c_str(),
                 rep.mismatch_count - rep.mismatches.size());
  }
  if (rep.assertion_failed) {
    std::fprintf(stderr, "vfadd %s: an RTL assertion failed (see above)\n", cmd.c_str());
  }
  return rep.mismatch_count || rep.assertion_failed;
}

}  // namespace

int CmdRun(int argc, char** argv) {
  Spec spec("run", kDescription);
  EngineFlags ef;
  std::string out_path, code_coverage;
  bool summary = false;
  std::vector<std::string> files;
  DeclareEngine(spec, &ef);
  spec.Text("-o", "OUT", &out_path, "write the checked lines to OUT (default stdout)")
      .Flag("--summary", &summary,
            "print a table per operation and type (cases, mismatches against the golden model, "
            "mean latency, flags raised) to stdout (stderr without -o)")
      .Text("--code-coverage", "F", &code_coverage,
            "write the Verilator code coverage of the run to F (a build with --coverage only: "
            "build/vfadd_cov of make coverage)")
      .Positionals("FILE|-", &files, 1, 1, "the trace to run (- for stdin)");
  spec.Parse(argc, argv);
  const top::Options opt = FinishEngine(spec, ef);
  if (spec.Given("--code-coverage")) {
    if (ef.engine != "rtl") spec.Error("--code-coverage needs --engine rtl");
    // Verilator aborts the process when it cannot write the file: find out first.
    FILE* f = std::fopen(code_coverage.c_str(), "wb");
    if (!f || std::fclose(f) != 0) {
      std::fprintf(stderr, "vfadd run: --code-coverage %s: cannot write: %s\n",
                   code_coverage.c_str(), std::strerror(errno));
      return kExitBadInput;
    }
  }
  const std::unique_ptr<Engine> engine = MakeEngine(ef.engine);
  TraceInput in;
  const int errors = ReadTraces("run", files, &in);
  if (errors) {
    std::fprintf(stderr, "vfadd run: %d input error%s; no output written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  top::Report rep;
  if (const int rc = RunCases("run", *engine, opt, in.cases, /*expect_trace=*/false, &rep)) {
    std::fprintf(stderr, "vfadd run: no output written\n");
    return rc;
  }
  const int status = ReportDifferences("run", in.cases, rep) ? kExitMismatch : kExitOk;
  if (spec.Given("--code-coverage") && !top::WriteCodeCoverage(code_coverage)) {
    std::fprintf(stderr,
                 "vfadd run: --code-coverage: this tool's vfadd_top was not Verilated "
                 "with --coverage (make coverage builds build/vfadd_cov)\n");
    return kExitBadInput;
  }
  if (summary) {
    FILE* sout = spec.Given("-o") ? stdout : stderr;  // stderr when the trace goes to stdout
    Summary sum(engine->timed());
    for (size_t i = 0; i < in.cases.size(); ++i) {
      const top::Response& r = rep.responses[i];
      sum.Add(WithOutcome(in.cases[i].c, r.actual), r.mismatch,
              engine->timed() ? r.response_cycle - r.accept_cycle : 0);
    }
    sum.Print(sout);
    if (engine->timed()) {
      std::fprintf(sout, "%zu cases, %" PRIu64 " cycles, %" PRIu64 " elements checked%s%s\n",
                   in.cases.size(), rep.cycles, rep.checked_elements,
                   opt.waves.empty() ? "" : "; waveform: ", opt.waves.c_str());
    }
  }
  for (size_t i = 0; i < in.cases.size(); ++i) {
    in.lines[in.case_line[i]] = FormatCase(WithOutcome(in.cases[i].c, rep.responses[i].actual));
  }
  std::string out;
  for (const std::string& l : in.lines) out += l + '\n';
  if (spec.Given("-o")) {
    if (!WriteFile(out_path, out)) {
      std::fprintf(stderr, "vfadd run: %s: cannot write: %s\n", out_path.c_str(),
                   std::strerror(errno));
      return kExitBadInput;
    }
  } else {
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  return status;
}

}  // namespace vfadd::tool
