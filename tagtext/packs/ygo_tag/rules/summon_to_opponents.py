"""Rule 8: Summoning to an opponent's Main Monster Zone may use any Main Monster Zone in the opponents' play areas."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from ..analysis import PutsInZoneBefore, each_field_pairs, either_side, puts_in_zone
from .common import Context, introduce, like, opponent_acts, replace, rule_of, your_opponent

ID = "summon-to-opponents"
TRIGGER = re.compile(r"your opponent|either field|either side|each field")
#: giving control of a card moves it to the opponent's Monster Zone, the same choice
_GIVE = re.compile(r"\bgives? control of\b|\bcontrol of (?:this|that) (?:card|monster) is shifted to$")


def summon_to_opponents(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'If you would Summon a monster to an opponent's Main Monster Zone, you may
    choose to Summon it to any Main Monster Zone in your opponents' play areas.' EX1: 'I
    can Tribute 2 monsters controlled by one of my opponents and 1 monster controlled by
    my other opponent to Tribute Summon "The Winged Dragon of Ra – Sphere Mode" to any Main
    Monster Zone in either of my opponents' play areas.'

    "Special Summon ... to/on your opponent's field (side of the field, Monster Zone)" and
    "... under your opponent's control" -> "either opponent's"; "give control of it to your
    opponent" -> "to either opponent" (the card goes to that opponent's Monster Zone). When
    the opponent is the one Summoning ("that opponent Special Summons ... to your
    opponent's side of the field"), it is their own side: not this rule. Placing a card in the
    opponent's zone ("place ... in your opponent's Field Zone") is the same one-zone
    choice, and reads the same. So is switching control of a monster the opponent selects
    with this card: "Your opponent selects 1 monster they control. Switch control of the
    selected monster and this card." -> "Choose 1 opponent; that opponent selects ..."."""
    changes: dict = {}
    clause_before: dict[tuple[int, int], tuple[int, PutsInZoneBefore]] = {}
    for either, area, to in either_side(tree, ctx.analysis):
        if not to or not ctx.free(either):
            continue
        if "side" in area.text.lower():
            # "Requires 3 Tributes from either side of the field to Normal Summon to that side
            # of the field": your side, or your opponents' side as one (both opponents'
            # monsters may be Tributed, and the Summon goes to either opponent's zone)
            replace(changes, either, like("your side or your opponents'", either.text), ID, ctx)
        else:
            # "Special Summon it to either field": your field or either opponent's, never a
            # teammate's (each player Summons to their own play area)
            replace(changes, either, like("your field or either opponent's", either.text), ID, ctx)
    for each, area, prep, summoned in each_field_pairs(tree, ctx.analysis):
        if summoned and ctx.free(each) and ctx.free(area):
            # "Special Summon both monsters, 1 on each field": one on your field, one on
            # either opponent's (with four fields "each field" would reach your teammate's)
            replace(changes, each, like("your", each.text), ID, ctx)
            replace(changes, area, f"{area.text} and 1 {prep} either opponent's {area.text}", ID, ctx)
    for m in ctx.mentions():
        if _selects_for_a_switch(m, ctx):
            # "FLIP: Your opponent selects 1 monster they control. Switch control of the
            # selected monster and this card.": this card goes to one opponent's Monster
            # Zone, so one opponent is chosen, and selects
            replace(changes, m.leaf, like("choose 1 opponent; that opponent", m.leaf.text), ID, ctx)
            introduce(tree, ctx, changes, m.sentence, m.start, ID, keep_lasting=True)
            continue
        if (your_opponent(m) and not m.leaf.possessive and ctx.free(m.leaf) and not m.conditional
                and m.before[-1:] == ("to",) and _GIVE.search(" ".join(m.before))):
            # "give control of it to your opponent": it goes to an opponent's Monster Zone
            replace(changes, m.leaf, like("either opponent", m.leaf.text), ID, ctx)
            continue
        if (not (your_opponent(m) or _the_opponent(m)) or not m.leaf.possessive or not ctx.free(m.leaf)
                or m.conditional or opponent_acts(m)):
            # the opponent Summoning to their own side is not a Summon to an opponent's zone
            continue
        # Summoning it or placing a card (a Field Spell, a Continuous Spell) in a zone, the
        # same one-zone choice; not a kind of monster ("target 1 Special Summoned monster
        # in your opponent's Main Monster Zone": rule 1's): in the clause before the phrase
        # (its text read once per clause, however many phrases it has)
        key = (m.sentence, m.clause)
        if key not in clause_before:
            clause = ctx.analysis.sentences[m.sentence].clauses[m.clause]
            clause_before[key] = (clause.start, PutsInZoneBefore(ctx.text[clause.start:clause.end]))
        clause_start, puts_before = clause_before[key]
        summoned = puts_before(m.start - clause_start)
        near = puts_in_zone(" ".join(m.before))
        to_zone = m.area in y.FIELD_AREAS and (m.before[-1:] == ("to",) or near and m.before[-1:] in (("on",), ("in",)))
        under = m.before[-1:] == ("under",) and m.after[:1] == ("control",)
        if _describes(m) or m.where_a_card_is:
            # "Place 1 A-Counter on all monsters Special Summoned to your opponent's side of
            # the field": which monsters, not a Summon you perform; "Place 1 A-Counter on 1
            # face-up monster on your opponent's side of the field": where the monster is,
            # not where a card is put (both rule 1's)
            continue
        if summoned and (to_zone or under):
            replace(changes, m.leaf, like("either opponent's", m.leaf.text), ID, ctx)
    return replace_leaves(tree, changes)


#: the monster the opponent selected, switched with this card (Dummy Golem)
_SWITCH = re.compile(r"[^\n]*?\bswitch control of the (?:selected|chosen) monster and this card\b", re.I)


def _selects_for_a_switch(m, ctx: Context) -> bool:
    """ "Your opponent selects 1 monster they control", and the effect then switches control
    of the selected monster and this card: control of this card goes to one opponent (as
    when it is given), so that opponent is chosen; not when the effect named one before."""
    return (your_opponent(m) and not m.leaf.possessive and not m.team and not m.conditional and not m.lasting
            and ctx.free(m.leaf) and m.before == () and m.after[:2] in (("selects", "1"), ("chooses", "1"))
            and "they" in m.after[2:6] and not any(s in ctx.introduced for s in ctx.analysis.effect_of(m.sentence))
            and _SWITCH.match(ctx.text, m.leaf.end) is not None)


_DESCRIBED = re.compile(r"\b(?:monsters?|monster\(s\)|cards?) (?:special |normal |tribute |flip )?summoned to$")


def _describes(m) -> bool:
    """The Summon word describes the monsters before it ("all monsters Special Summoned
    to ...")."""
    return _DESCRIBED.search(" ".join(m.before)) is not None


def _the_opponent(m) -> bool:
    """ "Special Summon this card from your hand to the opponent's field" (the opponent of
    a one-on-one duel), not one named after it ("to the opponent's field of the player
    that Link Summoned")."""
    return (isinstance(m.leaf, y.PlayerRef) and m.leaf.player == "an_opponent" and m.leaf.determiner == "the"
            and m.after[1:2] != ("of",))


RULE = rule_of(
    ID, summon_to_opponents, "Summoning to an opponent's zone: either opponent's (rule 8)",
    TRIGGER,
    ("Special Summon it to your opponent's field", "Special Summon it to either opponent's field"),
)
