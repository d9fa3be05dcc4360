// SPDX-License-Identifier: Apache-2.0
// vfadd measure: latency, throughput and workloads of the built vfadd_top, in simulation.
#include <cinttypes>

#include "measure.h"
#include "tool.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Measures the built vfadd_top in simulation (the SystemC harness, no idles, no
backpressure, every response checked against the golden model): for every operation and
type at VL BITS (default: the built maximum) with every element active, the latency in
cycles from the request accepted to its response on an idle unit, and the throughput in
operations per cycle on a stream of that operation alone; then workloads on N FP32
elements (default 4096), in cycles per element: an element-wise add with a whilelt tail,
a conditional add under a half-true predicate, a sum by FADDV and by FADDA (each FADDA on
the previous accumulator), and a chain of dependent adds against independent ones. Exit 1
if a response was wrong.
)";
}  // namespace

int CmdMeasure(int argc, char** argv) {
  Spec spec("measure", kDescription);
  const top::BuildConfig cfg = top::Built();
  uint64_t vl = cfg.max_vl, n = 4096;
  bool csv = false;
  spec.Count("--vl", "BITS", &vl, 128, cfg.max_vl,
             "the VL, a multiple of 128 up to this build's maximum (default: the maximum)")
      .Count("--elements", "N", &n, 1, 1000000, "elements of the workloads (default 4096)")
      .Flag("--csv", &csv, "comma-separated rows instead of the tables");
  spec.Parse(argc, argv);
  if (!IsValidVl(static_cast<int>(vl))) {
    spec.Error("--vl takes a multiple of 128 from 128 to this build's maximum " +
               std::to_string(cfg.max_vl) + ", got '" + std::to_string(vl) + "'");
  }
  std::vector<OpFigures> ops;
  std::vector<WorkloadFigures> loads;
  std::string error = MeasureOps(static_cast<int>(vl), &ops);
  if (error.empty()) error = MeasureWorkloads(static_cast<int>(vl), n, &loads);
  if (!error.empty()) {
    std::fprintf(stderr, "vfadd measure: %s\n", error.c_str());
    return kExitMismatch;
  }
  if (csv) {
    std::printf(
        "kind,name,type,vl,latency,throughput,elements,operations,cycles,"
        "cycles_per_element\n");
  } else {
    std::printf("vfadd measure: MaxVecLenBits=%d NumStages=%d, VL %" PRIu64
                ", every element active\n%-9s %-4s %8s %11s\n",
                cfg.max_vl, cfg.stages, vl, "op", "type", "latency", "throughput");
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
    std::printf(
        "(latency: cycles from request accepted to response; throughput: operations "
        "per cycle)\n\n%-17s %8s %5s %7s %9s  %s\n",
        "workload (FP32)", "elements", "ops", "cycles", "cyc/elem", "what");
  }
  for (const WorkloadFigures& w : loads) {
    if (csv) {
      std::printf("workload,%s,s,%" PRIu64 ",,,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.4f\n",
                  w.name.c_str(), vl, w.elements, w.operations, w.cycles, w.cycles_per_element());
    } else {
      std::printf("%-17s %8" PRIu64 " %5" PRIu64 " %7" PRIu64 " %9.3f  %s\n", w.name.c_str(),
                  w.elements, w.operations, w.cycles, w.cycles_per_element(), w.what.c_str());
    }
  }
  return kExitOk;
}

}  // namespace vfadd::tool
