"""tagtext packs"""

from __future__ import annotations


import click

from .. import packs
from . import streams
from .common import global_flags, handle_errors, plural


@click.command("packs")
@global_flags
@click.option("--json", "as_json", is_flag=True, help="Print the packs and their rules as JSON.")
@handle_errors
def list_packs(as_json):
    """List the installed rule packs: each tag format tagtext can rewrite text for.

    \b
    Examples:
      tagtext packs
      tagtext convert --pack tag-tamer -o tagtamer.json
    """
    found = packs.all_packs()
    if as_json:
        streams.print_json([{"name": pack.name, "version": pack.version, "title": pack.title, "game": pack.game,
                             "rules": [r.id for r in pack.pipeline]} for pack in found], indent=2)
        return
    for pack in found:
        default = " (default)" if pack.name == packs.DEFAULT else ""
        streams.echo(f"{pack.name}{default}: {pack.title}, a tag format of the {pack.game}; "
                     f"{plural(len(pack.pipeline), 'rule')}: {', '.join(r.id for r in pack.pipeline)}")
