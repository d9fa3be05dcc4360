// SPDX-License-Identifier: Apache-2.0
// vfadd: the command-line tool. Subcommands: run, check, gen, disasm, summary, regress, merge,
// shrink, info, measure, bench.
// Exit status: 0 success, 1 mismatches found (check), 2 bad input or usage.
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cctype>
#include <fstream>
#include <functional>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fcov.h"
#include "gen.h"
#include "measure.h"
#include "rtl_decode.h"
#include "top_harness.h"
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

// ------------------------------------------------------------------------------------------
// Engines: the RTL (vfadd_top through the SystemC harness, the default) or the golden model.

enum class Engine { kRtl, kModel };

// Options of the RTL harness, accepted by run and check.
const std::set<std::string> kRtlOptions = {"--seed", "--idle", "--backpressure", "--waves",
                                           "--wave-cycles", "--wave-cases"};
const char kRtlOptionsHelp[] =
    "RTL engine options (the SystemC harness around vfadd_top):\n"
    "  --seed S            seed of the idle cycles and the backpressure (default 1)\n"
    "  --idle P            probability of idle cycles before each request, 0..1 (default 0)\n"
    "  --backpressure P    probability that the response is not taken in a cycle (default 0)\n"
    "  --waves F.fst       write an FST waveform (GTKWave) ...\n"
    "  --wave-cycles A:B   ... of cycles A to B only\n"
    "  --wave-cases A:B    ... of the cycles in which cases A to B (0-based) are in flight\n";

Engine GetEngine(const std::string& cmd, const Args& a) {
  const std::string e = a.Get("--engine", "rtl");
  Engine engine;
  if (e == "rtl") {
    engine = Engine::kRtl;
  } else if (e == "model") {
    engine = Engine::kModel;
  } else {
    Usage(cmd, "unknown engine '" + e + "' (this build has: rtl, model)");
  }
  if (engine == Engine::kModel) {
    for (const std::string& o : kRtlOptions) {
      if (a.Has(o)) Usage(cmd, "option " + o + " needs --engine rtl");
    }
  }
  return engine;
}

bool ParseProbability(const std::string& s, double* p) {
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || errno != 0 || *end != '\0' || !(v >= 0.0 && v <= 1.0)) return false;
  *p = v;
  return true;
}

// "A:B" with A <= B, decimal.
bool ParseRange(const std::string& s, uint64_t* first, uint64_t* last) {
  const size_t colon = s.find(':');
  return colon != std::string::npos && ParseU64(s.substr(0, colon), 10, first) &&
         ParseU64(s.substr(colon + 1), 10, last) && *first <= *last;
}

// --idle and --backpressure into o (left as they are when not given).
void ParseTiming(const std::string& cmd, const Args& a, top::Options* o) {
  for (const char* name : {"--idle", "--backpressure"}) {
    double* p = std::string(name) == "--idle" ? &o->idle : &o->backpressure;
    if (a.Has(name) && !ParseProbability(a.Get(name), p)) {
      Usage(cmd, std::string(name) + " takes a probability from 0 to 1, got '" + a.Get(name) +
                     "'");
    }
  }
}

top::Options RtlOptions(const std::string& cmd, const Args& a) {
  top::Options o;
  if (a.Has("--seed") && !ParseU64(a.Get("--seed"), 10, &o.seed)) {
    Usage(cmd, "--seed takes a decimal integer, got '" + a.Get("--seed") + "'");
  }
  ParseTiming(cmd, a, &o);
  if (a.Has("--wave-cycles") && a.Has("--wave-cases")) {
    Usage(cmd, "give --wave-cycles or --wave-cases, not both");
  }
  if ((a.Has("--wave-cycles") || a.Has("--wave-cases")) && !a.Has("--waves")) {
    Usage(cmd, "--wave-cycles and --wave-cases need --waves FILE.fst");
  }
  o.waves = a.Get("--waves");
  uint64_t first = 0, last = 0;
  if (a.Has("--wave-cycles")) {
    if (!ParseRange(a.Get("--wave-cycles"), &first, &last)) {
      Usage(cmd, "--wave-cycles takes A:B with A <= B, got '" + a.Get("--wave-cycles") + "'");
    }
    o.wave_first_cycle = first, o.wave_last_cycle = last;
  }
  if (a.Has("--wave-cases")) {
    if (!ParseRange(a.Get("--wave-cases"), &first, &last) || last > INT64_MAX) {
      Usage(cmd, "--wave-cases takes A:B with A <= B, got '" + a.Get("--wave-cases") + "'");
    }
    o.wave_first_case = static_cast<int64_t>(first), o.wave_last_case = static_cast<int64_t>(last);
  }
  return o;
}

// Every VL the built vfadd_top takes: 128 to MaxVecLenBits in steps of 128.
std::vector<int> BuiltVls() {
  std::vector<int> vls;
  for (int vl = kMinVl; vl <= top::Built().max_vl; vl += 128) vls.push_back(vl);
  return vls;
}

// A case and where it came from ("FILE:LINE").
struct Located {
  Case c;
  std::string where;
};

// The RTL's answer to a case in the model's shape: vector forms vl bits, scalars one word.
// Returns a non-empty problem when the response breaks a rule the model cannot express (an
// undef response, result bits set at or above VL, above the scalar).
std::string RtlOutcome(const Case& c, const top::Response& r, Outcome* out) {
  out->fpsr = r.fpsr;
  const int keep_bits = IsScalarResult(c.op) ? fp_width(c.fmt) : c.vl;
  out->res.assign(IsScalarResult(c.op) ? 1 : c.vl / 64, 0);
  std::string problem;
  if (r.undef) problem = "the RTL answered undef (not an operation)";
  for (size_t w = 0; w < r.res.size(); ++w) {
    uint64_t v = r.res[w];
    const int lsb = static_cast<int>(w) * 64;
    const uint64_t keep = lsb >= keep_bits ? 0
                          : keep_bits - lsb >= 64 ? ~0ULL
                                                  : (1ULL << (keep_bits - lsb)) - 1;
    if ((v & ~keep) != 0 && problem.empty()) {
      problem = "the RTL result has bits set at or above bit " + std::to_string(keep_bits);
    }
    if (w < out->res.size()) out->res[w] = v & keep;
  }
  return problem;
}

// Runs `cases` on the RTL. A case the built configuration cannot run (VL above its maximum) is
// an input error reported as FILE:LINE; then nothing runs and the exit status is 2.
int RunOnRtl(const std::string& cmd, const std::vector<Located>& cases, top::Options opt,
             top::Report* rep) {
  const top::BuildConfig cfg = top::Built();
  int errors = 0, largest = 0;
  for (const Located& l : cases) {
    if (l.c.vl <= cfg.max_vl) continue;
    largest = std::max(largest, l.c.vl);
    if (++errors <= kMaxReportedErrors) {
      std::fprintf(stderr,
                   "vfadd %s: %s: field 3 'vl': %d is above this build's maximum vector length "
                   "%d\n", cmd.c_str(), l.where.c_str(), l.c.vl, cfg.max_vl);
    }
  }
  if (errors) {
    std::fprintf(stderr,
                 "vfadd %s: %d case%s above MaxVecLenBits=%d; nothing was run (the largest vl is "
                 "%d: 'make build MAX_VL=%d STAGES=%d' builds a tool for it)\n",
                 cmd.c_str(), errors, errors == 1 ? "" : "s", cfg.max_vl, largest, largest,
                 cfg.stages);
    return kExitBadInput;
  }
  std::vector<top::Request> reqs(cases.size());
  for (size_t i = 0; i < cases.size(); ++i) reqs[i].c = cases[i].c;
  *rep = top::RunSc(reqs, opt);
  if (!rep->error.empty()) {
    std::fprintf(stderr, "vfadd %s: RTL run failed: %s\n", cmd.c_str(), rep->error.c_str());
    return kExitBadInput;
  }
  if (rep->responses.size() != cases.size()) {
    std::fprintf(stderr, "vfadd %s: RTL run returned %zu responses for %zu cases\n", cmd.c_str(),
                 rep->responses.size(), cases.size());
    return kExitMismatch;
  }
  return 0;
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

// False (errno set) when the file cannot be opened or read (e.g. a directory).
bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out->clear();
  char buf[65536];
  errno = 0;
  while (f.read(buf, sizeof buf) || f.gcount() > 0) out->append(buf, f.gcount());
  if (f.bad() && errno == 0) errno = EIO;
  return !f.bad();
}

bool WriteFile(const std::string& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "wb");
  return f && std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fclose(f) == 0;
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
// The summary table (run --summary, summary)

// A table per operation and type: cases, active element operations, how many cases raised each
// flag; with RTL figures, also the mismatches against the golden model and the mean latency.
class Summary {
 public:
  explicit Summary(bool rtl) : rtl_(rtl) {}
  void Add(const Case& c, bool mismatch = false, uint64_t latency = 0) {
    Row& r = rows_[{static_cast<int>(c.op), static_cast<int>(c.fmt)}];
    ++r.cases;
    if (!c.checked) ++r.stim;
    for (int e = 0; e < Elements(c); ++e) r.elems += ElementActive(c, e);
    for (int k = 0; k < 6; ++k) r.flag[k] += (c.fpsr & kFlagBits[k]) != 0;
    r.mismatches += mismatch;
    r.latency += latency;
  }
  // The rows as text, one line each ("op fmt cases elems stim mismatches latency f0 .. f5"),
  // for a worker process to hand its table to the parent; AddSerialized adds one such line.
  std::string Serialize() const {
    std::string out;
    for (const auto& [key, r] : rows_) {
      char buf[256];
      std::snprintf(buf, sizeof buf, "%d %d %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
                    " %" PRIu64, key.first, key.second, r.cases, r.elems, r.stim, r.mismatches,
                    r.latency);
      out += buf;
      for (int k = 0; k < 6; ++k) out += " " + std::to_string(r.flag[k]);
      out += "\n";
    }
    return out;
  }
  bool AddSerialized(const std::string& line) {
    std::istringstream in(line);
    int op = -1, fmt = -1;
    Row x;
    in >> op >> fmt >> x.cases >> x.elems >> x.stim >> x.mismatches >> x.latency;
    for (int k = 0; k < 6; ++k) in >> x.flag[k];
    if (!in || op < 0 || op >= kNumOps || fmt < 1 || fmt > 3) return false;
    Row& r = rows_[{op, fmt}];
    r.cases += x.cases, r.elems += x.elems, r.stim += x.stim;
    r.mismatches += x.mismatches, r.latency += x.latency;
    for (int k = 0; k < 6; ++k) r.flag[k] += x.flag[k];
    return true;
  }
  // f(op name, type letter, cases, mismatches) for each row, in table order.
  void ForEachRow(const std::function<void(const char*, char, uint64_t, uint64_t)>& f) const {
    for (const auto& [key, r] : rows_) {
      f(OpName(static_cast<Op>(key.first)), FmtLetter(static_cast<Fmt>(key.second)), r.cases,
        r.mismatches);
    }
  }

