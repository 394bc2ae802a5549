"""T18 (note): ガチンコ・ジャッジ is played with one chosen opponent."""

from __future__ import annotations

from .common import Changes, Context, rule_of
from .notes import add_note

ID = "T18"
NOTE = "※DTC：相手を1人選び、そのプレイヤーとガチンコ・ジャッジを行う。"


def note_gachinko(tree, ctx: Context):
    """ガチンコ・ジャッジ → note 「※DTC：相手を1人選び、そのプレイヤーとガチンコ・ジャッジを行う。」

    Seed: 「ガチンコジャッジは、その効果のオーナーが相手チームから1人を選びその2人で実施します」."""
    changes = Changes(ID)
    a = ctx.analysis
    for ability in a.abilities:
        if "ガチンコ・ジャッジ" in a.masked[ability.start:ability.end] or "ガチンコジャッジ" in a.masked[ability.start:ability.end]:
            add_note(changes, ctx, ability, NOTE)
    return changes.apply(tree)


RULE = rule_of(ID, note_gachinko, "ガチンコ・ジャッジ with one chosen opponent (note)", "ガチンコ",
               ("ガチンコ・ジャッジで勝った場合、カードを1枚引く。",
                "ガチンコ・ジャッジで勝った場合、カードを1枚引く。\n※DTC：相手を1人選び、そのプレイヤーとガチンコ・ジャッジを行う。"))
