"""Rule 5: a count, requirement or comparison of the cards your opponent has: choose one opponent for reference."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from ..analysis import both_areas
from .common import (Context, agree_singular, antecedent_mention, introduce, like, next_word, opponent_as, replace,
                     rule_of, wants_opponent, your_opponent)

ID = "reference-opponent"
TRIGGER = re.compile(r"your opponent|both gys|both graveyards")

_HAS = frozenset({"controls", "control", "has", "have", "currently", "controlled"})


#: the words of a comparison ("more cards in your Deck than your opponent", "the same
#: number of monsters as your opponent")
_COMPARED = frozenset({"more", "less", "fewer", "same", "higher", "lower"})


def compared(m) -> bool:
    """You compared with the opponent, the mirror form of a requirement: "If you have more
    cards in your Deck than your opponent does", "If you control the same number of
    monsters as your opponent"."""
    return m.before[-1:] in (("than",), ("as",)) and any(w in _COMPARED for w in m.before)


def requires(m) -> bool:
    """The requirement is about what the opponent has: "if your opponent controls more
    cards than you do", "if your opponent has 2 or more cards in their hand", "if there
    are 5 or more cards in your opponent's GY"."""
    if m.area is not None:
        # "if there are 5 or more cards in your opponent's GY:", "Activate only when there
        # are 3 or more cards in your opponent's Spell & Trap Card Zone", "when your
        # opponent's hand is 6 or more cards"; in an effect, "if that card is in your
        # opponent's hand" is the chosen opponent's hand (rule 2)
        return m.clause_kind == "condition" or (
            m.conditional and any(w in ("more", "less", "fewer") for w in m.before[-8:] + m.after[:6]))
    return bool(m.after) and m.after[0] in _HAS


