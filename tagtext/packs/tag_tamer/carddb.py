"""The Tag Tamer pack's card database: the Digimon Card App's files, and the one it ships.

Accepted inputs (format from the file name; ``-`` reads JSON from stdin):

- the Digimon Card App's ``DigimonCards.json``: a JSON array of card objects, either the
  community corpus shape or the app's full raw shape (``specialDigivolve``, ``rule``,
  ``assembly``, ... in fields of their own). Missing fields and ``"-"`` placeholders are
  normal and mean "no text";
- a plain JSON array, JSONL file or CSV file of ``{id, name, <text fields>}``;
- any of these compressed with gzip (``.gz``).

The reading itself (files, gzip, JSON, CSV, problems) is the engine's
(:mod:`tagtext.carddb`); this module is the adapter: which fields hold text, and how one
entry becomes a card.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from tagtext.carddb import Card, Database, Problem, json_kind, parse_bytes as _parse_bytes, read_file

from .fields import EFFECT_FIELDS, FIELD_LABELS, REQUIREMENT_FIELDS, TEXT_FIELDS  # noqa: F401 (read here too)

_EMPTY = ("", "-")

SHIPPED_PACKAGE = "tagtext.packs.tag_tamer"
SHIPPED_FILE = "data/DigimonCards.json.gz"
SHIPPED_SOURCE = "data/SOURCE.md"
#: what every Digimon database is read with: its main text field and all its text fields
_FIELDS = {"main_field": EFFECT_FIELDS[0], "text_fields": TEXT_FIELDS, "id_fields": ("id", "cardNumber")}



def load(path: str | Path | None = None) -> Database:
    """Read a Digimon card database; ``None`` means the one the pack ships, ``"-"`` stdin."""
    if path is None:
        return load_shipped()
    return read_file(path, card_from_entry, **_FIELDS)


def load_shipped() -> Database:
    """The card database shipped with the pack (see :func:`shipped_source`)."""
    from importlib import resources  # (here: not at start-up)
    ref = resources.files(SHIPPED_PACKAGE).joinpath(SHIPPED_FILE)
    return parse_bytes(ref.read_bytes(), "shipped DigimonCards.json", fmt="json.gz")


def shipped_bytes() -> bytes:
    """The shipped database file as the Digimon Card App writes it (gunzipped)."""
    from importlib import resources  # (here: not at start-up)
    return gzip.decompress(resources.files(SHIPPED_PACKAGE).joinpath(SHIPPED_FILE).read_bytes())


def shipped_source() -> str:
    """Where the shipped card data comes from, and whose it is."""
    from importlib import resources  # (here: not at start-up)
    return resources.files(SHIPPED_PACKAGE).joinpath(SHIPPED_SOURCE).read_text(encoding="utf-8")


def parse_bytes(data: bytes, source: str, fmt: str = "json") -> Database:
    """A Digimon card database held in memory (``fmt``: json, jsonl, csv, maybe ``.gz``)."""
    return _parse_bytes(data, source, fmt, card_from_entry, **_FIELDS)


def card_from_entry(where: str, entry: object, problems: list[Problem]) -> Card | None:
    """One entry of a Digimon card database as a card (None, with a problem, if it is not one)."""
    if not isinstance(entry, dict):
        problems.append(Problem(where, f"expected a card object, got {json_kind(entry)}; skipped",
                                kind="not-an-object", summary="entries that are not card objects", skipped=True))
        return None
    card_id = entry.get("id") or entry.get("cardNumber")
    if not isinstance(card_id, str) or not card_id.strip():
        problems.append(Problem(where, "no card id (\"id\" or \"cardNumber\"); skipped",
                                kind="no-id", summary="entries with no card id", skipped=True))
        return None
    card_id = card_id.strip()
    texts: dict[str, str] = {}
    for name in TEXT_FIELDS:
        value = entry.get(name)
        if value is None or value in _EMPTY:
            continue
        if not isinstance(value, str):
            problems.append(Problem(f"{where} (id {card_id})", f"field {name!r} is {json_kind(value)}, not text; ignored",
                                    card_id, name, kind="not-text", summary="text fields that are not text"))
            continue
        if value.strip() in _EMPTY:
            continue
        texts[name] = value
    card_type = entry.get("cardType")
    restrictions = entry.get("restrictions")
    return Card(
        id=card_id,
        name=_name(entry.get("name")),
        set=_set_of(card_id, entry.get("notes")),
        card_type=card_type if isinstance(card_type, str) else "",
        texts=texts,
        restrictions=_restrictions(restrictions) if restrictions is not None else {},
    )


def _restrictions(value: object) -> dict[str, str]:
    """The app's ``restrictions`` object, its text values only (absent: empty)."""
    if not isinstance(value, dict):
        return {}
    return {k: v.strip() for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


def _name(value: object) -> str:
    if isinstance(value, dict):
        value = value.get("english")
    return value if isinstance(value, str) and value not in _EMPTY else ""


def _set_of(card_id: str, notes: object) -> str:
    """The set code: the card number's prefix (BT12-083 -> BT12, P-001 -> P)."""
    prefix = card_id.split("-", 1)[0] if "-" in card_id else ""
    if prefix:
        return prefix
    return notes.split(":", 1)[0].strip() if isinstance(notes, str) else ""


def write_back(data: bytes, source: str, fmt: str, texts) -> str:
    """The database file ``data`` with each changed text replaced (``tagtext convert
    --format database``): every entry as it was, each text field in place; an entry is
    the card of its id (``id``, else ``cardNumber``) as :func:`card_from_entry` reads it,
    and a repeated id, which the loader skips, is left as it was."""
    from tagtext import writeback  # (imported when writing back: not at start-up)

    seen: set[str] = set()

    def update(entry: object) -> None:
        if not isinstance(entry, dict):
            return
        card_id = entry.get("id") or entry.get("cardNumber")
        if not isinstance(card_id, str) or not card_id.strip() or card_id.strip() in seen:
            return
        seen.add(card_id.strip())
        if card_id.strip() in texts:
            writeback.replace_fields(entry, texts[card_id.strip()], {})

    return writeback.write_back(data, source, fmt, update)
