"""Rule 4: "all" cards, "both" players and "each" player cover all four players."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, like, next_word, replace, rule_of

ID = "all-players"
TRIGGER = re.compile(r"both players|your opponent|their opponent")


#: what two players are compared by, and its form for four: "the player who has more
#: cards" -> "the player who has the most cards"
_MOST = {"more": "the most", "fewer": "the fewest", "less": "the least"}


def _both_the(sentence, after_leaf, changes: dict, ctx: Context) -> None:
    """ "make both players show 1 card ..., and if both the shown cards are ...": the cards
    the players showed are now four, "all the shown cards"; "the player who has more
    cards" compares four players: "the player who has the most cards"."""
    previous = None
    for leaf in sentence.leaves():
        if leaf.start <= after_leaf.start:
            previous = leaf
            continue
        if isinstance(leaf, y.Words):
            words = leaf.split()
            for a, b in zip(words, words[1:]):
                if a.text.lower() == "both" and b.text.lower() == "the" and ctx.free(a):
                    replace(changes, a, like("all", a.text), ID, ctx)
            low = [w.text.lower() for w in words]
            if (isinstance(previous, y.PlayerRef) and previous.player == "player"
                    and low[:1] in (["who"], ["with"])):
                k = 2 if low[:1] == ["who"] else 1  # "who has more", "with more"
                if len(words) > k and low[k] in _MOST and ctx.free(words[k]):
                    replace(changes, words[k], _MOST[low[k]], ID, ctx)
        previous = leaf


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
    read_after: set[int] = set()  # the sentences _both_the has read (from their first phrase on)
    first_both = None
    for m in ctx.mentions():
        leaf = m.leaf
        if not isinstance(leaf, y.PlayerRef) or not ctx.free(leaf):
            continue
        if leaf.player == "an_opponent" and leaf.determiner == "their" and m.sentence not in reported and ctx.free(leaf):
            # "each player ... their opponent": in a tag duel a player has two
            reported.add(m.sentence)
            ctx.residual(leaf, ID, "'their opponent': each player has two opponents; which one is not said")
            continue
        if m.lp_sum or m.comparison:
            # "the combined Life Points of both players" (the teams' totals: over four
            # players each would count twice); "you and your opponent have the same
            # number" compares you with one opponent (rule 5)
            continue
        if leaf.player not in ("both", "you_and_opponent"):
            continue
        cannot = next_word(leaf, ctx)
        if cannot is not None and not isinstance(cannot, y.PlayerRef) and cannot.text.lower() == "cannot" \
                and ctx.free(cannot):
            # "you and your opponent cannot play ..." -> "no player can play ...": "all
            # players cannot" would also read as "not every player can"
            replace(changes, leaf, like("no player", leaf.text), ID, ctx)
            replace(changes, cannot, "can", ID, ctx)
        elif leaf.player == "both":
            replace(changes, leaf, like("all " + leaf.text.split(None, 1)[1], leaf.text), ID, ctx)
        else:
            replace(changes, leaf, like("all players", leaf.text), ID, ctx)
        if m.sentence not in read_after:
            # (read from the sentence's first such phrase to its end: what it rewrites is
            # then claimed, so reading on from a later phrase would change nothing)
            read_after.add(m.sentence)
            _both_the(ctx.analysis.sentences[m.sentence], leaf, changes, ctx)
        if first_both is None:
            first_both = leaf.start
    if first_both is not None:
        _they_both(tree, first_both, changes, ctx)
    return replace_leaves(tree, changes)


def _they_both(tree, after: int, changes: dict, ctx: Context) -> None:
    """ "if they both have a card with the same name" after "both players" (at offset
    ``after``; in its sentence or a later one): the players are all four, "they all". (One
    walk over the text, however many "both players" it has.)"""
    for leaf in tree.leaves():
        if leaf.start <= after or not isinstance(leaf, y.Pronoun) or leaf.text.lower() != "they":
            continue
        word = next_word(leaf, ctx)
        if word is not None and not isinstance(word, y.PlayerRef) and word.text.lower() == "both" and ctx.free(word):
            replace(changes, word, like("all", word.text), ID, ctx)


RULE = rule_of(
    ID, all_players, '"Both players" means all four players (rule 4)',
    TRIGGER,
    ("Both players draw 1 card.", "All players draw 1 card."),
)
