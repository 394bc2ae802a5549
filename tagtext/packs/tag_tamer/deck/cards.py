"""What the deck rules need to know about a card, from the card database and the banlist.

- a card's name and whether it is a Digi-Egg (``cardType`` "Digi-Egg");
- how many copies a deck may hold: 4, or what the card's own text allows ("You can
  include up to 50 copies of cards with this card's card number in your deck.", read from
  every text field, the app's ``rule`` field included), never from a list of ids;
- whether it is banned or restricted, and by whom: the database's ``restrictions``
  (the app's full records: "Banned", "Restricted to 1") or the pack's ``banlist.toml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from tagtext.carddb import Card, Database

from .banlist import Banlist
from .formats import normalise_id

#: The copies-per-deck cap, except where a card's text says otherwise.
DEFAULT_COPIES = 4
#: A card allowing this many copies counts as unlimited for the team restriction.
MANY_COPIES = 50
#: "You can include up to 50 copies of cards with this card's card number in your deck."
COPIES_TEXT = re.compile(r"\binclude\s+up\s+to\s+(\d+)\s+copies\b", re.IGNORECASE)
EGG_TYPE = "Digi-Egg"
#: the app's restriction statuses that limit a card
DB_BANNED = "Banned"
DB_RESTRICTED = "Restricted to 1"


@dataclass(frozen=True)
class Restriction:
    """A card's ban or restriction, and where it comes from."""

    #: "banned" or "restricted"
    kind: str
    #: "banlist" (the pack's file) or "database"
    source: str


@dataclass
class CardFacts:
    database: Database
    banlist: Banlist

    @cached_property
    def cards(self) -> dict[str, Card]:
        out: dict[str, Card] = {}
        for card in self.database.cards:
            out.setdefault(normalise_id(card.id) or card.id, card)
        return out

    def card(self, card_id: str) -> Card | None:
        return self.cards.get(card_id)

    def known(self, card_id: str) -> bool:
        return card_id in self.cards

    def name(self, card_id: str) -> str | None:
        card = self.card(card_id)
        return card.name if card else None

    def is_egg(self, card_id: str) -> bool:
        card = self.card(card_id)
        return bool(card) and card.card_type == EGG_TYPE

    def copies_allowed(self, card_id: str) -> int:
        """Copies one deck may hold: what the card's text allows, else 4."""
        card = self.card(card_id)
        if card is None:
            return DEFAULT_COPIES
        allowed = [int(m.group(1)) for text in card.texts.values() for m in COPIES_TEXT.finditer(text)]
        return max(allowed + [DEFAULT_COPIES])

    def unlimited_in_team(self, card_id: str) -> bool:
        """50-copies cards count as unlimited for the team restriction."""
        return self.copies_allowed(card_id) >= MANY_COPIES

    def restriction(self, card_id: str) -> Restriction | None:
        """Banned beats restricted; the pack's file and the database are both read. A card
        the banlist lists as unrestricted has no restriction, the database's neither."""
        if self.banlist.card_status(card_id) == "unrestricted":
            return None
        found: list[Restriction] = []
        if card_id in self.banlist.banned:
            found.append(Restriction("banned", "banlist"))
        if card_id in self.banlist.restricted:
            found.append(Restriction("restricted", "banlist"))
        card = self.card(card_id)
        column = self.banlist.database_column
        if card is not None and column:
            status = card.restrictions.get(column, "")
            if status == DB_BANNED:
                found.append(Restriction("banned", "database"))
            elif status == DB_RESTRICTED:
                found.append(Restriction("restricted", "database"))
        found.sort(key=lambda r: (r.kind != "banned", r.source != "banlist"))
        return found[0] if found else None

    def has_database_restrictions(self) -> bool:
        """Whether the database carries a ``restrictions`` field at all."""
        column = self.banlist.database_column
        return bool(column) and any(column in card.restrictions for card in self.database.cards)
