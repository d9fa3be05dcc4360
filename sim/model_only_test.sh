#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# model_only_tool (ctest, a model-only build): the tool VFADD without the RTL generates,
# runs and checks on the model engine, refuses --engine rtl with the model-only message and exit
# 2, and links no Verilator or SystemC code.
#   model_only_test.sh VFADD WORK
set -eu
if [ $# -ne 2 ]; then
  echo "usage: model_only_test.sh VFADD WORK" >&2
  exit 2
fi
vfadd=$1 work=$2
rm -rf "$work"
mkdir -p "$work"
fail() {
  echo "model_only_tool: $*" >&2
  exit 1
}

# gen | run --engine model | check --engine model, every VL the model takes.
"$vfadd" gen --seed 26 --count 2000 --vl 128,256,512,1024,2048 -o "$work/stim.trace"
"$vfadd" gen --seed 26 --count 2000 --vl 128,256,512,1024,2048 |
  "$vfadd" run --engine model -o "$work/checked.trace" -
"$vfadd" check --engine model "$work/checked.trace" >"$work/check.out"
cases=$(grep -cv '^#' "$work/checked.trace")
[ "$cases" -eq 2000 ] || fail "run wrote $cases checked lines, expected 2000"
grep -q '2000 passed, 0 failed' "$work/check.out" || fail "check: $(cat "$work/check.out")"
# The first case's fpsr spoiled (flag bits no instruction raises): check must notice (exit 1).
awk '!done && !/^#/ { $9 = "ffffff00"; done = 1 } { print }' "$work/checked.trace" \
  >"$work/bad.trace"
set +e
"$vfadd" check --engine model "$work/bad.trace" >"$work/bad.out" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "check of a trace with a wrong fpsr: exit $rc, expected 1"
grep -q '1999 passed, 1 failed' "$work/bad.out" || fail "check: $(tail -1 "$work/bad.out")"

# --engine rtl: refused, exit 2, with the reason.
for cmd in run check; do
  trace=$work/stim.trace
  [ "$cmd" = check ] && trace=$work/checked.trace
  set +e
  "$vfadd" "$cmd" --engine rtl "$trace" >"$work/rtl.out" 2>"$work/rtl.err"
  rc=$?
  set -e
  [ "$rc" -eq 2 ] || fail "$cmd --engine rtl: exit $rc, expected 2"
  grep -q "model-only build" "$work/rtl.err" ||
    fail "$cmd --engine rtl: no model-only message: $(cat "$work/rtl.err")"
done
set +e
"$vfadd" disasm --engine rtl 65808861 >"$work/rtl.out" 2>"$work/rtl.err"
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "disasm --engine rtl: exit $rc, expected 2"
grep -q "model-only build" "$work/rtl.err" || fail "disasm --engine rtl: $(cat "$work/rtl.err")"

# --version and info say what this build is.
"$vfadd" --version | grep -q "(model only: no RTL)" || fail "--version: $("$vfadd" --version)"
"$vfadd" info | grep -q "model-only build" || fail "info: $("$vfadd" info)"

# No Verilated or SystemC code inside, none linked.
if nm -C "$vfadd" | grep -q -e 'Verilated' -e 'sc_core::'; then
  fail "the tool holds Verilator or SystemC symbols"
fi
if ldd "$vfadd" | grep -q -i systemc; then
  fail "the tool links SystemC"
fi
echo "model_only_tool: gen | run | check on the model ok; --engine rtl refused; no RTL linked"
