// SPDX-License-Identifier: Apache-2.0
// vfadd_assert.svh: the one assertion macro of the RTL (style rule 11).
//
//   `VFADD_ASSERT(Name_A, property, clk, rst_n)
//
// Under simulation (Verilator with --assert) it is a concurrent SVA assertion, checked at the
// rising edge of clk and disabled while rst_n is low; a failure calls $error with the module
// path and the property text. Under SYNTHESIS (Yosys defines it) it is nothing at all, because
// Yosys 0.23 parses neither `assert property` nor `assert ... else`.
`ifndef VFADD_ASSERT_SVH
`define VFADD_ASSERT_SVH

`ifdef SYNTHESIS
`define VFADD_ASSERT(name, prop, clk, rst_n)
`else
`define VFADD_ASSERT(name, prop, clk, rst_n) \
  name: assert property (@(posedge clk) disable iff (!(rst_n)) (prop)) \
    else $error("%m: assertion failed: %s", `"prop`");
`endif

`endif  // VFADD_ASSERT_SVH
