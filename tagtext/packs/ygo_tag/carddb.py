"""Yu-Gi-Oh! card databases -> the engine's :class:`tagtext.carddb.Database`.

Two shapes are read, each optionally gzipped (``.gz``, or gzip magic bytes):

- the shipped database (``data/ygo-cards.json.gz``, see ``data/SOURCE.md``): a JSON array
  of cards with ``password``, ``konami_id``, ``name.en``, ``card_type``, ``text.en`` and
  ``pendulum_effect.en``;
- the YGOPRODeck API v7 shape, ``{"data": [{"id", "name", "type", "desc", "pend_desc",
  "monster_desc", ...}]}``, which most Yu-Gi-Oh! tools export. For Pendulum Monsters the
  API's ``desc`` holds both effects with ``[ Pendulum Effect ]`` headers; ``pend_desc``
  and ``monster_desc`` are used when present.

A card's id is its password (the 8-digit number printed on it, which YGOPRODeck and
every deck file use) as a string without leading zeros; a card with no password has
``konami-`` and its Konami database id, and one with neither (66 and 57 of the shipped
database: announced, unreleased cards) ``unreleased-`` and a hash of its name
(:func:`shipped_card_id`), never the name itself. Texts: ``text`` (the card's text: effect,
materials, flavor text) and ``pendulumEffect``. Bad entries are skipped and reported
(:class:`tagtext.carddb.Problem`); a file that cannot be read raises
:class:`tagtext.carddb.DatabaseError` in one line.
"""

from __future__ import annotations

import contextlib
import gc
import gzip
import hashlib
import re
from pathlib import Path

from ...carddb import (Card, Database, DatabaseError, Problem, build_database, decompress, format_of, json_kind,
                       loads_json, read_bytes)

TEXT_FIELDS = ("text", "pendulumEffect")
#: How each text field is labelled for people (the errata pages), in Konami's words.
FIELD_LABELS = {"text": "Card text", "pendulumEffect": "Pendulum Effect"}
SHIPPED_FILE = "data/ygo-cards.json.gz"


def load(path: str | Path | None = None) -> Database:
    """Read a YGO card database; None: the shipped one; ``"-"``: stdin."""
    with _collector_paused():
        entries, shape, source = read(path)
        database = from_entries(entries, shape, source)
        del entries   # (freed before the collector runs again: it would scan them once more)
    return database


