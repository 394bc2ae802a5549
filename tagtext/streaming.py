"""Converting a JSON-lines card database a card at a time: ``tagtext convert DB.jsonl
--format jsonl`` (or ``-`` with JSON lines on stdin).

Each line is read, made a card by the pack (``Pack.card_from_json_line``), rewritten and
written before the next is read, so memory stays the same however long the database is.
What is kept of each card is a 16-byte digest of its id with where it was, for the
duplicate check (:class:`SeenIds`: in memory for the first few thousand cards, then in a
private temporary file, so that memory stays flat however many cards); of the problems found,
the first few of each kind and their counts (:class:`tagtext.problem_log.ProblemLog`):
what the report prints. The output is byte for byte what converting the whole file gives.

What must be known before anything is written: whether the file still looks like a card
database (:func:`tagtext.carddb.shape_problem`), known after the first :data:`SAMPLE`
entries, and whether it is in the pack's language (:func:`tagtext.batch.language_problem`),
known once a text is rewritten. The lines are held until both are; the checks are made
again at the end: written to a file, the output then replaces nothing (it is written
atomically); written to stdout, the lines already printed stay.
"""

from __future__ import annotations

import hashlib
import sqlite3
from array import array
from dataclasses import field
from typing import Callable, Iterable, TextIO

from .batch import (MIN_TEXTS, CardResult, convert_card, first_residual_of, first_stale_of, language_problem,
                    strict_problem)
from .carddb import INVALID_JSON_LINE, BadEntry, Problem, ShapeError, shape_problem
from .convert import jsonl_line, pack_record
from .problem_log import ProblemLog
from .records import record
from .result import RewriteResult

#: entries read (their lines held) before the database's shape is checked and writing starts
SAMPLE = 1000
#: identical texts are rewritten once: at most this many are remembered
MEMO_SIZE = 20_000


@record
class Tally:
    """What a streamed conversion found: the counts of ``BatchResult.summary`` and the problems."""

    source: str
    entries: int = 0
    cards: int = 0
    texts: int = 0
    rewritten: int = 0
    cards_rewritten: int = 0
    residuals: int = 0
    stale_rulings: int = 0
    failed_texts: int = 0
    with_text: bool = False
    with_main: bool = False
    #: a text was rewritten, or could not be: the database is in the pack's language
    changed: bool = False
    ruled: bool = False
    #: different texts read, up to MIN_TEXTS (all language_problem needs to know)
    distinct: set[str] = field(default_factory=set)
    #: the first residual and the first stale ruling, as --strict names them
    first_residual: str | None = None
    first_stale: str | None = None
    #: the entries skipped or repaired, and the texts that could not be rewritten (the
    #: first few of each kind, and the counts)
    problems: ProblemLog = field(default_factory=ProblemLog)
    text_problems: ProblemLog = field(default_factory=lambda: ProblemLog(one_group=True))

    def add(self, result: CardResult, main_field: str) -> None:
        self.cards += 1
        texts = result.results.values()
        self.texts += len(result.results)
        changed = sum(1 for r in texts if r.changed)
        self.rewritten += changed
        self.cards_rewritten += bool(changed)
        self.residuals += sum(len(r.residuals) for r in texts)
        self.stale_rulings += sum(1 for r in texts for w in r.warnings if w.kind == "stale-ruling")
        self.failed_texts += len(result.problems)
        for problem in result.problems:
            self.text_problems.append(problem)
        self.with_text = self.with_text or bool(result.card.texts)
        self.with_main = self.with_main or main_field in result.card.texts
        self.changed = self.changed or bool(changed) or bool(result.problems)
        self.ruled = self.ruled or any(r.ruling for r in texts)
        for name, r in result.results.items():
            if self.first_residual is None and r.residuals:
                self.first_residual = first_residual_of(result.card.id, name, r.residuals[0])
            if self.first_stale is None:
                stale = next((w for w in r.warnings if w.kind == "stale-ruling"), None)
                if stale is not None:
                    self.first_stale = first_stale_of(result.card.id, name, stale)
        for r in texts:
            if len(self.distinct) >= MIN_TEXTS:
                break
            self.distinct.add(r.original)

    def summary(self) -> dict[str, int]:
        return {"cards": self.cards, "texts": self.texts, "rewritten": self.rewritten,
                "cards_rewritten": self.cards_rewritten, "residuals": self.residuals,
                "stale_rulings": self.stale_rulings, "failed_texts": self.failed_texts,
                "problems": len(self.problems)}

    def strict_problem(self) -> str | None:
        """What ``--strict`` refuses (:func:`tagtext.batch.strict_problem`)."""
        return strict_problem(self.source, self.residuals, self.stale_rulings, self.first_residual, self.first_stale)

    def shape_problem(self, fields, title: str) -> str | None:
        """What looks wrong with the database so far (``fields``: an empty database of the
        pack, with its main, text and id fields), as a whole file's conversion checks it."""
        first, count = self.problems.groups.get(INVALID_JSON_LINE, ([], 0))
        return (shape_problem(self.source, self.entries, self.problems.skipped, self.cards, self.with_text, self.with_main,
                              fields.main_field, fields.text_fields, fields.id_fields,
                              bad_lines=(count, first[0]) if count else None)
                or language_problem(self.source, title, self.texts, self.changed, self.stale_rulings, self.ruled,
                                    len(self.distinct)))


