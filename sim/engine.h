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

#include "dut.h"
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
  // Ends what the engine keeps between runs (an external DUT's process): "" when it ended
  // cleanly, else what went wrong.
  virtual std::string Finish() const { return ""; }
};

// Fills the response of request `i` of a run from the engine's outcome: expected (the request's,
// else the golden model's: *model when given), mismatch and difference, the report's counts and
// mismatch texts (Options.self_test_flip and max_mismatch_reports apply).
void CheckResponse(const top::Request& req, const Outcome& actual, size_t i,
                   const top::Options& opt, top::Report* rep, const Outcome* model = nullptr);

// The engines this build has, by name (EngineNames()); nullptr for another name.
std::unique_ptr<Engine> MakeEngine(const std::string& name);
std::vector<std::string> EngineNames();
// An external design under test (engine_dut.cc, docs/dut-protocol.md): trace lines to the
// process `cfg.command`, checked lines back. Its name is "dut"; untimed; any VL up to 2048. A
// run it cannot finish has Report.error set and the responses of the cases answered before.
std::unique_ptr<Engine> MakeDutEngine(const DutConfig& cfg);
// The RTL through the C++ clock loop (bench); nullptr when this tool has none (a sweep tool).
std::unique_ptr<Engine> MakeCcEngine();

// "vfadd_top MaxVecLenBits=.. NumStages=.." of this build.
std::string BuildDescription();

}  // namespace vfadd::tool

#endif  // VFADD_SIM_ENGINE_H_