  void Print(FILE* out) const {
    std::fprintf(out, "%-8s %-4s %8s %10s", "op", "type", "cases", "elem-ops");
    if (rtl_) std::fprintf(out, " %10s %8s", "mismatches", "latency");
    std::fprintf(out, " %7s %7s %7s %7s %7s %7s\n", "IOC", "DZC", "OFC", "UFC", "IXC", "IDC");
    Row total;
    for (const auto& [key, r] : rows_) {
      PrintRow(out, OpName(static_cast<Op>(key.first)), FmtLetter(static_cast<Fmt>(key.second)), r);
      total.cases += r.cases, total.elems += r.elems, total.stim += r.stim;
      total.mismatches += r.mismatches, total.latency += r.latency;
      for (int k = 0; k < 6; ++k) total.flag[k] += r.flag[k];
    }
    PrintRow(out, "total", ' ', total);
    if (total.stim) {
      std::fprintf(out, "(%" PRIu64 " stimulus lines have no result; their flag columns count 0)\n",
                   total.stim);
    }
    if (rtl_) {
      std::fprintf(out, "(latency: mean cycles from request accepted to response)\n");
    }
  }

 private:
  static constexpr uint32_t kFlagBits[6] = {kIOC, kDZC, kOFC, kUFC, kIXC, kIDC};
  struct Row {
    uint64_t cases = 0, elems = 0, stim = 0, mismatches = 0, latency = 0;
    uint64_t flag[6] = {};
  };
  void PrintRow(FILE* out, const char* op, char type, const Row& r) const {
    std::fprintf(out, "%-8s %-4c %8" PRIu64 " %10" PRIu64, op, type, r.cases, r.elems);
    if (rtl_) {
      std::fprintf(out, " %10" PRIu64 " %8.1f", r.mismatches,
                   r.cases ? static_cast<double>(r.latency) / r.cases : 0.0);
    }
    for (int k = 0; k < 6; ++k) std::fprintf(out, " %7" PRIu64, r.flag[k]);
    std::fprintf(out, "\n");
  }
  bool rtl_;
  std::map<std::pair<int, int>, Row> rows_;
};

// ------------------------------------------------------------------------------------------
// run

const char kRunHelp[] =
    "usage: vfadd run [--engine rtl|model] [RTL engine options] [-o OUT] FILE|-\n"
    "\n"
    "Reads trace lines (stimulus or checked) and writes each case as a checked line, with the\n"
    "result and FPSR flags computed by the engine: the RTL (vfadd_top in the SystemC harness,\n"
    "the default) or the golden model. Comments and blank lines are copied. Any malformed line,\n"
    "or a case whose vl is above the built MaxVecLenBits (see 'vfadd info'), is reported as\n"
    "FILE:LINE: field ...; then nothing is written and the exit status is 2. The RTL's results\n"
    "are also checked against the golden model: a difference is reported on stderr and the exit\n"
    "status is 1 (the RTL's results are written all the same).\n"
    "  --summary           print a table per operation and type (cases, mismatches against the\n"
    "                      golden model, mean latency, flags raised) to stdout (stderr without -o)\n"    "  --code-coverage F   write the Verilator code coverage of the run to F (a build with\n"
    "                      --coverage only: build/vfadd_cov of make coverage)\n"
    "\n";

// The positional trace files of run and check, read whole: the cases in order, and for run the
// output lines (comments copied, case lines filled in later).
struct TraceInput {
  std::vector<Located> cases;
  std::vector<std::string> lines;   // comments and blank lines; "" where a case goes
  std::vector<size_t> case_line;    // index in lines of each case
};

int ReadTraces(const std::string& cmd, const std::vector<std::string>& paths, TraceInput* in,
               const std::function<std::string(const Case&)>& validate = nullptr) {
  return ForEachCase(
      cmd, paths,
      [&](const Case& c, const std::string& where) {
        if (validate) {
          const std::string problem = validate(c);
          if (!problem.empty()) return problem;
        }
        in->case_line.push_back(in->lines.size());
        in->lines.emplace_back();
        in->cases.push_back({c, where});
        return std::string();
      },
      [&](std::string raw) {
        if (!raw.empty() && raw.back() == '\r') raw.pop_back();  // output lines end in \n only
        in->lines.push_back(raw);
      });
}

// The outcome of every case on the engine. Returns 0, kExitMismatch (the RTL broke a rule or,
// with `model_check`, differs from the golden model: reported on stderr) or kExitBadInput. `opt`
// is the RTL engine's (RtlOptions, parsed once by the caller).
int Compute(const std::string& cmd, Engine engine, top::Options opt, bool model_check,
            const std::vector<Located>& cases, std::vector<Outcome>* outs,
            top::Report* report = nullptr) {
  outs->assign(cases.size(), Outcome());
  if (engine == Engine::kModel) {
    for (size_t i = 0; i < cases.size(); ++i) (*outs)[i] = Execute(cases[i].c);
    return 0;
  }
  opt.check = model_check;
  top::Report local;
  top::Report& rep = report ? *report : local;
  if (const int rc = RunOnRtl(cmd, cases, opt, &rep)) return rc;
  int status = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const std::string problem = RtlOutcome(cases[i].c, rep.responses[i], &(*outs)[i]);
    if (!problem.empty()) {
      std::fprintf(stderr, "vfadd %s: %s: %s\n", cmd.c_str(), cases[i].where.c_str(),
                   problem.c_str());
      status = kExitMismatch;
    }
  }
  for (const top::Mismatch& m : rep.mismatches) {
    std::fprintf(stderr, "vfadd %s: %s: the RTL differs from the golden model: %s\n", cmd.c_str(),
                 cases[m.index].where.c_str(), m.what.c_str());
  }
  if (rep.mismatch_count > rep.mismatches.size()) {
    std::fprintf(stderr, "vfadd %s: ... %zu further differences not shown\n", cmd.c_str(),
                 rep.mismatch_count - rep.mismatches.size());
  }
  if (rep.mismatch_count) status = kExitMismatch;
  if (rep.assertion_failed) {
    std::fprintf(stderr, "vfadd %s: an RTL assertion failed (see above)\n", cmd.c_str());
    status = kExitMismatch;
  }
  return status;
}

std::set<std::string> With(std::set<std::string> a, const std::set<std::string>& b) {
  a.insert(b.begin(), b.end());
  return a;
}

std::string Help(const char* text) { return std::string(text) + kRtlOptionsHelp; }

