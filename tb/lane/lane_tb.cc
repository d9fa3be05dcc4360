// SPDX-License-Identifier: Apache-2.0
// lane_tb: runs the Verilated lanes against the golden model from the command line.
//
//   lane_tb [--stages N] [--count N] [--seed S] [--stall PCT] [--bubble PCT] [--no-directed]
//           [--max-report N]
//       the directed special-value table, then COUNT biased random lane ops, through the
//       4-lane array at NumStages N (default 1), with random stalls and bubbles
//   lane_tb --fp16 [--shard I/N] [--cfg C] [--stages N]
//       FP16 operand pairs for one configuration C (0 .. 63: rmode | fz<<2 | fz16<<3 | dn<<4 |
//       sub<<5): shard I of N of all 2^32 pairs (default: all), with progress on stderr
//   lane_tb --netlist [--count N] [--seed S] [--stall PCT]
//       the Yosys netlist of the lane beside the RTL lane, compared every cycle and checked
//       against the model
//   lane_tb --bench [--count N] [--reps R] [--stages N]
//       lane-operations per second of the Verilated array and of the golden model on the same
//       ops, medians of R runs
// Exit status: 0 all matched, 1 a mismatch or protocol error, 2 bad arguments.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "lane_harness.h"
#include "verilated.h"
#include "vfadd/text.h"

