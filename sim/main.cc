// SPDX-License-Identifier: Apache-2.0
// vfadd: the command-line tool. Subcommands: run, check, gen, disasm, summary.
// Exit status: 0 success, 1 mismatches found (check), 2 bad input or usage.
#include <cerrno>
#include <cinttypes>
#include <cctype>
#include <fstream>
#include <functional>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "gen.h"
#include "vfadd/decode.h"
#include "vfadd/text.h"
#include "vfadd/trace.h"

namespace vfadd {
namespace {

constexpr int kExitMismatch = 1, kExitBadInput = 2;
constexpr int kMaxReportedErrors = 20;

// ------------------------------------------------------------------------------------------
// Argument parsing: options of a subcommand are declared as taking a value or not.

struct Args {
  std::map<std::string, std::string> opts;
  std::vector<std::string> positional;
  bool Has(const std::string& k) const { return opts.count(k) != 0; }
  std::string Get(const std::string& k, const std::string& def = "") const {
    auto it = opts.find(k);
    return it == opts.end() ? def : it->second;
  }
};

[[noreturn]] void Usage(const std::string& cmd, const std::string& msg) {
  std::fprintf(stderr, "vfadd %s: %s\n(see 'vfadd %s --help')\n", cmd.c_str(), msg.c_str(),
               cmd.c_str());
  std::exit(kExitBadInput);
}

// `valued` options take the next word (or --opt=value); `flags` take none. "-" and words not
// starting with "--" are positional.
Args ParseArgs(const std::string& cmd, int argc, char** argv, const std::set<std::string>& valued,
               const std::set<std::string>& flags, const char* help) {
  Args a;
  for (int i = 0; i < argc; ++i) {
    std::string w = argv[i];
    if (w == "--help" || w == "-h") {
      std::fputs(help, stdout);
      std::exit(0);
    }
    if (valued.count(w) == 0 && (w.rfind("--", 0) != 0 || w == "--")) {
      a.positional.push_back(w);
      continue;
    }
    std::string value;
    const size_t eq = w.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) value = w.substr(eq + 1), w = w.substr(0, eq);
    if (flags.count(w)) {
      if (inline_value) Usage(cmd, "option " + w + " takes no value");
      a.opts[w] = "1";
    } else if (valued.count(w)) {
      if (!inline_value) {
        if (i + 1 >= argc) Usage(cmd, "option " + w + " needs a value");
        value = argv[++i];
      }
      if (a.opts.count(w)) Usage(cmd, "option " + w + " given twice");
      a.opts[w] = value;
    } else {
      Usage(cmd, "unknown option '" + w + "'");
    }
  }
  return a;
}

void CheckEngine(const std::string& cmd, const Args& a) {
  const std::string e = a.Get("--engine", "model");
  if (e != "model") {
    Usage(cmd, "unknown engine '" + e + "' (this build has: model)");
  }
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t p = s.find(sep, start);
    out.push_back(s.substr(start, p - start));
    if (p == std::string::npos) break;
    start = p + 1;
  }
  return out;
}

// ------------------------------------------------------------------------------------------
// Reading traces: every subcommand that takes trace files goes through ForEachCase.

// Reads `paths` in turn. Calls on_case(case, "FILE:LINE") for each case (a non-empty return is
// an input error about that line) and on_comment(line) for comment and blank lines. Reports the
// first kMaxReportedErrors input errors as "vfadd CMD: ..." on stderr; returns how many there
// were (an unreadable file counts as one).
int ForEachCase(const std::string& cmd, const std::vector<std::string>& paths,
                const std::function<std::string(const Case&, const std::string&)>& on_case,
                const std::function<void(const std::string&)>& on_comment = nullptr) {
  int errors = 0;
  auto report = [&](const std::string& msg) {
    if (++errors <= kMaxReportedErrors) std::fprintf(stderr, "vfadd %s: %s\n", cmd.c_str(), msg.c_str());
  };
  for (const std::string& path : paths) {
    TraceReader reader;
    std::string err, raw;
    if (!reader.Open(path, &err)) {
      report(err);
      continue;
    }
    Case c;
    for (;;) {
      const auto st = reader.Next(&c, &raw, &err);
      if (st == TraceReader::Status::kEnd) break;
      if (st == TraceReader::Status::kError) {
        report(err);
      } else if (st == TraceReader::Status::kComment) {
        if (on_comment) on_comment(raw);
      } else {
        const std::string where = reader.name() + ":" + std::to_string(reader.line());
        const std::string problem = on_case(c, where);
        if (!problem.empty()) report(where + ": " + problem);
      }
    }
  }
  return errors;
}

