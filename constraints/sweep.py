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
import re
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import depth  # noqa: E402
import qor  # noqa: E402

# Sources each part of a result depends on (hashed for the cache).
SYNTH_DEPS = ["rtl", "constraints/qor.py", "constraints/depth.py"]
# Bumped when what a cached result holds changes.
RESULT_FORMAT = "2"
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


def synth(vl, n, out, flow):
    """Gates, flip-flops and worst stage depth from the flow; the depth into each pipeline stage
    from the same mapping without area recovery (see qor.py's ABC_MAP), as depth.py counts it."""
    name = "top_vl%d_s%d_%s" % (vl, n, flow)
    params = [("MaxVecLenBits", str(vl)), ("NumStages", str(n))]
    synth_dir = os.path.join(out, "synth")
    per_module = flow == "per-module"
    r = qor.synthesize(name, "vfadd_top", params, synth_dir, per_module=per_module,
                       stages_json=True)
    netlist = os.path.join(synth_dir, name + "_stages.json")
    d = depth.report(netlist)
    os.remove(netlist)  # hundreds of megabytes at the widest configurations
    # Stage 0 holds the control flip-flops (valid bits, counters), d["last"] the outputs.
    stages = [d["stages"].get(k, [0])[0] for k in range(1, d["last"])]
    return {"gates": r["gates"], "flops": r["flops"], "depth": r["depth"], "stages": stages,
            "out": d["stages"].get(d["last"], [0])[0]}


class Tools:
    """The tools of the configurations to simulate, built in one tree (DIR/tools, CMake's
    VFADD_SWEEP_CONFIGS) so that all they share is compiled once: vfadd_vl<VL>_s<N>."""

    def __init__(self, out, configs, jobs):
        self.dir = os.path.join(out, "tools")
        self.logs = os.path.join(out, "logs")
        self.configs = configs
        self.jobs = jobs
        self.ready = threading.Event()
        self.error = None
        self.done = 0.0  # the fraction of the build's steps done, for the time left

    def path(self, vl, n):
        return os.path.join(self.dir, "vfadd_vl%d_s%d" % (vl, n))

    def build(self):
        """Configures and builds every tool, printing the build's progress now and then."""
        try:
            os.makedirs(self.logs, exist_ok=True)
            run(["cmake", "-S", ROOT, "-B", self.dir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                 "-DVFADD_TOOL_ONLY=ON",
                 "-DVFADD_SWEEP_CONFIGS=" + ";".join("%d:%d" % c for c in self.configs)],
                os.path.join(self.logs, "tools_configure.log"))
            cmd = ["cmake", "--build", self.dir, "-j", str(self.jobs), "--target"]
            cmd += ["vfadd_vl%d_s%d" % c for c in self.configs]
            log = os.path.join(self.logs, "tools_build.log")
            last = time.time()
            with open(log, "w") as f:
                proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True, cwd=ROOT)
                for line in proc.stdout:
                    f.write(line)
                    m = re.match(r"\[(\d+)/(\d+)\]", line)
                    if m:
                        self.done = int(m.group(1)) / max(1, int(m.group(2)))
                    if m and time.time() - last > 60:
                        last = time.time()
                        print("  tools: %s of %s build steps (%d tools)"
                              % (m.group(1), m.group(2), len(self.configs)), flush=True)
                if proc.wait() != 0:
                    raise RuntimeError("building the sweep's tools failed, see %s" % log)
            self.done = 1.0  # also when ninja had nothing to do
            return {"tools": len(self.configs)}
        except (RuntimeError, OSError) as e:
            self.error = e
            raise
        finally:
            self.ready.set()


def simulate(vl, n, tools):
    """Runs vfadd measure and vfadd bench on the tool of (vl, n), once the tools are built."""
    tools.ready.wait()
    if tools.error:
        raise RuntimeError("no tool: %s" % tools.error)
    tool = tools.path(vl, n)
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
           "cpe_dependent_adds", "cpe_independent_adds", "sim_elem_ops_per_s", "stage_depths",
           "out_depth"]


