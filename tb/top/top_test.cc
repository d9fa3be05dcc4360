// SPDX-License-Identifier: Apache-2.0
// The quick tier of vfadd_top's verification: the SystemC harness (RunSc) on one configuration
// of the RTL (the library this binary links; Built() says which), every response checked
// against the golden model by the harness's scoreboard. SystemC owns main(): sc_main registers
// the tests that depend on the configuration (a VL the build cannot run is not registered) and
// runs them all; the testbench is elaborated once, and each run resets the DUT.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <systemc>
#include <vector>

#include "gen.h"
#include "gtkwave/fstapi.h"
#include "top_harness.h"
#include "top_timing.h"
#include "vfadd/decode.h"
#include "vfadd/fp.h"
#include "vfadd/rng.h"
#include "vfadd/vector.h"

namespace vfadd::top {
namespace {

extern "C" char** environ;

// SystemC prints its banner from sc_elab_and_sim(), before sc_main: on success a test binary
// prints gtest's output only.
const bool kNoBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

const BuildConfig kCfg = Built();

// Random volumes grow as the configuration gets cheaper to simulate: x1 at MaxVecLenBits 2048,
// x2 at 512, x8 at 128 (a quick run of each binary stays well under a minute on two cores).
uint64_t Many(uint64_t n) { return n * std::max(1, 1024 / kCfg.max_vl); }

// The run matched the model everywhere, nothing was lost, no assertion fired.
void ExpectClean(const Report& r, size_t n) {
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_FALSE(r.assertion_failed);
  EXPECT_EQ(r.mismatch_count, 0u);
  for (const Mismatch& m : r.mismatches) ADD_FAILURE() << m.what;
  EXPECT_EQ(r.responses.size(), n);
}

std::vector<Request> FromCases(const std::vector<Case>& cases) {
  std::vector<Request> reqs(cases.size());
  for (size_t i = 0; i < cases.size(); ++i) reqs[i].c = cases[i];
  return reqs;
}

// `count` cases of the generator for one op, type and VL.
std::vector<Case> Generated(uint64_t seed, uint64_t count, std::vector<Op> ops,
                            std::vector<Fmt> types, std::vector<int> vls) {
  GenOptions g;
  g.seed = seed;
  g.ops = std::move(ops);
  g.types = std::move(types);
  g.vls = std::move(vls);
  std::vector<Case> cases;
  for (uint64_t i = 0; i < count; ++i) cases.push_back(GenerateCase(g, i));
  return cases;
}

std::vector<int> VlsUpTo(int max) {
  std::vector<int> v;
  for (int vl = kMinVl; vl <= max; vl += 128) v.push_back(vl);
  return v;
}

std::vector<Op> AllOps() { return std::vector<Op>(std::begin(kAllOps), std::end(kAllOps)); }

Options Quiet() {  // no idles, no backpressure
  Options o;
  o.seed = 11;
  return o;
}

Options Busy(uint64_t seed) {
  Options o;
  o.seed = seed;
  o.idle = 0.2;
  o.backpressure = 0.25;
  return o;
}

int ActiveCount(const Case& c) {
  int k = 0;
  for (int e = 0; e < Elements(c); ++e) k += ElementActive(c, e);
  return k;
}

// A case of `op` at `vl` with every element of a and b set to `value` and pg all true.
Case Uniform(Op op, Fmt f, int vl, uint64_t value, uint32_t fpcr = 0) {
  Case c;
  c.op = op;
  c.fmt = f;
  c.vl = vl;
  c.fpcr = fpcr;
  const int w = fp_width(f);
  if (IsPredicated(op)) c.pg.assign((vl / 8 + 63) / 64, 0);
  for (int e = 0; e < vl / w; ++e) {
    if (IsPredicated(op)) SetField(&c.pg, e * w / 8, 1, 1);
  }
  Bits v(vl / 64, 0);
  for (int e = 0; e < vl / w; ++e) SetField(&v, e * w, w, value);
  if (op == Op::kFadda)
    c.a = {value};
  else if (op != Op::kFaddv)
    c.a = v;
  if (!IsImmediate(op)) c.b = v;
  return c;
}

uint64_t Scalar(const Response& r) { return r.res.empty() ? 0 : r.res[0]; }

// ---- tests registered per VL in sc_main ------------------------------------------------------

// Every operation and type at one VL, through idles and backpressure.
void EveryOperationAndType(int vl) {
  std::vector<Case> cases;
  for (Op op : AllOps()) {
    for (Fmt f : kAllFmts) {
      for (const Case& c : Generated(vl * 31 + int(op) * 3 + int(f), Many(30), {op}, {f}, {vl})) {
        cases.push_back(c);
      }
    }
  }
  const Report r = RunSc(FromCases(cases), Busy(vl));
  ExpectClean(r, cases.size());
  EXPECT_GT(r.checked_elements, 0u);
}

// FADDV, all elements -0.0 and active, RN: -0 when VL is a power of two, +0 otherwise (the +0
// padding of the tree, section 6.7).
void FaddvSignOfZero(int vl) {
  std::vector<Case> cases;
  for (Fmt f : kAllFmts) cases.push_back(Uniform(Op::kFaddv, f, vl, sign_mask(f)));
  const Report r = RunSc(FromCases(cases), Quiet());
  ExpectClean(r, cases.size());
  const bool pow2 = (vl & (vl - 1)) == 0;
  for (size_t i = 0; i < cases.size() && i < r.responses.size(); ++i) {
    EXPECT_EQ(Scalar(r.responses[i]), pow2 ? sign_mask(cases[i].fmt) : 0u)
        << FmtLetter(cases[i].fmt) << " at vl " << vl;
  }
}

// FADDV at VLs that are not powers of two, random data.
void FaddvNonPowerOfTwo(int vl) {
  const std::vector<Case> cases = Generated(vl, Many(150), {Op::kFaddv}, {}, {vl});
  ExpectClean(RunSc(FromCases(cases), Busy(vl + 1)), cases.size());
}

// The VL below the built maximum: random cases of every op at every VL up to the maximum - 128.
void RuntimeVlBelowMax() {
  const std::vector<Case> cases = Generated(77, Many(1500), {}, {}, VlsUpTo(kCfg.max_vl - 128));
  ExpectClean(RunSc(FromCases(cases), Busy(78)), cases.size());
}

// A VL above the build's maximum is refused with the request's index, and nothing runs.
void VlAboveMaxIsAnError() {
  std::vector<Case> cases = Generated(5, 4, {Op::kFadd}, {Fmt::kS}, {128});
  cases[2] = Generated(6, 1, {Op::kFadd}, {Fmt::kS}, {kCfg.max_vl + 128})[0];
  for (auto run : {RunSc, RunCc}) {
    const Report r = run(FromCases(cases), Quiet());
    EXPECT_NE(r.error.find("request 2"), std::string::npos) << r.error;
    EXPECT_EQ(r.cycles, 0u);
  }
}

// ---- tests for every configuration -------------------------------------------------------------

// An FADDV sNaN loses to a qNaN in a lower half, and still raises IOC (section 6.7): S at VL 128,
// e1 = qNaN(a), e2 = sNaN(b) -> qNaN(a), IOC.
TEST(VfaddTopTest, FaddvQuietNanInLowerHalfWins) {
  Case c = Uniform(Op::kFaddv, Fmt::kS, 128, 0);
  SetField(&c.b, 32, 32, 0x7fc00001);
  SetField(&c.b, 64, 32, 0x7f800002);
  const Report r = RunSc(FromCases({c}), Quiet());
  ExpectClean(r, 1);
  ASSERT_EQ(r.responses.size(), 1u);
  EXPECT_EQ(Scalar(r.responses[0]), 0x7fc00001u);
  EXPECT_EQ(r.responses[0].fpsr, uint32_t{kIOC});
}

// FADDV of -0.0 with an inactive lane: +0 in RN, -0 in RM; with no active lane +0 in all modes.
TEST(VfaddTopTest, FaddvZeroIdentity) {
  std::vector<Case> cases;
  std::vector<uint64_t> want;
  for (Fmt f : kAllFmts) {
    for (uint32_t rm : {0u, 2u}) {
      Case c = Uniform(Op::kFaddv, f, 128, sign_mask(f), rm << Fpcr::kRModeLsb);
      SetField(&c.pg, fp_width(f) / 8, 1, 0);  // element 1 inactive
      cases.push_back(c);
      want.push_back(rm == 2 ? sign_mask(f) : 0);
      Case none = c;
      std::fill(none.pg.begin(), none.pg.end(), 0);
      cases.push_back(none);
      want.push_back(0);
    }
  }
  const Report r = RunSc(FromCases(cases), Quiet());
  ExpectClean(r, cases.size());
  for (size_t i = 0; i < r.responses.size(); ++i) EXPECT_EQ(Scalar(r.responses[i]), want[i]) << i;
}

// Junk in the predicate bits other than each element's lowest: ignored (section 6.0). Random
// cases of every predicated op with the other bits random, and with only the other bits set
// (every element inactive).
TEST(VfaddTopTest, NonCanonicalPredicates) {
  std::vector<Case> cases =
      Generated(21, Many(1500), {}, {Fmt::kS, Fmt::kD, Fmt::kH}, VlsUpTo(kCfg.max_vl));
  Rng rng(22);
  std::vector<Case> out;
  for (Case c : cases) {
    if (!IsPredicated(c.op)) continue;
    const int bytes = fp_width(c.fmt) / 8;
    const bool only_junk = rng.Chance(20);
    for (int bit = 0; bit < c.vl / 8; ++bit) {
      if (bit % bytes == 0) {
        if (only_junk) SetField(&c.pg, bit, 1, 0);
      } else {
        SetField(&c.pg, bit, 1, only_junk ? 1 : rng.Below(2));
      }
    }
    out.push_back(c);
  }
  ExpectClean(RunSc(FromCases(out), Busy(23)), out.size());
}

// All-false predicates: merging keeps Zdn, FADDA keeps the scalar, FADDV gives +0, no flags.
TEST(VfaddTopTest, AllFalsePredicates) {
  std::vector<Case> cases;
  for (const Case& g : Generated(31, Many(800), {}, {}, VlsUpTo(kCfg.max_vl))) {
    if (!IsPredicated(g.op)) continue;
    Case c = g;
    std::fill(c.pg.begin(), c.pg.end(), 0);
    cases.push_back(c);
  }
  const Report r = RunSc(FromCases(cases), Busy(32));
  ExpectClean(r, cases.size());
  for (const Response& resp : r.responses) EXPECT_EQ(resp.fpsr, 0u);
}

// Random mixes of every op, type and VL under heavy idles and backpressure.
TEST(VfaddTopTest, RandomWithIdlesAndBackpressure) {
  const std::vector<Case> cases = Generated(41, Many(3000), {}, {}, VlsUpTo(kCfg.max_vl));
  Options o = Busy(42);
  o.idle = 0.4;
  o.backpressure = 0.5;
  ExpectClean(RunSc(FromCases(cases), o), cases.size());
}

// The long tier (CTest top_vl<VL>_s<N>_long, `make test-long`): two million random cases of
// every op, type and VL of the configuration, under idles and backpressure, in batches.
TEST(VfaddTopLongTier, TwoMillionRandomCases) {
  GenOptions g;
  g.seed = 2026 + static_cast<uint64_t>(kCfg.max_vl) * 10 + static_cast<uint64_t>(kCfg.stages);
  g.vls = VlsUpTo(kCfg.max_vl);
  constexpr uint64_t kCount = 2000000, kBatch = 20000;
  for (uint64_t k0 = 0; k0 < kCount; k0 += kBatch) {
    std::vector<Case> cases;
    for (uint64_t k = k0; k < k0 + kBatch; ++k) cases.push_back(GenerateCase(g, k));
    const Report r = RunSc(FromCases(cases), Busy(k0 + 7));
    ExpectClean(r, cases.size());
    ASSERT_TRUE(r.ok()) << "cases " << k0 << ".." << k0 + kBatch - 1 << " of seed " << g.seed;
  }
}

// A long stall of the response side in the middle of a stream: everything waits, nothing is lost.
TEST(VfaddTopTest, LongStall) {
  const std::vector<Case> cases = Generated(51, Many(600), {}, {}, VlsUpTo(kCfg.max_vl));
  Options o = Quiet();
  o.stall_first_cycle = 40;
  o.stall_cycles = 5000;
  const Report r = RunSc(FromCases(cases), o);
  ExpectClean(r, cases.size());
  EXPECT_GT(r.cycles, 5000u);
}

// FADDA among other operations, in random mixes: the ordering rule lets others pass a running
// FADDA only when they finish first.
TEST(VfaddTopTest, FaddaInterleaved) {
  std::vector<Case> cases;
  const std::vector<Case> a = Generated(61, Many(300), {Op::kFadda}, {}, VlsUpTo(kCfg.max_vl));
  const std::vector<Case> o = Generated(62, Many(900), {}, {}, VlsUpTo(kCfg.max_vl));
  Rng rng(63);
  size_t ia = 0, io = 0;
  while (ia < a.size() || io < o.size()) {
    if (io == o.size() || (ia < a.size() && rng.Chance(25)))
      cases.push_back(a[ia++]);
    else
      cases.push_back(o[io++]);
  }
  ExpectClean(RunSc(FromCases(cases), Quiet()), cases.size());
  ExpectClean(RunSc(FromCases(cases), Busy(64)), cases.size());
}

// FADDA with no, one (at every position of a short vector) and all elements active.
TEST(VfaddTopTest, FaddaZeroOneAllActive) {
  std::vector<Case> cases;
  for (Fmt f : kAllFmts) {
    for (int vl : {128, kCfg.max_vl}) {
      for (const Case& g : Generated(71 + vl, 3, {Op::kFadda}, {f}, {vl})) {
        Case none = g, all = g;
        std::fill(none.pg.begin(), none.pg.end(), 0);
        for (int e = 0; e < Elements(g); ++e) SetField(&all.pg, e * fp_width(f) / 8, 1, 1);
        cases.push_back(none);
        cases.push_back(all);
        const int positions = vl == 128 ? Elements(g) : 3;
        for (int p = 0; p < positions; ++p) {
          Case one = none;
          const int e = vl == 128 ? p : (p == 0 ? 0 : p == 1 ? Elements(g) / 2 : Elements(g) - 1);
          SetField(&one.pg, e * fp_width(f) / 8, 1, 1);
          cases.push_back(one);
        }
      }
    }
  }
  ExpectClean(RunSc(FromCases(cases), Busy(72)), cases.size());
}

// Instruction words end to end: every generated case as its encoding (the DUT decodes op, type
// and immediate from the word; the op/fmt pins carry junk).
TEST(VfaddTopTest, EncodedInstructionWords) {
  const std::vector<Case> cases = Generated(81, Many(1500), {}, {}, VlsUpTo(kCfg.max_vl));
  std::vector<Request> reqs = FromCases(cases);
  Rng rng(82);
  for (Request& r : reqs) {
    r.raw = true;
    r.insn = EncodeCase(r.c, int(rng.Below(32)), int(rng.Below(32)), int(rng.Below(8)));
    ASSERT_EQ(Decode(r.insn).kind, InsnKind::kArith);
  }
  ExpectClean(RunSc(reqs, Busy(83)), reqs.size());
}

// Random words in the family's encoding space (top bytes 0x64, 0x65): arithmetic forms,
// UNDEFINED ones and others, each as Decode says.
TEST(VfaddTopTest, RandomFamilyWords) {
  const std::vector<Case> cases = Generated(91, Many(2000), {}, {}, VlsUpTo(kCfg.max_vl));
  std::vector<Request> reqs = FromCases(cases);
  Rng rng(92);
  int kinds[5] = {};
  for (size_t i = 0; i < reqs.size(); ++i) {
    // Half the words keep the fixed bits of an arithmetic form and randomise the fields.
    const uint32_t fields = uint32_t(rng.Next()) & 0x00ffffff;
    if (i % 2) {
      reqs[i].insn = (EncodeCase(reqs[i].c) & 0xff3fe000) | (fields & 0x00c01fff);
    } else {
      reqs[i].insn = (rng.Chance(50) ? 0x64000000u : 0x65000000u) | fields;
    }
    reqs[i].raw = true;
    ++kinds[int(Decode(reqs[i].insn).kind)];
  }
  EXPECT_GT(kinds[int(InsnKind::kArith)], 0);
  EXPECT_GT(kinds[int(InsnKind::kUndefined)], 0);
  EXPECT_GT(kinds[int(InsnKind::kOther)], 0);
  ExpectClean(RunSc(reqs, Busy(93)), reqs.size());
}

// UNDEFINED words (size = 00 of every form), MOVPRFX and unrelated words: undef, result 0,
// no flags.
TEST(VfaddTopTest, UndefinedAndOtherWordsAreUndef) {
  std::vector<uint32_t> words = {0x65008461, 0x65000041, 0x65004441,         0x0420BC41,
                                 0x04902841, 0x04912841, 0x04102841,         0xd503201f,
                                 0x00000000, 0xffffffff, 0x65808860 | 0x200, 0x65988821 | 0x40};
  for (Op op : AllOps()) {
    Case c;
    c.op = op;
    words.push_back(EncodeCase(c) & ~0x00c00000u);  // size = 00
  }
  std::vector<Request> reqs;
  const std::vector<Case> cases = Generated(101, words.size(), {}, {}, {128});
  for (size_t i = 0; i < words.size(); ++i) {
    Request r;
    r.c = cases[i];
    r.raw = true;
    r.insn = words[i];
    if (Decode(r.insn).kind == InsnKind::kArith) continue;
    reqs.push_back(r);
  }
  ASSERT_GE(reqs.size(), 20u);
  const Report rep = RunSc(reqs, Busy(102));
  ExpectClean(rep, reqs.size());
  for (const Response& r : rep.responses) {
    EXPECT_TRUE(r.undef);
    EXPECT_EQ(r.fpsr, 0u);
    EXPECT_TRUE(std::all_of(r.res.begin(), r.res.end(), [](uint64_t w) { return w == 0; }));
  }
}

// Codes on req_op_i above OP_FADDV and a format of 0 are no operation: undef.
TEST(VfaddTopTest, NonOperationCodesAreUndef) {
  const std::vector<Case> cases = Generated(111, 8, {}, {}, {128});
  std::vector<Request> reqs;
  for (int code = kNumOps; code < 16; ++code) {
    Request r;
    r.c = cases[code % cases.size()];
    r.op_code = code;
    reqs.push_back(r);
  }
  for (const Case& c : cases) {
    Request r;
    r.c = c;
    r.fmt_code = 0;
    reqs.push_back(r);
  }
  const Report rep = RunSc(reqs, Quiet());
  ExpectClean(rep, reqs.size());
  for (const Response& r : rep.responses) EXPECT_TRUE(r.undef);
}

// Latency, no idles and no backpressure (the RTL header's table, top_timing.h): vector ops and
// undef NumStages + 2 from acceptance to response.
TEST(VfaddTopTest, LatencyVectorOps) {
  const int n = kCfg.stages;
  for (Op op : AllOps()) {
    if (op == Op::kFadda || op == Op::kFaddv) continue;
    const std::vector<Case> cases = Generated(121 + int(op), 12, {op}, {}, VlsUpTo(kCfg.max_vl));
    const Report r = RunSc(FromCases(cases), Quiet());
    ExpectClean(r, cases.size());
    for (size_t i = 0; i < r.responses.size(); ++i) {
      const Case& c = cases[i];
      EXPECT_EQ(r.responses[i].response_cycle - r.responses[i].accept_cycle,
                uint64_t(Latency(n, op, c.fmt, c.vl, ActiveCount(c))))
          << OpName(op);
    }
  }
  Request u;
  u.raw = true;
  u.insn = 0xd503201f;
  const Report r = RunSc({u, u, u}, Quiet());
  ExpectClean(r, 3);
  for (const Response& resp : r.responses) {
    EXPECT_EQ(resp.response_cycle - resp.accept_cycle, uint64_t(UndefLatency(n))) << "undef";
  }
}

// FADDV: NumStages * ceil(log2(elements)) + 2, back to back at one VL and type.
TEST(VfaddTopTest, LatencyFaddv) {
  for (Fmt f : kAllFmts) {
    for (int vl : {128, 384, kCfg.max_vl}) {
      if (vl > kCfg.max_vl) continue;
      const std::vector<Case> cases = Generated(131 + vl, 6, {Op::kFaddv}, {f}, {vl});
      const Report r = RunSc(FromCases(cases), Quiet());
      ExpectClean(r, cases.size());
      const uint64_t want = Latency(kCfg.stages, Op::kFaddv, f, vl, 0);
      for (const Response& resp : r.responses) {
        EXPECT_EQ(resp.response_cycle - resp.accept_cycle, want) << FmtLetter(f) << " at vl " << vl;
      }
    }
  }
}

// FADDA: NumStages * k + 3 with k active elements, one request per run.
TEST(VfaddTopTest, LatencyFadda) {
  std::vector<Case> cases = Generated(141, 12, {Op::kFadda}, {}, VlsUpTo(kCfg.max_vl));
  Case none = cases[0];
  std::fill(none.pg.begin(), none.pg.end(), 0);
  cases.push_back(none);
  for (const Case& c : cases) {
    const Report r = RunSc(FromCases({c}), Quiet());
    ExpectClean(r, 1);
    if (r.responses.size() != 1) continue;
    const uint64_t want = Latency(kCfg.stages, Op::kFadda, c.fmt, c.vl, ActiveCount(c));
    EXPECT_EQ(r.responses[0].response_cycle - r.responses[0].accept_cycle, want)
        << FmtLetter(c.fmt) << " vl " << c.vl << " k " << ActiveCount(c);
  }
}

// A FADDV right behind a FADDA with k active elements (the RTL header's timing): the FADDA
// issues the cycle after its acceptance a and responds at a + NumStages * k + 3; nothing issues
// in the cycle after its issue when k >= 1 (its exact length is summed then); the FADDV issues at
// the first cycle c it may that puts its response, c + NumStages * L + 1, after the FADDA's.
TEST(VfaddTopTest, FaddvRightBehindFadda) {
  const int n = kCfg.stages;
  for (Fmt f : kAllFmts) {
    for (int vl : std::set<int>{128, kCfg.max_vl}) {
      const Case v = Generated(143 + vl, 1, {Op::kFaddv}, {f}, {vl})[0];
      const int elems = Elements(v), l = FaddvLevels(f, vl);
      for (int k : std::set<int>{0, 1, l - 1, l, l + 1}) {
        if (k < 0 || k > elems) continue;
        Case a = Generated(145 + vl + k, 1, {Op::kFadda}, {f}, {vl})[0];
        std::fill(a.pg.begin(), a.pg.end(), 0);
        for (int e = 0; e < k; ++e) SetField(&a.pg, e * fp_width(f) / 8, 1, 1);
        const Report r = RunSc(FromCases({a, v}), Quiet());
        ExpectClean(r, 2);
        if (r.responses.size() != 2) continue;
        const Response& ra = r.responses[0];
        const Response& rv = r.responses[1];
        const std::string what =
            std::string(1, FmtLetter(f)) + " vl " + std::to_string(vl) + " k " + std::to_string(k);
        ASSERT_EQ(rv.accept_cycle, ra.accept_cycle + 1) << what << ": back to back";
        EXPECT_EQ(ra.response_cycle, ra.accept_cycle + Latency(n, Op::kFadda, f, vl, k)) << what;
        const uint64_t fadda_issue = ra.accept_cycle + 1;
        uint64_t c = rv.accept_cycle + 1;
        if (k >= 1 && c == fadda_issue + 1) ++c;  // the cycle the FADDA's length is summed
        const int faddv_time = IssueToResponse(n, Op::kFaddv, f, vl, 0);
        while (c + faddv_time <= ra.response_cycle) ++c;
        EXPECT_EQ(rv.response_cycle, c + faddv_time) << what;
      }
    }
  }
}

// Throughput: 64 back-to-back fadd, and 64 faddv of one VL and type, give one response per
// cycle once the pipeline is full.
TEST(VfaddTopTest, ThroughputOnePerCycle) {
  for (Op op : {Op::kFadd, Op::kFaddv}) {
    const std::vector<Case> cases = Generated(151, 64, {op}, {Fmt::kS}, {kCfg.max_vl});
    const Report r = RunSc(FromCases(cases), Quiet());
    ExpectClean(r, cases.size());
    for (size_t i = 1; i < r.responses.size(); ++i) {
      EXPECT_EQ(r.responses[i].response_cycle, r.responses[i - 1].response_cycle + 1)
          << OpName(op) << " response " << i;
      EXPECT_EQ(r.responses[i].accept_cycle, r.responses[i - 1].accept_cycle + 1)
          << OpName(op) << " request " << i;
    }
    EXPECT_EQ(IssueInterval(kCfg.stages, op, 0), 1) << OpName(op);
  }
}

// Throughput of FADDA (the RTL header's table, top_timing.h): a stream of FADDAs with the first
// k elements active gives one response per NumStages * k + 2 cycles, since each waits in the
// input register while vfadd_fadda is busy with the one before, that is from the cycle after its
// issue up to its done cycle, 1 + NumStages * k cycles after the issue. A request is accepted in
// the cycle the one before it issues: the second one cycle after the first, each later one
// NumStages * k + 2 cycles after the one before. k = 0, 1, 3 and all, at the smallest and the
// largest VL.
TEST(VfaddTopTest, ThroughputFadda) {
  const int n = kCfg.stages;
  for (Fmt f : kAllFmts) {
    for (int vl : std::set<int>{128, kCfg.max_vl}) {
      const int elems = vl / fp_width(f);
      for (int k : std::set<int>{0, 1, 3, elems}) {
        if (k > elems) continue;
        std::vector<Case> cases = Generated(181 + vl + k, 8, {Op::kFadda}, {f}, {vl});
        for (Case& c : cases) {
          std::fill(c.pg.begin(), c.pg.end(), 0);
          for (int e = 0; e < k; ++e) SetField(&c.pg, e * fp_width(f) / 8, 1, 1);
        }
        const Report r = RunSc(FromCases(cases), Quiet());
        ExpectClean(r, cases.size());
        const uint64_t want = IssueInterval(n, Op::kFadda, k);
        EXPECT_EQ(want, uint64_t(n) * k + 2);  // the RTL header's figure
        const std::string what =
            std::string(1, FmtLetter(f)) + " vl " + std::to_string(vl) + " k " + std::to_string(k);
        for (size_t i = 1; i < r.responses.size(); ++i) {
          EXPECT_EQ(r.responses[i].response_cycle - r.responses[i - 1].response_cycle, want)
              << what << " response " << i;
          EXPECT_EQ(r.responses[i].accept_cycle - r.responses[i - 1].accept_cycle,
                    i == 1 ? 1 : want)
              << what << " request " << i;
        }
      }
    }
  }
}

// The formulas of top_timing.h against figures worked out by hand from the RTL header's table:
// NumStages 3 at MaxVecLenBits 512 (the README's `vfadd info`), and a few others.
TEST(VfaddTopTest, TimingFormulas) {
  EXPECT_EQ(CeilLog2(1), 0);
  EXPECT_EQ(CeilLog2(2), 1);
  EXPECT_EQ(CeilLog2(12), 4);
  EXPECT_EQ(CeilLog2(128), 7);
  EXPECT_EQ(FaddvLevels(Fmt::kH, 512), 5);   // 32 elements
  EXPECT_EQ(FaddvLevels(Fmt::kS, 384), 4);   // 12 elements: a tree of 16 leaves
  EXPECT_EQ(FaddvLevels(Fmt::kD, 128), 1);   // 2 elements
  EXPECT_EQ(FaddvLevels(Fmt::kH, 2048), 7);  // 128 elements
  EXPECT_EQ(Latency(3, Op::kFadd, Fmt::kS, 512, 16), 5);
  EXPECT_EQ(Latency(3, Op::kFsubrI, Fmt::kH, 128, 0), 5);
  EXPECT_EQ(UndefLatency(3), 5);
  EXPECT_EQ(Latency(3, Op::kFaddv, Fmt::kH, 512, 32), 17);
  EXPECT_EQ(Latency(3, Op::kFaddv, Fmt::kS, 512, 16), 14);
  EXPECT_EQ(Latency(3, Op::kFaddv, Fmt::kD, 512, 8), 11);
  EXPECT_EQ(Latency(4, Op::kFaddv, Fmt::kS, 384, 12), 18);  // 4 * 4 + 2
  EXPECT_EQ(Latency(3, Op::kFadda, Fmt::kS, 512, 0), 3);
  EXPECT_EQ(Latency(3, Op::kFadda, Fmt::kS, 512, 5), 18);  // 3 * 5 + 3
  EXPECT_EQ(IssueToResponse(3, Op::kFadda, Fmt::kS, 512, 5), 17);
  EXPECT_EQ(IssueToResponse(3, Op::kFaddv, Fmt::kD, 512, 8), 10);
  EXPECT_EQ(IssueInterval(3, Op::kFadda, 0), 2);
  EXPECT_EQ(IssueInterval(3, Op::kFadda, 5), 17);  // 3 * 5 + 2
  EXPECT_EQ(IssueInterval(3, Op::kFaddp, 0), 1);
  EXPECT_EQ(IssueInterval(3, Op::kFaddv, 0), 1);
}

// More requests than tags: the tag wraps around and the order still holds.
TEST(VfaddTopTest, TagWrapsAround) {
  const uint64_t n = (uint64_t{1} << kCfg.tag_bits) + 100;
  const std::vector<Case> base = Generated(161, 64, {Op::kFaddU, Op::kFadd}, {Fmt::kD}, {128});
  std::vector<Request> reqs(n);
  for (uint64_t i = 0; i < n; ++i) reqs[i].c = base[i % base.size()];
  Options o = Quiet();
  o.backpressure = 0.05;
  ExpectClean(RunSc(reqs, o), n);
}

// The SystemC harness and the plain C++ loop see the same stimulus and the same DUT: the same
// responses in the same cycles.
TEST(VfaddTopTest, ScAndCcAgree) {
  const std::vector<Case> cases = Generated(171, 600, {}, {}, VlsUpTo(kCfg.max_vl));
  const Options o = Busy(172);
  const Report sc = RunSc(FromCases(cases), o), cc = RunCc(FromCases(cases), o);
  ExpectClean(sc, cases.size());
  ExpectClean(cc, cases.size());
  EXPECT_EQ(sc.cycles, cc.cycles);
  EXPECT_EQ(sc.checked_elements, cc.checked_elements);
  for (size_t i = 0; i < sc.responses.size() && i < cc.responses.size(); ++i) {
    EXPECT_EQ(sc.responses[i].res, cc.responses[i].res) << i;
    EXPECT_EQ(sc.responses[i].response_cycle, cc.responses[i].response_cycle) << i;
  }
}

// A response side that never becomes ready: the watchdog ends the run with an error.
TEST(VfaddTopTest, WatchdogEndsAStuckRun) {
  const std::vector<Case> cases = Generated(181, 10, {Op::kFadd}, {}, {128});
  Options o = Quiet();
  o.backpressure = 1.0;
  o.watchdog_cycles = 2000;
  for (auto run : {RunSc, RunCc}) {
    const Report r = run(FromCases(cases), o);
    EXPECT_NE(r.error.find("watchdog"), std::string::npos) << r.error;
    EXPECT_LE(r.cycles, 2100u);
  }
  // The next run starts from reset and is clean.
  ExpectClean(RunSc(FromCases(cases), Quiet()), cases.size());
}

// The scoreboard is not blind: a request whose expectation is corrupted on purpose (one bit of
// its expected result flipped) is reported, element and values named; with check off nothing is
// compared and the responses are the same.
TEST(VfaddTopTest, ScoreboardReportsAFlippedBit) {
  const std::vector<Case> cases = Generated(191, 50, {Op::kFadd}, {Fmt::kS}, {128});
  Options o = Quiet();
  o.self_test_flip = 7;
  const Report bad = RunCc(FromCases(cases), o);
  EXPECT_EQ(bad.mismatch_count, 1u);
  ASSERT_EQ(bad.mismatches.size(), 1u);
  EXPECT_EQ(bad.mismatches[0].index, 7u);
  EXPECT_NE(bad.mismatches[0].what.find("element 0: expected"), std::string::npos)
      << bad.mismatches[0].what;
  ASSERT_EQ(bad.responses.size(), cases.size());
  for (size_t i = 0; i < cases.size(); ++i) EXPECT_EQ(bad.responses[i].mismatch, i == 7) << i;
  EXPECT_EQ(bad.responses[7].difference.rfind("element 0: expected", 0), 0u)
      << bad.responses[7].difference;
  o.check = false;
  const Report off = RunCc(FromCases(cases), o);
  EXPECT_TRUE(off.ok()) << off.error;
  EXPECT_EQ(off.checked_elements, 0u);
  for (size_t i = 0; i < off.responses.size() && i < bad.responses.size(); ++i) {
    EXPECT_EQ(off.responses[i].res, bad.responses[i].res);
  }
}

// Requests carrying their expected outcome (Request.expected, derived by hand here) next to
// requests the scoreboard runs the model for, on both engines: every response passes, and its
// expected and actual outcomes are in the model's shape, the scalars one word. S 1.0 + 1.0 = 2.0
// (40000000) in every element; FADDV S of four 1.0 = 4.0 (40800000); FADDA D of 1.0 and two
// 1.0 = 3.0 (4008000000000000); no flags.
TEST(VfaddTopTest, ExpectedOutcomeIsCheckedAndReported) {
  const Bits two_s = {0x4000000040000000, 0x4000000040000000};
  std::vector<Request> reqs(6);
  reqs[0].c = Uniform(Op::kFadd, Fmt::kS, 128, 0x3f800000);
  reqs[0].expected = Outcome{two_s, 0};
  reqs[1].c = Uniform(Op::kFaddv, Fmt::kS, 128, 0x3f800000);
  reqs[1].expected = Outcome{{0x40800000}, 0};
  reqs[2].c = Uniform(Op::kFadda, Fmt::kD, 128, 0x3ff0000000000000);
  reqs[2].expected = Outcome{{0x4008000000000000}, 0};
  reqs[3].c = reqs[1].c;  // as an instruction word, FADDV decoded: still one word
  reqs[3].raw = true;
  reqs[3].insn = EncodeCase(reqs[3].c);
  reqs[3].expected = reqs[1].expected;
  reqs[4].c = reqs[0].c;  // no expectation: the model's
  reqs[5].c = reqs[0].c;  // an undefined word: its expectation is ignored, nothing to compare
  reqs[5].raw = true;
  reqs[5].insn = 0x00000000;
  reqs[5].expected = Outcome{{1}, 0x1f};
  const Bits want[] = {two_s, {0x40800000}, {0x4008000000000000}, {0x40800000}, two_s, {}};
  for (auto run : {RunSc, RunCc}) {
    const Report r = run(reqs, Busy(611));
    ExpectClean(r, reqs.size());
    for (size_t i = 0; i < r.responses.size(); ++i) {
      const Response& x = r.responses[i];
      EXPECT_FALSE(x.mismatch) << i << ": " << x.difference;
      EXPECT_EQ(x.difference, "") << i;
      EXPECT_EQ(x.expected.res, want[i]) << i;
      EXPECT_EQ(x.actual.res, want[i]) << i;
      EXPECT_EQ(x.expected.fpsr, 0u) << i;
      EXPECT_EQ(x.actual.fpsr, 0u) << i;
    }
  }
}

// A wrong expectation is caught and named: bit 0 of element 2 of the expected FADD S flipped
// (2.0 = 40000000 claimed to be 40000001), and bit 0 of the given scalar of FADDV by
// self_test_flip (4.0 = 40800000 claimed to be 40800001). The responses keep the RTL's (right)
// answer in actual; the other requests pass.
TEST(VfaddTopTest, WrongExpectedOutcomeIsAMismatch) {
  std::vector<Request> reqs(3);
  reqs[0].c = Uniform(Op::kFadd, Fmt::kS, 128, 0x3f800000);
  reqs[0].expected = Outcome{{0x4000000040000000, 0x4000000040000001}, 0};
  reqs[1].c = Uniform(Op::kFaddv, Fmt::kS, 128, 0x3f800000);
  reqs[1].expected = Outcome{{0x40800000}, 0};
  reqs[2].c = reqs[1].c;
  Options o = Quiet();
  o.self_test_flip = 1;
  const Report r = RunSc(reqs, o);
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.mismatch_count, 2u);
  ASSERT_EQ(r.mismatches.size(), 2u);
  ASSERT_EQ(r.responses.size(), 3u);
  const Response& v = r.responses[0];
  EXPECT_TRUE(v.mismatch);
  EXPECT_EQ(v.difference.rfind("element 2: expected 40000001 (", 0), 0u) << v.difference;
  EXPECT_NE(v.difference.find(", actual 40000000 (2); Zdn[2] 3f800000 (1), Zm[2] 3f800000 (1)"),
            std::string::npos)
      << v.difference;
  EXPECT_EQ(v.actual.res, (Bits{0x4000000040000000, 0x4000000040000000}));
  EXPECT_EQ(r.mismatches[0].index, 0u);
  EXPECT_NE(r.mismatches[0].what.find("\n  " + v.difference), std::string::npos)
      << r.mismatches[0].what;
  const Response& s = r.responses[1];
  EXPECT_TRUE(s.mismatch);
  EXPECT_EQ(s.difference.rfind("scalar: expected 40800001 (", 0), 0u) << s.difference;
  EXPECT_EQ(s.expected.res, Bits{0x40800001});
  EXPECT_EQ(s.actual.res, Bits{0x40800000});
  EXPECT_EQ(r.mismatches[1].index, 1u);
  EXPECT_FALSE(r.responses[2].mismatch) << r.responses[2].difference;
  EXPECT_EQ(r.responses[2].actual.res, Bits{0x40800000});
}

// An expectation too short for the operation (FADD S at VL 128 needs 2 words) is refused before
// anything runs.
TEST(VfaddTopTest, ShortExpectedOutcomeIsAnError) {
  std::vector<Request> reqs(2);
  reqs[0].c = Uniform(Op::kFadd, Fmt::kS, 128, 0x3f800000);
  reqs[1].c = Uniform(Op::kFadd, Fmt::kS, 128, 0x3f800000);
  reqs[1].expected = Outcome{{0x4000000040000000}, 0};
  const Report r = RunSc(reqs, Quiet());
  EXPECT_EQ(r.error, "request 1: expected has 1 result words, fadd at vl 128 needs 2");
  EXPECT_EQ(r.cycles, 0u);
}

// Waves: an FST file for a window of requests (SystemC) and of cycles (C++ loop).
TEST(VfaddTopTest, WavesInAWindow) {
  const std::vector<Case> cases = Generated(201, 40, {}, {}, {128});
  const std::string dir = ::testing::TempDir();
  Options o = Busy(202);
  o.waves = dir + "vfadd_top_cases.fst";
  o.wave_first_case = 10;
  o.wave_last_case = 12;
  ExpectClean(RunSc(FromCases(cases), o), cases.size());
  Options p = Busy(203);
  p.waves = dir + "vfadd_top_cycles.fst";
  p.wave_first_cycle = 5;
  p.wave_last_cycle = 30;
  ExpectClean(RunCc(FromCases(cases), p), cases.size());
  for (const std::string& f : {o.waves, p.waves}) {
    FILE* fp = std::fopen(f.c_str(), "rb");
    ASSERT_NE(fp, nullptr) << f;
    std::fseek(fp, 0, SEEK_END);
    EXPECT_GT(std::ftell(fp), 200) << f;
    std::fclose(fp);
    std::remove(f.c_str());
    std::remove(WaveSavePath(f).c_str());
  }
}

// The FST as GTKWave names its signals: "scope.path.name" for a bit, "scope.path.name[msb:lsb]"
// for a vector (Verilator writes "name [msb:lsb]"; GTKWave drops the space), with the FST's handle.
std::map<std::string, std::pair<fstHandle, uint32_t>> FstSignals(void* r) {
  std::map<std::string, std::pair<fstHandle, uint32_t>> out;
  std::vector<std::string> scope;
  fstReaderIterateHierRewind(r);
  while (const fstHier* h = fstReaderIterateHier(r)) {
    if (h->htyp == FST_HT_SCOPE) {
      scope.push_back((scope.empty() ? "" : scope.back() + ".") + h->u.scope.name);
    } else if (h->htyp == FST_HT_UPSCOPE) {
      scope.pop_back();
    } else if (h->htyp == FST_HT_VAR) {
      std::string name;
      for (const char* c = h->u.var.name; *c; ++c) {
        if (*c != ' ') name += *c;
      }
      out[scope.back() + "." + name] = {h->u.var.handle, h->u.var.length};
    }
  }
  return out;
}

// The value of a signal (up to 64 bits) at time t: the last change at or before t.
uint64_t FstValueAt(void* r, const std::pair<fstHandle, uint32_t>& sig, uint64_t t) {
  std::vector<char> buf(sig.second + 1);
  const char* v = fstReaderGetValueFromHandleAtTime(r, t, sig.first, buf.data());
  return v ? std::strtoull(v, nullptr, 2) : ~uint64_t{0};
}

// --waves writes a GTKWave save file beside the FST (F.fst: F.gtkw). Each engine runs 40 cases
// with idles and backpressure, request 17's expectation corrupted (self_test_flip), so that
// request 17 alone fails. The save file must name only signals the FST has (read back here with
// GTKWave's FST reader), show every port of vfadd_top (rtl/vfadd_top.sv) in the request and
// response groups and some internal signals in the pipeline group, and put markers at the rising
// edges of request 17's acceptance and response: tb/top/README.md's time line, 10 ns cycles of
// which the first 3 are the reset, the rising edge in the middle, so cycle C's edge is at
// (C + 3) * 10000 + 5000 ps. At those times the FST itself must show the handshakes (valid and
// ready high, the tag 17, just before the edge).
TEST(VfaddTopTest, WaveSaveFileGroupsSignalsAndMarksTheFailingRequest) {
  const std::vector<Case> cases = Generated(207, 40, {}, {}, {128});
  const std::vector<std::string> request = {
      "clk_i",      "rst_ni",   "req_valid_i", "req_ready_o",   "req_raw_i",
      "req_insn_i", "req_op_i", "req_fmt_i",   "req_imm_one_i", "req_len_i",
      "req_fpcr_i", "req_pg_i", "req_a_i",     "req_b_i",       "req_tag_i"};
  const std::vector<std::string> response = {"rsp_valid_o", "rsp_ready_i", "rsp_result_o",
                                             "rsp_fpsr_o",  "rsp_tag_o",   "rsp_undef_o"};
  for (const bool sc : {true, false}) {
    SCOPED_TRACE(sc ? "RunSc" : "RunCc");
    // A name of this process's own (the configurations' tests may run at once).
    const std::string base =
        ::testing::TempDir() + "vfadd_gtkw_" + std::to_string(getpid()) + (sc ? "_sc" : "_cc");
    Options o = Busy(208);
    o.waves = base + ".fst";
    o.self_test_flip = 17;
    const Report rep = sc ? RunSc(FromCases(cases), o) : RunCc(FromCases(cases), o);
    EXPECT_TRUE(rep.error.empty()) << rep.error;
    ASSERT_EQ(rep.responses.size(), cases.size());
    EXPECT_EQ(rep.mismatch_count, 1u);
    const Response& bad = rep.responses[17];
    ASSERT_TRUE(bad.mismatch);
    EXPECT_EQ(WaveSavePath(o.waves), base + ".gtkw");
    std::ifstream f(base + ".gtkw");
    ASSERT_TRUE(f) << base << ".gtkw";
    void* r = fstReaderOpen(o.waves.c_str());
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(fstReaderGetTimescale(r), -12);  // picoseconds
    const auto fst = FstSignals(r);

    std::map<std::string, std::vector<std::string>> groups;  // group: its signals
    std::string group, stars, dumpfile;
    std::map<char, std::string> marker_names;
    for (std::string line; std::getline(f, line);) {
      ASSERT_FALSE(line.empty());
      if (line == "@800200" || line == "@1000200" || line == "@22" || line == "@28") continue;
      if (line[0] == '-') {
        group = group.empty() ? line.substr(1) : "";  // a begin, or the end of `group`
      } else if (line[0] == '*' && line.size() > 1 && line[1] != ']') {
        stars = line;
      } else if (line.rfind("[markername] ", 0) == 0) {
        marker_names[line[13]] = line.substr(14);
      } else if (line.rfind("[dumpfile] ", 0) == 0) {
        dumpfile = line.substr(11);
      } else if (line[0] != '[') {
        EXPECT_FALSE(group.empty()) << "a signal outside a group: " << line;
        EXPECT_TRUE(fst.count(line)) << "not in the FST: " << line;
        groups[group].push_back(line);
      }
    }
    char* real = realpath(o.waves.c_str(), nullptr);  // the FST's absolute path
    ASSERT_NE(real, nullptr);
    EXPECT_EQ(dumpfile, "\"" + std::string(real) + "\"");
    std::free(real);
    ASSERT_EQ(groups.size(), 3u);
    // The signals of a group by their last name component (before any bit range), one scope.
    auto names = [&](const std::string& g) {
      std::vector<std::string> out;
      for (const std::string& full : groups[g]) {
        const std::string last = full.substr(full.rfind('.') + 1);
        out.push_back(last.substr(0, last.find('[')));
        EXPECT_EQ(full.substr(0, full.rfind('.')),
                  groups["request"][0].substr(0, groups["request"][0].rfind('.')));
      }
      std::sort(out.begin(), out.end());
      return out;
    };
    std::vector<std::string> want_req = request, want_rsp = response;
    std::sort(want_req.begin(), want_req.end());
    std::sort(want_rsp.begin(), want_rsp.end());
    EXPECT_EQ(names("request"), want_req);
    EXPECT_EQ(names("response"), want_rsp);
    const std::vector<std::string> pipe = names("pipeline");
    EXPECT_GE(pipe.size(), 5u);
    for (const std::string& n : pipe) {
      EXPECT_EQ(std::count(want_req.begin(), want_req.end(), n) +
                    std::count(want_rsp.begin(), want_rsp.end(), n),
                0)
          << n << " is a port, not a pipeline signal";
    }

    // "*ZOOM PRIMARY A B C ... Z": the primary and A at the acceptance, B at the response.
    const uint64_t accept = (bad.accept_cycle + 3) * 10000 + 5000;
    const uint64_t respond = (bad.response_cycle + 3) * 10000 + 5000;
    std::istringstream in(stars);
    std::vector<std::string> fields;
    for (std::string w; in >> w;) fields.push_back(w);
    ASSERT_EQ(fields.size(), 28u) << stars;
    EXPECT_EQ(fields[1], std::to_string(accept));
    EXPECT_EQ(fields[2], std::to_string(accept));
    EXPECT_EQ(fields[3], std::to_string(respond));
    for (size_t i = 4; i < fields.size(); ++i) EXPECT_EQ(fields[i], "-1") << i;
    EXPECT_EQ(marker_names['A'], "request 17 accepted");
    EXPECT_EQ(marker_names['B'], "request 17 response");
    EXPECT_EQ(marker_names.size(), 2u);

    auto value = [&](const std::string& port, uint64_t t) {
      for (const auto& g : {groups["request"], groups["response"]}) {
        for (const std::string& full : g) {
          const std::string last = full.substr(full.rfind('.') + 1);
          if (last.substr(0, last.find('[')) == port) return FstValueAt(r, fst.at(full), t);
        }
      }
      ADD_FAILURE() << port;
      return ~uint64_t{0};
    };
    EXPECT_EQ(value("req_valid_i", accept - 1), 1u);
    EXPECT_EQ(value("req_ready_o", accept - 1), 1u);
    EXPECT_EQ(value("req_tag_i", accept - 1), 17u);
    EXPECT_EQ(value("rsp_valid_o", respond - 1), 1u);
    EXPECT_EQ(value("rsp_ready_i", respond - 1), 1u);
    EXPECT_EQ(value("rsp_tag_o", respond - 1), 17u);
    EXPECT_EQ(value("clk_i", accept - 1), 0u);  // before the edge
    EXPECT_EQ(value("clk_i", accept), 1u);      // the edge
    fstReaderClose(r);
    std::remove(o.waves.c_str());
    std::remove((base + ".gtkw").c_str());
  }
}

// The scoreboard is not blind to lost or repeated responses: the monitor hides one response (the
// request is reported lost when the next one arrives), sees one twice (a duplicate), or hides
// the last one (the run ends on the watchdog with the expectation left in the scoreboard).
TEST(VfaddTopTest, ScoreboardReportsLostDuplicatedAndLeftover) {
  const std::vector<Case> cases = Generated(195, 20, {Op::kFadd}, {Fmt::kS}, {128});
  Options o = Quiet();
  o.self_test_lose = 5;
  const Report lost = RunCc(FromCases(cases), o);
  EXPECT_EQ(lost.lost, 1u);
  EXPECT_EQ(lost.responded, 19u);
  EXPECT_EQ(lost.mismatch_count, 1u);
  ASSERT_EQ(lost.mismatches.size(), 1u);
  EXPECT_EQ(lost.mismatches[0].index, 5u);
  EXPECT_NE(lost.mismatches[0].what.find("(lost)"), std::string::npos) << lost.mismatches[0].what;
  EXPECT_TRUE(lost.error.empty()) << lost.error;
  ASSERT_EQ(lost.responses.size(), cases.size());
  for (size_t i = 0; i < cases.size(); ++i) EXPECT_EQ(lost.responses[i].mismatch, i == 5) << i;
  EXPECT_EQ(lost.responses[5].difference.rfind("no response;", 0), 0u)
      << lost.responses[5].difference;

  o = Quiet();
  o.self_test_duplicate = 5;
  const Report dup = RunCc(FromCases(cases), o);
  EXPECT_EQ(dup.duplicates, 1u);
  EXPECT_EQ(dup.responded, 20u);
  EXPECT_EQ(dup.mismatch_count, 1u);
  ASSERT_EQ(dup.mismatches.size(), 1u);
  EXPECT_EQ(dup.mismatches[0].index, 5u);
  EXPECT_NE(dup.mismatches[0].what.find("(duplicated)"), std::string::npos)
      << dup.mismatches[0].what;
  ASSERT_EQ(dup.responses.size(), cases.size());
  EXPECT_TRUE(dup.responses[5].mismatch);
  EXPECT_EQ(dup.responses[5].difference.rfind("a second response (tag 5)", 0), 0u)
      << dup.responses[5].difference;

  o = Quiet();
  o.self_test_lose = 19;
  o.watchdog_cycles = 300;
  const Report left = RunSc(FromCases(cases), o);
  EXPECT_EQ(left.leftover, 1u);
  EXPECT_NE(left.error.find("watchdog"), std::string::npos) << left.error;
  EXPECT_NE(left.error.find("the scoreboard is not empty at the end: 1 request(s) presented and "
                            "not answered, request 19 first"),
            std::string::npos)
      << left.error;
}

// A stream of requests made on demand runs exactly like the same requests given as a list (same
// cycles, same elements checked; no responses kept); a request the harness cannot drive ends the
// stream with an error naming it.
TEST(VfaddTopTest, StreamRunsLikeAList) {
  const std::vector<Case> cases = Generated(196, 300, {}, {}, VlsUpTo(kCfg.max_vl));
  const std::vector<Request> reqs = FromCases(cases);
  const Options o = Busy(197);
  const Report list = RunSc(reqs, o);
  const Report stream = RunScStream(
      reqs.size(), [&](uint64_t i) { return reqs[i]; }, o);
  const Report cc = RunCcStream(
      reqs.size(), [&](uint64_t i) { return reqs[i]; }, o);
  ExpectClean(list, reqs.size());
  for (const Report* r : {&stream, &cc}) {
    EXPECT_TRUE(r->ok()) << r->error;
    EXPECT_TRUE(r->responses.empty());
    EXPECT_EQ(r->cycles, list.cycles);
    EXPECT_EQ(r->checked_elements, list.checked_elements);
    EXPECT_EQ(r->accepted, reqs.size());
    EXPECT_EQ(r->responded, reqs.size());
  }
  std::vector<Request> bad(reqs.begin(), reqs.begin() + 10);
  bad[3].c.vl = kCfg.max_vl + 128;
  const Report r = RunCcStream(
      bad.size(), [&](uint64_t i) { return bad[i]; }, Quiet());
  EXPECT_NE(r.error.find("request 3: vl"), std::string::npos) << r.error;
}

// ---- resets in the middle of traffic (CTest top_vl<VL>_s<N>_reset) ------------------------------
// The rule (Options.resets): with rst_ni low in cycles c .. c + len - 1, compared with the same
// run without the reset,
//  - a request answered before cycle c has the same response in the same cycle;
//  - a request accepted before c and not answered is dropped: no response, ever;
//  - every other request (presented at or after c, or presented and not taken when the reset
//    came, which the driver presents again) is accepted after the reset, answered and checked;
//  - nothing else: no response during the reset, for a dropped request, or answering nothing
//    (the scoreboard reports each, and keeps watching for a drain of the unit's longest latency
//    after the last response and the reset).

using RunFn = Report (*)(const std::vector<Request>&, const Options&);

struct ResetCount {
  uint64_t trials = 0, answered_before = 0, dropped = 0, after = 0;
  void Add(const ResetCount& o) {
    trials += o.trials;
    answered_before += o.answered_before;
    dropped += o.dropped;
    after += o.after;
  }
  std::string Text() const {
    return std::to_string(trials) + " reset trials: " + std::to_string(answered_before) +
           " requests answered before their reset, " + std::to_string(dropped) +
           " dropped in flight, " + std::to_string(after) + " accepted after it";
  }
};

// One reset trial: `reqs` under `base` with rst_ni low in cycles c .. c + len - 1, checked against
// `ref`, the same run without the reset.
ResetCount ResetTrial(RunFn run, const std::vector<Request>& reqs, const Options& base,
                      const Report& ref, uint64_t c, uint64_t len) {
  Options o = base;
  o.resets = {{c, len}};
  const Report r = run(reqs, o);
  const std::string where = "reset in cycles " + std::to_string(c) + " .. " +
                            std::to_string(c + len - 1) + " (seed " + std::to_string(base.seed) +
                            ")";
  EXPECT_TRUE(r.ok()) << where << ": " << r.error;
  for (const Mismatch& m : r.mismatches) ADD_FAILURE() << where << ": " << m.what;
  EXPECT_EQ(r.resets, 1u) << where;
  ResetCount n;
  n.trials = 1;
  int reported = 0;
  auto fail = [&](size_t i, const std::string& what) {
    if (reported++ < 5) ADD_FAILURE() << where << ", request " << i << ": " << what;
  };
  for (size_t i = 0; i < reqs.size() && i < r.responses.size() && i < ref.responses.size(); ++i) {
    const Response &want = ref.responses[i], &got = r.responses[i];
    if (want.response_cycle < c) {
      ++n.answered_before;
      if (got.dropped || got.res != want.res || got.fpsr != want.fpsr || got.tag != want.tag ||
          got.undef != want.undef || got.accept_cycle != want.accept_cycle ||
          got.response_cycle != want.response_cycle) {
        fail(i, "answered before the reset, but not as without it");
      }
    } else if (want.accept_cycle < c) {
      ++n.dropped;
      if (!got.dropped || !got.res.empty()) fail(i, "in flight at the reset, but not dropped");
    } else {
      ++n.after;
      if (got.dropped || got.accept_cycle < c + len) {
        fail(i, "not accepted before the reset, but dropped or accepted during it (cycle " +
                    std::to_string(got.accept_cycle) + ")");
      }
    }
  }
  EXPECT_EQ(r.dropped, n.dropped) << where;
  EXPECT_EQ(r.accepted, reqs.size()) << where;
  EXPECT_EQ(r.responded, reqs.size() - n.dropped) << where;
  return n;
}

// A mix of every operation, FADDA and FADDV weighted up, at VLs up to 512 (FADDA at 2048 bits
// takes hundreds of cycles, which would make the runs long and the reset points few).
std::vector<Request> ResetMix(uint64_t seed, uint64_t n) {
  const std::vector<int> vls = VlsUpTo(std::min(kCfg.max_vl, 512));
  const std::vector<Case> any = Generated(seed, n, {}, {}, vls);
  const std::vector<Case> long_ops = Generated(seed + 1, n, {Op::kFadda, Op::kFaddv}, {}, vls);
  std::vector<Request> reqs(n);
  Rng rng(seed + 2);
  for (uint64_t i = 0; i < n; ++i) {
    reqs[i].c = rng.Chance(30) ? long_ops[i] : any[i];
    if (rng.Chance(10)) {  // some as instruction words, some of them undefined
      reqs[i].raw = true;
      reqs[i].insn = rng.Chance(80) ? EncodeCase(reqs[i].c) : 0x65000000u | (rng.Next() & 0xffffff);
    }
  }
  return reqs;
}

// 20 resets at random cycles of random traffic (idles, backpressure), 1 to 8 cycles long.
TEST(VfaddTopReset, TwentyAtRandomCycles) {
  Rng rng(401);
  ResetCount total;
  for (int t = 0; t < 20; ++t) {
    const std::vector<Request> reqs = ResetMix(410 + t, 150);
    const Options o = Busy(430 + t);
    const Report ref = RunSc(reqs, o);
    ExpectClean(ref, reqs.size());
    const uint64_t c = rng.Below(ref.cycles + 1), len = 1 + rng.Below(8);
    total.Add(ResetTrial(t % 2 ? RunCc : RunSc, reqs, o, ref, c, len));
  }
  std::printf("VfaddTopReset.TwentyAtRandomCycles: %s\n", total.Text().c_str());
  EXPECT_EQ(total.trials, 20u);
  EXPECT_GT(total.dropped, 20u) << "the resets hardly met any traffic";
}

// A reset at every cycle of a short run (and a few after its end, when the unit is idle), of
// every length from 1 to 3 in turn.
TEST(VfaddTopReset, AtEveryCycleOfAShortRun) {
  const std::vector<Request> reqs = ResetMix(450, 12);
  const Options o = Busy(451);
  const Report ref = RunSc(reqs, o);
  ExpectClean(ref, reqs.size());
  ResetCount total;
  for (uint64_t c = 0; c <= ref.cycles + 4; ++c) {
    total.Add(ResetTrial(RunSc, reqs, o, ref, c, 1 + c % 3));
    if (HasFailure()) break;
  }
  std::printf("VfaddTopReset.AtEveryCycleOfAShortRun: %s (run of %" PRIu64 " cycles)\n",
              total.Text().c_str(), ref.cycles);
  EXPECT_GT(total.dropped, ref.cycles / 2);
}

// Directed: the reset comes while a FADDA runs (every element active at the largest VL up to
// 512, FP16: the longest), and later requests wait in the input register and at the pins.
TEST(VfaddTopReset, DuringFadda) {
  const int vl = std::min(kCfg.max_vl, 512);
  std::vector<Request> reqs = FromCases(Generated(460, 6, {Op::kFadd}, {Fmt::kH}, {vl}));
  Case fadda = Generated(461, 1, {Op::kFadda}, {Fmt::kH}, {vl})[0];
  for (int e = 0; e < Elements(fadda); ++e) SetField(&fadda.pg, e * 2, 1, 1);
  reqs[1].c = fadda;
  for (RunFn run : {RunSc, RunCc}) {
    const Report ref = run(reqs, Quiet());
    ExpectClean(ref, reqs.size());
    const Response& f = ref.responses[1];
    ASSERT_GT(f.response_cycle - f.accept_cycle, 8u);
    const uint64_t c = f.accept_cycle + (f.response_cycle - f.accept_cycle) / 2;
    const ResetCount n = ResetTrial(run, reqs, Quiet(), ref, c, 2);
    EXPECT_GE(n.dropped, 2u) << "the FADDA and the request behind it";
  }
}

// Directed: the reset comes while FADDVs are in the tree's levels 2 and deeper (FP16 at the
// largest VL: log2(VL / 16) levels), one behind the other.
TEST(VfaddTopReset, DuringFaddv) {
  const int vl = kCfg.max_vl;
  std::vector<Request> reqs = FromCases(Generated(470, 4, {Op::kFaddv}, {Fmt::kH}, {vl}));
  for (const Case& c : Generated(471, 3, {Op::kFadd}, {}, {vl})) reqs.push_back({c});
  for (RunFn run : {RunSc, RunCc}) {
    const Report ref = run(reqs, Quiet());
    ExpectClean(ref, reqs.size());
    const Response& f = ref.responses[0];
    // Level 1 (the lanes) ends NumStages + 1 cycles after the acceptance; level 2 follows.
    const uint64_t c = f.accept_cycle + kCfg.stages + 2;
    ASSERT_LT(c, f.response_cycle);
    const ResetCount n = ResetTrial(run, reqs, Quiet(), ref, c, 3);
    EXPECT_GE(n.dropped, 2u);
  }
}

// Directed: the reset comes while the response side stalls: a response held in the response
// register, the lanes full behind it, the input register full and a request waiting at the pins.
// The stall starts after the first few responses (NumStages + 2 cycles after the first
// acceptance) and goes on after the reset.
TEST(VfaddTopReset, WhileAResponseIsStalled) {
  const std::vector<Request> reqs =
      FromCases(Generated(480, 40, {Op::kFadd, Op::kFsub, Op::kFaddp}, {}, VlsUpTo(kCfg.max_vl)));
  Options o = Quiet();
  o.stall_first_cycle = kCfg.stages + 6;
  o.stall_cycles = 100;
  for (RunFn run : {RunSc, RunCc}) {
    const Report ref = run(reqs, o);
    ExpectClean(ref, reqs.size());
    const uint64_t c = o.stall_first_cycle + 35;
    const ResetCount n = ResetTrial(run, reqs, o, ref, c, 3);
    // In flight: one in the response register, NumStages in the lanes, one in the input register.
    EXPECT_GE(n.dropped, uint64_t(kCfg.stages) + 2);
    EXPECT_GT(n.answered_before, 0u);
  }
}

// Several resets in one run, long and short, on both engines: the same responses, the same
// requests dropped, the same cycles.
TEST(VfaddTopReset, SeveralInOneRunScAndCcAgree) {
  const std::vector<Request> reqs = ResetMix(490, 300);
  Options o = Busy(491);
  o.resets = {{30, 1}, {200, 40}, {241, 2}, {600, 5}};
  const Report sc = RunSc(reqs, o), cc = RunCc(reqs, o);
  for (const Report* r : {&sc, &cc}) {
    EXPECT_TRUE(r->ok()) << r->error;
    for (const Mismatch& m : r->mismatches) ADD_FAILURE() << m.what;
    EXPECT_EQ(r->resets, 4u);
    EXPECT_GT(r->dropped, 0u);
    EXPECT_EQ(r->accepted, reqs.size());
    EXPECT_EQ(r->responded + r->dropped, reqs.size());
  }
  EXPECT_EQ(sc.cycles, cc.cycles);
  EXPECT_EQ(sc.dropped, cc.dropped);
  for (size_t i = 0; i < sc.responses.size() && i < cc.responses.size(); ++i) {
    const Response &a = sc.responses[i], &b = cc.responses[i];
    EXPECT_TRUE(a.res == b.res && a.fpsr == b.fpsr && a.tag == b.tag && a.dropped == b.dropped &&
                a.accept_cycle == b.accept_cycle && a.response_cycle == b.response_cycle)
        << "request " << i;
  }
}

// A reset list the harness cannot follow is refused before anything runs.
TEST(VfaddTopReset, OverlappingResetsAreAnError) {
  const std::vector<Request> reqs = ResetMix(495, 4);
  Options o = Quiet();
  o.resets = {{10, 5}, {12, 1}};
  const Report r = RunSc(reqs, o);
  EXPECT_NE(r.error.find("reset 1: cycle 12 is before the end of reset 0"), std::string::npos)
      << r.error;
  EXPECT_EQ(r.cycles, 0u);
}

// ---- handshake assertions on broken stimulus (CTest top_vl<VL>_s<N>_req_*_bad) -----------------
// The request side's rules are assumptions on vfadd_top's environment, checked by
// rtl/vfadd_top_checker.sv; the harness breaks them on purpose (Options.break_*): the response
// side of the run stays right, and exactly one assertion message appears, naming the rule.

// The assertion messages a run printed (Verilator's $error lines on stdout).
std::vector<std::string> AssertionLines(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) {
    if (l.find("Assertion failed in ") != std::string::npos) lines.push_back(l);
  }
  return lines;
}

