"""Card databases: reading them, for any pack.

A pack's loader reads its game's files with these pieces: :func:`read_bytes` (a file, or
stdin), :func:`decompress` (gzip), :func:`parse_bytes` (JSON array, JSON lines or CSV,
each entry made a :class:`Card` by the pack's adapter) and :class:`Database` (the cards,
and what was wrong with the entries, with :meth:`Database.shape_problem` saying when a
file no longer looks like a card database).

Bad input never raises a traceback: a file that cannot be read or decoded raises
:class:`DatabaseError` (one line, naming the file, with line:column for JSON syntax); a
card that is wrong in itself is skipped and reported as a :class:`Problem`, and the rest
of the database loads.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
import zlib
from dataclasses import field
from pathlib import Path
from typing import Iterable, Iterator

from .errors import TagTextError
from .reading import InputError, gunzip, is_gzip, not_utf8, path_name, read_limited
from .records import record

class DatabaseError(TagTextError):
    """A database file that cannot be read at all."""


class JsonError(DatabaseError):
    """Text that is not valid JSON: ``where`` (``cards.json:3:41``) and ``what`` (``invalid
    JSON: Unterminated string``) apart, so that a JSON-lines reader can skip the line as a
    bad entry."""

    def __init__(self, where: str, what: str):
        super().__init__(f"{where}: {what}")
        self.where, self.what = where, what


class ShapeError(DatabaseError):
    """A database that no longer looks like a card database (see Database.shape_problem)."""


def check_shape(database: "Database", allow_empty: bool = False, output: object = None) -> None:
    """Raise :class:`ShapeError` when ``database`` does not look like a card database any
    more, unless ``allow_empty``; the message says that ``output`` is left as it was."""
    refuse_shape(database.shape_problem(), allow_empty, output)


def refuse_shape(problem: str | None, allow_empty: bool = False, output: object = None) -> None:
    """Raise :class:`ShapeError` for ``problem`` (what looks wrong with an input: a
    database's shape, a conversion's, a batch no rule changed), unless ``allow_empty``."""
    if problem and not allow_empty:
        kept = f"{output} left as it was" if output is not None else "nothing written"
        raise ShapeError(f"{problem} — {kept} (--allow-empty writes it anyway)")


@record(frozen=True, slots=True)
class Problem:
    """Something wrong with one card (or one entry) that was skipped or repaired."""

    where: str
    message: str
    #: the card and text field it concerns, where it concerns one
    card: str | None = None
    field: str | None = None
    #: what kind of problem ("no-id", "duplicate-id", ...): reports group by it
    kind: str = "other"
    #: the kind in a few words, for the line counting the rest of a group
    summary: str = ""
    #: whether the whole entry was skipped (not only a field ignored or a text not rewritten)
    skipped: bool = False

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@record(frozen=True)
class Card:
    """One card: its id, name, set, type and the texts tagtext reads, as the pack's loader
    reads them (the pack says what an id is: a card number, a password ...)."""

    id: str
    name: str
    set: str
    card_type: str
    #: field name -> text, only fields that hold text, in the pack's field order
    texts: dict[str, str]
    #: the card's play restrictions where its database has them, region -> status, in the
    #: database's words (the Digimon Card App's: "Restricted to 1", "Banned" ...); the
    #: pack's deck rules read them
    restrictions: dict[str, str] = field(default_factory=dict)


@record
class Database:
    """The cards of one database file, and what was wrong with its entries."""

    source: str
    cards: list[Card]
    problems: list[Problem] = field(default_factory=list)
    #: how many entries the file held (cards read and entries skipped)
    entries: int | None = None
    #: the text field nearly every card of this kind of database has (Digimon: "effect");
    #: a database where none has it has likely had the field renamed
    main_field: str = ""
    #: the text fields its loader reads, named when no card has any
    text_fields: tuple[str, ...] = ()
    #: the fields its loader reads card ids from, named when every entry was skipped
    id_fields: tuple[str, ...] = ()

    @property
    def skipped(self) -> int:
        """How many entries were skipped."""
        return sum(1 for p in self.problems if p.skipped)

    def shape_problem(self, texts: bool = True) -> str | None:
        """One line saying what looks wrong when the database does not look like a card
        database any more (nearly every entry skipped, no card, no text), else None. A
        changed export format (ids or text fields renamed) shows up here, and commands
        then keep their previous output rather than replace it with an empty one.
        ``texts=False``: a reader that needs no card text (deck checks) asks only about
        the entries."""
        entries = self.entries if self.entries is not None else len(self.cards) + self.skipped
        main = self.main_field
        bad_lines = [p for p in self.problems if p.kind == INVALID_JSON_LINE]
        return shape_problem(self.source, entries, self.skipped, len(self.cards),
                             any(card.texts for card in self.cards),
                             bool(main) and any(main in card.texts for card in self.cards),
                             main, self.text_fields, self.id_fields, texts,
                             bad_lines=(len(bad_lines), bad_lines[0]) if bad_lines else None)

    def by_id(self) -> dict[str, Card]:
        return {card.id: card for card in self.cards}

    def texts(self) -> Iterator[tuple[Card, str, str]]:
        """(card, field, text) for every text of every card."""
        for card in self.cards:
            for name, text in card.texts.items():
                yield card, name, text


def shape_problem(source: str, entries: int, skipped: int, cards: int, with_text: bool, with_main: bool,
                  main_field: str, text_fields: tuple[str, ...], id_fields: tuple[str, ...] = (),
                  texts: bool = True, bad_lines: tuple[int, Problem] | None = None) -> str | None:
    """:meth:`Database.shape_problem` from counts (``with_text``: some card has a text;
    ``with_main``: some card has a ``main_field`` text), for a database read a card at a
    time (:mod:`tagtext.streaming`). ``bad_lines``: how many of the skipped entries were
    JSON lines that are not valid JSON, and the first (named in the problem: the cause
    may be a file that is not JSON lines)."""
    if entries == 0:
        return f"{source}: no entries at all"
    invalid = skipped_lines = ""
    if bad_lines:
        count, first = bad_lines
        first_bad = f"the first: {first.where}: {first.message.split(';')[0]}"
        invalid = f", {count} of them not valid JSON ({first_bad})"
        skipped_lines = f" ({count} {'line' if count == 1 else 'lines'} not valid JSON skipped, {first_bad})"
    if not cards:
        ids = " or ".join(f"\"{name}\"" for name in id_fields)
        read_from = f" (card ids are read from {ids})" if ids and not invalid else ""
        return f"{source}: all {entries} entries were skipped{read_from}{invalid}; has the format changed?"
    if skipped * 2 > entries:
        return f"{source}: {skipped} of {entries} entries were skipped{invalid}; has the format changed?"
    if not texts:
        return None
    if not with_text:
        return (f"{source}: no card has any text tagtext reads ({', '.join(text_fields[:3])}, ...)"
                f"{skipped_lines}; have the text fields been renamed?")
    if main_field and cards >= 20 and not with_main:
        return (f"{source}: none of its {cards} cards has an \"{main_field}\" text{skipped_lines}; "
                "has the field been renamed?")
    return None


# ----------------------------------------------------------------------------- reading

def read_file(path: str | Path, card_from_entry, database: type[Database] = Database, **database_fields) -> Database:
    """Read a card database file (``"-"``: JSON from stdin; the format from the file
    name), each entry made a card by the pack's ``card_from_entry``, into a ``database``
    (the pack's subclass of :class:`Database`, if it has one)."""
    if str(path) == "-":
        return parse_bytes(read_bytes(path), "<stdin>", "json", card_from_entry, database, **database_fields)
    p = Path(path)
    return parse_bytes(read_bytes(p), str(p), format_of(p.name), card_from_entry, database, **database_fields)


def read_bytes(path: str | Path) -> bytes:
    """The bytes of a database file (``"-"``: all of stdin), or a one-line
    :class:`DatabaseError` naming the file. An endless or oversized input is refused
    (see :mod:`tagtext.reading`)."""
    source = path_name(path)
    try:
        return read_limited(path)
    except InputError as e:
        raise DatabaseError(f"{source}: {e}") from None
    except FileNotFoundError:
        raise DatabaseError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise DatabaseError(f"{source}: is a directory, not a card database") from None
    except PermissionError:
        raise DatabaseError(f"{source}: permission denied") from None
    except OSError as e:
        raise DatabaseError(f"{source}: cannot read ({e.strerror or e})") from None


#: The longest line of a JSON-lines database read a card at a time (64 MiB).
MAX_LINE = 64 << 20


def jsonl_entries(path: str | Path, first: bytes = b"") -> Iterator[tuple[str, object]]:
    """(where, entry) for each line of a JSON-lines database, read a line at a time
    (``"-"``: stdin, after ``first``, a line already read from it; gzip by the name or
    the first bytes): a database of any length is read in the memory of one line. A line
    that is not valid JSON is a :class:`BadEntry` (see :func:`json_line`); other bad input
    is a one-line :class:`DatabaseError` naming the line (a line not UTF-8, a line longer
    than :data:`MAX_LINE`: an endless input has no line breaks)."""
    source = path_name(path)
    if str(path) == "-":
        stream, owned = sys.stdin.buffer, False
    else:
        try:
            raw = open(path, "rb")
        except FileNotFoundError:
            raise DatabaseError(f"{source}: no such file") from None
        except IsADirectoryError:
            raise DatabaseError(f"{source}: is a directory, not a card database") from None
        except OSError as e:
            raise DatabaseError(f"{source}: cannot read ({e.strerror or e})") from None
        stream, owned = raw, True
        if source.lower().endswith(".gz") or is_gzip(raw.peek(2)[:2]):
            import gzip
            stream = gzip.GzipFile(fileobj=raw, mode="rb")
    try:
        offset = lineno = 0
        for line in _lines_of(stream, first, source):
            lineno += 1
            try:
                text = line.decode("utf-8-sig" if lineno == 1 else "utf-8")
            except UnicodeDecodeError as e:
                raise DatabaseError(f"{source}:{lineno}: {not_utf8(line, e, offset)[1]}") from None
            offset += len(line)
            if text.strip():
                yield f"{source}:{lineno}", json_line(text.rstrip("\r\n"), source, lineno)
    finally:
        if owned:
            stream.close()


def _lines_of(stream, first: bytes, source: str) -> Iterator[bytes]:
    """``first``, then the lines of a binary stream (each at most :data:`MAX_LINE`); a
    gzip error as a one-line DatabaseError."""
    if first:
        yield first
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                return
            if len(line) > MAX_LINE:
                raise DatabaseError(f"{source}: a line longer than {MAX_LINE >> 20} MiB; is it JSON lines?")
            yield line
    except (OSError, EOFError, zlib.error) as e:
        raise DatabaseError(f"{source}: not a readable gzip file ({e})") from None


def stdin_is_json_lines() -> tuple[bool, bytes]:
    """Whether stdin holds JSON lines (see :func:`first_line_is_an_entry`), and its first
    line, read from it."""
    first = sys.stdin.buffer.readline(MAX_LINE + 1)
    return first_line_is_an_entry(first), first


def first_line_is_an_entry(first: bytes) -> bool:
    """Whether ``first`` (a file's first line) is a whole JSON object, not a document with
    a "cards" or "data" list: the file is then JSON lines, one entry a line."""
    try:
        value = json.loads(first.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(value, dict) and not any(isinstance(value.get(k), list) for k in ("cards", "data"))


#: the formats a file name's suffix says (``cards.jsonl.gz``); "json" when it says none
_NAMED_FORMATS = ("jsonl.gz", "json.gz", "csv.gz", "jsonl", "csv", "json")


def format_of(name: str) -> str:
    """The format a file name says (``json``, ``jsonl``, ``csv``, each maybe ``.gz``); json if none."""
    return _named_format(name) or "json"


def _named_format(name: str) -> str | None:
    lower = name.lower()
    return next((fmt for fmt in _NAMED_FORMATS if lower.endswith("." + fmt)), None)


def decompress(data: bytes, source: str, fmt: str) -> tuple[bytes, str]:
    """Gunzip ``data`` if it is gzip (by its first bytes) or ``fmt`` ends in ``.gz``:
    (the bytes, the format without ``.gz``). Expanding is bounded (a gzip bomb is refused,
    see :func:`tagtext.reading.gunzip`). When ``source``'s name says no format (stdin, a
    name with no suffix or only ``.gz``), JSON whose first line is a whole entry is JSON
    lines (:func:`first_line_is_an_entry`), as for stdin's JSON lines streamed."""
    base = fmt[: -len(".gz")] if fmt.endswith(".gz") else fmt
    if fmt.endswith(".gz") or is_gzip(data):
        try:
            data, fmt = gunzip(data), base
        except InputError as e:
            raise DatabaseError(f"{source}: {e}") from None
    if fmt == "json" and _named_format(source) is None and _json_lines_by_content(data):
        fmt = "jsonl"
    return data, fmt


def _json_lines_by_content(data: bytes) -> bool:
    start = _LEADING_SPACE.match(data).end()
    if data[start:start + 1] != b"{":  # (a JSON array, or not JSON: decided without reading it)
        return False
    end = data.find(b"\n", start)
    return first_line_is_an_entry(data[start:end if end >= 0 else len(data)])


_LEADING_SPACE = re.compile(rb"(?:\xef\xbb\xbf)?\s*")


def head(data: bytes, source: str, fmt: str, count: int) -> tuple[bytes, str]:
    """The first ``count`` entries of a database held in memory, in its own shape and
    format (a JSON array or ``{"cards"/"data": [...]}`` object, JSON lines, CSV with its
    header), and that format without ``.gz``; ``(data, fmt)`` as given when it holds no more, or
    cannot be cut (it is not UTF-8, not JSON ...: its readers say what is wrong). What a
    check that needs only a sample of the entries reads, in a time that does not grow with
    the database (:func:`tagtext.packs.guess`)."""
    given, given_fmt = data, fmt
    data, fmt = decompress(data, source, fmt)
    try:
        text = data.decode("utf-8-sig")
        cut = {"jsonl": _jsonl_head, "csv": _csv_head}.get(fmt, _json_head)(text, count)
    except (UnicodeDecodeError, ValueError, RecursionError, TypeError, csv.Error):
        cut = None
    return (given, given_fmt) if cut is None else (cut.encode("utf-8"), fmt)


def _json_head(text: str, count: int) -> str | None:
    start = len(text) - len(text.lstrip())
    if text[start:start + 1] == "{":  # {"cards": [...]}: read whole, its lists cut
        doc = json.loads(text)
        if not any(isinstance(doc.get(key), list) and len(doc[key]) > count for key in ("cards", "data")):
            return None
        return json.dumps({key: value[:count] if key in ("cards", "data") and isinstance(value, list) else value
                           for key, value in doc.items()}, ensure_ascii=False)
    if text[start:start + 1] != "[":
        return None
    decoder, space = json.JSONDecoder(), re.compile(r"[ \t\n\r]*")
    end = space.match(text, start + 1).end()
    for i in range(count):  # the entries' own text: each read, none written again
        if text[end:end + 1] in ("]", ""):
            return None
        end = decoder.raw_decode(text, end)[1]
        end = space.match(text, end).end()
        if text[end:end + 1] != ",":
            return None
        end = space.match(text, end + 1).end()
    return text[:end].rstrip().rstrip(",") + "]"


def _jsonl_head(text: str, count: int) -> str | None:
    end = kept = 0
    while kept < count:
        stop = text.find("\n", end)
        if stop < 0:
            return None
        kept += bool(text[end:stop].strip())
        end = stop + 1
    return text[:end]


def _csv_head(text: str, count: int) -> str | None:
    lines = io.StringIO(text, newline="")
    taken = []

    def read():
        for line in lines:
            taken.append(len(line))
            yield line
    rows = csv.reader(read(), strict=True)
    for _ in range(count + 1):  # the header, then the rows
        if next(rows, None) is None:
            return None
    return text[:sum(taken)]


def not_utf8_error(data: bytes, error: UnicodeDecodeError, source: str) -> DatabaseError:
    """``cards.json:3: not UTF-8 text (byte 41); it looks like Shift_JIS (CP932): save it as UTF-8``."""
    line, what = not_utf8(data, error)
    return DatabaseError(f"{source}:{line}: {what}")


def parse_bytes(data: bytes, source: str, fmt: str, card_from_entry, database: type[Database] = Database,
                **database_fields) -> Database:
    """Decode a database held in memory. ``fmt``: json, jsonl, csv, optionally ``.gz`` (a
    gzip file is found by its first bytes too). ``card_from_entry(where, entry, problems)``
    is the pack's adapter: one entry (a JSON object or a CSV row) -> a :class:`Card`, or
    None with a :class:`Problem` added; ``database`` is the class of the result (the pack's
    subclass of :class:`Database`, if it has one) and ``database_fields`` go to it
    (``main_field``, ``text_fields``)."""
    data, fmt = decompress(data, source, fmt)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise not_utf8_error(data, e, source) from None
    if fmt == "jsonl":
        entries = list(_jsonl_entries(text, source))
    elif fmt == "csv":
        entries = list(_csv_entries(text, source))
    else:
        entries = _json_entries(text, source)
    return build_database(entries, source, card_from_entry, database_fields, database)


#: A JSON escape of a UTF-16 surrogate: only these can decode to a lone surrogate.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


class LongNumber:
    """A JSON integer of more digits than Python reads (4,300): kept as its digits, and
    neither a number nor text to any reader (an id, a count, a text field), so the entry
    or field holding it is skipped or ignored and reported like any other value of the
    wrong kind."""

    __slots__ = ("digits",)

    def __init__(self, digits: str):
        self.digits = digits

    def __repr__(self) -> str:
        return f"<a number of {len(self.digits.lstrip('-'))} digits>"


def json_loads(text: str) -> object:
    """``json.loads``, but an integer too long for Python to read (more than 4,300 digits,
    valid JSON all the same) becomes a :class:`LongNumber` rather than an error that
    sinks the whole file."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:  # the int-string limit: read again, keeping such numbers as digits
        return json.loads(text, parse_int=_int_or_digits)


def _int_or_digits(digits: str) -> int | LongNumber:
    return int(digits) if len(digits.lstrip("-")) <= _MAX_DIGITS else LongNumber(digits)


#: The most digits Python reads as an int (sys.get_int_max_str_digits; 0 means no limit).
_MAX_DIGITS = sys.get_int_max_str_digits() or 1 << 62


def loads_json(text: str, source: str, line: int | None = None) -> object:
    """``json.loads`` with every failure as a one-line :class:`JsonError` naming
    ``source`` (and the line of a JSON-lines file): invalid JSON, nesting too deep for
    the decoder, and a lone surrogate escape (``"\\ud800"``: no Unicode character, and
    no output could hold it)."""
    try:
        doc = json_loads(text)
    except json.JSONDecodeError as e:
        where = f"{source}:{line}:{e.colno}" if line is not None else f"{source}:{e.lineno}:{e.colno}"
        raise JsonError(where, f"invalid JSON: {json_error_message(e)}") from None
    except RecursionError:
        raise JsonError(f"{source}:{line}" if line is not None else source,
                        "invalid JSON: arrays or objects nest too deeply") from None
    if _SURROGATE_ESCAPE.search(text) and _has_surrogate(doc):
        raise JsonError(_surrogate_where(text, source, line),
                        "invalid JSON: a lone surrogate escape (a \\ud800-\\udfff not in a pair) is not a "
                        "Unicode character")
    return doc


def json_error_message(error: json.JSONDecodeError) -> str:
    """What is wrong, from Python's message without the position it ends with (the
    caller names line and column): ``Invalid control character at`` is ``Invalid
    control character U+0001 in a string`` (``Unterminated string`` when it is a line
    break), ``Unterminated string starting at`` is ``Unterminated string``."""
    message = error.msg
    if message == "Invalid control character at":
        char = error.doc[error.pos:error.pos + 1]
        if char in ("\n", "\r"):
            return "Unterminated string (a line break in it)"
        return f"Invalid control character U+{ord(char):04X} in a string" if char else "Invalid control character"
    for ending in (" starting at", " at"):
        if message.endswith(ending):
            return message[: -len(ending)]
    return message


def _has_surrogate(value: object) -> bool:
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if _SURROGATE.search(v):
                return True
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


def _surrogate_where(text: str, source: str, line: int | None) -> str:
    """source:line:column of the first surrogate escape that is not half of a pair."""
    for m in _SURROGATE_ESCAPE.finditer(text):
        code = int(m.group()[2:], 16)
        if code < 0xDC00:  # a high surrogate: fine when a low one follows
            follow = _SURROGATE_ESCAPE.match(text, m.end())
            if follow and int(follow.group()[2:], 16) >= 0xDC00:
                continue
        else:  # a low surrogate: fine right after a high one
            before = text[max(0, m.start() - 6):m.start()]
            if _SURROGATE_ESCAPE.fullmatch(before) and int(before[2:], 16) < 0xDC00:
                continue
        lineno = text.count("\n", 0, m.start()) + 1
        column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        return f"{source}:{line if line is not None else lineno}:{column}"
    return source


def _json_entries(text: str, source: str) -> Iterator[tuple[str, object]]:
    doc = loads_json(text, source)
    if isinstance(doc, dict):
        for key in ("cards", "data"):
            if isinstance(doc.get(key), list):
                doc = doc[key]
                break
        else:
            raise DatabaseError(
                f"{source}: expected a JSON array of cards (or an object with a \"cards\" array), "
                f"got an object with keys {sorted(doc)[:5]}"
            )
    if not isinstance(doc, list):
        raise DatabaseError(f"{source}: expected a JSON array of cards, got {json_kind(doc)}")
    return ((f"{source}: entry {i + 1}", entry) for i, entry in enumerate(doc))


def _jsonl_entries(text: str, source: str) -> Iterator[tuple[str, object]]:
    # lines end at a line feed only, as jsonl_entries reads them (JSON text may hold
    # U+2028 or a form feed in a string, which str.splitlines would break at)
    for lineno, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        yield f"{source}:{lineno}", json_line(line.rstrip("\r"), source, lineno)


#: the kind of problem of a JSON-lines line that is not valid JSON
INVALID_JSON_LINE = "invalid-json-line"


def json_line(text: str, source: str, lineno: int) -> object:
    """The entry of line ``lineno`` of a JSON-lines database; a line that is not valid
    JSON (a lone surrogate escape included) is one bad entry: a :class:`BadEntry`,
    skipped and reported with its line and column, and the other lines are read."""
    try:
        return loads_json(text, source, lineno)
    except JsonError as e:
        return BadEntry(Problem(e.where, f"{e.what}; this line is skipped", kind=INVALID_JSON_LINE,
                                summary="lines that are not valid JSON", skipped=True))


def _csv_entries(text: str, source: str) -> Iterator[tuple[str, object]]:
    """Each row of a CSV file as a dict of its header's columns. A file the CSV reader
    cannot read (a quote never closed) or whose header names a column twice is an error;
    a row with more or fewer cells than the header is a bad entry (its cells cannot be
    told apart), skipped and reported."""
    reader = csv.DictReader(io.StringIO(text, newline=""), strict=True)
    try:
        if not reader.fieldnames or not ({"id", "cardNumber"} & set(reader.fieldnames)):
            raise DatabaseError(f"{source}: CSV needs a header row with an id (or cardNumber) column")
        twice = sorted({name for name in reader.fieldnames if reader.fieldnames.count(name) > 1})
        if twice:
            raise DatabaseError(f"{source}:1: invalid CSV: the header names the column {twice[0]!r} twice")
        width = len(reader.fieldnames)
        for row in reader:
            where = f"{source}:{reader.line_num}"
            extra, missing = row.get(None), [k for k, v in row.items() if v is None]
            if extra or missing:
                cells = width + len(extra or ()) - len(missing)
                yield where, BadEntry(Problem(where, f"a row of {cells} cells under a header of {width}; skipped",
                                              kind="ragged-row", summary="CSV rows with a wrong number of cells",
                                              skipped=True))
                continue
            yield where, row
    except csv.Error as e:
        message = str(e)
        if "field larger than field limit" in message:
            message = f"a field is longer than the CSV reader's limit of {csv.field_size_limit()} characters"
        elif "unexpected end of data" in message:
            message = "a quoted field is never closed (unexpected end of data)"
        raise DatabaseError(f"{source}:{reader.line_num + 1}: invalid CSV: {message}") from None


@record(frozen=True)
class BadEntry:
    """An entry a reader could not make sense of (a CSV row with the wrong number of
    cells): :func:`build_database` reports its problem and skips it."""

    problem: Problem


def json_kind(value: object) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            type(None): "null"}.get(type(value), "a number")


# ----------------------------------------------------------------------------- cards

def build_database(entries: Iterable[tuple[str, object]], source: str, card_from_entry,
                   database_fields: dict, database: type[Database] = Database) -> Database:
    """The cards of ``(where, entry)`` pairs, each made a card by the pack's
    ``card_from_entry(where, entry, problems)``; a repeated id is skipped and reported."""
    cards: list[Card] = []
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    count = 0
    for where, entry in entries:
        count += 1
        if isinstance(entry, BadEntry):
            problems.append(entry.problem)
            continue
        card = card_from_entry(where, entry, problems)
        if card is None:
            continue
        if card.id in seen:
            problems.append(Problem(f"{where} (id {card.id})",
                                    f"duplicate id, first seen at {seen[card.id]}; this entry is skipped",
                                    card.id, kind="duplicate-id", summary="duplicate ids", skipped=True))
            continue
        seen[card.id] = where
        cards.append(card)
    return database(source, cards, problems, entries=count, **database_fields)


def entry_card_id(where: str, entry: object, problems: list[Problem], fields: tuple[str, ...] = ("id",)) -> str | None:
    """The card id of a database entry (the first of ``fields`` that holds one, as text: see
    :func:`text_value`), or None with a problem added (skipped): an entry that is no object,
    or has no id."""
    if not isinstance(entry, dict):
        problems.append(Problem(where, f"expected a card object, got {json_kind(entry)}; skipped",
                                kind="not-an-object", summary="entries that are not card objects", skipped=True))
        return None
    card_id = next((found for found in (text_value(entry.get(name)) for name in fields) if found), "")
    if not card_id:
        problems.append(Problem(where, f"no card id (\"{fields[0]}\"); skipped", kind="no-id",
                                summary="entries with no card id", skipped=True))
        return None
    return card_id


def not_text(where: str, what: str, value: object, card: str | None = None, field: str | None = None) -> Problem:
    """The problem of a text field whose value is not text (``what``: "field 'effect'"),
    which is ignored, the card kept: "field 'effect' is a number, not text; ignored"."""
    return Problem(where, f"{what} is {json_kind(value)}, not text; ignored", card, field, kind="not-text",
                   summary="text fields that are not text")


def text_value(value: object) -> str:
    """A field of an entry as text: a string stripped, a number written out, anything else
    (a boolean, null, a list) empty."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, (int, float)):
        return str(value)
    return value.strip() if isinstance(value, str) else ""


