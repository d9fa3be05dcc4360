#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Verilator code coverage of vfadd_top: line and toggle figures from a coverage.dat.

  sim/coverage_report.py build/coverage/coverage.dat --out build/coverage

Writes DIR/summary.md (points hit / total per coverage type, and per RTL file for each type)
and DIR/annotated/ (verilator_coverage --annotate: every source line with its counts, the
lines below the threshold marked). Prints the summary. `make coverage` runs it.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

# A point of a coverage.dat: C '<\x01key\x02value ...>' count
POINT = re.compile(r"^C '(.*)' (\d+)$")


def points(path):
    with open(path, encoding="latin-1") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.startswith("C "):
                continue
            m = POINT.match(line)
            if not m:
                raise SystemExit("coverage_report.py: %s:%d: not a coverage point" % (path, n))
            keys = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
            yield keys, int(m.group(2))


def kind(keys):
    page = keys.get("page", "")
    if page.startswith("v_") and "/" in page:
        return page[2:page.index("/")]
    return keys.get("t", "other") or "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dat")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if not os.path.isfile(args.dat):
        raise SystemExit("coverage_report.py: %s: no such file" % args.dat)
    total = collections.Counter()
    hit = collections.Counter()
    per_file = collections.defaultdict(lambda: [0, 0])
    for keys, count in points(args.dat):
        k = kind(keys)
        total[k] += 1
        hit[k] += count > 0
        f = os.path.basename(keys.get("f", "?"))
        per_file[(k, f)][0] += count > 0
        per_file[(k, f)][1] += 1
    if not total:
        raise SystemExit("coverage_report.py: %s: no coverage points" % args.dat)
    os.makedirs(args.out, exist_ok=True)
    ann = os.path.join(args.out, "annotated")
    proc = subprocess.run(["verilator_coverage", "--annotate", ann, "--annotate-min", "1",
                           args.dat], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit("coverage_report.py: verilator_coverage failed:\n" + proc.stderr)
    out = ["# vfadd_top: Verilator code coverage\n",
           "From `%s` (`make coverage`: the quick regression of `make demo` on a build "
           "Verilated with `--coverage`). Annotated sources: `%s/` (lines hit fewer than once "
           "are marked `%%000000`).\n" % (os.path.relpath(args.dat), os.path.relpath(ann)),
           "| type | points hit | points | coverage |", "|---|---|---|---|"]
    for k in sorted(total):
        out.append("| %s | %d | %d | %.1f%% |" % (k, hit[k], total[k], 100.0 * hit[k] / total[k]))
    for k in sorted(total):
        out.append("\n## %s coverage per file\n" % k)
        out.append("| file | hit | points | coverage |")
        out.append("|---|---|---|---|")
        for (kk, f), (h, t) in sorted(per_file.items()):
            if kk == k:
                out.append("| %s | %d | %d | %.1f%% |" % (f, h, t, 100.0 * h / t))
    text = "\n".join(out) + "\n"
    with open(os.path.join(args.out, "summary.md"), "w") as f:
        f.write(text)
    print(text)
    print("report: %s" % os.path.join(args.out, "summary.md"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
