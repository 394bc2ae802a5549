"""tagtext rewrite"""

from __future__ import annotations

import json

import click

from ..pipeline import rewrite as rewrite_text
from .common import handle_errors, text_argument


@click.command("rewrite")
@click.argument("text", required=False)
@click.option("--card", "card_id", metavar="ID", help="Card number, for its special ruling (e.g. BT7-040).")
@click.option("--json", "as_json", is_flag=True, help="Print the full result: text, edits, residuals, warnings.")
@handle_errors
def rewrite(text, card_id, as_json):
    """Rewrite effect TEXT for Tag Tamer (TEXT from stdin when absent or "-").

    Prints the rewritten text. Residuals (counts the rules cannot rewrite) and warnings
    (stale special rulings) go to stderr, one per line.

    \b
    Examples:
      tagtext rewrite "[Main] Trash the top 3 cards of your opponent's deck."
      tagtext rewrite --card BT7-040 --json < rasenmon.txt
    """
    source = text_argument(text)
    result = rewrite_text(source, card_id=card_id, source="<text>" if text not in (None, "-") else "<stdin>")
    if as_json:
        out = {"card": card_id, **result.to_json()}
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    click.echo(result.text, nl=not result.text.endswith("\n"))
    for residual in result.residuals:
        click.echo(f"residual {residual.start}-{residual.end} [{residual.rule}] {residual.text!r}: {residual.reason}", err=True)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
