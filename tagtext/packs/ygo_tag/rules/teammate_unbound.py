"""Rule 9: restrictions on "you" don't bind your teammate (no text change)."""

from __future__ import annotations

from ...base import Rule

ID = "teammate-unbound"

STATEMENT = (
    'Effects that prevent only "you" from performing a certain action don\'t prevent your '
    'teammate from performing that action. EX1: A "Knightmare Corrupter Iblee" you control '
    "doesn't prevent your teammate from Special Summoning non-Link monsters or even using that "
    "Iblee as material for a non-Link Extra Deck Special Summon."
)

__doc__ += f"""
Seed 001: '{STATEMENT}'

"You" in a tag duel already means one player, not the team, so a restriction on "you"
(".. you cannot Special Summon monsters from the Extra Deck, except ...") reads right as
printed: this rule changes no text. It has no pass (``apply`` is None in the pipeline);
it is listed so the errata "Rules" page states it.
"""

#: what the pack does, on the errata Rules page: rule 9, and the restrictions on "your
#: opponent" the seed leaves open (NOTES.md)
PRACTICE = ('No text change: "you" is one player, not the team. Where the seed is silent, restrictions on '
            '"your opponent" ("Your opponent cannot target this card", "Your opponent can only activate 1 '
            'Spell/Trap Card each turn") also stay as printed and bind each of your opponents, as each '
            'opponent\'s turn is "your opponent\'s turn"; a plural would read as a limit the two opponents share. '
            'In the sentence where one opponent is chosen or introduced, a restriction names that opponent.')

RULE = Rule(ID, 'Restrictions on "you" don\'t bind your teammate (rule 9)', STATEMENT, PRACTICE)
