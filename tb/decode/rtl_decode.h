// SPDX-License-Identifier: Apache-2.0
// The RTL instruction decoder (rtl/vfadd_decode.sv, Verilated) behind the model's decode API.
#ifndef VFADD_TB_DECODE_RTL_DECODE_H_
#define VFADD_TB_DECODE_RTL_DECODE_H_

#include <cstdint>

#include "vfadd/decode.h"

namespace vfadd {

// Evaluates vfadd_decode on `word` and returns its outputs as an Insn (kind, op, size, zd, zn,
// zm, pg, imm_one, merging). Expected to equal vfadd::Decode(word) for every word. One Verilated
// instance with its own VerilatedContext is created on first use and kept for the process; not
// thread-safe.
Insn RtlDecode(uint32_t word);

}  // namespace vfadd

#endif  // VFADD_TB_DECODE_RTL_DECODE_H_
