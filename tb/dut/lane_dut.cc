// SPDX-License-Identifier: Apache-2.0
// A DUT adapter for vfadd --dut (docs/dut-protocol.md) around the Verilated lane array
// (tb/lane: vfadd_lane_array, four 64-bit lanes, NumStages 3): it reads stimulus lines and
// computes every operation from element additions and subtractions done by the lanes. The
// instruction layer is the adapter's own, written from docs/semantics.md
// section 6: predication (inactive elements keep Zdn), FSUBR (Zm - Zdn), FADDP (the pairs of
// each source), FADDA (one addition at a time, in element order), FADDV (the padded tree, level
// by level, the lower half op1). Only the trace parsing and formatting are the model's.
// Exit 0 at the end of stdin, 2 on a line it cannot parse.
#include <cstdio>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "lane_harness.h"
#include "verilated.h"
#include "vfadd/trace.h"

namespace {

using vfadd::Bits;
using vfadd::Case;
using vfadd::Fmt;
using vfadd::Op;
using vfadd::lane::ArrayIn;
using vfadd::lane::ArrayOut;
using vfadd::lane::LaneDut;

constexpr int kStages = 3;
constexpr uint32_t kFlagOrder[vfadd::lane::kFlagBits] = {vfadd::kIOC, vfadd::kOFC, vfadd::kUFC,
                                                         vfadd::kIXC, vfadd::kIDC};

// Element additions on the lane array: pairs (op1, op2) under one control.
class Lanes {
 public:
  explicit Lanes(LaneDut* dut) : dut_(dut) { dut_->Reset(); }

  // op1 +/- op2 for every pair, in order; the flags of all of them ORed into *fpsr.
  std::vector<uint64_t> Add(const vfadd::lane::Op& ctl,
                            const std::vector<std::pair<uint64_t, uint64_t>>& pairs,
                            uint32_t* fpsr) {
    const int w = vfadd::fp_width(ctl.fmt), per_word = 64 / w, lanes = dut_->lanes();
    const size_t per_op = static_cast<size_t>(per_word) * lanes;
    const uint64_t mask = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
    std::vector<uint64_t> out(pairs.size());
    const size_t ops = (pairs.size() + per_op - 1) / per_op;
    size_t issued = 0, done = 0;
    ArrayIn in;
    in.ctl = ctl;
    in.op1.assign(lanes, 0), in.op2.assign(lanes, 0);
    ArrayOut o;
    while (done < ops) {
      in.valid = issued < ops;
      if (in.valid) {
        for (int l = 0; l < lanes; ++l) {
          in.op1[l] = in.op2[l] = 0;
          for (int s = 0; s < per_word; ++s) {
            const size_t k = issued * per_op + l * per_word + s;
            if (k >= pairs.size()) continue;
            in.op1[l] |= (pairs[k].first & mask) << (s * w);
            in.op2[l] |= (pairs[k].second & mask) << (s * w);
          }
        }
      }
      dut_->Cycle(in, &o);
      if (in.valid) ++issued;
      if (!o.valid) continue;
      for (int l = 0; l < lanes; ++l) {
        for (int s = 0; s < per_word; ++s) {
          const size_t k = done * per_op + l * per_word + s;
          if (k >= pairs.size()) continue;
          out[k] = (o.result[l] >> (s * w)) & mask;
          const uint32_t rtl = o.flags[l] >> (s * vfadd::lane::kFlagBits);
          for (int i = 0; i < vfadd::lane::kFlagBits; ++i) {
            if (rtl >> i & 1) *fpsr |= kFlagOrder[i];
          }
        }
      }
      ++done;
    }
    return out;
  }

