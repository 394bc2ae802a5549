"""tagtext diff"""

from __future__ import annotations

import os
import sys

import click

from . import streams
from .common import (PackCommand, EXIT_USAGE, allow_empty_option, check_shape, errors_exit, global_flags, jobs_option,
                     not_rewritten, notes_option, pack_option, report_problems, rulings_option)


@click.command("diff", cls=PackCommand)
@global_flags
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON (schema tagtext-diff/1).")
@click.option("--exit-code", is_flag=True,
              help="Exit 1 when there are differences, 0 when none (errors then exit 2), as GNU diff.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Color the word diff (auto: when stdout is a terminal; the text report, not --json).")
@allow_empty_option
@jobs_option
@rulings_option
@notes_option
@pack_option(recorded=True)
def diff(old, new, as_json, exit_code, color, allow_empty, jobs, rulings, notes, pack):
    """Show what changed between OLD and NEW: cards added, removed, and cards whose
    official text or {title} text changed, with a word diff of the official text
    where it changed, and of the {title} text ([-removed-]{+added+}, or red and green
    on a terminal).

    OLD and NEW are each a card database (any file `tagtext convert` reads; "-" is
    stdin) or a `tagtext convert` output in json or jsonl (recognised by its "schema"
    field). A database is rewritten with this tagtext (when both sides are databases,
    OLD only where its texts differ from NEW's): a text that cannot be rewritten is
    reported, whether or not it changed.

    Under each changed text: its residuals and warnings (a stale special ruling means
    the card's text changed under its ruling). Release day: diff the new database
    against the last one to see which cards need an errata line or a special ruling.

    A side whose database no longer looks like one (nearly every entry skipped, no text)
    is an error (--allow-empty compares it anyway). Skipped entries are reported, the first
    few of each kind.

    Exit status: 0; 1 on an error, when entries were skipped or when a text could not be
    rewritten; with --exit-code, 0 when the inputs are the same, 1 when they differ, 2 on
    an error, skipped entries or a text not rewritten (the comparison is then incomplete),
    never 1 for a failure. The colours (red and green around the [-…-]{+…+} markers) are
    off when NO_COLOR is set or TERM is dumb, unless --color always.

    \b
    Examples:
      tagtext db export -o previous-{shipped}
      tagtext diff previous-{shipped} {shipped}
      tagtext diff published.json {shipped} --exit-code
      tagtext diff old.json new.json --json | jq '.changed[].id'
    """
    error = EXIT_USAGE if exit_code else 1
    if old == "-" and new == "-":
        raise click.UsageError("OLD and NEW are both \"-\": only one of them can be read from stdin")
    with errors_exit(error):
        from ..carddb import refuse_shape
        from ..diff import compare, load_sides, report_lines

        old_side, new_side = load_sides(old, new, pack, rulings, notes)
        for side in (old_side, new_side):
            if side.database is not None:
                check_shape(side.database, allow_empty)
            else:
                refuse_shape(side.batch.read_back_problem(), allow_empty)
        skipped = report_problems([p for side in (old_side, new_side) for p in side.problems])
        comparison = compare(old_side, new_side, jobs=jobs)
        if as_json:
            streams.print_json(comparison.to_json(), indent=2)
        else:
            use_color = color == "always" or (color == "auto" and streams.is_terminal() and not no_color())
            for line in report_lines(comparison, color=use_color):
                streams.echo(line, color=use_color)
        # texts rewritten here that could not be: the comparison is incomplete, as with skipped entries
        failed = report_problems(not_rewritten(side.label, p) for side in (old_side, new_side) for p in side.failures)
    if skipped or failed:
        sys.exit(error)
    sys.exit(1 if exit_code and comparison.differs else 0)


def no_color() -> bool:
    """NO_COLOR set to anything but the empty string (https://no-color.org), or a terminal
    that says it shows no colour (TERM=dumb)."""
    return bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"