@contextlib.contextmanager
def _collector_paused():
    """Python's cyclic garbage collector paused: decoding a database makes some 300,000
    containers (14,276 cards of the shipped one), none in a cycle, and the collector,
    run every 700 of them, would scan them again and again."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def shipped_bytes() -> bytes:
    """The shipped database file (gunzipped): the JSON array SOURCE.md describes."""
    from importlib import resources  # (here: not at start-up)
    return gzip.decompress(resources.files(__package__).joinpath(SHIPPED_FILE).read_bytes())


def shipped_source() -> str:
    from importlib import resources  # (here: not at start-up)
    return resources.files(__package__).joinpath("data/SOURCE.md").read_text(encoding="utf-8")


def decode(data: bytes, source: str, fmt: str = "json") -> tuple[list, str]:
    """A database's bytes as (entries, shape): the shipped array ("shipped") or
    YGOPRODeck's ``{"data": [...]}`` ("ygoprodeck"); gzip by its first bytes or a
    ``.gz`` ``fmt``; bad input is a one-line :class:`DatabaseError`. The card loader and
    the deck rules' card facts both read files with it."""
    data, fmt = decompress(data, source, fmt)
    if fmt != "json":
        raise DatabaseError(f"{source}: the ygo-tag pack reads JSON card databases only (the shipped "
                            f"shape or YGOPRODeck's), not {fmt.upper()}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DatabaseError(f"{source}: not UTF-8 text (byte {e.start})") from None
    doc = loads_json(text, source)
    if isinstance(doc, dict) and isinstance(doc.get("data"), list):
        return doc["data"], "ygoprodeck"
    if isinstance(doc, list):
        return doc, "shipped"
    raise DatabaseError(f"{source}: expected a JSON array of Yu-Gi-Oh! cards or a YGOPRODeck "
                        "{\"data\": [...]} object")


def read(path: str | Path | None) -> tuple[list, str, str]:
    """(entries, shape, source) of a database file; None: the shipped one; "-": stdin."""
    if path is None:   # (gunzipped at once: the shipped file needs no bound on its size)
        return (*decode(shipped_bytes(), "shipped ygo-cards.json"), "shipped ygo-cards.json")
    source = "<stdin>" if str(path) == "-" else str(path)
    fmt = "json" if str(path) == "-" else format_of(Path(path).name)
    return (*decode(read_bytes(path), source, fmt), source)


def parse_bytes(data: bytes, source: str, fmt: str = "json") -> Database:
    with _collector_paused():
        entries, shape = decode(data, source, fmt)
        database = from_entries(entries, shape, source)
        del entries   # (as in load)
    return database


def from_entries(entries: list, shape: str, source: str) -> Database:
    """The cards of decoded ``entries`` (see :func:`decode`), bad entries skipped and reported."""
    reader = _ygoprodeck_card if shape == "ygoprodeck" else _card

    def card_from_entry(where: str, entry: object, problems: list[Problem]) -> Card | None:
        return _read(reader, where, entry, problems)

    ids = ("id", "konami_id") if shape == "ygoprodeck" else ("password", "konami_id", "name")
    return build_database(((f"{source}: entry {i + 1}", e) for i, e in enumerate(entries)), source,
                          card_from_entry, {"main_field": "text", "text_fields": TEXT_FIELDS, "id_fields": ids})


#: A password or Konami id as a string: ASCII digits (passwords have 8; a longer run is no id).
_ID_DIGITS = re.compile(r"[0-9]{1,20}")


def card_from_entry(where: str, entry: object, problems: list[Problem]) -> Card | None:
    """One entry read on its own (a line of a JSON-lines file), in the shape its fields
    say: YGOPRODeck's (``desc``) or the shipped one's."""
    reader = _ygoprodeck_card if isinstance(entry, dict) and "desc" in entry else _card
    return _read(reader, where, entry, problems)


def _read(reader, where: str, entry: object, problems: list[Problem]) -> Card | None:
    if not isinstance(entry, dict):
        problems.append(Problem(where, "expected a card object; skipped", kind="not-an-object",
                                summary="entries that are not card objects", skipped=True))
        return None
    return reader(entry, where, problems)


#: the id of a card with a Konami database id but no password ("konami-4998")
KONAMI_PREFIX = "konami-"
#: the id of a card with neither ("unreleased-" and 8 hex digits of its name's SHA-256)
UNRELEASED_PREFIX = "unreleased-"


def shipped_card_id(entry: dict) -> str | None:
    """A card's id in the shipped database: its password (the number printed on the card,
    what YGOPRODeck and deck files use), without leading zeros; a card with no password
    yet has ``konami-`` and its Konami database id, and one with neither (an announced,
    unreleased card) ``unreleased-`` and a hash of its name (the Japanese one when it has
    one: the official name, which English fan translations do not change). None: no name
    either."""
    password = entry.get("password")
    if type(password) is int:   # (nearly every card: what _id makes of it, at once)
        return str(password)
    password = _id(password)
    if password is not None:
        return password
    konami = _id(entry.get("konami_id"))
    if konami is not None:
        return KONAMI_PREFIX + konami
    name = (_lang(entry.get("name"), "ja") or _en(entry.get("name"))).strip()
    if not name:
        return None
    return UNRELEASED_PREFIX + hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]


def _lang(value, language: str) -> str:
    if isinstance(value, dict):
        value = value.get(language)
    return value if isinstance(value, str) else ""


def _id(*values) -> str | None:
    for value in values:
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str) and _ID_DIGITS.fullmatch(value.strip()):
            return value.strip().lstrip("0") or "0"
    return None


def _en(value) -> str:
    return _lang(value, "en")


def _en_value(value):
    """A text field's English value: the ``en`` of a ``{"en": ..., ...}`` object, else the
    value itself (whatever it is: a value that is not text is reported)."""
    return value.get("en") if isinstance(value, dict) else value


