"""Writing a converted card database (a :class:`tagtext.batch.BatchResult`) as JSON, JSON
lines, CSV or Markdown: what ``tagtext convert`` prints.

- ``json``: one document following the versioned schema ``tagtext-convert/1``
  (``tagtext/schema/convert-v1.schema.json``, shipped with the package; :func:`schema`
  reads it, for one pack with its text field names), recording the pack that made it
  (name and version). Header fields first, then ``"cards"`` with one card per line, so a text
  diff of two outputs shows one line per changed card and the writer can use the C JSON
  encoder card by card.
- ``jsonl``: one card object per line, each carrying ``"schema"`` so a line can be read
  on its own.
- ``csv``: one row per (card, text field): ``id,name,set,field,original,text,rules``
  (rules space-separated; ``text`` empty where the text could not be rewritten).
- ``md``: a Markdown table of the texts the rules changed, the changes in bold, then the
  texts that need a maintainer's look (residuals, warnings, failures, skipped entries).

Output is deterministic: cards in database order, text fields in
the pack's text-field order (as the database reads them), no timestamps. Writers take an open text stream
and write it piece by piece (see :mod:`tagtext.atomic` for writing a file safely).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Callable, Iterator, TextIO

from . import __version__, packs
from .batch import BatchResult, CardResult
from .carddb import DatabaseError, JsonError, loads_json, not_utf8_error
from .errors import TagTextError
from .markdown import cell as markdown_cell
from .records import record
from .result import Edit, Notice, Residual, RewriteResult

#: The value of the top-level "schema" field; readers check it before anything else.
SCHEMA_ID = "tagtext-convert/1"
SCHEMA_RESOURCE = "schema/convert-v1.schema.json"
FORMATS = ("json", "jsonl", "csv", "md")
CSV_COLUMNS = ("id", "name", "set", "field", "original", "text", "rules")



def schema(pack=None) -> dict:
    """The JSON Schema of the ``json`` output (and, as ``$defs/card``, of a ``jsonl`` line):
    the one shipped (any pack's), or, for ``pack``, with its name required and its text
    field names the only ones allowed."""
    from importlib import resources  # (on first use: it imports tempfile, shutil, ...)
    doc = json.loads(resources.files("tagtext").joinpath(SCHEMA_RESOURCE).read_text(encoding="utf-8"))
    if pack is not None:
        doc["title"] += f": pack {pack.name}"
        doc["required"] = doc["required"] + ["pack"]
        doc["$defs"]["pack"]["properties"]["name"] = {"const": pack.name}
        doc["$defs"]["card"]["properties"]["texts"]["propertyNames"] = {"enum": list(pack.text_fields)}
    return doc


#: output file suffix -> format
SUFFIXES = {"json": "json", "jsonl": "jsonl", "ndjson": "jsonl", "csv": "csv", "md": "md", "markdown": "md"}


class UnknownSuffix(ValueError):
    """An output file name whose suffix names no format."""


def format_for(path: str | Path | None, default: str = "json") -> str:
    """The output format an output file name asks for (``.json``, ``.jsonl``, ``.csv``,
    ``.md``, each maybe followed by ``.gz``); ``default`` for a name with no suffix
    (``/dev/stdout``). Raises :class:`UnknownSuffix` for any other suffix (``.xml``)."""
    if path is None:
        return default
    name = Path(str(path)).name.lower()
    if is_gzip_name(name):
        name = name[: -len(".gz")]
    suffix = Path(name).suffix.lstrip(".")
    if not suffix:
        return default
    if suffix not in SUFFIXES:
        raise UnknownSuffix(
            f"{path}: cannot tell the format from the suffix .{suffix} "
            f"(.json, .jsonl, .csv, .md, each maybe .gz); give --format")
    return SUFFIXES[suffix]


def is_gzip_name(path: str | Path | None) -> bool:
    """Whether an output file name asks for gzip (``.gz``)."""
    return path is not None and str(path).lower().endswith(".gz")


# ----------------------------------------------------------------------------- records

@record(frozen=True)
class TextRecord:
    """One text field's conversion: the schema's ``text`` object. ``tagtext convert``
    writes it (:meth:`to_json`), ``tagtext diff`` reads it back (:meth:`from_json`) and
    compares it with a text rewritten afresh, through this one class."""

    original: str
    #: the rewrite (None when the text could not be rewritten)
    result: RewriteResult | None
    error: str | None = None

    @property
    def text(self) -> str | None:
        return self.result.text if self.result is not None else None

    def to_json(self) -> dict:
        result = self.result
        if result is None:
            return {"original": self.original, "text": None, "changed": False, "rules": [], "edits": [],
                    "residuals": [], "warnings": [], "ruling": None, "error": self.error or "not rewritten"}
        return {
            "original": result.original,
            "text": result.text,
            "changed": result.changed,
            "rules": list(result.rules),
            "edits": [e.to_json() for e in result.edits],
            "residuals": [r.to_json() for r in result.residuals],
            "warnings": [str(w) for w in result.warnings],
            "notices": [w.to_json() for w in result.warnings],
            "ruling": result.ruling,
            "error": None,
        }

    @classmethod
    def from_json(cls, data: object, where: str) -> "TextRecord":
        """A record as :meth:`to_json` wrote it; a malformed one is a one-line
        :class:`~tagtext.carddb.DatabaseError` naming ``where``."""
        if not (isinstance(data, dict) and isinstance(data.get("original"), str)
                and (data.get("text") is None or isinstance(data.get("text"), str))):
            raise DatabaseError(f"{where} needs \"original\" and \"text\"")
        if data.get("text") is None:
            return cls(data["original"], None, data.get("error") if isinstance(data.get("error"), str) else None)
        try:
            result = RewriteResult(
                original=data["original"], text=data["text"],
                edits=tuple(Edit.from_json(e) for e in data.get("edits") or ()),
                residuals=tuple(Residual.from_json(r) for r in data.get("residuals") or ()),
                warnings=_notices(data),
                ruling=data.get("ruling") if isinstance(data.get("ruling"), str) else None,
                rules=tuple(r for r in data.get("rules") or () if isinstance(r, str)),
            )
        except (KeyError, TypeError, AttributeError):
            raise DatabaseError(f"{where}: an edit or residual is not as tagtext writes them") from None
        problem = _span_problem(result)
        if problem:
            raise DatabaseError(f"{where}: {problem}; not as tagtext writes them")
        return cls(data["original"], result)


def _span_problem(result: RewriteResult) -> str | None:
    """What is wrong with the spans of a record read back (a file edited by hand, or
    tampered with): each edit and residual must span whole offsets within the original
    text, edits in order and apart, their texts text."""
    size = len(result.original)

    def bad(start, end) -> bool:
        offsets = all(isinstance(x, int) and not isinstance(x, bool) for x in (start, end))
        return not (offsets and 0 <= start <= end <= size)

    end = 0
    for n, edit in enumerate(result.edits, 1):
        if bad(edit.start, edit.end) or edit.start < end:
            return (f"edit {n} spans {edit.start!r}-{edit.end!r}: not offsets within the original text "
                    f"({size} characters), after the edit before it")
        if not (isinstance(edit.before, str) and isinstance(edit.after, str)
                and all(isinstance(r, str) for r in edit.rules)):
            return f"edit {n}'s before, after or rules are not text"
        end = edit.end
    for n, residual in enumerate(result.residuals, 1):
        if bad(residual.start, residual.end):
            return (f"residual {n} spans {residual.start!r}-{residual.end!r}: not offsets within the original "
                    f"text ({size} characters)")
        if not all(isinstance(x, str) for x in (residual.text, residual.rule, residual.reason)):
            return f"residual {n}'s text, rule or reason is not text"
    return None


def _notices(data: dict) -> tuple[Notice, ...]:
    """The record's warnings as typed notices: ``notices`` where they still say what
    ``warnings`` says (an older record, or one edited by hand, has only the messages:
    read as plain warnings)."""
    messages = [w for w in data.get("warnings") or () if isinstance(w, str)]
    notices = data.get("notices")
    if isinstance(notices, list) and [n.get("message") for n in notices if isinstance(n, dict)] == messages:
        return tuple(Notice.from_json(n) for n in notices)
    return tuple(Notice("warning", w) for w in messages)


def text_record(original: str, result: RewriteResult | None, error: str | None = None) -> dict:
    """One text field's conversion, as the schema's ``text`` object."""
    return TextRecord(original, result, error).to_json()


def card_record(card_result: CardResult) -> dict:
    """One card, as the schema's ``card`` object: id, name, set, type and its texts."""
    card = card_result.card
    texts = {}
    for name in card.texts:  # the pack's field order, as its loader reads them
        texts[name] = text_record(card.texts[name], card_result.results.get(name), card_result.errors.get(name))
    return {"id": card.id, "name": card.name, "set": card.set, "type": card.card_type, "texts": texts}


def pack_record(pack) -> dict:
    """The pack that made a conversion, as the document records it: its name and version."""
    return {"name": pack.name, "version": pack.version}


def header_record(batch: BatchResult) -> dict:
    """The document's fields other than ``cards``."""
    return {
        "schema": SCHEMA_ID,
        "generator": f"tagtext {__version__}",
        "pack": pack_record(batch.pack),
        "source": batch.source,
        "summary": batch.summary(),
        "problems": [{"where": p.where, "message": p.message} for p in batch.problems],
    }


# ----------------------------------------------------------------------------- writers

#: one encoder for the whole document (json.dumps with options makes a new one per call)
_ENCODER = json.JSONEncoder(ensure_ascii=False)


def _dumps(value) -> str:
    return _ENCODER.encode(value)


def write_json(batch: BatchResult, out: TextIO) -> None:
    """The schema's document: header fields, then one card per line."""
    header = header_record(batch)
    out.write("{\n")
    for key in ("schema", "generator", "pack", "source", "summary"):
        out.write(f"  {_dumps(key)}: {_dumps(header[key])},\n")
    out.write(f'  "problems": {_list_lines(_dumps(p) for p in header["problems"])},\n')
    out.write('  "cards": [')
    first = True
    for card_result in batch.cards:
        out.write("\n    " if first else ",\n    ")
        out.write(_dumps(card_record(card_result)))
        first = False
    out.write("]\n}\n" if first else "\n  ]\n}\n")


def _list_lines(items: Iterator[str]) -> str:
    items = list(items)
    if not items:
        return "[]"
    return "[\n    " + ",\n    ".join(items) + "\n  ]"


def write_jsonl(batch: BatchResult, out: TextIO) -> None:
    """One card per line, each with ``"schema"`` first."""
    pack = pack_record(batch.pack)
    for card_result in batch.cards:
        out.write(jsonl_line(card_result, pack))


def jsonl_line(card_result: CardResult, pack: dict) -> str:
    """One card's line of the ``jsonl`` format, with its newline (``pack``: the pack's
    :func:`pack_record`)."""
    return _dumps({"schema": SCHEMA_ID, "pack": pack, **card_record(card_result)}) + "\n"


def write_csv(batch: BatchResult, out: TextIO) -> None:
    """One row per (card, text field), with a header row; newlines are ``\\n``. A cell of
    the database's (id, name, set, texts) that a spreadsheet would run as a formula is
    written with a ``'`` before it (see :func:`csv_cell`)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for card_result in batch.cards:
        card = card_result.card
        for name, record in card_record(card_result)["texts"].items():
            text = record["text"] if record["text"] is not None else ""
            writer.writerow((csv_cell(card.id), csv_cell(card.name), csv_cell(card.set), name,
                             csv_cell(record["original"]), csv_cell(text), " ".join(record["rules"])))


#: What starts a formula in a spreadsheet (Excel, LibreOffice, Google Sheets).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: str) -> str:
    """A cell no spreadsheet runs: one that starts as a formula does (``=HYPERLINK(...)``,
    ``+``, ``-``, ``@``, a tab) gets a ``'`` before it, which spreadsheets show as text and
    hide (OWASP's advice for CSV injection). No real card text starts so."""
    return "'" + value if value.startswith(_FORMULA_START) else value


def write_markdown(batch: BatchResult, out: TextIO) -> None:
    """A table of the changed texts (changes in bold), then what needs review."""
    s = batch.summary()
    title = batch.pack.title
    out.write(f"# {title} text: {_md(batch.source)}\n\n")
    out.write(f"tagtext {__version__}: {s['cards']} cards, {s['texts']} texts; {s['rewritten']} texts "
              f"rewritten on {s['cards_rewritten']} cards; {s['residuals']} residuals, "
              f"{s['stale_rulings']} stale rulings, {s['failed_texts']} texts not rewritten, "
              f"{s['problems']} entries skipped or repaired.\n\n")
    out.write("## Changed texts\n\n")
    rows = [(c, name, r) for c in batch.cards for name, r in c.results.items() if r.changed]
    if rows:
        out.write(f"| Card | Name | Field | Official text | {title} text | Rules |\n")
        out.write("| --- | --- | --- | --- | --- | --- |\n")
        for c, name, r in rows:
            out.write(f"| {_md(c.card.id)} | {_md(c.card.name)} | {name} | {_md(r.original)} | "
                      f"{_highlighted(r)} | {_md(', '.join(r.rules))} |\n")
    else:
        out.write("No text changed.\n")
    review = list(_review_rows(batch))
    out.write("\n## Needs review\n\n")
    if review:
        out.write("| Card | Field | What | Details |\n| --- | --- | --- | --- |\n")
        for row in review:
            out.write("| " + " | ".join(_md(cell) for cell in row) + " |\n")
    else:
        out.write("Nothing: no residuals, warnings, failures or skipped entries.\n")


def _review_rows(batch: BatchResult) -> Iterator[tuple[str, str, str, str]]:
    for c in batch.cards:
        for name, r in c.results.items():
            for res in r.residuals:
                yield c.card.id, name, f"residual ({res.rule})", f"{res.text!r}: {res.reason}"
            for w in r.warnings:
                yield c.card.id, name, "warning", w
        for name, error in c.errors.items():
            yield c.card.id, name, "not rewritten", error
    for p in batch.problems:
        yield "", "", "database", str(p)


def _md(text: str) -> str:
    """Text for a Markdown table cell: nothing in it is read as markup (see :mod:`tagtext.markdown`)."""
    return markdown_cell(text)


def _highlighted(r: RewriteResult) -> str:
    """The rewritten text for a table cell, each edit in bold, when the edits account for
    the whole change (they should); otherwise the plain text."""
    edits = sorted(r.edits, key=lambda e: e.start)
    plain, marked, pos = [], [], 0
    for edit in edits:
        if edit.start < pos:  # overlapping edits: no way to place them
            return _md(r.text)
        plain += [r.original[pos:edit.start], edit.after]
        marked += [_md(r.original[pos:edit.start]), f"**{_md(edit.after)}**" if edit.after.strip() else _md(edit.after)]
        pos = edit.end
    plain.append(r.original[pos:])
    marked.append(_md(r.original[pos:]))
    if not edits or "".join(plain) != r.text:
        return _md(r.text)
    return "".join(marked)


WRITERS: dict[str, Callable[[BatchResult, TextIO], None]] = {
    "json": write_json, "jsonl": write_jsonl, "csv": write_csv, "md": write_markdown,
}


def write(batch: BatchResult, out: TextIO, fmt: str = "json") -> None:
    """Write ``batch`` to ``out`` in format ``fmt`` (one of :data:`FORMATS`)."""
    try:
        writer = WRITERS[fmt]
    except KeyError:
        raise ValueError(f"unknown output format {fmt!r} (one of {', '.join(FORMATS)})") from None
    writer(batch, out)


# ----------------------------------------------------------------------------- reading back

@record(frozen=True)
class Conversion:
    """A convert output read back: its card records and the pack it records."""

    source: str
    #: (where, card record) in document order
    records: list[tuple[str, object]]
    #: the recorded pack's name and version; None for an output of a tagtext that did not
    #: record it
    pack: str | None
    pack_version: str | None = None


def read_conversion(data: bytes, source: str, fmt: str) -> Conversion | None:
    """A convert output (json or jsonl, already gunzipped), or None if ``data`` is not one
    (a card database). A convert CSV is refused: it has no edits."""
    if fmt == "csv":
        head = data[:200].decode("utf-8-sig", "replace").splitlines()[:1]
        if head and tuple(head[0].strip().split(",")) == CSV_COLUMNS:
            raise DatabaseError(f"{source}: a tagtext convert CSV cannot be compared; "
                                f"diff reads card databases and convert json or jsonl output")
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise not_utf8_error(data, e, source) from None
    if fmt == "jsonl":
        records = []
        recorded: tuple | None = None
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                record = loads_json(line, source, lineno)
            except JsonError:
                if not records:  # no conversion's first line: a card database's reader skips it
                    return None
                raise
            if not records and not (isinstance(record, dict) and "schema" in record):
                return None  # the first record decides: a card database
            _check_schema(record, source, f"line {lineno}")
            made_by = _recorded_pack(record, source, f"line {lineno}")
            if recorded is None:
                recorded = made_by
            elif made_by != recorded:
                raise DatabaseError(f"{source}: line {lineno} records pack {made_by[0]!r}, the lines before it "
                                    f"{recorded[0]!r}; a conversion is one pack's: convert the database again")
            records.append((f"{source}:{lineno}", record))
        if not records:
            return None
        return Conversion(source, records, *recorded)
    doc = loads_json(text, source)
    if not (isinstance(doc, dict) and "schema" in doc):
        return None
    _check_schema(doc, source, "document")
    cards = doc.get("cards")
    if not isinstance(cards, list):
        raise DatabaseError(f"{source}: a {SCHEMA_ID} document needs a \"cards\" array")
    return Conversion(source, [(f"{source}: card {i + 1}", c) for i, c in enumerate(cards)],
                      *_recorded_pack(doc, source, "document"))


def _recorded_pack(record: dict, source: str, where: str) -> tuple[str | None, str | None]:
    """(name, version) of the pack a record says made it ((None, None) if it says none)."""
    made_by = record.get("pack")
    if made_by is None:
        return None, None
    if not (isinstance(made_by, dict) and isinstance(made_by.get("name"), str) and made_by["name"]
            and isinstance(made_by.get("version", ""), str)):
        raise DatabaseError(f"{source}: {where}: \"pack\" must be {{\"name\": ..., \"version\": ...}} as "
                            f"tagtext convert writes it")
    return made_by["name"], made_by.get("version")


def _check_schema(record: object, source: str, where: str) -> None:
    schema = record.get("schema") if isinstance(record, dict) else None
    if schema != SCHEMA_ID:
        raise DatabaseError(f"{source}: {where}: schema {schema!r} is not one this tagtext reads ({SCHEMA_ID})")


def batch_from_conversion(conversion: Conversion, pack) -> BatchResult:
    """A convert output read back as the batch it was written from (``tagtext errata``
    builds pages from a published conversion this way, without rewriting anything), with
    ``pack``: the one it records (see :func:`tagtext.packs.for_conversion`)."""
    from .carddb import Card
    out = []
    seen: set[str] = set()
    source = conversion.source
    for where, record in conversion.records:
        if not isinstance(record, dict) or not isinstance(record.get("id"), str) \
                or not isinstance(record.get("texts"), dict):
            raise DatabaseError(f"{where}: not a card record (needs \"id\" and \"texts\")")
        card_id = record["id"]
        if card_id in seen:
            raise DatabaseError(f"{where}: duplicate id {card_id}")
        seen.add(card_id)
        texts = {name: TextRecord.from_json(t, f"{where} (id {card_id}): text {name!r}")
                 for name, t in record["texts"].items()}
        card = Card(card_id, _text(record.get("name")), _text(record.get("set")), _text(record.get("type")),
                    {name: t.original for name, t in texts.items()})
        result = CardResult(card)
        for name, t in texts.items():
            if t.result is not None:
                result.results[name] = t.result
            else:
                result.errors[name] = t.error or "not rewritten"
        out.append(result)
    return BatchResult(source, out, [], pack)


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


@record(frozen=True)
class Input:
    """What a command reading "a card database or a conversion" was given, read but not
    yet given a pack: a file's bytes, and the conversion they are if they are one."""

    #: the file, "-" (stdin) or None (the pack's shipped database)
    path: str | None
    source: str
    data: bytes | None
    fmt: str
    conversion: Conversion | None


def read_input(path: str | Path | None) -> Input:
    """Read a card database or a ``tagtext convert`` json or jsonl output (recognised by its
    ``"schema"``). ``path``: a file, ``"-"`` (stdin, read once) or None (the pack's shipped
    database, read once a pack is chosen). Bad input is a one-line
    :class:`~tagtext.carddb.DatabaseError`."""
    from . import carddb
    if path is None:
        return Input(None, "", None, "json", None)
    source = "<stdin>" if str(path) == "-" else str(Path(path))
    data = carddb.read_bytes(path)
    fmt = "json" if str(path) == "-" else carddb.format_of(Path(path).name)
    data, fmt = carddb.decompress(data, source, fmt)
    return Input(str(path), source, data, fmt, read_conversion(data, source, fmt))


def open_input(given: Input, pack=None, rulings: str | None = None, notes: bool = True):
    """(the card database, None, its pack) or (None, the batch a conversion was written
    from, its pack). The pack: a conversion's recorded one (``pack``, ``--pack``, must be
    it), else ``pack``, else the default pack (:func:`tagtext.packs.for_conversion`,
    :func:`~tagtext.packs.for_database`); ``rulings``: a maintainer's special-ruling table
    laid over the pack's; ``notes``: False, the pack's notes left out (a conversion, whose
    texts are written, is then refused in one line). A database another installed pack
    reads, which this pack cannot read well, is refused naming that pack."""
    from .project import with_notes, with_rulings
    pack = packs.get(pack) if isinstance(pack, str) else pack
    if given.conversion is not None:
        pack = with_rulings(with_notes(packs.for_conversion(given.conversion, pack), notes), rulings)
        if not notes:
            raise NoNotesInConversion(f"--no-notes: {given.source} is a conversion, its texts written with the "
                                      f"notes they had; convert the card database with --no-notes instead")
        return None, batch_from_conversion(given.conversion, pack), pack
    pack = with_rulings(with_notes(packs.for_database(pack), notes), rulings)
    if given.data is None:
        return pack.load_database(None), None, pack
    database = pack.database_from_bytes(given.data, given.source, given.fmt)
    if packs.reads_poorly(pack, database):
        packs.refuse_other_packs_database(given.data, given.source, given.fmt, pack)
    return database, None, pack


def load_input(path: str | Path | None, pack=None, rulings: str | None = None, notes: bool = True):
    """:func:`open_input` of :func:`read_input`: (database, None, pack) or (None, batch, pack)."""
    return open_input(read_input(path), pack, rulings, notes)


class NoNotesInConversion(TagTextError):
    """``--no-notes`` for a conversion: its texts are written, notes and all."""
