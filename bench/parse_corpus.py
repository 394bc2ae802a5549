"""Benchmark: parse every effect text of a card database; print texts/s, seconds, peak memory.

    python bench/parse_corpus.py [DB] [--repeat N]

The grammar is loaded (from Lark's cache) before timing; each timed round parses every
text once, with no memoisation. Prints the best round and the first one.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

DEFAULT_DB = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "DigimonCards.json"
FIELDS = ("effect", "digivolveEffect", "securityEffect", "linkEffect", "optionCardEffect")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db", nargs="?", default=str(DEFAULT_DB))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    t0 = time.perf_counter()
    import tagtext
    from tagtext.syntax.parser import _lark

    _lark()
    load = time.perf_counter() - t0

    cards = json.loads(Path(args.db).read_text(encoding="utf-8"))
    texts = [c[f] for c in cards for f in FIELDS if isinstance(c.get(f), str) and c[f] not in ("", "-")]
    chars = sum(map(len, texts))
    rounds = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        for text in texts:
            tagtext.parse(text)
        rounds.append(time.perf_counter() - t)
    best = min(rounds)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"texts:        {len(texts)} ({chars:,} characters)")
    print(f"import+grammar: {load:.2f} s")
    print(f"parse, best:  {best:.2f} s  ({len(texts) / best:,.0f} texts/s)")
    print(f"parse, first: {rounds[0]:.2f} s")
    print(f"peak memory:  {peak_mb:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
