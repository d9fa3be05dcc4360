// SPDX-License-Identifier: Apache-2.0
// Latency, throughput and workload figures of the built vfadd_top, measured in simulation
// through the SystemC harness (for `vfadd measure` and the design-space sweep).
#ifndef VFADD_SIM_MEASURE_H_
#define VFADD_SIM_MEASURE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "vfadd/vector.h"

namespace vfadd {

struct OpFigures {
  Op op;
  Fmt fmt;
  int vl;
  uint64_t latency;   // cycles from the request accepted to its response, on an idle unit
  double throughput;  // operations per cycle on a stream of this operation alone
};

struct WorkloadFigures {
  std::string name, what;
  uint64_t elements = 0, operations = 0, cycles = 0;
  double cycles_per_element() const { return elements ? double(cycles) / elements : 0; }
};

// Every operation at `vl` (all elements active) in every type. Returns an error text, empty
// when every response matched the golden model.
std::string MeasureOps(int vl, std::vector<OpFigures>* out);

// The workloads on `n` FP32 elements at `vl`: an element-wise add with a whilelt tail, a
// conditional add under a half-true predicate, a sum by FADDV and by FADDA, and chains of
// dependent against independent adds.
std::string MeasureWorkloads(int vl, uint64_t n, std::vector<WorkloadFigures>* out);

}  // namespace vfadd

#endif  // VFADD_SIM_MEASURE_H_
