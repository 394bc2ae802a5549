"""Rule: memory checks read the team's average.

Manual: "Effects that check the current value of the memory gauge reference the average
of the team's memory gauges as a floating-point value" ("If your opponent has 1 or more
memory" -> "If the team's average memory is -1.0 or less"). RULES-NOTES 13: "you have N
or less memory" -> "the team's average memory is N.0 or less"; "you have N or more" ->
"N.0 or more"; "your opponent has N or less" -> "-N.0 or more"; an exact value is a check
too ("If you have 0 memory" -> "If the team's average memory is 0.0"). Memory gained,
lost, paid or set stays. Reminder text states the rule and is rewritten like the rest.

The memory gauge is one number seen from two sides: your opponent having N or more is
your side having -N or less. A check without its noun ("If they have 4 or more,") after
a memory check reads the same gauge.
"""

from __future__ import annotations

import re

from ..analysis.units import reading, word
from ..syntax import nodes as n
from ..analysis.counts import may_hold_counts
from .counts_shared import CountRule
from tagtext.syntax.edit import replace_leaves, word_leaves_in
from .common import match_case, name_antecedents, removed

ID = "memory-average"


def average_memory_checks(tree, ctx):
    """Rewrite each memory check as a check of the team's average memory."""
    changes = {}
    side_of_block: dict[int, str] = {}
    read: dict = {}  # what _name_antecedents has read already, for the next counts
    for count in ctx.claimed(ID):
        if _turn_end_condition(ctx, count):
            ctx.residual(count.node, ID, "a changed turn end condition is reached by each teammate on their own "
                                         "(RULES-NOTES 13): left as printed; it needs a special ruling")
            continue
        side = _side(count.subject, side_of_block.get(count.block))
        if side is None or count.verb is None:
            ctx.residual(count.node, ID, "a memory check without a player to read it for")
            continue
        side_of_block[count.block] = side
        value = count.number.value
        direction = count.direction
        if side == "opponent":
            value, direction = -value, {"at_least": "at_most", "at_most": "at_least"}.get(direction)
        verb = "being" if word(count.verb) == "having" else "is"
        op = {"at_least": " or more", "at_most": " or less", None: ""}[direction]  # None: an exact value
        phrase = f"the team's average memory {verb} {value:.1f}{op}"
        _replace_span(tree, count.subject.start, count.node.end, phrase, changes)
        _name_antecedents(ctx, count, side, changes, read)
    return replace_leaves(tree, changes)


def _name_antecedents(ctx, count, side: str, changes, read: dict) -> None:
    """After a check is rewritten, what pointed back at its player or gauge names it
    (RULES-NOTES 13 and Wording): "If you have 2 or less memory, set it to 3" -> "..., set
    your memory to 3" (a gauge is set per player); "While your opponent has 1 or more
    memory, they can't play ..." -> "..., your opponents can't play ..."."""
    if side == "opponent":
        name_antecedents(ctx, count, "opponent", changes, ID, read)
        return
    units = ctx.units_of(count)
    # the counts come in text order: an earlier count of the region has read the rest of it
    if ("set it", id(units)) in read:
        return
    read[("set it", id(units))] = True
    for k in range(count.position[1] + 1, len(units) - 1):
        u = units[k]
        if isinstance(u, n.Word) and word(u) == "it" and word(units[k - 1]) == "set" \
                and isinstance(units[k + 1], n.ToValue):
            changes[u.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "your memory"), ID)


def _turn_end_condition(ctx, count) -> bool:
    """"The turn end condition is the opponent having 3 or more memory": not a check of the
    gauge by an effect, but the condition each teammate reaches separately."""
    units = ctx.units_of(count)
    return reading(units).finds(_TURN_END_CONDITION, 0, count.position[1]) is not None


_TURN_END_CONDITION = re.compile("turn end condition")


def _side(subject, previous: str | None) -> str | None:
    if isinstance(subject, n.PlayerRef):
        return "you" if subject.player == "you" else "opponent" if subject.player == "opponent" else None
    if isinstance(subject, n.Pronoun):
        return previous
    return None


def _replace_span(tree, start: int, end: int, phrase: str, changes) -> None:
    """The first leaf of [start, end) becomes the phrase; the others are removed."""
    first = True
    for leaf in word_leaves_in(tree, start, end):
        if first:
            changes[leaf.start] = lambda leaf, phrase=phrase: leaf.replaced(match_case(leaf.text, phrase), ID)
            first = False
        else:
            changes[leaf.start] = lambda leaf: removed(leaf, ID)


def claims(count) -> bool:
    """A check of the memory gauge (a threshold or an exact value)."""
    return count.counts == "gauge" and count.kind in ("threshold", "exact") and count.number is not None


def sees(fact) -> bool:
    """Counts of memory: the gauge, and memory counted or used as a value."""
    return fact.counts in ("gauge", "memory")


RULE = CountRule(
    ID, "Memory checks read the team's average",
    statement="Effects that check the current value of the memory gauge reference the average of the team's memory gauges as a floating-point value.",
    practice='"you have 3 or less memory" -> "the team\'s average memory is 3.0 or less"; "your opponent has 1 or more memory" -> "the team\'s average memory is -1.0 or less". Memory gained, lost or paid stays.',
    apply=average_memory_checks,
    trigger=may_hold_counts,
    claims=claims,
    sees=sees,
)
