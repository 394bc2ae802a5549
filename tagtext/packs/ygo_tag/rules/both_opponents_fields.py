"""Rule 1: an effect that affects only the opponent's field affects both opponents' fields."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from ..analysis import on_field
from .common import Context, like, replace, your_opponent

RULE = "both-opponents-fields"
TRIGGER = re.compile(r"your opponent")

_PLURAL_AREA = (
    (re.compile(r"^(side)(\s+of\s+the\s+field)$", re.I), r"\1s\2"),
    (re.compile(r"^(.*(?:field|zone))$", re.I), r"\1s"),
)
_VERB = {"controls": "control", "has": "have"}


def plural_area(text: str) -> str:
    for pattern, repl in _PLURAL_AREA:
        if pattern.match(text):
            return pattern.sub(repl, text)
    return text


def both_opponents_fields(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'Effects that affect only the opponent's field instead affect both
    opponents' fields.' EX1: 'An opponent attacks and my teammate activates "Mirror Force".
    It destroys all Attack Position monsters both opponents control.'

    What "your opponent" controls becomes what your opponents control: "monsters your
    opponent controls" -> "monsters your opponents control", "your opponent's Attack
    Position monsters" -> "your opponents' Attack Position monsters", "your opponent's
    field" -> "your opponents' fields" (the plural names both; see NOTES.md)."""
    changes: dict = {}
    for m in ctx.mentions():
        if not your_opponent(m) or m.team or not ctx.free(m.leaf) or not on_field(m):
            continue
        if m.conditional or m.before[-1:] == ("by",):
            # a requirement is rule 5's; "destroyed by your opponent's card" names a cause
            continue
        leaf = m.leaf
        if leaf.possessive:
            replace(changes, leaf, like("your opponents'", leaf.text), RULE, ctx)
            if m.area_leaf is not None and ctx.free(m.area_leaf):
                new = plural_area(m.area_leaf.text)
                if new != m.area_leaf.text:
                    replace(changes, m.area_leaf, new, RULE, ctx)
            continue
        replace(changes, leaf, like("your opponents", leaf.text), RULE, ctx)
        nxt = m.next_leaf
        if isinstance(nxt, (y.Words, y.Word)):
            words = nxt.split() if isinstance(nxt, y.Words) else [nxt]
            if words[0].text.lower() == "currently" and len(words) > 1:
                words = words[1:]
            verb = words[0]
            if verb.text.lower() in _VERB and ctx.free(verb):
                replace(changes, verb, _VERB[verb.text.lower()], RULE, ctx)
    return replace_leaves(tree, changes)
