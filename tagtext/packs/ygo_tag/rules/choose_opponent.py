"""Rule 2: an effect on only your opponent's Deck, Extra Deck, hand, GY or banished cards: choose one opponent."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, like, opponent_as, refer_back, replace, your_opponent

RULE = "choose-opponent"
TRIGGER = re.compile(r"your opponent")

#: what an opponent does to their own hand or Deck ("Your opponent discards 1 card")
_PRIVATE_VERBS = frozenset({"discards", "discard", "draws", "draw", "reveals", "reveal", "shuffles",
                            "shuffle", "excavates", "excavate", "mills"})
#: a sentence with these states a lasting restriction, not an effect that is resolved
_LASTING = frozenset({"cannot", "can't", "while", "unless", "never"})
CHOOSE = "choose 1 opponent"
#: imperative words Problem-Solving Card Text writes in lower case after a ";"
_PLAIN_VERBS = frozenset({"send", "add", "destroy", "banish", "look", "discard", "shuffle", "return",
                          "excavate", "reveal", "draw", "take", "declare", "target", "make", "have",
                          "place", "inflict", "gain", "negate", "apply", "attach", "change", "pay",
                          "randomly", "if", "each", "all", "until", "this", "that", "the", "select",
                          "see", "remove", "halve", "increase", "decrease", "activate", "show", "check",
                          "return", "name", "toss", "roll", "call", "guess", "pick", "give", "switch"})


def acts_on_private_area(m) -> bool:
    if m.area is not None:
        return m.area in y.PRIVATE_AREAS
    return bool(m.after) and m.after[0] in _PRIVATE_VERBS


def _lasting(sentence: y.Sentence) -> bool:
    words = set(sentence.to_source().lower().replace(",", " ").split())
    low = sentence.to_source().lower()
    return bool(words & _LASTING) or "each time" in low or "as long as" in low


def choose_opponent(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'A player resolving an effect or part of an effect affecting only your
    opponent's Main Deck, Extra Deck, hand, graveyard, or banished must instead choose an
    opponent for that effect to apply to when that effect goes on the Chain.' EX1: 'I
    activate "Mind Crush" and name a card. I must also choose one of my opponents for the
    effect to apply to.'

    The opponent is chosen when the effect is activated, so, in Problem-Solving Card Text,
    before the ";": "Declare 1 card name; if that card is in your opponent's hand ..." ->
    "Declare 1 card name and choose 1 opponent; if that card is in that opponent's hand
    ...". A target already picks one ("Target 1 card in your opponent's GY" -> "... in an
    opponent's GY"). With no ";", the choice opens the effect ("You can choose 1 opponent;
    send ...", "Choose 1 opponent; that opponent discards 1 card"). Later mentions of that
    opponent in the sentence -> "that opponent". Lasting effects ("cannot", "while") are
    not resolved, and are left as printed."""
    changes: dict = {}
    for m in ctx.mentions():
        if (not your_opponent(m) or m.team or m.counted or m.clause_kind == "condition" or m.sentence in ctx.introduced
                or not ctx.free(m.leaf) or not acts_on_private_area(m)):
            continue
        sentence = ctx.analysis.sentences[m.sentence]
        clause = sentence.clauses[m.clause]
        if m.clause_kind == "cost":
            replace(changes, m.leaf, opponent_as(m, "an"), RULE, ctx)
        elif _lasting(sentence):
            continue
        else:
            costs = [c for c in sentence.clauses[:m.clause] if isinstance(c, y.Cost)]
            if costs:
                semi = costs[-1].semicolon
                if not ctx.free(semi):
                    continue
                replace(changes, semi, f" and {CHOOSE};", RULE, ctx)
                replace(changes, m.leaf, opponent_as(m, "that"), RULE, ctx)
            elif not sentence.clauses[:m.clause] and ctx.card_type == "Monster":
                # a Monster's sentence with no condition and no cost is a lasting effect
                continue
            elif not _open_effect(clause, m, changes, ctx):
                continue
        ctx.introduced[m.sentence] = RULE
        refer_back(tree, ctx, changes, m.sentence, m.start, RULE)
    return replace_leaves(tree, changes)


def _open_effect(clause: y.Node, m, changes: dict, ctx: Context) -> bool:
    """Open the effect with the choice: "You can <verb>" -> "You can choose 1 opponent;
    <verb>", otherwise "<Effect>" -> "Choose 1 opponent; <effect>"."""
    leaves = []
    for part in clause.parts:
        for leaf in part.leaves():
            leaves.extend(leaf.split() if isinstance(leaf, y.Words) else [leaf])
            if len(leaves) > 4:
                break
        if len(leaves) > 4:
            break
    while leaves and isinstance(leaves[0], y.Punct) and leaves[0].text == "●":
        leaves = leaves[1:]  # a bullet opens the line, the effect follows it
    if not leaves:
        return False
    first = leaves[0]
    if (isinstance(first, y.PlayerRef) and first.player == "you" and len(leaves) > 1
            and leaves[1].text.lower() == "can" and leaves[1] is not m.leaf):
        can = leaves[1]
        if not ctx.free(can):
            return False
        replace(changes, can, f"{can.text} {CHOOSE};", RULE, ctx)
        replace(changes, m.leaf, opponent_as(m, "that"), RULE, ctx)
        return True
    if not isinstance(first, (y.Word, y.PlayerRef)) or not ctx.free(first):
        return False
    if first is m.leaf or first.start == m.leaf.start:
        text = like(CHOOSE, first.text) + "; " + opponent_as(m, "that").lower()
        replace(changes, first, text, RULE, ctx)
        return True
    lowered = first.text[:1].lower() + first.text[1:] if first.text.lower() in _PLAIN_VERBS else first.text
    replace(changes, first, like(CHOOSE, first.text) + "; " + lowered, RULE, ctx)
    replace(changes, m.leaf, opponent_as(m, "that"), RULE, ctx)
    return True
