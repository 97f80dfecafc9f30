#!/usr/bin/python3
"""The app's copy of a core catalog (run by imgui_app/CMakeLists.txt).

The core embeds core/data/*.csv whole (the JS module's listGpus() and the lite page return every
column). The app never shows the prose columns named on the command line (notes, and the source of
models and formats), yet they are most of the bytes its first load waits for. This writes the same
CSV with those cells emptied: every column stays, so the core's loader finds each one and an empty
cell keeps the field's default. Values are never changed, so core/data stays the one place each
fact is declared.

A column the app shows, but no first frame does (the source of a GPU's figures and of a price),
can be moved instead of dropped: --late=OUT.tsv:KEY+KEY:COLUMN empties it in the CSV and writes its
cells to OUT.tsv as string-table rows `catalog.<stem>.<COLUMN>.<key cells joined by '.'><TAB>text<TAB>`
(escaped as the app's string tables are: backslash, tab and newline), which the build appends to
en-late.tsv; imgui_app/logic/catalog_sources.cpp looks them up with the same key.

Usage: app_catalogs.py IN.csv OUT.csv [--late=OUT.tsv:KEY[+KEY...]:COLUMN] COLUMN [COLUMN ...]
"""
import csv
import io
import os
import sys


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "").replace("\n", "\\n")


def main():
    source, target = sys.argv[1], sys.argv[2]
    late = None
    blanked = set()
    for arg in sys.argv[3:]:
        if arg.startswith("--late="):
            path, keys, column = arg[len("--late="):].rsplit(":", 2)
            late = (path, keys.split("+"), column)
        else:
            blanked.add(arg)
    with open(source, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    named = blanked | (set(late[1]) | {late[2]} if late else set())
    missing = named - set(header)
    if missing:
        sys.exit(f"app_catalogs.py: {source} has no column {', '.join(sorted(missing))}")
    drop = {header.index(name) for name in blanked}
    late_rows = []
    if late:
        path, keys, column = late
        stem = os.path.splitext(os.path.basename(source))[0]
        at = header.index(column)
        key_at = [header.index(k) for k in keys]
        drop.add(at)
        for row in rows[1:]:
            if len(row) > at and row[at]:
                key = ".".join(["catalog", stem, column] + [row[i] for i in key_at])
                late_rows.append(f"{key}\t{escape(row[at])}\t")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows[1:]:
        writer.writerow(["" if i in drop else cell for i, cell in enumerate(row)])
    with open(target, "w", encoding="utf-8", newline="") as f:
        f.write(out.getvalue())
    if late:
        with open(late[0], "w", encoding="utf-8", newline="") as f:
            f.write("".join(row + "\n" for row in late_rows))


if __name__ == "__main__":
    main()
