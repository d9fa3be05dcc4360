#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Yosys 0.23 synthesis of vfadd's RTL on the flow of ../shared/qor-flow.md: gates and depth.

  qor.py netlist TOP [PARAM=VALUE ...] -o FILE.v     one synthesis, the gate netlist written out
  qor.py lane [--out DIR] [--jobs J] [--quick]       the lane's QoR table (report.md in DIR)
  qor.py top [--configs VL:N,...] [--out DIR] [--jobs J]   vfadd_top per configuration
                                                     (top.md in DIR)

Every run fails (exit 1) on the Yosys warnings that style.md treats as errors (implicit
declarations, undriven signals, memories turned into registers) and on any latch. `lane` also
fails when a single-stage target of the lane issue is missed; the per-stage depth figures are
reported against their bound, marked when missed.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RTL_DIR = os.path.join(ROOT, "rtl")

# Yosys messages that mean the netlist is not the RTL (style.md, "What the tools accept").
BAD_MESSAGES = re.compile(r"is implicitly declared|is used but has no driver|Replacing memory|"
                          r"Latch inferred")

# vfadd_pkg::fmt_t values.
FMT = {"fp16": 1, "fp32": 2, "fp64": 3}

# Single-stage targets of the combinational adder of each format (depth, gates): at most the
# issue's depth limit and Berkeley HardFloat's gate count on the same flow.
TARGETS = {"fp16": (50, 1102), "fp32": (66, 2382), "fp64": (80, 5365)}
# Berkeley HardFloat on the same flow (gates, depth), for the report.
HARDFLOAT = {"fp16": (1102, 71), "fp32": (2382, 92), "fp64": (5365, 111)}


def rtl_files():
    with open(os.path.join(RTL_DIR, "vfadd.f")) as f:
        names = [line.strip() for line in f if line.strip() and not line.startswith("//")]
    return [os.path.join(RTL_DIR, n) for n in names]


class QorError(Exception):
    pass


def synthesize(name, top, params, out_dir, netlist=None):
    """Runs the flow; returns dict(gates, depth, flops, cells). Reports go to out_dir/name.*"""
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, name)
    lines = ["read_verilog -sv -I%s %s" % (RTL_DIR, " ".join(rtl_files()))]
    lines += ["chparam -set %s %s %s" % (k, v, top) for k, v in params]
    lines += [
        "hierarchy -check -top %s" % top,
        "synth -flatten -top %s -noabc" % top,
        "opt_clean -purge",
        "abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX -script +strash;dch,-f;map",
        "opt_clean",
        "select -assert-none t:$dlatch t:$adlatch t:$_DLATCH_* t:$_DLATCHSR_*",
        "tee -q -o %s.stat stat" % base,
        "tee -q -o %s.ltp ltp -noff" % base,
    ]
    if netlist:
        lines.append("write_verilog -noattr %s" % netlist)
    with open(base + ".ys", "w") as f:
        f.write("\n".join(lines) + "\n")
    proc = subprocess.run(["yosys", "-q", "-l", base + ".log", "-s", base + ".ys"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise QorError("%s: yosys failed (exit %d), see %s.log:\n%s"
                       % (name, proc.returncode, base, proc.stderr.strip()[-2000:]))
    with open(base + ".log") as f:
        bad = [l.rstrip() for l in f if BAD_MESSAGES.search(l)]
    if bad:
        raise QorError("%s: Yosys warnings treated as errors (%s.log):\n  %s"
                       % (name, base, "\n  ".join(bad[:20])))
    with open(base + ".stat") as f:
        stat = f.read()
    cells = int(re.search(r"Number of cells:\s+(\d+)", stat).group(1))
    flops = sum(int(n) for kind, n in re.findall(r"\$_(\w*DFF\w*)_\s+(\d+)", stat))
    with open(base + ".ltp") as f:
        m = re.search(r"length=(\d+)", f.read())
    if not m:
        raise QorError("%s: no longest path in %s.ltp" % (name, base))
    return {"gates": cells - flops, "depth": int(m.group(1)), "flops": flops, "cells": cells}


# NumStages values that have a per-stage depth bound.
BOUNDED = (2, 3, 4)


def stage_verdict(depth, single_depth, n):
    """(bound text, verdict) of a worst-stage depth at NumStages n against 1.1 x (D1/n + 3)."""
    if n not in BOUNDED:
        return "-", ""
    bound = 1.1 * (single_depth / n + 3)
    if depth <= bound:
        return "%.1f" % bound, "met"
    return "%.1f" % bound, "missed by %.0f%%" % (100.0 * (depth / bound - 1))


def parse_params(words):
    params = []
    for w in words:
        if "=" not in w:
            raise SystemExit("qor.py: parameter '%s': expected NAME=VALUE" % w)
        k, v = w.split("=", 1)
        params.append((k, v))
    return params


def cmd_netlist(args):
    out = os.path.abspath(args.o)
    try:
        r = synthesize(os.path.splitext(os.path.basename(out))[0], args.top,
                       parse_params(args.params), os.path.dirname(out), netlist=out)
    except QorError as e:
        print("qor.py: %s" % e, file=sys.stderr)
        return 1
    print("%s: gates=%d depth=%d flops=%d -> %s"
          % (args.top, r["gates"], r["depth"], r["flops"], out))
    return 0


def synthesize_all(jobs, out_dir, workers):
    """Runs synthesize() for each (name, top, params) on `workers` threads, printing a line as
    each finishes; returns {name: result}, or None after printing the errors."""
    res, errors = {}, []
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        futs = {pool.submit(synthesize, name, top, params, out_dir): name
                for name, top, params in jobs}
        for fut in concurrent.futures.as_completed(futs):
            name = futs[fut]
            try:
                res[name] = r = fut.result()
                print("  %-14s gates %7d  depth %3d  flops %6d   (%3.0f s)"
                      % (name, r["gates"], r["depth"], r["flops"], time.time() - t0), flush=True)
            except QorError as e:
                errors.append(str(e))
    for e in errors:
        print("qor.py: %s" % e, file=sys.stderr)
    return None if errors else res


def write_report(out_dir, name, lines):
    """Writes the markdown lines to out_dir/name and prints them."""
    text = "\n".join(lines)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, name), "w") as f:
        f.write(text)
    print()
    print(text)
    print("report: %s" % os.path.join(out_dir, name))


