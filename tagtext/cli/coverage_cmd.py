"""tagtext coverage"""

from __future__ import annotations

import sys

import click

from .. import packs
from . import streams
from .common import (PackCommand, allow_empty_option, check_shape, global_flags, handle_errors, pack_option,
                     report_problems)


@click.command("coverage", cls=PackCommand)
@global_flags
@click.argument("db", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--top", default=25, show_default=True,
              help="How many shapes of unexplained sentences to list (the text report; --json lists all).")
@allow_empty_option
@pack_option
@handle_errors
def coverage(db, as_json, top, allow_empty, pack):
    """Report how much of card database DB the grammar understands.

    Parses every text field of every card (the shipped database when DB is absent) and
    counts parse errors, numerals and player references found by a plain scan of the text
    and how many of them typed nodes explain, and the unexplained sentences: those holding
    a numeral or player reference no typed node explains, most frequent shapes first (a
    gap in the grammar; the residuals convert reports are something else: text a rule
    covers but cannot rewrite).

    Exit status 1 when the grammar cannot parse a text or entries of DB were skipped; a
    database that no longer looks like one (nearly every entry skipped, no text) is an
    error, not a 100% score (--allow-empty reports on it anyway).

    \b
    Examples:
      tagtext coverage
      tagtext coverage path/to/{shipped} --json > coverage.json
    """
    database = packs.load_database(pack, db)
    check_shape(database, allow_empty)
    report = pack.coverage(database)
    skipped = report_problems(database.problems)
    failed = bool(skipped or getattr(report, "parse_errors", None))
    if as_json:
        streams.print_json(report.to_json(), indent=2)
        sys.exit(1 if failed else 0)
    streams.echo(f"database:      {database.source}")
    for line in report.summary_lines(top):
        streams.echo(line)
    sys.exit(1 if failed else 0)
