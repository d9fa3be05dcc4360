// SPDX-License-Identifier: Apache-2.0
// The quick tier of vfadd_top's verification: the SystemC harness (RunSc) on one configuration
// of the RTL (the library this binary links; Built() says which), every response checked
// against the golden model by the harness's scoreboard. SystemC owns main(): sc_main registers
// the tests that depend on the configuration (a VL the build cannot run is not registered) and
// runs them all; the testbench is elaborated once, and each run resets the DUT.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "gen.h"
#include "top_harness.h"
#include "vfadd/decode.h"
#include "vfadd/fp.h"
#include "vfadd/rng.h"
#include "vfadd/vector.h"

namespace vfadd::top {
namespace {

// SystemC prints its banner from sc_elab_and_sim(), before sc_main: on success a test binary
// prints gtest's output only.
const bool kNoBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0) == 0;

const BuildConfig kCfg = Built();
constexpr Fmt kFmts[] = {Fmt::kH, Fmt::kS, Fmt::kD};

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

std::vector<Op> AllOps() {
  std::vector<Op> ops;
  for (int i = 0; i < kNumOps; ++i) ops.push_back(static_cast<Op>(i));
  return ops;
}

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

int CeilLog2(int n) {
  int l = 0;
  while ((1 << l) < n) ++l;
  return l;
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
    for (Fmt f : kFmts) {
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
  for (Fmt f : kFmts) cases.push_back(Uniform(Op::kFaddv, f, vl, sign_mask(f)));
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
  for (Fmt f : kFmts) {
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
  for (Fmt f : kFmts) {
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

// Latency, no idles and no backpressure (the RTL header's table): vector ops and undef
// NumStages + 2 from acceptance to response.
TEST(VfaddTopTest, LatencyVectorOps) {
  const int n = kCfg.stages;
  for (Op op : AllOps()) {
    if (op == Op::kFadda || op == Op::kFaddv) continue;
    const std::vector<Case> cases = Generated(121 + int(op), 12, {op}, {}, VlsUpTo(kCfg.max_vl));
    const Report r = RunSc(FromCases(cases), Quiet());
    ExpectClean(r, cases.size());
    for (const Response& resp : r.responses) {
      EXPECT_EQ(resp.response_cycle - resp.accept_cycle, uint64_t(n + 2)) << OpName(op);
    }
  }
  Request u;
  u.raw = true;
  u.insn = 0xd503201f;
  const Report r = RunSc({u, u, u}, Quiet());
  ExpectClean(r, 3);
  for (const Response& resp : r.responses) {
    EXPECT_EQ(resp.response_cycle - resp.accept_cycle, uint64_t(n + 2)) << "undef";
  }
}

// FADDV: NumStages * ceil(log2(elements)) + 2, back to back at one VL and type.
TEST(VfaddTopTest, LatencyFaddv) {
  for (Fmt f : kFmts) {
    for (int vl : {128, 384, kCfg.max_vl}) {
      if (vl > kCfg.max_vl) continue;
      const std::vector<Case> cases = Generated(131 + vl, 6, {Op::kFaddv}, {f}, {vl});
      const Report r = RunSc(FromCases(cases), Quiet());
      ExpectClean(r, cases.size());
      const uint64_t want = uint64_t(kCfg.stages) * CeilLog2(vl / fp_width(f)) + 2;
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
    const uint64_t want = uint64_t(kCfg.stages) * ActiveCount(c) + 3;
    EXPECT_EQ(r.responses[0].response_cycle - r.responses[0].accept_cycle, want)
        << FmtLetter(c.fmt) << " vl " << c.vl << " k " << ActiveCount(c);
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
  }
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
  o.check = false;
  const Report off = RunCc(FromCases(cases), o);
  EXPECT_TRUE(off.ok()) << off.error;
  EXPECT_EQ(off.checked_elements, 0u);
  for (size_t i = 0; i < off.responses.size() && i < bad.responses.size(); ++i) {
    EXPECT_EQ(off.responses[i].res, bad.responses[i].res);
  }
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
  }
}

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
  vfadd::top::RegisterConfigTests();
  return RUN_ALL_TESTS();
}