def cmd_lane(args):
    stages = [1, 3] if args.quick else list(range(1, 7))
    jobs = [("%s_n1" % f, "vfadd_fmt_add", [("Fmt", str(v))]) for f, v in FMT.items()]
    jobs += [("lane_n%d" % n, "vfadd_lane", [("NumStages", str(n))]) for n in stages]
    if not args.quick:
        jobs += [("%s_n%d" % (f, n), "vfadd_fmt_add", [("Fmt", str(v)), ("NumStages", str(n))])
                 for f, v in FMT.items() for n in BOUNDED]
    res = synthesize_all(jobs, args.out, args.jobs)
    if res is None:
        return 1

    out, missed = [], []
    out.append("# vfadd lane: quality of results (Yosys 0.23, flow of shared/qor-flow.md)\n")
    out.append("Gates are generic 2-input cells after `abc -g`, flip-flops excluded; depth is the "
               "longest path in those cells between ports and flip-flops (`ltp -noff`).\n")
    out.append("## The adder of each format, single stage (NumStages = 1)\n")
    out.append("| format | gates | target (HardFloat) | depth | target | HardFloat depth | |")
    out.append("|---|---|---|---|---|---|---|")
    for f in FMT:
        r = res["%s_n1" % f]
        dmax, gmax = TARGETS[f]
        ok = r["depth"] <= dmax and r["gates"] <= gmax
        if not ok:
            missed.append(f)
        out.append("| %s | %d | <= %d | %d | <= %d | %d | %s |"
                   % (f, r["gates"], gmax, r["depth"], dmax, HARDFLOAT[f][1],
                      "met" if ok else "**MISSED**"))
    lane1 = res["lane_n1"]
    hf_sum = HARDFLOAT["fp64"][0] + 2 * HARDFLOAT["fp32"][0] + 4 * HARDFLOAT["fp16"][0]
    out.append("\nThe whole 64-bit lane (1 FP64, 2 FP32, 4 FP16 adders, result select) at "
               "NumStages = 1: %d gates (HardFloat's adders for the same slots: %d), depth %d, "
               "%d flip-flops.\n" % (lane1["gates"], hf_sum, lane1["depth"], lane1["flops"]))
    out.append("## The lane pipelined: worst stage depth against NumStages\n")
    out.append("Bound for N = 2..4: 1.1 x (single-stage depth / N + 3), single-stage depth %d.\n"
               % lane1["depth"])
    out.append("| NumStages | worst stage depth | bound | | gates | flip-flops |")
    out.append("|---|---|---|---|---|---|")
    for n in stages:
        r = res["lane_n%d" % n]
        btxt, verdict = stage_verdict(r["depth"], lane1["depth"], n)
        out.append("| %d | %d | %s | %s | %d | %d |"
                   % (n, r["depth"], btxt, verdict, r["gates"], r["flops"]))
    if not args.quick:
        out.append("\n## Each format's adder pipelined: worst stage depth (bound)\n")
        out.append("| format | N=1 | " + " | ".join("N=%d" % n for n in BOUNDED) + " |")
        out.append("|---|---|" + "---|" * len(BOUNDED))
        for f in FMT:
            d1 = res["%s_n1" % f]["depth"]
            cells = []
            for n in BOUNDED:
                d = res["%s_n%d" % (f, n)]["depth"]
                btxt, verdict = stage_verdict(d, d1, n)
                cells.append("%d (%s) %s" % (d, btxt, verdict))
            out.append("| %s | %d | %s |" % (f, d1, " | ".join(cells)))
    out.append("\nReproduce: `make synth` (or `constraints/qor.py lane --out build/synth`); "
               "the Yosys scripts, logs, `stat` and `ltp` reports are beside this file.\n")
    write_report(args.out, "report.md", out)
    if missed:
        print("qor.py: single-stage target missed for %s" % ", ".join(missed), file=sys.stderr)
        return 1
    return 0


