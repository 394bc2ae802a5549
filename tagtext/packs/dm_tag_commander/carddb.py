"""Duel Masters card databases -> the engine's :class:`tagtext.carddb.Database`.

Four shapes are read, told apart entry by entry, each file optionally gzipped (``.gz``),
as a JSON array (or ``{"cards": [...]}``), JSON lines or CSV:

- **classic** (shipped in ``data/dm-cards.json.gz`` with the 2018 texts; ``data/SOURCE.md``): ``id``,
  ``name``, ``cardType``, ``cost``, ``power``, ``civilizations``, ``races``, ``rarity``,
  ``text`` (abilities separated by line breaks), ``printings`` (``setCode``, ``cardNumber``,
  ``rarity``), ``setsContaining``;
- **2018** (the 2017–18 texts of ``../shared/data/dm-2018-texts.json``): ``id``, ``name``,
  ``races``, ``power`` (null for a spell), ``civilizations``, ``cost``, ``text`` — or a raw
  ``head`` where the name could not be parsed. Its texts lost their ability breaks, and it
  has no card type: a card with no power is a spell, a twinpact is named 「A/B」;
- **modern scrape**: ``id`` (or ``cardId``), ``name``, ``type`` (or ``cardType``),
  ``civilizations`` (a list, or ``civilization`` "光/水"), ``rarity``, ``cost``, ``power``,
  ``races`` and ``effects``, a list of ability texts in printed order, where an entry
  【クリーチャー側】 / 【呪文側】 (or 【<side name> 側】, spaces allowed; alone, or opening the
  entry) starts a twinpact's side. The text is the abilities one a line, each marker on a
  line of its own: the grammar reads the marker, and what follows 【呪文側】 is a spell's;
- **plain**: ``{id, name, text}`` (and optionally ``type``/``cardType``), as a user's own
  CSV or JSON.

A card's id is the database's id (a card with none is skipped and reported). Bad entries
are skipped and reported; a file that cannot be read is one line
(:class:`tagtext.carddb.DatabaseError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ... import writeback
from ...carddb import Card, Database, Problem, entry_card_id, not_text, parse_bytes as _parse_bytes, read_file
from ...carddb import text_value as _text

TEXT_FIELDS = ("text",)
#: each text field's label on the errata pages
FIELD_LABELS = {"text": "テキスト"}
SHIPPED_FILE = "data/dm-cards.json.gz"
SHIPPED_NAME = "shipped dm-cards.json"

#: what every database is read with: its text field and where card ids are
_FIELDS = {"main_field": "text", "text_fields": TEXT_FIELDS}
#: an entry's card id: the first of these fields that has one
_ID_FIELDS = ("id", "cardId", "card_id")

CIVILIZATIONS = ("光", "水", "闇", "火", "自然", "ゼロ")

#: 【クリーチャー側】, 【呪文側】, 【奇石 ミクセル 側】 …
_SIDE = re.compile(r"^\s*【\s*(?P<side>[^】]*?)\s*側\s*】\s*")


@dataclass(frozen=True)
class Printing:
    set: str
    number: str
    rarity: str


@dataclass(frozen=True)
class DmCard(Card):
    """A Duel Masters card: the engine's card, and what the rules and the deck check read."""

    #: civilisations, each side's merged (a twinpact's commander identity is both sides')
    civilizations: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    #: rarity of every printing (the card's own rarity when it has no printings)
    rarities: tuple[str, ...] = ()
    printings: tuple[Printing, ...] = ()
    cost: int | None = None
    #: whether its text lost its ability breaks (the 2018 data)
    unbroken: bool = False
    #: the database's shape: classic, 2018, modern, plain
    shape: str = "plain"


@dataclass(frozen=True)
class CardFacts:
    name: str | None = None
    card_type: str | None = None
    unbroken: bool = False


NO_FACTS = CardFacts()


def facts_of(db: Database) -> dict[str, CardFacts]:
    return {card.id: CardFacts(card.name, card.card_type or None, getattr(card, "unbroken", False))
            for card in db.cards}


def shipped_bytes() -> bytes:
    """The shipped database file, gunzipped."""
    import gzip
    return gzip.decompress(resources.files(__package__).joinpath(SHIPPED_FILE).read_bytes())


def load(path: str | Path | None = None) -> Database:
    """A DM card database; None: the shipped one; ``"-"``: JSON from stdin."""
    if path is None:
        data = resources.files(__package__).joinpath(SHIPPED_FILE).read_bytes()
        return parse_bytes(data, SHIPPED_NAME, "json.gz")
    return read_file(path, card_from_entry, DmDatabase, **_FIELDS)


