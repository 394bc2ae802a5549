"""Tag Tamer deck checks: the format's deck rules, over the deck lists players already have.

The manual: "Like in the standard format, decks consist of up to 5 digitama cards and
exactly 50 non-digitama cards, with a cap of 4 copies per card except where explicitly
stated otherwise. However, in Tag Tamer, the "team restriction" also applies: Card limits
are applied to the team as a whole as if they are playing a single 100-card deck.
(50-copies cards are treated as being ∞-copies for the sake of the team restriction.)"

The pack's deck entry points (``tagtext deck check`` reaches them through
:func:`tagtext.deck.deck_rules_of`):

- :func:`read_deck` ``(path, label)``: one deck file, in the app's text export, its
  Tabletop Simulator export or Untap's format (:mod:`.formats`);
- :func:`check_team` ``(decks, database=None, banlist=None)``: a :class:`tagtext.deck.Report`,
  naming the banlist used and what was not checked (an empty banlist checks nothing);
- :data:`RULES`: the rules, one function each (:mod:`.rules`);
- :func:`load_banlist` ``(path=None)``: the format's banlist, ``banlist.toml`` (data), with
  a maintainer's own file laid over it per card (``tagtext deck check --banlist FILE``).

One deck alone is checked by the per-deck rules and the banlist; the team restriction
needs two decks.
"""

from __future__ import annotations

from typing import Sequence

from tagtext import carddb
from .. import carddb as digimon_cards
from tagtext.deck import Deck, DeckSummary, Report, Team, run_rules
from tagtext.deck.render import render_text

from .banlist import Banlist, BanlistError
from .banlist import load as load_banlist
from .cards import CardFacts
from .formats import normalise_id, parse_deck, read_deck
from .rules import RULES

__all__ = [
    "RULES", "read_deck", "parse_deck", "normalise_id", "check_team", "check_files",
    "load_banlist", "Banlist", "BanlistError", "CardFacts", "render_text",
]

#: the deck files read, for ``tagtext deck check --help``
FORMATS_HELP = ("the Digimon Card App's text export (ID NAME COUNT, or COUNT [NAME] ID lines), lists as deck "
                "sites give them (DigimonMeta's '4 (BT22-002)', '4x Agumon (BT1-010)', 'Agumon BT1-010 x4'), its "
                "Tabletop Simulator export (a JSON array of ids, one per copy) or Untap's COUNT NAME [DCG] (ID) lines")

PACK_NAME = "tag-tamer"
TITLE = "Tag Tamer"
LABELS = ("A", "B")


def check_team(decks: Sequence[Deck], database: carddb.Database | None = None,
               banlist: Banlist | None = None) -> Report:
    """Check one deck or a team of two against the Tag Tamer deck rules.

    ``database``: the card database (None: the shipped one); ``banlist``: the format's
    banlist (None: the shipped ``banlist.toml``).
    """
    if not 1 <= len(decks) <= 2:
        raise ValueError(f"a Tag Tamer team has 1 or 2 decks, not {len(decks)}")
    database = database if database is not None else digimon_cards.load()
    banlist = banlist if banlist is not None else load_banlist()
    facts = CardFacts(database, banlist)
    team = Team(tuple(decks))
    problems, ran = run_rules(team, RULES, facts)
    summaries = []
    for deck in decks:
        counts = deck.counts()
        eggs = sum(n for card, n in counts.items() if facts.is_egg(card))
        summaries.append(DeckSummary(deck.label, deck.source, deck.format,
                                     {"cards": sum(counts.values()) - eggs, "Digi-Eggs": eggs}))
    sources = [f"cards: {database.source} ({len(database.cards)} cards)", f"banlist: {banlist.describe()}"]
    info = banlist.info()
    not_checked = []
    if info.empty:
        not_checked.append("the format's own banned and restricted cards and banned pairs (its banlist is empty)")
    if not banlist.database_column:
        sources.append("restrictions: the card database's are not read (banlist.toml [database])")
    elif facts.has_database_restrictions():
        sources.append(f"restrictions: the card database's {banlist.database_column!r} column")
    else:
        sources.append("restrictions: the card database has none (no \"restrictions\" field)")
        not_checked.append("the official banned and restricted cards (the card database has no \"restrictions\" "
                           "field; the Digimon Card App's full DigimonCards.json has them)")
    return Report(PACK_NAME, TITLE, summaries, problems, ran, sources, info, not_checked)


def check_files(paths: Sequence[str], database: carddb.Database | None = None,
                banlist: Banlist | None = None) -> Report:
    """Read one or two deck files (labelled A, B) and check them."""
    decks = [read_deck(path, label) for path, label in zip(paths, LABELS)]
    return check_team(decks, database, banlist)