// Requests that meet a full unit: a stall from the start fills it, so that a request waits at
// the pins (presented, not taken) before the stall ends; the breakers strike at the first one.
std::vector<Request> HandshakeTraffic(bool raw) {
  std::vector<Request> reqs = FromCases(Generated(501, 30, {Op::kFadd}, {Fmt::kS}, {128}));
  if (raw) {
    for (Request& r : reqs) {
      r.raw = true;
      r.insn = EncodeCase(r.c);
    }
  }
  return reqs;
}

Options HandshakeOptions() {
  Options o = Quiet();
  o.stall_first_cycle = 0;
  o.stall_cycles = 30;
  return o;
}

// Runs `reqs` under `o` on `run` and expects exactly one message of the checker's assertion
// `name` (vfadd_top's u_checker, its property text to the end of the line), and responses
// otherwise right.
void ExpectOneFiring(RunFn run, const std::vector<Request>& reqs, const Options& o,
                     const std::string& name, const std::string& text) {
  testing::internal::CaptureStdout();
  const Report r = run(reqs, o);
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_TRUE(r.assertion_failed) << name << " did not fire";
  EXPECT_EQ(r.mismatch_count, 0u);
  for (const Mismatch& m : r.mismatches) ADD_FAILURE() << m.what;
  EXPECT_EQ(r.responded, reqs.size());
  const std::vector<std::string> lines = AssertionLines(out);
  ASSERT_EQ(lines.size(), 1u) << out;
  const std::string path = ".vfadd_top.u_checker." + name;
  const std::string want = "Assertion failed in ";
  const size_t at = lines[0].find(want);
  ASSERT_NE(at, std::string::npos);
  // "<path>: <path>: assertion failed: <text>", the path ending in .vfadd_top.u_checker.<name>.
  const std::string rest = lines[0].substr(at + want.size());
  const size_t colon = rest.find(": ");
  ASSERT_NE(colon, std::string::npos) << lines[0];
  const std::string m = rest.substr(0, colon);
  EXPECT_TRUE(m.size() > path.size() && m.compare(m.size() - path.size(), path.size(), path) == 0)
      << "not " << path << ": " << lines[0];
  EXPECT_EQ(rest.substr(colon + 2), m + ": assertion failed: " + text) << lines[0];
}

