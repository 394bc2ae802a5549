"""Special rulings (seed 001's exception groups), read from ``rulings.toml``, and applied.

A ruling protects the effect it names from every rule (found by its printed text in the
card's text), then keeps it with a sentence appended or replaces phrases inside it. A
ruling whose effect is not in the card's text is *stale*: it is reported as a warning
and not applied, never skipped silently.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources

from ...syntax.edit import replace_leaves
from . import nodes as y

RULE = "special-ruling"


@dataclass(frozen=True)
class CardRuling:
    ruling: str
    group: int
    reason: str
    mode: str
    name: str
    ids: tuple[str, ...]
    effect: str
    append: str = ""
    replace: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Match:
    ruling: CardRuling
    start: int
    end: int


@functools.lru_cache(maxsize=1)
def table() -> dict[str, CardRuling]:
    """Card id -> its ruling."""
    data = tomllib.loads(resources.files(__package__).joinpath("rulings.toml").read_text(encoding="utf-8"))
    out: dict[str, CardRuling] = {}
    for ruling in data["ruling"]:
        for card in ruling["card"]:
            entry = CardRuling(ruling["id"], ruling["group"], ruling["reason"].strip(), ruling["mode"],
                               card["name"], tuple(card["ids"]), card["effect"], ruling.get("append", ""),
                               tuple(tuple(pair) for pair in card.get("replace", ())))
            for card_id in entry.ids:
                out[card_id] = entry
    return out


def find(text: str, card_id: str | None) -> tuple[list[Match], list[str]]:
    """The ruling for ``card_id`` found in ``text``, and warnings (stale rulings)."""
    if card_id is None:
        return [], []
    ruling = table().get(str(card_id))
    if ruling is None:
        return [], []
    at = text.find(ruling.effect)
    if at < 0:
        return [], [f"stale special ruling {ruling.ruling} for {ruling.name} ({card_id}): "
                    "its effect is not in the card's text; not applied"]
    return [Match(ruling, at, at + len(ruling.effect))], []


def apply(tree: y.CardText, ctx) -> y.CardText:
    """Apply the rulings found for this text (``ctx.rulings``): after every rule has run.

    Seed 001, exception groups 1 and 2 (see rulings.toml)."""
    changes: dict = {}
    for match in getattr(ctx, "rulings", ()):
        ruling = match.ruling
        leaves = [leaf for leaf in _word_leaves(tree) if match.start <= leaf.start < match.end]
        if ruling.mode == "keep" and ruling.append and leaves:
            last = leaves[-1]
            changes[last.start] = lambda cur, a=ruling.append: cur.replaced(cur.text + a, RULE)
        elif ruling.mode == "replace":
            for before, after in ruling.replace:
                at = ctx.text.find(before, match.start, match.end)
                if at < 0:
                    continue
                run = [leaf for leaf in leaves if at <= leaf.start < at + len(before)]
                if not run:
                    continue
                # the first leaf takes the new words; the others of the phrase are emptied
                lead = after[: len(after) - len(after.lstrip())]
                changes[run[0].start] = lambda cur, t=after: cur.replaced(t, RULE)
                for leaf in run[1:]:
                    changes[leaf.start] = lambda cur: _emptied(cur)
    return replace_leaves(tree, changes)


def _emptied(leaf: y.Leaf) -> y.Leaf:
    import dataclasses
    rules = leaf.rules if RULE in leaf.rules else leaf.rules + (RULE,)
    return dataclasses.replace(leaf, prefix="", text="", rules=rules)


def _word_leaves(tree):
    from ...syntax.edit import word_leaves
    return list(word_leaves(tree))
