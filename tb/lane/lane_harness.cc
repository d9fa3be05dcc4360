// SPDX-License-Identifier: Apache-2.0
// The harness of vfadd_lane (lane_harness.h).
#include "lane_harness.h"

#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>

#include "gen.h"

namespace vfadd::lane {
namespace {

int Elems(Fmt f) { return 64 / fp_width(f); }

uint64_t Element(uint64_t word, Fmt f, int e) {
  return (word >> (e * fp_width(f))) & width_mask(f);
}

Fpcr ModelFpcr(const Op& op) {
  Fpcr c;
  c.bits = (uint32_t(op.rmode) << Fpcr::kRModeLsb) | (uint32_t(op.fz) << Fpcr::kFzBit) |
           (uint32_t(op.fz16) << Fpcr::kFz16Bit) | (uint32_t(op.dn) << Fpcr::kDnBit);
  return c;
}

uint64_t Pack(Fmt f, bool s, uint64_t exp, uint64_t frac) {
  const int m = man_bits(f), eb = exp_bits(f);
  return (uint64_t(s) << (m + eb)) | ((exp & ((uint64_t{1} << eb) - 1)) << m) |
         (frac & ((uint64_t{1} << m) - 1));
}

template <typename... T>
std::string Format(const char* fmt, T... args) {
  char buf[1024];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

std::string DescribeMismatch(uint64_t index, const Op& op, int e, uint64_t want, uint32_t want_f,
                             uint64_t got, uint32_t got_f) {
  const Fmt f = op.fmt;
  const uint64_t a = Element(op.op1, f, e), b = Element(op.op2, f, e);
  return Format("MISMATCH op #%" PRIu64
                " %s.%c element %d, %s\n"
                "  op1      %#" PRIx64 " (%s)\n  op2      %#" PRIx64
                " (%s)\n"
                "  expected %#" PRIx64 " (%s) %s\n  got      %#" PRIx64 " (%s) %s",
                index, op.sub ? "fsub" : "fadd", FmtLetter(f), e, FpcrText(op).c_str(), a,
                DescribeValue(f, a).c_str(), b, DescribeValue(f, b).c_str(), want,
                DescribeValue(f, want).c_str(), RtlFlagNames(want_f).c_str(), got,
                DescribeValue(f, got).c_str(), RtlFlagNames(got_f).c_str());
}

}  // namespace

Op ConfigOp(Fmt f, int cfg) {
  Op op;
  op.fmt = f;
  op.rmode = cfg & 3;
  op.fz = cfg >> 2 & 1;
  op.fz16 = cfg >> 3 & 1;
  op.dn = cfg >> 4 & 1;
  op.sub = cfg >> 5 & 1;
  return op;
}

std::string FpcrText(const Op& op) {
  static const char* const kModes[] = {"RN", "RP", "RM", "RZ"};
  return Format("%s fz=%d fz16=%d dn=%d", kModes[op.rmode & 3], op.fz, op.fz16, op.dn);
}

std::string ConfigText(int cfg) {
  const Op op = ConfigOp(Fmt::kH, cfg);
  return FpcrText(op) + (op.sub ? " fsub" : " fadd");
}

uint32_t RtlFpcr(const Op& op) {
  return (uint32_t(op.rmode) << 3) | (uint32_t(op.fz) << 2) | (uint32_t(op.fz16) << 1) |
         uint32_t(op.dn);
}

// Bit i of vfadd_pkg::fpsr_flags_t is the model's FPSR flag kRtlFlagOrder[i].
constexpr uint32_t kRtlFlagOrder[kFlagBits] = {kIOC, kOFC, kUFC, kIXC, kIDC};

uint32_t RtlFlagsFromModel(uint32_t f) {
  uint32_t rtl = 0;
  for (int i = 0; i < kFlagBits; i++) rtl |= (f & kRtlFlagOrder[i]) ? 1u << i : 0u;
  return rtl;
}

std::string RtlFlagNames(uint32_t rtl_flags) {
  uint32_t f = 0;
  for (int i = 0; i < kFlagBits; i++) f |= (rtl_flags >> i & 1) ? kRtlFlagOrder[i] : 0u;
  return FlagNames(f);
}

Expected Model(const Op& op) {
  Expected x;
  const int w = fp_width(op.fmt);
  const Fpcr fpcr = ModelFpcr(op);
  for (int e = 0; e < Elems(op.fmt); e++) {
    const uint64_t a = Element(op.op1, op.fmt, e), b = Element(op.op2, op.fmt, e);
    const FpResult r = op.sub ? FpSub(op.fmt, a, b, fpcr) : FpAdd(op.fmt, a, b, fpcr);
    x.result |= (r.bits & width_mask(op.fmt)) << (e * w);
    x.flags |= RtlFlagsFromModel(r.flags) << (e * kFlagBits);
  }
  return x;
}

// ---- stimulus ----------------------------------------------------------------------------------
std::vector<uint64_t> SpecialValues(Fmt f) {
  const int m = man_bits(f), eb = exp_bits(f), b = bias(f);
  const uint64_t fmask = (uint64_t{1} << m) - 1, emax = (uint64_t{1} << eb) - 1;
  const uint64_t qbit = uint64_t{1} << (m - 1);
  std::vector<uint64_t> t;
  for (int s = 0; s < 2; s++) {
    t.push_back(Pack(f, s, 0, 0));                 // zero
    t.push_back(Pack(f, s, 0, 1));                 // min denormal
    t.push_back(Pack(f, s, 0, fmask));             // max denormal
    t.push_back(Pack(f, s, 0, qbit | 3));          // a denormal
    t.push_back(Pack(f, s, 1, 0));                 // min normal
    t.push_back(Pack(f, s, 1, 1));                 // min normal + ulp
    t.push_back(Pack(f, s, 2, fmask));             // just below 4 * min normal
    t.push_back(Pack(f, s, emax - 1, fmask));      // max normal
    t.push_back(Pack(f, s, emax - 1, fmask - 1));  // max normal - ulp
    t.push_back(Pack(f, s, emax - 1, 0));          // the largest power of two
    t.push_back(Pack(f, s, b, 0));                 // 1.0
    t.push_back(Pack(f, s, b, 1));                 // 1.0 + ulp
    t.push_back(Pack(f, s, b - 1, fmask));         // 1.0 - ulp/2
    t.push_back(Pack(f, s, b + 1, 0));             // 2.0
    t.push_back(Pack(f, s, b - m - 1, 0));         // 2^-(m+1): half an ulp of 1.0
    t.push_back(Pack(f, s, b - m - 2, 1));         // below a quarter ulp of 1.0
    t.push_back(Pack(f, s, emax, 0));              // infinity
    t.push_back(Pack(f, s, emax, qbit));           // qNaN
    t.push_back(Pack(f, s, emax, qbit | 0x15));    // qNaN with payload
    t.push_back(Pack(f, s, emax, 1));              // sNaN
    t.push_back(Pack(f, s, emax, fmask & ~qbit));  // sNaN, full payload
  }
  return t;
}

std::vector<Op> DirectedOps() {
  std::vector<Op> ops;
  for (const Fmt f : kAllFmts) {
    const std::vector<uint64_t> t = SpecialValues(f);
    const int w = fp_width(f), n = Elems(f);
    std::vector<std::pair<uint64_t, uint64_t>> pairs;
    for (uint64_t a : t) {
      for (uint64_t b : t) pairs.push_back({a, b});
    }
    for (int cfg = 0; cfg < kConfigs; cfg++) {
      for (size_t i = 0; i < pairs.size(); i += n) {
        Op op = ConfigOp(f, cfg);
        for (int e = 0; e < n && i + e < pairs.size(); e++) {
          op.op1 |= pairs[i + e].first << (e * w);
          op.op2 |= pairs[i + e].second << (e * w);
        }
        ops.push_back(op);
      }
    }
  }
  return ops;
}

Op RandomOp(Rng& r) {
  const Fpcr fpcr{RandomFpcr(r)};
  Op op = ConfigOp(kAllFmts[r.Below(kNumFmts)], 0);
  op.rmode = int(fpcr.bits >> Fpcr::kRModeLsb & 3);
  op.fz = fpcr.bits >> Fpcr::kFzBit & 1;
  op.fz16 = fpcr.bits >> Fpcr::kFz16Bit & 1;
  op.dn = fpcr.bits >> Fpcr::kDnBit & 1;
  op.sub = r.Chance(50);
  RandomOperands(r, &op);
  return op;
}

void RandomOperands(Rng& r, Op* op) {
  const int w = fp_width(op->fmt);
  op->op1 = op->op2 = 0;
  for (int e = 0; e < Elems(op->fmt); e++) {
    uint64_t x, y;
    OperandPair(r, op->fmt, &x, &y);
    if (op->sub) y ^= sign_mask(op->fmt);  // the pair is meant to be added
    if (r.Chance(50)) std::swap(x, y);
    op->op1 |= x << (e * w);
    op->op2 |= y << (e * w);
  }
}

uint32_t Fp16Pair(uint64_t index) {
  // Each step is a bijection of 32-bit words: odd multiplications and xor-shifts.
  uint32_t x = uint32_t(index);
  x *= 0x9e3779b1u;
  x ^= x >> 15;
  x *= 0x85ebca77u;
  x ^= x >> 13;
  return x;
}

Op Fp16SweepOp(uint64_t first, uint64_t k, int cfg) {
  Op op = ConfigOp(Fmt::kH, cfg);
  for (int e = 0; e < kSlots; e++) {
    const uint32_t p = Fp16Pair(first + 4 * k + e);
    op.op1 |= uint64_t(p >> 16) << (16 * e);
    op.op2 |= uint64_t(p & 0xffff) << (16 * e);
  }
  return op;
}

OpSource DirectedSource() {
  auto ops = std::make_shared<std::vector<Op>>(DirectedOps());
  auto i = std::make_shared<size_t>(0);
  return [ops, i](Op* op) {
    if (*i >= ops->size()) return false;
    *op = (*ops)[(*i)++];
    return true;
  };
}

OpSource RandomSource(uint64_t seed, uint64_t count, int run) {
  auto r = std::make_shared<Rng>(seed);
  auto k = std::make_shared<uint64_t>(0);
  auto last = std::make_shared<Op>();
  return [=](Op* op) {
    if (*k >= count) return false;
    if (*k % uint64_t(run) == 0)
      *last = RandomOp(*r);
    else
      RandomOperands(*r, last.get());
    ++*k;
    *op = *last;
    return true;
  };
}

OpSource Fp16Source(uint64_t first_op, uint64_t count, int cfg) {
  auto k = std::make_shared<uint64_t>(0);
  return [=](Op* op) {
    if (*k >= count) return false;
    *op = Fp16SweepOp(4 * first_op, (*k)++, cfg);
    return true;
  };
}

OpSource Concat(OpSource a, OpSource b) {
  auto first_done = std::make_shared<bool>(false);
  return [=](Op* op) {
    if (!*first_done) {
      if (a(op)) return true;
      *first_done = true;
    }
    return b(op);
  };
}

// ---- the cycle loop ----------------------------------------------------------------------------
std::string RunResult::Summary() const {
  std::string s = Format("%" PRIu64 " ops in %" PRIu64 " cycles; elements h %" PRIu64 " s %" PRIu64
                         " d %" PRIu64 "; mismatches h %" PRIu64 " s %" PRIu64 " d %" PRIu64
                         "; protocol errors %" PRIu64,
                         ops, cycles, elements[0], elements[1], elements[2], mismatches[0],
                         mismatches[1], mismatches[2], protocol_errors);
  return s;
}

namespace {

bool SameControl(const Op& a, const Op& b) {
  return a.fmt == b.fmt && a.sub == b.sub && a.rmode == b.rmode && a.fz == b.fz &&
         a.fz16 == b.fz16 && a.dn == b.dn;
}

// Pulls lane ops from `next` and packs those with equal control into array ops.
class Packer {
 public:
  Packer(const OpSource& next, int lanes) : next_(next), lanes_(lanes) {}
  // The next array op's lane ops (1 .. lanes), or false when the source is exhausted.
  bool Next(std::vector<Op>* ops) {
    ops->clear();
    if (!have_ahead_) have_ahead_ = next_(&ahead_);
    while (have_ahead_ && int(ops->size()) < lanes_ &&
           (ops->empty() || SameControl(ops->front(), ahead_))) {
      ops->push_back(ahead_);
      have_ahead_ = next_(&ahead_);
    }
    return !ops->empty();
  }

