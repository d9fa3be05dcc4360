// SPDX-License-Identifier: Apache-2.0
// vfadd run: trace lines in, checked lines out, computed by the RTL or the golden model.
#include <cerrno>
#include <cinttypes>
#include <cstring>

#include "summary.h"
#include "tool.h"
#include "vfadd/trace.h"

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

--dut CMD runs the cases on an external design under test instead (docs/dut-protocol.md):
its results are checked against the golden model as the RTL's are. When the DUT fails
(crashes, hangs, answers garbage, another case or too few lines), the error names the
case (FILE:LINE) and the DUT's output line, the checked lines of the cases before it are
written, and the exit status is 2.

With --engine model, reading stdin (-) and writing stdout, each line is answered as soon
as it is read (a checked line per case, comments copied, flushed line by line), so that
'vfadd run --engine model -' serves as a DUT; a malformed line then stops the run at that
line (exit 2) after the lines before it.
)";

// Prints the responses of `rep` that differ from what they were checked against, or broke a
// rule of the unit, as "vfadd CMD: FILE:LINE: ...". True when there was one.
bool ReportDifferences(const std::string& cmd, const std::vector<Located>& cases,
                       const top::Report& rep, const char* who) {
  for (const top::Mismatch& m : rep.mismatches) {
    std::fprintf(stderr, "vfadd %s: %s: the %s differs from the golden model: %s\n", cmd.c_str(),
                 cases[m.index].where.c_str(), who, m.what.c_str());
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

// --engine model from stdin to stdout: every line answered as it comes.
int StreamModel() {
  TraceReader reader;
  std::string err, raw;
  if (!reader.Open("-", &err)) {
    std::fprintf(stderr, "vfadd run: %s\n", err.c_str());
    return kExitBadInput;
  }
  Case c;
  for (;;) {
    const auto st = reader.Next(&c, &raw, &err);
    if (st == TraceReader::Status::kEnd) return kExitOk;
    if (st == TraceReader::Status::kError) {
      std::fprintf(stderr, "vfadd run: %s\n", err.c_str());
      return kExitBadInput;
    }
    if (st == TraceReader::Status::kComment) {
      if (!raw.empty() && raw.back() == '\r') raw.pop_back();
      std::printf("%s\n", raw.c_str());
    } else {
      std::printf("%s\n", FormatCase(WithOutcome(c, Execute(c))).c_str());
    }
    if (std::fflush(stdout) != 0) return kExitBadInput;  // the reader went away
  }
}

// Writes lines [0, end) of the run's output to OUT (or stdout).
int WriteOutput(const std::vector<std::string>& lines, size_t end, const std::string* out_path) {
  std::string out;
  for (size_t i = 0; i < end; ++i) out += lines[i] + '\n';
  if (!out_path) {
    std::fwrite(out.data(), 1, out.size(), stdout);
    return kExitOk;
  }
  if (WriteFile(*out_path, out)) return kExitOk;
  std::fprintf(stderr, "vfadd run: %s: cannot write: %s\n", out_path->c_str(),
               std::strerror(errno));
  return kExitBadInput;
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
  if (files[0] == "-" && ef.engine == "model" && !ef.dut.given() && !summary && !spec.Given("-o")) {
    return StreamModel();
  }
  const std::unique_ptr<Engine> engine = MakeEngineOf(ef);
  TraceInput in;
  const int errors = ReadTraces("run", files, &in);
  if (errors) {
    std::fprintf(stderr, "vfadd run: %d input error%s; no output written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  top::Report rep;
  const std::string* out_file = spec.Given("-o") ? &out_path : nullptr;
  if (const int rc = RunCases("run", *engine, opt, in.cases, /*expect_trace=*/false, &rep)) {
    const size_t done = rep.responses.size();
    if (ef.dut.given() && !rep.error.empty() && done <= in.cases.size()) {
      // Nothing already checked is lost: the lines before the case the DUT failed on.
      ReportDifferences("run", in.cases, rep, "DUT");
      for (size_t i = 0; i < done; ++i) {
        in.lines[in.case_line[i]] = FormatCase(WithOutcome(in.cases[i].c, rep.responses[i].actual));
      }
      const size_t end = done < in.cases.size() ? in.case_line[done] : in.lines.size();
      std::fprintf(stderr, "vfadd run: the %zu checked lines before it written\n", done);
      WriteOutput(in.lines, end, out_file);
      return rc;
    }
    std::fprintf(stderr, "vfadd run: no output written\n");
    return rc;
  }
  const int status = ReportDifferences("run", in.cases, rep, ef.dut.given() ? "DUT" : "RTL")
                         ? kExitMismatch
                         : kExitOk;
  if (spec.Given("--code-coverage") && !top::WriteCodeCoverage(code_coverage)) {
    std::fprintf(stderr,
                 "vfadd run: --code-coverage: this tool's vfadd_top was not Verilated "
                 "with --coverage (make coverage builds build/vfadd_cov)\n");
    return kExitBadInput;
  }
  if (summary) {
    FILE* sout = spec.Given("-o") ? stdout : stderr;  // stderr when the trace goes to stdout
    Summary sum(engine->timed() || ef.dut.given());   // with the mismatch column
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
  if (const int rc = WriteOutput(in.lines, in.lines.size(), out_file)) return rc;
  return status;
}

}  // namespace vfadd::tool
