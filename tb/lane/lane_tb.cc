// SPDX-License-Identifier: Apache-2.0
// Verilator harness for vfadd_lane: directed special-value tables and biased random operations
// in every format, rounding mode and FZ/FZ16/DN setting, with random stalls and bubbles; every
// element and flag is checked against the golden model (vfadd::FpAdd / FpSub), and the order,
// count and latency of the results are checked against what was accepted.
//
// Usage: lane_tb [--count N] [--seed S] [--stall PCT] [--bubble PCT] [--no-directed]
//                [--max-report N]
//        lane_tb --bench [--count N]   lane-operations per second of the Verilated lane (no
//                checking, no stalls) and of the golden model on the same random operations
//        lane_tb --h-sweep FIRST:COUNT [--cfg C]  FP16 pairs FIRST .. FIRST+COUNT-1 of the 2^32
//                (pair i = op1 i>>16, op2 i&0xffff), four per lane op, one FPCR setting
//                C = rmode | fz<<2 | fz16<<3 | dn<<4 | sub<<5 (default 0)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vvfadd_lane.h"
#include "verilated.h"
#include "vfadd/fp.h"

#ifndef VFADD_NUM_STAGES
#error "VFADD_NUM_STAGES must be defined (the lane's NumStages)"
#endif

namespace {

using vfadd::Fmt;

constexpr int kSlots = 4;
constexpr int kFlagBits = 5;

// RTL format codes equal the model's Fmt values (the SVE size field).
struct Op {
  Fmt fmt = Fmt::kD;
  bool sub = false;
  int rmode = 0;
  bool fz = false, fz16 = false, dn = false;
  uint64_t op1 = 0, op2 = 0;
  uint64_t accept_adv = 0;  // unstalled-edge count when accepted
};

vfadd::Fpcr ModelFpcr(const Op& op) {
  vfadd::Fpcr c;
  c.bits = (uint32_t(op.rmode) << vfadd::Fpcr::kRModeLsb) |
           (uint32_t(op.fz) << vfadd::Fpcr::kFzBit) |
           (uint32_t(op.fz16) << vfadd::Fpcr::kFz16Bit) | (uint32_t(op.dn) << vfadd::Fpcr::kDnBit);
  return c;
}

// vfadd_pkg::fpcr_t = {rmode[1:0], fz, fz16, dn}.
uint32_t RtlFpcr(const Op& op) {
  return (uint32_t(op.rmode) << 3) | (uint32_t(op.fz) << 2) | (uint32_t(op.fz16) << 1) |
         uint32_t(op.dn);
}

// vfadd_pkg::fpsr_flags_t = {idc, ixc, ufc, ofc, ioc}.
uint32_t RtlFlagsFromModel(uint32_t f) {
  return ((f & vfadd::kIOC) ? 1u : 0u) | ((f & vfadd::kOFC) ? 2u : 0u) |
         ((f & vfadd::kUFC) ? 4u : 0u) | ((f & vfadd::kIXC) ? 8u : 0u) |
         ((f & vfadd::kIDC) ? 16u : 0u);
}

std::string RtlFlagNames(uint32_t f) {
  std::string s;
  const char* names[] = {"IOC", "OFC", "UFC", "IXC", "IDC"};
  for (int i = 0; i < 5; i++)
    if (f >> i & 1) s += std::string(s.empty() ? "" : "|") + names[i];
  return s.empty() ? "-" : s;
}

struct Expected {
  uint64_t result = 0;
  uint32_t flags = 0;  // RTL layout, kSlots slots
};

Expected Model(const Op& op) {
  Expected x;
  const int w = vfadd::fp_width(op.fmt);
  const int n = 64 / w;
  const vfadd::Fpcr fpcr = ModelFpcr(op);
  for (int e = 0; e < n; e++) {
    const uint64_t a = (op.op1 >> (e * w)) & vfadd::width_mask(op.fmt);
    const uint64_t b = (op.op2 >> (e * w)) & vfadd::width_mask(op.fmt);
    const vfadd::FpResult r =
        op.sub ? vfadd::FpSub(op.fmt, a, b, fpcr) : vfadd::FpAdd(op.fmt, a, b, fpcr);
    x.result |= (r.bits & vfadd::width_mask(op.fmt)) << (e * w);
    x.flags |= RtlFlagsFromModel(r.flags) << (e * kFlagBits);
  }
  return x;
}

// ---- stimulus ------------------------------------------------------------------------------------
struct Gen {
  std::mt19937_64 rng;
  explicit Gen(uint64_t seed) : rng(seed) {}
  uint64_t Bits() { return rng(); }
  uint64_t Below(uint64_t n) { return n ? rng() % n : 0; }
  bool Pct(int p) { return int(rng() % 100) < p; }

