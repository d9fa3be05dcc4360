// SPDX-License-Identifier: Apache-2.0
// What the vfadd commands share (tool.h).
#include "tool.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "fcov.h"
#include "vfadd/text.h"

#ifndef VFADD_VERSION
#define VFADD_VERSION "unknown"
#endif

namespace vfadd::tool {

Json JsonDocument(const std::string& command) {
  const top::BuildConfig cfg = top::Built();
  Json config;
  config.Count("max_vl", static_cast<uint64_t>(cfg.max_vl));
  config.Count("stages", static_cast<uint64_t>(cfg.stages));
  Json doc;
  doc.Text("command", command).Count("schema_version", kJsonSchemaVersion);
  return doc.Text("vfadd_version", VFADD_VERSION).Member("config", config);
}

void PrintJson(const Json& doc) { std::fputs(doc.Dump().c_str(), stdout); }

Json JsonTexts(const std::vector<std::string>& texts) {
  Json a = Json::Array();
  for (const std::string& t : texts) a.PushText(t);
  return a;
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

std::string NotCheckedError() {
  return "fields 8-9 'res fpsr': expected a checked line, got a stimulus line";
}

bool PrepareOutputDir(const std::string& cmd, const std::string& option, const std::string& dir) {
  if (mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST) {
    std::fprintf(stderr, "vfadd %s: %s %s: cannot create the directory: %s\n", cmd.c_str(),
                 option.c_str(), dir.c_str(), std::strerror(errno));
    return false;
  }
  if (access(dir.c_str(), W_OK) != 0) {
    std::fprintf(stderr, "vfadd %s: %s %s: not a writable directory: %s\n", cmd.c_str(),
                 option.c_str(), dir.c_str(), std::strerror(errno));
    return false;
  }
  return true;
}

bool WriteCoverage(const std::string& cmd, const std::string& dir, const fcov::Db& db,
                   const std::string& title) {
  const std::string base = dir + "/coverage";
  if (WriteFile(base + ".fcov", db.Serialize()) && WriteFile(base + ".md", db.Markdown(title)) &&
      WriteFile(base + ".html", db.Html(title))) {
    return true;
  }
  std::fprintf(stderr, "vfadd %s: %s: cannot write the coverage report: %s\n", cmd.c_str(),
               dir.c_str(), std::strerror(errno));
  return false;
}

std::string CoverageReportNote(const std::string& base) {
  if (base.empty()) return " (--coverage DIR writes the report)";
  return " Report: " + base + ".md, " + base + ".html";
}

Json CoverageFilesJson(const std::string& base) {
  Json j;
  for (const char* ext : {"fcov", "md", "html"}) {
    j.TextOrNull(ext, base.empty() ? "" : base + "." + ext);
  }
  return j;
}

void WarnUnreachableHits(const std::string& cmd, const fcov::Db& db) {
  if (const size_t bad = db.UnreachableHits().size()) {
    std::fprintf(stderr,
                 "vfadd %s: warning: %zu bins the coverage model calls unreachable were hit: the "
                 "coverage model is wrong (see the report's Unreachable bins)\n",
                 cmd.c_str(), bad);
  }
}

int ForEachCase(const std::string& cmd, const std::vector<std::string>& paths,
                const std::function<std::string(const Case&, const std::string&)>& on_case,
                const std::function<void(const std::string&)>& on_comment) {
  int errors = 0;
  auto report = [&](const std::string& msg) {
    if (++errors <= kMaxReportedErrors) {
      std::fprintf(stderr, "vfadd %s: %s\n", cmd.c_str(), msg.c_str());
    }
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

int ReadTraces(const std::string& cmd, const std::vector<std::string>& paths, TraceInput* in,
               const std::function<std::string(const Case&)>& validate) {
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

// ------------------------------------------------------------------------------------------

namespace {
const char* const kRtlOnly[] = {"--seed",  "--idle",        "--backpressure",
                                "--waves", "--wave-cycles", "--wave-cases"};
}  // namespace

void DeclareDut(Spec& spec, DutFlags* f) {
  spec.Text("--dut", "CMD", &f->command,
            "run the cases on an external DUT instead: CMD (through /bin/sh -c) reads stimulus "
            "lines on stdin and writes a checked line for each on stdout (docs/dut-protocol.md)")
      .Count("--dut-timeout", "SECONDS", &f->timeout, 1, 86400,
             "longest wait for the DUT's next answer (default 30)")
      .Needs("--dut");
}

std::unique_ptr<Engine> MakeEngineOf(const EngineFlags& f) {
  return f.dut.given() ? MakeDutEngine(f.dut.config()) : MakeEngine(f.engine);
}

void DeclareEngine(Spec& spec, EngineFlags* f) {
  std::string names;
  for (const std::string& n : EngineNames()) names += (names.empty() ? "" : "|") + n;
  spec.Choice("--engine", names, &f->engine, EngineNames(),
              "the RTL (vfadd_top in the SystemC harness; the default) or the golden model")
      .Count("--seed", "S", &f->seed, 0, UINT64_MAX,
             "RTL: seed of the idle cycles and the backpressure (default 1)")
      .Probability("--idle", &f->idle,
                   "RTL: probability of idle cycles before each request, 0..1 (default 0)")
      .Probability("--backpressure", &f->backpressure,
                   "RTL: probability that the response is not taken in a cycle (default 0)")
      .Text("--waves", "F.fst", &f->waves, "RTL: write an FST waveform (GTKWave) ...")
      .Range("--wave-cycles", &f->cycle_first, &f->cycle_last, UINT64_MAX,
             "... of cycles A to B only")
      .Needs("--waves")
      .Range("--wave-cases", &f->case_first, &f->case_last, INT64_MAX,
             "... of the cycles in which cases A to B (0-based) are in flight")
      .Needs("--waves")
      .Excludes("--wave-cycles");
  DeclareDut(spec, &f->dut);
}

top::Options FinishEngine(const Spec& spec, const EngineFlags& f) {
  top::Options o;
  if (f.dut.given() && spec.Given("--engine")) {
    spec.Error("--dut and --engine exclude each other (--dut runs the cases on the DUT)");
  }
  if (f.engine != "rtl" || f.dut.given()) {
    for (const char* name : kRtlOnly) {
      if (spec.Given(name)) spec.Error(std::string("option ") + name + " needs --engine rtl");
    }
    return o;
  }
  o.seed = f.seed, o.idle = f.idle, o.backpressure = f.backpressure, o.waves = f.waves;
  if (spec.Given("--wave-cycles"))
    o.wave_first_cycle = f.cycle_first, o.wave_last_cycle = f.cycle_last;
  if (spec.Given("--wave-cases")) {
    o.wave_first_case = static_cast<int64_t>(f.case_first);
    o.wave_last_case = static_cast<int64_t>(f.case_last);
  }
  return o;
}

void DeclareGen(Spec& spec, GenFlags* f, uint64_t min_count) {
  spec.Count("--seed", "S", &f->gen.seed, 0, UINT64_MAX,
             "the seed: the same seed and options "
             "give the same cases on any machine")
      .Required()
      .Count("--count", "N", &f->gen.count, min_count, UINT64_MAX, "how many cases")
      .Required()
      .Text("--ops", "LIST", &f->ops,
            "fadd,fadd_u,fadd_i,fsub,fsub_u,fsub_i,fsubr,fsubr_i,faddp,fadda,faddv (default all)")
      .Text("--types", "LIST", &f->types, "h,s,d (default all)")
      .Text("--vl", "LIST", &f->vls,
            "multiples of 128 from 128 to 2048 (default: all, weighted to 128/384/512/2048)")
      .Text("--fpcr", "LIST", &f->fpcrs,
            "8-digit hex FPCR values (default: random RMode, FZ, FZ16, DN)");
}

GenOptions FinishGen(const Spec& spec, const GenFlags& f) {
  GenOptions opt = f.gen;
  if (spec.Given("--ops")) {
    for (const auto& s : Split(f.ops, ',')) {
      Op op;
      if (!ParseOp(s, &op)) spec.Error("--ops: unknown operation '" + s + "'");
      opt.ops.push_back(op);
    }
  }
  if (spec.Given("--types")) {
    for (const auto& s : Split(f.types, ',')) {
      Fmt t;
      if (!ParseFmt(s, &t)) spec.Error("--types: unknown type '" + s + "' (h, s or d)");
      opt.types.push_back(t);
    }
  }
  if (spec.Given("--vl")) {
    for (const auto& s : Split(f.vls, ',')) {
      uint64_t v;
      if (!ParseU64(s, 10, &v) || v > kMaxVl || !IsValidVl(static_cast<int>(v))) {
        spec.Error("--vl: '" + s + "' is not a multiple of 128 from 128 to 2048");
      }
      opt.vls.push_back(static_cast<int>(v));
    }
  }
  if (spec.Given("--fpcr")) {
    for (const auto& s : Split(f.fpcrs, ',')) {
      uint64_t v;
      if (s.size() != 8 || !ParseU64(s, 16, &v))
        spec.Error("--fpcr: '" + s + "' is not 8 hex digits");
      opt.fpcrs.push_back(static_cast<uint32_t>(v));
    }
  }
  return opt;
}

// ------------------------------------------------------------------------------------------

std::vector<int> VlsUpTo(int max_vl) {
  std::vector<int> vls;
  for (int vl = kMinVl; vl <= max_vl; vl += 128) vls.push_back(vl);
  return vls;
}

int RunCases(const std::string& cmd, const Engine& engine, const top::Options& opt,
             const std::vector<Located>& cases, bool expect_trace, top::Report* rep) {
  int errors = 0, largest = 0;
  for (const Located& l : cases) {
    if (l.c.vl <= engine.max_vl()) continue;
    largest = std::max(largest, l.c.vl);
    if (++errors <= kMaxReportedErrors) {
      std::fprintf(stderr,
                   "vfadd %s: %s: field 3 'vl': %d is above this build's maximum vector length "
                   "%d\n",
                   cmd.c_str(), l.where.c_str(), l.c.vl, engine.max_vl());
    }
  }
  if (errors) {
    const top::BuildConfig cfg = top::Built();
    std::fprintf(stderr,
                 "vfadd %s: %d case%s above MaxVecLenBits=%d; nothing was run (the largest vl is "
                 "%d: 'make build MAX_VL=%d STAGES=%d' builds a tool for it)\n",
                 cmd.c_str(), errors, errors == 1 ? "" : "s", engine.max_vl(), largest, largest,
                 cfg.stages);
    return kExitBadInput;
  }
  std::vector<top::Request> reqs(cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    reqs[i].c = cases[i].c;
    if (expect_trace) reqs[i].expected = Outcome{cases[i].c.res, cases[i].c.fpsr};
  }
  Verbose(cmd, std::to_string(cases.size()) + " cases on the " + engine.name() + " engine");
  *rep = engine.Run(reqs, opt);
  if (rep->error.empty()) rep->error = engine.Finish();
  if (!rep->error.empty()) {
    const size_t at = rep->responses.size();
    const bool dut = engine.name() == std::string("dut");
    const std::string where = dut && at < cases.size() ? cases[at].where + ": " : "";
    std::fprintf(stderr, "vfadd %s: %s%s run failed: %s\n", cmd.c_str(), where.c_str(),
                 engine.name() == std::string("rtl") ? "RTL" : engine.name(), rep->error.c_str());
    return kExitBadInput;
  }
  if (rep->responses.size() != cases.size()) {
    std::fprintf(stderr, "vfadd %s: the run returned %zu responses for %zu cases\n", cmd.c_str(),
                 rep->responses.size(), cases.size());
    return kExitMismatch;
  }
  return 0;
}

}  // namespace vfadd::tool
