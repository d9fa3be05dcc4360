// Verilator flags of every build of the RTL (lint, the lane harness, the netlist check), read
// with -F so that the paths below are relative to sim/. The sources are rtl/vfadd.f, given
// beside this file (`-F sim/verilator.f -F rtl/vfadd.f`). Lint waivers live in vfadd.vlt, each
// with its reason.
-Wall
--assert
--x-assign unique
--x-initial unique
-I../rtl
vfadd.vlt
