// SPDX-License-Identifier: Apache-2.0
// The reduction of vfadd shrink (shrink.h).
#include "shrink.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "vfadd/fp.h"

namespace vfadd::tool {

namespace {

int ActiveElements(const Case& c) {
  int n = 0;
  for (int e = 0; e < Elements(c); ++e) n += ElementActive(c, e);
  return n;
}

}  // namespace

ShrinkResult Shrink(const Case& start, const std::function<bool(const Case&)>& fails) {
  ShrinkResult r;
  Case& c = r.c;
  c = start;
  // Candidates are stimulus: a res of the start's VL would not fit a shorter one.
  c.checked = false;
  c.res.clear();
  c.fpsr = 0;
  const int w = fp_width(c.fmt);
  const bool vector_a = !c.a.empty() && c.op != Op::kFadda;  // fadda's a is a scalar
  auto try_take = [&](const Case& cand) {
    ++r.tries;
    if (!fails(cand)) return false;
    ++r.accepted;
    c = cand;
    return true;
  };
  // 1. The shortest VL.
  for (int vl = kMinVl; vl < c.vl; vl += 128) {
    Case x = c;
    x.vl = vl;
    if (vector_a) x.a.resize(vl / 64);
    if (!x.b.empty()) x.b.resize(vl / 64);
    if (!x.pg.empty()) {
      x.pg.resize((vl / 8 + 63) / 64);
      if (vl / 8 % 64) x.pg.back() &= (uint64_t{1} << (vl / 8 % 64)) - 1;
    }
    if (try_take(x)) break;
  }
  // 2. The simplest FPCR. The mask keeps bit 18 (Len, which no add reads) as vfadd shrink always
  // has; only FPCR 0 clears it.
  if (c.fpcr != 0) {
    Case x = c;
    x.fpcr = 0;
    if (!try_take(x)) {
      for (const uint32_t bits :
           {0xFC33FFFFu /* fields no add reads */, 1u << 25, 1u << 24, 1u << 19, 3u << 22}) {
        if (!(c.fpcr & bits)) continue;
        Case y = c;
        y.fpcr &= ~bits;
        try_take(y);
      }
    }
  }
  // 3. A canonical predicate: only the bits that govern elements.
  if (!c.pg.empty()) {
    Case x = c;
    std::fill(x.pg.begin(), x.pg.end(), 0);
    for (int e = 0; e < Elements(c); ++e) {
      if (ElementActive(c, e)) SetField(&x.pg, e * w / 8, 1, 1);
    }
    if (x.pg != c.pg) try_take(x);
    // 4. The fewest active elements.
    for (int e = 0; e < Elements(c); ++e) {
      if (!ElementActive(c, e)) continue;
      Case y = c;
      SetField(&y.pg, e * w / 8, 1, 0);
      try_take(y);
    }
  }
  // 5. Every element not needed set to zero (inactive ones first, all at once).
  auto zero = [&](Case& x, int e) {
    if (vector_a) SetField(&x.a, e * w, w, 0);
    if (!x.b.empty()) SetField(&x.b, e * w, w, 0);
  };
  {
    Case x = c;
    for (int e = 0; e < Elements(c); ++e) {
      if (!ElementActive(c, e)) zero(x, e);
    }
    if (x.a != c.a || x.b != c.b) try_take(x);
  }
  for (int e = 0; e < Elements(c); ++e) {
    for (Bits Case::*operand : {&Case::a, &Case::b}) {
      Case x = c;
      Bits& v = x.*operand;
      if (v.empty() || (operand == &Case::a && !vector_a) || GetField(v, e * w, w) == 0) continue;
      SetField(&v, e * w, w, 0);
      try_take(x);
    }
  }
  if (c.op == Op::kFadda && c.a[0] != 0) {
    Case x = c;
    x.a[0] = 0;
    try_take(x);
  }
  return r;
}

std::string ShrinkSummary(const Case& before, const Case& after, uint64_t trials) {
  char buf[160];
  std::snprintf(buf, sizeof buf,
                "# vfadd shrink: %" PRIu64
                " trials; vl %d -> %d, active elements %d -> %d, "
                "fpcr %08x -> %08x",
                trials, before.vl, after.vl, ActiveElements(before), ActiveElements(after),
                before.fpcr, after.fpcr);
  return buf;
}

}  // namespace vfadd::tool
