"""tagtext packs"""

from __future__ import annotations

import json

import click

from .. import packs
from .common import global_flags, handle_errors


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
    found = [packs.get(name) for name in packs.names()]
    if as_json:
        click.echo(json.dumps([{"name": p.name, "title": p.title, "game": p.game,
                                "rules": [r.id for r in p.pipeline]} for p in found], indent=2))
        return
    for p in found:
        default = " (default)" if p.name == packs.DEFAULT else ""
        click.echo(f"{p.name}{default}: {p.title}, a tag format of the {p.game}; "
                   f"{len(p.pipeline)} rules: {', '.join(r.id for r in p.pipeline)}")