class DmDatabase(Database):
    """A Duel Masters database: the engine's, whose ``by_id().get`` also finds a card by the
    key special rulings name it by (its name, spaces removed and widths folded; a
    twinpact's 「A/B」 and each side), since DM rulings name cards, not ids (DM-NOTES 10):
    ``tagtext check-overrides`` looks each ruling's card up that way."""

    def by_id(self) -> dict[str, Card]:
        from . import ruling_keys
        names: dict[str, Card] = {}
        for card in self.cards:
            for key in ruling_keys(card.name) if card.name else ():
                names.setdefault(key, card)
        return _ByIdOrName({card.id: card for card in self.cards}, names)


    def shape_problem(self, texts: bool = True) -> str | None:
        """The engine's checks, and: a database whose texts (for a deck check, names) hold no
        Japanese at all is no Duel Masters card list (the plain {id, name, text} shape reads
        any game's file)."""
        problem = super().shape_problem(texts)
        if problem is None and texts and not any(_JAPANESE.search(t) for _, _, t in self.texts()):
            return f"{self.source}: {_none_has(len(self.cards), 'Japanese text')}; is it a Duel Masters card list?"
        if problem is None and not texts and not any(_JAPANESE.search(card.name) for card in self.cards):
            return f"{self.source}: {_none_has(len(self.cards), 'a Japanese name')}; is it a Duel Masters card list?"
        return problem


def _none_has(cards: int, what: str) -> str:
    """'none of its 12 cards has Japanese text', 'its one card has no Japanese text'."""
    return f"none of its {cards} cards has {what}" if cards != 1 else f"its one card has no {what.removeprefix('a ')}"


_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


class _ByIdOrName(dict):
    """Card id -> card; ``get`` also answers a ruling's name key. Membership, iteration and
    ``[]`` are by id only, so a name is never taken for an id (``rewrite --card NAME``
    finds the card by name and says which id it is)."""

    def __init__(self, by_id: dict, names: dict):
        super().__init__(by_id)
        self.names = names

    def get(self, key, default=None):
        found = super().get(key)
        return found if found is not None else self.names.get(key, default)


def parse_bytes(data: bytes, source: str, fmt: str = "json") -> Database:
    return _parse_bytes(data, source, fmt, card_from_entry, DmDatabase, **_FIELDS)


def write_back(data: bytes, source: str, fmt: str, texts) -> str:
    """The database file ``data`` with each changed text replaced (``tagtext convert
    --format database``), in its own shape: ``text`` (classic, 2018, plain), or a modern
    scrape's ``effects``, one entry per line of the new text (a twinpact's side marker kept
    in the entry it opened). An entry whose text is no longer the one converted is left."""
    def update(entry: dict, card_id: str) -> None:
        changes = texts.get(card_id)
        if not changes or "text" not in changes:
            return
        if not isinstance(entry.get("effects"), list):
            writeback.replace_fields(entry, changes, {})
            return
        original, new = changes["text"]
        lines, joined = _effect_lines(entry["effects"])
        if "\n".join(lines) == original:
            entry["effects"] = _effects_of(new.split("\n"), joined)

    return writeback.write_back(data, source, fmt, writeback.each_card_once(_card_id, update))


def _card_id(entry: dict) -> str:
    return next((found for found in (_text(entry.get(name)) for name in _ID_FIELDS) if found), "")


def _effect_lines(effects: list) -> tuple[list[str], dict[str, str]]:
    """A modern scrape's ``effects`` as the lines of the card's text, and the side markers
    that opened an entry (not alone in one): each marker's line -> the entry's opening."""
    lines: list[str] = []
    joined: dict[str, str] = {}
    for effect in effects:
        if not isinstance(effect, str):
            continue
        marker = _SIDE.match(effect)
        if marker and effect[marker.end():].strip():
            # a side marker opening the entry: the marker on its own line, then the ability
            head = effect[:marker.end()].rstrip()
            lines.extend((head, effect[marker.end():]))
            joined[head] = effect[:marker.end()]
        elif effect.strip():
            lines.append(effect)
    return lines, joined


def _effects_of(lines: list[str], joined: dict[str, str]) -> list[str]:
    """``effects`` for the lines of a text: a side marker that opened an entry opens it again."""
    out: list[str] = []
    carry = ""
    for line in lines:
        if line in joined and not carry:
            carry = joined[line]
            continue
        out.append(carry + line)
        carry = ""
    if carry:
        out.append(carry)
    return out


def card_from_entry(where: str, entry: object, problems: list[Problem]) -> DmCard | None:
    card_id = entry_card_id(where, entry, problems, _ID_FIELDS)
    if card_id is None:
        return None
    here = f"{where} (id {card_id})"
    if isinstance(entry.get("effects"), list):
        return _modern(card_id, entry, here, problems)
    if "printings" in entry or "cardType" in entry and "setsContaining" in entry:
        return _classic(card_id, entry, here, problems)
    if ("power" in entry and "civilizations" in entry and "cost" in entry) or "head" in entry:
        return _from_2018(card_id, entry, here, problems)
    return _plain(card_id, entry, here, problems)


# ----------------------------------------------------------------------------- shapes

