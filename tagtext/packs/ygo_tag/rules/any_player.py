"""Rule 3: "either" player becomes "any" player, "neither" player becomes "no" player."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from ..analysis import either_side
from .common import Context, like, replace, rule_of

ID = "any-player"
TRIGGER = re.compile(r"either player|either gy|either graveyard|either field|either turn|either draw phase|"
                     r"either standby phase|either main phase|either battle phase|either end phase")
#: an area no owner is written for, after "either" ("in either GY"): either player's
_EITHER_AREAS = frozenset({"gy", "field"})
#: a turn or phase no owner is written for, after "either" ("outside of either Draw
#: Phase", "During either turn"): either player's
_EITHER_TURNS = re.compile(r"(?i)\beither(?=\s+(?:turn\b|(?:draw|standby|main|battle|end)\s+phase\b))")


def any_player(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: '"Either" player becomes "any" player and "neither" player becomes "no"
    player.' EX1: '"Rebellion" can be activated during any player's Battle Phase.' EX2:
    'While "Vanity's Fiend" is on the field, no player can Special Summon.'

    "either player('s)" -> "any player('s)", "neither player" -> "no player", in the case
    written ("Neither player can ..." -> "No player can ..."). "either GY" and "either
    field" are either player's: "any GY", "any field" (PSCT's own "in any GY"), where cards
    are taken from or targeted ("by sending the above cards from any field to the GY"); a
    Summon "to either field" goes to your field or either opponent's (rule 8), never to a
    teammate's. "either Draw Phase", "either turn" (either player's) -> "any Draw Phase",
    "any turn"."""
    changes: dict = {}
    for m in ctx.mentions():
        leaf = m.leaf
        if not isinstance(leaf, y.PlayerRef) or leaf.player not in ("either", "neither") or not ctx.free(leaf):
            continue
        word = "any" if leaf.player == "either" else "no"
        rest = leaf.text.split(None, 1)[1]
        replace(changes, leaf, like(f"{word} {rest}", leaf.text), ID, ctx)
    # a Summon "to either field" is rule 8's: your field or either opponent's
    destinations = {area.start for _, area, to in either_side(tree, ctx.analysis) if to}
    previous = None
    for leaf in tree.leaves():
        if (isinstance(leaf, y.AreaWord) and leaf.area in _EITHER_AREAS and isinstance(previous, (y.Words, y.Word))
                and "side" not in leaf.text.lower() and leaf.start not in destinations):
            last = previous.split()[-1] if isinstance(previous, y.Words) else previous
            if last.text.lower() == "either" and ctx.free(last):
                replace(changes, last, like("any", last.text), ID, ctx)
        previous = leaf
        if isinstance(leaf, y.Words) and "either" in leaf.text.lower():
            for unit in leaf.split():
                rest = ctx.text[unit.start:unit.start + 30]
                if unit.text.lower() == "either" and _EITHER_TURNS.match(rest) and ctx.free(unit):
                    replace(changes, unit, like("any", unit.text), ID, ctx)
    return replace_leaves(tree, changes)


RULE = rule_of(
    ID, any_player, '"Either" player becomes "any" player, "neither" becomes "no" (rule 3)',
    TRIGGER,
    ("During either player's Battle Phase:", "During any player's Battle Phase:"),
)
