"""Rule 6: a count of cards counts across all four play areas."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from .common import Context, antecedent_mention, like, replace, rule_of, your_opponent

ID = "counts-all-areas"
#: a possessive before these names a turn or phase, not cards
_NOT_CARDS = {(w,) for w in ("turn", "main", "battle", "end", "standby", "draw", "next", "lp", "life")}
TRIGGER = re.compile(r"your opponent")


def counts_all_areas(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'Effects that count a number of cards (perhaps of some qualifier) count
    all relevant cards across all play areas.' EX1: 'The ATK/DEF of "Gren Maju Da Eiza" is
    based solely on the number of your banished cards.' EX2: '"Buster Blader" gains ATK
    for each Dragon either opponent controls or in either opponent's GY.' EX3: '"Eater of
    Millions" gains ATK/DEF for each face-down banished card (across all four play areas).'

    In a count ("for each ...", "the number of ..."), "your opponent('s)" -> "either
    opponent('s)", and "their"/"they" after it -> "either opponent('s)", also after an LP
    phrase ("inflict 200 damage to your opponent for each card in either opponent's hand",
    "... for each monster either opponent controls"). Counts with no owner ("each
    face-down banished card") already range over all four play areas, and "your" cards
    stay yours: unchanged. A count of the opponent an effect has named ("based on the
    number of monsters that opponent controls") is that opponent's."""
    changes: dict = {}
    last_opponent_segment: tuple[int, int] | None = None
    for m in ctx.mentions():
        if not m.counted or m.team or m.after[:1] in _NOT_CARDS:
            continue
        if your_opponent(m) and ctx.free(m.leaf):
            possessive = m.leaf.text.endswith(("'s", "’s"))
            replace(changes, m.leaf, like("either opponent" + ("'s" if possessive else ""), m.leaf.text), ID, ctx)
            last_opponent_segment = (m.sentence, m.segment)
        elif (isinstance(m.leaf, y.Pronoun) and m.area is not None and m.leaf.possessive and ctx.free(m.leaf)
              and not (m.holder and last_opponent_segment == (m.sentence, m.segment))
              and (last_opponent_segment == (m.sentence, m.segment) or _counts_theirs(m, ctx))):
            # (not "for each card either opponent currently has in their hand": "their" is
            # the subject's, already either opponent's)
            replace(changes, m.leaf, like("either opponent's", m.leaf.text), ID, ctx)
        elif (isinstance(m.leaf, y.Pronoun) and m.leaf.text.lower() == "they"
              and m.after[:1] in (("control",), ("controlled",)) and ctx.free(m.leaf) and _counts_theirs(m, ctx)):
            # "inflict 400 damage to your opponent for each monster they control", "... for
            # each destroyed card they controlled" (the past agrees as it is)
            replace(changes, m.leaf, like("either opponent", m.leaf.text), ID, ctx)
            verb = m.next_leaf
            if isinstance(verb, (y.Words, y.Word)):
                word = verb.split()[0] if isinstance(verb, y.Words) else verb
                if word.text.lower() == "control" and ctx.free(word):
                    replace(changes, word, "controls", ID, ctx)
    return replace_leaves(tree, changes)


def _counts_theirs(m, ctx: Context) -> bool:
    """A "their"/"they" in a count referring back to a singular "your opponent" of the same
    sentence that names no one ("inflict 200 damage to your opponent for each card in their
    hand": the damage is the team's, the count is of the opponents' hands)."""
    named = antecedent_mention(m, ctx)
    return (named is not None and named.sentence == m.sentence and your_opponent(named) and ctx.free(named.leaf)
            and m.sentence not in ctx.introduced and not named.turn)


RULE = rule_of(
    ID, counts_all_areas, "Counts range over all four play areas (rule 6)",
    TRIGGER,
    ("Gains 500 ATK for each Dragon monster your opponent controls or is in their GY.",
     "Gains 500 ATK for each Dragon monster either opponent controls or is in either opponent's GY."),
)
