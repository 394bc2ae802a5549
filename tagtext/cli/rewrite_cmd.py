"""tagtext rewrite"""

from __future__ import annotations

import json

import click

from .common import global_flags, handle_errors, note, pack_option, quiet, text_argument


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
    (stale special rulings) go to stderr, one per line (not with --quiet). An ID that is
    not in the shipped card database gets a warning (the text is still rewritten).

    \b
    Examples:
      tagtext rewrite "[Main] Trash the top 3 cards of your opponent's deck."
      tagtext rewrite --card BT7-040 --json < rasenmon.txt
    """
    source = text_argument(text)
    if card_id is not None:
        _check_card(card_id, pack)
    result = pack.rewrite(source, card_id, source="<text>" if text not in (None, "-") else "<stdin>")
    if as_json:
        out = {"card": card_id, **result.to_json()}
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
        return
    click.echo(result.text, nl=not result.text.endswith("\n"))
    if quiet():
        return
    for residual in result.residuals:
        click.echo(f"tagtext: residual {residual.start}-{residual.end} [{residual.rule}] {residual.text!r}: "
                   f"{residual.reason}", err=True)
    for warning in result.warnings:
        click.echo(f"tagtext: warning: {warning}", err=True)


def _check_card(card_id: str, pack) -> None:
    """A warning when --card names no card of the pack's shipped database: the text is
    still rewritten (a card newer than the database is fine), but no ruling applies, and a
    typo would otherwise go unnoticed."""
    if card_id in pack.rulings().cards():
        return
    ids = {card.id for card in pack.load_database(None).cards}
    if card_id in ids:
        return
    hint = f" (did you mean {card_id.strip().upper()}?)" if card_id.strip().upper() in ids else ""
    note(f"tagtext: warning: card {card_id} is not in the shipped card database{hint}; "
         f"no special ruling applies to it")
