"""Rule: color requirements rise by one.

Manual: "Effects that check or iterate over the number of colors in a shared area have
their requirements increased by 1." RULES-NOTES 9: a threshold on the colors of several
objects goes up by one ("your Tamers have 3 or more total colors" -> 4). Iterating over
colors doubles (count-doubling); one card's colors stay (the analysis scopes them to one
card).
"""

from __future__ import annotations

from ..syntax.edit import replace_leaves
from .counts_shared import opposing_team, scale

RULE = "color-plus-one"


def raise_color_thresholds(tree, ctx):
    """Add one to every threshold on the colors of several objects in a shared area."""
    changes = {}
    for count in ctx.counts:
        if count.scope == "colors" and count.kind in ("threshold", "exact"):
            scale(count, changes, RULE, factor=1, plus=1)
            opposing_team(count, ctx.units_of(count), changes, RULE)
    return replace_leaves(tree, changes)
