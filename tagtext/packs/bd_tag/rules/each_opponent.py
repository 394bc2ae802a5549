"""901-3: a continuous effect applied to 相手 applies to both opponents."""

from __future__ import annotations

from ..analysis import PLAYER
from .common import EACH_OPPONENT, Changes, Context, mentions, name_opponent, rule_of

ID = "901-3"


def each_opponent(tree, ctx: Context):
    """永続能力による持続効果が特定のプレイヤーを指定せずに単に “相手” に対して適用される場合、それはその
    効果の支配者の相手チームの両方のプレイヤーに対して適用されます。

    In a continuous ability (⁅永続⁆, or unlabelled on a unit or territory), every 相手 the
    effect applies to (not in a condition, which is 901-3a's) becomes 各相手: 相手の手札の上限は
    －1枚 → 各相手の手札の上限は－1枚 (BD-NOTES 9; only the word changes)."""
    changes = Changes(ID)
    for ability in ctx.facts.abilities:
        if ability.played:
            continue
        for m in mentions(ctx, ability, PLAYER):
            if not m.in_condition:
                name_opponent(changes, m, EACH_OPPONENT)
                ctx.claim(m, ID)
    return changes.apply(tree)


RULE = rule_of(ID, each_opponent, "A continuous effect on 相手 applies to each opponent", "相手",
               ("相手の手札の上限は－1枚", "各相手の手札の上限は－1枚"))
