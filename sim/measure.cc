// SPDX-License-Identifier: Apache-2.0
// Measured latency, throughput and workloads of the built vfadd_top (see measure.h).
//
// Every figure comes from the cycle numbers the SystemC harness records (accept and response
// handshakes), with no idle cycles and no backpressure; every response is also checked against
// the golden model, so a figure is only reported for correct results. A dependent chain (each
// operation needs the previous one's result) is run one request at a time: the next request is
// presented the cycle after the previous response, so each link costs its latency plus one.
#include "measure.h"

#include "gen.h"
#include "top_harness.h"
#include "vfadd/rng.h"

namespace vfadd {
namespace {

// Sets element `e`'s predicate bit (its lowest byte's bit) for elements of `fmt`.
void SetActive(Case* c, Fmt fmt, int e) {
  const int bit = e * (fp_width(fmt) / 8);
  c->pg[bit / 64] |= uint64_t{1} << (bit % 64);
}

// A case of `op` and `fmt` at `vl` with the first `active` elements active (canonical bits).
Case MakeCase(Op op, Fmt fmt, int vl, int active, uint64_t seed, uint64_t index) {
  GenOptions g;
  g.seed = seed;
  g.ops = {op};
  g.types = {fmt};
  g.vls = {vl};
  g.fpcrs = {0};
  Case c = GenerateCase(g, index);
  if (IsPredicated(op)) {
    c.pg.assign((vl / 8 + 63) / 64, 0);
    for (int e = 0; e < active; ++e) SetActive(&c, fmt, e);
  }
  return c;
}

std::vector<top::Request> Requests(const std::vector<Case>& cases) {
  std::vector<top::Request> reqs(cases.size());
  for (size_t i = 0; i < cases.size(); ++i) reqs[i].c = cases[i];
  return reqs;
}

// Runs `cases` as one stream; false with *error on a failed run.
bool Stream(const std::vector<Case>& cases, top::Report* rep, std::string* error) {
  top::Options opt;
  *rep = top::RunSc(Requests(cases), opt);
  if (rep->ok() && rep->responses.size() == cases.size()) return true;
  *error = rep->error.empty() ? std::to_string(rep->mismatch_count) + " mismatches" : rep->error;
  if (!rep->mismatches.empty()) *error += ": " + rep->mismatches[0].what;
  return false;
}

// Cycles of a stream: from the first request accepted to the last response, inclusive.
uint64_t Span(const top::Report& rep) {
  return rep.responses.back().response_cycle - rep.responses.front().accept_cycle + 1;
}

// Cycles of `cases` as a dependent chain (see the file comment).
bool Chain(const std::vector<Case>& cases, uint64_t* cycles, std::string* error) {
  *cycles = 0;
  for (const Case& c : cases) {
    top::Report rep;
    if (!Stream({c}, &rep, error)) return false;
    *cycles += rep.responses[0].response_cycle - rep.responses[0].accept_cycle + 1;
  }
  return true;
}

}  // namespace

std::string MeasureOps(int vl, std::vector<OpFigures>* out) {
  constexpr int kStream = 32;
  std::string error;
  for (Op op : kAllOps) {
    for (Fmt f : kAllFmts) {
      const int n = vl / fp_width(f);
      OpFigures fig{op, f, vl, 0, 0};
      top::Report rep;
      if (!Stream({MakeCase(op, f, vl, n, 1, 0)}, &rep, &error)) {
        return std::string(OpName(op)) + " " + FmtLetter(f) + ": " + error;
      }
      fig.latency = rep.responses[0].response_cycle - rep.responses[0].accept_cycle;
      std::vector<Case> stream;
      for (int i = 0; i < kStream; ++i) stream.push_back(MakeCase(op, f, vl, n, 2, i));
      if (!Stream(stream, &rep, &error)) {
        return std::string(OpName(op)) + " " + FmtLetter(f) + " stream: " + error;
      }
      // Steady state: responses after the first, per cycle.
      fig.throughput = double(kStream - 1) / double(rep.responses.back().response_cycle -
                                                    rep.responses.front().response_cycle);
      out->push_back(fig);
    }
  }
  return "";
}

std::string MeasureWorkloads(int vl, uint64_t n, std::vector<WorkloadFigures>* out) {
  const Fmt f = Fmt::kS;
  const int per_op = vl / 32;
  const uint64_t ops = (n + per_op - 1) / per_op;
  const int tail = static_cast<int>(n - (ops - 1) * per_op);  // active in the last operation
  auto tiled = [&](Op op, uint64_t seed) {  // ops operations, the last one whilelt-predicated
    std::vector<Case> cases;
    for (uint64_t i = 0; i < ops; ++i) {
      cases.push_back(MakeCase(op, f, vl, i + 1 == ops ? tail : per_op, seed, i));
    }
    return cases;
  };
  std::string error;
  auto stream = [&](const char* name, const char* what, const std::vector<Case>& cases) {
    top::Report rep;
    if (!Stream(cases, &rep, &error)) return false;
    out->push_back({name, what, n, cases.size(), Span(rep)});
    return true;
  };
  auto chain = [&](const char* name, const char* what, const std::vector<Case>& cases) {
    WorkloadFigures w{name, what, n, cases.size(), 0};
    if (!Chain(cases, &w.cycles, &error)) return false;
    out->push_back(w);
    return true;
  };

  // The conditional add: a compare gives a predicate true for about half of the elements.
  std::vector<Case> cond = tiled(Op::kFadd, 11);
  Rng r(12);
  for (size_t i = 0; i < cond.size(); ++i) {
    const int active = i + 1 == cond.size() ? tail : per_op;
    std::fill(cond[i].pg.begin(), cond[i].pg.end(), 0);
    for (int e = 0; e < active; ++e) {
      if (r.Chance(50)) SetActive(&cond[i], f, e);
    }
  }
  const bool ok =
      stream("vector_add", "c[i] = a[i] + b[i]: FADD per vector, whilelt tail",
             tiled(Op::kFadd, 10)) &&
      stream("conditional_add", "svadd_m under a compare predicate (about half true)", cond) &&
      stream("sum_faddv", "FADDV per vector (partial sums added outside the unit)",
             tiled(Op::kFaddv, 13)) &&
      chain("sum_fadda", "FADDA per vector, each on the previous accumulator (strict order)",
            tiled(Op::kFadda, 14)) &&
      chain("dependent_adds", "FADD per vector, each on the previous result",
            tiled(Op::kFadd, 15)) &&
      stream("independent_adds", "the same FADDs with no dependence", tiled(Op::kFadd, 15));
  return ok ? "" : error;
}

}  // namespace vfadd
