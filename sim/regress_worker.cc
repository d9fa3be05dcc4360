// SPDX-License-Identifier: Apache-2.0
// The worker process of vfadd regress: picks its cases (sampling coverage as it goes, steering
// towards holes on request), runs them on the RTL in batches, and reports to the parent.
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "engine.h"
#include "fcov.h"
#include "regress.h"
#include "regress_protocol.h"
#include "summary.h"
#include "vfadd/trace.h"

namespace vfadd::tool {

namespace {

// The cases of a worker, each sampled into the coverage database as it is picked: the seed's
// stream, or with --steer, when the stream's case hits no hole, a case aimed at one.
class CasePicker {
 public:
  CasePicker(const RegressPlan& plan, const fcov::Model& m, fcov::Db* db)
      : plan_(plan), model_(m), db_(db) {}
  // Case k of the worker's part and the golden model's outcome of it (computed by the coverage
  // model's sampling); *word: send it as an instruction word (SentAsWord).
  Case Pick(uint64_t k, bool* steered, bool* word, uint32_t* regs, Outcome* outcome) {
    Case c = GenerateCase(plan_.gen, plan_.Index(k));
    *word = plan_.dut.command.empty() && SentAsWord(plan_.Index(k), regs);  // a DUT gets lines
    word_ = *word;
    hits_.clear();
    outcome_ = model_.Sample(c, &hits_, word_);
    *steered = plan_.steer && !db_->HitsHole(hits_) && Steer(k, &c);
    db_->Add(hits_);
    *outcome = outcome_;
    return c;
  }
  uint64_t steered() const { return steered_; }

