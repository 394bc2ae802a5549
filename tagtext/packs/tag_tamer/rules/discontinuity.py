"""Rule: discontinuity correction.

Manual: "If an effect has two consecutive conditionals that are logical complements
before doubling (for instance, n ≥ 3 and n ≤ 2), but the doubling process creates a gap
(in this case, n ≥ 6 and n ≤ 4), the second conditional is adjusted by 1 to close the gap
(in this case n ≤ 5)." RULES-NOTES 14: 3 or more / 2 or fewer -> 6 or more / 5 or fewer;
1 or fewer / 2 or more Digimon -> 2 or fewer / 3 or more. Overlapping pairs (3 or more,
then 3 or fewer) are not complements and are left alone.

Two conditions are consecutive when they are thresholds of the same effect on the same
measure (the same area, owner and noun, or an elliptical "If you have 2 or fewer," that
continues the first) with no other threshold on that measure between them.
"""

from __future__ import annotations

from ..analysis.counts import may_hold_counts
from tagtext.packs.base import Rule
from tagtext.syntax.edit import replace_leaves

ID = "discontinuity-correction"

def close_gaps(tree, ctx):
    """Move the second of two complementary conditions so doubling leaves no gap."""
    changes = {}
    previous = {}
    for count in ctx.counts:
        if count.kind != "threshold" or count.number is None or ctx.scaling(count) is None:
            continue
        key = (count.block, ctx.claimer(count).id, count.measure)
        first = previous.get(key)
        previous[key] = count
        if first is None or first.number.value is None or count.number.value is None:
            continue
        new = _corrected(first, count, ctx.scaling(first))
        if new is not None:
            changes[count.number.start] = lambda leaf, new=new: leaf.replaced(str(new), ID)
    return replace_leaves(tree, changes)


def _corrected(first, second, scaling: tuple[int, int]) -> int | None:
    """The second threshold's new value, or None if the pair needs no correction. Both are
    scaled as the rule that claims them scales (``scaling``: (factor, plus))."""
    a, b = first.number.value, second.number.value
    factor, plus = scaling
    scaled_a, scaled_b = a * factor + plus, b * factor + plus
    if first.direction == "at_least" and second.direction == "at_most" and b == a - 1:
        if scaled_b < scaled_a - 1:
            return scaled_a - 1
    if first.direction == "at_most" and second.direction == "at_least" and b == a + 1:
        if scaled_b > scaled_a + 1:
            return scaled_a + 1
    return None


RULE = Rule(
    ID, 'Discontinuity correction',
    statement='If an effect has two consecutive conditionals that are logical complements before doubling, but the doubling process creates a gap, the second conditional is adjusted by 1 to close the gap.',
    practice='"3 or more ... 2 or fewer" becomes "6 or more ... 5 or fewer", not "... 4 or fewer".',
    apply=close_gaps,
    trigger=may_hold_counts,
)
