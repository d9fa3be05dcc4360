// SPDX-License-Identifier: Apache-2.0
// A small, fully specified PRNG (xoshiro256** seeded through splitmix64): a seed gives the same
// stream on every machine and compiler, unlike the distributions of <random>.
#ifndef VFADD_RNG_H_
#define VFADD_RNG_H_

#include <cstdint>

namespace vfadd {

// One step of splitmix64: advances *state and returns a well-mixed 64-bit value.
inline uint64_t SplitMix64(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed) {
    for (auto& s : s_) s = SplitMix64(&seed);
  }
  uint64_t Next() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, n), n > 0; rejection sampling keeps it unbiased and platform independent.
  uint64_t Below(uint64_t n) {
    const uint64_t limit = ~uint64_t{0} - (~uint64_t{0} % n);
    uint64_t x;
    do x = Next();
    while (x >= limit);
    return x % n;
  }
  bool Chance(int percent) { return Below(100) < static_cast<uint64_t>(percent); }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace vfadd

#endif  // VFADD_RNG_H_
