"""Memory of `tagtext convert` on JSON lines, 1x to 16x each pack's shipped database.

    .venv/bin/python bench/stream_memory.py [--pack NAME|all] [--sizes 1,4,16]

For every installed pack, the shipped database's entries are written as JSON lines, once
and repeated (each copy's ids made new, so every card is a card of its own), and
converted in a fresh process two ways: JSON lines out (``--format jsonl``: streamed, a
card at a time) and one JSON document out (``--format json``: the whole database held).
Prints each run's peak memory (max RSS) and time. (A card whose id is in no field of its
own, as a Yu-Gi-Oh! card with no password, keeps it in the copies, which are then
skipped as duplicates and reported: the exit status 1 is expected.) Target (issue 22): the streamed
conversion's memory flat from 1x to 16x.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from _fresh import CHILD_ENV, Failed, load_line, python_c, run, tagtext_script

#: The child that writes a pack's shipped database as JSON lines, ``copies`` times over.
WRITE_LINES = r"""
import json, sys
from tagtext import packs
name, out, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
pack = packs.get(name)
doc = json.loads(pack.shipped_database())
entries = doc if isinstance(doc, list) else doc.get("cards") or doc.get("data")
cards = pack.database_from_bytes(json.dumps(entries).encode(), "x", "json").cards
ids = {c.id for c in cards}

def renamed(entry, k):
    # a copy of the entry whose id is new in copy k: every field holding a card's id is
    # renamed (a Digimon entry holds it twice, cardNumber and id; the reader takes one)
    entry = dict(entry)
    for key, value in entry.items():
        if str(value) in ids:
            entry[key] = value * 100 + k if isinstance(value, int) else f"{value}-{k}"
    return entry

with open(out, "w", encoding="utf-8") as f:
    for k in range(copies):
        for entry in entries:
            f.write(json.dumps(renamed(entry, k) if k else entry, ensure_ascii=False) + "\n")
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="all", help="a pack name, or all (default)")
    ap.add_argument("--sizes", default="1,4,16", help="how many times the database, comma-separated")
    ap.add_argument("--formats", default="jsonl,json", help="output formats to run (default: jsonl,json)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    names = subprocess.run(python_c("from tagtext import packs; print(*packs.names())"), capture_output=True,
                           text=True, check=True, env=CHILD_ENV).stdout.split() if args.pack == "all" else [args.pack]
    script = str(tagtext_script())
    print(f"machine: {load_line()}\n")
    print(f"  {'pack':10} {'size':>5} {'file':>9}   {'jsonl (streamed)':>22}   {'json (whole)':>22}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            for k in sizes:
                lines = Path(tmp) / f"{name}-{k}x.jsonl"
                subprocess.run(python_c(WRITE_LINES, name, str(lines), str(k)), check=True, env=CHILD_ENV)
                cells = []
                for fmt in ("jsonl", "json"):
                    if fmt not in args.formats.split(","):
                        cells.append("-")
                        continue
                    try:
                        r = run([script, "-q", "convert", "--pack", name, str(lines), "--format", fmt,
                                 "-o", f"{tmp}/out.{fmt}"], codes=(0, 1))  # 1: some entries skipped
                        cells.append(f"{r.rss_mb:7.0f} MB {r.wall:7.2f} s")
                    except Failed as e:
                        cells.append(f"failed: {str(e).splitlines()[0][:40]}")
                size = lines.stat().st_size / 1e6
                print(f"  {name:10} {k:>4}x {size:7.1f} MB   {cells[0]:>22}   {cells[1]:>22}", flush=True)
                lines.unlink()
    print(f"\nafter: {load_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
