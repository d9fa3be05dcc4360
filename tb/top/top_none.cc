// SPDX-License-Identifier: Apache-2.0
// The RTL's entry points in a model-only build (CMake VFADD_MODEL_ONLY, `make model`): no
// Verilated vfadd_top, no Verilated decoder, no SystemC. Every run on the RTL ends at once with an
// error that says so (the tool prints it and exits 2), so that `--engine rtl` is refused
// clearly; the model engine (and an external DUT) work as in any build. Built() reports the
// model's largest VL, 0 stages, no C++ clock loop and rtl false.
#include <cstdio>
#include <cstdlib>

#include "rtl_decode.h"
#include "top_harness.h"
#include "vfadd/decode.h"

namespace vfadd {
namespace {

const char* const kNoRtl =
    "this vfadd is a model-only build (make model): it has no RTL; use --engine model, or "
    "`make build` for a tool with the RTL";

}  // namespace

// No RTL decoder: `vfadd disasm --engine rtl` ends here, with the tool's exit status for bad
// input (2), rather than answer with the model's decoder in the RTL's name.
Insn RtlDecode(uint32_t) {
  std::fprintf(stderr, "vfadd: --engine rtl: %s\n", kNoRtl);
  std::exit(2);
}

namespace top {
namespace {

Report NoRtl() {
  Report r;
  r.error = kNoRtl;
  return r;
}

}  // namespace

BuildConfig Built() { return {kMaxVl, 0, 0, false, false}; }

Report RunSc(const std::vector<Request>&, const Options&) { return NoRtl(); }
Report RunCc(const std::vector<Request>&, const Options&) { return NoRtl(); }
Report RunScStream(uint64_t, const RequestFn&, const Options&) { return NoRtl(); }
Report RunCcStream(uint64_t, const RequestFn&, const Options&) { return NoRtl(); }
bool SetInitialStateSeed(int) { return false; }
bool WriteCodeCoverage(const std::string&) { return false; }

// Only requests to the RTL carry an instruction word, and those runs fail above.
uint32_t EncodeCase(const Case&, int, int, int) { return 0; }

}  // namespace top
}  // namespace vfadd
