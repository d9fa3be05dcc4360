// SPDX-License-Identifier: Apache-2.0
// vfadd info: the configuration of vfadd_top this tool was built with, and its timing.
#include "tool.h"
#include "top_timing.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Prints the configuration of vfadd_top this tool was built with (make build MAX_VL=
STAGES=) and its latencies and throughputs as the RTL documents them (tb/top/top_timing.h;
the test suite measures them).
)";
}  // namespace

int CmdInfo(int argc, char** argv) {
  Spec spec("info", kDescription);
  spec.Parse(argc, argv);
  const top::BuildConfig cfg = top::Built();
  if (!cfg.rtl) {
    std::printf("this vfadd is a model-only build (make model): no vfadd_top; --engine model\n");
    return kExitOk;
  }
  const int n = cfg.stages, vl = cfg.max_vl;
  // The figures and the coefficients of the formulas, from top_timing.h.
  auto latency = [&](Op op, Fmt f, int v, int active) { return top::Latency(n, op, f, v, active); };
  const int faddv_levels = top::FaddvLevels(Fmt::kD, 128);
  const int faddv_base = latency(Op::kFaddv, Fmt::kD, 128, 0) - n * faddv_levels;
  const int fadda_base = latency(Op::kFadda, Fmt::kS, vl, 0);
  const int fadda_step = latency(Op::kFadda, Fmt::kS, vl, 1) - fadda_base;
  const int issue_base = top::IssueInterval(n, Op::kFadda, 0);
  const int issue_step = top::IssueInterval(n, Op::kFadda, 1) - issue_base;
  std::printf("vfadd_top: MaxVecLenBits=%d NumStages=%d TagBits=%d\n", vl, n, cfg.tag_bits);
  std::printf("vector length: 128 to %d bits per case, in steps of 128\n", vl);
  std::printf("latency in cycles, request accepted to response (no backpressure):\n");
  std::printf("  %-36s %d\n", "fadd, fsub, fsubr, faddp (all forms)",
              latency(Op::kFadd, Fmt::kS, vl, 0));
  std::printf("  %-36s %d * ceil(log2(VL / esize)) + %d; at VL %d: h %d, s %d, d %d\n", "faddv", n,
              faddv_base, vl, latency(Op::kFaddv, Fmt::kH, vl, 0),
              latency(Op::kFaddv, Fmt::kS, vl, 0), latency(Op::kFaddv, Fmt::kD, vl, 0));
  std::printf("  %-36s %d * k + %d, k active elements (inactive ones are skipped)\n", "fadda",
              fadda_step, fadda_base);
  std::printf(
      "throughput: one operation per cycle (faddv: at one VL and type); fadda: one per "
      "%d * k + %d cycles\n",
      issue_step, issue_base);
  return kExitOk;
}

}  // namespace vfadd::tool
