"""T22d: 「自分は攻撃されない」 protects the whole team."""

from __future__ import annotations

import re

from .common import Changes, Context, rule_of

ID = "T22d"
_NOT_ATTACKED = re.compile(r"^は、?攻撃されない")
#: the same protection said of the attackers: クリーチャーは自分を攻撃できない
_NOT_ATTACKED_BY = re.compile(r"^を攻撃(?:できない|できず|することができない|することはできない)")


def team_not_attacked(tree, ctx: Context):
    """自分は攻撃されない → 自分のチームのプレイヤーは攻撃されない; the same protection said of
    the attackers, クリーチャーは自分を攻撃できない → クリーチャーは自分のチームのプレイヤーを攻撃できない.

    Seed (《ボントボルト》's third ability): 「余談ですがこの能力を獲得すると、自チームの全てのプレイヤー
    への攻撃と、自チームへのダイレクトアタックが制限されます(攻撃はどこへの攻撃であれ、自チームに対する
    ものと解釈されるため…)」."""
    changes = Changes(ID)
    for m in ctx.analysis.mentions:
        if m.word == "自分" and not m.in_reminder and ctx.free(m) and (
                _NOT_ATTACKED.match(m.after) or _NOT_ATTACKED_BY.match(m.after) and m.before.endswith("クリーチャーは")):
            changes.replace(m.leaf, "自分のチームのプレイヤー")
            ctx.claim(m, ID)
    return changes.apply(tree)


#: the trigger: the words of both readings, at the player word
TRIGGER = r"自分は、?攻撃されない|クリーチャーは自分を攻撃"

RULE = rule_of(ID, team_not_attacked, "「自分は攻撃されない」 protects the whole team", TRIGGER,
               ("自分のターン中に、このクリーチャーがバトルに勝った時、次のターン、自分は攻撃されない。",
                "自分のターン中に、このクリーチャーがバトルに勝った時、次のターン、自分のチームのプレイヤーは攻撃されない。"))
