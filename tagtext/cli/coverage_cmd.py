"""tagtext coverage"""

from __future__ import annotations

import sys

import click

from . import streams
from .common import global_flags, handle_errors, pack_option, report_problems


@click.command("coverage")
@global_flags
@click.argument("db", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--top", default=25, show_default=True, help="How many shapes of unexplained sentences to list.")
@pack_option
@handle_errors
def coverage(db, as_json, top, pack):
    """Report how much of card database DB the grammar understands.

    Parses every text field of every card (the shipped database when DB is absent) and
    counts parse errors, numerals and player references found by a plain scan of the text
    and how many of them typed nodes explain, and the unexplained sentences: those holding
    a numeral or player reference no typed node explains, most frequent shapes first (a
    gap in the grammar; the residuals convert reports are something else: text a rule
    covers but cannot rewrite).

    \b
    Examples:
      tagtext coverage
      tagtext coverage path/to/DigimonCards.json --json > coverage.json
    """
    database = pack.load_database(db)
    report = pack.coverage(database)
    skipped = report_problems(database.problems)
    if as_json:
        streams.print_json(report.to_json(), indent=2)
        sys.exit(1 if skipped else 0)
    streams.echo(f"database:      {database.source}")
    for line in report.summary_lines(top):
        streams.echo(line)
    sys.exit(1 if skipped else 0)
