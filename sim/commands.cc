// SPDX-License-Identifier: Apache-2.0
// The table of vfadd's commands and the dispatch to them. A new command is a file
// cmd_<name>.cc defining Cmd<Name> (declared in tool.h) and one line in kCommands.
#include <cstdio>
#include <cstring>
#include <string>

#include "tool.h"

#ifndef VFADD_VERSION
#define VFADD_VERSION "unknown"
#endif

namespace vfadd::tool {

namespace {

struct Command {
  const char* name;
  int (*run)(int argc, char** argv);
  const char* summary;  // one line of 'vfadd --help'
};

constexpr Command kCommands[] = {
    {"run", CmdRun, "compute results for stimulus lines, write checked lines"},
    {"check", CmdCheck, "recompute checked lines and report mismatches"},
    {"gen", CmdGen, "write seeded random stimulus biased towards hard cases"},
    {"disasm", CmdDisasm, "decode and disassemble instruction words"},
    {"summary", CmdSummary, "tabulate the cases of trace files per operation and type"},
    {"regress", CmdRegress,
     "a seeded random regression on the RTL against the model (jobs, shards, JUnit)"},
    {"cover", CmdCover, "functional coverage of checked lines from any source"},
    {"merge", CmdMerge, "combine the JUnit files, failure traces and coverage databases of shards"},
    {"shrink", CmdShrink, "reduce a failing case to the simplest one that still fails"},
    {"info", CmdInfo, "the configuration of vfadd_top this tool was built with"},
    {"measure", CmdMeasure,
     "latency, throughput and workloads (cycles per element), in simulation"},
    {"bench", CmdBench, "simulation speed: the SystemC harness against a plain clock loop"},
};

std::string MainHelp() {
  std::string out =
      "usage: vfadd [--quiet | --verbose] <command> [options]\n"
      "       vfadd --version | --help\n"
      "\n"
      "vfadd: the Arm SVE floating-point add family (FADD, FSUB, FSUBR, FADDP, FADDA, FADDV),\n"
      "bit-exact, on trace files: the RTL unit vfadd_top and its golden model. The trace format\n"
      "(version 1) is docs/trace-format.md in the vfadd source tree; the semantics, with their\n"
      "sources, docs/semantics.md.\n"
      "\n"
      "commands:\n";
  for (const Command& c : kCommands) {
    char line[160];
    std::snprintf(line, sizeof line, "  %-8s %s\n", c.name, c.summary);
    out += line;
  }
  out +=
      "\n"
      "'vfadd <command> --help' describes each. --quiet drops progress lines and notes on\n"
      "stderr, --verbose adds notes (either before the command or among its options).\n"
      "Exit status: 0 ok, 1 mismatch, 2 bad input.\n";
  return out;
}

}  // namespace

int Main(int argc, char** argv) {
  int i = 1;
  // Options before the command.
  for (; i < argc && argv[i][0] == '-'; ++i) {
    const std::string w = argv[i];
    if (w == "--help" || w == "-h") {
      std::fputs(MainHelp().c_str(), stdout);
      return kExitOk;
    }
    if (w == "--version") {
      std::printf("vfadd %s (%s)\n", VFADD_VERSION, BuildDescription().c_str());
      return kExitOk;
    }
    if (w == "--quiet" || w == "--verbose") {
      SetVerbosity(w == "--quiet" ? Verbosity::kQuiet : Verbosity::kVerbose);
      continue;
    }
    std::fprintf(stderr, "vfadd: unknown option '%s' (see 'vfadd --help')\n", w.c_str());
    return kExitBadInput;
  }
  if (i >= argc) {
    std::fputs(MainHelp().c_str(), stderr);
    return kExitBadInput;
  }
  const std::string cmd = argv[i];
  if (cmd == "help") {
    std::fputs(MainHelp().c_str(), stdout);
    return kExitOk;
  }
  for (const Command& c : kCommands) {
    if (cmd == c.name) return c.run(argc - i - 1, argv + i + 1);
  }
  std::fprintf(stderr, "vfadd: unknown command '%s'\n\n%s", cmd.c_str(), MainHelp().c_str());
  return kExitBadInput;
}

}  // namespace vfadd::tool