def row_of(vl, n, s, m):
    r = {"MaxVecLenBits": vl, "NumStages": n, "lanes": vl // 64}
    if s:
        r.update(gates=s["gates"], flops=s["flops"], depth=s["depth"])
        r["stage_depths"] = " ".join(map(str, s["stages"]))
        r["out_depth"] = s["out"]
    if m:
        r.update(lat_fadd_s=m["ops"]["fadd.s"]["latency"], lat_faddv_s=m["ops"]["faddv.s"]["latency"],
                 lat_fadda_s=m["ops"]["fadda.s"]["latency"],
                 thr_fadd_s=m["ops"]["fadd.s"]["throughput"],
                 thr_fadda_s=m["ops"]["fadda.s"]["throughput"],
                 sim_elem_ops_per_s=round(m.get("elem_ops_per_s", 0)))
        for w, v in m["workloads"].items():
            r["cpe_" + w] = v
    return r


FLOW_TEXT = {
    "per-module": "the sweep's flow (`--flow per-module`: the passes of constraints/qor.py, each "
                  "module mapped by ABC once, then flattened for the counts; a little above the "
                  "flattened flow of `make synth`, which `--flow flat` runs)",
    "flat": "the flattened flow of `make synth` (constraints/qor.py)",
}


def pareto(pts):
    """The points (x, y, ...) that no other point beats or equals on both x and y (both
    smaller is better), in order of x."""
    front, best = [], None
    for p in sorted(pts):
        if best is None or p[1] < best:
            front.append(p)
            best = p[1]
    return front


def stage_depths(r):
    return [int(x) for x in r.get("stage_depths", "").split()]


def deepest(r):
    """The largest depth into any pipeline stage or the outputs (stage_depths and out_depth)."""
    return max(stage_depths(r) + [r["out_depth"]])


def verdict(r, single_depth, n):
    """qor.stage_verdict of row r's worst stage depth; on a miss, also the pipeline stages (or
    the outputs) deepest in the mapping without area recovery."""
    bound, text = qor.stage_verdict(r["depth"], single_depth, n)
    d = stage_depths(r)
    if text != "met" and d:
        worst = deepest(r)
        where = ["stage %d" % (i + 1) for i, x in enumerate(d) if x == worst]
        where += ["the outputs"] if r["out_depth"] == worst else []
        text += ", deepest: %s (%d)" % (" and ".join(where), worst)
    return bound, text


def report(rows, out, vls, stages, took, flow):
    md = ["# vfadd_top design-space sweep\n",
          "MaxVecLenBits %s x NumStages %s. Gates (2-input cells, flip-flops excluded), "
          "flip-flops and worst stage depth from %s (Yosys 0.23); "
          "latency (cycles, request accepted to response, FP32 at VL = MaxVecLenBits), "
          "throughput (operations per cycle) and the workloads' cycles per element (4096 FP32 "
          "elements) measured by `vfadd measure`; simulation speed by `vfadd bench` (element "
          "operations per second through the SystemC harness).\n"
          % (",".join(map(str, vls)), ",".join(map(str, stages)), FLOW_TEXT[flow])]
    md.append("## Every configuration\n")
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
    by = {(r["MaxVecLenBits"], r["NumStages"]): r for r in rows}
    # Depth per pipeline stage.
    width = max((len(stage_depths(r)) for r in rows), default=0)
    if width:
        md.append("\n## Depth into each pipeline stage\n")
        md.append("The worst path into the flip-flops of each stage, a flip-flop's stage being "
                  "its register distance from the inputs (constraints/depth.py): stage 1 is the "
                  "input register (decode, predicate, issue time, operand routing), stages 2 .. N + 1 "
                  "the adder "
                  "pipeline, then the response register and the FADDV levels; `out` is the "
                  "response register to the output pins. From the mapping without area recovery, "
                  "where each stage keeps its own depth (with it, every stage reads as deep as the "
                  "worst).\n")
        head = ["VL", "N"] + [str(i + 1) for i in range(width)] + ["out"]
        md.append("| " + " | ".join(head) + " |")
        md.append("|" + "---:|" * len(head))
        for r in rows:
            d = stage_depths(r)
            if d:
                worst = deepest(r)
                cells = [("**%d**" % x if x == worst else str(x)) for x in d]
                cells += [""] * (width - len(d)) + [str(r["out_depth"])]
                md.append("| %d | %d | %s |" % (r["MaxVecLenBits"], r["NumStages"],
                                                " | ".join(cells)))
    # Findings against the targets.
    md.append("\n## Against the targets\n")
    for vl in vls:
        one = by.get((vl, 1), {}).get("depth")
        if not one:
            continue
        cells = []
        for n in qor.BOUNDED:
            d = by.get((vl, n), {}).get("depth")
            if d:
                cells.append("N=%d: %d (bound %s, %s)" % ((n, d) + verdict(by[(vl, n)], one, n)))
        if cells:
            md.append("- depth scaling at VL %d (single stage %d): %s"
                      % (vl, one, "; ".join(cells)))
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
    for vl in vls:
        front = pareto([(r["depth"], r["gates"] + r["flops"], r["NumStages"]) for r in rows
                        if "gates" in r and r["MaxVecLenBits"] == vl])
        if front:
            md.append("- VL %d, the NumStages worth building (no other is both smaller, gates + "
                      "flip-flops, and shallower): %s"
                      % (vl, ", ".join("N=%d (%d levels, %d cells)" % (n, d, c)
                                       for d, c, n in front)))
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

    # Depth per stage against NumStages: one panel per VL, every stage's depth a dot, the worst
    # a line, the target 1.1 x (single-stage depth / N + 3) dashed.
    fig, axes = plt.subplots(1, len(vls), figsize=(max(6.5, 3.2 * len(vls) + 1), 3.8),
                             sharey=True, squeeze=False)
    for ax, vl in zip(axes[0], vls):
        have = [n for n in stages if "depth" in by.get((vl, n), {})]
        for n in have:
            d = stage_depths(by[(vl, n)])
            ax.scatter([n] * len(d), d, s=10, color="0.6", zorder=2,
                       label="each stage" if n == have[0] else None)
        ax.plot(have, [by[(vl, n)]["depth"] for n in have], marker="o", color="C0",
                label="worst stage", zorder=3)
        one = by.get((vl, 1), {}).get("depth")
        if one:
            xs = [n for n in stages if 2 <= n <= 4]
            ax.plot(xs, [1.1 * (one / n + 3) for n in xs], "r--", label="target (N=2..4)")
        ax.set_title("MaxVecLenBits %d" % vl)
        ax.set_xlabel("NumStages")
        ax.set_xticks(stages)
        ax.grid(True, alpha=0.3)
    axes[0][0].set_ylabel("depth (gate levels)")
    axes[0][0].legend(fontsize=7)
    fig.suptitle("Logic depth of each pipeline stage against pipeline depth")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "depth_vs_stages.png"), dpi=120)
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
        if not pts:
            ax.text(0.5, 0.5, "no simulation results (--no-sim)", ha="center",
                    transform=ax.transAxes)
        for x, y, t in pts:
            ax.scatter(x, y, s=14)
            ax.annotate(t, (x, y), fontsize=6)
        front = [(x, y) for x, y, _ in pareto(pts)]
        if front:
            ax.plot(*zip(*front), "r--", label="Pareto front")
            # Above the plot: inside, it hides points' labels.
            ax.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), fontsize=8, frameon=False)
        ax.set_xlabel(label)
        ax.set_ylabel("gates")
        ax.set_yscale("log")
        ax.grid(True, alpha=0.3)
    fig.suptitle("Gates against cycle time and latency (labels: VL/NumStages)")
    fig.tight_layout()
    fig.savefig(os.path.join(out, "pareto.png"), dpi=120)


