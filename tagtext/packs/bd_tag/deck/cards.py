"""The card facts a deck check reads, from a card table (``carddb``): by name, since deck
rules count copies per name (402) and players write names."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import carddb
from .formats import name_key


@dataclass
class DeckFacts:
    """Name key -> card (the first card of that name in the table), and the table they came
    from (``shape_problem`` and ``problems`` are the table's, as ``tagtext deck check --db``
    asks any database)."""

    source: str
    cards: dict[str, carddb.BdCard]
    database: carddb.BdDatabase

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, key: str) -> carddb.BdCard | None:
        return self.cards.get(key)

    def shape_problem(self, texts: bool = False) -> str | None:
        return self.database.shape_problem(texts)

    @property
    def problems(self):
        return self.database.problems


def load(path: str | Path | None = None) -> DeckFacts:
    """The deck facts of a card table (None: the shipped example list)."""
    return facts_of(carddb.load(path))


def facts_of(db: carddb.BdDatabase) -> DeckFacts:
    cards: dict[str, carddb.BdCard] = {}
    for card in db.cards:
        if card.name:
            cards.setdefault(name_key(card.name), card)
    return DeckFacts(db.source, cards, db)
