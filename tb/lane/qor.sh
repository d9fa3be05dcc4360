#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Gates and depth (../shared/qor-flow.md) of one top with parameters, plus the Yosys checks that
# style.md makes errors (implicit declarations, undriven signals, memories, latches).
#   tb/lane/qor.sh NAME TOP [PARAM=VALUE ...]      (run from the repository root)
# e.g. tb/lane/qor.sh lane_n1 vfadd_lane NumStages=1
#      tb/lane/qor.sh fp64 vfadd_fmt_add Fmt=3
# Reports go to build-lane/qor/NAME.{ys,log,stat,ltp}; prints "NAME gates depth flops".
set -eu
name=$1; top=$2; shift 2
out=build-lane/qor
mkdir -p $out
files=$(sed 's|^|rtl/|' rtl/vfadd.f | tr '\n' ' ')
{
  echo "read_verilog -sv $files"
  for p in "$@"; do echo "chparam -set ${p%%=*} ${p#*=} $top"; done
  echo "hierarchy -check -top $top"
  echo "synth -flatten -top $top -noabc"
  echo "opt_clean -purge"
  echo "abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX -script +strash;dch,-f;map"
  echo "opt_clean"
  echo "tee -q -o $out/$name.stat stat"
  echo "tee -q -o $out/$name.ltp ltp -noff"
  echo "select -assert-none t:\$dlatch t:\$_DLATCH_*"
} > $out/$name.ys
yosys -q -l $out/$name.log -s $out/$name.ys > /dev/null
if grep -E "is implicitly declared|is used but has no driver|Replacing memory|[^o] Latch inferred|^Latch inferred" $out/$name.log; then
  echo "$name: Yosys warnings treated as errors (see $out/$name.log)" >&2
  exit 1
fi
cells=$(awk '/Number of cells:/ {n=$4} END {print n}' $out/$name.stat)
flops=$(awk '/\$_.*DFF.*_/ {s+=$2} END {print s+0}' $out/$name.stat)
depth=$(sed -n 's/.*length=\([0-9]*\).*/\1/p' $out/$name.ltp | head -1)
echo "$name gates=$((cells - flops)) depth=$depth flops=$flops"
