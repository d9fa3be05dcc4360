// SPDX-License-Identifier: Apache-2.0
// RtlDecode: one lazily created Verilated vfadd_decode, evaluated per word.
#include "rtl_decode.h"

#include <cstdint>
#include <memory>

#include "Vvfadd_decode.h"
#include "verilated.h"

namespace vfadd {
namespace {

// The context and the model, created together on first use and never destroyed before exit.
struct RtlDecoder {
  std::unique_ptr<VerilatedContext> context;
  std::unique_ptr<Vvfadd_decode> dut;
  RtlDecoder() : context(std::make_unique<VerilatedContext>()) {
    context->fatalOnError(false);
    dut = std::make_unique<Vvfadd_decode>(context.get(), "vfadd_decode");
  }
  ~RtlDecoder() { dut->final(); }
};

RtlDecoder& Decoder() {
  static RtlDecoder decoder;
  return decoder;
}

}  // namespace

Insn RtlDecode(uint32_t word) {
  Vvfadd_decode& dut = *Decoder().dut;
  dut.insn_i = word;
  dut.eval();
  Insn insn;
  // insn_kind_e and op_e have the values of InsnKind and Op (rtl/vfadd_pkg.sv).
  insn.kind = static_cast<InsnKind>(dut.kind_o);
  insn.op = static_cast<Op>(dut.op_o);
  insn.size = dut.size_o;
  insn.zd = dut.zd_o;
  insn.zn = dut.zn_o;
  insn.zm = dut.zm_o;
  insn.pg = dut.pg_o;
  insn.imm_one = dut.imm_one_o != 0;
  insn.merging = dut.merging_o != 0;
  return insn;
}

}  // namespace vfadd
