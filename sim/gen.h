// SPDX-License-Identifier: Apache-2.0
// Seeded stimulus generation, biased towards the hard cases of floating-point addition.
#ifndef VFADD_SIM_GEN_H_
#define VFADD_SIM_GEN_H_

#include <cstdint>
#include <vector>

#include "vfadd/vector.h"

namespace vfadd {

struct GenOptions {
  uint64_t seed = 1;
  uint64_t count = 100;
  std::vector<Op> ops;        // empty: every operation
  std::vector<Fmt> types;     // empty: h, s, d
  std::vector<int> vls;       // empty: a mix of all VLs, weighted towards 128, 512 and 2048
  std::vector<uint32_t> fpcrs;  // empty: random RMode, FZ, FZ16, DN (and sometimes AHP)
};

// A small, fully specified PRNG (xoshiro256** seeded through splitmix64), so that a seed gives
// the same stream on every machine and compiler.
class Rng {
 public:
  explicit Rng(uint64_t seed);
  uint64_t Next();
  uint64_t Below(uint64_t n);           // uniform in [0, n), n > 0
  bool Chance(int percent) { return Below(100) < static_cast<uint64_t>(percent); }

 private:
  uint64_t s_[4];
};

// The case with index `index` of the stream for `opt.seed`: cases are independent of each
// other, so any range of indices can be generated alone (for shards).
Case GenerateCase(const GenOptions& opt, uint64_t index);

}  // namespace vfadd

#endif  // VFADD_SIM_GEN_H_