// ------------------------------------------------------------------------------------------
// run

const char kRunHelp[] =
    "usage: vfadd run [--engine model] [-o OUT] FILE|-\n"
    "\n"
    "Reads trace lines (stimulus or checked) and writes each case as a checked line, with the\n"
    "result and FPSR flags computed by the engine. Comments and blank lines are copied. Any\n"
    "malformed line is reported as FILE:LINE: field ...; then nothing is written and the exit\n"
    "status is 2.\n";

int CmdRun(int argc, char** argv) {
  const Args a = ParseArgs("run", argc, argv, {"--engine", "-o"}, {}, kRunHelp);
  CheckEngine("run", a);
  if (a.positional.size() != 1) Usage("run", "expected one input FILE (or - for stdin)");
  std::string out;
  const int errors = ForEachCase(
      "run", a.positional,
      [&out](const Case& c, const std::string&) {
        out += FormatCase(WithOutcome(c, Execute(c))) + '\n';
        return std::string();
      },
      [&out](std::string raw) {
        if (!raw.empty() && raw.back() == '\r') raw.pop_back();  // output lines end in \n only
        out += raw + '\n';
      });
  if (errors) {
    std::fprintf(stderr, "vfadd run: %d input error%s; no output written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  if (a.Has("-o")) {
    FILE* f = std::fopen(a.Get("-o").c_str(), "wb");
    if (!f || std::fwrite(out.data(), 1, out.size(), f) != out.size() || std::fclose(f) != 0) {
      std::fprintf(stderr, "vfadd run: %s: cannot write: %s\n", a.Get("-o").c_str(),
                   std::strerror(errno));
      return kExitBadInput;
    }
  } else {
    std::fwrite(out.data(), 1, out.size(), stdout);
  }
  return 0;
}

// ------------------------------------------------------------------------------------------
// check

const char kCheckHelp[] =
    "usage: vfadd check [--engine model] [--max-report N] FILE...\n"
    "\n"
    "Recomputes every checked line (one with res and fpsr) and compares. For each mismatch\n"
    "(the first N in full, default 10, then only counted) it prints FILE:LINE, the operation,\n"
    "each differing element with expected and actual bits and values, and the flag\n"
    "difference. Ends with 'N passed, M failed'. Exit 0 when all match, 1 on a mismatch, 2 on\n"
    "bad input (a malformed line, a stimulus line without a result, an unreadable file).\n";

void ReportMismatch(const std::string& where, const Case& c, const Outcome& got) {
  const int esize = fp_width(c.fmt);
  std::string head = where + ": " + OpName(c.op) + " " + FmtLetter(c.fmt) + " vl=" +
                     std::to_string(c.vl);
  char fpcr[16];
  std::snprintf(fpcr, sizeof fpcr, "%08x", c.fpcr);
  std::printf("MISMATCH %s fpcr=%s\n", head.c_str(), fpcr);
  auto line = [&](const std::string& what, uint64_t exp, uint64_t act) {
    const int digits = esize / 4;
    std::printf("  %s: expected %0*" PRIx64 " (%s), actual %0*" PRIx64 " (%s)\n", what.c_str(),
                digits, exp, DescribeValue(c.fmt, exp).c_str(), digits, act,
                DescribeValue(c.fmt, act).c_str());
  };
  if (IsScalarResult(c.op)) {
    if (c.res[0] != got.res[0]) line("result", c.res[0], got.res[0]);
  } else {
    for (int e = 0; e < Elements(c); ++e) {
      const uint64_t exp = GetField(c.res, e * esize, esize);
      const uint64_t act = GetField(got.res, e * esize, esize);
      if (exp != act) line("element " + std::to_string(e), exp, act);
    }
  }
  if (c.fpsr != got.fpsr) {
    std::printf("  fpsr: expected %08x (%s), actual %08x (%s); missing %s, extra %s\n", c.fpsr,
                FlagNames(c.fpsr).c_str(), got.fpsr, FlagNames(got.fpsr).c_str(),
                FlagNames(c.fpsr & ~got.fpsr).c_str(), FlagNames(got.fpsr & ~c.fpsr).c_str());
  }
}

int CmdCheck(int argc, char** argv) {
  const Args a = ParseArgs("check", argc, argv, {"--engine", "--max-report"}, {}, kCheckHelp);
  CheckEngine("check", a);
  uint64_t max_report = 10;
  if (a.Has("--max-report") && !ParseU64(a.Get("--max-report"), 10, &max_report)) {
    Usage("check", "--max-report takes a count, got '" + a.Get("--max-report") + "'");
  }
  if (a.positional.empty()) Usage("check", "expected at least one FILE (or - for stdin)");
  uint64_t passed = 0, failed = 0;
  const int errors =
      ForEachCase("check", a.positional, [&](const Case& c, const std::string& where) {
        if (!c.checked) {
          return std::string("fields 8-9 'res fpsr': expected a checked line, got a stimulus line");
        }
        const Outcome got = Execute(c);
        if (got.res == c.res && got.fpsr == c.fpsr) {
          ++passed;
        } else if (++failed <= max_report) {
          ReportMismatch(where, c, got);
        }
        return std::string();
      });
  if (errors) {
    std::fprintf(stderr, "vfadd check: %d input error%s; the check is incomplete\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  if (failed > max_report) {
    std::printf("... %" PRIu64 " further mismatches not shown\n", failed - max_report);
  }
  std::printf("%" PRIu64 " passed, %" PRIu64 " failed\n", passed, failed);
  return failed ? kExitMismatch : 0;
}

// ------------------------------------------------------------------------------------------
// gen

const char kGenHelp[] =
    "usage: vfadd gen --seed S --count N [--ops LIST] [--types LIST] [--vl LIST]\n"
    "                 [--fpcr LIST] [-o OUT]\n"
    "\n"
    "Writes N seeded stimulus lines. The same seed and options give the same file on any\n"
    "machine. Lists are comma separated:\n"
    "  --ops    fadd,fadd_u,fadd_i,fsub,fsub_u,fsub_i,fsubr,fsubr_i,faddp,fadda,faddv (default all)\n"
    "  --types  h,s,d (default all)\n"
    "  --vl     multiples of 128 from 128 to 2048 (default: all, weighted to 128/384/512/2048)\n"
    "  --fpcr   8-digit hex FPCR values (default: random RMode, FZ, FZ16, DN)\n"
    "Values are biased towards hard cases: signed zeros, infinities, NaNs with payloads,\n"
    "subnormals, min/max normal, cancellation, alignment around the significand width, ties,\n"
    "overflow and tiny results; predicates all-true, all-false, random and non-canonical.\n";

int CmdGen(int argc, char** argv) {
  const Args a = ParseArgs("gen", argc, argv,
                           {"--seed", "--count", "--ops", "--types", "--vl", "--fpcr", "-o"}, {},
                           kGenHelp);
  if (!a.positional.empty()) Usage("gen", "unexpected argument '" + a.positional[0] + "'");
  GenOptions opt;
  if (!a.Has("--seed") || !ParseU64(a.Get("--seed"), 10, &opt.seed)) {
    Usage("gen", "--seed takes a decimal integer, got '" + a.Get("--seed") + "'");
  }
  if (!a.Has("--count") || !ParseU64(a.Get("--count"), 10, &opt.count)) {
    Usage("gen", "--count takes a decimal integer, got '" + a.Get("--count") + "'");
  }
  if (a.Has("--ops")) {
    for (const auto& s : Split(a.Get("--ops"), ',')) {
      Op op;
      if (!ParseOp(s, &op)) Usage("gen", "--ops: unknown operation '" + s + "'");
      opt.ops.push_back(op);
    }
  }
  if (a.Has("--types")) {
    for (const auto& s : Split(a.Get("--types"), ',')) {
      Fmt f;
      if (!ParseFmt(s, &f)) Usage("gen", "--types: unknown type '" + s + "' (h, s or d)");
      opt.types.push_back(f);
    }
  }
  if (a.Has("--vl")) {
    for (const auto& s : Split(a.Get("--vl"), ',')) {
      uint64_t v;
      if (!ParseU64(s, 10, &v) || v > kMaxVl || !IsValidVl(static_cast<int>(v))) {
        Usage("gen", "--vl: '" + s + "' is not a multiple of 128 from 128 to 2048");
      }
      opt.vls.push_back(static_cast<int>(v));
    }
  }
  if (a.Has("--fpcr")) {
    for (const auto& s : Split(a.Get("--fpcr"), ',')) {
      uint64_t v;
      if (s.size() != 8 || !ParseU64(s, 16, &v)) {
        Usage("gen", "--fpcr: '" + s + "' is not 8 hex digits");
      }
      opt.fpcrs.push_back(static_cast<uint32_t>(v));
    }
  }
  FILE* out = stdout;
  if (a.Has("-o") && !(out = std::fopen(a.Get("-o").c_str(), "wb"))) {
    std::fprintf(stderr, "vfadd gen: %s: cannot write: %s\n", a.Get("-o").c_str(),
                 std::strerror(errno));
    return kExitBadInput;
  }
  std::string cmdline = "# vfadd gen";
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "-o") == 0) { ++i; continue; }
    cmdline += std::string(" ") + argv[i];
  }
  std::fprintf(out, "%s\n", cmdline.c_str());
  for (uint64_t i = 0; i < opt.count; ++i) {
    std::fprintf(out, "%s\n", FormatCase(GenerateCase(opt, i)).c_str());
  }
  if (out != stdout && std::fclose(out) != 0) {
    std::fprintf(stderr, "vfadd gen: %s: write failed\n", a.Get("-o").c_str());
    return kExitBadInput;
  }
  return 0;
}

