// Verilator flags of every build of the RTL (lint, the lane harness, the netlist check), read
// with -F so that the paths below are relative to sim/. The sources are rtl/vfadd.f, given
// beside this file (`-F sim/verilator.f -F rtl/vfadd.f`). Lint waivers live in vfadd.vlt, each
// with its reason.
-Wall
--assert
--x-assign unique
--x-initial unique
// Verilator 5.006 can emit C++ that does not compile (a loop counter used undeclared) when it
// folds the copies of a sampled wide vector (an assertion's $stable/$past of 2048-bit operands)
// into a loop; fixed upstream in 5.010 (verilator PR 4062). Forming such loops is only an
// optimisation: it is switched off.
-fno-reloop
-I../rtl
vfadd.vlt
