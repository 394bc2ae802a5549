"""tagtext rewrite (what only some runs need is imported where it is used: a short rewrite
starts fast)"""

from __future__ import annotations

import click

from . import streams
from .common import (PackCommand, customised, global_flags, handle_errors, note, notes_option, pack_option, quiet,
                     rulings_option, text_argument)


@click.command("rewrite", cls=PackCommand)
@global_flags
@click.argument("text", required=False)
@click.option("--card", "card_id", metavar="CARD",
              help="The card the text is from, for its special ruling: its id in any case (BT7-040, bt7-040) "
                   "or its name (\"Rasenmon\").")
@click.option("--json", "as_json", is_flag=True, help="Print the full result: text, edits, residuals, warnings.")
@click.option("--db", metavar="DB", default=None,
              help="The card database --card looks the card up in (default: the shipped one; only with "
                   "--card). tagtext.toml: database.")
@rulings_option
@notes_option
@pack_option
@handle_errors
def rewrite(text, card_id, as_json, db, rulings, notes, pack):
    """Rewrite card TEXT as {title} text (TEXT from stdin when absent or "-"; --pack: another format).

    Prints the rewritten text. Residuals (counts the rules cannot rewrite) and warnings
    (a special ruling of the card whose effect is not in the text: the card's text has
    changed since the ruling was written (stale), or TEXT is not the card's own) go to
    stderr, one per line (not with --quiet). --card names
    the card by id or by name in the pack's shipped card database; one it does not have
    gets a warning (the text is still rewritten).

    \b
    Examples:
      tagtext rewrite "{example}"
      tagtext rewrite --card ID --json < card-text.txt
      tagtext rewrite --card "CARD NAME" --rulings our-rulings.toml "..."
    """
    source = text_argument(text)
    pack = customised(pack, notes, rulings)
    card = None
    if card_id is not None:
        card_id, card = _resolve_card(card_id, pack, db)
    result = pack.rewrite(source, card_id, source="<text>" if text not in (None, "-") else "<stdin>")
    if card is not None:
        result = _not_the_cards_text(result, card, pack)
    if as_json:
        import json
        out = {"card": card_id, **result.to_json()}
        streams.print_json(out, indent=2)
        return
    streams.echo(result.text, nl=not result.text.endswith("\n"))
    if quiet():
        return
    for residual in result.residuals:
        streams.echo(f"tagtext: residual {residual.start}-{residual.end} [{residual.rule}] {residual.text!r}: "
                   f"{residual.reason}", err=True)
    for warning in result.warnings:
        streams.echo(f"tagtext: warning: {warning}", err=True)


def _resolve_card(query: str, pack, db: str | None = None):
    """The card --card names, (its id, the card): an id in any case or form the pack knows
    (``bt4-088``), or a card's name (``"Pot of Greed"``) in the pack's shipped database.
    An id no card has gets a warning and is used as given, with no card: the text is
    still rewritten (a card newer than the database is fine), but no ruling applies, and a
    typo would otherwise go unnoticed."""
    from ..lookup import AmbiguousCard, find_card
    try:
        found = find_card(pack.load_database(None), query, pack.normalise_card_id)
    except AmbiguousCard as e:
        raise click.BadParameter(str(e), param_hint="'--card'") from None
    if found.how == "name":
        note(f"tagtext: note: --card {query!r} is {found.id} {found.card.name}")
    elif found.how == "unknown" and query not in pack.rulings().cards():
        note(f"tagtext: warning: no card {query!r} in the {'shipped ' if db is None else ''}card database "
             f"{'' if db is None else db + ' '}(by id or name); "
             f"no special ruling applies to it")
    return found.id, found.card


def _not_the_cards_text(result, card, pack):
    """A ruling whose effect is in the card's text in the database but not in the text
    given is not stale (the card has not changed): the text given is not the card's own
    (another field, another card, a typo). Say that instead."""
    import dataclasses

    from ..result import Notice
    from ..rulings import check
    current = {status.ruling.id for status in check(pack.rulings(), {card.id: card}) if status.status == "current"}
    warnings = tuple(
        Notice("ruling-not-in-text",
               f"special ruling {w.ruling!r} ({card.id} {w.field}) covers an effect this text does not hold: "
               f"it is not {card.id}'s {w.field} text as the card database has it; not applied",
               ruling=w.ruling, card=w.card, field=w.field)
        if w.kind == "stale-ruling" and w.ruling in current else w
        for w in result.warnings)
    return dataclasses.replace(result, warnings=warnings) if warnings != result.warnings else result
