"""Rule 7: an effect whose condition came from an opponent's action resolves against that opponent."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import (ACTION_VERBS, PAST_ACTIONS, Context, introduce, names_opponent, opponent_as, replace, rule_of,
                     wants_opponent, your_opponent)

ID = "acting-opponent"
TRIGGER = re.compile(r"your opponent")

#: what happens to cards in an opponent's area ("is Special Summoned to your opponent's field")
_EVENTS = frozenset({"activated", "summoned", "sent", "added", "banished", "destroyed", "placed", "returned", "shuffled",
                     "set", "discarded", "detached", "flipped"})
_SUMMON_KINDS = frozenset({"synchro", "xyz", "link", "fusion", "ritual", "pendulum", "tribute"})
_THINGS = frozenset({"monster", "monsters", "card", "cards", "spell", "trap", "spell/trap", "effect", "effects"})


def acted(m) -> bool:
    """The condition says the opponent (or their card) did something: "When your opponent
    activates ...", "If your opponent's monster declares an attack"."""
    after = m.after
    if m.area is not None and any(w in _EVENTS for w in m.before[-6:]):
        return True
    if m.before[-2:] == ("summoned", "by") and not (isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive):
        return True  # "If the DEF of a monster summoned by your opponent ...": the opponent Summoned it
    if not after or after[1:2] == ("phase",) or after[0] in ("turn", "next"):
        return False
    if after[0] in ACTION_VERBS and after[0] not in ("takes",):
        return True
    if after[0] in _SUMMON_KINDS and after[1:2] and after[1].startswith("summon"):
        return True  # "your opponent Synchro Summons a monster"
    if after[0] in PAST_ACTIONS and after[0] not in ("set",):
        return True
    if after[0] in ("has", "have", "had") and after[1:2] and after[1] in PAST_ACTIONS:
        return True
    if isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive and after[0] == "attacking":
        return True  # "the ATK of your opponent's attacking monster"
    if isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive and after[0] in _THINGS:
        if any(w in ACTION_VERBS or w in ("is", "was", "are") and "destroyed" in after for w in after[1:4]):
            return True
        # however many words name the thing: "When your opponent's Spell/Trap Card or
        # effect is activated that targets this card"
        if m.before[-1:] == ("by",):
            return False  # a cause: "destroyed by your opponent's card and sent to the GY"
        if m.predicate[:1] == ("activation",):
            return True  # "in response to your opponent's card or effect activation"
        verb = m.predicate[1:2] if m.predicate[:1] in (("is",), ("was",), ("are",)) else m.predicate[:1]
        return bool(verb) and (verb[0] in ACTION_VERBS or verb[0] in _EVENTS)
    return False


def happened_to(m) -> bool:
    """The condition says something happened to a card of the opponent's, which no opponent
    did: "Each time a card(s) in your opponent's Graveyard is banished", "If a card your
    opponent owns and possesses is banished face-down". Any opponent's card meets it: "an
    opponent's", and it introduces no one (the effect's own opponent is chosen, NOTES)."""
    after = m.after
    if m.area is not None and m.area in y.PRIVATE_AREAS:
        return after[1:2] in (("is",), ("are",)) and after[2:3] and after[2] in _EVENTS
    return after[:1] == ("owns",) and any(w in _EVENTS for w in after[1:6]) and ("is" in after or "are" in after)


def printed_acting(m) -> bool:
    """A condition (or an old-style one: "Before resolving an opponent's monster effect
    that targets this card, ...") that already names "an opponent" acting, or as the cause."""
    if (not (m.clause_kind == "condition" or m.lead or _opening_check(m)) or not isinstance(m.leaf, y.PlayerRef)
            or m.leaf.player != "an_opponent" or m.leaf.determiner != "an"):
        return False
    return acted(m) or m.before[-1:] == ("by",) or m.before[-3:] == ("by", "battle", "or")


def _opening_check(m) -> bool:
    """The phrase is in the "if ..." that opens a clause of the effect ("If it was discarded
    from your hand to your GY by an opponent's card effect, you can target 1 monster in
    your opponent's GY; ..."): a condition of what follows it."""
    return m.conditional and m.clause_kind != "condition" and m.before[:1] in (("if",), ("when",))


def relevant(m, ctx: Context) -> bool:
    """A cause in the condition ("destroyed by your opponent's card effect") is the
    opponent whose action the effect answers (seed rule 7): it names the opponent the
    effect resolves against when the effect then acts on one opponent's hand, Deck, GY ...
    or on the opponent as a player ("If this card is destroyed by your opponent's card ...,
    your opponent cannot Special Summon ... for the rest of this turn": that opponent is
    locked, not the other); otherwise it stays as printed (a cause reads right for either
    opponent)."""
    return ((m.clause_kind == "condition" or m.lead) and your_opponent(m) and m.cause and not m.turn
            and (wants_opponent(ctx, m.sentence, m.start) or names_opponent(ctx, m.sentence, m.start)))


