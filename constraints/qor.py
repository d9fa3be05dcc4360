#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Yosys 0.23 synthesis of vfadd's RTL on the flow of docs/qor-flow.md: gates and depth.

  qor.py netlist TOP [PARAM=VALUE ...] -o FILE.v     one synthesis, the gate netlist written out
  qor.py lane [--out DIR] [--jobs J] [--quick]       the lane's QoR table (report.md in DIR)
  qor.py top [--configs VL:N,...] [--out DIR] [--jobs J]   vfadd_top per configuration
                                                     (top.md in DIR)

Every run fails (exit 1) on the Yosys warnings that docs/qor-flow.md treats as errors (implicit
declarations, undriven signals, memories turned into registers) and on any latch. `lane` also
fails when a single-stage target of the lane issue is missed; the per-stage depth figures are
reported against their bound, marked when missed.
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RTL_DIR = os.path.join(ROOT, "rtl")

# Yosys messages that mean the netlist is not the RTL (docs/qor-flow.md, "What Yosys 0.23 and
# Verilator 5.006 accept").
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


# The flow's mapping (docs/qor-flow.md), and the same without area recovery: ABC maps for delay,
# then recovers area on every path shorter than the worst, which stretches them up to the worst;
# without recovery each pipeline stage keeps the depth its logic needs (a diagnostic, never the
# figure).
ABC_MAP = "abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX -script +strash;dch,-f;map"


def synthesize(name, top, params, out_dir, netlist=None, json_netlist=False, flatten=True,
               recover=True, per_module=False, stages_json=False):
    """Runs the flow; returns dict(gates, depth, flops, cells, stat). Reports go to
    out_dir/name.*; json_netlist: also out_dir/name.json (Yosys write_json), for depth.py;
    flatten=False keeps the hierarchy (stat then counts per module, and there is no depth);
    recover=False maps without area recovery (see ABC_MAP).
    per_module=True is the sweep's faster flow: the same passes, but ABC maps each module once
    with the hierarchy kept (a lane once, not once per instance), and the mapped netlist is then
    flattened for the counts and `ltp`. No optimisation crosses a module boundary, so its figures
    sit a little above the flattened flow's, and it runs about 3x faster (more at wide
    configurations).
    stages_json=True: also maps the same coarse netlist again without area recovery, in the same
    run, into out_dir/name_stages.json, for depth.py's depth per pipeline stage."""
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, name)
    lines = ["read_verilog -sv -I%s %s" % (RTL_DIR, " ".join(rtl_files()))]
    lines += ["chparam -set %s %s %s" % (k, v, top) for k, v in params]
    lines += [
        "hierarchy -check -top %s" % top,
        "synth %s-top %s -noabc" % ("-flatten " if flatten and not per_module else "", top),
        "opt_clean -purge",
    ]
    if stages_json:
        lines.append("design -save coarse")
    mapping = [ABC_MAP + ("" if recover else ",-r"),  # "," is a space inside -script
               "opt_clean"]
    if per_module:
        mapping += ["flatten", "opt_clean"]
    lines += mapping
    lines += [
        "select -assert-none t:$dlatch t:$adlatch t:$_DLATCH_* t:$_DLATCHSR_*",
        "tee -q -o %s.stat stat" % base,
    ]
    if flatten:
        lines.append("tee -q -o %s.ltp ltp -noff" % base)
    if netlist:
        # One wire per bit in the written netlist. A multi-bit wire whose bits sit at different
        # depths of the logic (a sum tree's node vector, a register's packed input) is a
        # combinational loop to Verilator (UNOPTFLAT), and Verilator 5.006 can evaluate such a
        # false loop in the wrong order, so that the simulated netlist differs from its logic.
        lines += ["splitnets", "write_verilog -noattr %s" % netlist]
    if json_netlist:
        lines.append("write_json %s.json" % base)
    if stages_json:
        lines += ["design -load coarse", ABC_MAP + ",-r", "opt_clean"]
        lines += ["flatten", "opt_clean"] if per_module else []
        lines.append("write_json %s_stages.json" % base)
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
    if not flatten:
        return {"stat": stat}
    cells = int(re.search(r"Number of cells:\s+(\d+)", stat).group(1))
    flops = sum(int(n) for kind, n in re.findall(r"\$_(\w*DFF\w*)_\s+(\d+)", stat))
    with open(base + ".ltp") as f:
        m = re.search(r"length=(\d+)", f.read())
    if not m:
        raise QorError("%s: no longest path in %s.ltp" % (name, base))
    return {"gates": cells - flops, "depth": int(m.group(1)), "flops": flops, "cells": cells,
            "stat": stat}


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
        futs = {pool.submit(synthesize, job[0], job[1], job[2], out_dir,
                            **(job[3] if len(job) > 3 else {})): job[0] for job in jobs}
        for fut in concurrent.futures.as_completed(futs):
            name = futs[fut]
            try:
                res[name] = r = fut.result()
                if "gates" in r:
                    print("  %-22s gates %7d  depth %3d  flops %6d   (%3.0f s)"
                          % (name, r["gates"], r["depth"], r["flops"], time.time() - t0),
                          flush=True)
                else:
                    print("  %-22s done (%3.0f s)" % (name, time.time() - t0), flush=True)
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
    out.append("# vfadd lane: quality of results (Yosys 0.23, flow of docs/qor-flow.md)\n")
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