// (a) req_valid_i low for a cycle while a request waits: ReqValidHeld_A, once.
TEST(VfaddTopHandshake, ReqValidHeld_bad) {
  const std::vector<Request> reqs = HandshakeTraffic(false);
  ExpectClean(RunSc(reqs, HandshakeOptions()), reqs.size());  // the same traffic, unbroken
  Options o = HandshakeOptions();
  o.break_valid_request = 0;
  for (RunFn run : {RunSc, RunCc}) {
    ExpectOneFiring(run, reqs, o, "ReqValidHeld_A", "req_valid_i && !req_ready_o |=> req_valid_i");
  }
}

// (b) a payload bit (one the unit ignores) flips while a request waits: ReqStable_A, once; for
// operation fields (req_insn_i flips) and for an instruction word (req_op_i flips).
TEST(VfaddTopHandshake, ReqStable_bad) {
  for (bool raw : {false, true}) {
    const std::vector<Request> reqs = HandshakeTraffic(raw);
    ExpectClean(RunSc(reqs, HandshakeOptions()), reqs.size());
    Options o = HandshakeOptions();
    o.break_payload_request = 0;
    for (RunFn run : {RunSc, RunCc}) {
      ExpectOneFiring(run, reqs, o, "ReqStable_A",
                      "req_valid_i && !req_ready_o |=> $stable(req_payload)");
    }
  }
}

