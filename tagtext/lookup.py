"""Finding a card the way a user names it: its id as written in any case or form the
pack knows (``bt4-088``, ``ST01-01``, ``05318639``), or its name (``"Pot of Greed"``).

Game-agnostic: what counts as the same id is the pack's ``normalise_card_id`` (optional
in the pack contract; without it, ids are only matched in any case).
"""

from __future__ import annotations

from typing import Callable

from .carddb import Card, Database
from .errors import TagTextError
from .records import record

#: how many ids an ambiguous name lists
SHOWN = 5


class AmbiguousCard(TagTextError):
    """A name several different cards have."""


@record(frozen=True)
class Found:
    #: the card, or None when the database has no card by that id or name
    card: Card | None
    #: the id to use: the card's, or the query as given when no card was found
    id: str
    #: "id", "id-form" (another case or form of an id), "name" or "unknown"
    how: str


def find_card(database: Database, query: str, normalise: Callable[[str], str | None] | None = None) -> Found:
    """The card ``query`` names in ``database``: by id, by id in another case or form, or
    by name (any case and spacing). A name several cards with different texts share
    raises :class:`AmbiguousCard`; reprints (the same texts under several ids) give the
    first in database order."""
    by_id = database.by_id()
    if query in by_id:
        return Found(by_id[query], query, "id")
    folded = {card_id.casefold(): card for card_id, card in by_id.items()}
    forms = [query.strip().casefold()]
    written = normalise(query) if normalise is not None else None
    if written is not None:
        forms.append(written.casefold())
    for form in forms:
        if form in folded:
            card = folded[form]
            return Found(card, card.id, "id-form")
    key = _name_key(query)
    named = [card for card in database.cards if key and _name_key(card.name) == key]
    if not named:
        return Found(None, query, "unknown")
    if any(card.texts != named[0].texts for card in named[1:]):
        shown = ", ".join(card.id for card in named[:SHOWN]) + (", ..." if len(named) > SHOWN else "")
        raise AmbiguousCard(f"{len(named)} cards are named {named[0].name!r} ({shown}); give the card's id")
    return Found(named[0], named[0].id, "name")


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()
