"""Rule: color requirements rise by one.

Manual: "Effects that check or iterate over the number of colors in a shared area have
their requirements increased by 1." RULES-NOTES 9: a threshold on the colors of several
objects goes up by one ("your Tamers have 3 or more total colors" -> 4). Iterating over
colors doubles (count-doubling); one card's colors stay (the analysis scopes them to one
card).
"""

from __future__ import annotations

from ..analysis.counts import may_hold_counts
from tagtext.syntax.edit import replace_leaves
from .counts_shared import CountRule, opposing_team, scale

ID = "color-plus-one"


def raise_color_thresholds(tree, ctx):
    """Add one to every threshold on the colors of several objects in a shared area."""
    changes = {}
    for count in ctx.claimed(ID):
        scale(count, changes, ID, factor=1, plus=1)
        opposing_team(count, ctx.units_of(count), changes, ID)
    return replace_leaves(tree, changes)


def claims(count) -> bool:
    """A threshold or exact count of the colors of several objects."""
    return count.counts == "colors" and count.kind in ("threshold", "exact")


def sees(fact) -> bool:
    """Counts of colors (an iteration over them is count-doubling's, which comes first)."""
    return fact.counts == "colors"


RULE = CountRule(
    ID, 'Color requirements rise by one',
    statement='Effects that check or iterate over the number of colors in a shared area have their requirements increased by 1.',
    practice="A threshold on the colors of several objects goes up by one (3 or more total colors -> 4); iterating over colors doubles like any iteration. One card's colors stay.",
    apply=raise_color_thresholds,
    trigger=may_hold_counts,
    claims=claims,
    sees=sees,
    scaling=(1, 1),
)
