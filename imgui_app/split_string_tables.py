#!/usr/bin/python3
"""Splits the string tables for the first load (run by imgui_app/CMakeLists.txt).

- OUT_DIR/<table>_en.tsv: each table with its zh column emptied and comment lines dropped, less
  the rows of en-late.tsv; these are compiled into the app, so an English first load does not
  download the Chinese text.
- OUT_DIR/en-late.tsv: the English of the rows the first frame never shows (LATE below), as rows
  `key<TAB>en<TAB>`; the site serves it beside the app, public/boot.js fetches it after the first
  frame and a string asked for before then is fetched at once (i18n::set_late_loader).
- OUT_DIR/zh.tsv: the zh column of every table, as rows `key<TAB><TAB>zh`; the site serves it
  beside the app and the app fetches it when the UI turns Chinese (platform::fetch_chinese),
  then fills the zh column of the installed tables from it.

- Rows of the files after --late-rows (the catalogs' source cells, written by app_catalogs.py in
  the same `key<TAB>en<TAB>` form) are appended to en-late.tsv as they are.
- Each --late-text KEY=FILE appends one row: KEY and the raw string literal of FILE (the text
  between `R"tsv(` and `)tsv"`), escaped as i18n::parse_tsv unescapes it (\\t, \\n, \\\\). The
  seed-question presets' table (imgui_app/presets/seed_presets.inc) travels so: no first frame
  reads it (logic/presets.cpp).

Usage: split_string_tables.py OUT_DIR TABLE.tsv [TABLE.tsv ...] [--late-text KEY=FILE ...]
       [--late-rows FILE.tsv ...]
"""
import os
import re
import sys

# The rows the first frame never draws, by table: the preset questions and their answers, and the
# whole files panel (report, saved work) and the Plan view, both closed on a first visit, except
# the labels that open them and the verdict word of the tab's title (report::page_title); and the
# CPU-only, image and NVMe rows.
# About 10 KB gzip of the first load (docs/BENCHMARKS.md, fifth round), and 3 KB more with the
# custom GPU form, help texts, GPU card, calibration, suggestions and seed tables (sixth round).
# tests/ui/first_frame_strings_test.cpp and tests/browser/late_strings.test.mjs check that first
# visits need none of them before they arrive; one that does still shows its text (fetched
# synchronously), only later.
LATE = {
    "presets.tsv": re.compile(r"^preset\.[qe]\d"),
    # The custom GPU form and the Hugging Face lookup: opened by a click.
    "custom.tsv": re.compile(r""),
    # Shown only on hover, in the GPU card (collapsed on a first visit) or the calibration form,
    # or for a setup that does not fit (a first visit's does), or in the seed tables view.
    # Warnings: a first visit's setup has none, and English ones without byte figures are the
    # engine's own sentence (logic/warning_text.cpp).
    "shell.tsv": re.compile(r"^(help|cal|gpu\.card)\."),
    "results.tsv": re.compile(r"^(res\.suggest|tables|warning)\."),
    "files.tsv": re.compile(r""),
    "plan.tsv": re.compile(r""),
    # CPU only, images and NVMe: drawn only once chosen (a vision model, the CPU device, mmap,
    # an NVMe figure), never by a first visit's default model and card.
    "devices.tsv": re.compile(r""),
}
FIRST_FRAME = {"files.title", "plan.tab", "plan.back", "report.fits", "report.no_fit",
               "report.invalid", "gpu.card.title", "gpu.card.per_hour", "gpu.form.copy",
               "tables.title"}


def is_late(table, key):
    rule = LATE.get(table)
    return rule is not None and rule.match(key) is not None and key not in FIRST_FRAME


def raw_literal_row(key, path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.index('R"tsv(\n') + len('R"tsv(\n')
    body = text[start:text.index(')tsv"', start)]
    escaped = body.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
    return key + "\t" + escaped + "\t"


def main():
    out_dir, args = sys.argv[1], sys.argv[2:]
    texts = []
    while "--late-text" in args:
        at = args.index("--late-text")
        key, path = args[at + 1].split("=", 1)
        texts.append(raw_literal_row(key, path))
        del args[at:at + 2]
    cut = args.index("--late-rows") if "--late-rows" in args else len(args)
    tables, late_files = args[:cut], args[cut + 1:]
    os.makedirs(out_dir, exist_ok=True)
    chinese = []
    late = []
    for path in tables:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        english = []
        for line in text.split("\n"):
            if not line or line.startswith("#"):
                continue
            cols = line.rstrip("\r").split("\t")
            # A malformed row stays as it is: the app reports it (i18n::parse_tsv).
            if len(cols) != 3:
                english.append(line)
                continue
            row = "\t".join(cols[:2] + [""])
            (late if is_late(os.path.basename(path), cols[0]) else english).append(row)
            chinese.append(cols[0] + "\t\t" + cols[2])
        stem = os.path.splitext(os.path.basename(path))[0]
        with open(os.path.join(out_dir, stem + "_en.tsv"), "w", encoding="utf-8") as f:
            f.write("\n".join(english) + "\n")
    with open(os.path.join(out_dir, "zh.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(chinese) + "\n")
    for path in late_files:
        with open(path, encoding="utf-8") as f:
            late.extend(line for line in f.read().split("\n") if line)
    late.extend(texts)
    with open(os.path.join(out_dir, "en-late.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(late) + "\n")


if __name__ == "__main__":
    main()
