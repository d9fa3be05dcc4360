// SPDX-License-Identifier: Apache-2.0
// vfadd regress: a seeded random regression on the RTL against the golden model, in worker
// processes (regress_worker.cc), with shards, JUnit, a failure trace and functional coverage.
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstring>

#include "fcov.h"
#include "junit.h"
#include "regress.h"
#include "regress_protocol.h"
#include "summary.h"
#include "tool.h"

namespace vfadd::tool {

namespace {

const char kDescription[] =
    R"(Generates N seeded cases (the generator of 'vfadd gen', same filters; VLs up to the built
maximum), runs them on the RTL through the SystemC harness (random idles and backpressure,
default 0.1 each; a quarter of the cases sent as instruction words for the RTL's decoder)
and checks every response against the golden model. --jobs runs J simulator processes.
--shard I/K (1 <= I <= K) runs the cases of the seed's stream whose index is I-1 modulo
K: K shards with the same seed and count are disjoint and together cover K*N cases (at
most 2^48), so a batch scheduler can run one shard per job. Prints a progress line on
stderr (--quiet: none), then the summary table and the coverage figure.

Every mismatching case is appended to the failure trace (default vfadd-failures.trace) as
a checked line with the model's result, after a comment naming seed and case index: 'vfadd
check FILE' replays exactly those cases (a --failures FILE given explicitly is created
even when nothing fails). --junit writes JUnit XML (one test case per operation and type).

Functional coverage (operand and result classes, flags per FPCR, predicate and VL classes,
FADDV levels, FADDA, FADDP: see verif/README.md) is sampled on every case. --coverage DIR
writes DIR/coverage.fcov (the database, for 'vfadd merge'), DIR/coverage.md and
DIR/coverage.html (figures per group, the holes, the unreachable bins and why). --steer
biases generation towards the holes: when the stream's case hits no hole, cases aimed at
one (its op, type, FPCR, VLs) are drawn until one does (up to 4 for each of the next 8
holes).

--dut CMD runs the cases on an external design under test instead of the RTL, one DUT
process per job, as trace lines (docs/dut-protocol.md; no instruction words, no timing;
VLs up to 2048). A DUT that fails (crashes, hangs, answers garbage, another case or too
few lines) stops its job with an error naming the case and the DUT's output line; what was
checked before is in the table, the failure trace, JUnit and coverage; exit 2.

--json prints one JSON document on stdout instead of the table and the figures (schema:
sim/README.md; the progress line stays on stderr).

Exit 0 when everything matched, 1 on a mismatch, 2 on bad input. --self-test-flip K
corrupts the expected result of case K (one of this run's), to show (and test) the failure
path on a correct RTL.
)";

// What the parent gathers from its workers.
struct Gathered {
  Summary sum{/*rtl=*/true};
  std::string failure_text, errors;
  uint64_t done = 0, cycles = 0, mismatches = 0, steered = 0;
  std::vector<std::string> first_failures;  // for JUnit: "case N: what\n  line"
  uint64_t pending_index = 0;
  std::string pending_what;
};

// The JUnit report: one test case per operation and type.
JunitReport RegressJunit(const RegressPlan& plan, const Gathered& g, const fcov::Db& coverage,
                         double secs) {
  secs = std::round(secs * 1000) / 1000;  // milliseconds: a regression's time is no finer
  const top::BuildConfig cfg = top::Built();
  JunitSuite suite;
  suite.name = "vfadd.regress.seed" + std::to_string(plan.gen.seed) + ".shard" +
               std::to_string(plan.shard) + "of" + std::to_string(plan.shards);
  suite.time = secs;
  suite.properties = {
      {"seed", std::to_string(plan.gen.seed)},
      {"shard", std::to_string(plan.shard) + "/" + std::to_string(plan.shards)},
      {"config", !plan.dut.command.empty() ? "dut " + plan.dut.command
                                           : "MaxVecLenBits=" + std::to_string(cfg.max_vl) +
                                                 " NumStages=" + std::to_string(cfg.stages)},
      {"cases", std::to_string(g.done)},
      {"mismatches", std::to_string(g.mismatches)},
      {"coverage", std::to_string(coverage.Total().hit) + " of " +
                       std::to_string(coverage.Total().reachable) + " reachable bins"}};
  g.sum.ForEachRow([&](const char* op, char t, uint64_t cases, uint64_t bad) {
    JunitCase c;
    c.classname = "vfadd.regress";
    c.name = std::string(op) + "." + t;
    c.assertions = cases;
    if (bad) {
      std::string detail;
      for (const std::string& ff : g.first_failures) {
        if (ff.find("\n  " + std::string(op) + " " + t + " ") != std::string::npos) {
          detail += ff + "\n";
        }
      }
      c.failures.push_back({false, "mismatch",
                            std::to_string(bad) + " of " + std::to_string(cases) +
                                " cases differ from the golden model",
                            detail});
    }
    suite.cases.push_back(c);
  });
  JunitReport report;
  report.name = "vfadd regress";
  report.time = secs;
  report.suites.push_back(suite);
  return report;
}

// The --json document without its coverage and files (sim/README.md).
Json RegressJson(const RegressPlan& plan, const Gathered& g, double secs, uint64_t jobs) {
  Json doc = JsonDocument("regress");
  doc.Count("seed", plan.gen.seed).Count("count", plan.gen.count);
  doc.Count("shard", plan.shard).Count("shards", plan.shards).Count("jobs", jobs);
  doc.Bool("steer", plan.steer).Count("cases", g.done).Count("mismatches", g.mismatches);
  doc.Count("cycles", g.cycles).Number("seconds", secs);
  doc.Number("cases_per_second", secs > 0 ? g.done / secs : 0.0);
  Json failures = Json::Array();
  for (const std::string& f : g.first_failures) failures.PushText(f);
  doc.Member("first_failures", failures).Member("summary", SummaryJson(g.sum));
  return doc;
}

}  // namespace

