// SPDX-License-Identifier: Apache-2.0
// vfadd_top's Yosys gate netlist against its RTL, cycle by cycle (CTest top_netlist_vl<VL>_s<N>).
//
// The netlist (constraints/qor.py netlist: the QoR flow of docs/qor-flow.md, Verilated --cc as
// Vtop_gl) and the RTL (the --cc model of the library vfadd_top_vl<VL>_s<N>, VFADD_GL_RTL_CLASS)
// get the same pins every cycle: a reset, then random traffic. req_valid_i and rsp_ready_i are
// random each cycle (so requests come and responses stall), except that a request presented and
// not taken stays presented, unchanged, as the interface requires (vfadd_top_checker asserts
// it); every request field is random each cycle, valid or not: a valid cycle carries a case of
// the stimulus generator (verif/gen.h: every op and type, special operands, FPCR and predicate
// patterns) over junk, now and then as an instruction word (arithmetic forms of the family,
// UNDEFINED and MOVPRFX words, near misses) or with an op or format code that is no operation;
// req_len_i is any of 0 .. 15.
// Every cycle req_ready_o and rsp_valid_o must agree; while rsp_valid_o is 1, so must every word
// of rsp_result_o, rsp_fpsr_o, rsp_tag_o and rsp_undef_o (the payload flops have no reset, so
// they may differ while no response is presented). The first difference fails the test, with the
// cycle, the signals and both values.
//
//   build/top_netlist_test [--seed S] [--cycles C] [--rand-reset R]
//
// Defaults: seed 1, kDefaultCycles, R = 2: both models start from random values (Verilator's
// randReset(2), seeded from S, so a run repeats exactly); 0 starts them from zeros, 1 from ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <systemc>
#include <type_traits>

#include "Vtop_gl.h"
#include "gen.h"
#include "top_harness.h"
#include "verilated.h"
#include "vfadd/decode.h"
#include "vfadd/fp.h"
#include "vfadd/rng.h"
#include "vfadd/vector.h"
#include VFADD_GL_RTL_HEADER

#if !defined(VFADD_GL_MAX_VL) || !defined(VFADD_GL_STAGES) || !defined(VFADD_GL_TAG_BITS)
#error "VFADD_GL_MAX_VL, VFADD_GL_STAGES and VFADD_GL_TAG_BITS must be defined by the build"
#endif