def parse_configs(text):
    """'512:3,128:1' -> [(512, 3), (128, 1)], each checked against vfadd_top's legal range."""
    out = []
    for word in text.split(","):
        m = re.fullmatch(r"(\d+):(\d+)", word.strip())
        if not m:
            raise SystemExit("qor.py: --configs: '%s': expected MAX_VL:STAGES, e.g. 512:3" % word)
        vl, n = int(m.group(1)), int(m.group(2))
        if vl < 128 or vl > 2048 or vl % 128 or n < 1 or n > 6:
            raise SystemExit("qor.py: --configs: '%s': MAX_VL must be a multiple of 128 from 128 "
                             "to 2048 and STAGES 1 .. 6" % word)
        out.append((vl, n))
    return out


def cmd_top(args):
    configs = parse_configs(args.configs)
    jobs = [("top_vl%d_s%d" % (vl, n), "vfadd_top",
             [("MaxVecLenBits", str(vl)), ("NumStages", str(n))]) for vl, n in configs]
    res = synthesize_all(jobs, args.out, args.jobs)
    if res is None:
        return 1
    out = ["# vfadd_top: quality of results (Yosys 0.23, flow of shared/qor-flow.md)\n",
           "Gates are generic 2-input cells after `abc -g`, flip-flops excluded; depth is the "
           "longest path between ports and flip-flops (`ltp -noff`), i.e. the worst stage.\n",
           "| MaxVecLenBits | NumStages | gates | flip-flops | worst stage depth |",
           "|---|---|---|---|---|"]
    for vl, n in configs:
        r = res["top_vl%d_s%d" % (vl, n)]
        out.append("| %d | %d | %d | %d | %d |" % (vl, n, r["gates"], r["flops"], r["depth"]))
    out.append("\nReproduce: `constraints/qor.py top --configs %s --out %s`.\n"
               % (args.configs, os.path.relpath(args.out, ROOT)))
    write_report(args.out, "top.md", out)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    n = sub.add_parser("netlist", help="synthesize one top and write its gate netlist")
    n.add_argument("top")
    n.add_argument("params", nargs="*", metavar="PARAM=VALUE")
    n.add_argument("-o", required=True, metavar="FILE.v")
    n.set_defaults(func=cmd_netlist)
    l = sub.add_parser("lane", help="the lane's QoR table")
    l.add_argument("--out", default=os.path.join(ROOT, "build", "synth"))
    l.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    l.add_argument("--quick", action="store_true",
                   help="NumStages 1 and 3 only (the test suite's check)")
    l.set_defaults(func=cmd_lane)
    t = sub.add_parser("top", help="vfadd_top per configuration")
    t.add_argument("--configs", default="512:3", metavar="VL:N,...",
                   help="MaxVecLenBits:NumStages pairs (default 512:3)")
    t.add_argument("--out", default=os.path.join(ROOT, "build", "synth"))
    t.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    t.set_defaults(func=cmd_top)
    args = ap.parse_args()
    if getattr(args, "jobs", 1) < 1:
        ap.error("--jobs must be at least 1")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