def convert_lines(entries: Iterable[tuple[str, object]], source: str, pack, out: TextIO,
                  allow_empty: bool = False, kept: str | None = None,
                  progress: Callable[[int], None] | None = None, hold: bool = False) -> Tally:
    """Convert the ``(where, entry)`` pairs of a JSON-lines database with ``pack``, writing
    each card's ``jsonl`` line to ``out`` as it is done. Raises :class:`ShapeError` when
    the database does not look like one, unless ``allow_empty``; ``kept`` says what was
    left as it was (None: ``out`` is not replaced as a whole, and the message says whether
    lines were written). ``hold``: write nothing before the end (``--strict`` to stdout,
    which must be able to refuse the whole conversion)."""
    fields = pack.database_from_bytes(b"[]", source, "json")  # the pack's main, text and id fields
    main_field = fields.main_field
    ruled = pack.rulings().cards()
    record = pack_record(pack)
    tally = Tally(source)
    seen = SeenIds(f"{source}:")
    try:
        memo: dict[str, RewriteResult] = {}
        held: list[str] | None = []

        def check() -> None:
            problem = tally.shape_problem(fields, pack.title)
            if problem and not allow_empty:
                left = kept or ("nothing written" if held is not None else "the lines written stay")
                raise ShapeError(f"{problem} — {left} (--allow-empty writes it anyway)")

        for where, entry in entries:
            tally.entries += 1
            if isinstance(entry, BadEntry):  # a line that is not valid JSON
                tally.problems.append(entry.problem)
                continue
            card = pack.card_from_json_line(where, entry, tally.problems)
            if card is not None:
                first = seen.add(card.id, where)
                if first is not None:
                    tally.problems.append(Problem(f"{where} (id {card.id})",
                                                  f"duplicate id, first seen at {first}; this entry is skipped",
                                                  card.id, kind="duplicate-id", summary="duplicate ids", skipped=True))
                else:
                    if len(memo) > MEMO_SIZE:
                        memo.clear()
                    result = convert_card(card, memo if card.id not in ruled else None, pack)
                    tally.add(result, main_field)
                    line = jsonl_line(result, record)
                    if held is None:
                        out.write(line)
                    else:
                        held.append(line)
                    if progress is not None:
                        progress(1)
            if held is not None and tally.entries >= SAMPLE and tally.changed and not hold:
                check()
                out.write("".join(held))
                held = None
        if held is not None:
            check()
            out.write("".join(held))
        else:
            check()
        return tally
    finally:
        seen.close()


#: ids held in memory before SeenIds moves them to a temporary file (about 20 bytes each)
IN_MEMORY_IDS = 4096