int CmdRegress(int argc, char** argv) {
  Spec spec("regress", kDescription);
  const top::BuildConfig cfg = top::Built();
  GenFlags gf;
  RegressPlan plan;
  plan.rtl.idle = plan.rtl.backpressure = 0.1;
  uint64_t jobs = 1, flip = 0;
  std::string junit, failures = "vfadd-failures.trace", cov_dir;
  DutFlags dut;
  bool json = false;
  DeclareGen(spec, &gf, 1);
  spec.Count("--jobs", "J", &jobs, 1, 64, "simulator processes (default 1)")
      .Shard("--shard", &plan.shard, &plan.shards, "run shard I of K of the seed's stream")
      .Text("--junit", "FILE", &junit, "write JUnit XML to FILE")
      .Text("--failures", "FILE", &failures,
            "append failing cases to FILE (default vfadd-failures.trace)")
      .Text("--coverage", "DIR", &cov_dir, "write the coverage database and reports to DIR")
      .Flag("--steer", &plan.steer, "bias generation towards coverage holes")
      .Probability("--idle", &plan.rtl.idle, "probability of idle cycles (default 0.1)")
      .Probability("--backpressure", &plan.rtl.backpressure,
                   "probability of backpressure in a cycle (default 0.1)")
      .Count("--self-test-flip", "K", &flip, 0, INT64_MAX,
             "corrupt the expected result of case K (a test of the failure path)")
      .Flag("--json", &json, "print a JSON document instead of the text");
  DeclareDut(spec, &dut);
  spec.Parse(argc, argv);
  plan.gen = FinishGen(spec, gf);
  // A DUT takes every VL; the RTL up to the build's maximum.
  plan.max_vl = dut.given() ? kMaxVl : cfg.max_vl;
  if (dut.given()) {
    plan.dut = dut.config();
    for (const char* rtl_only : {"--idle", "--backpressure"}) {
      if (spec.Given(rtl_only)) spec.Error(std::string(rtl_only) + " needs the RTL, not --dut");
    }
  }
  for (int vl : plan.gen.vls) {
    if (vl > plan.max_vl) {
      spec.Error("--vl: " + std::to_string(vl) + " is above this build's maximum vector length " +
                 std::to_string(cfg.max_vl));
    }
  }
  if (plan.gen.vls.empty()) plan.gen.vls = VlsUpTo(plan.max_vl);
  if (plan.shards > kStreamCases / plan.gen.count) {
    spec.Error(
        "--count N with --shard I/K covers K*N cases of the seed's stream, at most 2^48; "
        "got N = " +
        std::to_string(plan.gen.count) + ", K = " + std::to_string(plan.shards));
  }
  plan.rtl.seed = plan.gen.seed;
  if (spec.Given("--self-test-flip")) {
    // A flip of a case this run does not hold would corrupt nothing: the self-test would pass.
    if (flip % plan.shards != plan.shard - 1 || flip / plan.shards >= plan.gen.count) {
      spec.Error("--self-test-flip " + std::to_string(flip) +
                 " is not a case of this run (seed "
                 "stream indices I-1, I-1+K, ... below K*N for --shard I/K, --count N)");
    }
    plan.flip = static_cast<int64_t>(flip);
  }
  jobs = std::min<uint64_t>(jobs, plan.gen.count);
  // Fail now rather than after the run: the directory must exist or be creatable, and be
  // writable.
  if (spec.Given("--coverage") && !PrepareOutputDir("regress", "--coverage", cov_dir)) {
    return kExitBadInput;
  }
  Verbose("regress", std::to_string(plan.gen.count) + " cases in " + std::to_string(jobs) +
                         " worker process(es) on " + BuildDescription());

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

  Gathered g;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const bool tty = isatty(2);
  const bool quiet = CurrentVerbosity() == Verbosity::kQuiet;
  double last_report = 0;
  auto progress = [&](bool final) {
    const double t = elapsed();
    if (quiet || (!final && t - last_report < (tty ? 0.5 : 10.0))) return;
    last_report = t;
    const double rate = t > 0 ? g.done / t : 0;
    const double left = rate > 0 ? (plan.gen.count - g.done) / rate : 0;
    std::fprintf(stderr,
                 "%sregress: %" PRIu64 "/%" PRIu64 " cases (%.0f%%), %.0f cases/s, %" PRIu64
                 " mismatches, %.0f s left%s",
                 tty ? "\r" : "", g.done, plan.gen.count, 100.0 * g.done / plan.gen.count, rate,
                 g.mismatches, left, tty && !final ? "   " : "\n");
    std::fflush(stderr);
  };
  // One message of a worker; false at the end of its batch (its progress message).
  auto take = [&](Worker& w, const Message& m) {
    switch (m.kind) {
      case Message::kProgress:
        g.done += m.count;
        return false;
      case Message::kFailure:
        g.pending_index = m.count, g.pending_what = m.text;
        ++g.mismatches;
        break;
      case Message::kFailureLine: {
        char head[160];
        std::snprintf(head, sizeof head,
                      "# vfadd regress --seed %" PRIu64 " case %" PRIu64 " (shard %" PRIu64
                      "/%" PRIu64 "): ",
                      plan.gen.seed, g.pending_index, plan.shard, plan.shards);
        g.failure_text += head + g.pending_what + "\n" + m.text + "\n";
        if (g.first_failures.size() < 20) {
          g.first_failures.push_back("case " + std::to_string(g.pending_index) + ": " +
                                     g.pending_what + "\n  " + m.text);
        }
        break;
      }
      case Message::kSummaryRow: {
        std::string error;
        if (!g.sum.AddSerialized(m.text, &error)) {
          g.errors += "vfadd regress: a worker's summary row: " + error + "\n";
        }
        break;
      }
      case Message::kCycles:
        g.cycles += m.count;
        break;
      case Message::kSteered:
        g.steered += m.count;
        break;
      case Message::kCoverage:
        w.coverage += m.text + "\n";
        break;
      case Message::kError:
        g.errors += "vfadd regress: " + m.text + "\n";
        break;
    }
    return true;
  };
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
      // Workers write whole lines and flush after each batch: read until the batch's end.
      for (;;) {
        const ssize_t len = getline(&line, &cap, w.in);
        if (len <= 0) {
          w.open = false;
          --open;
          break;
        }
        std::string l(line, len);
        if (!l.empty() && l.back() == '\n') l.pop_back();
        Message m;
        std::string error;
        if (!Decode(l, &m, &error)) {
          g.errors += "vfadd regress: a worker's message: " + error + "\n";
          continue;
        }
        if (!take(w, m)) break;
      }
      std::free(line);
    }
    progress(false);
  }
  int worker_failed = 0;
  const fcov::Model model(plan.max_vl);
  fcov::Db coverage(model);
  for (Worker& w : workers) {
    int st = 0;
    waitpid(w.pid, &st, 0);
    std::fclose(w.in);
    std::string error;
    const bool failed = !WIFEXITED(st) || WEXITSTATUS(st) != 0;
    worker_failed += failed;
    // A worker whose DUT failed still reports the coverage of the cases it checked.
    if (failed && (plan.dut.command.empty() || w.coverage.empty())) continue;
    if (!fcov::ParseDb(w.coverage, "worker coverage", model, &coverage, &error)) {
      g.errors += "vfadd regress: " + error + "\n";
    }
  }
  progress(true);
  const double secs = elapsed();
  int status = kExitOk;
  std::string cov_base;  // DIR/coverage, once written
  if (spec.Given("--coverage")) {
    char title[256];
    std::snprintf(title, sizeof title,
                  "vfadd regress --seed %" PRIu64 " --count %" PRIu64 "%s (shard %" PRIu64
                  "/%" PRIu64 ", MaxVecLenBits=%d NumStages=%d)",
                  plan.gen.seed, plan.gen.count, plan.steer ? " --steer" : "", plan.shard,
                  plan.shards, cfg.max_vl, cfg.stages);
    if (WriteCoverage("regress", cov_dir, coverage, title))
      cov_base = cov_dir + "/coverage";
    else
      status = kExitBadInput;
  }
  if (!json) {
    g.sum.Print(stdout);
    std::printf("regress: %" PRIu64 " cases (seed %" PRIu64 ", shard %" PRIu64 "/%" PRIu64
                "), %" PRIu64 " mismatches, %" PRIu64 " cycles, %.1f s, %.0f cases/s with %" PRIu64
                " job%s\n",
                g.done, plan.gen.seed, plan.shard, plan.shards, g.mismatches, g.cycles, secs,
                secs > 0 ? g.done / secs : 0.0, jobs, jobs == 1 ? "" : "s");
    std::printf("coverage: %s", coverage.Headline().c_str());
    if (plan.steer) std::printf(" %" PRIu64 " cases steered towards holes.", g.steered);
    // (A report that could not be written is said on stderr.)
    const bool failed = spec.Given("--coverage") && cov_base.empty();
    std::printf("%s\n", failed ? "" : CoverageReportNote(cov_base).c_str());
  }
  WarnUnreachableHits("regress", coverage);
  // An explicit --failures file is created even when nothing failed, so that a scheduler's
  // glob of every shard's file always matches.
  std::string failures_written;
  if (!g.failure_text.empty() || spec.Given("--failures")) {
    FILE* f = std::fopen(failures.c_str(), "ab");
    if (!f || std::fputs(g.failure_text.c_str(), f) < 0 || std::fclose(f) != 0) {
      std::fprintf(stderr, "vfadd regress: %s: cannot append: %s\n", failures.c_str(),
                   std::strerror(errno));
      status = kExitBadInput;
    } else {
      failures_written = failures;
      if (g.mismatches && !json) {
        std::printf("regress: %" PRIu64 " failing case%s appended to %s (replay: vfadd check %s)\n",
                    g.mismatches, g.mismatches == 1 ? "" : "s", failures.c_str(), failures.c_str());
      }
    }
  }
  if (spec.Given("--junit") &&
      !WriteFile(junit, WriteJunit(RegressJunit(plan, g, coverage, secs)))) {
    std::fprintf(stderr, "vfadd regress: %s: cannot write: %s\n", junit.c_str(),
                 std::strerror(errno));
    status = kExitBadInput;
  }
  if (json) {
    Json doc = RegressJson(plan, g, secs, jobs);
    Json cov = CoverageJson(coverage);
    if (plan.steer) cov.Count("steered", g.steered);
    doc.Member("coverage", cov.Member("files", CoverageFilesJson(cov_base)));
    doc.TextOrNull("failures_file", failures_written).TextOrNull("junit_file", junit);
    PrintJson(doc);
  }
  if (!g.errors.empty() || worker_failed) {
    std::fputs(g.errors.c_str(), stderr);
    std::fprintf(stderr, "vfadd regress: %d of %zu worker%s failed; the run is incomplete\n",
                 worker_failed, workers.size(), workers.size() == 1 ? "" : "s");
    return kExitBadInput;
  }
  if (g.done != plan.gen.count) {
    std::fprintf(stderr, "vfadd regress: %" PRIu64 " of %" PRIu64 " cases ran\n", g.done,
                 plan.gen.count);
    return kExitBadInput;
  }
  if (status) return status;
  return g.mismatches ? kExitMismatch : kExitOk;
}

}  // namespace vfadd::tool
