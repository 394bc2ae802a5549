"""T9d: a count of an opponent's things counts one opponent's."""

from __future__ import annotations

import re

from ..analysis import players as pl
from . import triggers
from .common import Changes, Context, keeps_as_printed, opponents, rule_of

ID = "T9d"
_COST_REDUCTION = re.compile(r"コスト[^。]*?少なく")


def static_count_reason(ctx: Context, m, cost_reductions: dict[int, bool] | None = None) -> str | None:
    """D-4: the reason a static count needing a chosen opponent is reported, or None (a cost
    reduction: the opponent is picked when summoning; a one-shot effect: picked when it
    resolves). ``cost_reductions``: whether each sentence read so far is a cost reduction,
    by its index (a sentence of many counts is searched once, not once per count)."""
    ability = ctx.analysis.abilities[m.ability]
    if ability.kind != "static":
        return None
    info = ctx.analysis.sentence_of(m)
    if info is not None:
        known = cost_reductions if cost_reductions is not None else {}
        if m.sentence not in known:
            known[m.sentence] = _COST_REDUCTION.search(info.text) is not None
        if known[m.sentence]:
            return None
    return ("a lasting count of one opponent's cards (D-4): who picks that opponent, and when, is the "
            "organiser's ruling")


def one_opponent_counts(tree, ctx: Context):
    """相手の…1体/1枚/1つにつき → 相手1人の (after …にある: 「…にある、相手1人の」).

    Seed (《メガ・マグマ・ドラゴン》): 「「相手の」とある上に情報参照系の能力なので、相手チームから任意の
    プレイヤーを選び、そのプレイヤーのコントロールしているクリーチャーの数だけ召喚コストを下げて
    プレイすることが出来ます」. Counting an opponent's things, one by one (…１体につき) or their number
    (…の数, …と同じ枚数), counts one opponent's: 相手1人の (自分と相手のシールド → 自分と相手1人の
    シールド), the 1 in the card's own width. D-4: in a static ability other than a cost reduction, who
    picks the opponent, and when, is the organiser's: rewritten and reported as a residual."""
    changes = Changes(ID)
    one = ctx.one()
    cost_reductions: dict[int, bool] = {}
    for m in opponents(ctx):
        if keeps_as_printed(m) or not pl.counted(m):
            continue
        comma = "、" if m.before.endswith("にある") else ""
        changes.replace(m.leaf, f"{comma}相手{one}人" + ("の" if m.compound == "クリーチャー" else ""))
        ctx.claim(m, ID)
        reason = static_count_reason(ctx, m, cost_reductions)
        if reason:
            info = ctx.analysis.sentence_of(m)
            ctx.report(info.start, info.end, ID, reason)
    return changes.apply(tree)


RULE = rule_of(ID, one_opponent_counts, "A count of an opponent's things counts one opponent's", triggers.opponent_a_rule_reads,
               ("このクリーチャーの召喚コストを、バトルゾーンにある相手のクリーチャー1体につき1少なくする。ただし、コストは0以下にならない。",
                "このクリーチャーの召喚コストを、バトルゾーンにある、相手1人のクリーチャー1体につき1少なくする。ただし、コストは0以下にならない。"))
