#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Checks a CSV of results from another simulator against the vfadd golden model.

Usage: check_csv.py FILE.csv   (the vfadd module on PYTHONPATH, e.g. build/python)

Columns, in this order: op,type,vl,fpcr,pg,a,b,res,fpsr -- the nine fields of a checked trace
line (docs/trace-format.md), each written as the trace format writes it (hex without 0x,
most significant digit first). An empty pg, a or b cell means '-' (no such operand). A first
row whose first cell is 'op' is a header; blank rows are skipped.

Prints every row whose res or fpsr differs from the model's, with its line number and one line
per difference. Exit status: 0 every row agrees, 1 some row differs, 2 a malformed row (named by
line and column) or an unreadable file; the other rows are still checked.
"""
import csv
import sys

import vfadd

COLUMNS = ["op", "type", "vl", "fpcr", "pg", "a", "b", "res", "fpsr"]


def row_case(cells):
    """The Case of a row's cells; raises ValueError naming the column."""
    if len(cells) != len(COLUMNS):
        raise ValueError("expected %d columns (%s), got %d"
                         % (len(COLUMNS), ",".join(COLUMNS), len(cells)))
    fields = []
    for i, cell in enumerate(cells):
        cell = cell.strip()
        if not cell or cell.isspace():
            cell = "-"
        if any(ch.isspace() for ch in cell) or cell.startswith("#"):
            raise ValueError("column %d '%s': expected one value, got %r"
                             % (i + 1, COLUMNS[i], cell))
        fields.append(cell)
    try:
        case = vfadd.trace_parse(" ".join(fields))
    except vfadd.TraceError as e:
        message = str(e)
        if e.field is not None:  # "field 4 'fpcr': ..." names the CSV column of the same number
            message = "column %d '%s'%s" % (e.field, COLUMNS[e.field - 1],
                                            message.split("'", 2)[2])
        raise ValueError(message) from None
    if case is None:  # cannot happen: the first cell is neither empty nor a comment
        raise ValueError("expected a case")
    return case


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) != 2:
        print("usage: check_csv.py FILE.csv (--help: the columns)", file=sys.stderr)
        return 2
    path = argv[1]
    rows = mismatches = malformed = 0
    first = True
    try:
        with open(path, newline="") as f:
            reader = csv.reader(f)
            for cells in reader:
                line = reader.line_num
                if not cells or all(not c.strip() for c in cells):
                    continue
                if first and cells[0].strip() == "op":
                    first = False
                    continue  # the header
                first = False
                rows += 1
                try:
                    case = row_case(cells)
                except ValueError as e:
                    print("%s:%d: %s" % (path, line, e), file=sys.stderr)
                    malformed += 1
                    continue
                differences = vfadd.check(case)
                if differences:
                    mismatches += 1
                    print("%s:%d: mismatch: %s %s vl=%d fpcr=%08x"
                          % (path, line, case.op, case.t, case.vl, case.fpcr))
                    for d in differences:
                        print("  " + d)
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        print("%s: cannot read: %s" % (path, e), file=sys.stderr)
        return 2
    print("check_csv: %s: %d rows, %d agree, %d differ, %d malformed"
          % (path, rows, rows - mismatches - malformed, mismatches, malformed))
    return 2 if malformed else 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