// ------------------------------------------------------------------------------------------
// disasm

const char kDisasmHelp[] =
    "usage: vfadd disasm [--engine model] WORD... | --file F | -\n"
    "\n"
    "Decodes 32-bit A64 instruction words (hex, optional 0x) of the SVE FP add family and\n"
    "MOVPRFX and prints one line per word: '<8 hex digits> <text>', the text being the GNU\n"
    "binutils disassembly, 'undefined' (an unallocated word in the family's encoding space)\n"
    "or 'other'. With --file or -, words are read whitespace-separated; '#' starts a comment.\n";

bool ParseWord(std::string s, uint32_t* w) {
  if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0) s = s.substr(2);
  uint64_t v;
  if (s.empty() || s.size() > 8 || !ParseU64(s, 16, &v)) return false;
  *w = static_cast<uint32_t>(v);
  return true;
}

int CmdDisasm(int argc, char** argv) {
  const Args a = ParseArgs("disasm", argc, argv, {"--engine", "--file"}, {}, kDisasmHelp);
  CheckEngine("disasm", a);
  struct Word { std::string src; int line; std::string text; };
  std::vector<Word> words;
  std::string name = "argument";
  const bool from_stdin = a.positional.size() == 1 && a.positional[0] == "-";
  if (a.Has("--file") || from_stdin) {
    if (a.Has("--file") && !a.positional.empty()) Usage("disasm", "give words or --file, not both");
    name = from_stdin ? "<stdin>" : a.Get("--file");
    std::ifstream file;
    std::istream* in = &std::cin;
    if (!from_stdin) {
      file.open(name);
      if (!file) {
        std::fprintf(stderr, "vfadd disasm: %s: cannot open: %s\n", name.c_str(),
                     std::strerror(errno));
        return kExitBadInput;
      }
      in = &file;
    }
    std::string line;
    errno = 0;
    int n = 1;
    for (; std::getline(*in, line); ++n) {
      line = line.substr(0, line.find('#'));
      size_t i = 0;
      while (i < line.size()) {
        while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        const size_t st = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
        if (i > st) words.push_back({line.substr(st, i - st), n, ""});
      }
      errno = 0;
    }
    if (in->bad() || errno != 0) {
      std::fprintf(stderr, "vfadd disasm: %s: cannot read after line %d: %s\n", name.c_str(),
                   n - 1, std::strerror(errno != 0 ? errno : EIO));
      return kExitBadInput;
    }
  } else {
    if (a.positional.empty()) Usage("disasm", "expected instruction words, --file F or -");
    for (size_t i = 0; i < a.positional.size(); ++i) {
      words.push_back({a.positional[i], static_cast<int>(i + 1), ""});  // argument number
    }
  }
  int errors = 0;
  std::string out;
  for (const Word& w : words) {
    uint32_t word;
    if (!ParseWord(w.src, &word)) {
      ++errors;
      const std::string where = name == "argument" ? "argument " + std::to_string(w.line)
                                                   : name + ":" + std::to_string(w.line);
      std::fprintf(stderr, "vfadd disasm: %s: expected a 32-bit hex word (up to 8 digits), "
                   "got '%s'\n", where.c_str(), w.src.c_str());
      continue;
    }
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x ", word);
    out += buf + Disassemble(word) + "\n";
  }
  if (errors) return kExitBadInput;
  std::fputs(out.c_str(), stdout);
  return 0;
}

