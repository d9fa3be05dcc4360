// SPDX-License-Identifier: Apache-2.0
// vfadd bench: simulation speed, the SystemC harness against a plain C++ clock loop.
#include <algorithm>
#include <chrono>
#include <cinttypes>

#include "tool.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Runs N seeded random cases (every operation and type, VLs up to the built maximum) R
times through the SystemC harness (RunSc) and through a plain C++ clock loop around the
--cc build of the same Verilated vfadd_top (RunCc). Both check every element against the
golden model. Prints checked element-operations per second (median of the R runs) and ends
with 'ratio harness/raw: X.XX'. The sweep's tools (make sweep) have the SystemC harness
only: they time it alone. --json prints one JSON document instead, with every run's figures
(schema: sim/README.md). Exit 1 on a mismatch.
)";

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}
}  // namespace

int CmdBench(int argc, char** argv) {
  Spec spec("bench", kDescription);
  uint64_t count = 20000, seed = 1, reps = 3;
  bool json = false;
  // The cases are held in memory: at most a million.
  spec.Count("--count", "N", &count, 1, 1000000, "cases (default 20000)")
      .Count("--seed", "S", &seed, 0, UINT64_MAX, "seed of the cases (default 1)")
      .Count("--reps", "R", &reps, 1, 100, "runs of each engine (default 3)")
      .Flag("--json", &json, "print a JSON document instead of the table");
  spec.Parse(argc, argv);
  const top::BuildConfig cfg = top::Built();
  GenOptions g;
  g.seed = seed;
  g.count = count;
  g.vls = VlsUpTo(cfg.max_vl);
  std::vector<top::Request> reqs(count);
  for (uint64_t i = 0; i < count; ++i) reqs[i].c = GenerateCase(g, i);

  struct Timed {
    const char* name;
    const char* id;  // in the JSON document
    std::unique_ptr<Engine> engine;
    std::vector<double> rates, cycle_rates;
    Json runs = Json::Array();
  };
  std::vector<Timed> engines;
  engines.push_back({"SystemC harness (--sc)", "sc", MakeEngine("rtl"), {}, {}});
  if (std::unique_ptr<Engine> cc = MakeCcEngine()) {
    engines.push_back({"C++ clock loop (--cc)", "cc", std::move(cc), {}, {}});
  }
  if (!json) {
    std::printf("vfadd bench: MaxVecLenBits=%d NumStages=%d, %" PRIu64 " cases (seed %" PRIu64
                "), %" PRIu64 " runs each\n",
                cfg.max_vl, cfg.stages, count, seed, reps);
  }
  int status = kExitOk;
  for (uint64_t r = 0; r < reps; ++r) {
    for (Timed& e : engines) {
      top::Options opt;
      opt.seed = seed;
      const auto t0 = std::chrono::steady_clock::now();
      const top::Report rep = e.engine->Run(reqs, opt);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (!rep.error.empty() || rep.mismatch_count || rep.assertion_failed) {
        std::fprintf(stderr, "vfadd bench: %s: %zu mismatches%s%s\n", e.name, rep.mismatch_count,
                     rep.error.empty() ? "" : ", error: ", rep.error.c_str());
        status = kExitMismatch;
      }
      e.rates.push_back(rep.checked_elements / s);
      e.cycle_rates.push_back(rep.cycles / s);
      Json run;
      run.Count("checked_elements", rep.checked_elements).Count("cycles", rep.cycles);
      run.Number("seconds", s).Number("elem_ops_per_second", e.rates.back());
      e.runs.Push(run.Number("cycles_per_second", e.cycle_rates.back()));
    }
    Verbose("bench", "run " + std::to_string(r + 1) + " of " + std::to_string(reps) + " done");
  }
  if (json) {
    Json doc = JsonDocument("bench"), list = Json::Array();
    doc.Count("count", count).Count("seed", seed).Count("reps", reps);
    for (const Timed& e : engines) {
      Json ej;
      ej.Text("engine", e.id).Text("name", e.name);
      ej.Number("elem_ops_per_second", Median(e.rates));
      ej.Number("cycles_per_second", Median(e.cycle_rates));
      list.Push(ej.Member("runs", e.runs));
    }
    doc.Member("engines", list);
    if (engines.size() > 1)
      doc.Number("ratio_harness_raw", Median(engines[0].rates) / Median(engines[1].rates));
    else
      doc.Null("ratio_harness_raw");
    PrintJson(doc);
    return status;
  }
  std::printf("%-26s %16s %14s\n", "engine", "elem-ops/s", "cycles/s");
  for (const Timed& e : engines) {
    std::printf("%-26s %16.0f %14.0f\n", e.name, Median(e.rates), Median(e.cycle_rates));
  }
  if (engines.size() > 1) {
    std::printf("ratio harness/raw: %.2f\n", Median(engines[0].rates) / Median(engines[1].rates));
  } else {
    std::printf("(no C++ clock loop in this tool: a sweep tool, Verilated for the harness only)\n");
  }
  return status;
}

}  // namespace vfadd::tool
