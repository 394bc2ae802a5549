"""The driver: run a pack's deck rules over a team, in order."""

from __future__ import annotations

from typing import Iterable

from .model import Team
from .report import DeckRule, Problem


def run_rules(team: Team, rules: Iterable[DeckRule], facts) -> tuple[list[Problem], list[str]]:
    """Every problem ``rules`` find in ``team``, in rule order, and the ids of the rules run.

    A ``deck`` rule runs once per deck, on a team of that deck alone; a ``team`` rule runs
    once on the whole team. With one deck, rules with ``alone=False`` (those that only
    mean something for a team: the team copy limit) are skipped.
    """
    problems: list[Problem] = []
    ran: list[str] = []
    for rule in rules:
        if rule.scope not in ("deck", "team"):
            raise ValueError(f"rule {rule.id}: scope must be 'deck' or 'team', not {rule.scope!r}")
        if len(team.decks) < 2 and not rule.alone:
            continue
        ran.append(rule.id)
        if rule.scope == "deck":
            for deck in team.decks:
                problems.extend(rule.check(Team((deck,)), facts))
        else:
            problems.extend(rule.check(team, facts))
    return problems, ran
