// SPDX-License-Identifier: Apache-2.0
// Golden-model throughput (Google Benchmark): scalar FP32/FP16/FP64 FPAdd on random normal
// operands, and whole-vector FADD/FADDV cases. Run: make bench.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "vfadd/fp.h"
#include "vfadd/rng.h"
#include "vfadd/vector.h"

namespace {

// Random normal operands of format f (exponent field neither 0 nor all ones).
std::vector<uint64_t> RandomNormals(vfadd::Fmt f, int count) {
  uint64_t seed = 42;
  std::vector<uint64_t> v;
  const uint64_t max_exp = (uint64_t{1} << vfadd::exp_bits(f)) - 1;
  while (static_cast<int>(v.size()) < count) {
    const uint64_t x = vfadd::SplitMix64(&seed) & vfadd::width_mask(f);
    const uint64_t e = (x >> vfadd::man_bits(f)) & max_exp;
    if (e != 0 && e != max_exp) v.push_back(x);
  }
  return v;
}

void BM_FpAdd(benchmark::State& state, vfadd::Fmt f) {
  constexpr int kCount = 4096;
  const auto a = RandomNormals(f, kCount), b = RandomNormals(f, kCount + 1);
  const vfadd::Fpcr fpcr{0};
  uint64_t sink = 0;
  for (auto _ : state) {
    for (int i = 0; i < kCount; ++i) sink += vfadd::FpAdd(f, a[i], b[i + 1], fpcr).bits;
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations() * kCount);
}
BENCHMARK_CAPTURE(BM_FpAdd, fp16, vfadd::Fmt::kH);
BENCHMARK_CAPTURE(BM_FpAdd, fp32, vfadd::Fmt::kS);
BENCHMARK_CAPTURE(BM_FpAdd, fp64, vfadd::Fmt::kD);

// Element operations per second of whole 512-bit FP32 vector cases.
void BM_Vector(benchmark::State& state, vfadd::Op op) {
  vfadd::Case c;
  c.op = op;
  c.fmt = vfadd::Fmt::kS;
  c.vl = 512;
  const auto v = RandomNormals(c.fmt, 32);
  c.a.assign(8, 0);
  c.b.assign(8, 0);
  for (int e = 0; e < 16; ++e) {
    vfadd::SetField(&c.a, e * 32, 32, v[e]);
    vfadd::SetField(&c.b, e * 32, 32, v[16 + e]);
  }
  c.pg = {~uint64_t{0}};
  for (auto _ : state) benchmark::DoNotOptimize(vfadd::Execute(c));
  state.SetItemsProcessed(state.iterations() * 16);
}
BENCHMARK_CAPTURE(BM_Vector, fadd_s512, vfadd::Op::kFadd);
BENCHMARK_CAPTURE(BM_Vector, faddv_s512, vfadd::Op::kFaddv);

}  // namespace

BENCHMARK_MAIN();