CONFIGS_FILE = os.path.join(ROOT, "constraints", "configs.json")


def named_configs():
    """{name: (MaxVecLenBits, NumStages)} of constraints/configs.json."""
    import json
    with open(CONFIGS_FILE) as f:
        data = json.load(f)
    return {k: (v["MaxVecLenBits"], v["NumStages"]) for k, v in data["configs"].items()}


def parse_configs(text):
    """'512:3,small' -> [(512, 3), (128, 1)]: MAX_VL:STAGES pairs or names of configs.json, each
    checked against vfadd_top's legal range."""
    out, names = [], named_configs()
    for word in text.split(","):
        word = word.strip()
        m = re.fullmatch(r"(\d+):(\d+)", word)
        if word in names:
            vl, n = names[word]
        elif not m:
            raise SystemExit("qor.py: --configs: '%s': expected MAX_VL:STAGES (e.g. 512:3) or a "
                             "name of %s (%s)" % (word, os.path.relpath(CONFIGS_FILE, ROOT),
                                                  ", ".join(sorted(names))))
        else:
            vl, n = int(m.group(1)), int(m.group(2))
        if vl < 128 or vl > 2048 or vl % 128 or n < 1 or n > 6:  # vfadd_top's $error checks
            raise SystemExit("qor.py: --configs: '%s': MAX_VL must be a multiple of 128 from 128 "
                             "to 2048 and STAGES 1 .. 6" % word)
        out.append((vl, n))
    return out


def parse_hier_stat(stat):
    """{module: {cell type: count}} of a hierarchical `stat` (submodules appear as cell types)."""
    mods, cur = {}, None
    for line in stat.splitlines():
        m = re.match(r"\s*=== (.*) ===\s*$", line)
        if m:
            cur = m.group(1)
            if cur == "design hierarchy":
                break
            mods[cur] = {}
            continue
        m = re.match(r"\s+(\S+)\s+(\d+)\s*$", line)
        if cur and m and "Number of" not in line:
            mods[cur][m.group(1)] = int(m.group(2))
    return mods


def own_cells(cells):
    """(gates, flops) among a module's own primitive cells ({cell type: count})."""
    flops = sum(n for kind, n in cells.items() if kind.startswith("$_") and "DFF" in kind)
    gates = sum(n for kind, n in cells.items() if kind.startswith("$_")) - flops
    return gates, flops


def module_totals(mods, name, memo=None):
    """(gates, flops) of module `name` with everything under it."""
    memo = {} if memo is None else memo
    if name in memo:
        return memo[name]
    gates, flops = own_cells(mods.get(name, {}))
    for kind, n in mods.get(name, {}).items():
        if kind in mods:
            g, f = module_totals(mods, kind, memo)
            gates, flops = gates + n * g, flops + n * f
    memo[name] = (gates, flops)
    return memo[name]


# What each submodule of vfadd_top is, for the breakdown.
BLOCKS = [("vfadd_lane_array", "adder lanes (vector operations, FADDV level 1)"),
          ("vfadd_faddv_level", "FADDV tree, levels 2 .. L"),
          ("vfadd_fadda", "FADDA (one adder per format, the ordered loop)"),
          ("vfadd_route", "operand routing (immediates, FADDP pairs, FADDV leaves)"),
          ("vfadd_merge", "predicate merge and flag ORs"),
          ("vfadd_popcount", "FADDA's active-element counts per 128-bit granule (request)"),
          ("vfadd_sum_tree", "FADDA's cycles from the granules' counts (issue)"),
          ("vfadd_decode", "instruction decoder"),
          ("vfadd_pipe_reg", "input and response registers")]


