"""The Tag Tamer rules, one module each; ``PIPELINE`` is the only place a rule is registered.

Each module holds one rule's logic and its ``RULE``: the manual's statement, how tagtext
applies it, the pass and its trigger. Everything else (which passes run on a text, the
rule registry, the errata "Rules" page, the README's table) is derived from ``PIPELINE``.
Adding a rule is one module, one fixture file (tests/packs/tag_tamer/rules/<id>.json)
and one line here.
"""

from __future__ import annotations

from tagtext.packs.base import Rule

from . import (all_players, any_player, choose_opponent, choose_player, color_plus_one, count_doubling,
               discontinuity, hand_size, memory_average)

#: The passes, in the order they run: counts are scaled before the discontinuity
#: correction reads the scaled values; player and memory phrases are independent.
PIPELINE: tuple[Rule, ...] = (
    count_doubling.RULE,
    hand_size.RULE,
    color_plus_one.RULE,
    discontinuity.RULE,
    memory_average.RULE,
    all_players.RULE,
    choose_player.RULE,
    any_player.RULE,
    choose_opponent.RULE,
)

#: Special rulings: not a pass (the engine's rulings module applies the table), listed so
#: that edits they make are explained like any rule's.
OVERRIDE = Rule(
    "override", "Special rulings",
    statement="Certain cards have their text transformed in irregular ways to circumvent issues "
              "that would be created by using the regular transformation.",
    practice="A card in the special-ruling table is kept as printed, replaced, or rewritten with a "
             "sentence appended, as the table says (tagtext/packs/tag_tamer/special-rulings.toml).",
)
