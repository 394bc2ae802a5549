"""Rule 8: Summoning to an opponent's Main Monster Zone may use any Main Monster Zone in the opponents' play areas."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, like, replace, your_opponent

RULE = "summon-to-opponents"
#: putting a card in a zone: Summoning it, and placing a card (a Field Spell, a
#: Continuous Spell) in a zone, which has the same one-zone choice
_PUT = re.compile(r"[Ss]ummon|\b[Pp]lace")
TRIGGER = re.compile(r"your opponent's")


def summon_to_opponents(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'If you would Summon a monster to an opponent's Main Monster Zone, you may
    choose to Summon it to any Main Monster Zone in your opponents' play areas.' EX1: 'I
    can Tribute 2 monsters controlled by one of my opponents and 1 monster controlled by
    my other opponent to Tribute Summon "The Winged Dragon of Ra – Sphere Mode" to any Main
    Monster Zone in either of my opponents' play areas.'

    "Special Summon ... to/on your opponent's field (side of the field, Monster Zone)" and
    "... under your opponent's control" -> "either opponent's". Placing a card in the
    opponent's zone ("place ... in your opponent's Field Zone") is the same one-zone
    choice, and reads the same."""
    changes: dict = {}
    for m in ctx.mentions():
        if not your_opponent(m) or not m.leaf.possessive or not ctx.free(m.leaf) or m.conditional:
            continue
        clause = ctx.analysis.sentences[m.sentence].clauses[m.clause]
        summoned = _PUT.search(ctx.text, clause.start, m.start) is not None
        near = any(w.startswith(("summon", "place")) for w in m.before)
        to_zone = m.area in y.FIELD_AREAS and (m.before[-1:] == ("to",) or near and m.before[-1:] in (("on",), ("in",)))
        under = m.before[-1:] == ("under",) and m.after[:1] == ("control",)
        if summoned and (to_zone or under):
            replace(changes, m.leaf, like("either opponent's", m.leaf.text), RULE, ctx)
    return replace_leaves(tree, changes)
