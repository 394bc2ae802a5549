"""Benchmark: ``tagtext.rewrite`` and ``tagtext.parse`` of one large text; prints the curve.

    .venv/bin/python bench/large_text.py [--sizes 100,200,400,600,800,1000] [--rounds N]

The text is real card text: the shipped database's first texts joined by spaces (just under 100 KB),
repeated to each size (in thousands of characters). Each size is parsed and
rewritten ``--rounds`` times in this process (best round shown; the grammar is loaded
first). The last column is the rewrite time per 100 KB: flat when rewriting is linear in
the text's size. Rewriting used to grow superlinearly (200 KB 2.9 s, 400 KB 10.7 s,
1 MB 22-56 s); the target is that 1 MB rewrites in under 4 times what 250 KB takes
(scaling at most linearly, with some allowance for a noisy machine).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time


def corpus_text(size: int, unit: int = 100_000) -> str:
    """``size`` characters of real card text: the shipped database's first texts, joined
    by spaces up to ``unit`` characters, repeated (the same text at every size, so that
    the time per 100 KB compares like with like)."""
    from tagtext import carddb
    from tagtext.packs.tag_tamer import carddb as digimon_cards

    chunk: list[str] = []
    length = 0
    for _, _, text in digimon_cards.load_shipped().texts():
        if length + len(text) + 1 > unit:
            break
        chunk.append(text)
        length += len(text) + 1
    base = " ".join(chunk) + " "
    return (base * (size // len(base) + 1))[:size]


def best_of(rounds: int, fn, arg) -> float:
    times = []
    for _ in range(rounds):
        gc.collect()
        t = time.perf_counter()
        fn(arg)
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,200,400,600,800,1000",
                    help="sizes in thousands of characters, comma-separated")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    import tagtext
    from tagtext.packs.tag_tamer.syntax.parser import lark_parser

    lark_parser()
    tagtext.rewrite("If you have 3 or more security cards, <Draw 1>.")
    print(f"{'size':>8}  {'parse':>8}  {'rewrite':>8}  {'edits':>6}  {'rewrite/100 KB':>14}")
    per_100 = []
    for kb in sizes:
        text = corpus_text(kb * 1000)
        parse = best_of(args.rounds, tagtext.parse, text)
        rewrite = best_of(args.rounds, tagtext.rewrite, text)
        edits = len(tagtext.rewrite(text).edits)
        per_100.append(rewrite / kb * 100)
        print(f"{kb:>5} KB  {parse:>6.2f} s  {rewrite:>6.2f} s  {edits:>6}  {per_100[-1]:>12.3f} s", flush=True)
    if len(per_100) > 1:
        print(f"rewrite time per 100 KB, largest / smallest size: {per_100[-1] / per_100[0]:.2f} "
              f"(1.0 = linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
