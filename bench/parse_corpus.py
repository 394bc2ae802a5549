"""Benchmark: parse every text of a card database; print texts/s, seconds, peak memory.

    .venv/bin/python bench/parse_corpus.py [DB] [--repeat N]

DB defaults to the database tagtext ships (the real corpus); every text field is parsed
(effect, digivolveEffect, securityEffect, linkEffect, optionCardEffect, and the
specialDigivolve / rule texts where present), as ``tagtext coverage`` does. The grammar is
loaded (from Lark's cache) before timing; each timed round parses every text once, with
no memoisation, in this one process (one core). Prints the best, the median and the first
round; the target is on the best round: under 3 s.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

TARGET_SECONDS = 3.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db", nargs="?", help="card database (default: the one tagtext ships)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    t0 = time.perf_counter()
    import tagtext
    from tagtext import carddb
    from tagtext.packs.tag_tamer import carddb as digimon_cards
    from tagtext.packs.tag_tamer.syntax.parser import lark_parser

    lark_parser()
    load = time.perf_counter() - t0

    db = digimon_cards.load(args.db) if args.db else digimon_cards.load_shipped()
    texts = [text for _, _, text in db.texts()]
    chars = sum(map(len, texts))
    rounds = []
    for _ in range(args.repeat):
        t = time.perf_counter()
        for text in texts:
            tagtext.parse(text)
        rounds.append(time.perf_counter() - t)
    ordered = sorted(rounds)
    best, median = ordered[0], ordered[len(ordered) // 2]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"texts:          {len(texts)} ({chars:,} characters) from {db.source}")
    print(f"import+grammar: {load:.2f} s")
    print(f"parse, best:    {best:.2f} s  ({len(texts) / best:,.0f} texts/s)")
    print(f"parse, median:  {median:.2f} s   first: {rounds[0]:.2f} s   ({args.repeat} rounds)")
    print(f"peak memory:    {peak_mb:.0f} MB")
    print(f"target (< {TARGET_SECONDS:.0f} s): {'met' if best < TARGET_SECONDS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
