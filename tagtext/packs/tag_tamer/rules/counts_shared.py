"""Helpers for the rules that scale counts: which leaves a scaled count changes."""

from __future__ import annotations

from ..analysis.counts import Count
from ..analysis.units import clause_span
from ..syntax import nodes as n
from tagtext.syntax.edit import Changes
from .common import match_case, plural, scaled


def scale(count: Count, changes: Changes, rule: str, factor: int = 2, plus: int = 0) -> None:
    """Scale a count: its number (times factor, plus plus), or "for each X" -> "for every 2 Xs"."""
    if count.kind == "iteration" and count.number is None:
        # "for each X" and "for every X" (no number) -> "for every 2 Xs"
        quantifier = count.node.quantifier
        changes[quantifier.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "for every 2"), rule)
        for noun in count.head_nouns:
            changes[noun.start] = lambda leaf: leaf.replaced(plural(leaf.text), rule)
        return
    if count.number is None:
        return
    changes[count.number.start] = lambda leaf: leaf.replaced(scaled(leaf, factor, plus), rule)


def opposing_team(count: Count, units, changes: Changes, rule: str) -> None:
    """In a count over the opponent's objects' colors, "your opponent's" -> "the opposing
    team's" (manual: "among your opponent's Digimon" -> "among the opposing team's Digimon")."""
    i = count.position[1]
    _, end = clause_span(units, i)
    for unit in units[i + 1:end]:
        if isinstance(unit, n.PlayerRef) and unit.player == "opponent" and unit.possessive:
            changes[unit.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "the opposing team's"), rule)
            return
