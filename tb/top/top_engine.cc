// SPDX-License-Identifier: Apache-2.0
// The Engine shared by RunSc and RunCc (top_engine.h): request validation, pin values with
// junk in every ignored bit, the expected response (given, or from the golden model), idle
// cycles, backpressure, the in-order scoreboard, the watchdog and the wave window.
#include "top_engine.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <utility>

#include "vfadd/decode.h"
#include "vfadd/difference.h"
#include "vfadd/fp.h"
#include "vfadd/text.h"

namespace vfadd::top {

BuildConfig Built() {
  return {detail::kMaxVl, detail::kStages, detail::kTagBits, VFADD_TOP_CC_LOOP != 0};
}

uint32_t EncodeCase(const Case& c, int zd, int zm, int pg) {
  Insn insn;
  insn.kind = InsnKind::kArith;
  insn.op = c.op;
  insn.size = static_cast<int>(c.fmt);
  insn.zd = zd;
  insn.zn = zm;
  insn.zm = zm;
  insn.pg = pg;
  insn.imm_one = c.imm_one;
  return Encode(insn);
}

namespace detail {
namespace {

constexpr uint32_t kTagMask = kTagBits >= 32 ? ~0u : (1u << kTagBits) - 1;
constexpr int kNumOpCodes = 16, kNumFmtCodes = 4;

// Bits [0, bits) of w as a Bits of ceil(bits / 64) words.
Bits Low(const uint64_t* w, int bits) {
  Bits b(w, w + (bits + 63) / 64);
  if (bits % 64) b.back() &= (uint64_t{1} << (bits % 64)) - 1;
  return b;
}

// What request r asks the DUT to do: undef, or the op, fmt and imm_one it executes (decoded
// from the word of a raw request, from the codes given instead of c's).
struct Asked {
  bool undef = false;
  Op op = Op::kFadd;
  Fmt fmt = Fmt::kS;
  bool imm_one = false;
};
Asked AskedOf(const Request& r) {
  Asked k{false, r.c.op, r.c.fmt, r.c.imm_one};
  if (r.raw) {
    const Insn d = Decode(r.insn);
    k.undef = d.kind != InsnKind::kArith;
    if (!k.undef) k.op = d.op, k.fmt = d.fmt(), k.imm_one = d.imm_one;
  } else {
    const uint32_t op_code = r.op_code >= 0 ? r.op_code : static_cast<uint32_t>(r.c.op);
    const uint32_t fmt_code = r.fmt_code >= 0 ? r.fmt_code : static_cast<uint32_t>(r.c.fmt);
    k.undef =
        !IsValidOpCode(static_cast<int>(op_code)) || !IsValidFmtCode(static_cast<int>(fmt_code));
    if (!k.undef) k.op = static_cast<Op>(op_code), k.fmt = static_cast<Fmt>(fmt_code);
  }
  return k;
}

// Words of the result in the model's shape (Outcome::res).
size_t ResultWords(Op op, int vl) { return IsScalarResult(op) ? 1 : static_cast<size_t>(vl / 64); }

// The request as given, and the case as executed: "fadd s vl=... (raw insn ...)".
std::string CaseText(bool raw, uint32_t insn, int op_code, int fmt_code, Op op0, Fmt fmt0,
                     const Case& c, bool undef) {
  std::string s = undef ? Format("undef vl=%d fpcr=%08x", c.vl, c.fpcr) : DescribeCase(c);
  if (raw) s += Format(" (raw insn %08x)", insn);
  if (!raw && (op_code >= 0 || fmt_code >= 0)) {
    s += Format(" (op code %d, fmt code %d)", op_code >= 0 ? op_code : int(op0),
                fmt_code >= 0 ? fmt_code : int(fmt0));
  }
  return s;
}

}  // namespace

Engine::Engine(const std::vector<Request>& reqs, const Options& opt)
    : reqs_(&reqs),
      count_(reqs.size()),
      opt_(opt),
      drive_rng_(opt.seed * 0x9e3779b97f4a7c15ull + 1),
      monitor_rng_(opt.seed * 0xbf58476d1ce4e5b9ull + 2) {
  for (size_t i = 0; i < reqs.size() && rep_.error.empty(); ++i) rep_.error = Validate(i, reqs[i]);
  Start();
}

Engine::Engine(uint64_t count, const RequestFn& next, const Options& opt)
    : next_fn_(next),
      count_(count),
      opt_(opt),
      drive_rng_(opt.seed * 0x9e3779b97f4a7c15ull + 1),
      monitor_rng_(opt.seed * 0xbf58476d1ce4e5b9ull + 2) {
  if (!next_fn_) rep_.error = "no request maker";
  Start();
}

// The options, then the first cycle (in reset); an error found so far: nothing runs.
void Engine::Start() {
  for (size_t k = 0; k < opt_.resets.size() && rep_.error.empty(); ++k) {
    const Options::Reset& r = opt_.resets[k];
    if (r.cycles == 0) {
      rep_.error = Format("reset %zu: cycles must be at least 1", k);
    } else if (k > 0 && r.cycle < opt_.resets[k - 1].cycle + opt_.resets[k - 1].cycles) {
      rep_.error =
          Format("reset %zu: cycle %" PRIu64 " is before the end of reset %zu", k, r.cycle, k - 1);
    }
  }
  if (!rep_.error.empty()) {
    finished_ = true;
    return;
  }
  if (reqs_) rep_.responses.resize(count_);
  if (!opt_.resets.empty()) drain_left_ = kLongDrainCycles;
  if (opt_.wave_first_case >= 0 && opt_.wave_last_case < opt_.wave_first_case) {
    opt_.wave_last_case = opt_.wave_first_case;
  }
  Junk(drive_rng_, in_.a, kVecWords);
  Junk(drive_rng_, in_.b, kVecWords);
  Junk(drive_rng_, in_.pg, kPgWords);
  Plan();
}

// A request the harness cannot drive: the error names it.
std::string Engine::Validate(size_t i, const Request& r) const {
  const Case& c = r.c;
  if (!IsValidVl(c.vl)) {
    return Format("request %zu: vl %d is not a multiple of 128 from 128 to 2048", i, c.vl);
  }
  if (c.vl > kMaxVl) {
    return Format("request %zu: vl %d is above this build's MaxVecLenBits %d", i, c.vl, kMaxVl);
  }
  if (!r.raw && (r.op_code >= kNumOpCodes || r.fmt_code >= kNumFmtCodes)) {
    return Format("request %zu: op code %d / fmt code %d out of range", i, r.op_code, r.fmt_code);
  }
  const int vec_words = c.vl / 64, pg_words = (c.vl / 8 + 63) / 64;
  auto short_field = [&](const char* name, const Bits& b, int words) {
    return Format("request %zu: %s has %zu words, %s at vl %d needs %d", i, name, b.size(),
                  OpName(c.op), c.vl, words);
  };
  if (r.expected) {
    const Asked k = AskedOf(r);
    if (!k.undef && r.expected->res.size() < ResultWords(k.op, c.vl)) {
      return Format("request %zu: expected has %zu result words, %s at vl %d needs %zu", i,
                    r.expected->res.size(), OpName(k.op), c.vl, ResultWords(k.op, c.vl));
    }
  }
  if (r.raw) return "";  // what a raw request does not give is junk
  if (IsPredicated(c.op) && static_cast<int>(c.pg.size()) < pg_words) {
    return short_field("pg", c.pg, pg_words);
  }
  const int a_words = c.op == Op::kFadda ? 1 : c.op == Op::kFaddv ? 0 : vec_words;
  if (static_cast<int>(c.a.size()) < a_words) return short_field("a", c.a, a_words);
  const int b_words = IsImmediate(c.op) ? 0 : vec_words;
  if (static_cast<int>(c.b.size()) < b_words) return short_field("b", c.b, b_words);
  return "";
}

// Request `index`: from the list, or made now and validated (an invalid one ends the run).
const Request* Engine::Fetch(size_t index) {
  if (reqs_) return &(*reqs_)[index];
  made_ = next_fn_(index);
  rep_.error = Validate(index, made_);
  if (!rep_.error.empty()) {
    finished_ = true;
    return nullptr;
  }
  return &made_;
}

void Engine::Junk(Rng& r, uint64_t* words, int n) {
  for (int i = 0; i < n; ++i) words[i] = r.Next();
}

// Puts request `index` on the pins and queues what it must answer. Every bit the DUT must
// ignore (above VL, the predicate of unpredicated forms, Zm of the immediate forms, Zn of
// FADDA above the scalar, Zdn of FADDV, op/fmt/imm of raw requests) is random. False: the
// request is invalid (the run ends).
bool Engine::Present(size_t index) {
  const Request* rp = Fetch(index);
  if (rp == nullptr) return false;
  const Request& r = *rp;
  const Case& c = r.c;
  uint64_t seed = opt_.seed ^ (index * 0xd1b54a32d192ed03ull);
  Rng junk(SplitMix64(&seed));

  Expect x;
  x.index = index;
  x.tag = static_cast<uint32_t>(index) & kTagMask;
  x.raw = r.raw;
  x.insn = r.insn;
  x.op_code = r.op_code;
  x.fmt_code = r.fmt_code;
  x.op = c.op;
  x.fmt = c.fmt;
  // What the DUT is asked to do, and the codes on req_op_i, req_fmt_i (junk for a raw request).
  const Asked k = AskedOf(r);
  x.undef = k.undef;
  const Op op = k.op;
  const Fmt fmt = k.fmt;
  const bool imm_one = k.imm_one;
  uint32_t op_code = static_cast<uint32_t>(c.op), fmt_code = static_cast<uint32_t>(c.fmt);
  if (r.raw) {
    op_code = static_cast<uint32_t>(junk.Below(kNumOpCodes));
    fmt_code = static_cast<uint32_t>(junk.Below(kNumFmtCodes));
  } else {
    if (r.op_code >= 0) op_code = static_cast<uint32_t>(r.op_code);
    if (r.fmt_code >= 0) fmt_code = static_cast<uint32_t>(r.fmt_code);
  }

  in_.raw = r.raw;
  in_.insn = r.raw ? r.insn : static_cast<uint32_t>(junk.Next());
  in_.op = op_code;
  in_.fmt = fmt_code;
  // req_imm_one_i counts only for the immediate forms given by op and fmt.
  in_.imm_one = !r.raw && !x.undef && IsImmediate(op) ? imm_one : junk.Chance(50);
  in_.len = static_cast<uint32_t>(c.vl / 128 - 1);
  in_.fpcr = c.fpcr;
  in_.tag = x.tag;
  Junk(junk, in_.pg, kPgWords);
  Junk(junk, in_.a, kVecWords);
  Junk(junk, in_.b, kVecWords);
  const bool pred = IsPredicated(op), imm = IsImmediate(op);
  if (!c.pg.empty() && (pred || x.undef)) OverlayBits(in_.pg, c.pg, c.vl / 8);
  if (op == Op::kFadda && !x.undef) {
    OverlayBits(in_.a, c.a, c.a.empty() ? 0 : fp_width(fmt));
  } else if (op != Op::kFaddv || x.undef) {
    OverlayBits(in_.a, c.a, std::min<int>(c.vl, 64 * static_cast<int>(c.a.size())));
  }
  if (!imm || x.undef) {
    OverlayBits(in_.b, c.b, std::min<int>(c.vl, 64 * static_cast<int>(c.b.size())));
  }
  in_.payload_changed = true;

  Case& e = x.c;
  e.vl = c.vl;
  e.fpcr = c.fpcr;
  if (!x.undef) {
    // The case the model runs: exactly what is on the pins, read the way the architecture does.
    e.op = op;
    e.fmt = fmt;
    e.imm_one = imm_one;
    if (pred) e.pg = Low(in_.pg, c.vl / 8);
    if (op == Op::kFadda)
      e.a = Low(in_.a, 64);
    else if (op != Op::kFaddv)
      e.a = Low(in_.a, c.vl);
    if (!imm) e.b = Low(in_.b, c.vl);
    if (r.expected) {  // the caller computed it (on the case as given: the same architecturally)
      const auto first = r.expected->res.begin();
      x.want.res.assign(first, first + static_cast<std::ptrdiff_t>(ResultWords(op, c.vl)));
      x.want.fpsr = r.expected->fpsr;
    } else if (opt_.check) {
      x.want = Execute(e);
    }
    if (opt_.check && opt_.self_test_flip >= 0 &&
        static_cast<uint64_t>(opt_.self_test_flip) == index && !x.want.res.empty()) {
      x.want.res[0] ^= 1;
    }
  }
  inflight_.push_back(std::move(x));
  return true;
}

// A reset in the middle of the run starts (rst_ni low from this cycle): every accepted request
// is dropped; the one presented and not accepted stays, to be presented again after the reset.
void Engine::StartReset() {
  reset_run_left_ = opt_.resets[next_reset_++].cycles;
  ++rep_.resets;
  last_progress_ = cycle_;
  withdraw_next_ = flip_next_ = false;
  dropped_.clear();
  while (!inflight_.empty() && inflight_.front().accepted) {
    const Expect& x = inflight_.front();
    if (reqs_) rep_.responses[x.index].dropped = true;
    dropped_.push_back({x.tag, x.index});
    if (opt_.wave_first_case >= 0 && static_cast<int64_t>(x.index) == opt_.wave_last_case) {
      wave_closed_ = true;
    }
    ++rep_.dropped;
    ++resolved_;
    inflight_.pop_front();
  }
}

void Engine::Plan() {
  ++ticks_;
  in_.payload_changed = false;
  in_.rst_n = reset_left_ == 0;
  if (reset_left_ > 0) {
    in_.req_valid = false;
    in_.rsp_ready = false;
    in_.wave = false;
    return;
  }
  auto wave = [&] {
    if (!waves()) return false;
    if (opt_.wave_first_case >= 0) return wave_open_ && !wave_closed_;
    return cycle_ >= opt_.wave_first_cycle && cycle_ <= opt_.wave_last_cycle;
  };
  if (reset_run_left_ == 0 && next_reset_ < opt_.resets.size() &&
      cycle_ == opt_.resets[next_reset_].cycle) {
    StartReset();
  }
  if (reset_run_left_ > 0) {  // the request pins keep their values, valid is low
    in_.rst_n = false;
    in_.req_valid = false;
    in_.rsp_ready = false;
    in_.wave = wave();
    return;
  }
  // The monitor: backpressure.
  const bool stalled =
      cycle_ >= opt_.stall_first_cycle && cycle_ - opt_.stall_first_cycle < opt_.stall_cycles;
  in_.rsp_ready = !stalled && !(opt_.backpressure > 0 && Uniform(monitor_rng_) < opt_.backpressure);
  // The driver: the next request, or an idle cycle with junk on the request pins.
  if (!presenting_ && next_ < count_) {
    if (opt_.idle > 0 && Uniform(drive_rng_) < opt_.idle) {
      in_.insn = static_cast<uint32_t>(drive_rng_.Next());
      in_.a[0] = drive_rng_.Next();
      in_.b[kVecWords - 1] = drive_rng_.Next();
      in_.pg[0] = drive_rng_.Next();
      in_.op = static_cast<uint32_t>(drive_rng_.Below(kNumOpCodes));
      in_.payload_changed = true;
    } else {
      if (opt_.wave_first_case >= 0 && static_cast<int64_t>(next_) == opt_.wave_first_case) {
        wave_open_ = true;
      }
      if (!Present(next_++)) return;
      presenting_ = true;
    }
  }
  // The protocol breakers (armed by Edge for this cycle).
  if (flip_next_) {
    if (in_.raw)
      in_.op ^= 1;
    else
      in_.insn ^= 1;
    in_.payload_changed = true;
  }
  in_.req_valid = presenting_ && !withdraw_next_;
  withdraw_next_ = flip_next_ = false;
  in_.wave = wave();
}

void Engine::Edge(const Outputs& out) {
  if (finished_) return;
  if (SamplesAll()) {
    rep_.power_on_result.assign(out.result, out.result + kVecWords);
    rep_.power_on_tag = out.tag;
  }
  if (reset_left_ > 0) {
    --reset_left_;
    Plan();
    return;
  }
  if (reset_run_left_ > 0) {  // a cycle of a reset in the middle of the run
    if (out.rsp_valid) {
      ++rep_.unexpected;
      AddMismatch(resolved_, Format("cycle %" PRIu64 ": rsp_valid_o high during a reset", cycle_));
    }
    --reset_run_left_;
    last_progress_ = cycle_;
  } else {
    if (out.rsp_valid && in_.rsp_ready) OnResponse(out);
    if (in_.req_valid && out.req_ready) {  // the request on the pins is taken at this edge
      Expect& x = inflight_.back();
      x.accepted = true;
      x.accept_cycle = cycle_;
      presenting_ = false;
      ++rep_.accepted;
    } else if (in_.req_valid) {  // presented, not taken: a protocol breaker may strike next
      const int64_t i = static_cast<int64_t>(inflight_.back().index);
      if (opt_.break_valid_request >= 0 && i >= opt_.break_valid_request && !broke_valid_) {
        withdraw_next_ = broke_valid_ = true;
      }
      if (opt_.break_payload_request >= 0 && i >= opt_.break_payload_request && !broke_payload_) {
        flip_next_ = broke_payload_ = true;
      }
    }
  }
  if (resolved_ == count_ && next_reset_ == opt_.resets.size() && reset_run_left_ == 0) {
    if (drain_left_-- == 0) finished_ = true;
  } else if (resolved_ < count_ && cycle_ - last_progress_ >= opt_.watchdog_cycles) {
    const size_t next = inflight_.empty() ? next_ : inflight_.front().index;
    rep_.error = Format("watchdog: no response for %" PRIu64 " cycles (cycle %" PRIu64 "); %" PRIu64
                        " of %" PRIu64 " responses arrived, waiting for request %zu",
                        opt_.watchdog_cycles, cycle_, rep_.responded, count_, next);
    finished_ = true;
  }
  if (finished_) return;
  ++cycle_;
  Plan();
}

// A response taken: matched in order (the self-tests may hide it or show it twice).
void Engine::OnResponse(const Outputs& out) {
  last_progress_ = cycle_;
  const int64_t k = static_cast<int64_t>(taken_++);
  if (k == opt_.self_test_lose) return;
  Match(out);
  if (k == opt_.self_test_duplicate) Match(out);
}

// The response answers the oldest accepted request. A response with the tag of a later one
// means the ones before it were lost; the tag of the request answered last, a duplicate; the tag
// of a request the last reset dropped, or no accepted request at all, a response that answers
// nothing. An unknown tag is taken as the oldest's response, out of order.
void Engine::Match(const Outputs& out) {
  size_t p = 0;
  bool found = false;
  for (; p < inflight_.size() && inflight_[p].accepted; ++p) {
    if (inflight_[p].tag == out.tag) {
      found = true;
      break;
    }
  }
  if (!found) {
    if (have_last_ && out.tag == last_tag_) {
      ++rep_.duplicates;
      const std::string d =
          Format("a second response (tag %u) in cycle %" PRIu64 " (duplicated)", out.tag, cycle_);
      AddMismatch(last_index_, Format("request %zu: ", last_index_) + d);
      MarkMismatch(last_index_, d);
      return;
    }
    for (const auto& [tag, index] : dropped_) {
      if (tag != out.tag) continue;
      ++rep_.unexpected;
      const std::string d = Format("a response (tag %u) in cycle %" PRIu64
                                   ", after the reset "
                                   "that dropped it",
                                   out.tag, cycle_);
      AddMismatch(index, Format("request %zu: ", index) + d);
      MarkMismatch(index, d);
      return;
    }
    if (inflight_.empty() || !inflight_.front().accepted) {
      ++rep_.unexpected;
      AddMismatch(resolved_, Format("cycle %" PRIu64 ": a response (tag %u) with no request in "
                                    "flight",
                                    cycle_, out.tag));
      return;
    }
    p = 0;
  }
  for (size_t q = 0; q < p; ++q) {
    const Expect& lost = inflight_.front();
    ++rep_.lost;
    ++resolved_;
    AddMismatch(lost.index, Format("request %zu (tag %u): no response; the response of request %zu"
                                   " (tag %u) came first, in cycle %" PRIu64 " (lost)",
                                   lost.index, lost.tag, inflight_[p - q].index, out.tag, cycle_));
    MarkMismatch(lost.index, Format("no response; that of a later request (tag %u) came first, in "
                                    "cycle %" PRIu64 " (lost)",
                                    out.tag, cycle_));
    inflight_.pop_front();
  }
  const Expect& x = inflight_.front();
  Outcome actual = Actual(x, out);
  if (out.tag != x.tag) {
    const std::string d = Format("response tag %u in cycle %" PRIu64
                                 ", expected %u (responses "
                                 "out of order, lost or duplicated)",
                                 out.tag, cycle_, x.tag);
    AddMismatch(x.index, Format("request %zu: ", x.index) + d);
    MarkMismatch(x.index, d);
  } else if (opt_.check) {
    Check(x, out, actual);
  }
  if (reqs_) {
    Response& r = rep_.responses[x.index];
    r.res.assign(out.result, out.result + kVecWords);
    r.fpsr = out.fpsr;
    r.tag = out.tag;
    r.undef = out.rsp_undef;
    r.accept_cycle = x.accept_cycle;
    r.response_cycle = cycle_;
    r.expected = x.want;
    r.actual = std::move(actual);
  }
  if (opt_.check && !x.undef) rep_.checked_elements += Elements(x.c);
  if (opt_.wave_first_case >= 0 && static_cast<int64_t>(x.index) == opt_.wave_last_case) {
    wave_closed_ = true;
  }
  have_last_ = true;
  last_tag_ = x.tag;
  last_index_ = x.index;
  ++rep_.responded;
  ++resolved_;
  inflight_.pop_front();
}

// The RTL's answer in the model's shape: rsp_result_o below VL (below the scalar for FADDA,
// FADDV), the flags; for an undef expectation no result.
Outcome Engine::Actual(const Expect& x, const Outputs& out) const {
  Outcome a;
  a.fpsr = out.fpsr;
  if (!x.undef) a.res = Low(out.result, IsScalarResult(x.c.op) ? fp_width(x.c.fmt) : x.c.vl);
  return a;
}

// Compares one response with its expectation: first the rules the model's outcome cannot
// express (undef, zeros at and above VL, above the scalar), then every element and the flags
// (DifferenceLines).
void Engine::Check(const Expect& x, const Outputs& out, const Outcome& actual) {
  constexpr size_t kMaxLines = 8;
  std::vector<std::string> lines;
  if (out.rsp_undef != x.undef) {
    lines.push_back(Format("undef: expected %d, actual %d", x.undef, out.rsp_undef));
  }
  const int keep = x.undef ? 0 : IsScalarResult(x.c.op) ? fp_width(x.c.fmt) : x.c.vl;
  for (int wd = keep / 64; wd < kVecWords; ++wd) {
    const int lo = wd * 64 < keep ? keep - wd * 64 : 0;
    const uint64_t mask = lo == 0 ? ~uint64_t{0} : ~((uint64_t{1} << lo) - 1);
    if (out.result[wd] & mask) {
      lines.push_back(Format("bits [%d:%d] (%s): expected 0, actual %016" PRIx64, wd * 64 + 63,
                             wd * 64 + lo,
                             x.undef          ? "undef: all of them"
                             : keep == x.c.vl ? "at and above VL"
                                              : "above the scalar",
                             out.result[wd] & mask));
    }
  }
  for (std::string& l : DifferenceLines(x.c, x.want, actual)) lines.push_back(std::move(l));
  if (lines.empty()) return;
  MarkMismatch(x.index, lines[0]);
  std::string what = Format("request %zu: ", x.index) +
                     CaseText(x.raw, x.insn, x.op_code, x.fmt_code, x.op, x.fmt, x.c, x.undef) +
                     Format(" (tag %u, accepted in cycle %" PRIu64 ", answered in %" PRIu64 ")",
                            x.tag, x.accept_cycle, cycle_);
  for (size_t i = 0; i < lines.size() && i < kMaxLines; ++i) what += "\n  " + lines[i];
  if (lines.size() > kMaxLines) what += Format("\n  ... and %zu more", lines.size() - kMaxLines);
  AddMismatch(x.index, std::move(what));
}

void Engine::AddMismatch(size_t index, std::string what) {
  ++rep_.mismatch_count;
  if (rep_.mismatches.size() < opt_.max_mismatch_reports) {
    rep_.mismatches.push_back({index, std::move(what)});
  }
}

// The response of request `index` (a list run's) is wrong; the first difference named stays.
void Engine::MarkMismatch(size_t index, const std::string& difference) {
  if (!reqs_ || index >= rep_.responses.size()) return;
  Response& r = rep_.responses[index];
  if (!r.mismatch) r.difference = difference;
  r.mismatch = true;
}

Report Engine::Finish(bool assertion) {
  rep_.cycles = cycle_;
  rep_.assertion_failed = assertion;
  // What the scoreboard still waits for (only a run cut short leaves anything).
  rep_.leftover = inflight_.size();
  if (rep_.leftover > 0) {
    const std::string left = Format("the scoreboard is not empty at the end: %" PRIu64
                                    " request(s) presented and not "
                                    "answered, request %zu first",
                                    rep_.leftover, inflight_.front().index);
    rep_.error = rep_.error.empty() ? left : rep_.error + "; " + left;
  }
  if (assertion) {
    const std::string a = "an RTL assertion failed (the %Error lines above name it)";
    rep_.error = rep_.error.empty() ? a : rep_.error + "; " + a;
  }
  return std::move(rep_);
}

}  // namespace detail
}  // namespace vfadd::top
