// SPDX-License-Identifier: Apache-2.0
// vfadd shrink: a case that fails on the RTL reduced to the simplest one that still fails.
#include <cinttypes>

#include "classes.h"
#include "shrink.h"
#include "tool.h"

namespace vfadd::tool {

namespace {
const char kDescription[] =
    R"(Reduces a case that fails on the RTL (its result or flags differ from the golden model's)
to the simplest case that still fails, trying in turn: the shortest VL, FPCR 0 (else each
of DN, FZ, FZ16, RMode cleared), a canonical predicate, the fewest active elements, and
every element not needed set to zero. Prints the result as a checked trace line (the
model's result) after a comment saying what was reduced; 'vfadd check' of that line fails
on the RTL. CASE-LINE is one trace line (stimulus or checked; quote it) or - to read it from
stdin, a trace of exactly one case (comments and blank lines are skipped). Exit 0 with the
reduced line, 1 when the case does not fail, 2 on bad input.

--dut CMD shrinks a case that fails on an external design under test instead of the RTL
(docs/dut-protocol.md): every candidate is run on one DUT process; a DUT that fails
(crashes, hangs, answers garbage) stops the shrink with exit 2.
)";
}  // namespace

int CmdShrink(int argc, char** argv) {
  Spec spec("shrink", kDescription);
  uint64_t self_value = 0;
  std::vector<std::string> args;
  DutFlags dut;
  bool classes = false;
  DeclareDut(spec, &dut);
  spec.Flag("--classes", &classes,
            "the argument is a trace FILE: shrink the first failing case of each mismatch class "
            "(op, type, the rule involved: docs/dut-protocol.md), one line per class")
      .Hex("--self-test-value", "HEX", &self_value, 64,
           "also count a case as failing when an active element of its first operand (a; "
           "faddv: b) has these bits: a test of shrink itself on a correct RTL")
      .Positionals("CASE-LINE|-", &args, 1, 1, "the failing case (- for stdin)");
  spec.Parse(argc, argv);
  if (classes) {
    if (spec.Given("--self-test-value"))
      spec.Error("--classes and --self-test-value exclude each other");
    const std::unique_ptr<Engine> e = dut.given() ? MakeDutEngine(dut.config()) : MakeEngine("rtl");
    return ShrinkClasses(args[0], *e);
  }
  const bool self_test = spec.Given("--self-test-value");
  Case c;
  std::string where = "CASE-LINE";
  if (args[0] == "-") {
    // A trace on stdin holding exactly one case (comments and blank lines are skipped).
    int cases = 0;
    const int errors = ForEachCase("shrink", {"-"}, [&](const Case& x, const std::string& at) {
      if (++cases > 1) return std::string("more than one case: shrink takes one CASE-LINE");
      c = x, where = at;
      return std::string();
    });
    if (errors) return kExitBadInput;
    if (cases == 0) {
      std::fprintf(stderr, "vfadd shrink: <stdin>: expected one CASE-LINE, got no case\n");
      return kExitBadInput;
    }
  } else {
    std::string err;
    if (ParseTraceLine(args[0], &c, &err) != LineKind::kCase) {
      std::fprintf(
          stderr, "vfadd shrink: CASE-LINE: %s\n",
          err.empty() ? "expected a case line, got a comment or a blank line" : err.c_str());
      return kExitBadInput;
    }
  }
  const std::unique_ptr<Engine> rtl = dut.given() ? MakeDutEngine(dut.config()) : MakeEngine("rtl");
  const char* who = dut.given() ? "DUT" : "RTL";
  std::string engine_error;
  if (c.vl > rtl->max_vl()) {
    std::fprintf(stderr,
                 "vfadd shrink: %s: field 3 'vl': %d is above this build's maximum vector "
                 "length %d\n",
                 where.c_str(), c.vl, rtl->max_vl());
    return kExitBadInput;
  }
  c.checked = false;
  uint64_t trials = 0;
  auto fails = [&](const Case& x) {
    ++trials;
    if (self_test && x.op != Op::kFadda) {
      const int w = fp_width(x.fmt);
      const Bits& v = x.op == Op::kFaddv ? x.b : x.a;  // the first operand
      for (int e = 0; e < Elements(x); ++e) {
        if (ElementActive(x, e) && GetField(v, e * w, w) == self_value) return true;
      }
    }
    const top::Report rep = rtl->Run({top::Request{x}}, top::Options());
    if (!rep.error.empty() && engine_error.empty()) engine_error = rep.error;
    return !rep.ok() && engine_error.empty();
  };
  auto engine_failed = [&] {
    if (engine_error.empty()) return false;
    std::fprintf(stderr, "vfadd shrink: %s run failed after %" PRIu64 " trials: %s\n", who, trials,
                 engine_error.c_str());
    return true;
  };
  if (!fails(c)) {
    if (engine_failed()) return kExitBadInput;
    std::fprintf(stderr, "vfadd shrink: the case does not fail on the %s: nothing to shrink\n",
                 who);
    return kExitMismatch;
  }
  const ShrinkResult r = Shrink(c, fails);
  if (engine_failed()) return kExitBadInput;
  if (const std::string err = rtl->Finish(); !err.empty()) {
    std::fprintf(stderr, "vfadd shrink: %s\n", err.c_str());
    return kExitBadInput;
  }
  Verbose("shrink", std::to_string(r.accepted) + " of " + std::to_string(r.tries) +
                        " candidates still failed");
  std::printf("%s\n", ShrinkSummary(c, r.c, trials).c_str());
  std::printf("%s\n", FormatCase(WithOutcome(r.c, Execute(r.c))).c_str());
  return kExitOk;
}

}  // namespace vfadd::tool
