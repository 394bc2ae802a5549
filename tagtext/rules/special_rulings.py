"""Rule: special rulings (the table in overrides/special-rulings.toml).

Manual: "Certain cards have their text transformed in irregular ways to circumvent issues
that would be created by using the regular transformation." RULES-NOTES 15: the table
wins over the rules for the effect it names: keep as printed, replace, or the regular
rewrite plus an appended sentence. An entry must match its card in either English
wording; when a card's text no longer matches its entry, that is reported as stale,
never applied or skipped silently.
"""

from __future__ import annotations

from ..rulings import Match, load_table
from ..syntax.edit import replace_leaves, word_leaves

RULE = "override"


def find(text: str, card_id: str | None, field: str | None):
    """(matches, warnings) for the card's rulings in this text."""
    if card_id is None:
        return [], []
    rulings = load_table().for_card(card_id)
    matches, warnings = [], []
    for ruling in rulings:
        m = ruling.find(text)
        if m is not None:
            matches.append(m)
        elif field is None or ruling.field == field:
            where = f"its {ruling.field}" if field is None else "this text"
            warnings.append(
                f"stale special ruling {ruling.id!r} ({card_id} {ruling.field}): the effect it covers is "
                f"not in {where} in either wording; not applied"
            )
    if field is None and matches:
        warnings = []  # a text of the card that has its ruled effect: the others are other fields
    return matches, warnings


def apply(tree, matches: list[Match], ctx):
    """Replace or extend the ruled effects (kept effects were protected from the rules)."""
    changes = {}
    for m in matches:
        if m.ruling.mode == "keep":
            continue
        leaves = [leaf for leaf in word_leaves(tree) if m.start <= leaf.start and leaf.end <= m.end]
        if not leaves or leaves[0].start != m.start or leaves[-1].end != m.end:
            ctx.warnings.append(f"special ruling {m.ruling.id!r} matches text that does not start and end "
                                f"at word boundaries; not applied")
            continue
        if m.ruling.mode == "replace":
            text = m.text
            changes[leaves[0].start] = lambda leaf, text=text: leaf.replaced(text, RULE)
            for leaf in leaves[1:]:
                changes[leaf.start] = lambda leaf: leaf.replaced("", RULE).with_changes(prefix="")
        else:  # append
            text = m.text
            changes[leaves[-1].start] = lambda leaf, text=text: leaf.replaced(leaf.text + text, RULE)
    return replace_leaves(tree, changes)
