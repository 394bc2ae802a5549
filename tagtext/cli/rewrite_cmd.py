"""tagtext rewrite"""

from __future__ import annotations

import json

import click

from .common import global_flags, handle_errors, pack_option, text_argument


@click.command("rewrite")
@global_flags
@click.argument("text", required=False)
@click.option("--card", "card_id", metavar="ID", help="Card number, for its special ruling (e.g. BT7-040).")
@click.option("--json", "as_json", is_flag=True, help="Print the full result: text, edits, residuals, warnings.")
@pack_option
@handle_errors
def rewrite(text, card_id, as_json, pack):
    """Rewrite effect TEXT for a tag format, Tag Tamer by default (TEXT from stdin when absent or "-").

    Prints the rewritten text. Residuals (counts the rules cannot rewrite) and warnings
    (stale special rulings) go to stderr, one per line.

    \b
    Examples:
      tagtext rewrite "[Main] Trash the top 3 cards of your opponent's deck."
      tagtext rewrite --card BT7-040 --json < rasenmon.txt
    """
    source = text_argument(text)
    result = pack.rewrite(source, card_id, source="<text>" if text not in (None, "-") else "<stdin>")
    if as_json:
        out = {"card": card_id, **result.to_json()}
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    click.echo(result.text, nl=not result.text.endswith("\n"))
    for residual in result.residuals:
        click.echo(f"residual {residual.start}-{residual.end} [{residual.rule}] {residual.text!r}: {residual.reason}", err=True)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
