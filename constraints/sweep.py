#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The design-space sweep of vfadd_top: MaxVecLenBits x NumStages.

  sweep.py [--vls 128,256,...] [--stages 1,2,...] [--out DIR] [--jobs J] [--no-sim]

For each configuration (default: the axes of configs.json, 5 x 6 = 30) it records the synthesis
figures of the flow of qor.py (gates, flip-flops, worst stage depth), and, from a tool built for
that configuration (as `make build MAX_VL= STAGES=` makes it, under DIR/tools), what `vfadd measure` measures in simulation
(latency and throughput of every operation, the workloads' cycles per element) and the harness's
simulation speed (`vfadd bench`). Results are cached per configuration under DIR/cache, keyed by
a hash of everything they depend on (the RTL, the flow, the harness and tool sources): a rerun
only computes what changed. Writes DIR/results.csv, DIR/report.md and the plots DIR/*.png
(matplotlib).
"""
import argparse
import concurrent.futures
import csv
import hashlib
import io
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import qor  # noqa: E402

# Sources each part of a result depends on (hashed for the cache).
SYNTH_DEPS = ["rtl", "constraints/qor.py"]
SIM_DEPS = ["rtl", "sim", "tb/top", "model", "CMakeLists.txt", "sim/verilator.f"]


def tree_hash(paths, extra=""):
    h = hashlib.sha256(extra.encode())
    for p in paths:
        full = os.path.join(ROOT, p)
        files = [full] if os.path.isfile(full) else sorted(
            os.path.join(d, f) for d, _, fs in os.walk(full) for f in fs)
        for f in files:
            h.update(os.path.relpath(f, ROOT).encode())
            with open(f, "rb") as fh:
                h.update(fh.read())
    return h.hexdigest()[:16]


class Cache:
    def __init__(self, out):
        self.dir = os.path.join(out, "cache")
        os.makedirs(self.dir, exist_ok=True)

    def get(self, kind, vl, n, key):
        path = os.path.join(self.dir, "%s_vl%d_s%d.json" % (kind, vl, n))
        try:
            with open(path) as f:
                data = json.load(f)
            return data["result"] if data.get("key") == key else None
        except (OSError, ValueError, KeyError):
            return None

    def put(self, kind, vl, n, key, result):
        path = os.path.join(self.dir, "%s_vl%d_s%d.json" % (kind, vl, n))
        with open(path + ".tmp", "w") as f:
            json.dump({"key": key, "result": result}, f)
        os.replace(path + ".tmp", path)


def run(cmd, log):
    with open(log, "w") as f:
        proc = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
    if proc.returncode != 0:
        with open(log) as f:
            tail = f.read()[-1500:]
        raise RuntimeError("%s failed (exit %d), see %s:\n%s"
                           % (" ".join(cmd), proc.returncode, log, tail))


def synth(vl, n, out):
    r = qor.synthesize("top_vl%d_s%d" % (vl, n), "vfadd_top",
                       [("MaxVecLenBits", str(vl)), ("NumStages", str(n))],
                       os.path.join(out, "synth"))
    return {"gates": r["gates"], "flops": r["flops"], "depth": r["depth"]}


def simulate(vl, n, out):
    """Builds the tool of (vl, n) and runs vfadd measure and vfadd bench on it."""
    logs = os.path.join(out, "logs")
    os.makedirs(logs, exist_ok=True)
    tag = "vl%d_s%d" % (vl, n)
    # A configuration build of the tool alone (what `make build MAX_VL= STAGES=` makes), one
    # compiler process each: the sweep runs --jobs of them side by side.
    build = os.path.join(out, "tools", tag)
    run(["cmake", "-S", ROOT, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
         "-DVFADD_MAX_VL=%d" % vl, "-DVFADD_STAGES=%d" % n, "-DVFADD_TOOL_ONLY=ON"],
        os.path.join(logs, tag + "_configure.log"))
    run(["cmake", "--build", build, "--target", "vfadd", "-j", "1"],
        os.path.join(logs, tag + "_build.log"))
    tool = os.path.join(build, "vfadd")
    res = {"ops": {}, "workloads": {}}
    proc = subprocess.run([tool, "measure", "--csv"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("%s measure: %s" % (tool, proc.stderr.strip()))
    for row in csv.DictReader(io.StringIO(proc.stdout)):
        if row["kind"] == "op":
            res["ops"]["%s.%s" % (row["name"], row["type"])] = {
                "latency": int(row["latency"]), "throughput": float(row["throughput"])}
        else:
            res["workloads"][row["name"]] = float(row["cycles_per_element"])
    proc = subprocess.run([tool, "bench", "--count", "4000", "--reps", "3"], capture_output=True,
                          text=True)
    if proc.returncode != 0:
        raise RuntimeError("%s bench: %s" % (tool, proc.stderr.strip()))
    for line in proc.stdout.splitlines():
        if line.startswith("SystemC harness"):
            res["elem_ops_per_s"] = float(line.split()[-2])
    return res


COLUMNS = ["MaxVecLenBits", "NumStages", "lanes", "gates", "flops", "depth",
           "lat_fadd_s", "lat_faddv_s", "lat_fadda_s", "thr_fadd_s", "thr_fadda_s",
           "cpe_vector_add", "cpe_conditional_add", "cpe_sum_faddv", "cpe_sum_fadda",
           "cpe_dependent_adds", "cpe_independent_adds", "sim_elem_ops_per_s"]


def row_of(vl, n, s, m):
    r = {"MaxVecLenBits": vl, "NumStages": n, "lanes": vl // 64}
    if s:
        r.update(gates=s["gates"], flops=s["flops"], depth=s["depth"])
    if m:
        r.update(lat_fadd_s=m["ops"]["fadd.s"]["latency"], lat_faddv_s=m["ops"]["faddv.s"]["latency"],
                 lat_fadda_s=m["ops"]["fadda.s"]["latency"],
                 thr_fadd_s=m["ops"]["fadd.s"]["throughput"],
                 thr_fadda_s=m["ops"]["fadda.s"]["throughput"],
                 sim_elem_ops_per_s=round(m.get("elem_ops_per_s", 0)))
        for w, v in m["workloads"].items():
            r["cpe_" + w] = v
    return r


def report(rows, out, vls, stages, took):
    md = ["# vfadd_top design-space sweep\n",
          "MaxVecLenBits %s x NumStages %s. Gates (2-input cells, flip-flops excluded), "
          "flip-flops and worst stage depth from the flow of constraints/qor.py (Yosys 0.23); "
          "latency (cycles, request accepted to response, FP32 at VL = MaxVecLenBits), "
          "throughput (operations per cycle) and the workloads' cycles per element (4096 FP32 "
          "elements) measured by `vfadd measure`; simulation speed by `vfadd bench` (element "
          "operations per second through the SystemC harness).\n"
          % (",".join(map(str, vls)), ",".join(map(str, stages)))]
    head = ["VL", "N", "lanes", "gates", "flops", "depth", "fadd lat", "faddv lat", "fadda lat",
            "add cyc/elem", "dep. add cyc/elem", "fadda cyc/elem", "sim Melem/s"]
    md.append("| " + " | ".join(head) + " |")
    md.append("|" + "---:|" * len(head))
    for r in rows:
        def g(k, fmt="%s"):
            return fmt % r[k] if k in r else "-"
        md.append("| " + " | ".join([str(r["MaxVecLenBits"]), str(r["NumStages"]), str(r["lanes"]),
                                     g("gates"), g("flops"), g("depth"), g("lat_fadd_s"),
                                     g("lat_faddv_s"), g("lat_fadda_s"),
                                     g("cpe_vector_add", "%.3f"), g("cpe_dependent_adds", "%.3f"),
                                     g("cpe_sum_fadda", "%.3f"),
                                     "%.2f" % (r["sim_elem_ops_per_s"] / 1e6)
                                     if "sim_elem_ops_per_s" in r else "-"]) + " |")
    # Findings against the targets.
    md.append("\n## Against the targets\n")
    by = {(r["MaxVecLenBits"], r["NumStages"]): r for r in rows}
    for vl in vls:
        one = by.get((vl, 1), {}).get("depth")
        if not one:
            continue
        cells = []
        for n in (2, 3, 4):
            d = by.get((vl, n), {}).get("depth")
            if d:
                bound = 1.1 * (one / n + 3)
                cells.append("N=%d: %d (bound %.1f, %s)" % (n, d, bound,
                                                           "met" if d <= bound else "missed"))
        md.append("- depth scaling at VL %d (single stage %d): %s" % (vl, one, "; ".join(cells)))
    for n in stages:
        lo, hi = by.get((min(vls), n), {}).get("gates"), by.get((max(vls), n), {}).get("gates")
        if lo and hi and min(vls) != max(vls):
            ratio, ideal = hi / lo, max(vls) / min(vls)
            md.append("- gates at N=%d: VL %d / VL %d = %.2f (%.0fx lanes; within 5%%: %s)"
                      % (n, max(vls), min(vls), ratio, ideal,
                         "yes" if abs(ratio / ideal - 1) <= 0.05 else "no"))
    three = [(vl, by[(vl, 3)]["depth"]) for vl in vls if "depth" in by.get((vl, 3), {})]
    if three:
        md.append("- worst stage depth at NumStages 3: %s (target <= 35)"
                  % ", ".join("VL %d: %d" % t for t in three))
    md.append("\nPlots: `depth_vs_stages.png`, `gates_vs_lanes.png`, `pareto.png`. "
              "Sweep time: %.0f s (cached results reused).\n" % took)
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))


def plots(rows, out, vls, stages):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("sweep.py: matplotlib missing (Debian: python3-matplotlib): no plots",
              file=sys.stderr)
        return
    by = {(r["MaxVecLenBits"], r["NumStages"]): r for r in rows}

    def lines(name, series, xlabel, ylabel, title):
        """One plot of lines: series is [(label, [(x, y), ...])]; empty lines are left out."""
        fig, ax = plt.subplots(figsize=(6, 4))
        for label, pts in series:
            if pts:
                ax.plot(*zip(*pts), marker="o", label=label)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_title(title)
        ax.grid(True, alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(out, name), dpi=120)

    lines("depth_vs_stages.png",
          [("VL %d" % vl, [(n, by[(vl, n)]["depth"]) for n in stages
                           if "depth" in by.get((vl, n), {})]) for vl in vls],
          "NumStages", "worst stage depth (gate levels)", "Depth per stage against pipeline depth")
    lines("gates_vs_lanes.png",
          [("N=%d" % n, [(vl // 64, by[(vl, n)]["gates"]) for vl in vls
                         if "gates" in by.get((vl, n), {})]) for n in stages],
          "64-bit lanes (MaxVecLenBits / 64)", "gates", "Gates against lanes")
    # Pareto: gates against estimated cycle time (depth) and FADD latency in gate levels.
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, key, label in ((axes[0], "depth", "worst stage depth (levels): cycle time"),
                           (axes[1], "lat_levels", "FADD latency x depth (levels)")):
        pts = []
        for r in rows:
            if "gates" not in r:
                continue
            x = r["depth"] if key == "depth" else r.get("lat_fadd_s", 0) * r["depth"]
            if x:
                pts.append((x, r["gates"], "%d/%d" % (r["MaxVecLenBits"], r["NumStages"])))
        for x, y, t in pts:
            ax.scatter(x, y, s=14)
            ax.annotate(t, (x, y), fontsize=6)
        front, best = [], None
        for x, y, t in sorted(pts):
            if best is None or y < best:
                front.append((x, y))
                best = y
        if front:
            ax.plot(*zip(*front), "r--", label="Pareto front")
            ax.legend()
        ax.set_xlabel(label)
        ax.set_ylabel("gates")
        ax.set_yscale("log")
        ax.grid(True, alpha=0.3)
    fig.suptitle("Gates against cycle time and latency (labels: VL/NumStages)")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "pareto.png"), dpi=120)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    with open(os.path.join(HERE, "configs.json")) as f:
        axes = json.load(f)["sweep"]
    ap.add_argument("--vls", default=",".join(map(str, axes["MaxVecLenBits"])))
    ap.add_argument("--stages", default=",".join(map(str, axes["NumStages"])))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "sweep"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-sim", action="store_true", help="synthesis figures only")
    args = ap.parse_args()
    try:
        vls = [int(x) for x in args.vls.split(",")]
        stages = [int(x) for x in args.stages.split(",")]
    except ValueError:
        ap.error("--vls and --stages take comma-separated integers")
    for vl in vls:
        if vl < 128 or vl > 2048 or vl % 128:
            ap.error("--vls: %d: expected multiples of 128 from 128 to 2048" % vl)
    for n in stages:
        if n < 1 or n > 6:
            ap.error("--stages: %d: expected 1 .. 6" % n)
    os.makedirs(args.out, exist_ok=True)
    cache = Cache(args.out)
    synth_key = tree_hash(SYNTH_DEPS)
    sim_key = tree_hash(SIM_DEPS)
    configs = [(vl, n) for vl in vls for n in stages]
    results = {c: [None, None] for c in configs}
    todo = []
    for vl, n in configs:
        s = cache.get("synth", vl, n, synth_key)
        m = None if args.no_sim else cache.get("sim", vl, n, sim_key)
        results[(vl, n)] = [s, m]
        if s is None:
            todo.append(("synth", vl, n))
        if m is None and not args.no_sim:
            todo.append(("sim", vl, n))
    print("sweep: %d configurations, %d cached results, %d to compute (%d jobs)"
          % (len(configs), 2 * len(configs) - len(todo) - (len(configs) if args.no_sim else 0),
             len(todo), args.jobs), flush=True)
    t0, errors, done = time.time(), [], 0
    # Largest first: they take longest.
    todo.sort(key=lambda t: (-t[1], -t[2]))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {pool.submit(synth if kind == "synth" else simulate, vl, n, args.out):
                (kind, vl, n) for kind, vl, n in todo}
        for fut in concurrent.futures.as_completed(futs):
            kind, vl, n = futs[fut]
            done += 1
            try:
                r = fut.result()
            except (qor.QorError, RuntimeError, OSError) as e:
                errors.append("%s %d/%d: %s" % (kind, vl, n, e))
                print("  [%d/%d] %s VL %d N %d: FAILED" % (done, len(todo), kind, vl, n),
                      flush=True)
                continue
            cache.put(kind, vl, n, synth_key if kind == "synth" else sim_key, r)
            results[(vl, n)][0 if kind == "synth" else 1] = r
            elapsed = time.time() - t0
            left = elapsed / done * (len(todo) - done)
            detail = ("gates %d depth %d" % (r["gates"], r["depth"]) if kind == "synth" else
                      "fadd latency %d" % r["ops"]["fadd.s"]["latency"])
            print("  [%d/%d] %-5s VL %4d N %d: %s  (%.0f s, about %.0f s left)"
                  % (done, len(todo), kind, vl, n, detail, elapsed, left), flush=True)
    rows = [row_of(vl, n, *results[(vl, n)]) for vl, n in configs]
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow(r)
    report(rows, args.out, vls, stages, time.time() - t0)
    plots(rows, args.out, vls, stages)
    print("sweep: %s/results.csv, report.md, *.png" % os.path.relpath(args.out, ROOT))
    for e in errors:
        print("sweep.py: %s" % e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