 private:
  const OpSource& next_;
  int lanes_;
  Op ahead_;
  bool have_ahead_ = false;
};

}  // namespace

RunResult Simulate(LaneDut& dut, const OpSource& next, const RunOptions& opt, LaneDut* shadow) {
  struct InFlight {
    std::vector<Op> ops;   // the counted lanes
    uint64_t index;        // lane-op index of ops[0]
    uint64_t accepted_at;  // unstalled edges before acceptance
  };
  RunResult res;
  Rng r(opt.seed);
  auto report = [&](std::string text) {
    if (int(res.reports.size()) < opt.max_report) {
      std::printf("%s\n", text.c_str());
      res.reports.push_back(std::move(text));
    }
  };

  const int lanes = dut.lanes(), stages = dut.stages();
  dut.Reset();
  if (shadow) shadow->Reset();
  Packer packer(next, lanes);
  std::deque<InFlight> inflight;
  std::vector<Op> cur;
  ArrayIn in, drive;
  ArrayOut out, sh;
  in.op1.resize(lanes);
  in.op2.resize(lanes);
  bool have_op = false, more = true;
  uint64_t issued = 0, edges = 0, idle_cycles = 0;
  const uint64_t kMaxIdle = 1000;  // cycles with nothing accepted or delivered: the lane hangs

  while (true) {
    if (!have_op && more && !r.Chance(opt.bubble_pct)) {
      more = packer.Next(&cur);
      have_op = more;
      if (have_op) {
        in.ctl = cur.front();
        for (int l = 0; l < lanes; l++) {
          const Op& src = l < int(cur.size()) ? cur[l] : cur.front();
          in.op1[l] = src.op1;
          in.op2[l] = src.op2;
        }
      }
    }
    if (!have_op && !more && inflight.empty()) break;
    in.valid = have_op;
    in.stall = r.Chance(opt.stall_pct);
    if (!have_op) {  // junk on the idle inputs
      for (int l = 0; l < lanes; l++) in.op1[l] = r.Next(), in.op2[l] = r.Next();
    }
    const ArrayIn* driven = &in;
    if (opt.break_contract && in.stall && have_op) {
      drive = in;
      drive.op1[0] ^= uint64_t{1} << r.Below(64);
      driven = &drive;
    }

    dut.Cycle(*driven, &out);
    if (shadow) {
      shadow->Cycle(*driven, &sh);
      if (sh.valid != out.valid ||
          (out.valid && (sh.result != out.result || sh.flags != out.flags))) {
        res.protocol_errors++;
        report(Format("SHADOW: cycle %" PRIu64 ": %s valid=%d result[0]=%#" PRIx64
                      " flags[0]=%#x, %s valid=%d result[0]=%#" PRIx64 " flags[0]=%#x",
                      res.cycles, dut.name(), out.valid, out.result[0], out.flags[0],
                      shadow->name(), sh.valid, sh.result[0], sh.flags[0]));
      }
    }
    bool progressed = false;
    if (out.valid && !in.stall) {  // a result is taken at this edge
      progressed = true;
      if (inflight.empty()) {
        res.protocol_errors++;
        report(Format("PROTOCOL: cycle %" PRIu64 ": a result with nothing in flight", res.cycles));
      } else {
        const InFlight& f = inflight.front();
        if (edges - f.accepted_at != uint64_t(stages)) {
          res.protocol_errors++;
          report(Format("PROTOCOL: op #%" PRIu64 " came out after %" PRIu64
                        " unstalled cycles, expected %d",
                        f.index, edges - f.accepted_at, stages));
        }
        for (size_t l = 0; l < f.ops.size(); l++) {
          const Op& op = f.ops[l];
          const Expected x = Model(op);
          const int fi = FmtIndex(op.fmt), n = Elems(op.fmt);
          const uint64_t index = f.index + l;
          bool bad = false;
          for (int e = 0; e < kSlots; e++) {
            const uint32_t want_f = x.flags >> (e * kFlagBits) & 31;
            const uint32_t got_f = out.flags[l] >> (e * kFlagBits) & 31;
            const uint64_t want = e < n ? Element(x.result, op.fmt, e) : 0;
            const uint64_t got = e < n ? Element(out.result[l], op.fmt, e) : 0;
            if (e < n) res.elements[fi]++;
            if (want != got || want_f != got_f) {
              bad = true;
              res.mismatches[fi]++;
              report(e < n ? DescribeMismatch(index, op, e, want, want_f, got, got_f)
                           : Format("MISMATCH op #%" PRIu64 ": unused flag slot %d is %s", index, e,
                                    RtlFlagNames(got_f).c_str()));
            }
          }
          if (bad) res.mismatched_ops++;
        }
        const uint64_t before = res.ops;
        res.ops += f.ops.size();
        if (opt.progress && (before >> 20) != (res.ops >> 20)) opt.progress(res.ops);
        inflight.pop_front();
      }
    }
    if (have_op && !in.stall) {  // the presented op is accepted at this edge
      progressed = true;
      inflight.push_back({cur, issued, edges});
      issued += cur.size();
      have_op = false;
    }
    if (!in.stall) edges++;
    res.cycles++;
    idle_cycles = progressed ? 0 : idle_cycles + 1;
    if (idle_cycles > kMaxIdle) {
      res.protocol_errors++;
      report(Format("PROTOCOL: no progress for %" PRIu64 " cycles; %zu ops in flight lost",
                    kMaxIdle, inflight.size()));
      break;
    }
  }
  return res;
}

}  // namespace vfadd::lane
