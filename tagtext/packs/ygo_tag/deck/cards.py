"""What the deck rules need to know about a card, read from the card database.

For each card, by password (and by English name, for text deck lists):

- its name: copies are counted by name (a card reprinted with another password, such as
  Dark Magician 46986414 and 36996508, is the same card for the limits);
- whether it belongs in the Extra Deck: a Fusion, Synchro, Xyz or Link monster, Pendulum
  or not (the shipped database's ``monster_type_line``, ``Dragon / Xyz / Pendulum /
  Effect``; the YGOPRODeck API's ``type``, ``XYZ Pendulum Effect Monster``);
- its TCG Forbidden & Limited status: the shipped database's ``limit_regulation.tcg``
  (Forbidden, Limited, Semi-Limited, Unlimited, Not yet released), or the YGOPRODeck
  API's ``banlist_info.ban_tcg`` (absent: Unlimited; its "Banned" is Forbidden).

The pack's own loader (:mod:`tagtext.packs.ygo_tag.carddb`) keeps only what the text
rules read, so the deck rules read these fields from the same file themselves
(:func:`load`), in both shapes it accepts, gzipped or not.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from tagtext.carddb import Database

from .. import carddb as ygo_carddb

from .formats import normalise_password

#: monster types that live in the Extra Deck (a word of the type line)
EXTRA_TYPES = ("Fusion", "Synchro", "Xyz", "Link")
FORBIDDEN, LIMITED, SEMI_LIMITED, UNLIMITED = "Forbidden", "Limited", "Semi-Limited", "Unlimited"
NOT_RELEASED = "Not yet released"
#: copies of a card (by name) a player's Main and Extra Deck may hold, by its status
COPIES = {FORBIDDEN: 0, LIMITED: 1, SEMI_LIMITED: 2, UNLIMITED: 3}


@dataclass(frozen=True)
class CardInfo:
    #: the password; for a card without one, its id in the database ("konami-4998")
    password: str
    name: str
    #: Monster, Spell, Trap
    card_type: str
    #: "Dragon / Xyz / Pendulum / Effect" (or the API's "XYZ Pendulum Effect Monster")
    type_line: str
    #: the TCG Forbidden & Limited status ("" when the database gives none)
    tcg: str

    @property
    def extra_deck(self) -> bool:
        """A Fusion, Synchro, Xyz or Link monster (Pendulum ones included)."""
        words = {w.strip().lower() for part in self.type_line.split("/") for w in part.split()}
        return self.card_type == "Monster" and any(t.lower() in words for t in EXTRA_TYPES)


@dataclass
class CardFacts:
    """The cards of one database, as the deck rules see them."""

    source: str
    cards: list[CardInfo] = field(default_factory=list)
    #: the decoded entries and their shape ("shipped", "ygoprodeck"), for :attr:`database`
    entries: list = field(default_factory=list, repr=False)
    shape: str = "shipped"

    @cached_property
    def database(self) -> Database:
        """The same entries as the pack's card loader reads them: ``tagtext deck check
        --db`` checks a database's shape with it, and reports the entries it skipped."""
        return ygo_carddb.from_entries(self.entries, self.shape, self.source)

    def shape_problem(self, texts: bool = True) -> str | None:
        """What looks wrong with the database (see :meth:`tagtext.carddb.Database.shape_problem`)."""
        return self.database.shape_problem(texts)

    @property
    def problems(self) -> list:
        """The entries the card loader skipped or repaired."""
        return self.database.problems

    @cached_property
    def by_password(self) -> dict[str, CardInfo]:
        return {c.password: c for c in self.cards}

    @cached_property
    def by_name(self) -> dict[str, CardInfo]:
        out: dict[str, CardInfo] = {}
        for c in self.cards:
            out.setdefault(_name_key(c.name), c)
        return out

    def card(self, card_id: str) -> CardInfo | None:
        """A card by password (or the id of a card without one, ``konami-4998``), or (a
        text list's entry) by English name, any case."""
        password = normalise_password(card_id)
        if password is not None:
            return self.by_password.get(password)
        return self.by_password.get(card_id) or self.by_name.get(_name_key(card_id))

    def known(self, card_id: str) -> bool:
        return self.card(card_id) is not None

    def name(self, card_id: str) -> str | None:
        card = self.card(card_id)
        return card.name if card else None

    def status(self, card_id: str) -> str:
        card = self.card(card_id)
        return card.tcg if card else ""

    def with_statuses(self, by_name: dict[str, str]) -> "CardFacts":
        """These facts with the TCG status of the cards named in ``by_name`` changed (every
        password of a name: reprints share their status)."""
        return CardFacts(self.source, [replace(c, tcg=by_name[c.name]) if c.name in by_name else c
                                       for c in self.cards])

    def counts(self) -> dict[str, int]:
        """TCG status -> cards, for the report's sources."""
        out: dict[str, int] = {}
        for c in self.cards:
            out[c.tcg or "none"] = out.get(c.tcg or "none", 0) + 1
        return out

    def describe(self) -> str:
        counts = self.counts()
        return (f"Forbidden & Limited: the card database's TCG status ({counts.get(FORBIDDEN, 0)} Forbidden, "
                f"{counts.get(LIMITED, 0)} Limited, {counts.get(SEMI_LIMITED, 0)} Semi-Limited)")


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def load(path: str | Path | None = None) -> CardFacts:
    """The deck facts of a Yu-Gi-Oh! card database; None: the one the pack ships."""
    entries, shape, source = ygo_carddb.read(path)
    return _facts(entries, shape, source)


def parse_bytes(data: bytes, source: str) -> CardFacts:
    entries, shape = ygo_carddb.decode(data, source)
    return _facts(entries, shape, source)


def _facts(entries: list, shape: str, source: str) -> CardFacts:
    reader = _api_card if shape == "ygoprodeck" else _card
    facts = CardFacts(source, entries=entries, shape=shape)
    seen: set[str] = set()
    for entry in entries:
        card = reader(entry) if isinstance(entry, dict) else None
        if card is not None and card.password not in seen:     # bad entries: the card loader reports them (database)
            seen.add(card.password)
            facts.cards.append(card)
    return facts


def _text(value) -> str:
    if isinstance(value, dict):
        value = value.get("en")
    return value.strip() if isinstance(value, str) else ""


def _password(value) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    return normalise_password(value) if isinstance(value, str) else None


def _card(entry: dict) -> CardInfo | None:
    """The shipped shape: a deck names a card by its password; a card without one cannot
    be in a YDK file, and is found by name in a text list."""
    card_id = ygo_carddb.shipped_card_id(entry)
    name = _text(entry.get("name"))
    if card_id is None:
        return None
    limits = entry.get("limit_regulation") if isinstance(entry.get("limit_regulation"), dict) else {}
    return CardInfo(card_id, name, _text(entry.get("card_type")),
                    _text(entry.get("monster_type_line")), _text(limits.get("tcg")))


def _api_card(entry: dict) -> CardInfo | None:
    password = _password(entry.get("id"))
    if password is None:
        return None
    kind = _text(entry.get("type"))
    card_type = "Spell" if "Spell" in kind else "Trap" if "Trap" in kind else "Monster" if kind else ""
    bans = entry.get("banlist_info") if isinstance(entry.get("banlist_info"), dict) else {}
    status = _text(bans.get("ban_tcg")) or UNLIMITED
    # the API says "Banned" where Konami's list says Forbidden
    return CardInfo(password, _text(entry.get("name")), card_type, kind, FORBIDDEN if status == "Banned" else status)
