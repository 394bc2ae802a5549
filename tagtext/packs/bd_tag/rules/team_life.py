"""302: the life zone is the team's: a text that reads the life or the red/yellow zone reads
the team's."""

from __future__ import annotations

from .common import Changes, Context, add_note, rule_of

ID = "302"
NOTE = "※タッグ戦：チームのライフゾーンで判定する。"


def team_life(tree, ctx: Context):
    """ライフゾーンはチームで 1つのみ存在し、両プレイヤーが共有します。あるプレイヤーが “イエローゾーン”
    であることを参照する場合、それはそのプレイヤーのチームのライフゾーンのカードの枚数がレッドゾーン枚数
    よりも多いことを参照します（“レッドゾーン” も同様）。

    A note, never a text change (BD-NOTES 12, Decisions): an ability that reads the life
    (ライフが…, ライフは…, ライフの枚数) or the red or yellow zone gets 「※タッグ戦：チームの
    ライフゾーンで判定する。」 after it. Putting a card into the life (ライフの先頭に置く) reads
    nothing and gets none."""
    changes = Changes(ID)
    for ability in ctx.facts.abilities:
        if ability.reads_life:
            add_note(changes, ctx, ability, NOTE)
    return changes.apply(tree)


RULE = rule_of(ID, team_life, "The life zone is the team's", "ライフ|レッドゾーン|イエローゾーン",
               ("（自動）登場時、ライフが3枚以下なら、そのターン中、ヒットを+1。",
                "（自動）登場時、ライフが3枚以下なら、そのターン中、ヒットを+1。\n※タッグ戦：チームのライフゾーンで判定する。"))