namespace {

using namespace vfadd::lane;

constexpr int kExitMismatch = 1, kExitUsage = 2;

[[noreturn]] void Usage(const std::string& why) {
  std::fprintf(stderr,
               "lane_tb: %s\n"
               "usage: lane_tb [--stages N] [--count N] [--seed S] [--stall PCT] [--bubble PCT]\n"
               "               [--no-directed] [--max-report N]\n"
               "       lane_tb --fp16 [--shard I/N] [--cfg C] [--stages N]\n"
               "       lane_tb --netlist [--count N] [--seed S] [--stall PCT]\n"
               "       lane_tb --bench [--count N] [--reps R] [--stages N]\n",
               why.c_str());
  std::exit(kExitUsage);
}

struct Args {
  std::map<std::string, std::string> opts;
  bool Has(const std::string& k) const { return opts.count(k) != 0; }
  // A decimal option in [lo, hi], or def when absent.
  uint64_t Num(const std::string& k, uint64_t def, uint64_t lo, uint64_t hi) const {
    if (!Has(k)) return def;
    uint64_t v;
    if (!vfadd::ParseU64(opts.at(k), 10, &v) || v < lo || v > hi) {
      Usage("option " + k + ": expected a decimal number from " + std::to_string(lo) + " to " +
            std::to_string(hi) + ", got '" + opts.at(k) + "'");
    }
    return v;
  }
};

Args Parse(int argc, char** argv) {
  static const std::set<std::string> kFlags = {"--fp16", "--netlist", "--bench", "--no-directed",
                                               "--break-contract"};
  static const std::set<std::string> kValued = {"--stages", "--count",  "--seed",
                                                "--stall",  "--bubble", "--max-report",
                                                "--shard",  "--cfg",    "--reps"};
  Args a;
  for (int i = 1; i < argc; i++) {
    const std::string w = argv[i];
    if (w.rfind("+verilator", 0) == 0) continue;  // Verilator's own run-time options
    if (kFlags.count(w)) {
      a.opts[w] = "1";
    } else if (kValued.count(w)) {
      if (i + 1 >= argc) Usage("option " + w + " needs a value");
      if (a.Has(w)) Usage("option " + w + " given twice");
      a.opts[w] = argv[++i];
    } else {
      Usage("unknown argument '" + w + "'");
    }
  }
  const int modes = a.Has("--fp16") + a.Has("--netlist") + a.Has("--bench");
  if (modes > 1) Usage("--fp16, --netlist and --bench exclude each other");
  return a;
}

// "I/N" with 0 <= I < N <= 2^20.
void ParseShard(const std::string& s, uint64_t* i, uint64_t* n) {
  const size_t slash = s.find('/');
  if (slash == std::string::npos || !vfadd::ParseU64(s.substr(0, slash), 10, i) ||
      !vfadd::ParseU64(s.substr(slash + 1), 10, n) || *n == 0 || *n > (1u << 20) || *i >= *n) {
    Usage("option --shard: expected I/N with 0 <= I < N <= 1048576, got '" + s + "'");
  }
}

double Seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string Duration(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  return buf;
}

// The verdict of a run: the harness's checks and the RTL's assertions (with fatalOnError off,
// a failed assertion prints its %Error line and sets gotError).
int Finish(const VerilatedContext& ctx, const RunResult& r, const std::string& what, double secs) {
  const bool asserted = ctx.gotError();
  std::printf("%s: %s\n", what.c_str(), r.Summary().c_str());
  if (asserted) std::printf("an RTL assertion fired (see the %%Error lines above)\n");
  const bool ok = r.ok() && !asserted;
  std::printf("%s in %.1f s\n", ok ? "PASS" : "FAIL", secs);
  return ok ? 0 : kExitMismatch;
}

int RunFp16(const Args& a, VerilatedContext* ctx) {
  uint64_t shard = 0, shards = 1;
  if (a.Has("--shard")) ParseShard(a.opts.at("--shard"), &shard, &shards);
  const int cfg = int(a.Num("--cfg", 0, 0, kConfigs - 1));
  const int stages = int(a.Num("--stages", 1, kMinStages, kMaxStages));
  const uint64_t first = kFp16SweepOps * shard / shards;
  const uint64_t count = kFp16SweepOps * (shard + 1) / shards - first;
  auto dut = MakeLaneArray(ctx, stages);
  const std::string what = "fp16 " + ConfigText(cfg) + " shard " + std::to_string(shard) + "/" +
                           std::to_string(shards) + " at NumStages=" + std::to_string(stages);
  std::printf("%s: pairs %" PRIu64 " .. %" PRIu64 " of 2^32 (in scrambled order)\n", what.c_str(),
              4 * first, 4 * (first + count) - 1);
  std::fflush(stdout);

  RunOptions opt;
  opt.stall_pct = 5;
  opt.bubble_pct = 0;
  const auto t0 = std::chrono::steady_clock::now();
  double last = 0;
  opt.progress = [&](uint64_t done) {
    const double s = Seconds(t0);
    if (s - last < 10 && done < count) return;
    last = s;
    const double rate = done / s;
    std::fprintf(stderr, "%s: %5.1f%% (%" PRIu64 " of %" PRIu64 " pairs), %.2f M pairs/s, ETA %s\n",
                 what.c_str(), 100.0 * done / count, 4 * done, 4 * count, 4 * rate / 1e6,
                 Duration((count - done) / rate).c_str());
  };
  const RunResult r = Simulate(*dut, Fp16Source(first, count, cfg), opt);
  dut->Final();
  return Finish(*ctx, r, what, Seconds(t0));
}

int RunNetlist(const Args& a, VerilatedContext* ctx) {
  auto gl = MakeNetlistLane(ctx);
  auto rtl = MakeRtlLane(ctx);
  RunOptions opt;
  opt.seed = a.Num("--seed", 1, 0, ~uint64_t{0});
  opt.stall_pct = int(a.Num("--stall", 20, 0, 90));
  const uint64_t count = a.Num("--count", 200000, 0, uint64_t{1} << 40);
  const auto t0 = std::chrono::steady_clock::now();
  const RunResult r = Simulate(*gl, RandomSource(opt.seed, count, 1), opt, rtl.get());
  gl->Final();
  rtl->Final();
  return Finish(*ctx, r, "netlist vs RTL lane at NumStages=" + std::to_string(kNetlistStages),
                Seconds(t0));
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int RunBench(const Args& a, VerilatedContext* ctx) {
  const int stages = int(a.Num("--stages", 1, kMinStages, kMaxStages));
  const uint64_t count = a.Num("--count", 2000000, 1000, uint64_t{1} << 32);
  const int reps = int(a.Num("--reps", 5, 1, 100));
  auto dut = MakeLaneArray(ctx, stages);
  const int lanes = dut->lanes();

  std::vector<Op> ops;
  ops.reserve(count);
  OpSource src = RandomSource(1, count, lanes);
  for (Op op; src(&op);) ops.push_back(op);

  std::vector<double> model_s, raw_s, harness_s;
  uint64_t sink = 0;
  for (int rep = 0; rep < reps; rep++) {
    auto t0 = std::chrono::steady_clock::now();
    for (const Op& op : ops) {
      const Expected x = Model(op);
      sink += x.result ^ x.flags;
    }
    model_s.push_back(Seconds(t0));

    // The Verilated array alone: one full array op per cycle, no stalls, no checking.
    ArrayIn in;
    ArrayOut out;
    in.valid = true;
    in.op1.resize(lanes);
    in.op2.resize(lanes);
    dut->Reset();
    t0 = std::chrono::steady_clock::now();
    for (size_t i = 0; i + lanes <= ops.size(); i += lanes) {
      in.ctl = ops[i];
      for (int l = 0; l < lanes; l++) in.op1[l] = ops[i + l].op1, in.op2[l] = ops[i + l].op2;
      dut->Cycle(in, &out);
      sink += out.result[0];
    }
    raw_s.push_back(Seconds(t0));

    // The whole harness: the array, the model and every check.
    RunOptions opt;
    opt.stall_pct = 0;
    opt.bubble_pct = 0;
    size_t k = 0;
    t0 = std::chrono::steady_clock::now();
    const RunResult r = Simulate(
        *dut, [&](Op* op) { return k < ops.size() && (*op = ops[k++], true); }, opt);
    harness_s.push_back(Seconds(t0));
    if (!r.ok()) return Finish(*ctx, r, "bench", harness_s.back());
  }
  dut->Final();
  const double n = double(ops.size());
  const double model = n / Median(model_s), raw = n / Median(raw_s),
               harness = n / Median(harness_s);
  std::printf("bench: %" PRIu64
              " random lane ops (mixed H/S/D, %d lanes, NumStages=%d), median of %d"
              " (checksum %" PRIx64 ")\n",
              count, lanes, stages, reps, sink);
  std::printf("  verilated array alone:   %7.3f M lane-ops/s\n", raw / 1e6);
  std::printf("  golden model alone:      %7.3f M lane-ops/s\n", model / 1e6);
  std::printf("  checked harness (both):  %7.3f M lane-ops/s\n", harness / 1e6);
  std::printf("  model / verilated array: %7.2f\n", model / raw);
  std::printf("  harness / array alone:   %7.2f\n", harness / raw);
  return 0;
}

int RunRandom(const Args& a, VerilatedContext* ctx) {
  const int stages = int(a.Num("--stages", 1, kMinStages, kMaxStages));
  RunOptions opt;
  opt.seed = a.Num("--seed", 1, 0, ~uint64_t{0});
  opt.stall_pct = int(a.Num("--stall", 20, 0, 90));
  opt.bubble_pct = int(a.Num("--bubble", 10, 0, 90));
  opt.max_report = int(a.Num("--max-report", 10, 0, 1000000));
  opt.break_contract = a.Has("--break-contract");
  const uint64_t count = a.Num("--count", 1000000, 0, uint64_t{1} << 40);
  auto dut = MakeLaneArray(ctx, stages);
  OpSource src = RandomSource(opt.seed, count, dut->lanes());
  if (!a.Has("--no-directed")) src = Concat(DirectedSource(), src);
  const auto t0 = std::chrono::steady_clock::now();
  const RunResult r = Simulate(*dut, src, opt);
  dut->Final();
  char what[128];
  std::snprintf(what, sizeof what, "%s seed=%" PRIu64 " stall=%d%% bubble=%d%%", dut->name(),
                opt.seed, opt.stall_pct, opt.bubble_pct);
  return Finish(*ctx, r, what, Seconds(t0));
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = Parse(argc, argv);
  const auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);
  ctx->fatalOnError(false);  // an assertion failure is counted, reported and makes the run fail
  ctx->commandArgs(argc, argv);
  int rc;
  if (a.Has("--fp16"))
    rc = RunFp16(a, ctx.get());
  else if (a.Has("--netlist"))
    rc = RunNetlist(a, ctx.get());
  else if (a.Has("--bench"))
    rc = RunBench(a, ctx.get());
  else
    rc = RunRandom(a, ctx.get());
  return rc;
}
