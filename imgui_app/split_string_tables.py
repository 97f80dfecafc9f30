#!/usr/bin/python3
"""Splits the string tables for the first load (run by imgui_app/CMakeLists.txt).

- OUT_DIR/<table>_en.tsv: each table with its zh column emptied and comment lines dropped; these
  are compiled into the app, so an English first load does not download the Chinese text.
- OUT_DIR/zh.tsv: the zh column of every table, as rows `key<TAB><TAB>zh`; the site serves it
  beside the app and the app fetches it with the Chinese font when the UI turns Chinese
  (platform::fetch_chinese), then fills the zh column of the installed tables from it.

Usage: split_string_tables.py OUT_DIR TABLE.tsv [TABLE.tsv ...]
"""
import os
import sys


def main():
    out_dir, tables = sys.argv[1], sys.argv[2:]
    os.makedirs(out_dir, exist_ok=True)
    chinese = []
    for path in tables:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        english = []
        for line in text.split("\n"):
            if not line or line.startswith("#"):
                continue
            cols = line.rstrip("\r").split("\t")
            # A malformed row stays as it is: the app reports it (i18n::parse_tsv).
            english.append("\t".join(cols[:2] + [""]) if len(cols) == 3 else line)
            if len(cols) == 3:
                chinese.append(cols[0] + "\t\t" + cols[2])
        stem = os.path.splitext(os.path.basename(path))[0]
        with open(os.path.join(out_dir, stem + "_en.tsv"), "w", encoding="utf-8") as f:
            f.write("\n".join(english) + "\n")
    with open(os.path.join(out_dir, "zh.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(chinese) + "\n")


if __name__ == "__main__":
    main()
