"""Rule 8: Summoning to an opponent's Main Monster Zone may use any Main Monster Zone in the opponents' play areas."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, like, replace, your_opponent

RULE = "summon-to-opponents"
TRIGGER = re.compile(r"your opponent's")


def summon_to_opponents(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'If you would Summon a monster to an opponent's Main Monster Zone, you may
    choose to Summon it to any Main Monster Zone in your opponents' play areas.' EX1: 'I
    can Tribute 2 monsters controlled by one of my opponents and 1 monster controlled by
    my other opponent to Tribute Summon "The Winged Dragon of Ra – Sphere Mode" to any Main
    Monster Zone in either of my opponents' play areas.'

    "Special Summon ... to/on your opponent's field (side of the field, Monster Zone)" and
    "... under your opponent's control" -> "either opponent's"."""
    changes: dict = {}
    for m in ctx.mentions():
        if not your_opponent(m) or not m.leaf.possessive or not ctx.free(m.leaf) or m.conditional:
            continue
        summoned = any(w.startswith("summon") for w in m.before)
        to_zone = m.area in y.FIELD_AREAS and m.before[-1:] in (("to",), ("on",), ("in",))
        under = m.before[-1:] == ("under",) and m.after[:1] == ("control",)
        if summoned and (to_zone or under):
            replace(changes, m.leaf, like("either opponent's", m.leaf.text), RULE, ctx)
    return replace_leaves(tree, changes)
