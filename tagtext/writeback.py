"""Write-back: the database a conversion read, in its own shape, with each text replaced by
its tag-format text (``tagtext convert --format database``), so the converted database
loads into the deckbuilders, simulators and bots that read the original.

The engine's part knows no game: it decodes a database file (a JSON array, a JSON object
holding the array under ``cards`` or ``data``, JSON lines, CSV), lets the pack update each
entry in place, and encodes the result the way the input was written: the same JSON
layout (indentation, separators, ASCII escapes, escaped slashes, final newline), the same
CSV columns. Everything the pack does not change stays as it was: an input written by a
JSON encoder with the same settings comes back byte for byte where no text changed.

The pack's part (its ``write_back``) knows where each of its text fields is in an entry
and which entry is which card, as its loader does.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Callable, Iterable, Mapping

from .carddb import DatabaseError, JsonError, decompress, loads_json, not_utf8_error
from .records import record

#: card id -> field -> (the official text, the tag-format text)
Texts = Mapping[str, Mapping[str, tuple[str, str]]]


@record(frozen=True)
class JsonStyle:
    """How a JSON document was written, to write it back alike."""

    indent: int | str | None
    separators: tuple[str, str]
    ensure_ascii: bool
    escaped_slashes: bool
    final_newline: bool

    @classmethod
    def of(cls, text: str) -> "JsonStyle":
        body = text.lstrip("\ufeff")
        m = re.match(r"\s*[\[{]\n([ \t]+)", body)
        indent: int | str | None = None
        if m:
            indent = len(m.group(1)) if set(m.group(1)) == {" "} else m.group(1)
        colon = re.search(r'"\s*:(\s?)', body)
        comma = ", " if indent is None and re.search(r'[}\]"\d],\s', body[:2000]) else ","
        separators = (comma, ": " if colon is None or colon.group(1) else ":")
        ascii_only = body.isascii()
        return cls(indent, separators, ascii_only and "\\u" in body, "\\/" in body, body.endswith("\n"))

    def dumps(self, doc: object) -> str:
        out = json.dumps(doc, indent=self.indent, separators=self.separators, ensure_ascii=self.ensure_ascii)
        if self.escaped_slashes:
            out = out.replace("/", "\\/")
        return out + ("\n" if self.final_newline else "")


def write_back(data: bytes, source: str, fmt: str, update: Callable[[object], None]) -> str:
    """The database file ``data`` (format ``fmt``: json, jsonl or csv, maybe ``.gz``) with
    ``update(entry)`` applied to each entry in file order, encoded as it was written."""
    data, fmt = decompress(data, source, fmt)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise not_utf8_error(data, e, source) from None
    if fmt == "csv":
        return _csv(text, source, update)
    if fmt == "jsonl":
        return _jsonl(text, source, update)
    doc = loads_json(text, source)
    entries = doc
    if isinstance(doc, dict):
        entries = next((doc[k] for k in ("cards", "data") if isinstance(doc.get(k), list)), None)
    if not isinstance(entries, list):
        raise DatabaseError(f"{source}: expected a JSON array of cards (or an object with a \"cards\" or "
                            f"\"data\" array)")
    for entry in entries:
        update(entry)
    return JsonStyle.of(text).dumps(doc)


def _jsonl(text: str, source: str, update: Callable[[object], None]) -> str:
    lines = []
    pieces = text.split("\n")  # (a line feed ends a line, as the readers split them)
    for lineno, piece in enumerate(pieces, 1):
        line = piece + "\n" if lineno < len(pieces) else piece
        if not line.strip():
            lines.append(line)
            continue
        try:
            entry = loads_json(line.rstrip("\r\n"), source, lineno)
        except JsonError:  # a line that is not valid JSON: skipped when read, written as it was
            lines.append(line)
            continue
        update(entry)
        ending = line[len(line.rstrip("\r\n")):]
        lines.append(JsonStyle.of(line.rstrip("\r\n")).dumps(entry) + ending)
    return "".join(lines)


def _csv(text: str, source: str, update: Callable[[object], None]) -> str:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        rows = list(reader)
    except csv.Error as e:
        raise DatabaseError(f"{source}:{reader.line_num + 1}: invalid CSV: {e}") from None
    for row in rows:
        update(row)
    ending = "\r\n" if "\r\n" in text[:4096] else "\n"
    out = io.StringIO(newline="")
    writer = csv.DictWriter(out, fieldnames=reader.fieldnames or [], lineterminator=ending, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def each_card_once(card_id_of: Callable[[dict], str | None],
                   update: Callable[[dict, str], None]) -> Callable[[object], None]:
    """An ``update`` for :func:`write_back` that calls ``update(entry, card_id)`` for the
    first entry of each card id (``card_id_of(entry)``, None or "" for none); an entry that
    is no object, has no id or repeats one (which the loaders skip) is left as it was."""
    seen: set[str] = set()

    def each(entry: object) -> None:
        if not isinstance(entry, dict):
            return
        card_id = card_id_of(entry)
        if not card_id or card_id in seen:
            return
        seen.add(card_id)
        update(entry, card_id)

    return each


def replace_fields(entry: dict, changes: Mapping[str, tuple[str, str]], paths: Mapping[str, Iterable[str]]) -> None:
    """Set each changed text field's value in ``entry``, found at its path (a field's
    keys, outermost first: ``("text", "en")``), where the entry still holds the official
    text there."""
    for field_name, (original, new) in changes.items():
        *outer, last = tuple(paths.get(field_name, (field_name,)))
        holder = entry
        for key in outer:
            holder = holder.get(key) if isinstance(holder, dict) else None
        if isinstance(holder, dict) and holder.get(last) == original:
            holder[last] = new


def changed_texts(batch) -> dict[str, dict[str, tuple[str, str]]]:
    """What write-back writes: per card and text field, the official and the tag-format
    text, for the texts the conversion changed."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for card_result in batch.cards:
        for name, result in card_result.results.items():
            if result.text != result.original:
                out.setdefault(card_result.card.id, {})[name] = (result.original, result.text)
    return out
