"""tagtext parse"""

from __future__ import annotations

import json

import click

from ..syntax.show import outline, to_json
from .common import PackCommand, global_flags, handle_errors, pack_option, text_argument


@click.command("parse", cls=PackCommand)
@global_flags
@click.argument("text", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the tree as JSON.")
@pack_option
@handle_errors
def parse(text, as_json, pack):
    """Parse card TEXT with the {title} grammar and print its syntax tree (TEXT from stdin when
    absent or "-").

    Every node shows its kind and its span in the text (start-end, in characters).

    \b
    Example:
      tagtext parse "{example}"
    """
    source = text_argument(text)
    tree = pack.parse(source, "<text>" if text not in (None, "-") else "<stdin>")
    if as_json:
        click.echo(json.dumps(to_json(tree), ensure_ascii=False, indent=2))
    else:
        click.echo(outline(tree))
