// Verilator flags of every build of the RTL (lint and simulation), read with -F so that the
// paths below are relative to sim/. Lint waivers live in vfadd.vlt, each with its reason.
-Wall
--assert
--x-assign unique
--x-initial unique
-I../rtl
vfadd.vlt
-F ../rtl/vfadd.f
