"""tagtext check-overrides"""

from __future__ import annotations

import sys

import click

from .. import packs

from ..rulings import check
from ..project import with_rulings
from . import streams
from .common import PackCommand, global_flags, handle_errors, note, pack_option, plural, report_problems, rulings_option


@click.command("check-overrides", cls=PackCommand)
@global_flags
@click.argument("db", required=False)
@click.option("--table", "table_path", metavar="FILE", hidden=True,
              help="The same as --rulings (its former name).")
@click.option("--json", "as_json", is_flag=True, help="Print the statuses as JSON.")
@rulings_option
@pack_option
@handle_errors
def check_overrides(db, table_path, as_json, rulings, pack):
    """List special rulings that are stale or name unknown cards, against card database DB
    (the shipped database when DB is absent).

    A ruling is stale when the effect it covers is no longer in its card's text in any of
    its wordings: the card's text changed, and the ruling must be reviewed. Exits 1 when
    any ruling is stale or names an unknown card, 0 when all are current. With --rulings,
    the pack's rulings and yours, as every command uses them.

    \b
    Examples:
      tagtext check-overrides
      tagtext check-overrides new/{shipped} --json
      tagtext check-overrides --rulings my-rulings.toml
    """
    table = with_rulings(pack, rulings or table_path).rulings()
    database = packs.load_database(pack, db)
    skipped = report_problems(database.problems)
    statuses = check(table, database.by_id())
    if as_json:
        streams.print_json([{"id": s.ruling.id, "card": s.ruling.card, "field": s.ruling.field,
                                "mode": s.ruling.mode, "status": s.status, "detail": s.detail}
                               for s in statuses], indent=2)
    else:
        for s in statuses:
            streams.echo(f"{s.status:13} {s.ruling.id:34} {s.ruling.card} {s.ruling.field}: {s.detail}")
        counts = {k: sum(1 for s in statuses if s.status == k) for k in ("current", "stale", "unknown-card")}
        note(f"tagtext: {plural(len(statuses), 'ruling')}: {counts['current']} current, {counts['stale']} stale, "
             f"{plural(counts['unknown-card'], 'unknown card')} ({table.source} against {database.source})")
    sys.exit(1 if skipped or any(s.status != "current" for s in statuses) else 0)
