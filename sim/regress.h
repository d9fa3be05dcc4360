// SPDX-License-Identifier: Apache-2.0
// vfadd regress: what the parent hands its worker processes, and the worker (regress_worker.cc),
// which tells the parent what it found through the messages of lib/regress_protocol.h.
#ifndef VFADD_SIM_REGRESS_H_
#define VFADD_SIM_REGRESS_H_

#include <cstdint>

#include "dut.h"
#include "gen.h"
#include "top_harness.h"

namespace vfadd::tool {

// The part of the seed's stream a regression's cases come from: indices below 2^48 (--steer
// draws its candidates above it), so count * shards must not exceed it.
constexpr uint64_t kStreamCases = uint64_t{1} << 48;

struct RegressPlan {
  GenOptions gen;
  uint64_t shard = 1, shards = 1;  // 1-based
  top::Options rtl;
  int64_t flip = -1;  // --self-test-flip: a case index
  bool steer = false;
  int max_vl = kMaxVl;  // of the build (of a DUT: 2048): the coverage model's
  DutConfig dut;        // --dut: the cases run on this external DUT (one process per worker)
  uint64_t Index(uint64_t k) const { return k * shards + (shard - 1); }
};

// Runs cases [first, last) of the plan's part of the stream on the RTL (or the plan's DUT),
// writing messages to `fd`; exits the process (status 0, or 1 when the harness or the DUT
// failed; the cases checked before are reported first).
[[noreturn]] void RegressWorker(const RegressPlan& plan, uint64_t first, uint64_t last, int fd);

}  // namespace vfadd::tool

#endif  // VFADD_SIM_REGRESS_H_
