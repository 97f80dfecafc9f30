#!/usr/bin/python3
"""The app's copy of a core catalog (run by imgui_app/CMakeLists.txt).

The core embeds core/data/*.csv whole (the JS module's listGpus() and the lite page return every
column). The app never shows the prose columns named on the command line (notes, and the source of
models and formats; a GPU's source is on its card), yet they are most of the bytes its first load
waits for. This writes the same CSV with those cells emptied: every column stays, so the core's
loader finds each one and an empty cell keeps the field's default. Values are never changed, so
core/data stays the one place each fact is declared.

Usage: app_catalogs.py IN.csv OUT.csv COLUMN [COLUMN ...]
"""
import csv
import io
import sys


def main():
    source, target, blanked = sys.argv[1], sys.argv[2], set(sys.argv[3:])
    with open(source, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0]
    missing = blanked - set(header)
    if missing:
        sys.exit(f"app_catalogs.py: {source} has no column {', '.join(sorted(missing))}")
    drop = [i for i, name in enumerate(header) if name in blanked]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows[1:]:
        writer.writerow(["" if i in drop else cell for i, cell in enumerate(row)])
    with open(target, "w", encoding="utf-8", newline="") as f:
        f.write(out.getvalue())


if __name__ == "__main__":
    main()
