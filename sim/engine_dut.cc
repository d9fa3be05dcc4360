// SPDX-License-Identifier: Apache-2.0
// The external DUT engine (engine.h MakeDutEngine, docs/dut-protocol.md): each request sent as a
// stimulus line to the DUT process (lib/dut.h), each answer parsed as a checked line, matched
// with the case sent, and checked against the golden model like any engine's outcome.
#include <memory>

#include "engine.h"
#include "vfadd/text.h"
#include "vfadd/trace.h"

namespace vfadd::tool {

namespace {

// "" when `got` answers `sent` (the stimulus fields op t vl fpcr pg a b agree), else which field
// differs, as trace-format.md numbers them.
std::string OtherCase(const Case& sent, const Case& got) {
  struct Field {
    int number;
    const char* name;
    bool same;
  };
  const Field fields[] = {
      {1, "op", sent.op == got.op},
      {2, "t", sent.fmt == got.fmt},
      {3, "vl", sent.vl == got.vl},
      {4, "fpcr", sent.fpcr == got.fpcr},
      {5, "pg", sent.pg == got.pg},
      {6, "a", sent.a == got.a},
      {7, "b", sent.b == got.b && sent.imm_one == got.imm_one},
  };
  for (const Field& f : fields) {
    if (!f.same) return "field " + std::to_string(f.number) + " '" + f.name + "'";
  }
  return "";
}

class DutEngine : public Engine {
 public:
  explicit DutEngine(const DutConfig& cfg) : cfg_(cfg), proc_(std::make_unique<DutProcess>(cfg)) {}
  const char* name() const override { return "dut"; }
  int max_vl() const override { return kMaxVl; }
  bool timed() const override { return false; }

  top::Report Run(const std::vector<top::Request>& reqs, const top::Options& opt) const override {
    top::Report rep;
    rep.responses.reserve(reqs.size());
    const std::string error = proc_->Exchange(
        reqs.size(),
        [&](size_t i) {
          Case c = reqs[i].c;
          c.checked = false;
          return FormatCase(c);
        },
        [&](size_t i, const std::string& text) { return Answer(reqs[i], i, text, opt, &rep); });
    if (!error.empty()) {
      // Name the DUT's output line for every error (the answer errors name it already).
      const bool named = error.rfind("its output line ", 0) == 0;
      rep.error =
          Who() +
          (named ? "" : "after its output line " + std::to_string(proc_->output_lines()) + ", ") +
          error;
    }
    return rep;
  }

  std::string Finish() const override {
    const std::string error = proc_->Close();
    return error.empty() ? "" : Who() + error;
  }

 private:
  std::string Who() const { return "the DUT ('" + cfg_.command + "'): "; }

  // Checks one answer line; "" or why it is no answer to the request.
  std::string Answer(const top::Request& req, size_t i, const std::string& text,
                     const top::Options& opt, top::Report* rep) const {
    const std::string at = "its output line " + std::to_string(proc_->output_lines()) + ": ";
    Case got;
    std::string err;
    if (ParseTraceLine(text, &got, &err) != LineKind::kCase) {
      return at + "expected a checked trace line, got garbage: " + err + " (line '" +
             text.substr(0, 60) + (text.size() > 60 ? "...'" : "'") + ")";
    }
    if (!got.checked) {
      return at + "expected a checked line (with res and fpsr), got a stimulus line";
    }
    const std::string other = OtherCase(req.c, got);
    if (!other.empty()) {
      return at + "answers another case (" + other +
             " differs from the case sent): answers out of order or a changed stimulus";
    }
    CheckResponse(req, Outcome{got.res, got.fpsr}, i, opt, rep);
    return "";
  }

  DutConfig cfg_;
  std::unique_ptr<DutProcess> proc_;  // the engine is const to its users; the process is not
};

}  // namespace

std::unique_ptr<Engine> MakeDutEngine(const DutConfig& cfg) {
  return std::make_unique<DutEngine>(cfg);
}

}  // namespace vfadd::tool