int CmdRun(int argc, char** argv) {
  static const std::string help = Help(kRunHelp);
  const Args a = ParseArgs("run", argc, argv,
                           With({"--engine", "-o", "--code-coverage"}, kRtlOptions), {"--summary"},
                           help.c_str());
  if (a.Has("--code-coverage")) {
    if (GetEngine("run", a) != Engine::kRtl) Usage("run", "--code-coverage needs --engine rtl");
    // Verilator aborts the process when it cannot write the file: find out first.
    FILE* f = std::fopen(a.Get("--code-coverage").c_str(), "wb");
    if (!f || std::fclose(f) != 0) {
      std::fprintf(stderr, "vfadd run: --code-coverage %s: cannot write: %s\n",
                   a.Get("--code-coverage").c_str(), std::strerror(errno));
      return kExitBadInput;
    }
  }
  const Engine engine = GetEngine("run", a);
  // Usage errors before reading anything.
  const top::Options rtl = engine == Engine::kRtl ? RtlOptions("run", a) : top::Options();
  if (a.positional.size() != 1) Usage("run", "expected one input FILE (or - for stdin)");
  TraceInput in;
  const int errors = ReadTraces("run", a.positional, &in);
  if (errors) {
    std::fprintf(stderr, "vfadd run: %d input error%s; no output written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  std::vector<Outcome> outs;
  top::Report rep;
  const int status = Compute("run", engine, rtl, /*model_check=*/true, in.cases, &outs, &rep);
  if (status == kExitBadInput) {
    std::fprintf(stderr, "vfadd run: no output written\n");
    return status;
  }
  if (a.Has("--code-coverage") && !top::WriteCodeCoverage(a.Get("--code-coverage"))) {
    std::fprintf(stderr, "vfadd run: --code-coverage: this tool's vfadd_top was not Verilated with "
                 "--coverage (make coverage builds build/vfadd_cov)\n");
    return kExitBadInput;
  }
  if (a.Has("--summary")) {
    // To stderr when the trace goes to stdout.
    FILE* sout = a.Has("-o") ? stdout : stderr;
    const bool rtl = engine == Engine::kRtl;
    Summary sum(rtl);
    for (size_t i = 0; i < in.cases.size(); ++i) {
      const Case done = WithOutcome(in.cases[i].c, outs[i]);
      const Outcome want = Execute(in.cases[i].c);
      const uint64_t lat = rtl ? rep.responses[i].response_cycle - rep.responses[i].accept_cycle : 0;
      sum.Add(done, want.res != outs[i].res || want.fpsr != outs[i].fpsr, lat);
    }
    sum.Print(sout);
    if (rtl) {
      std::fprintf(sout, "%zu cases, %" PRIu64 " cycles, %" PRIu64 " elements checked%s%s\n",
                   in.cases.size(), rep.cycles, rep.checked_elements,
                   a.Has("--waves") ? "; waveform: " : "", a.Get("--waves").c_str());
    }
  }
  for (size_t i = 0; i < in.cases.size(); ++i) {
    in.lines[in.case_line[i]] = FormatCase(WithOutcome(in.cases[i].c, outs[i]));
  }
  std::string out;
  for (const std::string& l : in.lines) out += l + '\n';
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
  return status;
}

// ------------------------------------------------------------------------------------------
// check

const char kCheckHelp[] =
    "usage: vfadd check [--engine rtl|model] [RTL engine options] [--max-report N] FILE...\n"
    "\n"
    "Recomputes every checked line (one with res and fpsr) on the engine (default: the RTL)\n"
    "and compares. For each mismatch (the first N in full, default 10, then only counted) it\n"
    "prints FILE:LINE, the operation, each differing element with expected and actual bits and\n"
    "values, and the flag difference. Ends with 'N passed, M failed'. Exit 0 when all match, 1\n"
    "on a mismatch, 2 on bad input (a malformed line, a stimulus line without a result, an\n"
    "unreadable file, a vl above the built MaxVecLenBits).\n"
    "\n";

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
  static const std::string help = Help(kCheckHelp);
  const Args a = ParseArgs("check", argc, argv, With({"--engine", "--max-report"}, kRtlOptions),
                           {}, help.c_str());
  const Engine engine = GetEngine("check", a);
  const top::Options rtl = engine == Engine::kRtl ? RtlOptions("check", a) : top::Options();
  uint64_t max_report = 10;
  if (a.Has("--max-report") && !ParseU64(a.Get("--max-report"), 10, &max_report)) {
    Usage("check", "--max-report takes a count, got '" + a.Get("--max-report") + "'");
  }
  if (a.positional.empty()) Usage("check", "expected at least one FILE (or - for stdin)");
  TraceInput in;
  const int errors = ReadTraces("check", a.positional, &in, [](const Case& c) {
    return c.checked ? std::string()
                     : std::string("fields 8-9 'res fpsr': expected a checked line, got a "
                                   "stimulus line");
  });
  if (errors) {
    std::fprintf(stderr, "vfadd check: %d input error%s; the check is incomplete\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  std::vector<Outcome> outs;
  const int status = Compute("check", engine, rtl, /*model_check=*/false, in.cases, &outs);
  if (status == kExitBadInput) return status;
  uint64_t passed = 0, failed = 0;
  for (size_t i = 0; i < in.cases.size(); ++i) {
    const Case& c = in.cases[i].c;
    if (outs[i].res == c.res && outs[i].fpsr == c.fpsr) {
      ++passed;
    } else if (++failed <= max_report) {
      ReportMismatch(in.cases[i].where, c, outs[i]);
    }
  }
  if (failed > max_report) {
    std::printf("... %" PRIu64 " further mismatches not shown\n", failed - max_report);
  }
  std::printf("%" PRIu64 " passed, %" PRIu64 " failed\n", passed, failed);
  return failed ? kExitMismatch : status;
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

// The options the generator shares with regress: --seed, --count (both required), --ops,
// --types, --vl, --fpcr.
GenOptions ParseGenOptions(const std::string& cmd, const Args& a) {
  GenOptions opt;
  if (!a.Has("--seed") || !ParseU64(a.Get("--seed"), 10, &opt.seed)) {
    Usage(cmd, "--seed takes a decimal integer, got '" + a.Get("--seed") + "'");
  }
  if (!a.Has("--count") || !ParseU64(a.Get("--count"), 10, &opt.count)) {
    Usage(cmd, "--count takes a decimal integer, got '" + a.Get("--count") + "'");
  }
  if (a.Has("--ops")) {
    for (const auto& s : Split(a.Get("--ops"), ',')) {
      Op op;
      if (!ParseOp(s, &op)) Usage(cmd, "--ops: unknown operation '" + s + "'");
      opt.ops.push_back(op);
    }
  }
  if (a.Has("--types")) {
    for (const auto& s : Split(a.Get("--types"), ',')) {
      Fmt f;
      if (!ParseFmt(s, &f)) Usage(cmd, "--types: unknown type '" + s + "' (h, s or d)");
      opt.types.push_back(f);
    }
  }
  if (a.Has("--vl")) {
    for (const auto& s : Split(a.Get("--vl"), ',')) {
      uint64_t v;
      if (!ParseU64(s, 10, &v) || v > kMaxVl || !IsValidVl(static_cast<int>(v))) {
        Usage(cmd, "--vl: '" + s + "' is not a multiple of 128 from 128 to 2048");
      }
      opt.vls.push_back(static_cast<int>(v));
    }
  }
  if (a.Has("--fpcr")) {
    for (const auto& s : Split(a.Get("--fpcr"), ',')) {
      uint64_t v;
      if (s.size() != 8 || !ParseU64(s, 16, &v)) {
        Usage(cmd, "--fpcr: '" + s + "' is not 8 hex digits");
      }
      opt.fpcrs.push_back(static_cast<uint32_t>(v));
    }
  }
  return opt;
}

int CmdGen(int argc, char** argv) {
  const Args a = ParseArgs("gen", argc, argv,
                           {"--seed", "--count", "--ops", "--types", "--vl", "--fpcr", "-o"}, {},
                           kGenHelp);
  if (!a.positional.empty()) Usage("gen", "unexpected argument '" + a.positional[0] + "'");
  GenOptions opt = ParseGenOptions("gen", a);
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
    "usage: vfadd disasm [--engine rtl|model] WORD... | --file F | -\n"
    "\n"
    "Decodes 32-bit A64 instruction words (hex, optional 0x) of the SVE FP add family and\n"
    "MOVPRFX, through the RTL decoder vfadd_decode (the default) or the golden model's, and\n"
    "prints one line per word: '<8 hex digits> <text>', the text being the GNU binutils\n"
    "disassembly, 'undefined' (an unallocated word in the family's encoding space) or 'other'.\n"
    "With --file or -, words are read whitespace-separated; '#' starts a comment.\n";

bool ParseWord(std::string s, uint32_t* w) {
  if (s.rfind("0x", 0) == 0 || s.rfind("0X", 0) == 0) s = s.substr(2);
  uint64_t v;
  if (s.empty() || s.size() > 8 || !ParseU64(s, 16, &v)) return false;
  *w = static_cast<uint32_t>(v);
  return true;
}

int CmdDisasm(int argc, char** argv) {
  const Args a = ParseArgs("disasm", argc, argv, {"--engine", "--file"}, {}, kDisasmHelp);
  const Engine engine = GetEngine("disasm", a);
  std::vector<uint32_t> words;
  int errors = 0;
  std::string name = "argument";
  // Each word is parsed as it is read; a bad one is reported (the first kMaxReportedErrors, the
  // word quoted: it may be binary or megabytes long) at "FILE:LINE" or "argument N".
  auto add = [&](const std::string& src, int line) {
    uint32_t word;
    if (ParseWord(src, &word)) {
      words.push_back(word);
    } else if (++errors <= kMaxReportedErrors) {
      const std::string where = name == "argument" ? "argument " + std::to_string(line)
                                                   : name + ":" + std::to_string(line);
      std::fprintf(stderr, "vfadd disasm: %s: expected a 32-bit hex word (up to 8 digits), "
                   "got %s\n", where.c_str(), Quote(src).c_str());
    }
  };
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
        if (i > st) add(line.substr(st, i - st), n);
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
      add(a.positional[i], static_cast<int>(i + 1));  // argument number
    }
  }
  if (errors) {
    std::fprintf(stderr, "vfadd disasm: %d bad word%s; no output written\n", errors,
                 errors == 1 ? "" : "s");
    return kExitBadInput;
  }
  std::string out;
  for (const uint32_t word : words) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%08x ", word);
    out += buf + Disassemble(engine == Engine::kRtl ? RtlDecode(word) : Decode(word)) + "\n";
  }
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
  Summary sum(/*rtl=*/false);
  const int errors = ForEachCase("summary", a.positional, [&](const Case& c, const std::string&) {
    sum.Add(c);
    return std::string();
  });
  if (errors) return kExitBadInput;
  sum.Print(stdout);
  return 0;
}

// ------------------------------------------------------------------------------------------
// regress

const char kRegressHelp[] =
    "usage: vfadd regress --seed S --count N [--ops LIST] [--types LIST] [--vl LIST]\n"
    "                     [--fpcr LIST] [--jobs J] [--shard I/K] [--junit FILE]\n"
    "                     [--failures FILE] [--coverage DIR] [--steer] [--idle P]\n"
    "                     [--backpressure P]\n"
    "\n"
    "Generates N seeded cases (the generator of 'vfadd gen', same filters; VLs up to the built\n"
    "maximum), runs them on the RTL through the SystemC harness (random idles and backpressure,\n"
    "default 0.1 each; a quarter of the cases sent as instruction words for the RTL's decoder)\n"
    "and checks every response against the golden model. --jobs runs J simulator processes\n"
    "(default 1). --shard I/K (1 <= I <= K) runs the cases of the seed's stream whose index is\n"
    "I-1 modulo K: K shards with the same seed and count are disjoint and together cover K*N\n"
    "cases (at most 2^48), so a batch scheduler can run one shard per job. Prints a progress\n"
    "line on stderr, then the summary table and the coverage figure.\n"
    "\n"
    "Every mismatching case is appended to the failure trace (default vfadd-failures.trace) as\n"
    "a checked line with the model's result, after a comment naming seed and case index: 'vfadd\n"
    "check FILE' replays exactly those cases (a --failures FILE given explicitly is created\n"
    "even when nothing fails). --junit writes JUnit XML (one test case per operation and type).\n"
    "\n"
    "Functional coverage (operand and result classes, flags per FPCR, predicate and VL classes,\n"
    "FADDV levels, FADDA, FADDP: see verif/README.md) is sampled on every case. --coverage DIR\n"
    "writes DIR/coverage.fcov (the database, for 'vfadd merge'), DIR/coverage.md and\n"
    "DIR/coverage.html (figures per group, the holes, the unreachable bins and why). --steer\n"
    "biases generation towards the holes: when the stream's case hits no hole, cases aimed at\n"
    "one (its op, type, FPCR, VLs) are drawn until one does (up to 4 for each of the next 8\n"
    "holes).\n"
    "\n"
    "Exit 0 when everything matched, 1 on a mismatch, 2 on bad input. --self-test-flip K\n"
    "corrupts the expected result of case K (one of this run's), to show (and test) the failure\n"
    "path on a correct RTL.\n";

// The part of the seed's stream a regression's cases come from: indices below 2^48 (--steer
// draws its candidates above it), so count * shards must not exceed it.
constexpr uint64_t kStreamCases = uint64_t{1} << 48;

// What a worker process tells the parent, one line each: "P <cases done>", "F <case index>
// <first line of the mismatch>", "L <trace line>" (the failing case, after its F), "S <summary
// row>", "C <cycles>", "T <cases steered>", "V <line of its coverage database>", "E <error>".
struct RegressPlan {
  GenOptions gen;
  uint64_t shard = 1, shards = 1;  // 1-based
  top::Options rtl;
  int64_t flip = -1;               // --self-test-flip: a case index
  bool steer = false;
  int max_vl = kMaxVl;             // of the build: the coverage model's
  uint64_t Index(uint64_t k) const { return k * shards + (shard - 1); }
};

// The cases of a worker, each sampled into the coverage database as it is picked: the seed's
// stream, or with --steer, when the stream's case hits no hole, a case aimed at one.
class CasePicker {
 public:
  CasePicker(const RegressPlan& plan, const fcov::Model& m, fcov::Db* db)
      : plan_(plan), model_(m), db_(db) {}
  // Case k of the worker's part, with the golden model's outcome in res and fpsr; *word: send
  // it as an instruction word (SentAsWord).
  Case Pick(uint64_t k, bool* steered, bool* word, uint32_t* regs) {
    Case c = GenerateCase(plan_.gen, plan_.Index(k));
    *word = SentAsWord(plan_.Index(k), regs);
    word_ = *word;
    hits_.clear();
    outcome_ = model_.Sample(c, &hits_, word_);
    *steered = plan_.steer && !db_->HitsHole(hits_) && Steer(k, &c);
    db_->Add(hits_);
    return WithOutcome(c, outcome_);
  }
  uint64_t steered() const { return steered_; }

 private:
  static constexpr int kHolesPerCase = 8, kTriesPerHole = 4;
  static constexpr uint64_t kRefresh = 1000;  // cases between two scans for holes
  bool Steer(uint64_t k, Case* c) {
    if (next_ >= holes_.size() && picks_since_scan_ >= kRefresh) {
      holes_ = db_->Holes();
      next_ = 0, picks_since_scan_ = 0;
    }
    ++picks_since_scan_;
    for (int h = 0; h < kHolesPerCase && next_ < holes_.size(); ++h) {
      const size_t hole = holes_[next_++];
      GenOptions aimed;
      if (db_->count(hole) || !model_.Aim(hole, plan_.gen, &aimed)) continue;
      for (int j = 0; j < kTriesPerHole; ++j) {
        // Candidates come from a part of the stream no unsteered case uses (indices >= 2^48).
        const uint64_t salt = static_cast<uint64_t>(1 + h * kTriesPerHole + j) << 48;
        Case cand = GenerateCase(aimed, plan_.Index(k) ^ salt);
        other_.clear();
        const Outcome out = model_.Sample(cand, &other_, word_);
        if (db_->HitsHole(other_)) {
          *c = cand;
          outcome_ = out;
          hits_.swap(other_);
          ++steered_;
          return true;
        }
      }
    }
    return false;
  }
  const RegressPlan& plan_;
  const fcov::Model& model_;
  fcov::Db* db_;
  std::vector<uint32_t> hits_, other_;
  Outcome outcome_;
  std::vector<size_t> holes_;
  size_t next_ = 0;
  bool word_ = false;
  uint64_t picks_since_scan_ = kRefresh, steered_ = 0;
};

[[noreturn]] void RegressWorker(const RegressPlan& plan, uint64_t first, uint64_t last, int fd) {
  FILE* out = fdopen(fd, "w");
  Summary sum(/*rtl=*/true);
  const fcov::Model model(plan.max_vl);
  fcov::Db db(model);
  CasePicker picker(plan, model, &db);
  std::vector<bool> steered;
  uint64_t cycles = 0;
  constexpr uint64_t kBatch = 1000;
  int status = 0;
  for (uint64_t k0 = first; k0 < last; k0 += kBatch) {
    const uint64_t k1 = std::min(last, k0 + kBatch);
    std::vector<top::Request> reqs(k1 - k0);
    steered.assign(k1 - k0, false);
    for (uint64_t k = k0; k < k1; ++k) {
      bool s = false, word = false;
      uint32_t regs = 0;
      top::Request& req = reqs[k - k0];
      req.c = picker.Pick(k, &s, &word, &regs);
      steered[k - k0] = s;
      if (word) {
        req.raw = true;
        req.insn = top::EncodeCase(req.c, regs & 31, (regs >> 5) & 31, (regs >> 10) & 7);
      }
    }
    top::Options opt = plan.rtl;
    opt.seed = plan.rtl.seed * 1000003 + plan.Index(k0);  // the timing of this batch
    opt.max_mismatch_reports = reqs.size();
    for (uint64_t k = k0; k < k1; ++k) {
      if (plan.flip >= 0 && plan.Index(k) == static_cast<uint64_t>(plan.flip)) {
        opt.self_test_flip = static_cast<int64_t>(k - k0);
      }
    }
    const top::Report rep = top::RunSc(reqs, opt);
    if (!rep.error.empty()) {
      std::fprintf(out, "E cases %" PRIu64 "..%" PRIu64 ": %s\n", plan.Index(k0),
                   plan.Index(k1 - 1), rep.error.c_str());
      status = 1;
      break;
    }
    std::map<size_t, std::string> bad;
    for (const top::Mismatch& m : rep.mismatches) {
      std::string& what = bad[m.index];
      if (!what.empty()) continue;
      // "request N: <case> (tag ...)\n  <first difference>\n...": the case is named by the
      // comment's index, so keep the first difference (the batch's request number means nothing
      // outside it).
      const size_t nl = m.what.find('\n');
      what = nl == std::string::npos ? m.what : m.what.substr(nl + 1);
      what = what.substr(0, what.find('\n'));
      what.erase(0, what.find_first_not_of(' '));
    }
    if (rep.assertion_failed) bad[0] += bad[0].empty() ? "an RTL assertion failed" : "";
    for (size_t i = 0; i < reqs.size(); ++i) {
      const Case& done = reqs[i].c;  // checked by Pick (the harness reads no res or fpsr)
      const bool mismatch = bad.count(i) != 0;
      const uint64_t lat = i < rep.responses.size()
                               ? rep.responses[i].response_cycle - rep.responses[i].accept_cycle
                               : 0;
      sum.Add(done, mismatch, lat);
      if (mismatch) {
        char word[64] = "";
        if (reqs[i].raw) {
          std::snprintf(word, sizeof word, "(sent as the instruction word %08x) ", reqs[i].insn);
        }
        std::fprintf(out, "F %" PRIu64 " %s%s%s\nL %s\n", plan.Index(k0 + i),
                     steered[i] ? "(a steered case) " : "", word, bad[i].c_str(),
                     FormatCase(done).c_str());
      }
    }
    cycles += rep.cycles;
    std::fprintf(out, "P %zu\n", reqs.size());
    std::fflush(out);
  }
  std::istringstream rows(sum.Serialize());
  for (std::string line; std::getline(rows, line);) std::fprintf(out, "S %s\n", line.c_str());
  std::fprintf(out, "C %" PRIu64 "\nT %" PRIu64 "\n", cycles, picker.steered());
  std::istringstream cov(db.Serialize());
  for (std::string line; std::getline(cov, line);) std::fprintf(out, "V %s\n", line.c_str());
  std::fclose(out);
  std::_Exit(status);
}

std::string XmlEscape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(ch) >= 0x20 || ch == '\n' || ch == '\t') out += ch;
    }
  }
  return out;
}

