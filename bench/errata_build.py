"""Benchmark: ``tagtext errata -o OUT`` on a card database (the shipped one by default).

    .venv/bin/python bench/errata_build.py [DB] [--rounds N] [--format html|wiki]

Each round starts the venv's ``tagtext`` console script (cold start, imports, loading,
converting, rendering, writing) and times it from spawn to exit; then one in-process run
splits the time into load / convert / model / render+write. Target: the whole command
under 5 s, of which the conversion (tagtext.batch) is budgeted at about 2 s.
"""

from __future__ import annotations

from tagtext import packs

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 5.0

#: Children run as an installed tagtext does: with bytecode (see bench/convert_corpus.py).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db", nargs="?")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--format", default="html", choices=("html", "wiki"))
    args = ap.parse_args()
    tagtext = Path(sys.executable).with_name("tagtext")

    with tempfile.TemporaryDirectory() as tmp:
        times = []
        for i in range(args.rounds):
            cmd = [str(tagtext), "errata", *([args.db] if args.db else []), "-o", f"{tmp}/out", "--format", args.format]
            started = time.perf_counter()
            subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL, env=CHILD_ENV)
            times.append(time.perf_counter() - started)
        print(f"tagtext errata --format {args.format}: best {min(times):.2f} s, first {times[0]:.2f} s "
              f"({args.rounds} rounds; target {TARGET_SECONDS:.0f} s)")


        from tagtext import carddb
        from tagtext.packs.tag_tamer import carddb as digimon_cards
        from tagtext.batch import convert_database
        from tagtext.errata import build_model, write_errata

        marks = [("start", time.perf_counter())]
        database = digimon_cards.load(args.db)
        marks.append(("load", time.perf_counter()))
        batch = convert_database(database, packs.get("tag-tamer"))
        marks.append(("convert", time.perf_counter()))
        errata = build_model(batch, packs.get("tag-tamer").rulings(), digimon_cards.shipped_source() if args.db is None else None)
        marks.append(("model", time.perf_counter()))
        write_errata(errata, f"{tmp}/inproc", args.format)
        marks.append(("render+write", time.perf_counter()))
        parts = ", ".join(f"{name} {t - marks[i][1]:.2f} s" for i, (name, t) in enumerate(marks[1:]))
        print(f"in process: {parts}; {errata.cards} cards shown")
    return 0 if min(times) < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
