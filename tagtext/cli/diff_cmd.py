"""tagtext diff"""

from __future__ import annotations

import json
import sys

import click

from .common import errors_exit, global_flags, pack_option


@click.command("diff")
@global_flags
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON (schema tagtext-diff/1).")
@click.option("--exit-code", is_flag=True,
              help="Exit 1 when there are differences, 0 when none (errors then exit 2), as GNU diff.")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Color the word diff (auto: when stdout is a terminal).")
@pack_option
def diff(old, new, as_json, exit_code, color, pack):
    """Show what changed between OLD and NEW: cards added, removed, and cards whose
    official text or Tag Tamer text changed, with a word diff of the Tag Tamer text
    ([-removed-]{+added+}, or red and green on a terminal).

    OLD and NEW are each a card database (any file `tagtext convert` reads; "-" is
    stdin) or a `tagtext convert` output in json or jsonl (recognised by its "schema"
    field). A database is rewritten with this tagtext; only cards whose official text
    differs are rewritten when both sides are databases.

    Under each changed text: its residuals and warnings (a stale special ruling means
    the card's text changed under its ruling). Release day: diff the new database
    against the last one to see which cards need an errata line or a special ruling.

    Exit status: 0, or 1 on an error; with --exit-code, 1 when there are differences
    and 2 on an error.

    \b
    Examples:
      tagtext diff DigimonCards-old.json DigimonCards.json
      tagtext diff tagtamer-published.json DigimonCards.json --exit-code
      tagtext diff old.json new.json --json | jq '.changed[].id'
    """
    with errors_exit(2 if exit_code else 1):
        from ..diff import compare, load_side, report_lines

        old_side, new_side = load_side(old, pack), load_side(new, pack)
        for side in (old_side, new_side):
            for problem in side.problems:
                click.echo(f"tagtext: warning: {problem}", err=True)
        comparison = compare(old_side, new_side)
        if as_json:
            click.echo(json.dumps(comparison.to_json(), ensure_ascii=False, indent=2))
        else:
            use_color = color == "always" or (color == "auto" and _stdout_is_terminal())
            for line in report_lines(comparison, color=use_color):
                click.echo(line, color=use_color)
    sys.exit(1 if exit_code and comparison.differs else 0)


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
