// SPDX-License-Identifier: Apache-2.0
// Seeded stimulus generation, biased towards the hard cases of floating-point addition.
#ifndef VFADD_VERIF_GEN_H_
#define VFADD_VERIF_GEN_H_

#include <cstdint>
#include <vector>

#include "vfadd/rng.h"
#include "vfadd/vector.h"

namespace vfadd {

struct GenOptions {
  uint64_t seed = 1;
  uint64_t count = 100;
  std::vector<Op> ops;          // empty: every operation
  std::vector<Fmt> types;       // empty: h, s, d
  std::vector<int> vls;         // empty: a mix of all VLs, weighted towards 128, 512 and 2048
  std::vector<uint32_t> fpcrs;  // empty: random RMode, FZ, FZ16, DN (and sometimes AHP)
};

// The case with index `index` of the stream for `opt.seed`: cases are independent of each
// other, so any range of indices can be generated alone (for shards).
Case GenerateCase(const GenOptions& opt, uint64_t index);

// The element generator behind GenerateCase, for harnesses that drive elements directly: a
// biased pair (x, y) of format f meant to be added (a subtraction form negates y), drawn from
// the kinds listed in gen.cc.
void OperandPair(Rng& r, Fmt f, uint64_t* x, uint64_t* y);

// Whether case `index` of a regression reaches the unit as an instruction word for the RTL's
// decoder (a quarter of the cases, by a hash of the index) rather than as fields; *regs gets
// random bits for the word's register fields (their values do not matter to the unit).
bool SentAsWord(uint64_t index, uint32_t* regs);

// A random FPCR: any RMode; FZ, FZ16 and DN each half of the time (AHP, which no add reads,
// now and then).
uint32_t RandomFpcr(Rng& r);

}  // namespace vfadd

#endif  // VFADD_VERIF_GEN_H_
