"""The whole YGO database through the ygo-tag pack, against a plain script, in one run.

Both sides read the shipped gzipped database, make every card's tag-duel text and dump
JSON to a file; the plain script only does one regular-expression pass ("your opponent
controls" -> "your opponents control") where the pack parses, analyses and runs every
rule. Prints both times (best and median of the rounds) and the ratio (target <= 6x).

    .venv/bin/python bench/ygo_convert.py [--rounds N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import sys
import tempfile
import time
from importlib import resources


def plain(path_in, path_out) -> int:
    with gzip.open(path_in, "rt", encoding="utf-8") as f:
        cards = json.load(f)
    pattern = re.compile(r"\byour opponent controls\b")
    out = []
    for card in cards:
        texts = {}
        for field, key in (("text", "text"), ("pendulumEffect", "pendulum_effect")):
            value = (card.get(key) or {}).get("en")
            if value:
                texts[field] = pattern.sub("your opponents control", value)
        out.append({"id": card.get("password") or card.get("konami_id"), "texts": texts})
    with open(path_out, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)
    return len(out)


def tagtext_pack(path_in, path_out) -> int:
    from tagtext.packs import get
    pack = get("ygo-tag")
    db = pack.load_database(path_in)
    out = []
    for card in db.cards:
        texts = {}
        for field, text in card.texts.items():
            result = pack.rewrite(text, card.id, field)
            texts[field] = {"text": result.text, "edits": [e.to_json() for e in result.edits]}
        out.append({"id": card.id, "texts": texts})
    with open(path_out, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)
    return len(out)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    db = str(resources.files("tagtext.packs.ygo_tag").joinpath("data/ygo-cards.json.gz"))
    from tagtext.packs.ygo_tag.parser import _parser
    _parser()  # the grammar is compiled once per process (and cached on disk by Lark)
    times: dict[str, list[float]] = {"plain": [], "ygo-tag": []}
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.json")
        for _ in range(args.rounds):
            for name, fn in (("plain", plain), ("ygo-tag", tagtext_pack)):
                t = time.perf_counter()
                n = fn(db, out)
                times[name].append(time.perf_counter() - t)
    for name, ts in times.items():
        print(f"{name:8} {n} cards: best {min(ts):.2f} s, median {statistics.median(ts):.2f} s")
    ratio = min(times["ygo-tag"]) / min(times["plain"])
    ratio_median = statistics.median(times["ygo-tag"]) / statistics.median(times["plain"])
    print(f"ratio (best/best): {ratio:.2f}x, (median/median): {ratio_median:.2f}x  (target <= 6x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