 private:
  static constexpr int kHolesPerCase = 8, kTriesPerHole = 4;
  static constexpr uint64_t kRefresh = 1000;  // cases between two scans for holes
  bool Steer(uint64_t k, Case* c) {
    if (next_ >= holes_.size() && picks_since_scan_ >= kRefresh) {
      holes_ = db_->Holes();
      next_ = 0, picks_since_scan_ = 0;
    }
    ++picks_since_scan_;
    for (int h = 0; h < kHolesPerCase && next_ < holes_.size(); ++h) {
      const size_t hole = holes_[next_++];
      GenOptions aimed;
      if (db_->count(hole) || !model_.Aim(hole, plan_.gen, &aimed)) continue;
      for (int j = 0; j < kTriesPerHole; ++j) {
        // Candidates come from a part of the stream no unsteered case uses (indices >= 2^48).
        const uint64_t salt = static_cast<uint64_t>(1 + h * kTriesPerHole + j) << 48;
        Case cand = GenerateCase(aimed, plan_.Index(k) ^ salt);
        other_.clear();
        const Outcome out = model_.Sample(cand, &other_, word_);
        if (db_->HitsHole(other_)) {
          *c = cand;
          outcome_ = out;
          hits_.swap(other_);
          ++steered_;
          return true;
        }
      }
    }
    return false;
  }
  const RegressPlan& plan_;
  const fcov::Model& model_;
  fcov::Db* db_;
  std::vector<uint32_t> hits_, other_;
  Outcome outcome_;
  std::vector<size_t> holes_;
  size_t next_ = 0;
  bool word_ = false;
  uint64_t picks_since_scan_ = kRefresh, steered_ = 0;
};

}  // namespace

void RegressWorker(const RegressPlan& plan, uint64_t first, uint64_t last, int fd) {
  FILE* out = fdopen(fd, "w");
  auto send = [out](const Message& m) { std::fputs(Encode(m).c_str(), out); };
  Summary sum(/*rtl=*/true);
  const fcov::Model model(plan.max_vl);
  fcov::Db db(model);
  CasePicker picker(plan, model, &db);
  std::vector<bool> steered;
  uint64_t cycles = 0;
  constexpr uint64_t kBatch = 1000;
  const std::unique_ptr<Engine> dut = plan.dut.command.empty() ? nullptr : MakeDutEngine(plan.dut);
  int status = 0;
  for (uint64_t k0 = first; k0 < last; k0 += kBatch) {
    const uint64_t k1 = std::min(last, k0 + kBatch);
    // A DUT may fail in the middle of the batch: the coverage is then that of the cases checked.
    std::optional<fcov::Db> before;
    if (dut) before = db;
    std::vector<top::Request> reqs(k1 - k0);
    steered.assign(k1 - k0, false);
    for (uint64_t k = k0; k < k1; ++k) {
      bool s = false, word = false;
      uint32_t regs = 0;
      Outcome want;
      top::Request& req = reqs[k - k0];
      req.c = picker.Pick(k, &s, &word, &regs, &want);
      req.expected = want;  // the scoreboard checks against it: no second model run
      steered[k - k0] = s;
      if (word) {
        req.raw = true;
        req.insn = top::EncodeCase(req.c, regs & 31, (regs >> 5) & 31, (regs >> 10) & 7);
      }
    }
    top::Options opt = plan.rtl;
    opt.seed = plan.rtl.seed * 1000003 + plan.Index(k0);  // the timing of this batch
    opt.max_mismatch_reports = 0;                         // the responses say it
    for (uint64_t k = k0; k < k1; ++k) {
      if (plan.flip >= 0 && plan.Index(k) == static_cast<uint64_t>(plan.flip)) {
        opt.self_test_flip = static_cast<int64_t>(k - k0);
      }
    }
    const top::Report rep = dut ? dut->Run(reqs, opt) : top::RunSc(reqs, opt);
    if (!rep.error.empty() && !dut) {
      char range[96];
      std::snprintf(range, sizeof range, "cases %" PRIu64 "..%" PRIu64 ": ", plan.Index(k0),
                    plan.Index(k1 - 1));
      send(Message::Error(range + rep.error));
      status = 1;
      break;
    }
    // A DUT that failed: the cases it answered before, then the error naming the case.
    const size_t checked = dut && !rep.error.empty() ? rep.responses.size() : reqs.size();
    for (size_t i = 0; i < checked; ++i) {
      const top::Response* r = i < rep.responses.size() ? &rep.responses[i] : nullptr;
      std::string what = r && r->mismatch ? r->difference : "";
      if (i == 0 && rep.assertion_failed && what.empty()) what = "an RTL assertion failed";
      // The case with its expected outcome (the harness reads no res or fpsr).
      const Case done = WithOutcome(reqs[i].c, *reqs[i].expected);
      sum.Add(done, !what.empty(), r ? r->response_cycle - r->accept_cycle : 0);
      if (what.empty()) continue;
      std::string head = steered[i] ? "(a steered case) " : "";
      if (reqs[i].raw) {
        char word[64];
        std::snprintf(word, sizeof word, "(sent as the instruction word %08x) ", reqs[i].insn);
        head += word;
      }
      send(Message::Failure(plan.Index(k0 + i), head + what));
      send(Message::FailureLine(FormatCase(done)));
    }
    cycles += rep.cycles;
    send(Message::Progress(checked));
    if (checked < reqs.size()) {
      db = *before;
      std::vector<uint32_t> hits;
      for (size_t i = 0; i < checked; ++i) {
        hits.clear();
        model.Sample(reqs[i].c, &hits, /*word=*/false);
        db.Add(hits);
      }
      send(Message::Error("case " + std::to_string(plan.Index(k0 + checked)) + " (seed " +
                          std::to_string(plan.gen.seed) + "): " + rep.error));
      status = 1;
    }
    std::fflush(out);
    if (status) break;
  }
  if (dut && !status) {
    if (const std::string err = dut->Finish(); !err.empty()) {
      send(Message::Error(err));
      status = 1;
    }
  }
  std::istringstream rows(sum.Serialize());
  for (std::string line; std::getline(rows, line);) send(Message::SummaryRow(line));
  send(Message::Cycles(cycles));
  send(Message::Steered(picker.steered()));
  std::istringstream cov(db.Serialize());
  for (std::string line; std::getline(cov, line);) send(Message::Coverage(line));
  std::fclose(out);
  std::_Exit(status);
}

}  // namespace vfadd::tool
