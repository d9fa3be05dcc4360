// SPDX-License-Identifier: Apache-2.0
// RunCc in a library built without the --cc model (vfadd_top_config(... SC_ONLY), the sweep's
// tools): every run ends at once with an error that says so. Built().cc_loop is false there.
#include "top_harness.h"

namespace vfadd::top {
namespace {

Report NoCcLoop() {
  Report r;
  r.error =
      "this build of vfadd_top has no C++ clock loop (RunCc): it was Verilated for the "
      "SystemC harness only (a sweep tool); `make build` makes a tool with both";
  return r;
}

}  // namespace

Report RunCc(const std::vector<Request>&, const Options&) { return NoCcLoop(); }
Report RunCcStream(uint64_t, const RequestFn&, const Options&) { return NoCcLoop(); }

}  // namespace vfadd::top
