"""Rule 3: "either" player becomes "any" player, "neither" player becomes "no" player."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, like, replace

RULE = "any-player"
TRIGGER = re.compile(r"either player")


def any_player(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: '"Either" player becomes "any" player and "neither" player becomes "no"
    player.' EX1: '"Rebellion" can be activated during any player's Battle Phase.' EX2:
    'While "Vanity's Fiend" is on the field, no player can Special Summon.'

    "either player('s)" -> "any player('s)", "neither player" -> "no player", in the case
    written ("Neither player can ..." -> "No player can ...")."""
    changes: dict = {}
    for m in ctx.mentions():
        leaf = m.leaf
        if not isinstance(leaf, y.PlayerRef) or leaf.player not in ("either", "neither") or not ctx.free(leaf):
            continue
        word = "any" if leaf.player == "either" else "no"
        rest = leaf.text.split(None, 1)[1]
        replace(changes, leaf, like(f"{word} {rest}", leaf.text), RULE, ctx)
    return replace_leaves(tree, changes)
