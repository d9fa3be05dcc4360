// SPDX-License-Identifier: Apache-2.0
// rtl/vfadd_top_checker.sv on its own: the handshake assertions of vfadd_top's interface,
// Verilated alone (--cc, VecW 128, TagW 4, MaxInFlight 3: tb/top/top.cmake, top_checker_test)
// and driven pin by pin. A correct vfadd_top never breaks the rules of its own side
// (RspValidHeld_A, RspStable_A, RspInFlight_A, TagInOrder_A, InFlightBounded_A), so their _bad
// tests break them here (and those of the request side too): each drives a pin sequence that
// violates one rule and expects that assertion's message (its %m path and property text), as
// often as the sequence violates it, and no other. QuietOnLegalTraffic drives random legal
// traffic (with resets) and expects no message.
// Each test has its own VerilatedContext and model; the messages are read from stdout, where
// Verilator's $error writes them.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "Vtop_checker.h"
#include "verilated.h"
#include "vfadd/rng.h"

namespace vfadd::top {
namespace {

constexpr uint32_t kTagMask = 0xf;  // TagW 4
constexpr int kMaxInFlight = 3;
constexpr int kVecWords32 = 4;  // VecW 128

// The assertions' hierarchical names: the model is named "tb".
const std::string kPath = "tb.vfadd_top_checker.";

class Checker {
 public:
  Checker() : ctx_(std::make_unique<VerilatedContext>()) {
    ctx_->randReset(2);         // every flop starts random
    ctx_->fatalOnError(false);  // an assertion failure is counted (gotError), not an abort
    m_ = std::make_unique<Vtop_checker>(ctx_.get(), "tb");
    Reset();
  }
  ~Checker() { m_->final(); }

  Vtop_checker& pins() { return *m_; }
  VerilatedContext& ctx() { return *ctx_; }

  // rst_ni low for two cycles, every handshake pin low.
  void Reset() {
    m_->req_valid_i = 0;
    m_->req_ready_o = 0;
    m_->rsp_valid_o = 0;
    m_->rsp_ready_i = 0;
    m_->rst_ni = 0;
    Cycle();
    Cycle();
    m_->rst_ni = 1;
  }

  // One cycle with the pins as set: they settle with the clock low, then the rising edge.
  void Cycle() {
    m_->clk_i = 0;
    m_->eval();
    ctx_->timeInc(5);
    m_->clk_i = 1;
    m_->eval();
    ctx_->timeInc(5);
  }

  // A request with tag `tag` (and every payload pin from it), taken in this cycle.
  void Accept(uint32_t tag) {
    Request(tag);
    m_->req_ready_o = 1;
    Cycle();
    m_->req_valid_i = 0;
  }
  // The request pins of tag `tag`, valid, not taken.
  void Request(uint32_t tag) {
    m_->req_valid_i = 1;
    m_->req_ready_o = 0;
    m_->req_raw_i = tag & 1;
    m_->req_insn_i = 0x65000000u | tag;
    m_->req_op_i = tag % 11;
    m_->req_fmt_i = 1 + tag % 3;
    m_->req_imm_one_i = (tag >> 1) & 1;
    m_->req_len_i = 0;
    m_->req_fpcr_i = tag << 22;
    m_->req_pg_i = 0x5555;
    for (int w = 0; w < kVecWords32; ++w) {
      m_->req_a_i[w] = 0x3f800000u + tag + w;
      m_->req_b_i[w] = 0x40000000u + tag + w;
    }
    m_->req_tag_i = tag & kTagMask;
  }
  // A response with tag `tag`, taken in this cycle.
  void Respond(uint32_t tag) {
    Response(tag);
    m_->rsp_ready_i = 1;
    Cycle();
    m_->rsp_valid_o = 0;
  }
  // The response pins of tag `tag`, valid, not taken.
  void Response(uint32_t tag) {
    m_->rsp_valid_o = 1;
    m_->rsp_ready_i = 0;
    for (int w = 0; w < kVecWords32; ++w) m_->rsp_result_o[w] = 0x41000000u + tag + w;
    m_->rsp_fpsr_o = 0x10;
    m_->rsp_tag_o = tag & kTagMask;
    m_->rsp_undef_o = 0;
  }

