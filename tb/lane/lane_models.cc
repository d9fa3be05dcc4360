// SPDX-License-Identifier: Apache-2.0
// The Verilated lanes behind LaneDut, each verilated by the CMake build under its own prefix:
// vfadd_lane_array (kArrayLanes lanes) at NumStages 1 .. 6 (Varray_n1 .. Varray_n6), one RTL
// vfadd_lane at NumStages = kNetlistStages (Vlane_rtl) and the Yosys netlist of it (Vlane_gl).
#include <cstdint>
#include <memory>
#include <type_traits>

#include "Varray_n1.h"
#include "Varray_n2.h"
#include "Varray_n3.h"
#include "Varray_n4.h"
#include "Varray_n5.h"
#include "Varray_n6.h"
#include "Vlane_gl.h"
#include "Vlane_rtl.h"
#include "lane_harness.h"
#include "verilated.h"

namespace vfadd::lane {
namespace {

constexpr int kLaneFlagBits = kSlots * kFlagBits;  // 20 flag bits per lane

// Verilator ports: an integer up to 64 bits, a VlWide array of 32-bit words above.
template <typename P>
void PutWords(P& port, const std::vector<uint64_t>& words) {
  if constexpr (std::is_integral_v<P>) {
    port = words[0];
  } else {
    for (size_t i = 0; i < words.size(); i++) {
      port[2 * i] = uint32_t(words[i]);
      port[2 * i + 1] = uint32_t(words[i] >> 32);
    }
  }
}

// Bits [lsb +: width] of a port, width 1 .. 64.
template <typename P>
uint64_t GetBits(const P& port, int lsb, int width) {
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  if constexpr (std::is_integral_v<P>) {
    return (uint64_t(port) >> lsb) & mask;
  } else {
    const int first = lsb / 32;
    uint64_t v = port[first] >> (lsb % 32);
    for (int have = 32 - lsb % 32, w = first + 1; have < width; have += 32, w++) {
      v |= uint64_t(port[w]) << have;
    }
    return v & mask;
  }
}

// The ports are the same in every model (the netlist keeps the RTL's port names and widths).
template <typename V>
class VerilatedLane final : public LaneDut {
 public:
  VerilatedLane(VerilatedContext* ctx, int stages, int lanes, const char* name)
      : v_(std::make_unique<V>(ctx, name)), stages_(stages), lanes_(lanes), name_(name) {}
  int stages() const override { return stages_; }
  int lanes() const override { return lanes_; }
  const char* name() const override { return name_; }

  void Reset() override {
    v_->rst_ni = 0;
    v_->valid_i = 0;
    v_->stall_i = 0;
    for (int i = 0; i < 2; i++) {
      v_->clk_i = 0;
      v_->eval();
      v_->clk_i = 1;
      v_->eval();
    }
    v_->clk_i = 0;
    v_->eval();
    v_->rst_ni = 1;
    v_->eval();
  }

  // The lane's outputs come straight from flops (its output register is always there), so
  // what they show before this cycle's rising edge is what the last edge left: they are read
  // first, and the new inputs settle in the same eval as the rising edge.
  void Cycle(const ArrayIn& in, ArrayOut* out) override {
    out->valid = v_->valid_o;
    out->result.resize(lanes_);
    out->flags.resize(lanes_);
    for (int l = 0; l < lanes_; l++) {
      out->result[l] = GetBits(v_->result_o, 64 * l, 64);
      out->flags[l] = uint32_t(GetBits(v_->flags_o, kLaneFlagBits * l, kLaneFlagBits));
    }
    v_->stall_i = in.stall;
    v_->valid_i = in.valid;
    v_->fmt_i = uint8_t(in.ctl.fmt);
    v_->sub_i = in.ctl.sub;
    v_->fpcr_i = uint8_t(RtlFpcr(in.ctl));
    PutWords(v_->op1_i, in.op1);
    PutWords(v_->op2_i, in.op2);
    v_->clk_i = 1;
    v_->eval();
    v_->clk_i = 0;
    v_->eval();
  }

  void Final() override { v_->final(); }

 private:
  std::unique_ptr<V> v_;
  int stages_, lanes_;
  const char* name_;
};

template <typename V>
std::unique_ptr<LaneDut> Make(VerilatedContext* ctx, int stages, int lanes, const char* name) {
  return std::make_unique<VerilatedLane<V>>(ctx, stages, lanes, name);
}

}  // namespace

std::unique_ptr<LaneDut> MakeLaneArray(VerilatedContext* ctx, int stages) {
  switch (stages) {
    case 1:
      return Make<Varray_n1>(ctx, 1, kArrayLanes, "array_n1");
    case 2:
      return Make<Varray_n2>(ctx, 2, kArrayLanes, "array_n2");
    case 3:
      return Make<Varray_n3>(ctx, 3, kArrayLanes, "array_n3");
    case 4:
      return Make<Varray_n4>(ctx, 4, kArrayLanes, "array_n4");
    case 5:
      return Make<Varray_n5>(ctx, 5, kArrayLanes, "array_n5");
    case 6:
      return Make<Varray_n6>(ctx, 6, kArrayLanes, "array_n6");
    default:
      return nullptr;
  }
}

std::unique_ptr<LaneDut> MakeRtlLane(VerilatedContext* ctx) {
  return Make<Vlane_rtl>(ctx, kNetlistStages, 1, "lane_rtl");
}

std::unique_ptr<LaneDut> MakeNetlistLane(VerilatedContext* ctx) {
  return Make<Vlane_gl>(ctx, kNetlistStages, 1, "lane_netlist");
}

}  // namespace vfadd::lane
