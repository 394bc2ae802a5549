"""901-3a: a continuous effect's condition on 相手 holds when either opponent meets it."""

from __future__ import annotations

from ..analysis import PLAYER
from .common import ANY_OPPONENT, Changes, Context, mentions, name_opponent, rule_of

ID = "901-3a"


def any_opponent(tree, ctx: Context):
    """永続能力による持続効果が、特定のプレイヤーを指定せずに単に “相手” が特定の条件を満たすか否かを参照
    する場合、いずれか一方の相手がその条件を満たす場合に、その条件を満たすものとみなします。

    In a continuous ability, a 相手 in a condition (a clause ending …なら、…場合、…限り、
    …ば、…間、…いる時、) becomes いずれかの相手: 相手の手札が0枚なら、… → いずれかの相手の手札が
    0枚なら、… (BD-NOTES 10; only the word changes)."""
    changes = Changes(ID)
    for ability in ctx.facts.abilities:
        if ability.played:
            continue
        for m in mentions(ctx, ability, PLAYER):
            if m.in_condition:
                name_opponent(changes, m, ANY_OPPONENT)
                ctx.claim(m, ID)
    return changes.apply(tree)


RULE = rule_of(ID, any_opponent, "A continuous condition on 相手 holds if either opponent meets it", "相手",
               ("相手の手札が0枚なら、このユニットのパワー＋1000", "いずれかの相手の手札が0枚なら、このユニットのパワー＋1000"))