// ---- random initial state (CTest top_vl<VL>_s<N>_xseeds) -------------------------------------
// Every flop and variable of the Verilated unit starts random (--x-initial unique, randReset(2));
// the seed is the process's (SetInitialStateSeed, as +verilator+seed+N), and the models are built
// once per process. So each seed runs in a process of its own: this binary again, with
// --x-seed=N --x-out=FILE, which registers and runs VfaddTopXInitChild.Run alone. The child runs
// a fixed workload on both engines (random traffic with idles and backpressure, and a run with
// resets in the middle) and writes every response: bits, flags, tag, undef, accept and response
// cycles, dropped; and the power-on values of the response register it saw (different per seed:
// the seed did change the initial state). Every seed must write the same responses.

constexpr int kXSeeds = 10;
int x_seed = 0;     // --x-seed=N (0: not a child)
std::string x_out;  // --x-out=FILE

std::string Hex(const Bits& b) {
  std::string s;
  char buf[24];
  for (size_t i = b.size(); i-- > 0;) {
    std::snprintf(buf, sizeof buf, "%016" PRIx64, b[i]);
    s += buf;
  }
  return s.empty() ? "-" : s;
}

// The child: the workload, every response into x_out.
void XInitChild() {
  const std::vector<Request> reqs = ResetMix(601, Many(200));
  Options o = Busy(602);
  Options with_resets = Busy(603);
  with_resets.resets = {{40, 2}, {300, 9}};
  std::ofstream f(x_out);
  ASSERT_TRUE(f) << x_out;
  const struct {
    const char* name;
    RunFn run;
    const Options* opt;
  } runs[] = {{"sc", RunSc, &o},
              {"cc", RunCc, &o},
              {"sc-resets", RunSc, &with_resets},
              {"cc-resets", RunCc, &with_resets}};
  for (const auto& run : runs) {
    const Report r = run.run(reqs, *run.opt);
    EXPECT_TRUE(r.ok()) << run.name << ": " << r.error;
    for (const Mismatch& m : r.mismatches) ADD_FAILURE() << run.name << ": " << m.what;
    // The first run of each engine in the process sees the power-on state.
    if (run.opt == &o) {
      f << "power-on " << run.name << " " << Hex(r.power_on_result) << " " << r.power_on_tag
        << "\n";
    }
    f << "run " << run.name << " cycles " << r.cycles << " dropped " << r.dropped << " elements "
      << r.checked_elements << "\n";
    for (size_t i = 0; i < r.responses.size(); ++i) {
      const Response& x = r.responses[i];
      f << i << " tag " << x.tag << " accept " << x.accept_cycle << " response " << x.response_cycle
        << " undef " << x.undef << " dropped " << x.dropped << " fpsr " << x.fpsr << " res "
        << Hex(x.res) << "\n";
    }
  }
}

