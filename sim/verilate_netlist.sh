#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Verilates a Yosys gate netlist (constraints/qor.py netlist) into MDIR/PREFIX__ALL.a, with
# Verilator's own Makefile (the netlist exists only at build time); the log goes to LOG.
#
#   verilate_netlist.sh VERILATOR PREFIX TOP MDIR LOG NETLIST [VERILATOR ARGS...]
#
# Lint is off: the netlist is machine-written, and the RTL it comes from is linted with -Wall.
# But the run fails when Verilator reports circular logic (UNOPTFLAT): Verilator 5.006 can
# evaluate a false loop through a multi-bit wire in the wrong order, and the simulated netlist
# would then differ from its logic (qor.py writes one wire per bit so that there is none).
set -u
if [ $# -lt 6 ]; then
  echo "usage: verilate_netlist.sh VERILATOR PREFIX TOP MDIR LOG NETLIST [VERILATOR ARGS...]" >&2
  exit 2
fi
verilator=$1 prefix=$2 top=$3 mdir=$4 log=$5 netlist=$6
shift 6
if ! "$verilator" --cc --build -j 2 --prefix "$prefix" --top-module "$top" -Wno-fatal -Wno-lint \
    -Wno-style --Mdir "$mdir" "$@" "$netlist" > "$log" 2>&1; then
  cat "$log"
  exit 1
fi
if grep UNOPTFLAT "$log"; then
  echo "$netlist: Verilator sees circular logic in the netlist (the UNOPTFLAT lines above, log:" \
       "$log), which it may simulate wrongly" >&2
  exit 1
fi