// ------------------------------------------------------------------------------------------
// summary

const char kSummaryHelp[] =
    "usage: vfadd summary FILE...\n"
    "\n"
    "Prints a table of the cases in trace FILEs per operation and type: cases, active element\n"
    "operations, and how many checked cases raised each FPSR flag (stimulus lines count as\n"
    "cases with no flags).\n";

int CmdSummary(int argc, char** argv) {
  const Args a = ParseArgs("summary", argc, argv, {}, {}, kSummaryHelp);
  if (a.positional.empty()) Usage("summary", "expected at least one FILE (or - for stdin)");
  struct Row { uint64_t cases = 0, elems = 0, stim = 0; uint64_t flag[6] = {}; };
  static const uint32_t kFlagBits[6] = {kIOC, kDZC, kOFC, kUFC, kIXC, kIDC};
  std::map<std::pair<int, int>, Row> rows;
  const int errors = ForEachCase("summary", a.positional, [&](const Case& c, const std::string&) {
    Row& r = rows[{static_cast<int>(c.op), static_cast<int>(c.fmt)}];
    ++r.cases;
    if (!c.checked) ++r.stim;
    for (int e = 0; e < Elements(c); ++e) r.elems += ElementActive(c, e);
    for (int k = 0; k < 6; ++k) r.flag[k] += (c.fpsr & kFlagBits[k]) != 0;
    return std::string();
  });
  if (errors) return kExitBadInput;
  std::printf("%-8s %-4s %8s %10s %7s %7s %7s %7s %7s %7s\n", "op", "type", "cases",
              "elem-ops", "IOC", "DZC", "OFC", "UFC", "IXC", "IDC");
  Row total;
  for (const auto& [key, r] : rows) {
    std::printf("%-8s %-4c %8" PRIu64 " %10" PRIu64, OpName(static_cast<Op>(key.first)),
                FmtLetter(static_cast<Fmt>(key.second)), r.cases, r.elems);
    total.cases += r.cases, total.elems += r.elems, total.stim += r.stim;
    for (int k = 0; k < 6; ++k) {
      std::printf(" %7" PRIu64, r.flag[k]);
      total.flag[k] += r.flag[k];
    }
    std::printf("\n");
  }
  std::printf("%-8s %-4s %8" PRIu64 " %10" PRIu64, "total", "", total.cases, total.elems);
  for (int k = 0; k < 6; ++k) std::printf(" %7" PRIu64, total.flag[k]);
  std::printf("\n");
  if (total.stim) {
    std::printf("(%" PRIu64 " stimulus lines have no result; their flag columns count 0)\n",
                total.stim);
  }
  return 0;
}

