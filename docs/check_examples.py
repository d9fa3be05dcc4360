#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the worked examples of docs/*.md against the golden model (the ctest test docs_examples).

The examples live in fenced blocks whose info string names their kind:

  ```trace        trace lines (trace-format.md): every checked line (9 fields) is run as a
                  stimulus (its first 7 fields, as written) through 'vfadd run --engine model',
                  and the tool must write it back: the same 9 fields, hex compared without
                  regard to case. Stimulus lines (7 fields), comments and blank lines must be
                  accepted and come back as they are (a stimulus as its checked line).
  ```trace-error  lines that are not valid trace lines: each, alone in a file, must make
                  'vfadd run --engine model' exit 2 with a message naming FILE:1 and write nothing.
  ```disasm       '<word> <text>' lines: 'vfadd disasm --engine model WORD...' must print each
                  line exactly.

Every operation of the trace format must appear in some checked line, and every document given
must hold at least one example, so that a renamed block or a lost marker cannot pass unnoticed.

usage: check_examples.py --vfadd PATH DOC.md...   (exit 0 all match, 1 a mismatch, 2 bad usage)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

OPS = ("fadd", "fadd_u", "fadd_i", "fsub", "fsub_u", "fsub_i", "fsubr", "fsubr_i", "faddp",
       "fadda", "faddv")
KINDS = ("trace", "trace-error", "disasm")


def blocks(path):
    """Yields (kind, line number, text) for every line inside a fenced block of a known kind."""
    kind = None
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("```"):
                info = line[3:].strip()
                if kind is None and info:
                    kind = info if info in KINDS else ""
                elif kind is None:
                    kind = ""  # an unmarked block: not checked
                else:
                    kind = None
                continue
            if kind:
                yield kind, number, line


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=120)


class Checker:
    def __init__(self, vfadd, tmp):
        self.vfadd = vfadd
        self.tmp = tmp
        self.failures = 0
        self.ops_seen = set()

    def fail(self, where, message):
        self.failures += 1
        print(f"{where}: {message}")

    def check_trace(self, doc, lines):
        """lines: (number, text). One run of the tool over all of them."""
        stim = []
        for number, text in lines:
            fields = text.split()
            if not fields or fields[0].startswith("#"):
                stim.append(text)
                continue
            if len(fields) == 9:
                self.ops_seen.add(fields[0])
                # The first seven fields as written (separators and case kept).
                m = re.match(r"^[ \t]*(?:\S+[ \t]+){6}\S+", text)
                stim.append(m.group(0))
            elif len(fields) == 7:
                stim.append(text)
            else:
                self.fail(f"{doc}:{number}", f"a trace example needs 7 or 9 fields, has {len(fields)}")
                stim.append(text)
        path = os.path.join(self.tmp, "examples.trace")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(stim) + "\n")
        r = run([self.vfadd, "run", "--engine", "model", path])
        if r.returncode != 0:
            self.fail(doc, f"'vfadd run --engine model' exited {r.returncode}: {r.stderr.strip()}")
            return
        out = r.stdout.split("\n")
        if out and out[-1] == "":
            out.pop()
        if len(out) != len(lines):
            self.fail(doc, f"'vfadd run' wrote {len(out)} lines for {len(lines)}")
            return
        for (number, text), got in zip(lines, out):
            fields = text.split()
            if not fields or fields[0].startswith("#"):
                if got != text:
                    self.fail(f"{doc}:{number}", f"comment or blank line came back as {got!r}")
                continue
            want = [x.lower() for x in fields]
            have = [x.lower() for x in got.split()]
            if len(want) == 7:
                if have[:7] != want or len(have) != 9:
                    self.fail(f"{doc}:{number}", f"stimulus came back as {got!r}")
                continue
            if have != want:
                names = ("op", "t", "vl", "fpcr", "pg", "a", "b", "res", "fpsr")
                diff = [f"{n}: doc {w} model {h}" for n, w, h in zip(names, want, have) if w != h]
                self.fail(f"{doc}:{number}", "the model disagrees (" + "; ".join(diff) + ")")

    def check_errors(self, doc, lines):
        for number, text in lines:
            path = os.path.join(self.tmp, "bad.trace")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
            r = run([self.vfadd, "run", "--engine", "model", path])
            if r.returncode != 2 or r.stdout or f"{path}:1:" not in r.stderr:
                self.fail(f"{doc}:{number}",
                          f"expected rejection (exit 2, '{path}:1:' on stderr, no output); got "
                          f"exit {r.returncode}, stdout {r.stdout!r}, stderr {r.stderr.strip()!r}")

    def check_disasm(self, doc, lines):
        words = [text.split(None, 1)[0] for _, text in lines]
        r = run([self.vfadd, "disasm", "--engine", "model"] + words)
        out = r.stdout.rstrip("\n").split("\n")
        if r.returncode != 0 or len(out) != len(lines):
            self.fail(doc, f"'vfadd disasm' exited {r.returncode} with {len(out)} lines for "
                      f"{len(lines)}: {r.stderr.strip()}")
            return
        for (number, text), got in zip(lines, out):
            if got != text:
                self.fail(f"{doc}:{number}", f"doc {text!r}, model {got!r}")


def main():
    p = argparse.ArgumentParser(description="check the worked examples of docs/*.md")
    p.add_argument("--vfadd", required=True, help="the vfadd tool")
    p.add_argument("docs", nargs="+")
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        c = Checker(a.vfadd, tmp)
        for doc in a.docs:
            found = {k: [] for k in KINDS}
            for kind, number, text in blocks(doc):
                if kind == "trace" or text.strip():
                    found[kind].append((number, text))
            if not any(found.values()):
                c.fail(doc, "no example blocks (trace, trace-error, disasm) found")
            if found["trace"]:
                c.check_trace(doc, found["trace"])
            c.check_errors(doc, found["trace-error"])
            if found["disasm"]:
                c.check_disasm(doc, found["disasm"])
            print(f"{doc}: {len(found['trace'])} trace lines, {len(found['trace-error'])} error "
                  f"lines, {len(found['disasm'])} disasm lines checked")
        missing = [op for op in OPS if op not in c.ops_seen]
        if missing:
            c.fail("docs", "no checked example of " + ", ".join(missing))
    if c.failures:
        print(f"{c.failures} problem(s) with the examples")
        return 1
    print("every example agrees with the model")
    return 0


if __name__ == "__main__":
    sys.exit(main())
