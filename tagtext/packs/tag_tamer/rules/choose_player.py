"""Rule: "either player" - the activating teammate picks one player.

Manual: "When an effect would act on "either player" directly, the activating teammate
selects a player to target" ("Reveal the top 5 cards of your or your opponent's deck" ->
"... of 1 player's deck"). RULES-NOTES 11: "your or your opponent's X" and "either
player's X" -> "1 player's X" when an effect acts on it; in a trigger or condition
("When an effect adds cards to your or your opponent's hand") -> "any player's X".
"""

from __future__ import annotations

import re

from ..syntax import nodes as n
from tagtext.packs.base import Rule
from tagtext.syntax.edit import replace_leaves
from .common import is_condition, match_case

ID = "choose-player"

#: Lowercased text without a match has nothing for this rule.
TRIGGER = re.compile(r"you(?:r)?\s+or\s+your\s+opponent|either\s+player")


def choose_a_player(tree, ctx):
    """"your or your opponent's" / "either player" -> "1 player" (or "any player" in a condition)."""
    changes = {}
    for region in ctx.analysis.regions:
        units = region.units
        for i, unit in enumerate(units):
            if isinstance(unit, n.Zone) and isinstance(unit.owner, n.PlayerRef):
                unit = unit.owner  # "of your or your opponent's deck"
            if not isinstance(unit, n.PlayerRef) or unit.player not in ("you_or_opponent", "either"):
                continue
            if ctx.protected_at(unit.start):
                continue
            who = "any player" if is_condition(units, i) else "1 player"
            possessive = unit.text.endswith(("'s", "’s"))
            apostrophe = "’" if "’" in unit.text else "'"
            new = match_case(unit.text, who + (apostrophe + "s" if possessive else ""))
            changes[unit.start] = lambda leaf, new=new: leaf.replaced(new, ID)
            verb = _verb_after(units, i) if not possessive else None
            if verb is not None:  # "you or your opponent play" -> "any player plays"
                changes[verb.start] = lambda leaf: leaf.replaced(_third_person(leaf.text), ID)
    return replace_leaves(tree, changes)


#: Verbs that follow "you or your opponent" in card text, in the form "1 player" needs.
_THIRD_PERSON = {"play": "plays", "use": "uses", "digivolve": "digivolves", "trash": "trashes",
                 "draw": "draws", "have": "has", "reveal": "reveals", "add": "adds", "place": "places"}


def _verb_after(units, i):
    if i + 1 < len(units) and isinstance(units[i + 1], n.Word) and units[i + 1].text.lower() in _THIRD_PERSON:
        return units[i + 1]
    return None


def _third_person(verb: str) -> str:
    return match_case(verb, _THIRD_PERSON[verb.lower()])


RULE = Rule(
    ID, 'Either player: pick one player',
    statement='When an effect would act on "either player" directly, the activating teammate selects a player to target.',
    practice='"your or your opponent\'s X" and "either player\'s X" -> "1 player\'s X" when the effect acts on it; "any player\'s X" in a trigger condition.',
    apply=choose_a_player,
    trigger=TRIGGER.search,
)