def reference_opponent(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'If an effect counts a number of cards (perhaps of some qualifier) or
    references and/or requires a specific number of cards your opponent has in their
    possession or in comparison to you, then you must choose an applicable opponent for
    reference.' EX1: 'I control no cards and one of my opponents controls five cards while
    the other opponent controls three cards. I activate "Evenly Matched" from my hand and
    choose the opponent controlling five cards for the effect to apply to.' EX2: 'I
    control "Evilswarm Exciton Knight" and only one of my opponents has more total cards in
    their hand and field than I do. I can activate its effect to destroy all other cards
    on the field.'

    In a requirement (a condition before ":", or an "if"/"while" part), "your opponent"
    -> "an opponent" (any one that meets it), also in the mirror form ("If you have more
    cards in your Deck than an opponent does"); the opponent the effect then acts on, later
    in the same effect, -> "that opponent" ("... so you have the same number of cards in
    the Deck as that opponent"); "you and your opponent have the same number of cards in
    hand" compares you with one: "you and an opponent", then "that opponent". A
    requirement on "both GYs" (yours and your opponent's) is on yours and one opponent's:
    "If you banished monsters from your GY and an opponent's GY". "If only your opponent
    controls a monster" -> "If only your opponents control monsters" (NOTES, "Decided":
    only the opponents, whichever of them, control monsters). A card described by its
    owner, "owned by your opponent", is "owned by an opponent" (NOTES, "Decided")."""
    changes: dict = {}
    for both, area, conditional in both_areas(tree, ctx.analysis):
        if conditional and ctx.free(both) and ctx.free(area):
            # "If you banished monsters from both GYs": yours and one opponent's (all four
            # GYs could never be met by a 2-material Fusion)
            replace(changes, both, like("your", both.text), ID, ctx)
            replace(changes, area, f"{area.text[:-1]} and an opponent's {area.text[:-1]}", ID, ctx)
    for m in ctx.mentions():
        if m.comparison and m.sentence not in ctx.introduced and ctx.free(m.leaf):
            # "While you and your opponent have the same number of cards in hand, negate
            # all cards and effects activated by your opponent": you and one opponent
            replace(changes, m.leaf, like("you and an opponent", m.leaf.text), ID, ctx)
            introduce(tree, ctx, changes, m.sentence, m.start, ID)
            continue
        if m.owned_by and your_opponent(m) and not m.counted and ctx.free(m.leaf):
            # "1 monster you control that is owned by your opponent": a card described by
            # its owner, either opponent's (NOTES, "Decided"); it introduces no one
            replace(changes, m.leaf, opponent_as(m, "an"), ID, ctx)
            continue
        if _they_after_team(m, ctx):
            # "Can attack your opponent directly, unless they control a Toon monster", "When
            # this card inflicts battle damage to your opponent, while they have 4 or more
            # cards in their hand:": "they" refers back to a team phrase, which names no one
            # player; the requirement is on one opponent
            replace(changes, m.leaf, like("an opponent", m.leaf.text), ID, ctx)
            agree_singular(m.leaf, changes, ctx, ID)
            introduce(tree, ctx, changes, m.sentence, m.start, ID)
            continue
        if (not m.conditional or not your_opponent(m) or m.team or m.counted
                or m.sentence in ctx.introduced or not ctx.free(m.leaf) or not (requires(m) or compared(m))):
            continue
        if (m.clause_kind == "effect" and not m.lead and not ctx.analysis.facts[m.sentence].activation
                and wants_opponent(ctx, m.sentence, m.start - 1, checks=False)):
            # a check the effect makes on the opponent whose hand, Deck or GY it acts on
            # ("Apply this effect, based on whether your opponent has more monsters in their
            # GY ... your opponent banishes 1 monster from their GY"): that opponent is
            # chosen when the effect is activated (rule 2), before the check
            continue
        if _only_opponent_has(m):
            _only_opponents_have(m, changes, ctx)
            continue
        replace(changes, m.leaf, opponent_as(m, "an"), ID, ctx)
        introduce(tree, ctx, changes, m.sentence, m.start, ID)
    return replace_leaves(tree, changes)


#: "If only your opponent controls a monster": the requirement read across both opponents
_ONLY_HAS = frozenset({("controls", "a", "monster"), ("controlled", "a", "monster")})


def _only_opponent_has(m) -> bool:
    """ "If only your opponent controls a monster", "if only your opponent controlled a
    monster when this effect was activated": a requirement that no one but the opponent
    controls a monster."""
    return m.before[-1:] == ("only",) and not m.leaf.possessive and m.after[:3] in _ONLY_HAS


def _only_opponents_have(m, changes: dict, ctx: Context) -> None:
    """ "If only your opponent controls a monster" -> "If only your opponents control
    monsters" (NOTES, "Decided": "only an opponent" reads as only one of them): only the
    opponents have monsters on the field, whichever of them; the words after agree."""
    replace(changes, m.leaf, like("your opponents", m.leaf.text), ID, ctx)
    verb = next_word(m.leaf, ctx)
    if verb.text.lower() == "controls":
        replace(changes, verb, "control", ID, ctx)
    article = next_word(verb, ctx)
    monster = next_word(article, ctx)
    # "a monster" -> "monsters": the article takes the noun's place, the noun goes with its space
    replace(changes, article, "monsters", ID, ctx)
    changes[monster.start] = lambda leaf: leaf.replaced("", ID).with_changes(prefix="")
    ctx.claimed.add(monster.start)


def _they_after_team(m, ctx: Context) -> bool:
    """ "they control ..."/"they have ..." in a requirement, referring back to "your
    opponent" in a team phrase (damage, a direct attack) of the same sentence."""
    if (not isinstance(m.leaf, y.Pronoun) or m.leaf.text.lower() != "they" or not m.conditional
            or m.counted or not ctx.free(m.leaf) or m.sentence in ctx.introduced or not requires(m)
            or m.before[-1:] not in (("unless",), ("while",), ("if",), ("when",))):
        # not "the only face-up monsters they control", "a card(s) they control": which cards
        return False
    named = antecedent_mention(m, ctx)
    return named is not None and named.team and named.sentence == m.sentence and ctx.free(named.leaf)


RULE = rule_of(
    ID, reference_opponent, "A requirement on the opponent's cards: one opponent, for reference (rule 5)",
    TRIGGER,
    ("if your opponent controls more cards than you do: You can make your opponent banish cards from their field face-down",
     "if an opponent controls more cards than you do: You can make that opponent banish cards from their field face-down"),
)
