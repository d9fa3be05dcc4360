#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Logic depth per pipeline stage of a flattened gate netlist (Yosys write_json).

Depth is counted as Yosys' `ltp -noff` counts it: the number of cells on the longest path
between ports and flip-flops, every combinational cell one level. On top of the one figure ltp
gives, this reports the worst path ending at each pipeline stage and at each register group,
and the nets along the worst path.

A flip-flop's stage is its register distance from the inputs: 1 + the smallest stage among the
flip-flops (or inputs, stage 0) its D path starts from. Feedback (valid bits, FADDA's
accumulator) does not change the distance, so the stage of a pipeline register is its position
in the pipeline; the outputs form the last stage. Handshake inputs (CONTROL_INPUTS: the valid,
ready and reset pins) start no stage: the stall they cause reaches every register's hold path,
and would otherwise put every register in stage 1. Flip-flops fed by them alone (valid bits,
counters) form stage 0, "control".

A register group is the flip-flop's register name with indices removed, cut to its instance
path and register: `u_lanes.gen_lane[3].u_lane.u_fp64.u_cut_far_shift.gen_stages.data_q[40]`
becomes `u_lanes.gen_lane.u_lane.u_fp64.u_cut_far_shift`.

  depth.py NETLIST.json [--top N]      prints the report (markdown)
"""
import argparse
import collections
import json
import re
import sys

FF = re.compile(r"^\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|DFFSR|DFFSRE|DLATCH)\w*_$")
OUT_PORTS = {"Y", "Q"}


def is_ff(kind):
    return bool(FF.match(kind))


def group_of(name):
    """The register group of a flip-flop's net name (see the module docstring)."""
    name = name.lstrip("\\")
    name = re.sub(r"\[\d+\]", "", name)
    parts = name.split(".")
    # Drop vfadd_pipe_reg's internals and other generate scaffolding at the end.
    while len(parts) > 1 and (parts[-1] in ("data_q", "valid_q", "q") or
                              parts[-1].startswith("gen_stages")):
        parts.pop()
    return ".".join(parts)


class Netlist:
    def __init__(self, path, top=None):
        with open(path) as f:
            data = json.load(f)
        mods = data["modules"]
        if top is None:
            tops = [m for m, v in mods.items() if v.get("attributes", {}).get("top")]
            top = tops[0] if tops else next(iter(mods))
        m = mods[top]
        self.top = top
        self.inputs, self.outputs = [], []
        for pname, p in m["ports"].items():
            bits = [b for b in p["bits"] if isinstance(b, int)]
            (self.inputs if p["direction"] == "input" else self.outputs).extend(
                (pname, b) for b in bits)
        # bit -> a readable name (the shortest public one)
        self.name = {}
        for nname, n in m["netnames"].items():
            public = not nname.startswith("$")
            for i, b in enumerate(n["bits"]):
                if not isinstance(b, int):
                    continue
                label = "%s[%d]" % (nname, i) if len(n["bits"]) > 1 else nname
                old = self.name.get(b)
                if old is None or (public and (old[0] == "$" or len(label) < len(old))):
                    self.name[b] = label
        self.comb, self.ffs = [], []  # (inputs, outputs); flip-flops: (inputs, outputs, D)
        for cname, c in m["cells"].items():
            ins, outs, data = [], [], []
            for port, bits in c["connections"].items():
                bits = [b for b in bits if isinstance(b, int)]
                if port in OUT_PORTS:
                    outs.extend(bits)
                elif port != "C":
                    ins.extend(bits)
                    if port == "D":
                        data.extend(bits)
            if is_ff(c["type"]):
                # A constant D (a register whose every load writes one value, the condition
                # mapped onto the enable or a synchronous reset): its data is what drives those.
                self.ffs.append((ins, outs, data or ins))
            else:
                self.comb.append((ins, outs))

    def analyse(self):
        """(depth of every bit, the input bit the worst path into it came through, the
        combinational cells in topological order)."""
        driver = {}
        for i, (ins, outs) in enumerate(self.comb):
            for b in outs:
                driver[b] = i
        depth, via = {}, {}  # bit -> levels; bit -> the input bit the worst path came through
        for _, b in self.inputs:
            depth[b] = 0
        for _, outs, _ in self.ffs:
            for b in outs:
                depth[b] = 0
        # Iterative DFS in topological order over the combinational cells.
        order, state = [], {}
        for root in range(len(self.comb)):
            if root in state:
                continue
            stack = [(root, 0)]
            while stack:
                ci, k = stack.pop()
                ins = self.comb[ci][0]
                if k == 0:
                    if state.get(ci) == 2:
                        continue
                    state[ci] = 1
                while k < len(ins):
                    d = driver.get(ins[k])
                    k += 1
                    if d is not None and state.get(d) is None:
                        stack.append((ci, k))
                        stack.append((d, 0))
                        break
                else:
                    state[ci] = 2
                    order.append(ci)
        for ci in order:
            ins, outs = self.comb[ci]
            best, arg = 0, None
            for b in ins:
                d = depth.get(b, 0)
                if d >= best:
                    best, arg = d, b
            for b in outs:
                depth[b] = best + 1
                via[b] = arg
        return depth, via, order

    def stages(self, order, control=None):
        """Stage of each flip-flop (index into self.ffs): its register distance from the inputs,
        found by relaxing "stage = 1 + the smallest stage feeding it" to a fixed point; inputs
        whose port name matches the regex `control` are no start point."""
        inf = 1 << 30
        value = {}  # bit -> smallest stage among the start points it depends on
        for pname, b in self.inputs:
            if not (control and re.fullmatch(control, pname)):
                value[b] = 0
        stage = [inf] * len(self.ffs)
        changed = True
        while changed:
            changed = False
            for i, (_, outs, _) in enumerate(self.ffs):
                for b in outs:
                    value[b] = stage[i]
            for ci in order:
                ins, outs = self.comb[ci]
                v = min((value.get(b, inf) for b in ins), default=inf)
                for b in outs:
                    value[b] = v
            # The data input only: enables and resets come from the stall and reset pins.
            for i, (_, _, data) in enumerate(self.ffs):
                v = min((value.get(b, inf) for b in data), default=inf)
                v = 1 if v >= inf and not data else v + 1
                if v < stage[i]:
                    stage[i] = v
                    changed = True
        return [s if s < inf else 0 for s in stage]


