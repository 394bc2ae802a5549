"""Coverage of the ygo-tag grammar over the shipped YGO database: parse errors, exact
round-trips, and the share of player references ("you", "your opponent", "either
player", "each player", "both players", ...) that typed nodes hold.

    .venv/bin/python bench/ygo_coverage.py [DB]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys

from tagtext.packs import get
from tagtext.packs.ygo_tag import analysis

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("db", nargs="?", help="a Yu-Gi-Oh! card database (default: the one the pack ships)")
args = parser.parse_args()
pack = get("ygo-tag")
db = pack.load_database(args.db)
texts = errors = exact = total = hit = 0
missed: collections.Counter = collections.Counter()
they_total = they_player = 0
for card, field, text in db.texts():
    texts += 1
    try:
        tree = pack.parse(text)
    except Exception as e:  # noqa: BLE001 - counted and shown
        errors += 1
        print(f"{card.id}:{field}: {e}", file=sys.stderr)
        continue
    exact += tree.to_source() == text
    t, h = analysis.player_coverage(text, tree)
    total += t
    hit += h
    if h < t:
        for m in analysis.PLAYER_PHRASE.finditer(text):
            missed[m.group().lower()] += 1
    facts = analysis.analyse(tree)
    they_player += sum(1 for m in facts.mentions if m.player == "pronoun")
print(f"texts: {texts} ({len(db.cards)} cards)")
print(f"parse errors: {errors}")
print(f"exact round-trips: {exact}/{texts - errors}")
print(f"player references attributed to typed nodes: {hit}/{total} = {100 * hit / max(total, 1):.3f}%")
print(f"pronouns (they/their/them) read as a player: {they_player}")
if missed:
    print("texts with an unattributed phrase, by phrase:", missed.most_common(10))
