"""T2: a cost reduction that names no player is yours."""

from __future__ import annotations

import re

from . import triggers
from .common import Changes, Context, rule_of

ID = "T2"
_REDUCTION = re.compile(r"少なく")
_PLAYER = re.compile(r"自分|相手|プレイヤー|このクリーチャー|この呪文|このカード|これ|そのクリーチャー|それ")
_SUMMON = re.compile(r"召喚|唱え")


def own_cost_reduction(tree, ctx: Context):
    """A cost reduction with no 自分/相手 in its sentence → 「次に自分が召喚する」.

    Seed (《フェアリー・ギフト》): 「軽減対象となるプレイヤーの記載がありませんが、これは自分への効果と
    します。その他、軽減効果を生むようなものは全て自分のみに影響を与えます」. 自分が is written before
    the summoning (or casting) it reduces: after 次に (次に自分が召喚する), else at the start of its
    clause (自分が進化クリーチャーを召喚する時). Not where the player is written (《一撃奪取 トップギア》)."""
    changes = Changes(ID)
    a = ctx.analysis
    for info in a.sentences:
        text = info.text
        if not _REDUCTION.search(text) or _PLAYER.search(text) or a.abilities[info.ability].kind == "keyword":
            continue
        summon = _SUMMON.search(a.masked, info.start, info.end)
        if summon is None or ctx.protected_at(summon.start()):
            continue
        clause = info.clause_at(summon.start())
        leaves = list(clause.leaves) if clause else []
        at = None
        if a.masked[summon.start() - 2:summon.start()] == "次に":
            at = next((leaf for leaf in leaves if leaf.start == summon.start()), None)
        elif leaves and leaves[0].start <= summon.start():
            at = leaves[0]
        if at is None:
            continue
        changes.insert_before(at, "自分が")
    return changes.apply(tree)


def could_apply(low: str) -> bool:
    """The trigger (:mod:`.triggers`): a sentence with 少なく and 召喚/唱え and no _PLAYER lies in
    one run of stretches with no _PLAYER of its line, read as the analysis masks it (or in a
    line that cannot be read without parsing)."""
    if "少なく" not in low:
        return False
    for line in triggers.lines(low, "少なく"):
        seen = triggers.masked_line(line)
        if seen is None:
            return True
        if any("少なく" in run and _SUMMON.search(run)
               for run in triggers.runs_without(seen, lambda stretch: _PLAYER.search(stretch) is not None)):
            return True
    return False


RULE = rule_of(ID, own_cost_reduction, "A cost reduction that names no player is yours", could_apply,
               ("このターン、次に召喚するクリーチャー1体のコストを最大3少なくしてもよい。ただしコストは1より少なくならない。",
                "このターン、次に自分が召喚するクリーチャー1体のコストを最大3少なくしてもよい。ただしコストは1より少なくならない。"))
