"""Build Divide card lists -> the engine's :class:`tagtext.carddb.Database`.

No official Build Divide card database exists (BD-NOTES): the pack reads a *card table*
the user supplies, and ships one example, the fan list of a collaboration set
(``data/bd-collab-cards.json``; ``data/SOURCE.md``). Two shapes, told apart entry by
entry, each a JSON array (or ``{"cards": [...]}``), JSON lines or CSV, maybe gzipped:

- **card table** (the documented header; CSV or JSON): ``id``, ``name``, ``type``
  (``unit``, ``territory``, ``command``; also コマンド ユニット テリトリー), ``effect`` (the
  card's text, abilities one a line or labelled), and the deck check's facts: ``ace``,
  ``buster``, ``shot`` (yes/no: true, 1, yes, y, ○ / false, 0, no, n, ×, empty) and
  ``territory`` (a territory's unopened side's name; its ``name`` when empty);
- **the fan list** (shipped): ``id``, ``name``, ``type`` (``unit``, ``unit/ace``,
  ``unit/buster``, ``territory``, ``command``), ``subType`` (["バスター"], ["ショット"],
  ["テリトリー"]), ``effect`` and fields the pack does not read (color, cost, power ...).

A card's id is the table's ``id`` (a card with none is skipped and reported). Bad entries
are skipped and reported; a file that cannot be read is one line
(:class:`tagtext.carddb.DatabaseError`).
"""

from __future__ import annotations

import pkgutil
import re
from dataclasses import dataclass
from pathlib import Path

from ...carddb import Card, Database, Problem, entry_card_id, not_text, parse_bytes as _parse_bytes, read_file
from ...carddb import text_value as _text

TEXT_FIELDS = ("effect",)
#: each text field's label on the errata pages
FIELD_LABELS = {"effect": "効果"}
SHIPPED_FILE = "data/bd-collab-cards.json"
SHIPPED_NAME = "shipped bd-collab-cards.json"
#: what every card table is read with: its text field and where card ids are
_FIELDS = {"main_field": "effect", "text_fields": TEXT_FIELDS, "id_fields": ("id",)}
#: the card table's columns (the documented header)
TABLE_HEADER = ("id", "name", "type", "effect", "ace", "buster", "shot", "territory")

#: card types as the table may write them -> the pack's
_TYPES = {"unit": "unit", "ユニット": "unit", "territory": "territory", "テリトリー": "territory",
          "command": "command", "コマンド": "command"}
_YES = frozenset({"true", "1", "yes", "y", "○", "◯", "✓", "はい"})
_NO = frozenset({"false", "0", "no", "n", "×", "✗", "いいえ", ""})


@dataclass(frozen=True)
class BdCard(Card):
    """A Build Divide card: the engine's card, and the facts the deck check reads."""

    #: an ace card (402-1a's chosen ace must be one)
    ace: bool = False
    #: has the Buster icon / the Shot icon
    buster: bool = False
    shot: bool = False
    #: a territory's unopened side's name (401-1), else ""
    territory: str = ""

    @property
    def kind(self) -> str:
        """unit, territory or command (the type's first part: ``unit/ace`` is a unit)."""
        return self.card_type.split("/")[0]


def shipped_bytes() -> bytes:
    """The shipped database file (package data, read by pkgutil: importlib.resources' first
    use costs more than reading the file)."""
    return pkgutil.get_data(__package__, SHIPPED_FILE)


def load(path: str | Path | None = None) -> Database:
    """A Build Divide card table; None: the shipped one; ``"-"``: JSON from stdin."""
    if path is None:
        return parse_bytes(shipped_bytes(), SHIPPED_NAME, "json")
    return read_file(path, card_from_entry, BdDatabase, **_FIELDS)


class BdDatabase(Database):
    """A Build Divide card table."""

    def shape_problem(self, texts: bool = True) -> str | None:
        """The engine's checks, and: a table most of whose cards have no type (unit,
        territory, command: a column of the documented header), or whose texts are not
        Japanese (fewer than half hold kana: a stray ・ or 「」 in English text is no
        Japanese), is no Build Divide card table: another game's file with ``id`` and
        ``effect`` would read."""
        problem = super().shape_problem(texts)
        typed = sum(1 for card in self.cards if card.card_type)
        if problem is None and self.cards and typed * 2 < len(self.cards):
            return (f"{self.source}: {typed} of its {len(self.cards)} cards have a type (unit, territory, command); "
                    f"is it a Build Divide card table?")
        if problem is None and texts:
            all_texts = [t for _, _, t in self.texts()]
            japanese = sum(1 for t in all_texts if _KANA.search(t))
            if japanese * 2 < len(all_texts):
                return (f"{self.source}: {japanese} of its {len(all_texts)} texts are Japanese; "
                        f"is it a Build Divide card table?")
        return problem


#: hiragana and katakana proper (not the middle dot ・ or the long-vowel mark alone)
_KANA = re.compile(r"[\u3041-\u3096\u30a1-\u30fa]")


def parse_bytes(data: bytes, source: str, fmt: str = "json") -> BdDatabase:
    return _parse_bytes(data, source, fmt, card_from_entry, BdDatabase, **_FIELDS)


def write_back(data: bytes, source: str, fmt: str, texts) -> str:
    """The table ``data`` with each changed ``effect`` replaced (``tagtext convert --format
    database``), everything else as it was. An entry whose text is no longer the one
    converted is left."""
    from ... import writeback

    def update(entry: dict, card_id: str) -> None:
        changes = texts.get(card_id)
        if changes:
            writeback.replace_fields(entry, changes, {})

    return writeback.write_back(data, source, fmt, writeback.each_card_once(lambda e: _text(e.get("id")), update))


def card_from_entry(where: str, entry: object, problems: list[Problem]) -> BdCard | None:
    card_id = entry_card_id(where, entry, problems)
    if card_id is None:
        return None
    here = f"{where} (id {card_id})"
    name = _text(entry.get("name"))
    written = _text(entry.get("type"))
    parts = [p.strip() for p in re.split(r"[/／]", written) if p.strip()]
    kind = _TYPES.get(parts[0].lower() if parts else "", "")
    if written and not kind:
        problems.append(Problem(here, f"type {written!r} is not unit, territory or command; read as unknown",
                                card_id, kind="bad-type", summary="unknown card types"))
    card_type = "/".join([kind] + [p.lower() for p in parts[1:]]) if kind else ""
    sub = entry.get("subType") if isinstance(entry.get("subType"), list) else []
    flags = {"ace": "ace" in parts[1:], "buster": "buster" in parts[1:] or "バスター" in sub, "shot": "ショット" in sub}
    for flag in flags:
        if flag in entry:
            value = _flag(entry[flag])
            if value is None:
                problems.append(Problem(here, f"{flag} {entry[flag]!r} is not yes or no; read as no", card_id,
                                        kind="bad-flag", summary="yes/no fields that are neither"))
            else:
                flags[flag] = flags[flag] or value
    territory = _text(entry.get("territory")) or (name if kind == "territory" else "")
    texts = {}
    effect = entry.get("effect")
    if isinstance(effect, str):
        if effect.strip():
            texts["effect"] = effect
    elif effect is not None:
        problems.append(not_text(here, "field 'effect'", effect, card_id, "effect"))
    return BdCard(card_id, name, "", card_type, texts, territory=territory, **flags)


def _flag(value) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return {1: True, 0: False}.get(value)
    if value is None:
        return False
    if isinstance(value, str):
        low = value.strip().lower()
        return True if low in _YES else False if low in _NO else None
    return None

