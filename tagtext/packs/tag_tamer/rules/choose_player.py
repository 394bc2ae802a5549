"""Rule: "either player" - the activating teammate picks one player.

Manual: "When an effect would act on "either player" directly, the activating teammate
selects a player to target" ("Reveal the top 5 cards of your or your opponent's deck" ->
"... of 1 player's deck"). RULES-NOTES 11: "your or your opponent's X" and "either
player's X" -> "1 player's X" when an effect acts on it. In a trigger or condition the
any-player rule applies instead.
"""

from __future__ import annotations

from ..analysis.units import AnyOf
from tagtext.packs.base import Rule
from tagtext.syntax.edit import replace_leaves
from .common import either_player_refs, is_condition, name_players

ID = "choose-player"

#: Lowercased text without a match has nothing for this rule.
TRIGGER = AnyOf(r"you(?:r)?\s+or\s+your\s+opponent", r"either\s+player")


def choose_a_player(tree, ctx):
    """"your or your opponent's X" / "either player" -> "1 player's X" where an effect acts."""
    changes = {}
    for units, i, ref in either_player_refs(ctx):
        if not is_condition(units, i):
            name_players(changes, units, i, ref, "1 player", ID)
    return replace_leaves(tree, changes)


RULE = Rule(
    ID, 'Either player: pick one player',
    statement='When an effect would act on "either player" directly, the activating teammate selects a player to target.',
    practice='"your or your opponent\'s X" and "either player\'s X" -> "1 player\'s X" when the effect acts on it.',
    apply=choose_a_player,
    trigger=TRIGGER.search,
)
