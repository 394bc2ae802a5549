"""T22b (note): ニンジャ・ストライク, once per attack per team, for any attack on the team."""

from __future__ import annotations

from .common import Changes, Context, rule_of
from .notes import add_note

ID = "T22b"
NOTE = "※DTC：1回の攻撃につきチームで1回まで。自チームへの攻撃なら誰への攻撃でも使える。"


def note_ninja_strike(tree, ctx: Context):
    """ニンジャ・ストライク → note 「※DTC：1回の攻撃につきチームで1回まで。自チームへの攻撃なら誰への
    攻撃でも使える。」

    Seed: 「ニンジャストライクは1度の攻撃に対してチームで1度のみ使用できます」; 「ブロック、ニンジャ
    ストライク…は(自分及び自分のクリーチャーに対するもので無くても)自チームに対するものであれば使用
    できます」. The note follows the keyword's reminder text."""
    changes = Changes(ID)
    for ability in ctx.analysis.abilities:
        if ability.keyword and ability.keyword.replace(" ", "").replace("\u3000", "").startswith("ニンジャ・ストライク"):
            add_note(changes, ctx, ability, NOTE)
    return changes.apply(tree)


RULE = rule_of(ID, note_ninja_strike, "ニンジャ・ストライク: once per attack per team (note)", "ニンジャ",
               ("ニンジャ・ストライク ４(相手のクリーチャーが攻撃またはブロックした時、…)",
                "ニンジャ・ストライク ４(相手のクリーチャーが攻撃またはブロックした時、…)\n※DTC：1回の攻撃につきチームで1回まで。自チームへの攻撃なら誰への攻撃でも使える。"))
