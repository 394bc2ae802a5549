"""Rule: counts over shared areas double.

Manual: "Effects that check or iterate over the number of objects in a shared area have
their requirements doubled." RULES-NOTES 1-2 and 9: thresholds, caps, targets and exact
counts of Digimon, Tamers, security cards or trash cards double; "for each X" becomes
"for every 2 X" (X plural), "for every N X" becomes "for every 2N X". Iterating over
colors doubles like any iteration (manual: "For each color among your opponent's Digimon
and Tamers" -> "For every 2 colors among the opposing team's Digimon and Tamers").
"""

from __future__ import annotations

from ..syntax.edit import replace_leaves
from .counts_shared import opposing_team, scale

RULE = "count-doubling"


def double_shared_counts(tree, ctx):
    """Double every count over a shared area, and every iteration over colors."""
    changes = {}
    for count in ctx.counts:
        if count.scope == "shared":
            scale(count, changes, RULE)
        elif count.scope == "colors" and count.kind == "iteration":
            scale(count, changes, RULE)
            opposing_team(count, ctx.units_of(count), changes, RULE)
    return replace_leaves(tree, changes)
