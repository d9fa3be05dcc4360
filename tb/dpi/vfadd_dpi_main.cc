// SPDX-License-Identifier: Apache-2.0
// main() of vfadd_dpi_tb (tb/dpi/vfadd_dpi_tb.sv, Verilated with --timing): runs the testbench's
// own clock and sequence to its $finish. Exit 0 when it finished without an error; 1 after
// $fatal, $error or a failed assertion (the testbench's or the unit's); 2 when it stopped
// without $finish. Plusargs go to the testbench (+seed=N, +cases=N, ...) and to Verilator
// (+verilator+seed+N: the random initial state of every flop).
#include <verilated.h>

#include <cstdio>
#include <memory>

#include VFADD_DPI_TB_HEADER

int main(int argc, char** argv) {
  const std::unique_ptr<VerilatedContext> context{new VerilatedContext};
  context->randReset(2);         // flops start random: a missing reset shows
  context->fatalOnError(false);  // an error ends the run with an exit code, not abort()
  context->commandArgs(argc, argv);
  const std::unique_ptr<VFADD_DPI_TB_CLASS> tb{new VFADD_DPI_TB_CLASS{context.get(), "TOP"}};
  while (!context->gotFinish()) {
    tb->eval();
    if (!tb->eventsPending()) break;
    context->time(tb->nextTimeSlot());
  }
  const bool finished = context->gotFinish();
  tb->final();
  if (context->gotError()) return 1;
  if (!finished) {
    std::fprintf(stderr, "vfadd_dpi_tb: the simulation stopped without $finish\n");
    return 2;
  }
  return 0;
}
