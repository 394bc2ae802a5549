"""Rule: counts over shared areas double.

Manual: "Effects that check or iterate over the number of objects in a shared area have
their requirements doubled." RULES-NOTES 1-2 and 9: thresholds, caps, targets and exact
counts of Digimon, Tamers, security cards or trash cards double; "for each X" becomes
"for every 2 X" (X plural), "for every N X" becomes "for every 2N X". Iterating over
colors doubles like any iteration (manual: "For each color among your opponent's Digimon
and Tamers" -> "For every 2 colors among the opposing team's Digimon and Tamers").
"""

from __future__ import annotations

from ..analysis.counts import may_hold_counts
from tagtext.packs.base import Rule
from tagtext.syntax.edit import replace_leaves
from .counts_shared import agree, opposing_team, scale

ID = "count-doubling"


def double_shared_counts(tree, ctx):
    """Double every count over a shared area, and every iteration over colors."""
    changes = {}
    read: set = set()
    for count in ctx.counts:
        if count.scope == "shared":
            scale(count, changes, ID)
            agree(count, ctx.units_of(count), changes, ID, read)
        elif count.scope == "colors" and count.kind == "iteration":
            scale(count, changes, ID)
            opposing_team(count, ctx.units_of(count), changes, ID)
    return replace_leaves(tree, changes)


RULE = Rule(
    ID, 'Counts over shared areas double',
    statement='Effects that check or iterate over the number of objects in a shared area have their requirements doubled.',
    practice='Thresholds, caps, targets and exact counts of Digimon, Tamers, security cards or trash cards double (3 or more -> 6 or more); "for each X" becomes "for every 2 X", "for every N X" becomes "for every 2N X". Counts of one card\'s digivolution cards, of what the effect itself did, DP, levels, costs and action quantities stay.',
    apply=double_shared_counts,
    trigger=may_hold_counts,
)
