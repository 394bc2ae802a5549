"""Rule 2: an effect on only your opponent's Deck, Extra Deck, hand, GY or banished cards: choose one opponent."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, follow_up, like, opponent_as, refer_back, replace, rule_of, your_opponent

ID = "choose-opponent"
TRIGGER = re.compile(r"your opponent")

#: what an opponent does to their own hand or Deck ("Your opponent discards 1 card")
_PRIVATE_VERBS = frozenset({"discards", "discard", "draws", "draw", "reveals", "reveal", "shuffles",
                            "shuffle", "excavates", "excavate", "mills"})
CHOOSE = "choose 1 opponent"
#: imperative words Problem-Solving Card Text writes in lower case after a ";"
_PLAIN_VERBS = frozenset({"send", "add", "destroy", "banish", "look", "discard", "shuffle", "return",
                          "excavate", "reveal", "draw", "take", "declare", "target", "make", "have",
                          "place", "inflict", "gain", "negate", "apply", "attach", "change", "pay",
                          "randomly", "if", "each", "all", "until", "this", "that", "the", "select",
                          "see", "remove", "halve", "increase", "decrease", "activate", "show", "check",
                          "return", "name", "toss", "roll", "call", "guess", "pick", "give", "switch", "after"})


def acts_on_private_area(m) -> bool:
    """The opponent's hand, Deck, GY ... ("your opponent's GY"), what they do to them
    ("your opponent discards"), or what a later "their" refers back to ("your opponent can
    reveal 1 monster in their hand", "3 of your opponent's cards, 1 each from their hand,
    field, and GY"), unless the phrase names the field outright ("monsters your opponent
    controls and in their GY": only the GY is one opponent's)."""
    if m.area is not None:
        return m.area in y.PRIVATE_AREAS
    if m.after and m.after[0] in _PRIVATE_VERBS:
        return True
    if m.their_area in y.PRIVATE_AREAS and not m.conditional and m.after:
        if m.leaf.possessive:
            return m.after[0] in ("cards", "card", "monsters", "monster")  # "3 of your opponent's cards"
        return m.after[0] not in ("controls", "control", "currently", "turn", "takes")
    return False


def _lasting(ctx: Context, sentence: int) -> bool:
    """A lasting effect ("Your opponent cannot ...", "Your opponent must keep their hand
    revealed") is not resolved: no opponent is chosen for it (NOTES)."""
    return ctx.analysis.lasting(sentence)


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
        if (m.team or m.counted or m.clause_kind == "condition" or m.sentence in ctx.introduced
                or not ctx.free(m.leaf)):
            continue
        if _continues(m, ctx):
            # "Activate only if your opponent has 3 or less cards in their hand. Your
            # opponent adds their hand to the Deck ...": the opponent of the sentence before
            replace(changes, m.leaf, opponent_as(m, "that"), ID, ctx)
            ctx.introduced[m.sentence] = ID
            refer_back(tree, ctx, changes, m.sentence, m.start, ID)
            continue
        # what "that opponent('s)" replaces: the phrase itself, or, when the phrase is the
        # field (rule 1's) and only a private area after it is one opponent's, that area
        target = None
        if your_opponent(m) and acts_on_private_area(m):
            target = (m.leaf, opponent_as(m, "that"))
        elif your_opponent(m) and m.clause_kind != "cost":
            target = _private_part(m, ctx)
        elif _pronoun_after_sentence(m, ctx):
            target = (m.leaf, like("that opponent's", m.leaf.text))
        if target is None:
            continue
        sentence = ctx.analysis.sentences[m.sentence]
        clause = sentence.clauses[m.clause]
        if m.clause_kind == "cost":
            if target[0] is not m.leaf or isinstance(m.leaf, y.Pronoun):
                continue
            replace(changes, m.leaf, opponent_as(m, "an"), ID, ctx)
        elif _lasting(ctx, m.sentence):
            continue
        else:
            costs = [c for c in sentence.clauses[:m.clause] if isinstance(c, y.Cost)]
            if costs:
                semi = costs[-1].semicolon
                if not ctx.free(semi):
                    continue
                replace(changes, semi, f" and {CHOOSE};", ID, ctx)
                replace(changes, target[0], target[1], ID, ctx)
            elif not sentence.clauses[:m.clause] and ctx.card_type == "Monster" and not _bullet(clause):
                # a Monster's sentence with no condition and no cost is a lasting effect;
                # a bullet is one of the effects to choose from ("activate 1 of these effects;")
                continue
            elif not _open_effect(clause, m, target, changes, ctx):
                continue
        ctx.introduced[m.sentence] = ID
        refer_back(tree, ctx, changes, m.sentence, m.start, ID)
    return replace_leaves(tree, changes)


def _continues(m, ctx: Context) -> bool:
    """The sentence right before is the card's activation condition ("Activate only when
    an opponent activates a Spell Card.", rules 7 and 5 introduced that opponent), and this
    one, the effect, opens with what "your opponent" does."""
    from .acting_opponent import ID as ACTING
    from .reference_opponent import ID as REFERENCE
    if m.sentence == 0 or ctx.introduced.get(m.sentence - 1) not in (ACTING, REFERENCE) or not follow_up(m):
        return False
    sentence = ctx.analysis.sentences[m.sentence]
    before = ctx.analysis.sentences[m.sentence - 1]
    if (ctx.text[before.end:sentence.start].strip() or any(isinstance(c, y.Condition) for c in sentence.clauses)
            or _lasting(ctx, m.sentence) or not before.to_source().lstrip().lower().startswith("activate only")):
        # only the old Spell/Trap template: "Activate only when ...". then the effect
        return False
    if ctx.analysis.earlier_in_sentence(m):
        return False
    first = next(iter(sentence.leaves()), None)
    return first is m.leaf


def _bullet(clause: y.Node) -> bool:
    """A bullet that states an effect to apply ("● Banish 1 random card from your
    opponent's hand."), not a lasting one ("● Any monster sent ... is banished instead.")."""
    leaves = []
    for leaf in clause.leaves():
        leaves.extend(leaf.split() if isinstance(leaf, y.Words) else [leaf])
        if len(leaves) > 3:
            break
    if len(leaves) < 2 or not (isinstance(leaves[0], y.Punct) and leaves[0].text == "●"):
        return False
    first = leaves[1]
    return (first.text.lower() in _PLAIN_VERBS and first.text.lower() not in ("if", "each", "all", "this", "that", "the")
            or isinstance(first, y.PlayerRef) and first.player == "opponent")


def _private_part(m, ctx: Context):
    """A field phrase of the opponent joined to a private area of one opponent (seed:
    "part of an effect affecting only your opponent's ... graveyard"): "monsters your
    opponent controls and in their GY" (the "their"), "your opponent's field and GY" (the
    GY, which has no owner written). The field stays rule 1's."""
    from ..analysis import on_field
    if not on_field(m) or m.conditional:
        return None
    explicit = m.area is not None or m.after[:1] in (("controls",), ("control",), ("currently",))
    if not explicit:
        return None
    if m.their_leaf is not None and m.their_area in y.PRIVATE_AREAS and ctx.free(m.their_leaf):
        return (m.their_leaf, like("that opponent's", m.their_leaf.text))
    if m.area_leaf is None:
        return None
    rest = ctx.analysis.leaves_after(m.sentence, m.clause, m.area_leaf, 2)
    if rest is None:
        return None
    if (len(rest) == 2 and isinstance(rest[0], y.Words) and rest[0].text.strip().lower() in ("and", "or", "and/or")
            and isinstance(rest[1], y.AreaWord) and rest[1].area in y.PRIVATE_AREAS and ctx.free(rest[1])):
        return (rest[1], "that opponent's " + rest[1].text)
    return None


def _pronoun_after_sentence(m, ctx: Context) -> bool:
    """ "their Deck" opening what a sentence does, referring back to "your opponent" in an
    earlier sentence that chose or introduced no one (Dark Scorpion - Gorg the Strong's
    "● Send the top card of their Deck to the GY.")."""
    leaf = m.leaf
    if not isinstance(leaf, y.Pronoun) or leaf.text.lower() != "their" or m.area not in y.PRIVATE_AREAS:
        return False
    if ctx.analysis.earlier_in_sentence(m):
        return False
    ante = m.antecedent
    if not isinstance(ante, y.PlayerRef) or ante.player != "opponent" or ante.start >= m.start:
        return False
    ante_m = ctx.analysis.mention_of(ante)
    return ante_m is not None and ante_m.sentence not in ctx.introduced and your_opponent(ante_m)


def _open_effect(clause: y.Node, m, target, changes: dict, ctx: Context) -> bool:
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
        replace(changes, can, f"{can.text} {CHOOSE};", ID, ctx)
        replace(changes, target[0], target[1], ID, ctx)
        return True
    if not isinstance(first, (y.Word, y.PlayerRef)) or not ctx.free(first):
        return False
    if first is target[0] or first.start == target[0].start:
        text = like(CHOOSE, first.text) + "; " + target[1][:1].lower() + target[1][1:]
        replace(changes, first, text, ID, ctx)
        return True
    lowered = first.text[:1].lower() + first.text[1:] if first.text.lower() in _PLAIN_VERBS else first.text
    replace(changes, first, like(CHOOSE, first.text) + "; " + lowered, ID, ctx)
    replace(changes, target[0], target[1], ID, ctx)
    return True


RULE = rule_of(
    ID, choose_opponent, "An effect on the opponent's Deck, hand, GY or banished cards: choose one opponent (rule 2)",
    TRIGGER,
    ("Declare 1 card name; if that card is in your opponent's hand, they must discard all copies of it, otherwise you discard 1 random card.",
     "Declare 1 card name and choose 1 opponent; if that card is in that opponent's hand, they must discard all copies of it, otherwise you discard 1 random card."),
)
