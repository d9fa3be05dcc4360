# SPDX-License-Identifier: Apache-2.0
# Timing constraints of vfadd_top, for a downstream flow with a cell library (the repository's
# own flow, constraints/qor.py, counts gate levels and needs none).
#
# The clock period is a parameter: set VFADD_CLOCK_PERIOD (ns) before sourcing this file, e.g.
#   set VFADD_CLOCK_PERIOD 0.8; source constraints/vfadd.sdc
# Inputs arrive and outputs must leave with a fifth of the period each taken by the logic
# around the unit (the request and response are registered on both sides in a core), so the
# unit's own worst stage gets three fifths of the period at its ports and the whole period
# between its flip-flops.
if {![info exists VFADD_CLOCK_PERIOD]} {
  set VFADD_CLOCK_PERIOD 1.0
}
set vfadd_io_fraction 0.2

create_clock -name clk -period $VFADD_CLOCK_PERIOD [get_ports clk_i]
set_clock_uncertainty [expr {0.05 * $VFADD_CLOCK_PERIOD}] [get_clocks clk]

# The asynchronous reset is not timed against the clock.
set_false_path -from [get_ports rst_ni]

set vfadd_data_inputs [remove_from_collection [all_inputs] [get_ports {clk_i rst_ni}]]
set_input_delay  [expr {$vfadd_io_fraction * $VFADD_CLOCK_PERIOD}] -clock clk $vfadd_data_inputs
set_output_delay [expr {$vfadd_io_fraction * $VFADD_CLOCK_PERIOD}] -clock clk [all_outputs]

# req_ready_o depends on rsp_ready_i combinationally (vfadd_top's header): the only
# input-to-output path, budgeted like the others.
set_max_delay [expr {(1.0 - 2 * $vfadd_io_fraction) * $VFADD_CLOCK_PERIOD}] \
    -from [get_ports rsp_ready_i] -to [get_ports req_ready_o]