namespace vfadd::top {
namespace {

// SystemC prints its banner from sc_elab_and_sim(), before sc_main.
const bool kNoBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

using Rtl = VFADD_GL_RTL_CLASS;
using Netlist = Vtop_gl;

constexpr int kMaxVl = VFADD_GL_MAX_VL;
constexpr int kTagBits = VFADD_GL_TAG_BITS;
constexpr int kVecWords = kMaxVl / 64;
constexpr int kPgBits = kMaxVl / 8;
constexpr int kPgWords = (kPgBits + 63) / 64;
constexpr uint32_t kTagMask = kTagBits >= 32 ? ~0u : (1u << kTagBits) - 1;
constexpr int kResetCycles = 4;
// FPCR bits an addition reads (RMode, FZ, FZ16, DN); the others are junk to the unit.
constexpr uint32_t kFpcrUsed =
    (3u << Fpcr::kRModeLsb) | (1u << Fpcr::kFzBit) | (1u << Fpcr::kFz16Bit) | (1u << Fpcr::kDnBit);

// The default run: sized for a quick-tier test (see tb/top/README.md for the figures).
constexpr uint64_t kDefaultCycles = 30000;
uint64_t g_seed = 1;
uint64_t g_cycles = kDefaultCycles;
int g_rand_reset = 2;  // Verilator's randReset: 0 all zeros, 1 all ones, 2 random

template <typename... T>
std::string Format(const char* fmt, T... args) {
  char buf[512];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

// ---- pins -------------------------------------------------------------------------------------

struct Pins {  // the inputs of one cycle
  bool rst_n = false, req_valid = false, raw = false, imm_one = false, rsp_ready = false;
  uint32_t insn = 0, op = 0, fmt = 0, len = 0, fpcr = 0, tag = 0;
  uint64_t pg[kPgWords] = {}, a[kVecWords] = {}, b[kVecWords] = {};
};

struct Outs {  // the outputs just before the rising edge
  bool req_ready = false, rsp_valid = false, rsp_undef = false;
  uint32_t fpsr = 0, tag = 0;
  uint64_t result[kVecWords] = {};
};

// Verilator ports: an integer type up to 64 bits, VlWide (32-bit words, bit 0 first) above.
// Inputs are written with the bits above the port's width clear, as Verilator expects.
template <typename P>
void Put(P& port, const uint64_t* w, int bits) {
  if constexpr (std::is_integral_v<P>) {
    port = static_cast<P>(bits >= 64 ? w[0] : w[0] & ((uint64_t{1} << bits) - 1));
  } else {
    for (int i = 0; i * 32 < bits; ++i) {
      const uint64_t word = w[i / 2] >> (32 * (i % 2));
      const int n = bits - i * 32;
      port[i] = static_cast<uint32_t>(n >= 32 ? word : word & ((uint64_t{1} << n) - 1));
    }
  }
}
template <typename P>
void Put(P& port, uint64_t v, int bits) {
  Put(port, &v, bits);
}
template <typename P>
void Get(const P& port, uint64_t* w, int bits) {
  if constexpr (std::is_integral_v<P>) {
    w[0] = static_cast<uint64_t>(port);
  } else {
    for (int i = 0; i * 32 < bits; ++i) {
      const uint64_t word = port[i];
      if (i % 2 == 0)
        w[i / 2] = word;
      else
        w[i / 2] |= word << 32;
    }
  }
}
template <typename P>
uint64_t Get1(const P& port, int bits) {
  uint64_t v = 0;
  Get(port, &v, bits);
  return v;
}

template <typename M>
void Drive(M& m, const Pins& p) {
  Put(m.rst_ni, p.rst_n, 1);
  Put(m.req_valid_i, p.req_valid, 1);
  Put(m.rsp_ready_i, p.rsp_ready, 1);
  Put(m.req_raw_i, p.raw, 1);
  Put(m.req_insn_i, p.insn, 32);
  Put(m.req_op_i, p.op, 4);
  Put(m.req_fmt_i, p.fmt, 2);
  Put(m.req_imm_one_i, p.imm_one, 1);
  Put(m.req_len_i, p.len, 4);
  Put(m.req_fpcr_i, p.fpcr, 32);
  Put(m.req_tag_i, p.tag, kTagBits);
  Put(m.req_pg_i, p.pg, kPgBits);
  Put(m.req_a_i, p.a, kMaxVl);
  Put(m.req_b_i, p.b, kMaxVl);
}

template <typename M>
void Sample(const M& m, Outs* o) {
  o->req_ready = Get1(m.req_ready_o, 1) != 0;
  o->rsp_valid = Get1(m.rsp_valid_o, 1) != 0;
  o->rsp_undef = Get1(m.rsp_undef_o, 1) != 0;
  o->fpsr = static_cast<uint32_t>(Get1(m.rsp_fpsr_o, 32));
  o->tag = static_cast<uint32_t>(Get1(m.rsp_tag_o, kTagBits));
  Get(m.rsp_result_o, o->result, kMaxVl);
}

// ---- the comparison -----------------------------------------------------------------------------

// Every signal on which the two models differ in one cycle (one line each), or "". The payload
// counts only while both present a response.
std::string Diff(const Outs& rtl, const Outs& gl) {
  std::string d;
  auto bit = [&](const char* name, bool r, bool g) {
    if (r != g) d += Format("\n  %s: rtl %d, netlist %d", name, r, g);
  };
  bit("req_ready_o", rtl.req_ready, gl.req_ready);
  bit("rsp_valid_o", rtl.rsp_valid, gl.rsp_valid);
  if (!rtl.rsp_valid || !gl.rsp_valid) return d;
  for (int w = 0; w < kVecWords; ++w) {
    if (rtl.result[w] == gl.result[w]) continue;
    d += Format("\n  rsp_result_o word %d (bits %d:%d): rtl %016" PRIx64 ", netlist %016" PRIx64
                " (differ in %016" PRIx64 ")",
                w, 64 * w + 63, 64 * w, rtl.result[w], gl.result[w], rtl.result[w] ^ gl.result[w]);
  }
  if (rtl.fpsr != gl.fpsr) {
    d += Format("\n  rsp_fpsr_o: rtl %08x (%s), netlist %08x (%s)", rtl.fpsr,
                FlagNames(rtl.fpsr).c_str(), gl.fpsr, FlagNames(gl.fpsr).c_str());
  }
  if (rtl.tag != gl.tag) d += Format("\n  rsp_tag_o: rtl %u, netlist %u", rtl.tag, gl.tag);
  bit("rsp_undef_o", rtl.rsp_undef, gl.rsp_undef);
  return d;
}

// A deliberate fault in the netlist's outputs, in the comparison only (the self-check): applied
// once, in the first cycle from `from` on where it is visible (a payload fault needs a
// response presented).
enum class Fault { kNone, kResultBit, kFpsrBit, kTagBit, kUndef, kReqReady, kRspValid };

const char* FaultSignal(Fault f) {
  switch (f) {
    case Fault::kResultBit:
      return "rsp_result_o word";
    case Fault::kFpsrBit:
      return "rsp_fpsr_o";
    case Fault::kTagBit:
      return "rsp_tag_o";
    case Fault::kUndef:
      return "rsp_undef_o";
    case Fault::kReqReady:
      return "req_ready_o";
    case Fault::kRspValid:
      return "rsp_valid_o";
    case Fault::kNone:
      break;
  }
  return "";
}

// Puts the fault into the netlist's outputs of this cycle if it is visible here.
bool Inject(Fault f, const Outs& rtl, Outs* gl) {
  const bool rsp = rtl.rsp_valid && gl->rsp_valid;
  switch (f) {
    case Fault::kResultBit:
      if (rsp) gl->result[kVecWords / 2] ^= uint64_t{1} << 17;
      return rsp;
    case Fault::kFpsrBit:
      if (rsp) gl->fpsr ^= kIXC;
      return rsp;
    case Fault::kTagBit:
      if (rsp) gl->tag ^= 1;
      return rsp;
    case Fault::kUndef:
      if (rsp) gl->rsp_undef = !gl->rsp_undef;
      return rsp;
    case Fault::kReqReady:
      gl->req_ready = !gl->req_ready;
      return true;
    case Fault::kRspValid:
      gl->rsp_valid = !gl->rsp_valid;
      return true;
    case Fault::kNone:
      break;
  }
  return false;
}

// ---- stimulus -----------------------------------------------------------------------------------

// The kind of a request, for the counts: an Op, or kUndef (not an operation).
constexpr int kUndef = kNumOps;
constexpr int kKinds = kNumOps + 1;
const char* KindName(int k) { return k == kUndef ? "undef" : OpName(static_cast<Op>(k)); }

// The pins of every cycle of a run (all drawn from one seed).
class Stimulus {
 public:
  explicit Stimulus(uint64_t seed) : r_(seed * 0x9e3779b97f4a7c15ull + 3) { gen_.seed = seed; }

  // `hold`: the request of the previous cycle was presented and not taken; the interface
  // (and the RTL's checker, vfadd_top_checker) requires it again, unchanged, so only
  // rsp_ready_i is drawn anew.
  void Next(bool in_reset, bool hold, Pins* p) {
    p->rst_n = !in_reset;
    if (hold) {
      p->rsp_ready = r_.Chance(80);
      return;
    }
    // Junk everywhere first: what a valid request does not define stays junk.
    p->req_valid = r_.Chance(70);
    p->rsp_ready = r_.Chance(80);
    p->raw = r_.Chance(50);
    p->insn = static_cast<uint32_t>(r_.Next());
    p->op = static_cast<uint32_t>(r_.Below(16));
    p->fmt = static_cast<uint32_t>(r_.Below(4));
    p->imm_one = r_.Chance(50);
    p->len = static_cast<uint32_t>(r_.Below(16));
    p->fpcr = static_cast<uint32_t>(r_.Next());
    p->tag = static_cast<uint32_t>(r_.Next()) & kTagMask;
    for (uint64_t& w : p->pg) w = r_.Next();
    for (uint64_t& w : p->a) w = r_.Next();
    for (uint64_t& w : p->b) w = r_.Next();
    if (!p->req_valid) return;

    // A request: a case of the generator at the VL req_len_i gives, over the junk.
    const int vl = std::min(128 * static_cast<int>(p->len + 1), kMaxVl);
    gen_.vls = {vl};
    const Case c = GenerateCase(gen_, index_++);
    p->fpcr = r_.Chance(50) ? c.fpcr : (c.fpcr & kFpcrUsed) | (p->fpcr & ~kFpcrUsed);
    if (!c.pg.empty()) OverlayBits(p->pg, c.pg, vl / 8);
    if (c.op == Op::kFadda) {
      OverlayBits(p->a, c.a, fp_width(c.fmt));
    } else if (!c.a.empty()) {
      OverlayBits(p->a, c.a, vl);
    }
    if (!c.b.empty()) OverlayBits(p->b, c.b, vl);
    p->raw = r_.Chance(25);
    if (p->raw) {
      p->insn = Word(c);
    } else {
      p->op = r_.Chance(4) ? p->op : static_cast<uint32_t>(c.op);     // 11 .. 15: no operation
      p->fmt = r_.Chance(4) ? p->fmt : static_cast<uint32_t>(c.fmt);  // 0: no format
      if (IsImmediate(c.op)) p->imm_one = c.imm_one;
    }
  }

 private:
  // An instruction word for case c: mostly its own encoding (random register fields), else an
  // UNDEFINED form of it, a MOVPRFX, a word one bit away, or a random word.
  uint32_t Word(const Case& c) {
    const uint32_t regs = static_cast<uint32_t>(r_.Next());
    const uint32_t w = EncodeCase(c, regs & 31, (regs >> 5) & 31, (regs >> 10) & 7);
    Insn m;
    m.zd = regs & 31;
    m.zn = (regs >> 5) & 31;
    switch (r_.Below(20)) {
      case 0:
      case 1:
        return w & ~(3u << 22);  // size 00: UNDEFINED
      case 2:                    // an immediate form with bits 9:6 set: UNDEFINED
        return IsImmediate(c.op) ? w | static_cast<uint32_t>(1 + r_.Below(15)) << 6 : w;
      case 3:
      case 4:
        return w ^ (1u << r_.Below(32));  // another form of the family, or outside it
      case 5:
        m.kind = InsnKind::kMovprfx;
        return Encode(m);
      case 6:
        m.kind = InsnKind::kMovprfxPred;
        m.size = static_cast<int>(r_.Below(4));
        m.pg = (regs >> 10) & 7;
        m.merging = r_.Chance(50);
        return Encode(m);
      case 7:
        return static_cast<uint32_t>(r_.Next());
      default:
        return w;
    }
  }

  Rng r_;
  GenOptions gen_;
  uint64_t index_ = 0;
};

// What the unit is asked to do by the pins of an accepted request (the golden model's decoder).
struct Accepted {
  int kind = kUndef;
  Fmt fmt = Fmt::kS;
  bool raw = false;
  uint32_t insn = 0, op = 0, fmt_code = 0, len = 0, fpcr = 0, tag = 0;
  uint64_t cycle = 0;
};

Accepted Classify(const Pins& p, uint64_t cycle) {
  Accepted a;
  a.raw = p.raw;
  a.insn = p.insn;
  a.op = p.op;
  a.fmt_code = p.fmt;
  a.len = p.len;
  a.fpcr = p.fpcr;
  a.tag = p.tag;
  a.cycle = cycle;
  if (p.raw) {
    const Insn d = Decode(p.insn);
    if (d.kind == InsnKind::kArith) a.kind = static_cast<int>(d.op), a.fmt = d.fmt();
  } else if (IsValidOpCode(static_cast<int>(p.op)) && IsValidFmtCode(static_cast<int>(p.fmt))) {
    a.kind = static_cast<int>(p.op);
    a.fmt = static_cast<Fmt>(p.fmt);
  }
  return a;
}

std::string Describe(const Accepted& a) {
  std::string s =
      a.kind == kUndef ? std::string("undef") : Format("%s %c", KindName(a.kind), FmtLetter(a.fmt));
  if (a.raw)
    s += Format(" (raw insn %08x: %s)", a.insn, Disassemble(a.insn).c_str());
  else
    s += Format(" (op code %u, fmt code %u)", a.op, a.fmt_code);
  s += Format(", len %u, fpcr %08x, tag %u, accepted in cycle %" PRIu64, a.len, a.fpcr, a.tag,
              a.cycle);
  return s;
}

// ---- the run ------------------------------------------------------------------------------------

struct RunResult {
  uint64_t cycles = 0;                     // cycles simulated after the reset
  uint64_t accepted = 0;                   // requests taken
  uint64_t responses = 0;                  // responses taken (payload compared in that cycle)
  uint64_t payload_cycles = 0;             // cycles with a response presented (payload compared)
  uint64_t raw_responses = 0;              // responses to instruction words
  std::array<uint64_t, kKinds> kind = {};  // responses per kind
  std::array<std::array<uint64_t, 4>, kKinds> kind_fmt = {};  // ... and format code
  std::string mismatch;                                       // the first difference, empty if none
  uint64_t mismatch_cycle = 0;
  int64_t fault_cycle = -1;    // the cycle the fault was put in (-1: none)
  std::string bookkeeping;     // a response that is not the next accepted request's
  bool rtl_assertion = false;  // an assertion of the RTL fired
};

std::string Summary(const RunResult& r) {
  std::string s = Format(
      "%" PRIu64 " cycles, %" PRIu64 " requests accepted, %" PRIu64 " responses compared (%" PRIu64
      " cycles with a response presented, %" PRIu64 " responses to instruction words); per kind:",
      r.cycles, r.accepted, r.responses, r.payload_cycles, r.raw_responses);
  for (int k = 0; k < kKinds; ++k) s += Format(" %s %" PRIu64, KindName(k), r.kind[k]);
  return s;
}

// Runs `cycles` cycles after the reset on both models from seed `seed`; stops at the first
// difference.
RunResult RunLockstep(uint64_t seed, uint64_t cycles, Fault fault = Fault::kNone,
                      uint64_t fault_from = 0) {
  std::printf("[top_netlist] seed %" PRIu64 ", %" PRIu64
              " cycles, MaxVecLenBits %d NumStages %d"
              " TagBits %d (reproduce: top_netlist_test --seed %" PRIu64 " --cycles %" PRIu64 ")\n",
              seed, cycles, kMaxVl, VFADD_GL_STAGES, kTagBits, seed, cycles);
  std::fflush(stdout);
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->randReset(g_rand_reset);  // 2: every flop and X starts random, a missing reset shows
  ctx->randSeed(static_cast<int>(seed % 0x7fffffff) + 1);
  ctx->fatalOnError(false);  // an RTL assertion is counted (gotError), not an abort
  auto rtl = std::make_unique<Rtl>(ctx.get(), "rtl");
  auto gl = std::make_unique<Netlist>(ctx.get(), "netlist");

  RunResult res;
  Stimulus stim(seed);
  std::deque<Accepted> inflight;
  Pins p;
  Outs ro, go;
  for (uint64_t t = 0; t < kResetCycles + cycles; ++t) {
    const bool in_reset = t < kResetCycles;
    const uint64_t cycle = t - kResetCycles;  // numbered from the end of the reset
    // A request presented and not taken before this cycle's edge stays presented (after the
    // reset; the reset itself withdraws it).
    const bool hold = !in_reset && t > kResetCycles && p.req_valid && !ro.req_ready;
    stim.Next(in_reset, hold, &p);
    // The inputs settle with the clock low, the outputs are read, then the rising edge.
    Drive(*rtl, p);
    Drive(*gl, p);
    rtl->clk_i = 0;
    gl->clk_i = 0;
    rtl->eval();
    gl->eval();
    Sample(*rtl, &ro);
    Sample(*gl, &go);
    if (fault != Fault::kNone && res.fault_cycle < 0 && !in_reset && cycle >= fault_from &&
        Inject(fault, ro, &go)) {
      res.fault_cycle = static_cast<int64_t>(cycle);
    }
    // From the first rising edge of the reset on, the control outputs are defined.
    if (t > 0) {
      const std::string d = Diff(ro, go);
      if (!d.empty()) {
        res.mismatch_cycle = cycle;
        res.mismatch = in_reset ? Format("reset cycle %" PRIu64 ":", t)
                                : Format("cycle %" PRIu64 " (after reset):", cycle);
        res.mismatch += d;
        if (ro.rsp_valid && !inflight.empty()) {
          res.mismatch += "\n  the response presented is for: " + Describe(inflight.front());
        }
        res.mismatch += Format("\n  pins: req_valid_i %d rsp_ready_i %d req_raw_i %d req_len_i %u",
                               p.req_valid, p.rsp_ready, p.raw, p.len);
        res.mismatch +=
            Format("\n  reproduce: top_netlist_test --seed %" PRIu64 " --cycles %" PRIu64, seed,
                   cycle + 1);
        res.cycles = in_reset ? 0 : cycle;
        break;
      }
    }
    if (!in_reset) {
      if (ro.rsp_valid) ++res.payload_cycles;
      if (ro.rsp_valid && p.rsp_ready) {  // the response is taken at this edge
        ++res.responses;
        if (inflight.empty()) {
          if (res.bookkeeping.empty()) {
            res.bookkeeping =
                Format("cycle %" PRIu64 ": a response with no request in flight", cycle);
          }
        } else {
          const Accepted& a = inflight.front();
          ++res.kind[a.kind];
          ++res.kind_fmt[a.kind][a.kind == kUndef ? 0 : static_cast<int>(a.fmt)];
          res.raw_responses += a.raw;
          if (res.bookkeeping.empty() && (ro.tag != a.tag || ro.rsp_undef != (a.kind == kUndef))) {
            res.bookkeeping = Format("cycle %" PRIu64
                                     ": response tag %u undef %d, expected the "
                                     "next request in order: ",
                                     cycle, ro.tag, ro.rsp_undef) +
                              Describe(a);
          }
          inflight.pop_front();
        }
      }
      if (p.req_valid && ro.req_ready) {  // the request is taken at this edge
        ++res.accepted;
        inflight.push_back(Classify(p, cycle));
      }
    }
    rtl->clk_i = 1;
    gl->clk_i = 1;
    rtl->eval();
    gl->eval();
    if (!in_reset) res.cycles = cycle + 1;
  }
  rtl->final();
  gl->final();
  res.rtl_assertion = ctx->gotError();
  std::printf("[top_netlist] %s\n", Summary(res).c_str());
  std::fflush(stdout);
  return res;
}

// ---- tests --------------------------------------------------------------------------------------

// The library holds the configuration the netlist was synthesized for.
TEST(TopNetlist, SameConfigurationAsTheRtl) {
  const BuildConfig b = Built();
  EXPECT_EQ(b.max_vl, kMaxVl);
  EXPECT_EQ(b.stages, VFADD_GL_STAGES);
  EXPECT_EQ(b.tag_bits, kTagBits);
}

// The netlist and the RTL agree in every cycle of random traffic, and the traffic was not
// vacuous: thousands of responses, every operation (in every format), instruction words and
// requests that are no operation.
TEST(TopNetlist, MatchesRtlCycleByCycle) {
  const RunResult r = RunLockstep(g_seed, g_cycles);
  EXPECT_TRUE(r.mismatch.empty()) << "netlist and RTL differ, " << r.mismatch;
  EXPECT_TRUE(r.bookkeeping.empty()) << r.bookkeeping;
  EXPECT_FALSE(r.rtl_assertion) << "an RTL assertion fired (the %Error lines above name it)";
  // Thresholds for the default length, scaled for other lengths.
  const double scale = static_cast<double>(r.cycles) / kDefaultCycles;
  EXPECT_GE(r.responses, static_cast<uint64_t>(3000 * scale)) << Summary(r);
  EXPECT_GE(r.raw_responses, static_cast<uint64_t>(300 * scale)) << Summary(r);
  EXPECT_GE(r.payload_cycles, r.responses);
  for (int k = 0; k < kKinds; ++k) {
    EXPECT_GE(r.kind[k], static_cast<uint64_t>(50 * scale)) << KindName(k) << ": " << Summary(r);
    if (k == kUndef) continue;
    for (int f = 1; f <= 3; ++f) {
      EXPECT_GT(r.kind_fmt[k][f], 0u)
          << KindName(k) << " " << FmtLetter(static_cast<Fmt>(f)) << " never answered";
    }
  }
}

// The comparison is not blind: a fault put into one netlist output, in the comparison only, is
// reported in the cycle it was put in, with the signal named. A run of the same seed without
// the fault is clean over the same cycles.
TEST(TopNetlist, ComparatorReportsAnInjectedFault) {
  constexpr uint64_t kCycles = 600, kFrom = 150;
  for (Fault f : {Fault::kResultBit, Fault::kFpsrBit, Fault::kTagBit, Fault::kUndef,
                  Fault::kReqReady, Fault::kRspValid}) {
    const RunResult r = RunLockstep(g_seed + 1, kCycles, f, kFrom);
    ASSERT_GE(r.fault_cycle, static_cast<int64_t>(kFrom)) << FaultSignal(f) << ": never injected";
    EXPECT_FALSE(r.mismatch.empty()) << FaultSignal(f) << ": the fault was not reported";
    EXPECT_EQ(r.mismatch_cycle, static_cast<uint64_t>(r.fault_cycle)) << r.mismatch;
    EXPECT_NE(r.mismatch.find(FaultSignal(f)), std::string::npos) << r.mismatch;
    EXPECT_EQ(r.cycles, static_cast<uint64_t>(r.fault_cycle)) << "the run did not stop there";
    std::printf("[top_netlist] injected %s fault reported:\n%s\n", FaultSignal(f),
                r.mismatch.c_str());
  }
  const RunResult clean = RunLockstep(g_seed + 1, kCycles);
  EXPECT_TRUE(clean.mismatch.empty()) << clean.mismatch;
  EXPECT_EQ(clean.cycles, kCycles);
}

uint64_t ParseCount(const char* flag, const char* text) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 0);
  if (end == text || *end != '\0') {
    std::fprintf(stderr, "top_netlist_test: %s '%s': expected a number\n", flag, text);
    std::exit(2);
  }
  return v;
}

}  // namespace
}  // namespace vfadd::top

static int Usage(const char* why) {
  std::fprintf(stderr,
               "top_netlist_test: %s\nusage: top_netlist_test [gtest flags] [--seed S] "
               "[--cycles C] [--rand-reset 0|1|2]\n",
               why);
  return 2;
}

// SystemC owns main() (the RTL library is built with VM_SC=1); the tests use no SystemC kernel.
int sc_main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seed" || a == "--cycles" || a == "--rand-reset") {
      if (i + 1 == argc) return Usage((a + " needs a value").c_str());
      const uint64_t v = vfadd::top::ParseCount(argv[i], argv[i + 1]);
      if (a == "--seed")
        vfadd::top::g_seed = v;
      else if (a == "--cycles")
        vfadd::top::g_cycles = v;
      else if (v <= 2)
        vfadd::top::g_rand_reset = static_cast<int>(v);
      else
        return Usage("--rand-reset takes 0, 1 or 2");
      ++i;
    } else {
      return Usage(("unknown argument '" + a + "'").c_str());
    }
  }
  return RUN_ALL_TESTS();
}
