"""tagtext parse"""

from __future__ import annotations


import click

from ..syntax.show import outline, to_json
from . import streams
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
        streams.print_json(to_json(tree), indent=2)
    else:
        streams.echo(outline(tree))
