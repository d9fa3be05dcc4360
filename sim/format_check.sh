#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# clang-format (.clang-format at the root) on every C++ file git knows: lists the files whose
# formatting differs and exits 1; --fix rewrites them instead.
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$fmt" ]; then
  echo "format_check.sh: clang-format not found (Debian: apt-get install clang-format)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files '*.cc' '*.h' '*.cpp' '*.hpp')
if [ "${1:-}" = --fix ]; then
  "$fmt" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  if ! "$fmt" --dry-run -Werror "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done
if [ ${#bad[@]} -ne 0 ]; then
  echo "format_check.sh: ${#bad[@]} of ${#files[@]} C++ files differ from clang-format" \
       "(sim/format_check.sh --fix formats them):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "format_check.sh: ${#files[@]} C++ files formatted as .clang-format says"