class SeenIds:
    """The ids of the cards converted so far, each as a 16-byte digest (BLAKE2b: two ids
    share one with a chance of about 2^-128 per pair, never in practice) with where it was
    first seen.

    The first ``in_memory`` ids are held in an open-addressing table of three arrays, 20
    bytes a slot, a third to two thirds full (a dict of the ids and their lines took about
    120 bytes a card); ``where`` is kept as its line number when it is the usual ``prefix``
    + line (``source:line``), else in a dict (no reader gives such wheres for a whole
    file). Past that many, every id moves to a private temporary SQLite database
    (``sqlite3.connect("")``: a file SQLite makes in the temporary folder, unlinked, gone
    when closed) whose page cache is held to about a megabyte: what a stream of any
    length keeps in memory stays the same (issue 22)."""

    _OTHER = 0xFFFF_FFFF  # the line slot of an id whose where is in ``_wheres``
    #: the temporary database's page cache, in KiB (SQLite's ``cache_size`` when negative)
    CACHE_KIB = 1024

    def __init__(self, prefix: str, slots: int = 1024, in_memory: int = IN_MEMORY_IDS):
        self.prefix = prefix
        self.in_memory = in_memory
        self._high = array("Q", bytes(8 * slots))
        self._low = array("Q", bytes(8 * slots))
        self._lines = array("I", bytes(4 * slots))  # line + 1; 0: an empty slot
        self._used = 0
        self._wheres: dict[tuple[int, int], str] = {}
        self._db: sqlite3.Connection | None = None

    def add(self, card_id: str, where: str) -> str | None:
        """Where ``card_id`` was first seen if it was seen before (it is then not added),
        else None (it is added, seen at ``where``)."""
        digest = hashlib.blake2b(card_id.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        if self._db is not None:
            return self._add_on_disk(digest, where)
        high, low = int.from_bytes(digest[:8], "little"), int.from_bytes(digest[8:], "little")
        lines, highs, lows = self._lines, self._high, self._low
        mask = len(lines) - 1
        k = low & mask
        while lines[k]:
            if lows[k] == low and highs[k] == high:
                line = lines[k]
                return self._wheres[(high, low)] if line == self._OTHER else f"{self.prefix}{line - 1}"
            k = (k + 1) & mask
        line = where[len(self.prefix):]
        if where.startswith(self.prefix) and line.isdigit() and int(line) + 1 < self._OTHER:
            lines[k] = int(line) + 1
        else:
            lines[k] = self._OTHER
            self._wheres[(high, low)] = where
        highs[k], lows[k] = high, low
        self._used += 1
        if self._used >= self.in_memory and self._to_disk():
            return None
        if self._used * 3 > len(lines) * 2:
            self._grow()
        return None

    def close(self) -> None:
        """Let the temporary database go (its file with it)."""
        if self._db is not None:
            self._db.close()

    def _add_on_disk(self, digest: bytes, where: str) -> str | None:
        try:
            if self._db.execute("INSERT OR IGNORE INTO seen VALUES (?, ?)", (digest, where)).rowcount == 0:
                return self._db.execute("SELECT place FROM seen WHERE digest = ?", (digest,)).fetchone()[0]
        except sqlite3.Error as e:
            raise OSError(f"the ids of the cards converted could not be kept in a temporary file ({e}): "
                          "set TMPDIR to a folder with room to write") from None
        return None

    def _to_disk(self) -> bool:
        """Every id held so far into the temporary database, the arrays let go; False (the
        ids stay in memory, and the table grows there) when SQLite cannot make one."""
        rows = []
        for high, low, line in zip(self._high, self._low, self._lines):
            if line:
                where = self._wheres[(high, low)] if line == self._OTHER else f"{self.prefix}{line - 1}"
                rows.append((high.to_bytes(8, "little") + low.to_bytes(8, "little"), where))
        try:
            db = sqlite3.connect("", isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA cache_size = -{self.CACHE_KIB}")
            db.execute("PRAGMA journal_mode = OFF")
            db.execute("PRAGMA synchronous = OFF")
            db.execute("CREATE TABLE seen (digest BLOB PRIMARY KEY, place TEXT NOT NULL) WITHOUT ROWID")
            db.executemany("INSERT INTO seen VALUES (?, ?)", rows)
        except sqlite3.Error:
            self.in_memory = float("inf")
            return False
        self._db = db
        self._high = self._low = array("Q")
        self._lines = array("I")
        self._wheres = {}
        return True

    def _grow(self) -> None:
        old = (self._high, self._low, self._lines)
        slots = 2 * len(self._lines)
        self._high, self._low = array("Q", bytes(8 * slots)), array("Q", bytes(8 * slots))
        self._lines = array("I", bytes(4 * slots))
        mask = slots - 1
        for high, low, line in zip(*old):
            if line:
                k = low & mask
                while self._lines[k]:
                    k = (k + 1) & mask
                self._high[k], self._low[k], self._lines[k] = high, low, line
