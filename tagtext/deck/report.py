"""Deck rules, the problems they find, and the report of a check."""

from __future__ import annotations

import inspect
from dataclasses import field
from typing import Callable, Iterable

from ..records import record
from .model import shorten

#: The ``schema`` of ``Report.to_json()``; a change that breaks readers gets a new version.
SCHEMA = "tagtext-deck-check/1"


@record(frozen=True)
class DeckRule:
    """One deck-building rule of a format.

    ``check(team, facts)`` yields :class:`Problem`; ``facts`` is whatever the pack passes
    (its card knowledge), opaque to the engine. The check's docstring states the rule as
    the format's manual does.
    """

    #: stable id, used in every problem ("team-restriction")
    id: str
    #: "deck": checked on each deck alone; "team": checked on the team as a whole
    scope: str
    check: Callable[..., Iterable["Problem"]]
    #: short title for people ("Team restriction")
    title: str = ""
    #: run on a one-deck check too (a banlist applies to any deck; the team copy limit
    #: only means something for two)
    alone: bool = True

    @property
    def statement(self) -> str:
        """The rule as the manual states it: the check's docstring."""
        return inspect.cleandoc(self.check.__doc__ or "")


@record(frozen=True)
class Problem:
    """One way a team breaks one rule.

    For a card: ``card``, ``name``, ``counts`` (copies in each deck), ``limit`` (what the
    rule allows). For a deck as a whole (its size): ``card`` is None, ``deck`` names it,
    ``counts`` holds its size.
    """

    rule: str
    #: what the rule allows, said for people ("the team may hold 4")
    allowed: str
    #: the rule's name for people, in parentheses after it ("team restriction")
    rule_title: str
    card: str | None = None
    name: str | None = None
    #: deck label -> count (every deck the problem concerns)
    counts: dict[str, int] = field(default_factory=dict)
    limit: int | None = None
    #: the deck a per-deck problem concerns
    deck: str | None = None
    #: other cards the problem concerns (a banned pair's other half): dicts of card,
    #: name, counts
    related: tuple[dict, ...] = ()
    #: what a per-deck problem counts ("cards", "Digi-Eggs")
    unit: str | None = None

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def to_json(self) -> dict:
        out = {
            "rule": self.rule,
            "card": self.card,
            "name": self.name,
            "counts": dict(self.counts),
            "total": self.total,
            "limit": self.limit,
        }
        if self.deck is not None:
            out["deck"] = self.deck
        if self.related:
            out["with"] = [dict(r) for r in self.related]
        out["message"] = self.message()
        return out

    def message(self) -> str:
        """``BT1-010 Agumon: 3 in A + 2 in B = 5, the team may hold 4 (team restriction)``"""
        if self.card is None:
            label = self.deck or "team"
            text = f"{label}: {counted(self.counts.get(label, self.total), self.unit or 'cards')}, {self.allowed}"
            return f"{text} ({self.rule_title})"
        subject = self.card if not self.name or _same_name(self.name, self.card) else f"{self.card} {self.name}"
        # (a card is named as its deck line gave it: a line may be as long as a file)
        text = f"{shorten(subject, SUBJECT_WIDTH)}: {count_phrase(self.counts)}, {self.allowed}"
        if self.related:
            others = ", ".join(
                shorten(f"{r['card']} {r.get('name') or ''}".rstrip(), SUBJECT_WIDTH) + f" ({count_phrase(r['counts'])})"
                for r in self.related
            )
            text += f"; with {others}"
        return f"{text} ({self.rule_title})"


#: The most characters of a card's id and name a problem's sentence shows (cut in the
#: middle, as deck lines are in messages); its JSON keeps them whole.
SUBJECT_WIDTH = 120


def counted(n: int, noun: str) -> str:
    """``1 card``, ``50 cards``, ``1 non-Digi-Egg card``: ``noun`` is given in the plural
    (a section name that is not, "Main Deck", stays as it is)."""
    return f"{n} {noun[:-1] if n == 1 and noun.endswith('s') else noun}"


def _same_name(name: str, card: str) -> bool:
    """Whether a card's name only repeats its id (a card-name list names cards by name)."""
    return " ".join(name.split()).casefold() == " ".join(card.split()).casefold()


def count_phrase(counts: dict[str, int]) -> str:
    """``3 in A + 2 in B = 5``; one deck: ``5 in A``; decks without the card left out."""
    present = {label: n for label, n in counts.items() if n}
    if not present:
        present = dict(counts)
    parts = [f"{n} in {label}" for label, n in present.items()]
    if len(parts) == 1:
        return parts[0]
    return " + ".join(parts) + f" = {sum(present.values())}"


@record(frozen=True)
class DeckSummary:
    """One deck of the report: its label, file, format and section sizes."""

    label: str
    source: str
    format: str
    #: section name -> cards ({"cards": 50, "Digi-Eggs": 5}), in display order
    sections: dict[str, int]

    def to_json(self) -> dict:
        return {"label": self.label, "source": self.source, "format": self.format,
                "sections": dict(self.sections)}


@record(frozen=True)
class BanlistInfo:
    """The banlist a check used, for people and scripts: which one, as of when, and
    whether it lists anything. An empty banlist is no pass: what it would have checked
    was not checked (:attr:`Report.not_checked`)."""

    #: what it is ("Tag Tamer banlist", "TCG Forbidden & Limited List")
    name: str
    #: the file(s) it was read from ("tag_tamer/deck/banlist.toml + our-banlist.toml")
    source: str
    #: when it was last updated, as the list says ("BT-21", "2026-04-07")
    last_updated: str
    #: how many cards (and pairs) it lists
    entries: int
    #: what it lists, for people ("0 banned, 0 restricted, 0 banned pairs")
    counts: str = ""

    @property
    def empty(self) -> bool:
        return self.entries == 0

    def describe(self) -> str:
        state = "EMPTY, it bans and restricts no card" if self.empty else self.counts
        return f"{self.name}, last updated {self.last_updated} ({self.source}): {state}"

    def to_json(self) -> dict:
        return {"name": self.name, "source": self.source, "last_updated": self.last_updated,
                "entries": self.entries, "empty": self.empty, "counts": self.counts}


@record
class Report:
    """The result of a deck check."""

    #: the pack whose rules were applied ("tag-tamer")
    pack: str
    #: the format's name for people ("Tag Tamer")
    title: str
    decks: list[DeckSummary]
    problems: list[Problem]
    #: the rule ids that ran, in order
    rules: list[str] = field(default_factory=list)
    #: where the card data and restrictions came from, for people
    sources: list[str] = field(default_factory=list)
    #: the banlist used (None: the format has none)
    banlist: BanlistInfo | None = None
    #: what could not be checked, for people ("banned and restricted cards: the format's
    #: banlist is empty"): a team is only legal as far as it was checked
    not_checked: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        """No rule found a problem (see :attr:`not_checked` for what no rule could check)."""
        return not self.problems

    @property
    def team(self) -> bool:
        return len(self.decks) > 1

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "pack": self.pack,
            "legal": self.legal,
            "decks": [d.to_json() for d in self.decks],
            "rules": list(self.rules),
            "problems": [p.to_json() for p in self.problems],
            "banlist": self.banlist.to_json() if self.banlist is not None else None,
            "not_checked": list(self.not_checked),
            "sources": list(self.sources),
        }
