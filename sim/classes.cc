// SPDX-License-Identifier: Apache-2.0
// Mismatch classes in the commands (classes.h).
#include "classes.h"

#include <cinttypes>
#include <map>

#include "shrink.h"

namespace vfadd::tool {

std::vector<ClassCount> CountClasses(const std::vector<Located>& cases, const top::Report& rep) {
  std::map<int, ClassCount> by_key;
  for (size_t i = 0; i < rep.responses.size() && i < cases.size(); ++i) {
    const top::Response& r = rep.responses[i];
    if (!r.mismatch) continue;
    const MismatchClass k = ClassifyMismatch(cases[i].c, r.expected, r.actual);
    ClassCount& cc = by_key[k.Key()];
    if (cc.count++ == 0) cc.k = k, cc.first = i;
  }
  std::vector<ClassCount> out;
  for (const auto& [key, cc] : by_key) out.push_back(cc);
  return out;
}

void PrintClasses(FILE* out, const std::vector<Located>& cases,
                  const std::vector<ClassCount>& classes) {
  std::fprintf(out, "mismatch classes: %zu\n", classes.size());
  for (const ClassCount& cc : classes) {
    std::fprintf(out, "  %8" PRIu64 "  %-40s first: %s\n", cc.count, cc.k.Name().c_str(),
                 cases[cc.first].where.c_str());
  }
}

int ShrinkClasses(const std::string& path, const Engine& engine) {
  TraceInput in;
  if (ReadTraces("shrink", {path}, &in)) return kExitBadInput;
  std::vector<top::Request> reqs;
  for (const Located& l : in.cases) {
    if (l.c.vl > engine.max_vl()) {
      std::fprintf(stderr,
                   "vfadd shrink: %s: field 3 'vl': %d is above this build's maximum vector "
                   "length %d\n",
                   l.where.c_str(), l.c.vl, engine.max_vl());
      return kExitBadInput;
    }
    reqs.push_back(top::Request{l.c});
  }
  const top::Report rep = engine.Run(reqs, top::Options());  // the engine stays open for trials
  if (!rep.error.empty()) {
    const size_t at = rep.responses.size();
    std::fprintf(stderr, "vfadd shrink: %s%s run failed: %s\n",
                 at < in.cases.size() ? (in.cases[at].where + ": ").c_str() : "", engine.name(),
                 rep.error.c_str());
    return kExitBadInput;
  }
  const std::vector<ClassCount> classes = CountClasses(in.cases, rep);
  if (classes.empty()) {
    std::fprintf(stderr, "vfadd shrink: no case of %s fails on the %s: nothing to shrink\n",
                 path.c_str(), engine.name());
    return kExitMismatch;
  }
  std::string engine_error;
  for (const ClassCount& cc : classes) {
    uint64_t trials = 1;  // the run of the whole file showed the start fails
    auto fails = [&](const Case& x) {
      ++trials;
      const top::Report r = engine.Run({top::Request{x}}, top::Options());
      if (!r.error.empty() && engine_error.empty()) engine_error = r.error;
      if (!engine_error.empty() || r.responses.empty() || !r.responses[0].mismatch) return false;
      return ClassifyMismatch(x, r.responses[0].expected, r.responses[0].actual) == cc.k;
    };
    Case start = in.cases[cc.first].c;
    start.checked = false;
    // Shrink again from the result until no reduction of the shrinker still fails in the class:
    // a later reduction can make an earlier one possible (an FPCR bit that mattered only for an
    // element since zeroed).
    ShrinkResult s{start};
    do {
      s = Shrink(s.c, fails);
    } while (s.accepted > 0 && engine_error.empty());
    if (!engine_error.empty()) {
      std::fprintf(stderr, "vfadd shrink: class %s: %s run failed: %s\n", cc.k.Name().c_str(),
                   engine.name(), engine_error.c_str());
      return kExitBadInput;
    }
    std::printf("# class %s: %" PRIu64 " case%s, the first at %s\n", cc.k.Name().c_str(), cc.count,
                cc.count == 1 ? "" : "s", in.cases[cc.first].where.c_str());
    std::printf("%s\n", ShrinkSummary(start, s.c, trials).c_str());
    std::printf("%s\n", FormatCase(WithOutcome(s.c, Execute(s.c))).c_str());
  }
  if (const std::string err = engine.Finish(); !err.empty()) {
    std::fprintf(stderr, "vfadd shrink: %s\n", err.c_str());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace vfadd::tool