 private:
  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<Vtop_checker> m_;
};

// The assertion messages in `out` (Verilator's "Assertion failed in <path>: ..." lines).
std::vector<std::string> Failures(const std::string& out) {
  std::vector<std::string> lines;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) {
    if (l.find("Assertion failed in ") != std::string::npos) lines.push_back(l);
  }
  return lines;
}

// `out` holds exactly `times` assertion messages, every one of assertion `name`: its path (%m)
// and its property text, to the end of the line. The context saw an error iff times > 0.
void ExpectFired(const std::string& out, Checker& c, const std::string& name,
                 const std::string& text, size_t times) {
  const std::vector<std::string> lines = Failures(out);
  EXPECT_EQ(lines.size(), times) << "expected " << name << " " << times << " time(s); output:\n"
                                 << out;
  const std::string want =
      "Assertion failed in " + kPath + name + ": " + kPath + name + ": assertion failed: " + text;
  for (const std::string& l : lines) {
    const bool ends =
        l.size() >= want.size() && l.compare(l.size() - want.size(), want.size(), want) == 0;
    EXPECT_TRUE(ends) << "expected a line ending in \"" << want << "\", got: " << l;
  }
  EXPECT_EQ(c.ctx().gotError(), times > 0);
}

// (a) req_valid_i dropped before the request is taken.
TEST(TopChecker, ReqValidHeld_bad) {
  Checker c;
  testing::internal::CaptureStdout();
  c.Request(3);
  c.Cycle();  // presented, not taken
  c.pins().req_valid_i = 0;
  c.Cycle();  // withdrawn: the violation
  c.Accept(3);
  c.Respond(3);
  ExpectFired(testing::internal::GetCapturedStdout(), c, "ReqValidHeld_A",
              "req_valid_i && !req_ready_o |=> req_valid_i", 1);
}

// (b) a request pin changes while the request waits: each of the 11 payload ports in turn.
TEST(TopChecker, ReqStable_bad) {
  Checker c;
  testing::internal::CaptureStdout();
  for (int port = 0; port < 11; ++port) {
    const uint32_t tag = 2 + port;
    c.Request(tag);
    c.Cycle();  // presented, not taken
    Vtop_checker& p = c.pins();
    switch (port) {
      case 0:
        p.req_raw_i ^= 1;
        break;
      case 1:
        p.req_insn_i ^= 1u << 31;
        break;
      case 2:
        p.req_op_i ^= 1;
        break;
      case 3:
        p.req_fmt_i ^= 3;
        break;
      case 4:
        p.req_imm_one_i ^= 1;
        break;
      case 5:
        p.req_len_i ^= 1;
        break;
      case 6:
        p.req_fpcr_i ^= 1u << 24;
        break;
      case 7:
        p.req_pg_i ^= 0x8000;
        break;
      case 8:
        p.req_a_i[kVecWords32 - 1] ^= 1u << 31;
        break;
      case 9:
        p.req_b_i[0] ^= 1;
        break;
      default:
        p.req_tag_i ^= 1;
        break;
    }
    c.Cycle();  // changed while waiting: the violation
    p.req_ready_o = 1;
    const uint32_t taken = p.req_tag_i;
    c.Cycle();  // taken as it now is
    p.req_valid_i = 0;
    c.Respond(taken);
  }
  ExpectFired(testing::internal::GetCapturedStdout(), c, "ReqStable_A",
              "req_valid_i && !req_ready_o |=> $stable(req_payload)", 11);
}

// (c) rsp_valid_o dropped before the response is taken.
TEST(TopChecker, RspValidHeld_bad) {
  Checker c;
  testing::internal::CaptureStdout();
  c.Accept(7);
  c.Response(7);
  c.Cycle();  // presented, not taken
  c.pins().rsp_valid_o = 0;
  c.Cycle();  // withdrawn: the violation
  c.Respond(7);
  ExpectFired(testing::internal::GetCapturedStdout(), c, "RspValidHeld_A",
              "rsp_valid_o && !rsp_ready_i |=> rsp_valid_o", 1);
}

// (c) a response pin changes while the response waits: each of the 4 payload ports in turn (the
// tag goes from a wrong one to the right one, so that the response taken is in order).
TEST(TopChecker, RspStable_bad) {
  Checker c;
  testing::internal::CaptureStdout();
  for (int port = 0; port < 4; ++port) {
    const uint32_t tag = 4 + port;
    c.Accept(tag);
    c.Response(tag);
    Vtop_checker& p = c.pins();
    if (port == 2) p.rsp_tag_o = (tag ^ 1) & kTagMask;
    c.Cycle();  // presented, not taken
    switch (port) {
      case 0:
        p.rsp_result_o[kVecWords32 - 1] ^= 1u << 31;
        break;
      case 1:
        p.rsp_fpsr_o ^= 1;
        break;
      case 2:
        p.rsp_tag_o = tag & kTagMask;
        break;
      default:
        p.rsp_undef_o ^= 1;
        break;
    }
    c.Cycle();  // changed while waiting: the violation
    p.rsp_ready_i = 1;
    c.Cycle();  // taken
    p.rsp_valid_o = 0;
  }
  ExpectFired(testing::internal::GetCapturedStdout(), c, "RspStable_A",
              "rsp_valid_o && !rsp_ready_i |=> $stable(rsp_payload)", 4);
}

// (d) a response with nothing in flight: the second response to one request (a duplicate).
TEST(TopChecker, RspInFlight_bad) {
  Checker c;
  testing::internal::CaptureStdout();
  c.Accept(9);
  c.Respond(9);
  c.Respond(9);  // nothing in flight: the violation
  c.Accept(10);
  c.Respond(10);
  ExpectFired(testing::internal::GetCapturedStdout(), c, "RspInFlight_A",
              "rsp_valid_o |-> in_flight_q != '0", 1);
}

// (e) responses out of order: the second request's tag answers first.
TEST(TopChecker, TagInOrder_bad) {
  Checker c;
  testing::internal::CaptureStdout();
  c.Accept(1);
  c.Accept(2);
  c.Respond(2);  // the oldest in flight is 1: the violation
  c.Respond(2);
  ExpectFired(testing::internal::GetCapturedStdout(), c, "TagInOrder_A",
              "pop |-> rsp_tag_o == oldest_tag", 1);
}

// More requests in flight than the checker was built for (MaxInFlight 3 here).
TEST(TopChecker, InFlightBounded_bad) {
  Checker c;
  testing::internal::CaptureStdout();
  for (int i = 0; i <= kMaxInFlight; ++i) c.Accept(i);  // the last one: the violation
  ExpectFired(testing::internal::GetCapturedStdout(), c, "InFlightBounded_A",
              "req_fire |-> in_flight_q < 32'(Depth)", 1);
}

// Random legal traffic: requests held until taken, responses in order with random latency and
// backpressure, up to MaxInFlight in flight, resets now and then (which drop everything in
// flight): no assertion fires.
TEST(TopChecker, QuietOnLegalTraffic) {
  Checker c;
  Rng rng(2026);
  std::deque<uint32_t> in_flight;
  uint32_t next_tag = 0;
  uint64_t accepted = 0, answered = 0, resets = 0;
  bool presenting = false, answering = false;
  testing::internal::CaptureStdout();
  for (int cycle = 0; cycle < 20000; ++cycle) {
    Vtop_checker& p = c.pins();
    if (rng.Below(1000) == 0) {  // a reset drops everything
      c.Reset();
      in_flight.clear();
      presenting = answering = false;
      ++resets;
      continue;
    }
    if (!presenting && rng.Chance(60)) {
      c.Request(next_tag++);
      presenting = true;
    } else if (!presenting) {
      p.req_valid_i = 0;
      p.req_insn_i = static_cast<uint32_t>(rng.Next());  // junk while idle is legal
    }
    if (!answering && !in_flight.empty() && rng.Chance(50)) {
      c.Response(in_flight.front());
      answering = true;
    }
    if (!answering) p.rsp_result_o[0] = static_cast<uint32_t>(rng.Next());
    p.req_ready_o = in_flight.size() < kMaxInFlight && rng.Chance(70);
    p.rsp_ready_i = rng.Chance(70);
    const bool req_fire = presenting && p.req_ready_o;
    const bool rsp_fire = answering && p.rsp_ready_i;
    c.Cycle();
    if (rsp_fire) {
      in_flight.pop_front();
      answering = false;
      p.rsp_valid_o = 0;
      ++answered;
    }
    if (req_fire) {
      in_flight.push_back(p.req_tag_i);
      presenting = false;
      p.req_valid_i = 0;
      ++accepted;
    }
  }
  const std::string out = testing::internal::GetCapturedStdout();
  EXPECT_TRUE(Failures(out).empty()) << out;
  EXPECT_FALSE(c.ctx().gotError());
  EXPECT_GT(accepted, 5000u);
  EXPECT_GT(answered, 5000u);
  EXPECT_GT(resets, 5u);
}

}  // namespace
}  // namespace vfadd::top
