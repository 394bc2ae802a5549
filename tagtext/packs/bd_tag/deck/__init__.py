"""Build Divide tag-battle deck checks (``tagtext deck check --pack bd-tag [--two-limit]``).

The seed's deck rules (401, 402) and BD-NOTES' checklist, one function each in
:mod:`.rules`; what they compare with is data: ``territories.toml`` (a territory whose text
changes the copy limit) and ``banlist.toml`` (the organiser's restricted and banned list,
shipped empty; every report names the list used). Card facts (type, ace, Buster, Shot, a
territory's unopened side) come from a card table the user supplies (``--db``; the shipped
example list by default): :mod:`.cards`. Deck lists as players write them: :mod:`.formats`.

Teammates' decks may differ in size (401-2): no rule compares them.

The entry points :func:`tagtext.deck.deck_rules_of` reaches: :func:`read_deck`,
:func:`parse_deck`, :func:`load_database`, :func:`load_banlist`, :func:`check_team`,
:data:`RULES`, :data:`VARIANTS` (``standard``, ``two-limit``), :data:`FORMATS_HELP`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tagtext.deck import DeckSummary, Report, Team, run_rules
from tagtext.errors import TagTextError

from .cards import DeckFacts
from .cards import load as load_database
from .formats import BdDeck, name_key, parse_deck, read_deck
from .regulation import Banlist, BanlistError, load_banlist
from .rules import RULES, Regulation

__all__ = [
    "RULES", "VARIANTS", "FORMATS_HELP", "read_deck", "parse_deck", "load_database", "load_banlist", "check_team",
    "Banlist", "BanlistError", "BdDeck", "name_key",
]

#: the deck files read, for ``tagtext deck check --help``
FORMATS_HELP = ("a Build Divide deck list, one card a line ('4 NAME', '4x NAME', 'NAME x4', 'NAME 4枚'), "
                "headings メインデッキ / Dデッキ, and lines 'テリトリー: NAME' and (Two-Limit) 'エース: NAME'")

#: the variants ``--variant`` names: the standard rules (default), or with Two-Limit
#: (402-1a, an option both teams agree on or an event sets)
VARIANTS = ("standard", "two-limit")

PACK_NAME = "bd-tag"
TITLE = "ビルディバイド タッグ戦"
LABELS = ("A", "B")


class UnknownVariant(TagTextError):
    """A variant the deck rules do not have: one line naming those they have."""


def check_team(decks: Sequence[BdDeck], database: DeckFacts | str | Path | None = None,
               banlist: Banlist | None = None, variant: str | None = None) -> Report:
    """Check one deck or a team of two. ``database``: the deck facts (:func:`load_database`)
    or a card table's path (None: the shipped example list); ``banlist``: :func:`load_banlist`
    (None: the pack's, empty); ``variant``: "standard" (None) or "two-limit"."""
    if not 1 <= len(decks) <= 2:
        raise ValueError(f"a Build Divide team has 1 or 2 decks, not {len(decks)}")
    if variant not in (None, *VARIANTS):
        raise UnknownVariant(f"unknown variant {variant!r} of the Build Divide tag battle; variants: {', '.join(VARIANTS)}")
    if not isinstance(database, DeckFacts):
        database = load_database(database)
    for deck in decks:
        if not isinstance(deck, BdDeck):
            raise TypeError(f"{deck.source}: not read by the bd-tag pack's read_deck")
    banlist = banlist if banlist is not None else load_banlist()
    two_limit = variant == "two-limit"
    problems, ran = run_rules(Team(tuple(decks)), RULES, Regulation(database, two_limit, banlist))
    if not two_limit:
        ran = [r for r in ran if r not in ("chosen-ace", "aces-differ")]
    summaries = [DeckSummary(d.label, d.source, _format(d), {"main deck": d.main_size(), "D deck": d.d_size()})
                 for d in decks]
    info = banlist.info()
    not_checked = []
    if info.empty:
        not_checked.append("restricted and banned cards (the list is empty: give the official one with --banlist FILE)")
    sources = [f"cards: {database.source} ({len(database)} names)", f"variant: {variant or 'standard'}"]
    return Report(PACK_NAME, TITLE + (" (Two-Limit)" if two_limit else ""), summaries, problems, ran, sources, info,
                  not_checked)


def _format(deck: BdDeck) -> str:
    parts = ["Build Divide deck list"]
    if deck.territory is not None:
        parts.append(f"territory 《{deck.territory.written}》")
    if deck.ace is not None:
        parts.append(f"ace 《{deck.ace.written}》")
    return ", ".join(parts)
