"""Rule: both players means all players.

Manual: "When an effect would act on "both players" directly, it affects all four
players." RULES-NOTES 12: "both players" -> "all players" (also "both players'" and the
unpunctuated "both players decks"); "you and your opponent's" -> "all players'";
"Neither player" -> "No player".
"""

from __future__ import annotations

import re

from ..analysis.units import AnyOf
from ..syntax import nodes as n
from tagtext.packs.base import Rule
from tagtext.syntax.edit import replace_leaves
from .common import match_case

ID = "all-players"

#: Lowercased text without a match has nothing for this rule.
TRIGGER = AnyOf(r"both\s+player", r"neither\s+player", r"you(?:r)?\s+and\s+your\s+opponent")


def all_players(tree, ctx):
    """Make "both players", "you and your opponent" and "neither player" name all players."""
    changes = {}
    for leaf in tree.leaves():
        if not isinstance(leaf, n.PlayerRef) or ctx.protected_at(leaf.start):
            continue
        new = _all(leaf)
        if new is not None:
            changes[leaf.start] = lambda leaf, new=new: leaf.replaced(new, ID)
    return replace_leaves(tree, changes)


def _all(leaf: n.PlayerRef) -> str | None:
    text = leaf.text
    if leaf.player == "both":
        text = re.sub(r"player(['’])s$", r"players\1", text)  # "both player's" (a source typo)
        return re.sub(r"^both", lambda m: match_case(m.group(), "all"), text, flags=re.I)
    if leaf.player == "neither":
        return re.sub(r"^neither", lambda m: match_case(m.group(), "no"), text, flags=re.I)
    if leaf.player == "you_and_opponent":
        possessive = text.endswith(("'s", "’s"))
        apostrophe = "’" if "’" in text else "'"
        return match_case(text, "all players" + (apostrophe if possessive else ""))
    return None


RULE = Rule(
    ID, 'Both players means all players',
    statement='When an effect would act on "both players" directly, it affects all four players.',
    practice='"both players" -> "all players"; "you and your opponent\'s" -> "all players\'"; "Neither player" -> "No player".',
    apply=all_players,
    trigger=TRIGGER.search,
)
