"""The rules that act on counts: what each claims, and which leaves a scaled count changes.

A count rule is a :class:`CountRule`: besides its pass, it says which counts it claims
(``claims``: it rewrites them), which it can see (``sees``: counts of its kind, claimed
or not) and how it scales a threshold (``scaling``: (factor, plus), which the
discontinuity correction reads). A count is claimed by the first rule of the pipeline
that claims it; a count (or a count used as a value) no rule claims but a rule sees is
that rule's residual (:func:`claim`). Adding a count rule is one module holding its
``CountRule``, one fixture file and one ``PIPELINE`` line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..analysis.counts import Count
from ..analysis.residuals import as_residual, value_uses
from ..analysis.units import clause_span, reading, word
from ..syntax import nodes as n
from tagtext.packs.base import Rule
from tagtext.syntax.edit import Changes
from .common import match_case, plural, scaled


@dataclass(frozen=True)
class CountRule(Rule):
    """A rule that rewrites counts (see the module docstring)."""

    #: whether the rule rewrites this count (the analysis' facts: what it counts, where)
    claims: Callable[[Count], bool] = lambda count: False
    #: whether a count, or a count used as a value (a residuals.Finding), is of the
    #: rule's kind: what it sees and does not claim is its residual
    sees: Callable[[object], bool] = lambda fact: False
    #: how it scales a threshold it claims, (factor, plus); None: it does not scale numbers
    scaling: tuple[int, int] | None = None


def count_rules(pipeline) -> tuple[CountRule, ...]:
    """The pipeline's count rules, in order."""
    return tuple(rule for rule in pipeline if isinstance(rule, CountRule))


def claim(rules: tuple[CountRule, ...], counts, regions):
    """(each count's claiming rule, or None, in the order of ``counts``; the residuals:
    (start, end, rule id, reason) of each count no rule claims and a rule sees, and of each
    count used as a value a rule sees)."""
    claimers = []
    residuals = []
    for count in counts:
        claimer = _first_claiming(rules, count)
        claimers.append(claimer)
        if claimer is None:
            seer = _first_seeing(rules, count)
            if seer is not None:
                start, end, reason = as_residual(count, regions)
                residuals.append((start, end, seer.id, reason))
    for finding in value_uses(regions):
        seer = _first_seeing(rules, finding)
        if seer is not None:
            residuals.append((finding.start, finding.end, seer.id, finding.reason))
    return claimers, residuals


def _first_claiming(rules, count: Count) -> CountRule | None:
    for rule in rules:
        if rule.claims(count):
            return rule
    return None


def _first_seeing(rules, fact) -> CountRule | None:
    for rule in rules:
        if rule.sees(fact):
            return rule
    return None


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
    if count.number.value == 1 and isinstance(count.node, n.Quantity):
        # "so that it has 1 card left" -> "2 cards left": the noun agrees with the new number
        for leaf in count.node.head.leaves():
            if word(leaf) in _SINGULAR:
                changes[leaf.start] = lambda leaf: leaf.replaced(plural(leaf.text), rule)
            break


#: Counted nouns that have a plural of their own ("Digimon" is its own plural).
_SINGULAR = frozenset({"card", "tamer", "color", "option", "token", "security card"})
#: What "its" may own in a filter on the counted objects, and the plural "their" takes.
_POSSESSED = {"name": "names", "names": "names", "trait": "traits", "traits": "traits",
              "type": "types", "types": "types"}


def agree(count: Count, units, changes: Changes, rule: str, read: set | None = None) -> None:
    """Whatever agrees with a count a rule made plural agrees with the plural (RULES-NOTES,
    Wording): "for each card with [X] in its traits" -> "for every 2 cards with [X] in
    their traits"; "in its name" after a pluralised "Digimon" -> "in their names"; "with a
    different name" -> "with different names"; "For each your Digimon" (a source typo)
    -> "For every 2 of your Digimon".

    ``read``: the clauses already read for an earlier count of the same pass (the counts
    come in text order, so an earlier count of a clause has read all a later one would:
    reading the rest of the clause again for each count was quadratic)."""
    if count.kind != "iteration" or count.number is not None:
        return
    i = count.position[1]
    _, end = clause_span(units, i)
    if count.node.of is None and i + 1 < len(units) and isinstance(units[i + 1], n.PlayerRef) \
            and units[i + 1].possessive:
        changes[count.node.quantifier.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "for every 2 of"), rule)
    if read is not None:
        if (id(units), end) in read:
            return
        read.add((id(units), end))
    words = reading(units).words
    for k in range(i + 1, min(end, len(units)) - 2):
        if words[k] == "a" and words[k + 1] == "different" and words[k + 2] in _POSSESSED:
            owned = _POSSESSED[words[k + 2]]
            # "a" goes; "different" takes its place (and its space), so the edit is "a different" -> "different"
            changes[units[k].start] = lambda leaf: leaf.replaced("", rule)
            changes[units[k + 1].start] = lambda leaf: leaf.with_changes(
                prefix="", rules=leaf.rules + ((rule,) if rule not in leaf.rules else ()))
            changes[units[k + 2].start] = lambda leaf, owned=owned: leaf.replaced(owned, rule)
    for k in range(i + 1, min(end, len(units)) - 1):
        if words[k] == "its" and words[k + 1] in _POSSESSED:
            owned = _POSSESSED[words[k + 1]]
            changes[units[k].start] = lambda leaf: leaf.replaced(match_case(leaf.text, "their"), rule)
            changes[units[k + 1].start] = lambda leaf, owned=owned: leaf.replaced(match_case(leaf.text, owned), rule)


def opposing_team(count: Count, units, changes: Changes, rule: str) -> None:
    """In a count over the opponent's objects' colors, "your opponent's" -> "the opposing
    team's" (manual: "among your opponent's Digimon" -> "among the opposing team's Digimon")."""
    i = count.position[1]
    _, end = clause_span(units, i)
    k = reading(units).after(_is_opponents, i + 1)
    if k < end:
        changes[units[k].start] = lambda leaf: leaf.replaced(match_case(leaf.text, "the opposing team's"), rule)


def _is_opponents(units, k) -> bool:
    """ "your opponent's" """
    unit = units[k]
    return isinstance(unit, n.PlayerRef) and unit.player == "opponent" and unit.possessive
