"""Yu-Gi-Oh! tag-duel deck checks: each player's Main and Extra Deck, in the Advanced Format.

The seed (Critical Hit Games Tag Format v4.6): "Each player has their own Main Deck and
Extra Deck, but Side Decks are not used (only one game is played)." and "The most recent
Advanced Format Forbidden & Limited Lists and rules are used". So each deck is checked
on its own, as for an ordinary Advanced Format duel: a Main Deck of 40 to 60 cards, an
Extra Deck of 0 to 15 Fusion, Synchro, Xyz and Link Monsters, at most 3 copies of a card
by name (Limited: 1, Semi-Limited: 2, Forbidden: 0, from the TCG list the card database
carries), and no Side Deck. There is no team-wide copy limit: a team is two independent
decks, and both players may play 3 copies of the same card.

The pack's deck entry points (``tagtext deck check --pack ygo-tag`` reaches them through
:func:`tagtext.deck.deck_rules_of`):

- :func:`read_deck` ``(path, label)``: one deck file, YDK or a text list of card names
  (:mod:`.formats`);
- :func:`load_database` ``(path=None)``: what the rules need of a card database (the
  pack's shipped one for None), :mod:`.cards`;
- :func:`check_team` ``(decks, database=None, banlist=None)``: a :class:`tagtext.deck.Report`,
  naming the Forbidden & Limited List used (an empty one checks nothing: it says so);
- :func:`load_banlist` ``(path=None)``: the list's changes to the database's statuses
  (``banlist.toml``), with an organiser's own file laid over them per card;
- :data:`RULES`: the rules, one function each (:mod:`.rules`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from tagtext.deck import Deck, DeckSummary, Report, Team, run_rules
from tagtext.deck.render import render_text

from .banlist import Banlist, BanlistError
from .banlist import load as load_banlist
from .cards import CardFacts, CardInfo
from .cards import load as load_database
from .formats import EXTRA, MAIN, SIDE, YgoDeck, normalise_password, parse_deck, read_deck
from .rules import RULES

__all__ = [
    "RULES", "read_deck", "parse_deck", "normalise_password", "check_team", "check_files", "load_banlist",
    "Banlist", "BanlistError",
    "load_database", "CardFacts", "CardInfo", "YgoDeck", "render_text",
]

#: the deck files read, for ``tagtext deck check --help``
FORMATS_HELP = ("a YDK file (#main, #extra, !side; one password a line), a ydke:// link (in place of a file, or "
                "in one) or a text list of card names (Main Deck:/Extra Deck: headings, '3 Card Name' or "
                "'Card Name x3' lines)")

PACK_NAME = "ygo-tag"
TITLE = "Yu-Gi-Oh! tag duel"
LABELS = ("A", "B")


def check_team(decks: Sequence[Deck], database: CardFacts | str | Path | None = None,
               banlist: Banlist | None = None) -> Report:
    """Check one deck or a team of two against the tag-duel deck rules.

    ``database``: the card facts (:func:`load_database`), or a database file's path;
    None: the pack's shipped database. ``banlist``: the Forbidden & Limited List's changes
    to the database's statuses (:func:`load_banlist`; None: the shipped ``banlist.toml``).
    """
    if not 1 <= len(decks) <= 2:
        raise ValueError(f"a Yu-Gi-Oh! tag-duel team has 1 or 2 decks, not {len(decks)}")
    if not isinstance(database, CardFacts):
        if database is not None and not isinstance(database, (str, Path)):
            raise TypeError("check_team needs the deck facts of a Yu-Gi-Oh! database "
                            "(tagtext.packs.ygo_tag.deck.load_database), a path or None")
        database = load_database(database)
    for deck in decks:
        if not isinstance(deck, YgoDeck):
            raise TypeError(f"{deck.source}: not read by the ygo-tag pack's read_deck")
    banlist = banlist if banlist is not None else load_banlist()
    database = banlist.apply(database)
    problems, ran = run_rules(Team(tuple(decks)), RULES, database)
    summaries = []
    for deck in decks:
        sections = {MAIN: deck.size(MAIN), EXTRA: deck.size(EXTRA)}
        if deck.side:
            sections[SIDE] = deck.size(SIDE)
        summaries.append(DeckSummary(deck.label, deck.source, deck.format, sections))
    sources = [f"cards: {database.source} ({len(database.cards)} cards)", database.describe()]
    info = banlist.info(database)
    not_checked = ["Forbidden, Limited and Semi-Limited cards (no card of the card database has such a TCG "
                   "status: a YGOPRODeck file without banlist_info, say)"] if info.empty else []
    return Report(PACK_NAME, TITLE, summaries, problems, ran, sources, info, not_checked)


def check_files(paths: Sequence[str], database: CardFacts | str | Path | None = None,
                banlist: Banlist | None = None) -> Report:
    """Read one or two deck files (labelled A, B) and check them."""
    decks = [read_deck(path, label) for path, label in zip(paths, LABELS)]
    return check_team(decks, database, banlist)
