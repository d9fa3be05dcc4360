#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs a command that must fail: passes (exit 0) when it exits 1 (an error it reported, not a
# success, a crash or a signal) and its output (stdout and stderr) matches every PATTERN
# (grep -E); otherwise says why, shows the output's end, and exits 1.
#   expect_failure.sh PATTERN... -- COMMAND [ARG...]
set -u
n=0
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  n=$((n + 1))
  eval "pattern_$n=\$1"
  shift
done
if [ $# -lt 2 ]; then
  echo "usage: expect_failure.sh PATTERN... -- COMMAND [ARG...]" >&2
  exit 2
fi
shift
out=$("$@" 2>&1)
rc=$?
fail=0
if [ $rc -ne 1 ]; then
  echo "expect_failure.sh: '$1' exited $rc, expected 1 (a reported failure)"
  fail=1
fi
i=1
while [ $i -le $n ]; do
  eval "pattern=\$pattern_$i"
  if ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    echo "expect_failure.sh: the output has no line matching '$pattern'"
    fail=1
  fi
  i=$((i + 1))
done
if [ $fail -ne 0 ]; then
  echo "---- the last 30 lines of the output ----"
  printf '%s\n' "$out" | tail -n 30
  exit 1
fi
echo "expect_failure.sh: '$1' failed as expected (exit 1, every pattern found)"
printf '%s\n' "$out" | grep -E -- "$pattern_1" | head -n 3
exit 0
