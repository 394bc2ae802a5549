"""Deck checks: is a team's pair of decks legal in a format, and exactly why not.

The engine here knows nothing about any game. It holds:

- :mod:`~tagtext.deck.model`: a deck as read from a file (card ids, copies, the line each
  card came from) and a team (the decks, labelled ``A``, ``B``);
- :mod:`~tagtext.deck.report`: :class:`DeckRule` (one rule: an id, the scope it runs at,
  a check function whose docstring is the format's sentence), :class:`Problem` and
  :class:`Report`, each with ``to_json()``;
- :mod:`~tagtext.deck.check`: the driver that runs a pack's rules over a team;
- :mod:`~tagtext.deck.render`: the report as lines of text.

A rule pack that has deck rules gives them from its ``deck_rules()`` (the pack contract,
:class:`tagtext.packs.base.Pack`), usually a ``deck`` module next to its ``PACK``
(``tagtext.packs.tag_tamer.deck``), with:

- ``read_deck(path, label) -> Deck``: read one deck file (raises :class:`DeckFileError`,
  one line naming file:line; a file that names no card, an empty one, is such an error,
  "no cards found (expected ...)", exit 2, not a deck of nothing to check);
- ``parse_deck(text, source, label) -> Deck``: the same for a deck held in a string (a
  list pasted on stdin: ``tagtext deck check -``);
- ``check_team(decks, database=None, banlist=None) -> Report``: run the pack's ``RULES``
  over one or two decks (the team rules only when there are two); the report names the
  banlist used (:class:`BanlistInfo`) and what could not be checked (``not_checked``: an
  empty banlist checks nothing, and a team is then legal only "as far as checked");
- ``load_banlist(path=None)``: the pack's banlist, with the file at ``path`` (the
  maintainer's or organiser's, ``--banlist``) laid over it per card;
- ``RULES``: the pack's :class:`DeckRule` tuple, in the order problems are reported;
- optionally ``load_database(path) -> facts``: what ``check_team`` takes as ``database``,
  when the pack's rules need more of a card database than :mod:`tagtext.carddb` keeps
  (``tagtext deck check --db`` uses it instead of the pack's ``load_database``).

:func:`deck_rules_of` finds them for a pack name (``tagtext deck check --pack``).
"""

from __future__ import annotations

from ..errors import TagTextError
from .check import run_rules
from .model import Deck, DeckEntry, DeckFileError, Team
from .report import BanlistInfo, DeckRule, DeckSummary, Problem, Report

__all__ = [
    "BanlistInfo", "Deck", "DeckEntry", "DeckFileError", "Team", "DeckRule", "DeckSummary", "Problem",
    "Report", "run_rules", "deck_rules_of", "NoDeckRules",
]


class NoDeckRules(TagTextError):
    """A pack that has no deck rules."""


def deck_rules_of(pack=None):
    """The deck rules of ``pack`` (a pack, or its name; the default pack for None): what
    its ``deck_rules()`` gives.

    Raises :class:`tagtext.packs.UnknownPack` for a name no installed pack has, and
    :class:`NoDeckRules` for a pack without deck rules.
    """
    from .. import packs

    pack = packs.get(pack) if pack is None or isinstance(pack, str) else pack  # "" is no pack
    rules = pack.deck_rules()
    if rules is None:
        raise NoDeckRules(f"pack {pack.name!r} has no deck rules")
    return rules
