"""What the rules apply to but cannot rewrite mechanically, with the reason: facts, each
saying what it counts and where, so that the rule that sees such a count reports it
(``rules/counts_shared.py``: a count no rule claims but a rule can see is that rule's
residual). Nothing here names a rule.

RULES-NOTES 16: a count used as a value ("level less than or equal to the number of cards
in your security stack") stays as printed and is reported, so the maintainers know a
special ruling is needed. Also reported: counts whose area the text does not give,
sums of a property over what an area holds ("12 or more levels' total worth of Digimon"),
memory read as a value, and iterations over two lists at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..syntax import nodes as n
from .counts import Count
from .units import AnyOf, Region, clause_span, reading, word


def may_hold_residuals(low: str) -> bool:
    """Whether the lowercased text may hold a residual besides those of its counts: a
    match of TRIGGER, or a misprinted comparison ("1 of fewer"). (Comparisons with no
    number are blanked out before the counts' trigger is searched, so "as many or fewer
    security cards as this Digimon has ..." is this trigger's to find.)"""
    return TRIGGER.search(low) is not None \
        or _OF_FEWER.search(low) is not None and _MISPRINTED_COMPARISON.search(low) is not None


#: Branches that open with a literal (AnyOf: each found by the regex engine's scan for it).
TRIGGER = AnyOf(r"number\s+of\b", r"total\s+cards\b", r"opponent['’]s\s+memory",
                r"as\s+many\s+or\s+(?:more|fewer|less)\s+(?!(?:digi|e)?volution\b)")
#: "1 of fewer": opens with any digit, so searched only in a text that holds its end.
_MISPRINTED_COMPARISON = re.compile(r"\d\s+of\s+(?:fewer|more|less)\b")
_OF_FEWER = re.compile(r"of\s+(?:fewer|more|less)\b")


@dataclass(frozen=True)
class Finding:
    """Text no rule can rewrite mechanically: its span, why, and what it counts and where
    (as a count's facts say it: ``counts``, ``area``; ``kind`` "value" for a count used as
    a value), so that the rule that sees such counts reports it."""

    start: int
    end: int
    reason: str
    counts: str
    area: str | None = None
    kind: str = "value"


_SUM = ("a sum of levels, DP or costs over what a shared area holds grows with the objects there (a team has two "
        "players' Digimon); it cannot be scaled mechanically: it needs a special ruling")
_COMPOUND = ("an iteration over two lists at once (\"for each X and each Y\"): doubling one of them would change "
             "what the effect counts")


def as_residual(count: Count, regions: tuple[Region, ...]) -> tuple[int, int, str]:
    """(start, end, reason) of a count no rule can rewrite, as it is reported: a count
    whose area is not known, with its own reason; a sum, to the end of its clause; an
    iteration over two lists at once."""
    if count.counts == "sum":
        units = regions[count.position[0]].units
        _, end = clause_span(units, count.position[1])  # "12 or more levels' total worth of Digimon"
        return count.node.start, units[end - 1].end, _SUM
    known = count.counts == "colors" or count.counts == "objects" and count.area in n.SHARED_ZONES | {"hand"}
    if count.compound and known:
        return count.node.start, count.node.end, _COMPOUND
    return count.node.start, count.node.end, count.reason


def value_uses(regions: tuple[Region, ...]) -> list[Finding]:
    """Counts and memory used as values, and comparisons that cannot be kept, in every region."""
    found: list[Finding] = []
    for region in regions:
        units = region.units
        words = reading(units).words
        for i, unit in enumerate(units):
            use = _value_count(units, i) if isinstance(unit, _VALUE_UNITS) else None
            if use:
                found.append(Finding(unit.start, _phrase_end(units, i), use[2], use[0], use[1]))
            unequal = _shared_against_one_card(units, i) if words[i] == "as" else None
            if unequal:
                found.append(Finding(unit.start, unequal[0], unequal[3], unequal[1], unequal[2]))
    return found


#: the units a count or memory used as a value can start with (_value_count)
_VALUE_UNITS = (n.PlayerRef, n.Quantity, n.Word)
_CARDS_DONE = re.compile(r"\bcards (?:added|trashed|returned|placed|revealed|deleted)\b")


def _value_count(units, i):
    """(counts, area, reason) when unit ``i`` starts a count or memory used as a value."""
    unit = units[i]
    if not isinstance(unit, (n.PlayerRef, n.Quantity, n.Word)):
        return None
    if isinstance(unit, n.PlayerRef):
        return _memory_value(units, i)
    if isinstance(unit, n.Quantity):
        return _garbled(units, i)
    w = word(unit)
    if not isinstance(unit, n.Word) or not (w.endswith("number") or w == "total"):
        return None
    w = "number" if w.endswith("number") else w  # "thenumber": a source typo (note 16)
    nxt = " ".join(word(u) for u in units[i + 1:i + 3])
    if w == "number" and nxt.startswith("of") or w == "total" and nxt.startswith("cards in"):
        if i > 0 and (isinstance(units[i - 1], (n.Comparison, n.Quantity, n.Iteration)) or word(units[i - 1]) == "any"):
            return None  # "6 or fewer total cards in ...", "for every 5 total cards", "any number of"
        start, end = clause_span(units, i)
        r = reading(units)
        if r.finds(_BOTH_SIDES, start, end):
            return None  # a comparison between the two sides: both scale alike (note 7)
        if r.after(_is_compared_amount, i + 1) < end:
            return None  # "the number of cards in X is 10 or more": a threshold, rewritten
        if r.finds(_CARDS_DONE, i + 1, end):
            return None  # what the effect did
        for u in units[i + 1:i + 8]:
            if isinstance(u, n.Zone) and u.zone in n.SHARED_ZONES | {"hand"}:
                return "objects", u.zone, ("a count used as a value (\"the number of cards in ...\"): it cannot be "
                                           "doubled mechanically; it needs a special ruling")
    return None


def _is_compared_amount(units, k) -> bool:
    return isinstance(units[k], (n.Comparison, n.Quantity, n.ToValue))


#: A count compared with the other side's ("less than or equal to your opponent's", "as
#: many as the number of your security cards"): both sides scale alike (RULES-NOTES 7).
_BOTH_SIDES = re.compile(r"\b(?:less|more|fewer|greater) than(?: or equal to)? (?:your opponent's|yours|theirs)\b"
                         r"|\bas many as the number of\b")


def _shared_against_one_card(units, i):
    """(end, counts, area, reason) when unit ``i`` starts a comparison with no number of a count over
    a shared area or a hand with one card's count: "as many or fewer security cards as this
    Digimon has face-down digivolution cards" (RULES-NOTES 16). One side would double and
    the other not, so the comparison cannot be kept mechanically. Comparisons of two
    sides' counts (note 7) and of two cards' counts ("Digimon with as many or fewer
    digivolution cards as this Digimon") are not residuals."""
    if word(units[i]) != "as" or [word(u) for u in units[i + 1:i + 3]] != ["many", "or"] \
            or i + 3 >= len(units) or word(units[i + 3]) not in ("more", "fewer", "less"):
        return None
    _, end = clause_span(units, i)
    second = next((k for k in range(i + 4, end) if word(units[k]) == "as"), None)
    if second is None:
        return None
    counted = units[i + 4:second]
    areas = [u.zone for u in counted if isinstance(u, n.Zone)]
    shared = [z for z in areas if z in n.SHARED_ZONES | {"hand"}]
    if not shared and not any(word(u) in ("digimon", "tamers") for u in counted) or "digivolution_cards" in areas:
        return None
    if not _one_cards_count(reading(units), second + 1, end):
        return None
    return units[end - 1].end, "objects", shared[0] if shared else None, ("a count over a shared area compared with one card's count (\"as many or "
                                      "fewer security cards as this Digimon has face-down digivolution cards\"): "
                                      "one side doubles and the other does not; it needs a special ruling")


#: What one card has: "this Digimon has ... digivolution cards", "that Digimon's link cards":
#: "this", "that" or "its" first, then its digivolution or link cards before any "you" or
#: "your" (read as _one_cards_count does: the words between may be any number).
_ONE_CARD = re.compile(r"(?:this|that|its)\b(?:(?! you\b| your\b).)*\b(?:(?:digi|e)?volution|link) cards?\b")
_ONE_CARD_OWNER = re.compile(r"(?:this|that|its)\b")
_STACK_CARDS = re.compile(r"\b(?:(?:digi|e)?volution|link) cards?\b")
_YOU = re.compile(r" you\b| your\b")


def _one_cards_count(r, lo: int, hi: int) -> bool:
    """Whether the words of units[lo:hi] are what one card has (``_ONE_CARD.match`` of
    them), read from the region's matches of its parts: "this", "that" or "its" first, then
    the first "digivolution cards" (or link cards) after it, which must come before any
    "you"/"your" after it. (Matching the words after each comparison, which may be a whole
    clause, again for each one was quadratic.)"""
    start, end = r.span(lo, hi)
    owner = _ONE_CARD_OWNER.match(r.text, start, end)
    if owner is None:
        return False
    cards = r.first_at(_STACK_CARDS, owner.end())
    if cards is None or cards.end() > end:
        return False
    you = r.first_at(_YOU, owner.end())
    return you is None or cards.start() < you.start()


def _garbled(units, i):
    """"If you have 1 of fewer security cards" (a source typo for "1 or fewer"): what it
    compares cannot be read with certainty, so it is left as printed (RULES-NOTES 16)."""
    unit = units[i]
    if not (isinstance(unit.amount, n.Number) and word(unit.head) == "of"):
        return None
    if i + 1 < len(units) and word(units[i + 1]) in ("fewer", "more", "less"):
        return "unknown", None, ("a comparison the source misprints (\"1 of fewer\"): left as printed; "
                                  "the maintainers decide what it says, with a special ruling")
    return None


def _memory_value(units, i):
    if units[i].player == "opponent" and units[i].possessive:
        if i + 1 < len(units) and isinstance(units[i + 1], n.Unit) and word(units[i + 1]) == "memory" \
                and not (i + 2 < len(units) and isinstance(units[i + 2], n.ToValue)):  # "set ... memory to 3"
            return "memory", None, ("the opponent's memory used as a value: the team's average "
                                      "cannot stand in for it mechanically")
    return None


def _phrase_end(units, i) -> int:
    end = units[i].end
    for u in units[i + 1:i + 8]:
        if isinstance(u, n.Punct):
            break
        end = u.end
        if isinstance(u, n.Zone) or (isinstance(u, n.Unit) and word(u) == "memory"):
            break
    return end