int CmdRegress(int argc, char** argv) {
  const Args a = ParseArgs("regress", argc, argv,
                           {"--seed", "--count", "--ops", "--types", "--vl", "--fpcr", "--jobs",
                            "--shard", "--junit", "--failures", "--idle", "--backpressure",
                            "--self-test-flip", "--coverage"},
                           {"--steer"}, kRegressHelp);
  if (!a.positional.empty()) Usage("regress", "unexpected argument '" + a.positional[0] + "'");
  const top::BuildConfig cfg = top::Built();
  RegressPlan plan;
  plan.gen = ParseGenOptions("regress", a);
  if (plan.gen.count == 0) Usage("regress", "--count must be at least 1");
  for (int vl : plan.gen.vls) {
    if (vl > cfg.max_vl) {
      Usage("regress", "--vl: " + std::to_string(vl) + " is above this build's maximum vector "
                       "length " + std::to_string(cfg.max_vl));
    }
  }
  if (plan.gen.vls.empty()) {
    plan.gen.vls = BuiltVls();
  }
  uint64_t jobs = 1;
  if (a.Has("--jobs") && (!ParseU64(a.Get("--jobs"), 10, &jobs) || jobs < 1 || jobs > 64)) {
    Usage("regress", "--jobs takes a count from 1 to 64, got '" + a.Get("--jobs") + "'");
  }
  if (a.Has("--shard")) {
    const std::vector<std::string> p = Split(a.Get("--shard"), '/');
    if (p.size() != 2 || !ParseU64(p[0], 10, &plan.shard) || !ParseU64(p[1], 10, &plan.shards) ||
        plan.shards < 1 || plan.shard < 1 || plan.shard > plan.shards) {
      Usage("regress", "--shard takes I/K with 1 <= I <= K, got '" + a.Get("--shard") + "'");
    }
  }
  if (plan.shards > kStreamCases / plan.gen.count) {
    Usage("regress", "--count N with --shard I/K covers K*N cases of the seed's stream, at most "
                     "2^48; got N = " + std::to_string(plan.gen.count) + ", K = " +
                     std::to_string(plan.shards));
  }
  plan.rtl.seed = plan.gen.seed;
  plan.rtl.idle = plan.rtl.backpressure = 0.1;
  ParseTiming("regress", a, &plan.rtl);
  uint64_t flip = 0;
  if (a.Has("--self-test-flip")) {
    if (!ParseU64(a.Get("--self-test-flip"), 10, &flip) || flip > INT64_MAX) {
      Usage("regress", "--self-test-flip takes a case index, got '" + a.Get("--self-test-flip") +
                           "'");
    }
    // A flip of a case this run does not hold would corrupt nothing: the self-test would pass.
    if (flip % plan.shards != plan.shard - 1 || flip / plan.shards >= plan.gen.count) {
      Usage("regress", "--self-test-flip " + a.Get("--self-test-flip") + " is not a case of this "
                       "run (seed stream indices I-1, I-1+K, ... below K*N for --shard I/K, "
                       "--count N)");
    }
    plan.flip = static_cast<int64_t>(flip);
  }
  const std::string failures = a.Get("--failures", "vfadd-failures.trace");
  jobs = std::min<uint64_t>(jobs, plan.gen.count);
  plan.steer = a.Has("--steer");
  plan.max_vl = cfg.max_vl;
  const std::string cov_dir = a.Get("--coverage");
  if (a.Has("--coverage")) {
    // Fail now rather than after the run: the directory must exist or be creatable, and be
    // writable.
    if (cov_dir.empty()) Usage("regress", "--coverage takes a directory");
    if (mkdir(cov_dir.c_str(), 0777) != 0 && errno != EEXIST) {
      std::fprintf(stderr, "vfadd regress: --coverage %s: cannot create the directory: %s\n",
                   cov_dir.c_str(), std::strerror(errno));
      return kExitBadInput;
    }
    if (access(cov_dir.c_str(), W_OK) != 0) {
      std::fprintf(stderr, "vfadd regress: --coverage %s: not a writable directory: %s\n",
                   cov_dir.c_str(), std::strerror(errno));
      return kExitBadInput;
    }
  }

  // The workers: job j runs cases [j*N/J, (j+1)*N/J) of the shard.
  struct Worker {
    pid_t pid = -1;
    FILE* in = nullptr;
    bool open = true;
    std::string coverage;  // its database, serialized
  };
  std::vector<Worker> workers(jobs);
  std::fflush(stdout);
  std::fflush(stderr);
  for (uint64_t j = 0; j < jobs; ++j) {
    int fds[2];
    if (pipe(fds) != 0) {
      std::fprintf(stderr, "vfadd regress: pipe: %s\n", std::strerror(errno));
      return kExitBadInput;
    }
    const pid_t pid = fork();
    if (pid < 0) {
      std::fprintf(stderr, "vfadd regress: fork: %s\n", std::strerror(errno));
      return kExitBadInput;
    }
    if (pid == 0) {
      close(fds[0]);
      for (uint64_t i = 0; i < j; ++i) std::fclose(workers[i].in);
      RegressWorker(plan, j * plan.gen.count / jobs, (j + 1) * plan.gen.count / jobs, fds[1]);
    }
    close(fds[1]);
    workers[j].pid = pid;
    workers[j].in = fdopen(fds[0], "r");
  }

  Summary sum(/*rtl=*/true);
  std::string failure_text, errors;
  uint64_t done = 0, cycles = 0, mismatches = 0, steered = 0;
  std::vector<std::string> first_failures;  // for JUnit
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const bool tty = isatty(2);
  double last_report = 0;
  auto progress = [&](bool final) {
    const double t = elapsed();
    if (!final && t - last_report < (tty ? 0.5 : 10.0)) return;
    last_report = t;
    const double rate = t > 0 ? done / t : 0;
    const double left = rate > 0 ? (plan.gen.count - done) / rate : 0;
    std::fprintf(stderr, "%sregress: %" PRIu64 "/%" PRIu64 " cases (%.0f%%), %.0f cases/s, %"
                 PRIu64 " mismatches, %.0f s left%s", tty ? "\r" : "", done, plan.gen.count,
                 100.0 * done / plan.gen.count, rate, mismatches, left,
                 tty && !final ? "   " : "\n");
    std::fflush(stderr);
  };
  std::string pending_what;
  uint64_t pending_index = 0;
  for (size_t open = workers.size(); open > 0;) {
    std::vector<pollfd> fds;
    std::vector<size_t> which;
    for (size_t j = 0; j < workers.size(); ++j) {
      if (workers[j].open) {
        fds.push_back({fileno(workers[j].in), POLLIN, 0});
        which.push_back(j);
      }
    }
    if (poll(fds.data(), fds.size(), 500) < 0 && errno != EINTR) break;
    for (size_t n = 0; n < fds.size(); ++n) {
      if (!(fds[n].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Worker& w = workers[which[n]];
      char* line = nullptr;
      size_t cap = 0;
      // Workers write whole lines and flush after each batch: read until the batch's P line.
      for (;;) {
        const ssize_t len = getline(&line, &cap, w.in);
        if (len <= 0) {
          w.open = false;
          --open;
          break;
        }
        std::string l(line, len);
        if (!l.empty() && l.back() == '\n') l.pop_back();
        const std::string rest = l.size() > 2 ? l.substr(2) : "";
        if (l[0] == 'P') {
          done += std::stoull(rest);
          break;
        } else if (l[0] == 'F') {
          const size_t sp = rest.find(' ');
          pending_index = std::stoull(rest.substr(0, sp));
          pending_what = sp == std::string::npos ? "" : rest.substr(sp + 1);
          ++mismatches;
        } else if (l[0] == 'L') {
          char head[160];
          std::snprintf(head, sizeof head, "# vfadd regress --seed %" PRIu64 " case %" PRIu64
                        " (shard %" PRIu64 "/%" PRIu64 "): ", plan.gen.seed, pending_index,
                        plan.shard, plan.shards);
          failure_text += head + pending_what + "\n" + rest + "\n";
          if (first_failures.size() < 20) {
            first_failures.push_back("case " + std::to_string(pending_index) + ": " +
                                     pending_what + "\n  " + rest);
          }
        } else if (l[0] == 'S') {
          sum.AddSerialized(rest);
        } else if (l[0] == 'C') {
          cycles += std::stoull(rest);
        } else if (l[0] == 'T') {
          steered += std::stoull(rest);
        } else if (l[0] == 'V') {
          w.coverage += rest + "\n";
        } else if (l[0] == 'E') {
          errors += "vfadd regress: " + rest + "\n";
        }
      }
      std::free(line);
    }
    progress(false);
  }
  int worker_failed = 0;
  const fcov::Model model(cfg.max_vl);
  fcov::Db coverage(model);
  for (Worker& w : workers) {
    int st = 0;
    waitpid(w.pid, &st, 0);
    std::fclose(w.in);
    std::string error;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      ++worker_failed;
    } else if (!fcov::ParseDb(w.coverage, "worker coverage", model, &coverage, &error)) {
      errors += "vfadd regress: " + error + "\n";
    }
  }
  progress(true);
  const double secs = elapsed();
  sum.Print(stdout);
  std::printf("regress: %" PRIu64 " cases (seed %" PRIu64 ", shard %" PRIu64 "/%" PRIu64
              "), %" PRIu64 " mismatches, %" PRIu64 " cycles, %.1f s, %.0f cases/s with %" PRIu64
              " job%s\n", done, plan.gen.seed, plan.shard, plan.shards, mismatches, cycles, secs,
              secs > 0 ? done / secs : 0.0, jobs, jobs == 1 ? "" : "s");
  int status = 0;
  std::printf("coverage: %s", coverage.Headline().c_str());
  if (plan.steer) std::printf(" %" PRIu64 " cases steered towards holes.", steered);
  if (a.Has("--coverage")) {
    char title[256];
    std::snprintf(title, sizeof title, "vfadd regress --seed %" PRIu64 " --count %" PRIu64
                  "%s (shard %" PRIu64 "/%" PRIu64 ", MaxVecLenBits=%d NumStages=%d)",
                  plan.gen.seed, plan.gen.count, plan.steer ? " --steer" : "", plan.shard,
                  plan.shards, cfg.max_vl, cfg.stages);
    const std::string base = cov_dir + "/coverage";
    if (!WriteFile(base + ".fcov", coverage.Serialize()) ||
        !WriteFile(base + ".md", coverage.Markdown(title)) ||
        !WriteFile(base + ".html", coverage.Html(title))) {
      std::fprintf(stderr, "\nvfadd regress: %s: cannot write the coverage report: %s\n",
                   cov_dir.c_str(), std::strerror(errno));
      status = kExitBadInput;
    } else {
      std::printf(" Report: %s.md, %s.html", base.c_str(), base.c_str());
    }
  } else {
    std::printf(" (--coverage DIR writes the report)");
  }
  std::printf("\n");
  if (const size_t bad = coverage.UnreachableHits().size()) {
    std::fprintf(stderr, "vfadd regress: warning: %zu bins the coverage model calls unreachable "
                 "were hit: the coverage model is wrong (see the report's Unreachable bins)\n",
                 bad);
  }
  // An explicit --failures file is created even when nothing failed, so that a scheduler's
  // glob of every shard's file always matches.
  if (!failure_text.empty() || a.Has("--failures")) {
    FILE* f = std::fopen(failures.c_str(), "ab");
    if (!f || std::fputs(failure_text.c_str(), f) < 0 || std::fclose(f) != 0) {
      std::fprintf(stderr, "vfadd regress: %s: cannot append: %s\n", failures.c_str(),
                   std::strerror(errno));
      status = kExitBadInput;
    } else if (mismatches) {
      std::printf("regress: %" PRIu64 " failing case%s appended to %s (replay: vfadd check %s)\n",
                  mismatches, mismatches == 1 ? "" : "s", failures.c_str(), failures.c_str());
    }
  }
  if (a.Has("--junit")) {
    std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    char buf[512];
    uint64_t rows = 0, bad_rows = 0;
    sum.ForEachRow([&](const char*, char, uint64_t, uint64_t bad) { ++rows, bad_rows += bad != 0; });
    std::snprintf(buf, sizeof buf,
                  "<testsuites name=\"vfadd regress\" tests=\"%" PRIu64 "\" failures=\"%" PRIu64
                  "\" time=\"%.3f\">\n  <testsuite name=\"vfadd.regress.seed%" PRIu64
                  ".shard%" PRIu64 "of%" PRIu64 "\" tests=\"%" PRIu64 "\" failures=\"%" PRIu64
                  "\" time=\"%.3f\">\n",
                  rows, bad_rows, secs, plan.gen.seed, plan.shard, plan.shards, rows, bad_rows,
                  secs);
    xml += buf;
    std::snprintf(buf, sizeof buf,
                  "    <properties>\n      <property name=\"seed\" value=\"%" PRIu64 "\"/>\n"
                  "      <property name=\"shard\" value=\"%" PRIu64 "/%" PRIu64 "\"/>\n"
                  "      <property name=\"config\" value=\"MaxVecLenBits=%d NumStages=%d\"/>\n"
                  "      <property name=\"cases\" value=\"%" PRIu64 "\"/>\n"
                  "      <property name=\"mismatches\" value=\"%" PRIu64 "\"/>\n"
                  "      <property name=\"coverage\" value=\"%" PRIu64 " of %" PRIu64
                  " reachable bins\"/>\n"
                  "    </properties>\n", plan.gen.seed, plan.shard, plan.shards, cfg.max_vl,
                  cfg.stages, done, mismatches, coverage.Total().hit,
                  coverage.Total().reachable);
    xml += buf;
    sum.ForEachRow([&](const char* op, char t, uint64_t cases, uint64_t bad) {
      xml += std::string("    <testcase classname=\"vfadd.regress\" name=\"") + op + "." + t +
             "\" assertions=\"" + std::to_string(cases) + "\" time=\"0\"";
      if (!bad) {
        xml += "/>\n";
        return;
      }
      std::string detail;
      for (const std::string& ff : first_failures) {
        if (ff.find("\n  " + std::string(op) + " " + t + " ") != std::string::npos) {
          detail += ff + "\n";
        }
      }
      xml += ">\n      <failure type=\"mismatch\" message=\"" + std::to_string(bad) + " of " +
             std::to_string(cases) + " cases differ from the golden model\">" +
             XmlEscape(detail) + "</failure>\n    </testcase>\n";
    });
    xml += "  </testsuite>\n</testsuites>\n";
    FILE* f = std::fopen(a.Get("--junit").c_str(), "wb");
    if (!f || std::fputs(xml.c_str(), f) < 0 || std::fclose(f) != 0) {
      std::fprintf(stderr, "vfadd regress: %s: cannot write: %s\n", a.Get("--junit").c_str(),
                   std::strerror(errno));
      status = kExitBadInput;
    }
  }
  if (!errors.empty() || worker_failed) {
    std::fputs(errors.c_str(), stderr);
    std::fprintf(stderr, "vfadd regress: %d of %zu worker%s failed; the run is incomplete\n",
                 worker_failed, workers.size(), workers.size() == 1 ? "" : "s");
    return kExitBadInput;
  }
  if (done != plan.gen.count) {
    std::fprintf(stderr, "vfadd regress: %" PRIu64 " of %" PRIu64 " cases ran\n", done,
                 plan.gen.count);
    return kExitBadInput;
  }
  if (status) return status;
  return mismatches ? kExitMismatch : 0;
}

// ------------------------------------------------------------------------------------------
// merge

const char kMergeHelp[] =
    "usage: vfadd merge [--junit OUT.xml] [--failures OUT.trace] [--coverage DIR] FILE...\n"
    "\n"
    "Combines the outputs of many 'vfadd regress' shards: JUnit files (FILE ending in .xml)\n"
    "into one JUnit file whose test suites are the shards' (totals summed), coverage\n"
    "databases (FILE ending in .fcov, from regress --coverage) into DIR/coverage.fcov, .md\n"
    "and .html (counts summed; the databases must come from builds of one maximum VL), and\n"
    "failure traces (any other FILE, trace format) into one failure trace, each file's cases\n"
    "after a comment naming it. Each kind of FILE needs its option, and each option FILEs of\n"
    "its kind. Prints what it merged. Exit 0 when nothing failed, 1 when a shard reported a\n"
    "failure, 2 on bad input (an unreadable file, a JUnit file vfadd did not write, a malformed\n"
    "trace or database line: FILE:LINE: field ...); then nothing is written.\n";

// The value of attribute `name` in the first tag of `xml` that starts at `pos`.
bool XmlAttr(const std::string& xml, size_t pos, const std::string& name, uint64_t* v) {
  const size_t end = xml.find('>', pos);
  const size_t at = xml.find(" " + name + "=\"", pos);
  if (at == std::string::npos || at > end) return false;
  const size_t q = at + name.size() + 3;
  return ParseU64(xml.substr(q, xml.find('"', q) - q), 10, v);
}

int CmdMerge(int argc, char** argv) {
  const Args a = ParseArgs("merge", argc, argv, {"--junit", "--failures", "--coverage"}, {},
                           kMergeHelp);
  if (a.positional.empty()) Usage("merge", "expected the FILEs to merge");
  std::vector<std::string> xmls, traces, dbs;
  auto ends = [](const std::string& p, const std::string& ext) {
    return p.size() > ext.size() && p.compare(p.size() - ext.size(), ext.size(), ext) == 0;
  };
  for (const std::string& p : a.positional) {
    (ends(p, ".xml") ? xmls : ends(p, ".fcov") ? dbs : traces).push_back(p);
  }
  if (!xmls.empty() && !a.Has("--junit")) Usage("merge", "JUnit FILEs given: --junit OUT.xml needed");
  if (!traces.empty() && !a.Has("--failures")) {
    Usage("merge", "failure traces given: --failures OUT.trace needed");
  }
  if (!dbs.empty() && !a.Has("--coverage")) {
    Usage("merge", "coverage databases given: --coverage DIR needed");
  }
  // And the other way round: an output with nothing of its kind to merge (--coverage would
  // silently write nothing).
  if (a.Has("--junit") && xmls.empty()) {
    Usage("merge", "--junit OUT.xml: no JUnit FILE (.xml) given");
  }
  if (a.Has("--failures") && traces.empty()) {
    Usage("merge", "--failures OUT.trace: no failure trace FILE given");
  }
  if (a.Has("--coverage") && dbs.empty()) {
    Usage("merge", "--coverage DIR: no coverage database FILE (.fcov) given");
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
  uint64_t tests = 0, failures = 0, failing_cases = 0;
  double time = 0;
  std::string suites;
  for (const std::string& p : xmls) {
    std::string xml;
    if (!ReadFile(p, &xml)) {
      std::fprintf(stderr, "vfadd merge: %s: cannot read: %s\n", p.c_str(), std::strerror(errno));
      ++errors;
      continue;
    }
    size_t found = 0;
    for (size_t pos = xml.find("<testsuite "); pos != std::string::npos;
         pos = xml.find("<testsuite ", pos + 1)) {
      const size_t end = xml.find("</testsuite>", pos);
      uint64_t t = 0, f = 0;
      if (end == std::string::npos || !XmlAttr(xml, pos, "tests", &t) ||
          !XmlAttr(xml, pos, "failures", &f)) {
        break;
      }
      const size_t tp = xml.find(" time=\"", pos);
      if (tp != std::string::npos && tp < xml.find('>', pos)) time += std::atof(xml.c_str() + tp + 7);
      tests += t, failures += f, ++found;
      suites += "  " + xml.substr(pos, end + 12 - pos) + "\n";
    }
    if (!found) {
      std::fprintf(stderr, "vfadd merge: %s: expected a JUnit file of vfadd regress (a "
                   "<testsuite tests=.. failures=..> ... </testsuite>), found none\n", p.c_str());
      ++errors;
    }
  }
  std::string failure_text;
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
  if (a.Has("--junit")) {
    char head[256];
    std::snprintf(head, sizeof head,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"vfadd regress\""
                  " tests=\"%" PRIu64 "\" failures=\"%" PRIu64 "\" time=\"%.3f\">\n",
                  tests, failures, time);
    if (!WriteFile(a.Get("--junit"), head + suites + "</testsuites>\n")) {
      std::fprintf(stderr, "vfadd merge: %s: cannot write: %s\n", a.Get("--junit").c_str(),
                   std::strerror(errno));
      return kExitBadInput;
    }
  }
  if (a.Has("--failures") && !WriteFile(a.Get("--failures"), failure_text)) {
    std::fprintf(stderr, "vfadd merge: %s: cannot write: %s\n", a.Get("--failures").c_str(),
                 std::strerror(errno));
    return kExitBadInput;
  }
  if (coverage) {
    const std::string dir = a.Get("--coverage"), base = dir + "/coverage";
    const std::string title = "vfadd merge of " + std::to_string(dbs.size()) +
                              " coverage database" + (dbs.size() == 1 ? "" : "s");
    if ((mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) ||
        !WriteFile(base + ".fcov", coverage->Serialize()) ||
        !WriteFile(base + ".md", coverage->Markdown(title)) ||
        !WriteFile(base + ".html", coverage->Html(title))) {
      std::fprintf(stderr, "vfadd merge: --coverage %s: cannot write: %s\n", dir.c_str(),
                   std::strerror(errno));
      return kExitBadInput;
    }
  }
  if (!xmls.empty() || !traces.empty()) {
    std::printf("merge: %zu JUnit file%s (%" PRIu64 " test cases, %" PRIu64 " failed), %zu "
                "failure trace%s (%" PRIu64 " failing case%s)\n", xmls.size(),
                xmls.size() == 1 ? "" : "s", tests, failures, traces.size(),
                traces.size() == 1 ? "" : "s", failing_cases, failing_cases == 1 ? "" : "s");
  }
  if (coverage) {
    std::printf("merge: %zu coverage database%s: %s Report: %s/coverage.md, %s/coverage.html\n",
                dbs.size(), dbs.size() == 1 ? "" : "s", coverage->Headline().c_str(),
                a.Get("--coverage").c_str(), a.Get("--coverage").c_str());
  }
  return failures || failing_cases ? kExitMismatch : 0;
}

// ------------------------------------------------------------------------------------------
// shrink

const char kShrinkHelp[] =
    "usage: vfadd shrink [--self-test-value HEX] 'CASE-LINE'\n"
    "\n"
    "Reduces a case that fails on the RTL (its result or flags differ from the golden model's)\n"
    "to the simplest case that still fails, trying in turn: the shortest VL, FPCR 0 (else each\n"
    "of DN, FZ, FZ16, RMode cleared), a canonical predicate, the fewest active elements, and\n"
    "every element not needed set to zero. Prints the result as a checked trace line (the\n"
    "model's result) after a comment saying what was reduced; 'vfadd check' of that line fails\n"
    "on the RTL. CASE-LINE is one trace line (stimulus or checked; quote it) or - to read it from\n"
    "stdin, a trace of exactly one case (comments and blank lines are skipped). Exit 0 with the\n"
    "reduced line, 1 when the case does not fail, 2 on bad input.\n"
    "--self-test-value HEX also counts a case as failing when an active element of its first\n"
    "operand (a; faddv: b) has these bits: a test of shrink itself on a correct RTL.\n";

int CmdShrink(int argc, char** argv) {
  const Args a = ParseArgs("shrink", argc, argv, {"--self-test-value"}, {}, kShrinkHelp);
  if (a.positional.size() != 1) Usage("shrink", "expected one CASE-LINE (or - for stdin)");
  Case c;
  std::string where = "CASE-LINE";
  if (a.positional[0] == "-") {
    // A trace on stdin holding exactly one case (comments and blank lines are skipped).
    int cases = 0;
    const int errors = ForEachCase("shrink", {"-"}, [&](const Case& x, const std::string& at) {
      if (++cases > 1) return std::string("more than one case: shrink takes one CASE-LINE");
      c = x, where = at;
      return std::string();
    });
    if (errors) return kExitBadInput;
    if (cases == 0) {
      std::fprintf(stderr, "vfadd shrink: <stdin>: expected one CASE-LINE, got no case\n");
      return kExitBadInput;
    }
  } else {
    std::string err;
    if (ParseTraceLine(a.positional[0], &c, &err) != LineKind::kCase) {
      std::fprintf(stderr, "vfadd shrink: CASE-LINE: %s\n",
                   err.empty() ? "expected a case line, got a comment or a blank line"
                               : err.c_str());
      return kExitBadInput;
    }
  }
  const top::BuildConfig cfg = top::Built();
  if (c.vl > cfg.max_vl) {
    std::fprintf(stderr, "vfadd shrink: %s: field 3 'vl': %d is above this build's maximum "
                 "vector length %d\n", where.c_str(), c.vl, cfg.max_vl);
    return kExitBadInput;
  }
  bool self_test = false;
  uint64_t self_value = 0;
  if (a.Has("--self-test-value")) {
    if (!ParseU64(a.Get("--self-test-value"), 16, &self_value)) {
      Usage("shrink", "--self-test-value takes hex bits, got '" + a.Get("--self-test-value") + "'");
    }
    self_test = true;
  }
  c.checked = false;
  const int w = fp_width(c.fmt);
  const bool vector_a = !c.a.empty() && c.op != Op::kFadda;
  uint64_t trials = 0;
  auto fails = [&](const Case& x) {
    ++trials;
    if (self_test && x.op != Op::kFadda) {
      const Bits& v = x.op == Op::kFaddv ? x.b : x.a;  // the first operand
      for (int e = 0; e < Elements(x); ++e) {
        if (ElementActive(x, e) && GetField(v, e * w, w) == self_value) return true;
      }
    }
    top::Options opt;
    const top::Report rep = top::RunSc({top::Request{x}}, opt);
    return !rep.ok();
  };
  if (!fails(c)) {
    std::fprintf(stderr, "vfadd shrink: the case does not fail on the RTL: nothing to shrink\n");
    return kExitMismatch;
  }
  const Case original = c;
  auto try_take = [&](const Case& cand) {
    if (!fails(cand)) return false;
    c = cand;
    return true;
  };
  // 1. The shortest VL.
  for (int vl = kMinVl; vl < c.vl; vl += 128) {
    Case x = c;
    x.vl = vl;
    if (vector_a) x.a.resize(vl / 64);
    if (!x.b.empty()) x.b.resize(vl / 64);
    if (!x.pg.empty()) {
      x.pg.resize((vl / 8 + 63) / 64);
      if (vl / 8 % 64) x.pg.back() &= (uint64_t{1} << (vl / 8 % 64)) - 1;
    }
    if (try_take(x)) break;
  }
  // 2. The simplest FPCR.
  if (c.fpcr != 0) {
    Case x = c;
    x.fpcr = 0;
    if (!try_take(x)) {
      for (const uint32_t bits : {0xFC33FFFFu /* fields no add reads */, 1u << 25, 1u << 24,
                                  1u << 19, 3u << 22}) {
        if (!(c.fpcr & bits)) continue;
        Case y = c;
        y.fpcr &= ~bits;
        try_take(y);
      }
    }
  }
  // 3. A canonical predicate: only the bits that govern elements.
  if (!c.pg.empty()) {
    Case x = c;
    std::fill(x.pg.begin(), x.pg.end(), 0);
    for (int e = 0; e < Elements(c); ++e) {
      if (ElementActive(c, e)) SetField(&x.pg, e * w / 8, 1, 1);
    }
    if (x.pg != c.pg) try_take(x);
    // 4. The fewest active elements.
    for (int e = 0; e < Elements(c); ++e) {
      if (!ElementActive(c, e)) continue;
      Case y = c;
      SetField(&y.pg, e * w / 8, 1, 0);
      try_take(y);
    }
  }
  // 5. Every element not needed set to zero (inactive ones first, all at once).
  auto zero = [&](Case& x, int e) {
    if (vector_a) SetField(&x.a, e * w, w, 0);
    if (!x.b.empty()) SetField(&x.b, e * w, w, 0);
  };
  {
    Case x = c;
    for (int e = 0; e < Elements(c); ++e) {
      if (!ElementActive(c, e)) zero(x, e);
    }
    if (x.a != c.a || x.b != c.b) try_take(x);
  }
  for (int e = 0; e < Elements(c); ++e) {
    for (Bits Case::*operand : {&Case::a, &Case::b}) {
      Case x = c;
      Bits& v = x.*operand;
      if (v.empty() || (operand == &Case::a && !vector_a) || GetField(v, e * w, w) == 0) continue;
      SetField(&v, e * w, w, 0);
      try_take(x);
    }
  }
  if (c.op == Op::kFadda && c.a[0] != 0) {
    Case x = c;
    x.a[0] = 0;
    try_take(x);
  }
  int active_before = 0, active_after = 0;
  for (int e = 0; e < Elements(original); ++e) active_before += ElementActive(original, e);
  for (int e = 0; e < Elements(c); ++e) active_after += ElementActive(c, e);
  std::printf("# vfadd shrink: %" PRIu64 " trials; vl %d -> %d, active elements %d -> %d, "
              "fpcr %08x -> %08x\n", trials, original.vl, c.vl, active_before, active_after,
              original.fpcr, c.fpcr);
  std::printf("%s\n", FormatCase(WithOutcome(c, Execute(c))).c_str());
  return 0;
}

// ------------------------------------------------------------------------------------------
// info

const char kInfoHelp[] =
    "usage: vfadd info\n"
    "\n"
    "Prints the configuration of vfadd_top this tool was built with (make build MAX_VL=\n"
    "STAGES=) and its latencies and throughputs as the RTL documents them (the test suite\n"
    "measures them).\n";

int CeilLog2(int n) {
  int l = 0;
  while ((1 << l) < n) ++l;
  return l;
}

int CmdInfo(int argc, char** argv) {
  const Args a = ParseArgs("info", argc, argv, {}, {}, kInfoHelp);
  if (!a.positional.empty()) Usage("info", "unexpected argument '" + a.positional[0] + "'");
  const top::BuildConfig cfg = top::Built();
  const int n = cfg.stages;
  std::printf("vfadd_top: MaxVecLenBits=%d NumStages=%d TagBits=%d\n", cfg.max_vl, n,
              cfg.tag_bits);
  std::printf("vector length: 128 to %d bits per case, in steps of 128\n", cfg.max_vl);
  std::printf("latency in cycles, request accepted to response (no backpressure):\n");
  std::printf("  %-36s %d\n", "fadd, fsub, fsubr, faddp (all forms)", n + 2);
  std::printf("  %-36s %d * ceil(log2(VL / esize)) + 2; at VL %d: h %d, s %d, d %d\n", "faddv", n,
              cfg.max_vl, n * CeilLog2(cfg.max_vl / 16) + 2, n * CeilLog2(cfg.max_vl / 32) + 2,
              n * CeilLog2(cfg.max_vl / 64) + 2);
  std::printf("  %-36s %d * k + 3, k active elements (inactive ones are skipped)\n", "fadda", n);
  std::printf("throughput: one operation per cycle (faddv: at one VL and type); fadda: one per "
              "%d * k + 2 cycles\n", n);
  return 0;
}

// ------------------------------------------------------------------------------------------
// measure

const char kMeasureHelp[] =
    "usage: vfadd measure [--vl BITS] [--elements N] [--csv]\n"
    "\n"
    "Measures the built vfadd_top in simulation (the SystemC harness, no idles, no\n"
    "backpressure, every response checked against the golden model): for every operation and\n"
    "type at VL BITS (default: the built maximum) with every element active, the latency in\n"
    "cycles from the request accepted to its response on an idle unit, and the throughput in\n"
    "operations per cycle on a stream of that operation alone; then workloads on N FP32\n"
    "elements (default 4096), in cycles per element: an element-wise add with a whilelt tail,\n"
    "a conditional add under a half-true predicate, a sum by FADDV and by FADDA (each FADDA on\n"
    "the previous accumulator), and a chain of dependent adds against independent ones. --csv\n"
    "prints comma-separated rows instead of the tables. Exit 1 if a response was wrong.\n";

int CmdMeasure(int argc, char** argv) {
  const Args a = ParseArgs("measure", argc, argv, {"--vl", "--elements"}, {"--csv"},
                           kMeasureHelp);
  if (!a.positional.empty()) Usage("measure", "unexpected argument '" + a.positional[0] + "'");
  const top::BuildConfig cfg = top::Built();
  uint64_t vl = cfg.max_vl, n = 4096;
  if (a.Has("--vl") && (!ParseU64(a.Get("--vl"), 10, &vl) || !IsValidVl(static_cast<int>(vl)) ||
                        vl > static_cast<uint64_t>(cfg.max_vl))) {
    Usage("measure", "--vl takes a multiple of 128 from 128 to this build's maximum " +
                         std::to_string(cfg.max_vl) + ", got '" + a.Get("--vl") + "'");
  }
  if (a.Has("--elements") &&
      (!ParseU64(a.Get("--elements"), 10, &n) || n == 0 || n > 1000000)) {
    Usage("measure", "--elements takes a count from 1 to 1000000, got '" + a.Get("--elements") +
                         "'");
  }
  std::vector<OpFigures> ops;
  std::vector<WorkloadFigures> loads;
  std::string error = MeasureOps(static_cast<int>(vl), &ops);
  if (error.empty()) error = MeasureWorkloads(static_cast<int>(vl), n, &loads);
  if (!error.empty()) {
    std::fprintf(stderr, "vfadd measure: %s\n", error.c_str());
    return kExitMismatch;
  }
  const bool csv = a.Has("--csv");
  if (csv) {
    std::printf("kind,name,type,vl,latency,throughput,elements,operations,cycles,"
                "cycles_per_element\n");
  } else {
    std::printf("vfadd measure: MaxVecLenBits=%d NumStages=%d, VL %" PRIu64
                ", every element active\n%-9s %-4s %8s %11s\n", cfg.max_vl, cfg.stages, vl,
                "op", "type", "latency", "throughput");
  }
  for (const OpFigures& f : ops) {
    if (csv) {
      std::printf("op,%s,%c,%d,%" PRIu64 ",%.4f,,,,\n", OpName(f.op), FmtLetter(f.fmt), f.vl,
                  f.latency, f.throughput);
    } else {
      std::printf("%-9s %-4c %8" PRIu64 " %11.3f\n", OpName(f.op), FmtLetter(f.fmt), f.latency,
                  f.throughput);
    }
  }
  if (!csv) {
    std::printf("(latency: cycles from request accepted to response; throughput: operations "
                "per cycle)\n\n%-17s %8s %5s %7s %9s  %s\n", "workload (FP32)", "elements",
                "ops", "cycles", "cyc/elem", "what");
  }
  for (const WorkloadFigures& w : loads) {
    if (csv) {
      std::printf("workload,%s,s,%" PRIu64 ",,,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.4f\n",
                  w.name.c_str(), vl, w.elements, w.operations, w.cycles,
                  w.cycles_per_element());
    } else {
      std::printf("%-17s %8" PRIu64 " %5" PRIu64 " %7" PRIu64 " %9.3f  %s\n", w.name.c_str(),
                  w.elements, w.operations, w.cycles, w.cycles_per_element(), w.what.c_str());
    }
  }
  return 0;
}

// ------------------------------------------------------------------------------------------
// bench

const char kBenchHelp[] =
    "usage: vfadd bench [--count N] [--seed S] [--reps R]\n"
    "\n"
    "Runs N seeded random cases (default 20000, at most 1000000; every operation and type, VLs\n"
    "up to the built maximum) R times (default 3) through the SystemC harness (RunSc) and\n"
    "through a plain C++ clock loop around the --cc build of the same Verilated vfadd_top\n"
    "(RunCc). Both check every element against the golden model. Prints checked\n"
    "element-operations per second (median of the R runs) and ends with 'ratio harness/raw:\n"
    "X.XX'. The sweep's tools (make sweep) have the SystemC harness only: they time it alone.\n"
    "Exit 1 on a mismatch.\n";

int CmdBench(int argc, char** argv) {
  const Args a = ParseArgs("bench", argc, argv, {"--count", "--seed", "--reps"}, {}, kBenchHelp);
  if (!a.positional.empty()) Usage("bench", "unexpected argument '" + a.positional[0] + "'");
  uint64_t count = 20000, seed = 1, reps = 3;
  // The cases are held in memory: at most kMaxBenchCases.
  constexpr uint64_t kMaxBenchCases = 1000000;
  if (a.Has("--count") &&
      (!ParseU64(a.Get("--count"), 10, &count) || count == 0 || count > kMaxBenchCases)) {
    Usage("bench", "--count takes a count from 1 to " + std::to_string(kMaxBenchCases) +
                       ", got '" + a.Get("--count") + "'");
  }
  if (a.Has("--seed") && !ParseU64(a.Get("--seed"), 10, &seed)) {
    Usage("bench", "--seed takes a decimal integer, got '" + a.Get("--seed") + "'");
  }
  if (a.Has("--reps") && (!ParseU64(a.Get("--reps"), 10, &reps) || reps == 0 || reps > 100)) {
    Usage("bench", "--reps takes an integer from 1 to 100, got '" + a.Get("--reps") + "'");
  }
  const top::BuildConfig cfg = top::Built();
  GenOptions g;
  g.seed = seed;
  g.count = count;
  g.vls = BuiltVls();
  std::vector<top::Request> reqs(count);
  for (uint64_t i = 0; i < count; ++i) reqs[i].c = GenerateCase(g, i);

  struct Engine {
    const char* name;
    top::Report (*run)(const std::vector<top::Request>&, const top::Options&);
    std::vector<double> rates, cycle_rates;
  };
  std::vector<Engine> engines = {{"SystemC harness (--sc)", top::RunSc, {}, {}}};
  if (cfg.cc_loop) engines.push_back({"C++ clock loop (--cc)", top::RunCc, {}, {}});
  std::printf("vfadd bench: MaxVecLenBits=%d NumStages=%d, %" PRIu64 " cases (seed %" PRIu64
              "), %" PRIu64 " runs each\n", cfg.max_vl, cfg.stages, count, seed, reps);
  int status = 0;
  for (uint64_t r = 0; r < reps; ++r) {
    for (Engine& e : engines) {
      top::Options opt;
      opt.seed = seed;
      const auto t0 = std::chrono::steady_clock::now();
      const top::Report rep = e.run(reqs, opt);
      const double s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (!rep.error.empty() || rep.mismatch_count || rep.assertion_failed) {
        std::fprintf(stderr, "vfadd bench: %s: %zu mismatches%s%s\n", e.name, rep.mismatch_count,
                     rep.error.empty() ? "" : ", error: ", rep.error.c_str());
        status = kExitMismatch;
      }
      e.rates.push_back(rep.checked_elements / s);
      e.cycle_rates.push_back(rep.cycles / s);
    }
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  };
  std::printf("%-26s %16s %14s\n", "engine", "elem-ops/s", "cycles/s");
  for (const Engine& e : engines) {
    std::printf("%-26s %16.0f %14.0f\n", e.name, median(e.rates), median(e.cycle_rates));
  }
  if (cfg.cc_loop) {
    std::printf("ratio harness/raw: %.2f\n", median(engines[0].rates) / median(engines[1].rates));
  } else {
    std::printf("(no C++ clock loop in this tool: a sweep tool, Verilated for the harness only)\n");
  }
  return status;
}

// ------------------------------------------------------------------------------------------

const char kMainHelp[] =
    "usage: vfadd <command> [options]\n"
    "\n"
    "vfadd: the Arm SVE floating-point add family (FADD, FSUB, FSUBR, FADDP, FADDA, FADDV),\n"
    "bit-exact, on trace files (see ../shared/trace-format.md): the RTL unit vfadd_top and its\n"
    "golden model.\n"
    "\n"
    "commands:\n"
    "  run      compute results for stimulus lines, write checked lines\n"
    "  check    recompute checked lines and report mismatches\n"
    "  gen      write seeded random stimulus biased towards hard cases\n"
    "  disasm   decode and disassemble instruction words\n"
    "  summary  tabulate the cases of trace files per operation and type\n"
    "  regress  a seeded random regression on the RTL against the model (jobs, shards, JUnit)\n"
    "  merge    combine the JUnit files, failure traces and coverage databases of shards\n"
    "  shrink   reduce a failing case to the simplest one that still fails\n"
    "  info     the configuration of vfadd_top this tool was built with\n"
    "  measure  latency, throughput and workloads (cycles per element), in simulation\n"
    "  bench    simulation speed: the SystemC harness against a plain clock loop\n"
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
      {"summary", CmdSummary}, {"info", CmdInfo}, {"bench", CmdBench}, {"measure", CmdMeasure},
      {"regress", CmdRegress}, {"merge", CmdMerge}, {"shrink", CmdShrink}};
  auto it = kCommands.find(cmd);
  if (it == kCommands.end()) {
    std::fprintf(stderr, "vfadd: unknown command '%s'\n\n%s", cmd.c_str(), kMainHelp);
    return kExitBadInput;
  }
  return it->second(argc - 2, argv + 2);
}