// ------------------------------------------------------------------------------------------

const char kMainHelp[] =
    "usage: vfadd <command> [options]\n"
    "\n"
    "vfadd: the Arm SVE floating-point add family (FADD, FSUB, FSUBR, FADDP, FADDA, FADDV),\n"
    "bit-exact, on trace files (see ../shared/trace-format.md).\n"
    "\n"
    "commands:\n"
    "  run      compute results for stimulus lines, write checked lines\n"
    "  check    recompute checked lines and report mismatches\n"
    "  gen      write seeded random stimulus biased towards hard cases\n"
    "  disasm   decode and disassemble instruction words\n"
    "  summary  tabulate the cases of trace files per operation and type\n"
    "\n"
    "'vfadd <command> --help' describes each. Exit status: 0 ok, 1 mismatch, 2 bad input.\n";

}  // namespace
}  // namespace vfadd

int main(int argc, char** argv) {
  using namespace vfadd;
  if (argc < 2) {
    std::fputs(kMainHelp, stderr);
    return kExitBadInput;
  }
  const std::string cmd = argv[1];
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    std::fputs(kMainHelp, stdout);
    return 0;
  }
  static const std::map<std::string, int (*)(int, char**)> kCommands = {
      {"run", CmdRun}, {"check", CmdCheck}, {"gen", CmdGen}, {"disasm", CmdDisasm},
      {"summary", CmdSummary}};
  auto it = kCommands.find(cmd);
  if (it == kCommands.end()) {
    std::fprintf(stderr, "vfadd: unknown command '%s'\n\n%s", cmd.c_str(), kMainHelp);
    return kExitBadInput;
  }
  return it->second(argc - 2, argv + 2);
}
