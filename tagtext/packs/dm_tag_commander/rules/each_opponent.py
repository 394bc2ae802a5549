"""T4: a static effect on the opponent reaches the whole opposing team."""

from __future__ import annotations

from .any_opponent_reference import condition_and_effect
from . import triggers
from .common import EACH_OPPONENT, THAT_OPPONENT, Changes, Context, keeps_as_printed, opponents, rule_of, say

ID = "T4"


def each_opponent(tree, ctx: Context):
    """Static: 相手の/相手は/相手が → 各相手の/各相手は/各相手が.

    Seed: 「相手プレイヤーを対象とする常在型効果は相手チーム全員に作用します」 (《ローズ・キャッスル》,
    《音奏 プーンギ》). In a static ability every 相手 the effect names is 各相手 (相手クリーチャー →
    各相手のクリーチャー). Not rewritten: 相手プレイヤーを攻撃, 相手クリーチャー in attack wording, 相手に
    見せ, turns. A static ability whose condition and effect both name 相手 (a per-opponent reading) is
    left whole and reported (a residual)."""
    changes = Changes(ID)
    a = ctx.analysis
    for ability in a.abilities:
        if ability.kind != "static":
            continue
        mentions = [m for m in opponents(ctx, ability.index) if not keeps_as_printed(m)]
        if not mentions:
            continue
        if condition_and_effect(ctx, ability.index):
            ctx.report(ability.start, ability.end, ID,
                       "a static ability whose condition and effect both name 相手: is the condition read per "
                       "opponent, or for any opponent? (organiser's ruling)")
            for m in mentions:
                ctx.claim(m, ID)
            continue
        each = {}
        for m in mentions:
            if m.sentence in each and _same_opponent(m):
                # 各相手のクリーチャーがブレイクするシールドを、相手のかわりに自分が選ぶ: the opponent
                # the sentence is about, each in turn
                say(changes, ctx, m, THAT_OPPONENT)
                ctx.claim(m, ID)
            elif m.particle in ("の", "は", "が", "も", "に") or m.compound == "クリーチャー":
                say(changes, ctx, m, EACH_OPPONENT)
                ctx.claim(m, ID)
                each.setdefault(m.sentence, m)
    return changes.apply(tree)


def _same_opponent(m) -> bool:
    """相手のかわりに: in place of the opponent the sentence already named."""
    return m.particle == "の" and m.after.startswith(("のかわりに", "の代わりに"))


RULE = rule_of(ID, each_opponent, "A static effect on the opponent reaches every opponent", triggers.opponent_a_rule_reads,
               ("相手の呪文を唱えるコストは1多くなる。", "各相手の呪文を唱えるコストは1多くなる。"))
