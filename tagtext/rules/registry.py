"""The Tag Tamer rules tagtext applies: ids, titles and the manual's own statements.

Rule ids appear in every edit and residual, in the JSON output and on the errata pages.
The statements quote the format's manual (seeds/000 in the project's shared files).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleInfo:
    id: str
    title: str
    #: The rule as the manual states it.
    statement: str
    #: How tagtext applies it, in a sentence or two (decisions in RULES-NOTES.md).
    practice: str


RULES: tuple[RuleInfo, ...] = (
    RuleInfo(
        "count-doubling", "Counts over shared areas double",
        "Effects that check or iterate over the number of objects in a shared area have "
        "their requirements doubled.",
        "Thresholds, caps, targets and exact counts of Digimon, Tamers, security cards or "
        "trash cards double (3 or more -> 6 or more); \"for each X\" becomes \"for every 2 X\", "
        "\"for every N X\" becomes \"for every 2N X\". Counts of one card's digivolution cards, "
        "of what the effect itself did, DP, levels, costs and action quantities stay.",
    ),
    RuleInfo(
        "hand-size", "Hand sizes count the team's combined hands",
        "Effects that reference the size of a player's hand treat both teammates' hands as "
        "a single shared area.",
        "A count of cards in a hand doubles and counts the team's combined hands "
        "(\"4 or fewer cards in your hand\" -> \"8 or fewer cards in your team's combined hands\"). "
        "Actions on your own hand and events stay.",
    ),
    RuleInfo(
        "color-plus-one", "Color requirements rise by one",
        "Effects that check or iterate over the number of colors in a shared area have "
        "their requirements increased by 1.",
        "A threshold on the colors of several objects goes up by one (3 or more total colors "
        "-> 4); iterating over colors doubles like any iteration. One card's colors stay.",
    ),
    RuleInfo(
        "choose-opponent", "Acting on an opponent: pick one of them",
        "When an effect would act on an opponent directly, the activating teammate selects "
        "an opponent to target.",
        "\"your opponent's deck\" -> \"1 of your opponent's decks\" where the effect acts on an "
        "opponent's own deck or hand. The opponents' shared areas stay.",
    ),
    RuleInfo(
        "choose-player", "Either player: pick one player",
        "When an effect would act on \"either player\" directly, the activating teammate "
        "selects a player to target.",
        "\"your or your opponent's X\" and \"either player's X\" -> \"1 player's X\" when the effect "
        "acts on it; \"any player's X\" in a trigger condition.",
    ),
    RuleInfo(
        "all-players", "Both players means all players",
        "When an effect would act on \"both players\" directly, it affects all four players.",
        "\"both players\" -> \"all players\"; \"you and your opponent's\" -> \"all players'\"; "
        "\"Neither player\" -> \"No player\".",
    ),
    RuleInfo(
        "memory-average", "Memory checks read the team's average",
        "Effects that check the current value of the memory gauge reference the average of "
        "the team's memory gauges as a floating-point value.",
        "\"you have 3 or less memory\" -> \"the team's average memory is 3.0 or less\"; "
        "\"your opponent has 1 or more memory\" -> \"the team's average memory is -1.0 or less\". "
        "Memory gained, lost or paid stays.",
    ),
    RuleInfo(
        "discontinuity-correction", "Discontinuity correction",
        "If an effect has two consecutive conditionals that are logical complements before "
        "doubling, but the doubling process creates a gap, the second conditional is "
        "adjusted by 1 to close the gap.",
        "\"3 or more ... 2 or fewer\" becomes \"6 or more ... 5 or fewer\", not \"... 4 or fewer\".",
    ),
    RuleInfo(
        "override", "Special rulings",
        "Certain cards have their text transformed in irregular ways to circumvent issues "
        "that would be created by using the regular transformation.",
        "A card in the special-ruling table is kept as printed, replaced, or rewritten with "
        "a sentence appended, as the table says (overrides/special-rulings.toml).",
    ),
)

RULES_BY_ID: dict[str, RuleInfo] = {rule.id: rule for rule in RULES}