def _classic(card_id: str, entry: dict, where: str, problems: list[Problem]) -> DmCard:
    printings = tuple(Printing(_text(p.get("setCode")), _text(p.get("cardNumber")), _text(p.get("rarity")))
                      for p in _items(entry.get("printings")) if isinstance(p, dict))
    # the sets a card is in besides its printings with a number (setsContaining: "DM-06 闘魂編(…)")
    printed = {p.set for p in printings}
    printings += tuple(Printing(code, "", "") for code in _set_codes(entry.get("setsContaining"))
                       if code not in printed)
    rarities = tuple(p.rarity for p in printings if p.rarity) or (
        (_text(entry.get("rarity")),) if entry.get("rarity") else ())
    texts = _texts({"text": entry.get("text")}, card_id, where, problems)
    return DmCard(card_id, _text(entry.get("name")), printings[0].set if printings else "", _text(entry.get("cardType")),
                  texts, civilizations=_civs(entry), races=_list(entry.get("races")), rarities=rarities,
                  printings=printings, cost=_int(entry.get("cost")), shape="classic")


def _from_2018(card_id: str, entry: dict, where: str, problems: list[Problem]) -> DmCard:
    name = _text(entry.get("name"))
    head = _text(entry.get("head"))
    if entry.get("head") is not None:
        card_type = "クリーチャー" if "パワー" in head else "呪文"
        name = name or head
    elif entry.get("power") is None:
        card_type = "呪文"
    elif "/" in name or "／" in name:
        card_type = "クリーチャー/呪文"
    else:
        card_type = "クリーチャー"
    texts = _texts({"text": entry.get("text")}, card_id, where, problems)
    return DmCard(card_id, name, "2017-18", card_type, texts, civilizations=_civs(entry), races=_list(entry.get("races")),
                  cost=_int(entry.get("cost")), unbroken=True, shape="2018")


def _modern(card_id: str, entry: dict, where: str, problems: list[Problem]) -> DmCard:
    for i, effect in enumerate(entry["effects"]):
        if not isinstance(effect, str):
            problems.append(not_text(where, f"effects[{i}]", effect, card_id, "text"))
    lines, _ = _effect_lines(entry["effects"])
    card_type = _text(entry.get("type")) or _text(entry.get("cardType"))
    texts = {"text": "\n".join(lines)} if lines else {}
    rarity = _text(entry.get("rarity"))
    return DmCard(card_id, _text(entry.get("name")), _text(entry.get("set")) or _text(entry.get("setCode")), card_type,
                  texts, civilizations=_civs(entry), races=_list(entry.get("races")),
                  rarities=tuple(r for r in re.split(r"[/、,]", rarity) if r) if rarity else (),
                  cost=_int(entry.get("cost")), shape="modern")


def _plain(card_id: str, entry: dict, where: str, problems: list[Problem]) -> DmCard:
    texts = _texts({"text": entry.get("text")}, card_id, where, problems)
    card_type = _text(entry.get("cardType")) or _text(entry.get("type")) or _text(entry.get("card_type"))
    rarity = _text(entry.get("rarity"))
    return DmCard(card_id, _text(entry.get("name")), _text(entry.get("set")), card_type, texts,
                  civilizations=_civs(entry), rarities=(rarity,) if rarity else (), cost=_int(entry.get("cost")))


# ----------------------------------------------------------------------------- values

def _texts(pairs: dict, card_id: str, where: str, problems: list[Problem]) -> dict[str, str]:
    out = {}
    for name, value in pairs.items():
        if value is None or value == "":
            continue
        if not isinstance(value, str):
            problems.append(not_text(where, f"field {name!r}", value, card_id, name))
            continue
        if value.strip():
            out[name] = value
    return out



def _int(value) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    # isdecimal, not isdigit: "²" is a digit int() refuses; a cost of thousands of digits is no cost
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) <= _COST_DIGITS:
        return int(value)
    return None


#: the most digits a cost read from a database has (Python refuses ints of over 4,300)
_COST_DIGITS = 9


def _items(value) -> list:
    """A JSON list's items; nothing for anything else (a printings field that is a number)."""
    return value if isinstance(value, list) else []


def _list(value) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(x for x in re.split(r"[/／、,]", value) if x.strip())
    if isinstance(value, list):
        return tuple(x for x in value if isinstance(x, str))
    return ()


def _set_codes(value) -> list[str]:
    """The set codes opening a list of set titles ("DM-06 闘魂編(…)" -> "DM-06")."""
    codes = []
    for title in value if isinstance(value, list) else ():
        m = re.match(r"\s*([A-Za-z]+[0-9]*-[A-Za-z0-9]+)", title) if isinstance(title, str) else None
        if m is not None and m.group(1) not in codes:
            codes.append(m.group(1))
    return codes


def _civs(entry: dict) -> tuple[str, ...]:
    value = entry.get("civilizations")
    if value is None:
        value = entry.get("civilization")
    return tuple(c for c in _list(value) if c in CIVILIZATIONS)
