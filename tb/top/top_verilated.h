// SPDX-License-Identifier: Apache-2.0
// The one VerilatedContext of the process that both Verilated vfadd_tops run in (internal to
// tb/top; defined in top_sc.cc).
#ifndef VFADD_TB_TOP_TOP_VERILATED_H_
#define VFADD_TB_TOP_TOP_VERILATED_H_

#include "verilated.h"

namespace vfadd::top::detail {

// Created on first use, before any model: random reset values (randReset(2), a fixed seed, 1 or
// SetInitialStateSeed's, so a missing reset shows and a run repeats), assertion failures counted
// instead of fatal, waves possible; it is also the thread's context, which the --sc model and
// $error use.
VerilatedContext& Context();
// Clears the error and $finish state before a run; EndRun says whether an assertion failed.
void BeginRun();
bool EndRun();

}  // namespace vfadd::top::detail

#endif  // VFADD_TB_TOP_TOP_VERILATED_H_
