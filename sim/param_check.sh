#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Illegal parameters stop elaboration with the named error and nothing else, in both tools:
# Verilator 5.006 (--lint-only, the flags of sim/verilator.f) and Yosys 0.23 (read, chparam,
# hierarchy: the start of the synthesis flow). Each case is a top, its parameter settings and the
# message it must give; the run must fail, name that message in the top's file, and print no other
# warning or error (a cascade of width errors from the modules inside would bury it).
#   sim/param_check.sh     (from anywhere; the rtl_params test runs it)
set -u
cd "$(dirname "$0")/.." || exit 2
rtl_files=$(sed -n 's#^\([a-z_0-9]*\.sv\)$#rtl/\1#p' rtl/vfadd.f | tr '\n' ' ')
fail=0
tried=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# check TOOL TOP "NAME=VALUE ..." MESSAGE
check() {
  tool=$1 top=$2 params=$3 msg=$4
  tried=$((tried + 1))
  if [ "$tool" = verilator ]; then
    gflags=""
    for p in $params; do gflags="$gflags -G$p"; done
    # shellcheck disable=SC2086
    (cd sim && verilator --lint-only -F verilator.f -F ../rtl/vfadd.f --top-module "$top" \
       $gflags) > "$out" 2>&1
    rc=$?
    named=$(grep -c "%Warning-USERERROR: .*/$top\.sv:[0-9]*:[0-9]*: $top: $msg\$" "$out")
    others=$(grep '^%' "$out" | grep -v "%Warning-USERERROR: .*/$top\.sv:.*: $top: $msg\$" |
             grep -vc '^%Error: Exiting due to 1 warning(s)$')
  else
    chp=""
    for p in $params; do chp="$chp chparam -set ${p%%=*} ${p#*=} $top;"; done
    yosys -q -p "read_verilog -sv -Irtl $rtl_files;$chp hierarchy -check -top $top" \
      > "$out" 2>&1
    rc=$?
    named=$(grep -c "^rtl/$top\.sv:[0-9]*: ERROR: $top: $msg\.\$" "$out")
    others=$(grep -v "^rtl/$top\.sv:[0-9]*: ERROR: $top: $msg\.\$" "$out" | grep -c .)
  fi
  if [ "$rc" -ne 0 ] && [ "$named" -eq 1 ] && [ "$others" -eq 0 ]; then
    printf 'params: %-9s %s %s: stopped with "%s"\n' "$tool" "$top" "$params" "$msg"
  else
    printf 'params: %-9s %s %s: FAILED (exit %s; expected exit != 0, the message "%s" once and no other):\n' \
           "$tool" "$top" "$params" "$rc" "$msg"
    sed 's/^/  | /' "$out"
    fail=1
  fi
}

vlen="MaxVecLenBits must be a multiple of 128 from 128 to 2048"
stages="NumStages must be 1 .. 6"
tags="TagBits must be 1 .. 32"
for tool in verilator yosys; do
  for v in 0 64 100 200 2176 4096; do
    check $tool vfadd_top "MaxVecLenBits=$v" "$vlen"
  done
  for n in 0 7; do
    check $tool vfadd_top "NumStages=$n" "$stages"
    check $tool vfadd_lane "NumStages=$n" "$stages"
  done
  for t in 0 33; do
    check $tool vfadd_top "TagBits=$t" "$tags"
  done
done
printf 'params: %d illegal settings tried, %s\n' "$tried" "$([ $fail = 0 ] && echo 'all stopped with their message' || echo 'FAILURES above')"
exit $fail