def path_of(bit, via, name, limit=60):
    """The named nets along the worst path into `bit`, from its start."""
    nets = []
    while bit is not None and len(nets) < 10000:
        nets.append(name.get(bit, "$%d" % bit))
        bit = via.get(bit)
    nets.reverse()
    public = [n for n in nets if not n.startswith("$")]
    return public[-limit:]


# vfadd_top's handshake and reset pins (see the module docstring).
CONTROL_INPUTS = r"req_valid_i|rsp_ready_i|rst_ni"


def report(path, top=None, control=CONTROL_INPUTS):
    n = Netlist(path, top)
    depth, via, order = n.analyse()
    stage = n.stages(order, control)
    last = max(stage) + 1 if stage else 1
    per_stage = collections.defaultdict(lambda: [0, None, 0])   # stage -> [depth, bit, flops]
    per_group = collections.defaultdict(lambda: [0, None, 0, set()])
    for i, (ins, outs, _) in enumerate(n.ffs):
        d, b = max(((depth.get(x, 0), x) for x in ins), default=(0, None))
        s = per_stage[stage[i]]
        s[2] += len(outs)
        if d > s[0]:
            s[0], s[1] = d, b
        g = per_group[group_of(n.name.get(outs[0], "?")) if outs else "?"]
        g[2] += len(outs)
        g[3].add(stage[i])
        if d > g[0]:
            g[0], g[1] = d, b
    for pname, b in n.outputs:
        d = depth.get(b, 0)
        s = per_stage[last]
        if d > s[0]:
            s[0], s[1] = d, b
        g = per_group["output " + pname]
        g[3].add(last)
        if d > g[0]:
            g[0], g[1] = d, b
    worst = max(depth.values()) if depth else 0
    return {"worst": worst, "stages": dict(per_stage), "groups": dict(per_group),
            "last": last, "via": via, "name": n.name}


def markdown(r, top_groups=25):
    out = ["| stage | flip-flops | worst depth into it |", "|---|---:|---:|"]
    for s in sorted(r["stages"]):
        d, _, flops = r["stages"][s]
        label = "outputs" if s == r["last"] else "control" if s == 0 else str(s)
        out.append("| %s | %d | %d |" % (label, flops, d))
    out += ["", "| register group | stages | flip-flops | worst depth into it |",
            "|---|---|---:|---:|"]
    groups = sorted(r["groups"].items(), key=lambda kv: -kv[1][0])
    for g, (d, _, flops, st) in groups[:top_groups]:
        out.append("| `%s` | %s | %d | %d |" % (g, ",".join(str(x) for x in sorted(st)), flops, d))
    return "\n".join(out)


def worst_path(r):
    """(endpoint name, depth, named nets on the way) of the deepest path."""
    best = max(r["groups"].items(), key=lambda kv: kv[1][0])
    g, (d, b, _, _) = best
    return g, d, path_of(b, r["via"], r["name"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("netlist")
    ap.add_argument("--top")
    ap.add_argument("--groups", type=int, default=25)
    args = ap.parse_args()
    r = report(args.netlist, args.top)
    print("worst depth %d\n" % r["worst"])
    print(markdown(r, args.groups))
    g, d, nets = worst_path(r)
    print("\nworst path (%d levels) into %s, through:" % (d, g))
    for x in nets:
        print("  " + x)
    return 0


if __name__ == "__main__":
    sys.exit(main())