  static uint64_t Pack(Fmt f, bool s, uint64_t exp, uint64_t frac) {
    const int m = vfadd::man_bits(f), eb = vfadd::exp_bits(f);
    return (uint64_t(s) << (m + eb)) | ((exp & ((uint64_t{1} << eb) - 1)) << m) |
           (frac & ((uint64_t{1} << m) - 1));
  }

  // The special-value table of a format (both signs).
  static std::vector<uint64_t> Specials(Fmt f) {
    const int m = vfadd::man_bits(f), eb = vfadd::exp_bits(f);
    const uint64_t fmask = (uint64_t{1} << m) - 1, emax = (uint64_t{1} << eb) - 1;
    const uint64_t qbit = uint64_t{1} << (m - 1);
    std::vector<uint64_t> t;
    for (int s = 0; s < 2; s++) {
      t.push_back(Pack(f, s, 0, 0));                        // zero
      t.push_back(Pack(f, s, 0, 1));                        // min denormal
      t.push_back(Pack(f, s, 0, fmask));                    // max denormal
      t.push_back(Pack(f, s, 0, qbit | 3));                 // a denormal
      t.push_back(Pack(f, s, 1, 0));                        // min normal
      t.push_back(Pack(f, s, 1, 1));                        // min normal + ulp
      t.push_back(Pack(f, s, 2, fmask));                    // just below 2 * min normal
      t.push_back(Pack(f, s, emax - 1, fmask));             // max normal
      t.push_back(Pack(f, s, emax - 1, fmask - 1));         // max normal - ulp
      t.push_back(Pack(f, s, emax - 1, 0));                 // 2^emax
      t.push_back(Pack(f, s, vfadd::bias(f), 0));           // 1.0
      t.push_back(Pack(f, s, vfadd::bias(f), 1));           // 1.0 + ulp
      t.push_back(Pack(f, s, vfadd::bias(f) - 1, fmask));   // 1.0 - ulp/2
      t.push_back(Pack(f, s, vfadd::bias(f) + 1, 0));       // 2.0
      t.push_back(Pack(f, s, vfadd::bias(f) - m - 1, 0));   // 2^-(m+1): a half ulp of 1.0
      t.push_back(Pack(f, s, vfadd::bias(f) - m - 2, 1));   // below a quarter ulp of 1.0
      t.push_back(Pack(f, s, emax, 0));                     // infinity
      t.push_back(Pack(f, s, emax, qbit));                  // qNaN
      t.push_back(Pack(f, s, emax, qbit | 0x15));           // qNaN with payload
      t.push_back(Pack(f, s, emax, 1));                     // sNaN
      t.push_back(Pack(f, s, emax, fmask & ~qbit));         // sNaN, full payload
    }
    return t;
  }

