// SPDX-License-Identifier: Apache-2.0
// The engines of engine.h.
#include "engine.h"

#include "vfadd/difference.h"

namespace vfadd::tool {
namespace {

// The golden model: each request's outcome computed by Execute, checked against the request's
// expected outcome when it has one.
class ModelEngine : public Engine {
 public:
  const char* name() const override { return "model"; }
  int max_vl() const override { return kMaxVl; }
  bool timed() const override { return false; }
  top::Report Run(const std::vector<top::Request>& reqs, const top::Options& opt) const override {
    top::Report rep;
    rep.responses.reserve(reqs.size());
    for (size_t i = 0; i < reqs.size(); ++i) {
      const Outcome out = Execute(reqs[i].c);
      CheckResponse(reqs[i], out, i, opt, &rep, /*model=*/&out);
    }
    return rep;
  }
};

// vfadd_top through the SystemC harness (or the C++ clock loop): its scoreboard fills the
// responses' checks.
class RtlEngine : public Engine {
 public:
  explicit RtlEngine(bool cc) : cc_(cc) {}
  const char* name() const override { return "rtl"; }
  int max_vl() const override { return top::Built().max_vl; }
  bool timed() const override { return true; }
  top::Report Run(const std::vector<top::Request>& reqs, const top::Options& opt) const override {
    return cc_ ? top::RunCc(reqs, opt) : top::RunSc(reqs, opt);
  }

 private:
  bool cc_;
};

}  // namespace

void CheckResponse(const top::Request& req, const Outcome& actual, size_t i,
                   const top::Options& opt, top::Report* rep, const Outcome* model) {
  const Case& c = req.c;
  top::Response& r = rep->responses.emplace_back();
  r.actual = actual;
  r.res = r.actual.res, r.fpsr = r.actual.fpsr;
  r.expected = req.expected ? *req.expected : model ? *model : Execute(c);
  if (static_cast<int64_t>(i) == opt.self_test_flip && !r.expected.res.empty()) {
    r.expected.res[0] ^= 1;
  }
  rep->checked_elements += IsScalarResult(c.op) ? 1 : Elements(c);
  if (r.expected.res == r.actual.res && r.expected.fpsr == r.actual.fpsr) return;
  r.mismatch = true;
  r.difference = DifferenceLines(c, r.expected, r.actual).at(0);
  ++rep->mismatch_count;
  if (rep->mismatches.size() < opt.max_mismatch_reports) {
    rep->mismatches.push_back(
        {i, DescribeCase(c) + "\n" + DescribeDifferences(c, r.expected, r.actual)});
  }
}

std::vector<std::string> EngineNames() { return {"rtl", "model"}; }

std::unique_ptr<Engine> MakeEngine(const std::string& name) {
  if (name == "rtl") return std::make_unique<RtlEngine>(false);
  if (name == "model") return std::make_unique<ModelEngine>();
  return nullptr;
}

std::unique_ptr<Engine> MakeCcEngine() {
  if (!top::Built().cc_loop) return nullptr;
  return std::make_unique<RtlEngine>(true);
}

std::string BuildDescription() {
  const top::BuildConfig cfg = top::Built();
  if (!cfg.rtl) return "model only: no RTL";
  return "vfadd_top MaxVecLenBits=" + std::to_string(cfg.max_vl) +
         " NumStages=" + std::to_string(cfg.stages);
}

}  // namespace vfadd::tool
