"""What the deck check knows of each card, from a Duel Masters card database.

A card is found by the key of its name (:func:`.formats.name_key`): its whole name, or for
a twinpact 「A/B」 either side's name too. A database may hold one card more than once (the
shipped one holds the classic list and the 2017-18 texts; a scrape lists each printing):
those entries are one card, with every printing's rarity and set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from tagtext.carddb import Database

from .. import carddb
from ..analysis.text import fold
from .formats import name_key

#: how alike a name must be to a card's to be suggested (difflib's ratio; one kana of ten off is 0.95)
SUGGEST = 0.85
#: the five colours (a commander may not have all of them: deck check 7)
FIVE = ("光", "水", "闇", "火", "自然")


@dataclass(frozen=True)
class CardInfo:
    """One card, as the deck rules read it."""

    id: str
    name: str
    #: the card type as the database gives it (a twinpact's sides with "/": "クリーチャー/呪文")
    card_type: str
    #: the civilisations of all its sides (a twinpact's are both sides': its mana symbol)
    civilizations: tuple[str, ...]
    #: the rarity of every printing the database knows
    rarities: tuple[str, ...]
    #: the set code of every printing the database knows
    sets: tuple[str, ...]
    #: the card's text (width-folded), for the text checks (ゲーム開始時, any number of copies)
    text: str

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(s.strip() for s in re.split(r"[/／]", self.name) if s.strip())

    @property
    def twinpact(self) -> bool:
        return len(self.sides) > 1

    def merged(self, other: "CardInfo") -> "CardInfo":
        """This card with another entry's printings (and what this one lacks)."""
        return replace(self, card_type=self.card_type or other.card_type,
                       civilizations=self.civilizations or other.civilizations,
                       rarities=_union(self.rarities, other.rarities), sets=_union(self.sets, other.sets),
                       text=self.text or other.text)


@dataclass(frozen=True)
class DeckFacts:
    """The cards of one database, by name key."""

    source: str
    cards: dict[str, CardInfo]
    #: a twinpact side's key -> the twinpact's key
    sides: dict[str, str]
    #: the database read
    database: Database | None = None

    def find(self, key: str) -> tuple[str, CardInfo] | tuple[str, None]:
        """The card a deck line's key names: (the card's key, the card), or (``key``, None)."""
        if key in self.cards:
            return key, self.cards[key]
        whole = self.sides.get(key)
        if whole is not None:
            return whole, self.cards[whole]
        return key, None

    def __len__(self) -> int:
        return len(self.cards)

    def closest(self, key: str) -> CardInfo | None:
        """The card whose name is nearest to ``key`` (a misspelling: ボルシャク・ドラゴン),
        if one is near enough to suggest; a hint for a name the database does not have."""
        import difflib
        found = difflib.get_close_matches(key, self.cards, n=1, cutoff=SUGGEST)
        return self.cards[found[0]] if found else None

    def shape_problem(self, texts: bool = True) -> str | None:
        """What looks wrong with the database (:meth:`tagtext.carddb.Database.shape_problem`)."""
        return self.database.shape_problem(texts) if self.database is not None else None

    @property
    def problems(self) -> list:
        """The database's skipped or repaired entries."""
        return self.database.problems if self.database is not None else []


def facts_of(database: Database) -> DeckFacts:
    cards: dict[str, CardInfo] = {}
    for card in database.cards:
        if not card.name:
            continue
        info = CardInfo(card.id, card.name, card.card_type or "", tuple(getattr(card, "civilizations", ())),
                        tuple(r for r in getattr(card, "rarities", ()) if r),
                        tuple(set_code(p.set) for p in getattr(card, "printings", ()) if p.set)
                        or ((set_code(card.set),) if card.set else ()),
                        fold("\n".join(card.texts.values())))
        key = name_key(card.name)
        cards[key] = cards[key].merged(info) if key in cards else info
    sides: dict[str, str] = {}
    for key, info in cards.items():
        if info.twinpact:
            for side in info.sides:
                side_key = name_key(side)
                if side_key not in cards:
                    sides.setdefault(side_key, key)
    return DeckFacts(database.source, cards, sides, database)


def load(path: str | Path | None = None) -> DeckFacts:
    """The deck facts of a card database file (None: the pack's shipped one)."""
    return facts_of(carddb.load(path))


def set_code(written: str) -> str:
    """A set code without a suffix after its number (DMR-16極 -> DMR-16, DM23-RP2X -> DM23-RP2)."""
    m = re.match(r"[A-Za-z]+[0-9]*-[A-Za-z]*[0-9]+", written.strip())
    return m.group() if m is not None else written.strip()


def _union(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    return a + tuple(x for x in b if x not in a)