def _texts(pairs, where: str, problems: list[Problem]) -> dict[str, str]:
    texts = {}
    for name, value in pairs:
        if value is None or value == "":
            continue
        if not isinstance(value, str):
            problems.append(Problem(where, f"field {name!r} is {json_kind(value)}, not text; ignored", field=name,
                                    kind="not-text", summary="text fields that are not text"))
            continue
        if value.strip():
            texts[name] = value
    return texts


def _card(entry: dict, where: str, problems: list[Problem]) -> Card | None:
    card_id = shipped_card_id(entry)
    if card_id is None:
        problems.append(Problem(where, "no password, konami_id or name; skipped", kind="no-id",
                                summary="entries with no card id", skipped=True))
        return None
    text, pendulum = _en_value(entry.get("text")), _en_value(entry.get("pendulum_effect"))
    if pendulum is None and isinstance(text, str) and text.strip():
        texts = {"text": text}   # (nearly every card: what _texts makes of it, at once)
    else:
        texts = _texts((("text", text), ("pendulumEffect", pendulum)), f"{where} (id {card_id})", problems)
    card_type = entry.get("card_type")
    if not isinstance(card_type, str):
        card_type = ""
    # The database has no set codes: a card's "set" is its kind, which the errata pages
    # group by (Monster, Spell, Trap).
    return Card(card_id, _en(entry.get("name")), card_type, card_type, texts)


def _ygoprodeck_card(entry: dict, where: str, problems: list[Problem]) -> Card | None:
    card_id = _id(entry.get("id"), entry.get("konami_id"))
    if card_id is None:
        problems.append(Problem(where, "no id; skipped", kind="no-id", summary="entries with no card id",
                                skipped=True))
        return None
    here = f"{where} (id {card_id})"
    pend = entry.get("pend_desc")
    text = entry.get("monster_desc") if pend and entry.get("monster_desc") else entry.get("desc")
    texts = _texts((("text", text), ("pendulumEffect", pend)), here, problems)
    kind = entry.get("type") if isinstance(entry.get("type"), str) else ""
    card_type = "Spell" if "Spell" in kind else "Trap" if "Trap" in kind else "Monster" if kind else ""
    name = entry.get("name") if isinstance(entry.get("name"), str) else ""
    return Card(card_id, name, card_type, card_type, texts)


#: where the shipped shape keeps each text field
_SHIPPED_PATHS = {"text": ("text", "en"), "pendulumEffect": ("pendulum_effect", "en")}


def write_back(data: bytes, source: str, fmt: str, texts) -> str:
    """The database file ``data`` with each changed text replaced (``tagtext convert
    --format database``), in either shape: the shipped one's ``text.en`` and
    ``pendulum_effect.en``; YGOPRODeck's ``desc`` (and, for a Pendulum Monster,
    ``monster_desc`` and ``pend_desc``, and the two effects inside ``desc`` too)."""
    _, shape = decode(data, source)
    from ... import writeback  # (imported when writing back: not at start-up)

    seen: set[str] = set()

    def update(entry: object) -> None:
        if not isinstance(entry, dict):
            return
        card_id = shipped_card_id(entry) if shape == "shipped" else _id(entry.get("id"), entry.get("konami_id"))
        if card_id is None or card_id in seen:
            return
        seen.add(card_id)
        changes = texts.get(card_id)
        if not changes:
            return
        if shape == "shipped":
            writeback.replace_fields(entry, changes, _SHIPPED_PATHS)
            return
        split = bool(entry.get("pend_desc") and entry.get("monster_desc"))
        desc = entry.get("desc")
        writeback.replace_fields(entry, changes, {"text": ("monster_desc",) if split else ("desc",),
                                                  "pendulumEffect": ("pend_desc",)})
        if split and isinstance(desc, str):         # desc holds both effects under headers
            for original, new in changes.values():
                if desc.count(original) == 1:
                    desc = desc.replace(original, new)
            entry["desc"] = desc

    if data[:2] == b"\x1f\x8b":
        fmt = "json.gz"
    return writeback.write_back(data, source, "json.gz" if fmt.endswith(".gz") else "json", update)
