"""901-1: a played command or ability that refers to 相手 and targets no card picks one
opponent when it is played."""

from __future__ import annotations

from ..analysis import PLAYER
from .common import THAT_OPPONENT, Changes, Context, mentions, name_opponent, rule_of

ID = "901-1"


def choose_opponent(tree, ctx: Context):
    """コマンドや能力のプレイ時、そのコマンドや能力がプレイヤー以外の特定のカードや能力を対象とせずに単に
    “相手” を参照する場合、そのプレイの際、対象を選択するのと同じ時点で、そのカードや能力や効果の支配者は
    相手チームのいずれか一方のプレイヤーを選択し、そのカードや能力においてはその “相手” はそのプレイヤーを
    参照します。

    A command, or an automatic or activated ability, whose effect names 相手 as a player
    (not in its trigger condition, not as the controller of cards it chooses): 「相手1人を
    選ぶ。」 is written at the start of its effect (after the trigger condition or cost, before
    a duration or an if-clause), and every 相手 the effect names becomes その相手 (only the
    word changes: 相手ユニット → その相手ユニット); one choice per ability, a repeat 「もう1回
    行う」 using the same opponent (BD-NOTES 7). An ability that also targets a card is left
    as printed and reported: 901-1 covers only effects that target no card, and whether
    its 相手 is the target's controller needs an organiser's ruling (BD-NOTES 14)."""
    changes = Changes(ID)
    for ability in ctx.facts.abilities:
        if not ability.played:
            continue
        players = mentions(ctx, ability, PLAYER)
        if not players:
            continue
        for m in players:
            ctx.claim(m, ID)
        if ability.targets_card:
            ctx.report(ability.effect, ability.end, ID,
                       "targets a card and also names 相手 as a player: 901-1 covers only effects that target no "
                       "card; whether 相手 is the target's controller needs an organiser's ruling (BD-NOTES 14)")
            continue
        for m in players:
            name_opponent(changes, m, THAT_OPPONENT)
        changes.insert_before(ability.effect, f"相手{ctx.one()}人を選ぶ。")
    return changes.apply(tree)


RULE = rule_of(ID, choose_opponent, "A played effect on 相手 picks one opponent", "相手",
               ("相手は手札を2枚捨てる", "相手1人を選ぶ。その相手は手札を2枚捨てる"))
