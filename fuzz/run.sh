#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Runs vfadd fuzz targets one after the other, each for SECONDS on a working copy of its seed
# corpus, and prints the executions and coverage of each. Exit 1 if any target found a crash, a
# leak, a sanitizer report or a violated property (the input is kept, see below); 2 on bad usage.
#   fuzz/run.sh [--fresh] BIN_DIR OUT_DIR SECONDS TARGET...
#     BIN_DIR   where fuzz_<TARGET> is (the fuzz build, e.g. build/fuzz)
#     OUT_DIR   OUT_DIR/corpus/<TARGET>: the working corpus (the seeds of fuzz/corpus/<TARGET>
#               plus what the run adds; kept between runs unless --fresh); OUT_DIR/<TARGET>.log:
#               libFuzzer's output; OUT_DIR/<TARGET>-crash-<sha1> (or -leak-, -timeout-, ...):
#               the input that failed
#     --fresh   start the working corpus from the seeds alone (the CTest entries)
# `make fuzz` runs every target for FUZZ_SECONDS into build/fuzz; the CTest entries fuzz_<TARGET>
# run one for a short time into build/fuzz/ctest.
set -u
fresh=0
if [ "${1:-}" = "--fresh" ]; then
  fresh=1
  shift
fi
if [ $# -lt 4 ]; then
  echo "usage: fuzz/run.sh [--fresh] BIN_DIR OUT_DIR SECONDS TARGET..." >&2
  exit 2
fi
src=$(cd "$(dirname "$0")" && pwd)
bin=$1
out=$2
seconds=$3
shift 3
: "${UBSAN_OPTIONS:=print_stacktrace=1}"
export UBSAN_OPTIONS
# Symbolized stack traces without the unversioned llvm-symbolizer on PATH (Debian's llvm-14).
if [ -z "${ASAN_SYMBOLIZER_PATH:-}" ] && [ -x /usr/lib/llvm-14/bin/llvm-symbolizer ]; then
  ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-14/bin/llvm-symbolizer
  export ASAN_SYMBOLIZER_PATH
fi

# Largest input per target: a checked trace line at VL 2048 is about 1.6 KB; a vector case is
# 8 bytes of header and at most 800 of data; a few dozen words are plenty for the decoder.
max_len() {
  case $1 in
    trace) echo 4096 ;;
    vector) echo 1024 ;;
    *) echo 256 ;;
  esac
}

fail=0
summary=""
for t in "$@"; do
  exe=$bin/fuzz_$t
  if [ ! -x "$exe" ] || [ ! -d "$src/corpus/$t" ]; then
    echo "fuzz/run.sh: no target '$t' ($exe, $src/corpus/$t)" >&2
    exit 2
  fi
  corpus=$out/corpus/$t
  log=$out/$t.log
  [ $fresh -eq 1 ] && rm -rf "$corpus"
  mkdir -p "$corpus" || exit 2
  cp "$src/corpus/$t"/* "$corpus"/ || exit 2
  dict=""
  [ -f "$src/$t.dict" ] && dict="-dict=$src/$t.dict"
  echo "fuzz: $t for ${seconds}s: $exe $corpus (log: $log)"
  # shellcheck disable=SC2086  # $dict is one word or none
  "$exe" -max_total_time="$seconds" -max_len="$(max_len "$t")" -timeout=10 \
         -print_final_stats=1 -artifact_prefix="$out/$t-" $dict "$corpus" > "$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  final=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1)
  if [ $rc -eq 0 ]; then
    line="$t: ok, ${execs:-?} executions; $final"
  else
    fail=1
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    line="$t: FAILED (exit $rc), ${execs:-?} executions; input: ${artifact:-none written}"
    line="$line; log: $log"
    echo "---- the end of $log:"
    tail -n 40 "$log"
    echo "---- reproduce: $exe ${artifact:-<input>}"
  fi
  echo "$line"
  summary="$summary$line
"
done
echo "fuzz summary ($seconds s per target):"
printf '%s' "$summary"
exit $fail