def acting_opponent(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'If an effect would resolve that had an activation or triggering condition
    that was a result of an opponent's action, it resolves against the relevant opponent
    that caused the card or effect's activation or triggering condition to be met.' EX1:
    'An opponent activates a Spell/Trap card and I chain "Dark Bribe". The opponent that
    activated the Spell/Trap negated by "Dark Bribe" will be the opponent that draws a
    card when it resolves.'

    In a condition (before ":"), "your opponent" doing something -> "an opponent"; the
    opponent it then acts on, later in the same sentence, -> "that opponent" (Problem-Solving
    Card Text: introduce once, then refer back), also in the sentences that go on with the
    effect. A cause in the condition ("destroyed by your opponent's card effect") is that
    opponent when the effect acts on one opponent's hand, Deck or GY. What is on the field
    stays with rule 1, damage and LP are the team's. Where the seed is silent, turns and
    durations ("during your opponent's turn", "until the end of your opponent's next turn",
    "your opponent's 3rd End Phase") stay as printed and mean the turns of either opponent
    in the turn sequence; in the sentence that names one opponent they are that
    opponent's ("until that opponent's next End Phase")."""
    changes: dict = {}
    cursors: dict = {}
    for m in ctx.mentions():
        alternative = m.clause_kind == "condition" and m.before[:1] == ("or",)  # "..., or when ..."
        if not m.conditional or m.sentence in ctx.introduced and not alternative or not ctx.free(m.leaf) or m.team:
            continue
        if _restricts_them(m, ctx):
            # "Unless your opponent sends 1 card ..., he/she cannot declare an attack": the
            # condition of a restriction on the opponent, which stays as printed (NOTES)
            continue

        if (isinstance(m.leaf, y.Pronoun) and m.leaf.text.lower() == "they" and m.clause_kind == "condition"
                and m.before[-1:] in (("when",), ("if",), ("after",)) and acted(m)):
            # "During your opponent's Main Phase, when they would Special Summon": the
            # opponent named before acted
            earlier = _first_free_opponent(ctx, m, cursors)
            if earlier is None:
                continue
            m = earlier
        elif printed_acting(m):
            # the printed condition already introduces one: "When an opponent's monster
            # declares an attack:", "... sent to your GY by an opponent's card effect:";
            # what the effect then does to "your opponent" is done to that opponent
            introduce(tree, ctx, changes, m.sentence, m.start, ID, keep_lasting=True)
            continue
        elif relevant(m, ctx):
            # "If this card is destroyed by an opponent's card effect: You can send cards
            # from the top of that opponent's Deck to the GY"
            pass
        elif your_opponent(m) and (happened_to(m) or m.battled and not wants_opponent(ctx, m.sentence, m.start)):
            # also the monster a condition's monster battles ("If the equipped monster
            # battles your opponent's monster", "If this card destroyed your opponent's
            # monster by battle, it can attack once again"): either opponent's (NOTES,
            # "Decided"); not when the effect then acts on that opponent's hand, Deck ...
            # ("if it destroys your opponent's monster by battle this turn, your opponent
            # banishes 3 monsters from their Extra Deck": rule 2 chooses the one)
            replace(changes, m.leaf, opponent_as(m, "an"), ID, ctx)
            continue
        elif not your_opponent(m) or not acted(m):
            continue
        replace(changes, m.leaf, opponent_as(m, "an"), ID, ctx)
        introduce(tree, ctx, changes, m.sentence, m.start, ID)
    return replace_leaves(tree, changes)


def _restricts_them(m, ctx: Context) -> bool:
    """The phrase is in the leading condition of a sentence that restricts the opponent it
    names ("Unless your opponent ..., he/she cannot declare an attack")."""
    facts = ctx.analysis.facts[m.sentence]
    start = facts.effect_start
    return (m.lead and facts.restriction and facts.opening[:1] == ("unless",) and start is not None
            and (start.text.lower() in ("he", "she", "he/she", "they")
                 or isinstance(start, y.PlayerRef) and start.player == "opponent"))


def _first_free_opponent(ctx: Context, m, cursors: dict):
    """The first "your opponent" of ``m``'s clause before ``m`` that a pass may still
    rewrite, or None. ``cursors`` keeps, per clause, where to look from: a phrase ruled out
    stays ruled out (claims are never undone), so each phrase is looked at once."""
    same = ctx.analysis.in_clause(m.sentence, m.clause)
    key = (m.sentence, m.clause)
    k = cursors.get(key, 0)
    while k < len(same) and same[k].start < m.start:
        e = same[k]
        if your_opponent(e) and ctx.free(e.leaf):
            break
        k += 1
    cursors[key] = k
    return same[k] if k < len(same) and same[k].start < m.start else None


RULE = rule_of(
    ID, acting_opponent, "An effect resolves against the opponent whose action triggered it (rule 7)",
    TRIGGER,
    ("When your opponent activates a Spell/Trap Card: Your opponent draws 1 card, also negate the Spell/Trap activation, and if you do, destroy it.",
     "When an opponent activates a Spell/Trap Card: That opponent draws 1 card, also negate the Spell/Trap activation, and if you do, destroy it."),
)
