"""tagtext convert"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import stat
import sys
from pathlib import Path
from typing import Callable, Iterator

import click

from .. import carddb, packs
from ..carddb import refuse_shape
from ..batch import BatchResult, convert_database, refuse_strict, refuse_strict_problem
from ..convert import FORMATS, UnknownSuffix, format_for, write
from .common import (OutputPath, PackCommand, allow_empty_option, check_shape, customised, fail, global_flags,
                     handle_errors, jobs_option, not_rewritten, note, pack_option, plural, quiet, notes_option,
                     report_problems, rulings_option, strict_option)
from .output import open_text, print_rendered, to_stdout

#: ``--format database``: write-back, DB in its own shape with the tag format's texts
WRITE_BACK = "database"


@click.command("convert", cls=PackCommand)
@global_flags
@click.argument("db", required=False, metavar="[DB]")
@click.option("-o", "--output", metavar="OUT", type=OutputPath(),
              help="Write to OUT (atomically); \"-\" or none: stdout.")
@click.option("-f", "--format", "fmt", type=click.Choice(FORMATS + (WRITE_BACK,)), default=None,
              help="Output format. Default: from OUT's suffix (.jsonl, .csv, .md), else json. "
                   "database: DB itself, in its own shape, each text replaced by the tag format's.")
@allow_empty_option
@strict_option
@jobs_option
@rulings_option
@notes_option
@pack_option
@handle_errors
def convert(db, output, fmt, allow_empty, strict, jobs, rulings, notes, pack):
    """Convert every card of the card database DB to {title} text (--pack: another format).

    DB is {database}; "-" reads JSON from stdin. Without DB: the database shipped with
    tagtext ({shipped}; `tagtext db export` writes it out).

    \b
    Formats:
      json   one document, schema tagtext-convert/1 (tagtext/schema/convert-v1.schema.json):
             per card and text field the official text, the {title} text, the edits
             (span, before, after, rules), residuals, warnings and special ruling
      jsonl  one card per line, same card objects
      csv    one row per card text: id,name,set,field,original,text,rules
      md     a Markdown table of the changed texts, then what needs review
      database
             the database DB itself, in its own shape (as it was read: JSON, JSON lines
             or CSV), every field as it was but each text the rules change replaced by
             its {title} text: it loads into the deckbuilders, simulators and
             bots that read DB. Never chosen by OUT's suffix.

    The same input gives byte-identical output (database order, no timestamps). OUT is
    replaced atomically: a failed or interrupted run leaves the previous OUT as it was.
    A summary goes to stderr, and a progress bar when stderr is a terminal.

    Entries that are wrong (no id, duplicate id, a text field that is not text) are
    skipped and texts that cannot be rewritten are left out; they are reported on stderr
    (the first few of each kind, then a count), the rest is converted and written, and the
    exit status is 1. When nearly every entry is skipped or no card has any text (the
    database's format changed), nothing is written, OUT is kept, and the exit status is 1
    (--allow-empty writes it anyway).

    With --strict, a conversion that has residuals (text a rule covers but cannot rewrite)
    or stale special rulings fails: nothing is written, OUT is kept, one line names them
    and the first, and the exit status is 1 (for publishing only what the maintainers
    have settled).

    OUT's suffix gives the format (.json, .jsonl, .csv, .md; .gz compresses); another
    suffix needs --format. A symbolic link is followed (its target replaced atomically); a
    device or named pipe (/dev/stdout) is written straight into.

    \b
    Examples:
      tagtext convert -o converted.json
      tagtext convert {shipped} -o converted.csv
      tagtext convert {shipped}.gz --format md > changes.md
      tagtext convert - --format jsonl < {shipped} | grep '"changed": true'
      tagtext convert {shipped} --format database -o converted-{shipped}
    """
    pack = customised(pack, notes, rulings)
    if fmt is None:
        try:
            fmt = format_for(output)
        except UnknownSuffix as e:
            raise click.UsageError(str(e)) from None
    if not to_stdout(output) and db is not None and _same_file(db, output):
        fail(f"-o {output}: that is the database DB itself{' (stdin reads it)' if db == '-' else ''}; write the "
             f"conversion to another file", 2)
    stdin_document = None
    if fmt == "jsonl" and db is not None:
        # JSON lines in, JSON lines out: converted a card at a time (tagtext.streaming)
        lines = _json_lines(db)
        if isinstance(lines, bytes):  # stdin, which holds a JSON document: read whole below
            stdin_document = lines + carddb.read_bytes("-")
        elif lines is not None:
            try:
                _stream(lines, carddb.path_name(db), output, pack, allow_empty, strict)
            except carddb.ShapeError:
                if db != "-":  # another pack's database? (read from its first lines)
                    packs.refuse_other_packs_database(_first_lines(db), str(Path(db)), "jsonl", pack)
                raise
    if fmt == WRITE_BACK:
        data, source, data_fmt = _database_file(db, pack)
        database = pack.load_database(None) if db is None else pack.database_from_bytes(data, source, data_fmt)
        if db is not None and packs.reads_poorly(pack, database):
            packs.refuse_other_packs_database(data, source, data_fmt, pack)

        def render(batch: BatchResult, out) -> None:
            from ..writeback import changed_texts  # (only for --format database)
            out.write(pack.write_back(data, source, data_fmt, changed_texts(batch)))
    else:
        database = (packs.load_database(pack, db) if stdin_document is None
                    else pack.database_from_bytes(stdin_document, "<stdin>", "json"))

        def render(batch: BatchResult, out) -> None:
            write(batch, out, fmt)
    check_shape(database, allow_empty, None if to_stdout(output) else output)
    if to_stdout(output):
        # Rendered whole before anything is printed: a failure never leaves half a document.
        batch = _convert(database, pack, jobs)
        refuse_shape(batch.shape_problem(), allow_empty)
        refuse_strict(batch, strict)
        print_rendered(lambda out: render(batch, out))
        output = None
    else:
        # The temporary file is made before converting, so an unwritable OUT fails at once.
        if os.path.isdir(output):
            fail(f"{output}: is a directory; give a file name to write")
        try:
            with open_text(output) as out:
                batch = _convert(database, pack, jobs)
                refuse_shape(batch.shape_problem(), allow_empty, output)  # OUT is kept
                refuse_strict(batch, strict, output)
                render(batch, out)
        except OSError as e:
            if e.filename not in (output, str(Path(output))):
                raise
            if isinstance(e, IsADirectoryError):
                fail(f"{output}: is a directory; give a file name to write")
            fail(f"{output}: cannot write ({e.strerror or e})")
    failed = _report(batch, output, fmt)
    sys.exit(1 if failed else 0)


def _database_file(db: str | None, pack) -> tuple[bytes, str, str]:
    """(bytes, name, format) of the database to write back: DB's file, stdin's JSON, or
    the shipped database."""
    if db is None:
        return pack.shipped_database(), f"shipped {pack.shipped_name}", "json"
    if db == "-":
        return carddb.read_bytes(db), "<stdin>", "json"
    return carddb.read_bytes(db), str(Path(db)), carddb.format_of(Path(db).name)


def _convert(database: carddb.Database, pack, jobs: int | None) -> BatchResult:
    with _progress(len(database.cards)) as step:
        return convert_database(database, pack, progress=step, jobs=jobs)


def _json_lines(db: str):
    """The entries of DB when it is JSON lines (a .jsonl file, or stdin holding JSON lines),
    to be read one by one; for stdin holding a JSON document, the line read from it (the
    rest is still to read); else None."""
    if db == "-":
        is_lines, first = carddb.stdin_is_json_lines()
        return carddb.jsonl_entries("-", first) if is_lines else first
    if carddb.format_of(Path(db).name) in ("jsonl", "jsonl.gz"):
        return carddb.jsonl_entries(db)
    return None


def _first_lines(db: str, count: int = 2000) -> bytes:
    """The first lines of a JSON-lines file, as bytes."""
    lines = []
    for _, (_, entry) in zip(range(count), carddb.jsonl_entries(db)):
        if not isinstance(entry, carddb.BadEntry):
            lines.append(json.dumps(entry, ensure_ascii=False))
    return "\n".join(lines).encode("utf-8")


def _stream(entries, source: str, output: str | None, pack, allow_empty: bool, strict: bool) -> "NoReturn":  # noqa: F821
    """Convert a JSON-lines database a card at a time, each card's line written as it is
    done (to OUT atomically, or to stdout), then report and exit. With ``strict`` to
    stdout, nothing is printed before the end (the whole may be refused)."""
    from ..streaming import convert_lines
    gc.enable()  # (off for the other commands: tagtext.cli.run) cards come without end here
    if to_stdout(output):
        out = _Lines(held=strict)
        tally = convert_lines(entries, source, pack, out, allow_empty, hold=strict)
        refuse_strict_problem(tally.strict_problem() if strict else None)
        out.flush(force=True)
        output = None
    else:
        if os.path.isdir(output):
            fail(f"{output}: is a directory; give a file name to write")
        try:
            with open_text(output) as out:
                tally = convert_lines(entries, source, pack, out, allow_empty, f"{output} left as it was")
                refuse_strict_problem(tally.strict_problem() if strict else None, output)  # OUT is kept
        except OSError as e:
            if e.filename not in (output, str(Path(output))):
                raise
            fail(f"{output}: cannot write ({e.strerror or e})")
    failed = _report_counts(source, tally.summary(), tally.problems, tally.text_problems, output, "jsonl")
    sys.exit(1 if failed else 0)


class _Lines:
    """stdout for lines written one at a time: printed in pieces of 64 KB (on a terminal
    with controls made visible, as every output is); ``held``: all at the end."""

    def __init__(self, held: bool = False):
        self.pending: list[str] = []
        self.size = 0
        self.held = held

    def write(self, text: str) -> None:
        self.pending.append(text)
        self.size += len(text)
        if self.size >= 1 << 16 and not self.held:
            self.flush()

    def flush(self, force: bool = False) -> None:
        if self.pending and (force or not self.held):
            print_rendered(lambda out: out.write("".join(self.pending)))
            self.pending, self.size = [], 0


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr when stderr is a terminal; nothing otherwise."""
    if quiet() or not stderr_is_terminal() or total == 0:
        yield None
        return
    with click.progressbar(length=total, label="tagtext: converting", file=sys.stderr,
                           show_pos=True, update_min_steps=max(1, total // 200)) as bar:
        yield bar.update


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _report(batch: BatchResult, output: str | None, fmt: str) -> bool:
    """Problems (the first few of each kind, then a count), then the summary, on stderr.
    True if anything failed."""
    return _report_counts(batch.source, batch.summary(), batch.problems,
                          [p for c in batch.cards for p in c.problems], output, fmt)


def _report_counts(source: str, s: dict, problems, text_problems, output: str | None, fmt: str) -> bool:
    report_problems(problems)
    report_problems(text_problems, shown=lambda p: not_rewritten(source, p))
    line = (f"tagtext: {source}: {plural(s['cards'], 'card')}, {plural(s['texts'], 'text')}: "
            f"{s['rewritten']} rewritten ({plural(s['cards_rewritten'], 'card')}), "
            f"{plural(s['residuals'], 'residual')}, {plural(s['stale_rulings'], 'stale ruling')}")
    if s["failed_texts"]:
        line += f", {plural(s['failed_texts'], 'text')} not rewritten"
    if s["problems"]:
        line += f", {plural(s['problems'], 'entry', 'entries')} skipped or repaired"
    if output is not None:
        line += f"; wrote {output} ({fmt})"
    note(line)
    return bool(s["failed_texts"] or s["problems"])


def _same_file(db: str, output: str) -> bool:
    """Whether OUT is DB (the same file, through any link or path): writing it would
    replace the database with its own conversion. DB ``-``: whether stdin is OUT
    (``convert - -o cards.json < cards.json``)."""
    try:
        if db == "-":
            stdin = os.fstat(sys.stdin.fileno())
            return stat.S_ISREG(stdin.st_mode) and os.path.samestat(stdin, os.stat(output))
        return os.path.samefile(db, output)
    except (OSError, ValueError, AttributeError):  # no stdin, or one with no descriptor
        return False