def breakdown(stat, top="vfadd_top"):
    """[(block, instances, gates, flops)] of vfadd_top's hierarchical stat."""
    mods = parse_hier_stat(stat)
    # The top appears as "vfadd_top", "\\vfadd_top" or "$paramod...\\vfadd_top\\Param=...".
    name = next((m for m in mods if re.search(r"(^|\\)%s(\\|$)" % top, m)), None)
    if name is None:
        raise QorError("no module %s in the hierarchical statistics" % top)
    rows = collections.OrderedDict()
    own_g, own_f = own_cells(mods[name])
    for kind, n in mods[name].items():
        if kind.startswith("$_"):
            continue
        base = re.search(r"(vfadd_\w+)", kind)
        label = next((t for b, t in BLOCKS if base and base.group(1) == b),
                     base.group(1) if base else kind)
        g, f = module_totals(mods, kind)
        r = rows.setdefault(label, [0, 0, 0])
        r[0] += n
        r[1] += n * g
        r[2] += n * f
    out = [(label, r[0], r[1], r[2]) for label, r in rows.items()]
    out.append(("control: vfadd_top's own logic (VL and predicate decode, issue and order "
                "control, FADDV level exits, response select)", 1, own_g, own_f))
    return out


def cell_types(stat):
    return [(k, int(n)) for k, n in re.findall(r"^\s+(\$_\w+_)\s+(\d+)\s*$", stat, re.M)]


def cmd_top(args):
    configs = parse_configs(args.configs)
    jobs = []
    for vl, n in configs:
        name, params = "top_vl%d_s%d" % (vl, n), [("MaxVecLenBits", str(vl)), ("NumStages", str(n))]
        jobs.append((name, "vfadd_top", params, {"stages_json": args.detail}))
        if args.detail:
            jobs.append((name + "_blocks", "vfadd_top", params, {"flatten": False}))
    res = synthesize_all(jobs, args.out, args.jobs)
    if res is None:
        return 1
    out = ["# vfadd_top: quality of results (Yosys 0.23, flow of docs/qor-flow.md)\n",
           "Gates are generic 2-input cells after `abc -g`, flip-flops excluded; depth is the "
           "longest path between ports and flip-flops (`ltp -noff`), i.e. the worst stage.\n",
           "| MaxVecLenBits | NumStages | gates | flip-flops | worst stage depth |",
           "|---|---|---|---|---|"]
    for vl, n in configs:
        r = res["top_vl%d_s%d" % (vl, n)]
        out.append("| %d | %d | %d | %d | %d |" % (vl, n, r["gates"], r["flops"], r["depth"]))
    if args.detail:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import depth
        for vl, n in configs:
            name = "top_vl%d_s%d" % (vl, n)
            r = res[name]
            out.append("\n## MaxVecLenBits=%d NumStages=%d\n" % (vl, n))
            out.append("%d gates, %d flip-flops, worst stage depth %d.\n"
                       % (r["gates"], r["flops"], r["depth"]))
            out.append("### Gates and flip-flops per block\n")
            out.append("From a synthesis that keeps the hierarchy (the same flow without "
                       "`-flatten`; its total differs a little from the flattened one).\n")
            out.append("| block | instances | gates | share | flip-flops |")
            out.append("|---|---:|---:|---:|---:|")
            rows = breakdown(res[name + "_blocks"]["stat"])
            total = sum(g for _, _, g, _ in rows) or 1
            for label, count, g, f in rows:
                out.append("| %s | %d | %d | %.1f%% | %d |" % (label, count, g, 100.0 * g / total, f))
            out.append("| total | | %d | | %d |" % (total, sum(f for _, _, _, f in rows)))
            out.append("\n### Cells by type (flattened)\n")
            out.append("| cell | count |\n|---|---:|")
            for kind, count in cell_types(r["stat"]):
                out.append("| `%s` | %d |" % (kind, count))
            d = depth.report(os.path.join(args.out, name + "_stages.json"))
            out.append("\n### Depth per pipeline stage\n")
            out.append("The flow's area recovery relaxes every path shorter than the worst up to "
                       "the worst, so in its netlist every stage looks %d levels deep. These "
                       "figures come from the same mapping without area recovery (`map -r`), "
                       "where each stage keeps the depth its logic needs (worst: %d). A "
                       "flip-flop's stage is its register distance from the inputs "
                       "(constraints/depth.py).\n" % (r["depth"], d["worst"]))
            out.append(depth.markdown(d, 12))
            g, dd, nets = depth.worst_path(d)
            out.append("\nThe worst path (%d levels) ends in `%s`; the named nets on it: %s.\n"
                       % (dd, g, ", ".join("`%s`" % x for x in nets[-6:])))
    out.append("\nReproduce: `constraints/qor.py top --configs %s%s --out %s`.\n"
               % (args.configs, " --detail" if args.detail else "",
                  os.path.relpath(args.out, ROOT)))
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
    t.add_argument("--detail", action="store_true",
                   help="also the per-block breakdown, cell types and depth per pipeline stage "
                        "(a second mapping and one more synthesis per configuration)")
    t.set_defaults(func=cmd_top)
    args = ap.parse_args()
    if getattr(args, "jobs", 1) < 1:
        ap.error("--jobs must be at least 1")
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