# A configuration's simulation (measure and bench) against its synthesis, in time: rounded up
# from the 2 to 4% measured, as the simulations come last, where a short estimate misleads.
SIM_WEIGHT = 0.1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    with open(os.path.join(HERE, "configs.json")) as f:
        axes = json.load(f)["sweep"]
    ap.add_argument("--vls", default=",".join(map(str, axes["MaxVecLenBits"])))
    ap.add_argument("--stages", default=",".join(map(str, axes["NumStages"])))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "sweep"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--no-sim", action="store_true", help="synthesis figures only")
    ap.add_argument("--flow", choices=["per-module", "flat"], default="per-module",
                    help="per-module (default): each module mapped once, then flattened; flat: "
                         "the flattened flow of make synth (exact, several times slower)")
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
    synth_key = tree_hash(SYNTH_DEPS, args.flow + RESULT_FORMAT)
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
    # The time left is estimated from the work done so far, a configuration's work taken as
    # proportional to its lanes: its synthesis 1 per 128 bits, its simulation SIM_WEIGHT of that,
    # and the tools' build as much as the syntheses of the configurations it serves (a whole sweep
    # on two cores: the build took about as long as the syntheses, the simulations 2 to 4% of it).
    def weight(kind, vl):
        if kind == "tools":
            return sum(v for v, _ in sims) / 128.0
        return vl / 128.0 * (SIM_WEIGHT if kind == "sim" else 1.0)
    t0, errors, done, done_w = time.time(), [], 0, 0.0
    # The tools' build first (it takes longest, on all but one job's worth of cores), then the
    # syntheses and the simulations, largest first.
    todo.sort(key=lambda t: (t[0] == "sim", -t[1], -t[2]))
    sims = [(vl, n) for kind, vl, n in todo if kind == "sim"]
    tools = Tools(args.out, sims, max(1, args.jobs - 1) if len(sims) < len(todo) else args.jobs)
    if sims:
        todo.insert(0, ("tools", 0, 0))
    total_w = sum(weight(kind, vl) for kind, vl, _ in todo)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futs = {}
        for kind, vl, n in todo:
            fut = (pool.submit(tools.build) if kind == "tools" else
                   pool.submit(synth, vl, n, args.out, args.flow) if kind == "synth" else
                   pool.submit(simulate, vl, n, tools))
            futs[fut] = (kind, vl, n)
        for fut in concurrent.futures.as_completed(futs):
            kind, vl, n = futs[fut]
            done += 1
            # The tools' build counts with the fraction of its steps done (tools.done) below.
            done_w += weight(kind, vl) if kind != "tools" else 0.0
            try:
                r = fut.result()
            except (qor.QorError, RuntimeError, OSError) as e:
                errors.append("%s %d/%d: %s" % (kind, vl, n, e))
                print("  [%d/%d] %s VL %d N %d: FAILED" % (done, len(todo), kind, vl, n),
                      flush=True)
                continue
            elapsed = time.time() - t0
            work = done_w + weight("tools", 0) * tools.done
            # max: work is summed in another order than total_w, and may round above it.
            left = elapsed / work * max(0.0, total_w - work)
            if kind == "tools":
                print("  [%d/%d] tools: %d built  (%.0f s)" % (done, len(todo), r["tools"], elapsed),
                      flush=True)
                continue
            cache.put(kind, vl, n, synth_key if kind == "synth" else sim_key, r)
            results[(vl, n)][0 if kind == "synth" else 1] = r
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
    report(rows, args.out, vls, stages, time.time() - t0, args.flow)
    plots(rows, args.out, vls, stages)
    print("sweep: %s/results.csv, report.md, *.png" % os.path.relpath(args.out, ROOT))
    for e in errors:
        print("sweep.py: %s" % e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
