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
from ..syntax import nodes as n
from tagtext.syntax.edit import replace_leaves
from .counts_shared import CountRule, agree, opposing_team, scale

ID = "count-doubling"


def double_shared_counts(tree, ctx):
    """Double every count over a shared area, and every iteration over colors."""
    changes = {}
    read: set = set()
    for count in ctx.claimed(ID):
        scale(count, changes, ID)
        if count.counts == "colors":
            opposing_team(count, ctx.units_of(count), changes, ID)
        else:
            agree(count, ctx.units_of(count), changes, ID, read)
    return replace_leaves(tree, changes)


def claims(count) -> bool:
    """Objects in a shared area (battle area, security, trash), and iterations over colors
    (the manual's example doubles "for each color"); not two lists at once."""
    if count.compound:
        return False
    return count.counts == "objects" and count.area in n.SHARED_ZONES \
        or count.counts == "colors" and count.kind == "iteration"


def sees(fact) -> bool:
    """Any count of objects not in a hand (wherever they are, or when the text does not say),
    a sum over an area's objects, an iteration over colors, and what cannot be told."""
    return fact.counts in ("sum", "unknown") or fact.counts == "objects" and fact.area != "hand" \
        or fact.counts == "colors" and fact.kind == "iteration"


RULE = CountRule(
    ID, 'Counts over shared areas double',
    statement='Effects that check or iterate over the number of objects in a shared area have their requirements doubled.',
    practice='Thresholds, caps, targets and exact counts of Digimon, Tamers, security cards or trash cards double (3 or more -> 6 or more); "for each X" becomes "for every 2 X", "for every N X" becomes "for every 2N X". Counts of one card\'s digivolution cards, of what the effect itself did, DP, levels, costs and action quantities stay.',
    apply=double_shared_counts,
    trigger=may_hold_counts,
    claims=claims,
    sees=sees,
    scaling=(2, 0),
)
