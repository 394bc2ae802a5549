"""Rule: "either player" in a trigger or condition means any player.

RULES-NOTES 11: "your or your opponent's X" and "either player's X", when an effect acts
on it, become "1 player's X" (the choose-player rule); in a trigger condition ("When an
effect adds cards to your or your opponent's hand") they become "any player's X": with
four players, the condition is met by whichever of them it happens to. Nobody picks a
player here, so this is a rule of its own.
"""

from __future__ import annotations

from tagtext.packs.base import Rule
from tagtext.syntax.edit import replace_leaves

from .choose_player import TRIGGER
from .common import either_player_refs, is_condition, name_players

ID = "any-player"


def any_player(tree, ctx):
    """"you or your opponent" / "either player" in a trigger or condition -> "any player"."""
    changes = {}
    for units, i, ref in either_player_refs(ctx):
        if is_condition(units, i):
            name_players(changes, units, i, ref, "any player", ID)
    return replace_leaves(tree, changes)


RULE = Rule(
    ID, "Either player in a condition: any player",
    statement='When an effect would act on "either player" directly, the activating teammate selects '
              'a player to target. (A condition does not act on a player: RULES-NOTES 11.)',
    practice='"When ... your or your opponent\'s hand", "if either player has ..." -> "any player\'s hand", '
             '"any player has ...".',
    apply=any_player,
    trigger=TRIGGER.search,
)
