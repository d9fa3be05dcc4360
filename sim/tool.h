// SPDX-License-Identifier: Apache-2.0
// What the vfadd commands share: reading traces, files, the generator's and the RTL harness's
// options (declared once for every command that takes them), running cases on an engine.
#ifndef VFADD_SIM_TOOL_H_
#define VFADD_SIM_TOOL_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cli.h"
#include "engine.h"
#include "gen.h"
#include "json_report.h"
#include "vfadd/trace.h"

namespace vfadd::fcov {
class Db;
}  // namespace vfadd::fcov

namespace vfadd::tool {

constexpr int kMaxReportedErrors = 20;

// The tool: options before the command, then the command (commands.cc holds the table).
int Main(int argc, char** argv);

// The commands (each in cmd_<name>.cc).
int CmdRun(int argc, char** argv);
int CmdCheck(int argc, char** argv);
int CmdGen(int argc, char** argv);
int CmdDisasm(int argc, char** argv);
int CmdSummary(int argc, char** argv);
int CmdRegress(int argc, char** argv);
int CmdMerge(int argc, char** argv);
int CmdShrink(int argc, char** argv);
int CmdInfo(int argc, char** argv);
int CmdMeasure(int argc, char** argv);
int CmdBench(int argc, char** argv);
int CmdCover(int argc, char** argv);

// ------------------------------------------------------------------------------------------
// Files and text

std::vector<std::string> Split(const std::string& s, char sep);
// False (errno set) when the file cannot be opened or read (e.g. a directory).
bool ReadFile(const std::string& path, std::string* out);
bool WriteFile(const std::string& path, const std::string& text);

// The message for a stimulus line where a checked line is needed (for ForEachCase's on_case).
std::string NotCheckedError();

// A directory a command will write into (`option` names it in messages): made when it does not
// exist; false, with the reason on stderr, when it cannot be made or written.
bool PrepareOutputDir(const std::string& cmd, const std::string& option, const std::string& dir);

// ------------------------------------------------------------------------------------------
// Functional coverage output (regress, cover)

// Writes DIR/coverage.fcov (the database), DIR/coverage.md and DIR/coverage.html (`title`
// heads both); false, with the reason on stderr, when a file cannot be written.
bool WriteCoverage(const std::string& cmd, const std::string& dir, const fcov::Db& db,
                   const std::string& title);
// What follows the coverage headline: " Report: BASE.md, BASE.html", or when nothing was
// written (base empty) " (--coverage DIR writes the report)".
std::string CoverageReportNote(const std::string& base);
// {"fcov", "md", "html"}: the paths BASE.fcov, ... or null each when nothing was written.
Json CoverageFilesJson(const std::string& base);
// A warning on stderr when db hits bins the coverage model calls unreachable.
void WarnUnreachableHits(const std::string& cmd, const fcov::Db& db);

// ------------------------------------------------------------------------------------------
// --json (the schema: sim/README.md, "JSON output")

constexpr int kJsonSchemaVersion = 1;
// The members every document starts with: command, schema_version, vfadd_version and config
// (max_vl, stages of the built vfadd_top).
Json JsonDocument(const std::string& command);
// Prints the document on stdout.
void PrintJson(const Json& doc);
// The paths as a JSON array of strings.
Json JsonTexts(const std::vector<std::string>& texts);

// ------------------------------------------------------------------------------------------
// Traces

// Reads `paths` in turn. Calls on_case(case, "FILE:LINE") for each case (a non-empty return is
// an input error about that line) and on_comment(line) for comment and blank lines. Reports the
// first kMaxReportedErrors input errors as "vfadd CMD: ..." on stderr; returns how many there
// were (an unreadable file counts as one).
int ForEachCase(const std::string& cmd, const std::vector<std::string>& paths,
                const std::function<std::string(const Case&, const std::string&)>& on_case,
                const std::function<void(const std::string&)>& on_comment = nullptr);

// A case and where it came from ("FILE:LINE").
struct Located {
  Case c;
  std::string where;
};

// Trace files read whole: the cases in order, and the output lines of run (comments and blank
// lines copied, "" where a case goes).
struct TraceInput {
  std::vector<Located> cases;
  std::vector<std::string> lines;
  std::vector<size_t> case_line;  // index in lines of each case
};
int ReadTraces(const std::string& cmd, const std::vector<std::string>& paths, TraceInput* in,
               const std::function<std::string(const Case&)>& validate = nullptr);

// ------------------------------------------------------------------------------------------
// Options shared by several commands, declared on a Spec by the Declare functions and turned
// into their values by the Finish ones (after Spec::Parse).

// --dut CMD and --dut-timeout SECONDS (run, check, regress, shrink): an external design under
// test (docs/dut-protocol.md).
struct DutFlags {
  std::string command;
  uint64_t timeout = 30;
  bool given() const { return !command.empty(); }
  DutConfig config() const { return {command, static_cast<double>(timeout)}; }
};
void DeclareDut(Spec& spec, DutFlags* f);

// --engine, --dut and the RTL harness's options (run, check).
struct EngineFlags {
  std::string engine = "rtl";
  DutFlags dut;
  uint64_t seed = 1;
  double idle = 0, backpressure = 0;
  std::string waves;
  uint64_t cycle_first = 0, cycle_last = 0, case_first = 0, case_last = 0;
};
void DeclareEngine(Spec& spec, EngineFlags* f);
// The harness options of the flags; a usage error when an RTL option comes with --engine model.
top::Options FinishEngine(const Spec& spec, const EngineFlags& f);
// The engine the flags name: the DUT with --dut, else --engine's.
std::unique_ptr<Engine> MakeEngineOf(const EngineFlags& f);

// The generator's options (gen, regress): --seed, --count (both required), --ops, --types,
// --vl, --fpcr.
struct GenFlags {
  GenOptions gen;
  std::string ops, types, vls, fpcrs;
};
void DeclareGen(Spec& spec, GenFlags* f, uint64_t min_count);
GenOptions FinishGen(const Spec& spec, const GenFlags& f);

// ------------------------------------------------------------------------------------------
// Running

// Every VL the engine takes: 128 to its maximum in steps of 128.
std::vector<int> VlsUpTo(int max_vl);

// Runs `cases` on `engine`, checked against the trace's results when `expect_trace` (each case
// a checked line), else against the golden model's. A case above the engine's maximum VL is an
// input error (FILE:LINE, on stderr); then nothing runs. Returns 0, kExitBadInput (that, or the
// engine failed) or kExitMismatch (responses missing); the mismatches are in *rep for the caller.
// When the engine failed, rep->error says why (printed with the FILE:LINE of the first case not
// answered) and rep->responses holds the cases answered before (the DUT engine's; checked).
int RunCases(const std::string& cmd, const Engine& engine, const top::Options& opt,
             const std::vector<Located>& cases, bool expect_trace, top::Report* rep);

}  // namespace vfadd::tool

#endif  // VFADD_SIM_TOOL_H_
