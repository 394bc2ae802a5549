"""Tag Commander deck checks: DTC, DTCS and DTB (``tagtext deck check --pack dm-tag-commander
--variant DTCS``).

The seed's deck rules (seed 004 「デッキルール」「禁止カード」「デュエマ・タッグ・ブロール」「DTC:ソース」,
DM-NOTES "Deck rules", checks 1-12, D-5, D-6), one function each in :mod:`.rules`; what they
compare with is data: ``format.toml`` (the variants, the zones, the format's bans),
``rarities.toml`` (the rank table), ``blocks.toml`` (sets by block, for DTB's pool) and
``banlist.toml`` (the 殿堂 / プレミアム殿堂 list, user-maintained; every report names the
list used and how old it is). Deck lists as players write them: :mod:`.formats`.

The entry points :func:`tagtext.deck.deck_rules_of` reaches:

- :func:`read_deck` ``(path, label)`` / :func:`parse_deck` ``(text, source, label)``;
- :func:`load_database` ``(path=None)``: the deck facts of a card database (the shipped
  one for None), :mod:`.cards`;
- :func:`load_banlist` ``(path=None)``: the 殿堂 list, an organiser's file laid over it;
- :func:`check_team` ``(decks, database=None, banlist=None, variant=None)``;
- :data:`RULES`, :data:`VARIANTS`, :data:`FORMATS_HELP`.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Sequence

from tagtext.deck import DeckSummary, Report, Team, run_rules

from .cards import DeckFacts
from .cards import load as load_database
from .formats import FORMAT, DmDeck, name_key, parse_deck, read_deck
from .regulation import Banlist, BanlistError, UnknownVariant, load_banlist, regulation, variants
from .regulation import variant as find_variant
from .rules import RULES, rules_of, unknown_cards

__all__ = [
    "RULES", "VARIANTS", "FORMATS_HELP", "read_deck", "parse_deck", "load_database", "load_banlist", "check_team",
    "check_files", "Banlist", "BanlistError", "UnknownVariant", "DmDeck", "name_key",
]

#: the deck files read, for ``tagtext deck check --help``
FORMATS_HELP = ("a Duel Masters deck list, one card a line ('1 《name》', '4x name', 'name x1', '《name》 1枚' "
                "or a name alone), the commander on a line '統率者: 《name》' (or under a heading 統率者)")

#: the variants ``--variant`` names (DTC by default)
VARIANTS = tuple(variants())

PACK_NAME = "dm-tag-commander"
LABELS = ("A", "B")


def check_team(decks: Sequence[DmDeck], database: DeckFacts | str | Path | None = None,
               banlist: Banlist | None = None, variant: str | None = None, *,
               today: datetime.date | None = None) -> Report:
    """Check one deck or a team of two against the deck rules of ``variant`` (DTC,
    DTCS, DTB; None: DTC). ``database``: the deck facts (:func:`load_database`) or a
    database file's path (None: the shipped database); ``banlist``: :func:`load_banlist`
    (None: the pack's ``banlist.toml``); ``today``: the day the list's age is counted to."""
    if not 1 <= len(decks) <= 2:
        raise ValueError(f"a Tag Commander team has 1 or 2 decks, not {len(decks)}")
    chosen = find_variant(variant)
    if not isinstance(database, DeckFacts):
        database = load_database(database)
    for deck in decks:
        if not isinstance(deck, DmDeck):
            raise TypeError(f"{deck.source}: not read by the dm-tag-commander pack's read_deck")
    banlist = banlist if banlist is not None else load_banlist()
    reg = regulation(database, chosen, banlist)
    team = Team(tuple(decks))
    problems, ran = run_rules(team, rules_of(chosen), reg)
    summaries = [DeckSummary(deck.label, deck.source, _format(deck), {"cards": deck.size()}) for deck in decks]
    info = banlist.info(today)
    not_checked = unknown_cards(team, reg)
    if info.empty:
        not_checked.append("プレミアム殿堂 cards and a 殿堂 commander (the 殿堂 list is empty: copy Takara Tomy's into "
                           "your own file and give it with --banlist FILE)")
    sources = [f"cards: {database.source} ({len(database)} cards)", f"variant: {chosen.name}"]
    return Report(PACK_NAME, chosen.title, summaries, problems, ran, sources, info, not_checked)


def check_files(paths: Sequence[str], database: DeckFacts | str | Path | None = None,
                banlist: Banlist | None = None, variant: str | None = None) -> Report:
    """Read one or two deck files (labelled A, B) and check them."""
    return check_team([read_deck(path, label) for path, label in zip(paths, LABELS)], database, banlist, variant)


def _format(deck: DmDeck) -> str:
    if deck.commander is None:
        return f"{FORMAT}, no commander"
    return f"{FORMAT}, commander 《{deck.commander.written}》"