 private:
  LaneDut* dut_;
};

vfadd::lane::Op Control(const Case& c, bool sub) {
  const vfadd::Fpcr f{c.fpcr};
  vfadd::lane::Op ctl;
  ctl.fmt = c.fmt, ctl.sub = sub, ctl.rmode = static_cast<int>(f.rmode());
  ctl.fz = f.fz(), ctl.fz16 = f.fz16(), ctl.dn = f.dn();
  return ctl;
}

// The outcome of case c, every addition done by the lanes.
vfadd::Outcome Execute(Lanes& lanes, const Case& c) {
  const int w = vfadd::fp_width(c.fmt), n = c.vl / w;
  const bool sub = vfadd::Traits(c.op).subtract;
  const vfadd::lane::Op ctl = Control(c, sub), add = Control(c, false);
  auto elem = [&](const Bits& v, int e) { return vfadd::GetField(v, e * w, w); };
  auto active = [&](int e) { return vfadd::ElementActive(c, e); };
  vfadd::Outcome out;
  if (c.op == Op::kFadda) {
    uint64_t acc = vfadd::GetField(c.a, 0, w);
    for (int e = 0; e < n; ++e) {
      if (active(e)) acc = lanes.Add(add, {{acc, elem(c.b, e)}}, &out.fpsr)[0];
    }
    out.res = Bits{acc};
    return out;
  }
  if (c.op == Op::kFaddv) {
    int p2 = vfadd::kMinVl;
    while (p2 < c.vl) p2 *= 2;
    std::vector<uint64_t> x(p2 / w, 0);  // +0.0: inactive and padding leaves
    for (int e = 0; e < n; ++e) x[e] = active(e) ? elem(c.b, e) : 0;
    while (x.size() > 1) {
      std::vector<std::pair<uint64_t, uint64_t>> level;
      for (size_t i = 0; i + 1 < x.size(); i += 2) level.push_back({x[i], x[i + 1]});
      x = lanes.Add(add, level, &out.fpsr);
    }
    out.res = Bits{x[0]};
    return out;
  }
  // The element-wise forms: the immediate as Zm, FSUBR's operands swapped, FADDP's pairs.
  Bits b = c.b;
  if (vfadd::IsImmediate(c.op)) {
    b.assign(c.vl / 64, 0);
    for (int e = 0; e < n; ++e)
      vfadd::SetField(&b, e * w, w, vfadd::ImmediateBits(c.fmt, c.imm_one));
  }
  const bool reverse = c.op == Op::kFsubr || c.op == Op::kFsubrI;
  std::vector<std::pair<uint64_t, uint64_t>> pairs;
  std::vector<int> which;
  for (int e = 0; e < n; ++e) {
    if (!active(e)) continue;
    if (c.op == Op::kFaddp) {
      pairs.push_back(e % 2 == 0 ? std::make_pair(elem(c.a, e), elem(c.a, e + 1))
                                 : std::make_pair(elem(b, e - 1), elem(b, e)));
    } else {
      pairs.push_back(reverse ? std::make_pair(elem(b, e), elem(c.a, e))
                              : std::make_pair(elem(c.a, e), elem(b, e)));
    }
    which.push_back(e);
  }
  out.res = c.a;  // inactive elements keep Zdn
  const std::vector<uint64_t> r = lanes.Add(ctl, pairs, &out.fpsr);
  for (size_t k = 0; k < which.size(); ++k) vfadd::SetField(&out.res, which[k] * w, w, r[k]);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  VerilatedContext ctx;
  ctx.commandArgs(argc, argv);
  ctx.randReset(2);
  const std::unique_ptr<LaneDut> dut = vfadd::lane::MakeLaneArray(&ctx, kStages);
  Lanes lanes(dut.get());
  std::string text, err;
  for (long number = 1; std::getline(std::cin, text); ++number) {
    Case c;
    if (vfadd::ParseTraceLine(text, &c, &err) != vfadd::LineKind::kCase) {
      std::fprintf(stderr, "lane_dut: line %ld: %s\n", number,
                   err.empty() ? "a comment or blank line (vfadd sends none)" : err.c_str());
      return 2;
    }
    std::printf("%s\n", vfadd::FormatCase(vfadd::WithOutcome(c, Execute(lanes, c))).c_str());
    std::fflush(stdout);
  }
  dut->Final();
  return 0;
}
