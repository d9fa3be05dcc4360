// SPDX-License-Identifier: Apache-2.0
// The engines behind every vfadd command: the golden model, and the built-in RTL (vfadd_top
// through the SystemC harness, or the plain C++ clock loop for `bench`). An engine runs requests
// and returns a top::Report whose responses carry, each, the outcome it was checked against, the
// engine's own, and the mismatch: the commands read only that.
#ifndef VFADD_SIM_ENGINE_H_
#define VFADD_SIM_ENGINE_H_

#include <memory>
#include <string>
#include <vector>

#include "top_harness.h"

namespace vfadd::tool {

class Engine {
 public:
  virtual ~Engine() = default;
  virtual const char* name() const = 0;  // "rtl", "model"
  virtual int max_vl() const = 0;        // the largest VL it takes
  virtual bool timed() const = 0;        // responses carry accept and response cycles
  // Responses in the order of the requests: expected (the request's, else the golden model's),
  // actual, mismatch and difference filled in.
  virtual top::Report Run(const std::vector<top::Request>& reqs, const top::Options& opt) const = 0;
};

// The engines this build has, by name (EngineNames()); nullptr for another name.
std::unique_ptr<Engine> MakeEngine(const std::string& name);
std::vector<std::string> EngineNames();
// The RTL through the C++ clock loop (bench); nullptr when this tool has none (a sweep tool).
std::unique_ptr<Engine> MakeCcEngine();

// "vfadd_top MaxVecLenBits=.. NumStages=.." of this build.
std::string BuildDescription();

}  // namespace vfadd::tool

#endif  // VFADD_SIM_ENGINE_H_
