"""Rule 4: "all" cards, "both" players and "each" player cover all four players."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, like, replace, rule_of

ID = "all-players"
TRIGGER = re.compile(r"both players|your opponent|their opponent")


def _both_the(sentence, after_leaf, changes: dict, ctx: Context) -> None:
    """ "make both players show 1 card ..., and if both the shown cards are ...": the cards
    the players showed are now four, "all the shown cards"."""
    for leaf in sentence.leaves():
        if leaf.start <= after_leaf.start or not isinstance(leaf, y.Words):
            continue
        words = leaf.split()
        for a, b in zip(words, words[1:]):
            if a.text.lower() == "both" and b.text.lower() == "the" and ctx.free(a):
                replace(changes, a, like("all", a.text), ID, ctx)


def all_players(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'Effects that affect "all" cards (perhaps of some qualifier), "both"
    players, or "each" player instead affect all qualifying cards or all four players
    [...] Any effect referencing and/or requiring a number of cards (perhaps of some
    qualifier) a player has in their possession may only be applied if all players meet
    that criteria.' EX1: '"Dark Hole" destroys all monsters controlled by each player.'
    EX2: '"Spatial Collapse" can only be activated if each player controls 5 or less cards
    and restricts each player to controlling a maximum of 5 cards.'

    "all" cards and "each player" already read as all four players: unchanged. "both
    players('/')" -> "all players('/')"; "(both) you and your opponent" -> "all players"
    (a requirement on both then holds for every player: "if all players each have 5 or
    less cards on the field"); what both players did, later in the sentence, is what all
    did ("if both the shown cards" -> "if all the shown cards")."""
    changes: dict = {}
    reported: set[int] = set()
    for m in ctx.mentions():
        leaf = m.leaf
        if not isinstance(leaf, y.PlayerRef) or not ctx.free(leaf):
            continue
        if leaf.player == "an_opponent" and leaf.determiner == "their" and m.sentence not in reported and ctx.free(leaf):
            # "each player ... their opponent": in a tag duel a player has two
            reported.add(m.sentence)
            ctx.residual(leaf, ID, "'their opponent': each player has two opponents; which one is not said")
            continue
        if leaf.player == "both":
            replace(changes, leaf, like("all " + leaf.text.split(None, 1)[1], leaf.text), ID, ctx)
            _both_the(ctx.analysis.sentences[m.sentence], leaf, changes, ctx)
        elif leaf.player == "you_and_opponent":
            replace(changes, leaf, like("all players", leaf.text), ID, ctx)
    return replace_leaves(tree, changes)


RULE = rule_of(
    ID, all_players, '"Both players" means all four players (rule 4)',
    TRIGGER,
    ("Both players draw 1 card.", "All players draw 1 card."),
)
