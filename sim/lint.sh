#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Verilator --lint-only -Wall on every top of rtl/ (at every NumStages where it has one), with the
# flags of sim/verilator.f and the waivers of sim/vfadd.vlt. Any message at all is a failure.
#   sim/lint.sh            (from anywhere; `make lint` and the rtl_lint test run it)
set -u
cd "$(dirname "$0")" || exit 2
fail=0
for top in vfadd_lane vfadd_lane_array; do
  for n in 1 2 3 4 5 6; do
    out=$(verilator --lint-only -F verilator.f -F ../rtl/vfadd.f --top-module "$top" \
          -GNumStages="$n" 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || [ -n "$out" ]; then
      printf 'lint: %s NumStages=%s: FAILED (exit %s)\n%s\n' "$top" "$n" "$rc" "$out"
      fail=1
    else
      printf 'lint: %s NumStages=%s: clean\n' "$top" "$n"
    fi
  done
done
# The unit at a spread of configurations: every NumStages, the smallest and largest vector,
# non-powers of two.
for cfg in 128:1 256:2 384:3 512:4 1152:5 2048:6 512:3; do
  vl=${cfg%:*}
  n=${cfg#*:}
  out=$(verilator --lint-only -F verilator.f -F ../rtl/vfadd.f --top-module vfadd_top \
        -GMaxVecLenBits="$vl" -GNumStages="$n" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || [ -n "$out" ]; then
    printf 'lint: vfadd_top MaxVecLenBits=%s NumStages=%s: FAILED (exit %s)\n%s\n' "$vl" "$n" \
           "$rc" "$out"
    fail=1
  else
    printf 'lint: vfadd_top MaxVecLenBits=%s NumStages=%s: clean\n' "$vl" "$n"
  fi
done
# Tops without a NumStages parameter, linted once.
for top in vfadd_decode vfadd_top_checker; do
  out=$(verilator --lint-only -F verilator.f -F ../rtl/vfadd.f --top-module "$top" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || [ -n "$out" ]; then
    printf 'lint: %s: FAILED (exit %s)\n%s\n' "$top" "$rc" "$out"
    fail=1
  else
    printf 'lint: %s: clean\n' "$top"
  fi
done
exit $fail