  // A biased element; `ref` is the other operand (for cancellation and close exponents).
  uint64_t Elem(Fmt f, const std::vector<uint64_t>& specials, bool have_ref, uint64_t ref) {
    const int m = vfadd::man_bits(f), eb = vfadd::exp_bits(f);
    const uint64_t fmask = (uint64_t{1} << m) - 1, emax = (uint64_t{1} << eb) - 1;
    const int k = int(Below(100));
    if (k < 10) return specials[Below(specials.size())];
    if (k < 30) return Bits() & vfadd::width_mask(f);
    if (k < 65 && have_ref) {
      // Close to ref: exponent within +-3, significand near, either sign.
      const uint64_t rexp = (ref >> m) & emax;
      int64_t e = int64_t(rexp) + int64_t(Below(7)) - 3;
      if (e < 0) e = 0;
      if (e > int64_t(emax)) e = int64_t(emax);
      uint64_t frac = ref & fmask;
      switch (Below(4)) {
        case 0: frac = Bits(); break;
        case 1: frac += Below(5) - 2; break;
        case 2: frac ^= uint64_t{1} << Below(m); break;
        default: frac = fmask - Below(4); break;
      }
      return Pack(f, Bits() & 1, uint64_t(e), frac);
    }
    if (k < 80) {  // near the denormal range
      return Pack(f, Bits() & 1, Below(4), Pct(50) ? Bits() : Bits() >> (Below(64)));
    }
    if (k < 90) {  // near the overflow threshold
      return Pack(f, Bits() & 1, emax - 1 - Below(3), Pct(50) ? Bits() : fmask - Below(8));
    }
    // Random normal with a random frac of few bits set (ties).
    return Pack(f, Bits() & 1, 1 + Below(emax - 1), Pct(50) ? (Bits() & (Bits() | ~fmask)) :
                                                             (uint64_t{1} << Below(m)));
  }
};

Fmt FmtOf(int i) { return i == 0 ? Fmt::kH : i == 1 ? Fmt::kS : Fmt::kD; }

// An op of format f with FPCR and add/sub from cfg = rmode | fz<<2 | fz16<<3 | dn<<4 | sub<<5.
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

// Directed: every ordered pair of the special table, per element slot, in every format,
// rounding mode, FZ/FZ16/DN setting and for add and sub.
void Directed(std::vector<Op>* ops) {
  for (int fi = 0; fi < 3; fi++) {
    const Fmt f = FmtOf(fi);
    const std::vector<uint64_t> t = Gen::Specials(f);
    const int w = vfadd::fp_width(f), n = 64 / w;
    for (int cfg = 0; cfg < 4 * 8 * 2; cfg++) {
      // Pack n consecutive pairs into one lane op.
      std::vector<std::pair<uint64_t, uint64_t>> pairs;
      for (uint64_t a : t)
        for (uint64_t b : t) pairs.push_back({a, b});
      for (size_t i = 0; i < pairs.size(); i += n) {
        Op op = ConfigOp(f, cfg);
        for (int e = 0; e < n && i + e < pairs.size(); e++) {
          op.op1 |= pairs[i + e].first << (e * w);
          op.op2 |= pairs[i + e].second << (e * w);
        }
        ops->push_back(op);
      }
    }
  }
}

Op RandomOp(Gen& g, const std::vector<uint64_t>* specials) {
  Op op;
  const int fi = int(g.Below(3));
  op.fmt = FmtOf(fi);
  op.sub = g.Bits() & 1;
  op.rmode = int(g.Below(4));
  op.fz = g.Bits() & 1;
  op.fz16 = g.Bits() & 1;
  op.dn = g.Bits() & 1;
  const int w = vfadd::fp_width(op.fmt), n = 64 / w;
  for (int e = 0; e < n; e++) {
    const uint64_t a = g.Elem(op.fmt, specials[fi], false, 0);
    const uint64_t b = g.Elem(op.fmt, specials[fi], true, a);
    const bool swap = g.Bits() & 1;
    op.op1 |= (swap ? b : a) << (e * w);
    op.op2 |= (swap ? a : b) << (e * w);
  }
  return op;
}

struct Args {
  uint64_t count = 1000000;
  uint64_t seed = 1;
  int stall = 20;
  int bubble = 10;
  bool directed = true;
  int max_report = 10;
  bool sweep = false;
  uint64_t sweep_first = 0, sweep_count = 0;
  int cfg = 0;
  bool bench = false;
};

// Lane op k of an FP16 sweep: pairs first + 4k .. first + 4k + 3.
Op SweepOp(const Args& a, uint64_t k) {
  Op op = ConfigOp(Fmt::kH, a.cfg);
  for (int e = 0; e < 4; e++) {
    const uint64_t i = a.sweep_first + 4 * k + e;
    op.op1 |= ((i >> 16) & 0xffff) << (16 * e);
    op.op2 |= (i & 0xffff) << (16 * e);
  }
  return op;
}

Args Parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; i++) {
    const std::string s = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "lane_tb: %s needs a value\n", s.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (s == "--count") a.count = std::strtoull(next(), nullptr, 0);
    else if (s == "--seed") a.seed = std::strtoull(next(), nullptr, 0);
    else if (s == "--stall") a.stall = std::atoi(next());
    else if (s == "--bubble") a.bubble = std::atoi(next());
    else if (s == "--no-directed") a.directed = false;
    else if (s == "--max-report") a.max_report = std::atoi(next());
    else if (s == "--bench") a.bench = true;
    else if (s == "--cfg") a.cfg = std::atoi(next()) & 63;
    else if (s == "--h-sweep") {
      const std::string v = next();
      const size_t c = v.find(':');
      if (c == std::string::npos) {
        std::fprintf(stderr, "lane_tb: --h-sweep needs FIRST:COUNT\n");
        std::exit(2);
      }
      a.sweep = true;
      a.directed = false;
      a.sweep_first = std::strtoull(v.substr(0, c).c_str(), nullptr, 0);
      a.sweep_count = std::strtoull(v.substr(c + 1).c_str(), nullptr, 0);
      a.count = (a.sweep_count + 3) / 4;
    }
    else if (s.rfind("+verilator", 0) == 0) continue;
    else {
      std::fprintf(stderr, "lane_tb: unknown argument '%s'\n", s.c_str());
      std::exit(2);
    }
  }
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = Parse(argc, argv);
  const auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(2);
  ctx->commandArgs(argc, argv);
  const auto dut = std::make_unique<Vvfadd_lane>(ctx.get(), "lane");

  Gen g(args.seed);
  std::vector<uint64_t> specials[3] = {Gen::Specials(Fmt::kH), Gen::Specials(Fmt::kS),
                                       Gen::Specials(Fmt::kD)};

  if (args.bench) {
    std::vector<Op> ops;
    ops.reserve(args.count);
    for (uint64_t i = 0; i < args.count; i++) ops.push_back(RandomOp(g, specials));
    // Golden model.
    uint64_t sink = 0;
    auto b0 = std::chrono::steady_clock::now();
    for (const Op& op : ops) {
      const Expected x = Model(op);
      sink += x.result ^ x.flags;
    }
    const double model_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - b0).count();
    // Verilated lane: one op per cycle, outputs read every cycle.
    dut->rst_ni = 0;
    dut->clk_i = 0;
    dut->eval();
    dut->rst_ni = 1;
    dut->stall_i = 0;
    dut->valid_i = 1;
    b0 = std::chrono::steady_clock::now();
    for (const Op& op : ops) {
      dut->fmt_i = uint8_t(op.fmt);
      dut->sub_i = op.sub;
      dut->fpcr_i = RtlFpcr(op);
      dut->op1_i = op.op1;
      dut->op2_i = op.op2;
      dut->clk_i = 0;
      dut->eval();
      dut->clk_i = 1;
      dut->eval();
      sink += dut->result_o ^ dut->flags_o;
    }
    const double lane_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - b0).count();
    std::printf("bench NumStages=%d, %llu random lane ops (mixed H/S/D; checksum %llx)\n",
                VFADD_NUM_STAGES, (unsigned long long)ops.size(), (unsigned long long)sink);
    std::printf("  verilated lane: %.3f M lane-ops/s (%.2f s)\n", ops.size() / lane_s / 1e6,
                lane_s);
    std::printf("  golden model:   %.3f M lane-ops/s (%.2f s)\n", ops.size() / model_s / 1e6,
                model_s);
    std::printf("  lane / model:   %.2f\n", model_s / lane_s);
    dut->final();
    return 0;
  }

  std::vector<Op> directed;
  if (args.directed) Directed(&directed);
  const uint64_t total = directed.size() + args.count;

  // Reset.
  dut->clk_i = 0;
  dut->rst_ni = 0;
  dut->valid_i = 0;
  dut->stall_i = 0;
  dut->eval();
  dut->clk_i = 1;
  dut->eval();
  dut->clk_i = 0;
  dut->rst_ni = 1;
  dut->eval();

  std::deque<Op> inflight;
  uint64_t issued = 0, checked = 0, adv = 0, cycles = 0;
  uint64_t mismatched_ops = 0, mismatched_elems = 0, protocol_errors = 0;
  uint64_t elems_by_fmt[3] = {0, 0, 0}, mism_by_fmt[3] = {0, 0, 0};
  int reported = 0;
  Op cur;
  bool have_cur = false;

  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t max_cycles = total * 4 + 1000;
  while (checked < total && cycles < max_cycles) {
    // Inputs for this cycle. A presented op stays presented until accepted.
    const bool stall = g.Pct(args.stall);
    if (!have_cur && issued < total && !g.Pct(args.bubble)) {
      cur = issued < directed.size() ? directed[issued]
            : args.sweep             ? SweepOp(args, issued)
                                     : RandomOp(g, specials);
      have_cur = true;
      issued++;
    }
    dut->stall_i = stall;
    dut->valid_i = have_cur;
    if (have_cur) {
      dut->fmt_i = uint8_t(cur.fmt);
      dut->sub_i = cur.sub;
      dut->fpcr_i = RtlFpcr(cur);
      dut->op1_i = cur.op1;
      dut->op2_i = cur.op2;
    } else {
      // Junk on the data inputs of an idle cycle.
      dut->fmt_i = g.Below(4);
      dut->op1_i = g.Bits();
      dut->op2_i = g.Bits();
    }
    dut->clk_i = 0;
    dut->eval();

    // Output consumed at this edge?
    if (dut->valid_o && !stall) {
      if (inflight.empty()) {
        if (protocol_errors++ < 10) std::printf("PROTOCOL: result with nothing in flight\n");
      } else {
        const Op op = inflight.front();
        inflight.pop_front();
        if (adv - op.accept_adv != VFADD_NUM_STAGES) {
          if (protocol_errors++ < 10)
            std::printf("PROTOCOL: latency %llu, expected %d\n",
                        (unsigned long long)(adv - op.accept_adv), VFADD_NUM_STAGES);
        }
        const Expected x = Model(op);
        const uint64_t got_r = dut->result_o;
        const uint32_t got_f = dut->flags_o;
        const int w = vfadd::fp_width(op.fmt), n = 64 / w;
        const int fi = op.fmt == Fmt::kH ? 0 : op.fmt == Fmt::kS ? 1 : 2;
        bool bad = false;
        for (int e = 0; e < kSlots; e++) {
          const uint32_t ef = (x.flags >> (e * kFlagBits)) & 31;
          const uint32_t gf = (got_f >> (e * kFlagBits)) & 31;
          uint64_t er = 0, gr = 0;
          if (e < n) {
            er = (x.result >> (e * w)) & vfadd::width_mask(op.fmt);
            gr = (got_r >> (e * w)) & vfadd::width_mask(op.fmt);
            elems_by_fmt[fi]++;
          }
          if (er != gr || ef != gf) {
            bad = true;
            mismatched_elems++;
            if (e < n) mism_by_fmt[fi]++;
            if (reported < args.max_report) {
              reported++;
              const uint64_t a = (op.op1 >> (e * w)) & vfadd::width_mask(op.fmt);
              const uint64_t b = (op.op2 >> (e * w)) & vfadd::width_mask(op.fmt);
              std::printf(
                  "MISMATCH op#%llu %s.%c elem %d rm=%d fz=%d fz16=%d dn=%d\n"
                  "  op1 %#llx (%s)\n  op2 %#llx (%s)\n"
                  "  expected %#llx (%s) %s\n  got      %#llx (%s) %s\n",
                  (unsigned long long)checked, op.sub ? "fsub" : "fadd", vfadd::FmtLetter(op.fmt),
                  e, op.rmode, op.fz, op.fz16, op.dn, (unsigned long long)a,
                  vfadd::DescribeValue(op.fmt, a).c_str(), (unsigned long long)b,
                  vfadd::DescribeValue(op.fmt, b).c_str(), (unsigned long long)er,
                  vfadd::DescribeValue(op.fmt, er).c_str(), RtlFlagNames(ef).c_str(),
                  (unsigned long long)gr, vfadd::DescribeValue(op.fmt, gr).c_str(),
                  RtlFlagNames(gf).c_str());
            }
          }
        }
        if (n * w < 64 && (got_r >> (n * w)) != 0) bad = true;
        if (bad) mismatched_ops++;
        checked++;
      }
    }
    // Input accepted at this edge?
    if (have_cur && !stall) {
      cur.accept_adv = adv;
      inflight.push_back(cur);
      have_cur = false;
    }
    dut->clk_i = 1;
    dut->eval();
    if (!stall) adv++;
    cycles++;
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  dut->final();

  if (checked < total) {
    std::printf("PROTOCOL: only %llu of %llu results came out\n", (unsigned long long)checked,
                (unsigned long long)total);
    protocol_errors++;
  }
  std::printf("lane NumStages=%d seed=%llu: %llu ops (%llu directed), %llu cycles, stall %d%%\n",
              VFADD_NUM_STAGES, (unsigned long long)args.seed, (unsigned long long)checked,
              (unsigned long long)directed.size(), (unsigned long long)cycles, args.stall);
  const char* fn[3] = {"h", "s", "d"};
  for (int i = 0; i < 3; i++)
    std::printf("  %s: %llu elements, %llu mismatches\n", fn[i],
                (unsigned long long)elems_by_fmt[i], (unsigned long long)mism_by_fmt[i]);
  std::printf("mismatched ops %llu, mismatched element slots %llu, protocol errors %llu\n",
              (unsigned long long)mismatched_ops, (unsigned long long)mismatched_elems,
              (unsigned long long)protocol_errors);
  std::printf("wall %.2f s (simulation + model + stimulus)\n", secs);
  return (mismatched_ops || protocol_errors) ? 1 : 0;
}
