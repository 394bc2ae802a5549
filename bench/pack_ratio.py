"""A pack's whole-database conversion against a plain script, measured in the same run.

    .venv/bin/python bench/pack_ratio.py [--pack tag-tamer|ygo-tag|all] [--rounds N]

The plain script is what any converter must at least do: read the pack's shipped database
(gzipped JSON), make one regular-expression pass over every text, and dump JSON to a file.
The pack's side is `tagtext convert`'s work in process: load the database with the pack's
loader, rewrite every text (parse, analyse, every rule, special rulings) and write the
conversion (schema tagtext-convert/1). Each side runs --rounds times, alternating, in one
process; the ratio is of the best rounds.

The target (at most 6x, issue 8) is against the plain script as the issue words it: load
the JSON, one regex pass over its strings, dump the JSON. A leaner script that knows the
schema and touches only the text fields tagtext converts is also timed, and its ratio
printed, so that the figure is never read as more than it is.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import json
import re
import statistics
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

TARGET_RATIO = 6.0
_PLAIN = re.compile(r"\byour opponent\b")


def _texts(value):
    """Every string in a card record (any shape: the plain script knows no fields)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _texts(v)


def plain(db_path: Path, out: Path) -> int:
    with gzip.open(db_path, "rt", encoding="utf-8") as f:
        cards = json.load(f)
    result = [[_PLAIN.sub("1 of your opponents", t) for t in _texts(card)] for card in cards]
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False)
    return len(cards)


def _text_values(name: str):
    """card entry -> its texts, for the leaner plain script: where each pack's texts are in
    its shipped database's entries."""
    if name == "tag-tamer":
        from tagtext.packs.tag_tamer.carddb import TEXT_FIELDS  # the app's keys
        return lambda card: [card.get(k) for k in TEXT_FIELDS]
    if name == "ygo-tag":  # the pendulum effect is its own text, as the pack reads it
        return lambda card: [(card.get(k) or {}).get("en") for k in ("text", "pendulum_effect")]
    raise SystemExit(f"no text fields known for pack {name!r}")


def plain_text_fields(name: str, db_path: Path, out: Path) -> int:
    """The leaner plain script: only the text fields, one regex pass, the texts dumped."""
    texts_of = _text_values(name)
    with gzip.open(db_path, "rt", encoding="utf-8") as f:
        cards = json.load(f)
    result = [[_PLAIN.sub("1 of your opponents", t) for t in texts_of(card) if isinstance(t, str)] for card in cards]
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False)
    return len(cards)


def pack_side(pack, out: Path) -> int:
    from tagtext.batch import convert_database
    from tagtext.convert import write
    batch = convert_database(pack.load_database(None), pack=pack)
    with open(out, "w", encoding="utf-8") as f:
        write(batch, f, "json")
    return len(batch.cards)


def shipped_path(pack) -> Path:
    module = sys.modules[type(pack).__module__]
    data = resources.files(module.__name__).joinpath("data")
    return Path(str(next(p for p in data.iterdir() if p.name.endswith(".json.gz"))))


def measure(name: str, rounds: int) -> float:
    from tagtext import packs
    pack = packs.get(name)
    db_path = shipped_path(pack)
    pack_side(pack, Path(tempfile.mktemp()))  # warm: grammar compiled, modules imported
    times = {"plain": [], "lean": [], "pack": []}
    sides = (("plain", lambda p: plain(db_path, p)), ("lean", lambda p: plain_text_fields(name, db_path, p)),
             ("pack", lambda p: pack_side(pack, p)))
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(rounds):
            for side, run in sides:
                gc.collect()
                t = time.perf_counter()
                run(Path(tmp) / f"{side}.json")
                times[side].append(time.perf_counter() - t)
    best = {side: min(ts) for side, ts in times.items()}
    median = {side: statistics.median(ts) for side, ts in times.items()}
    ratio = best["pack"] / best["plain"]
    print(f"{name}: plain script best {best['plain']:.3f} s (median {median['plain']:.3f}); "
          f"tagtext best {best['pack']:.3f} s (median {median['pack']:.3f}); "
          f"ratio {ratio:.1f}x (target <= {TARGET_RATIO:.0f}x) {'ok' if ratio <= TARGET_RATIO else 'MISSED'}")
    print(f"{' ' * len(name)}  text fields only: plain best {best['lean']:.3f} s (median {median['lean']:.3f}); "
          f"ratio {best['pack'] / best['lean']:.1f}x")
    return ratio


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="all", help="a pack name, or all (default)")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    from tagtext import packs
    names = packs.names() if args.pack == "all" else (args.pack,)
    for name in names:
        measure(name, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
