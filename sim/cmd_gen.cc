// SPDX-License-Identifier: Apache-2.0
// vfadd gen: seeded random stimulus, biased towards the hard cases.
#include <cerrno>
#include <cstring>

#include "tool.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Writes N seeded stimulus lines. The same seed and options give the same file on any
machine. Lists are comma separated. Values are biased towards hard cases: signed zeros,
infinities, NaNs with payloads, subnormals, min/max normal, cancellation, alignment around
the significand width, ties, overflow and tiny results; predicates all-true, all-false,
random and non-canonical. The trace format is docs/trace-format.md in the vfadd
source tree.
)";
}  // namespace

int CmdGen(int argc, char** argv) {
  Spec spec("gen", kDescription);
  GenFlags gf;
  std::string out_path;
  DeclareGen(spec, &gf, 0);
  spec.Text("-o", "OUT", &out_path, "write to OUT (default stdout)");
  spec.Parse(argc, argv);
  const GenOptions opt = FinishGen(spec, gf);
  FILE* out = stdout;
  if (spec.Given("-o") && !(out = std::fopen(out_path.c_str(), "wb"))) {
    std::fprintf(stderr, "vfadd gen: %s: cannot write: %s\n", out_path.c_str(),
                 std::strerror(errno));
    return kExitBadInput;
  }
  // The command line as a comment (without -o: the file does not say where it was written).
  std::string cmdline = "# vfadd gen";
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "-o") == 0) {
      ++i;
      continue;
    }
    cmdline += std::string(" ") + argv[i];
  }
  std::fprintf(out, "%s\n", cmdline.c_str());
  for (uint64_t i = 0; i < opt.count; ++i) {
    std::fprintf(out, "%s\n", FormatCase(GenerateCase(opt, i)).c_str());
  }
  if (out != stdout && std::fclose(out) != 0) {
    std::fprintf(stderr, "vfadd gen: %s: write failed\n", out_path.c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace vfadd::tool