// This binary's path.
std::string SelfExe() {
  char buf[4096];
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, size_t(n)) : std::string();
}

// Runs this binary with `args`, its output into `log`; the exit status (-1: it did not exit).
// The GTEST_* environment (an XML report path, say) is not passed on.
int RunSelf(const std::vector<std::string>& args, const std::string& log) {
  const std::string exe = SelfExe();
  std::vector<char*> argv = {const_cast<char*>(exe.c_str())};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (char** e = environ; *e; ++e) {
    if (std::strncmp(*e, "GTEST_", 6) != 0) envp.push_back(*e);
  }
  envp.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, exe.c_str(), &fa, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string ReadFile(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Ten seeds, ten processes: the same responses in the same cycles, from different power-on
// states.
TEST(VfaddTopXInit, TenSeedsAgree) {
  const std::string dir = ::testing::TempDir() + "vfadd_xseeds_" + std::to_string(getpid()) + "_";
  std::string first;
  std::set<std::string> power_on;
  for (int seed = 1; seed <= kXSeeds; ++seed) {
    const std::string out = dir + std::to_string(seed) + ".txt", log = dir + "log.txt";
    const int rc = RunSelf({"--gtest_filter=VfaddTopXInitChild.Run",
                            "--x-seed=" + std::to_string(seed), "--x-out=" + out},
                           log);
    ASSERT_EQ(rc, 0) << "seed " << seed << ": the child failed:\n" << ReadFile(log);
    std::istringstream in(ReadFile(out));
    std::string responses;
    int lines = 0;
    for (std::string l; std::getline(in, l); ++lines) {
      if (l.rfind("power-on ", 0) == 0)
        power_on.insert(l);
      else
        responses += l + "\n";
    }
    std::remove(out.c_str());
    std::remove(log.c_str());
    ASSERT_GT(lines, 100) << "seed " << seed;
    if (seed == 1) {
      first = responses;
      continue;
    }
    if (responses == first) continue;
    // The first line that differs.
    std::istringstream a(first), b(responses);
    std::string la, lb;
    int line = 1;
    while (std::getline(a, la) && std::getline(b, lb) && la == lb) ++line;
    ADD_FAILURE() << "seed " << seed << " differs from seed 1 at line " << line
                  << ":\n  seed 1: " << la << "\n  seed " << seed << ": " << lb;
  }
  // Two power-on lines per seed (SystemC and C++ models), all different.
  EXPECT_EQ(power_on.size(), size_t(2 * kXSeeds)) << "the seed did not change the initial state";
  std::printf(
      "VfaddTopXInit.TenSeedsAgree: %d seeds, %zu distinct power-on states, identical "
      "responses\n",
      kXSeeds, power_on.size());
}

// ---- the soak (CTest top_vl512_s3_soak, top_vl512_s3_soak_long) -----------------------------
// One run of `n` random operations of every kind, type and VL (a quarter sent as instruction
// words), made on demand (RunScStream), under random idles and backpressure; every response
// checked, and the scoreboard's account at the end: everything accepted and answered once,
// nothing lost, repeated or left over.
void Soak(uint64_t n, uint64_t seed) {
  GenOptions g;
  g.seed = seed;
  g.vls = VlsUpTo(kCfg.max_vl);
  Options o = Busy(seed + 1);
  o.idle = 0.15;
  o.backpressure = 0.3;
  const auto t0 = std::chrono::steady_clock::now();
  const Report r = RunScStream(
      n,
      [&](uint64_t i) {
        Request q;
        q.c = GenerateCase(g, i);
        uint32_t regs = 0;
        if (SentAsWord(i, &regs)) {
          q.raw = true;
          q.insn = EncodeCase(q.c, regs & 31, (regs >> 5) & 31, (regs >> 10) & 7);
        }
        return q;
      },
      o);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("soak (vl%d_s%d, seed %" PRIu64 "): %" PRIu64 " operations, %" PRIu64
              " cycles, %" PRIu64 " responses, %" PRIu64 " elements checked; lost %" PRIu64
              ", duplicated %" PRIu64 ", unexpected %" PRIu64 ", left over %" PRIu64
              "; %.1f s (%.0f cycles/s)\n",
              kCfg.max_vl, kCfg.stages, seed, r.accepted, r.cycles, r.responded, r.checked_elements,
              r.lost, r.duplicates, r.unexpected, r.leftover, secs, r.cycles / secs);
  EXPECT_TRUE(r.ok()) << r.error;
  for (const Mismatch& m : r.mismatches) ADD_FAILURE() << m.what;
  EXPECT_EQ(r.accepted, n);
  EXPECT_EQ(r.responded, n);
  EXPECT_EQ(r.dropped + r.lost + r.duplicates + r.unexpected + r.leftover, 0u);
  EXPECT_GT(r.cycles, n);
}

TEST(VfaddTopSoak, TwoHundredThousandOperations) { Soak(200000, 7001); }

TEST(VfaddTopSoak, LongTierTenMillionOperations) { Soak(10000000, 7002); }

// ---- registration of the configuration-dependent tests ----------------------------------------

class Fn : public ::testing::Test {
 public:
  explicit Fn(std::function<void()> f) : f_(std::move(f)) {}
  void TestBody() override { f_(); }

 private:
  std::function<void()> f_;
};

void Register(const std::string& name, std::function<void()> f) {
  ::testing::RegisterTest("VfaddTopTest", name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                          [f]() -> ::testing::Test* { return new Fn(f); });
}

void RegisterConfigTests() {
  for (int vl : {128, 384, 512, 2048}) {
    if (vl > kCfg.max_vl) continue;  // this build cannot run it
    const std::string v = "Vl" + std::to_string(vl);
    Register("EveryOperationAndType" + v, [vl] { EveryOperationAndType(vl); });
    Register("FaddvSignOfZero" + v, [vl] { FaddvSignOfZero(vl); });
  }
  for (int vl : {384, 640, 768, 1152, 1920}) {
    if (vl > kCfg.max_vl) continue;
    Register("FaddvNonPowerOfTwoVl" + std::to_string(vl), [vl] { FaddvNonPowerOfTwo(vl); });
  }
  if (kCfg.max_vl > kMinVl) Register("RuntimeVlBelowMax", RuntimeVlBelowMax);
  if (kCfg.max_vl < kMaxVl) Register("VlAboveMaxIsAnError", VlAboveMaxIsAnError);
}

}  // namespace
}  // namespace vfadd::top

int sc_main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  // A child of VfaddTopXInit.TenSeedsAgree: --x-seed=N --x-out=FILE (gtest leaves them in argv).
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--x-seed=", 0) == 0) vfadd::top::x_seed = std::atoi(a.c_str() + 9);
    if (a.rfind("--x-out=", 0) == 0) vfadd::top::x_out = a.substr(8);
  }
  if (vfadd::top::x_seed > 0) {
    if (!vfadd::top::SetInitialStateSeed(vfadd::top::x_seed)) return 2;
    ::testing::RegisterTest(
        "VfaddTopXInitChild", "Run", nullptr, nullptr, __FILE__, __LINE__,
        []() -> ::testing::Test* { return new vfadd::top::Fn(vfadd::top::XInitChild); });
  }
  vfadd::top::RegisterConfigTests();
  return RUN_ALL_TESTS();
}
