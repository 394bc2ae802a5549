"""T11: choosing a player chooses you or one opponent."""

from __future__ import annotations

import re

from .common import Changes, Context, rule_of

ID = "T11"
_CHOOSE = re.compile(r"^を(?:\d+|ひとり|一人)人?選")
_ONE_OF = re.compile(r"^(?:\d+)人の")


def choose_player(tree, ctx: Context):
    """プレイヤーを1人選ぶ → 自分または相手を1人選ぶ; プレイヤー1人の → 自分または相手1人の.

    Seed (《ポクチンちん》): 「この《ポクチンちん》の効果で選べるプレイヤーは「自分、または相手チームの
    プレイヤー」となります」 — never a teammate (DM-NOTES 1: a teammate is neither 自分 nor 相手). Also
    どちらかの/いずれかのプレイヤーの → 自分または相手1人の, and 自分または相手の → 自分または相手1人の. A
    player picked by comparing the two players (シールドを多く持っている方のプレイヤー, 両プレイヤー) has
    no four-player reading: left as printed and reported (a residual)."""
    changes = Changes(ID)
    a = ctx.analysis
    one = ctx.one()
    leaves = list(a.tree.leaves())
    index = {id(leaf): i for i, leaf in enumerate(leaves)}
    for m in a.mentions:
        if m.in_reminder or not ctx.free(m):
            continue
        if m.word == "プレイヤー" and (m.lead == "両" or re.search(r"方の$", m.before)):
            info = a.sentence_of(m)
            ctx.report(info.start, info.end, ID, "compares the two players (両プレイヤー, …方のプレイヤー): a "
                       "two-player reading with no four-player one (organiser's ruling)")
            ctx.claim(m, ID)
            continue
        if m.word == "プレイヤー" and m.before.endswith(("どちらかの", "いずれかの")) and m.particle == "の":
            i = index[id(m.leaf)]
            lead = leaves[i - 1]
            if lead.text.endswith(("どちらかの", "いずれかの")):
                kept = lead.text[:-len("どちらかの")]
                changes.replace(lead, kept)
                changes.replace(m.leaf, f"自分または相手{one}人")
                ctx.claim(m, ID)
            continue
        if m.word == "プレイヤー" and not m.lead and (_CHOOSE.match(m.after) or _ONE_OF.match(m.after)):
            changes.replace(m.leaf, "自分または相手")
            ctx.claim(m, ID)
        elif m.word == "相手" and m.lead == "自分または" and m.particle == "の":
            changes.replace(m.leaf, f"相手{one}人")
            ctx.claim(m, ID)
    return changes.apply(tree)


#: the trigger: the words each reading above needs right at the player word (両プレイヤー,
#: …方のプレイヤー, どちらかのプレイヤーの, プレイヤーを1人選, プレイヤー1人の, 自分または相手)
TRIGGER = r"(?:両|方の|どちらかの|いずれかの)プレイヤー|プレイヤー(?:を(?:\d+|ひとり|一人)人?選|\d+人の)|自分または相手"

RULE = rule_of(ID, choose_player, "Choosing a player: you or one opponent", TRIGGER,
               ("このクリーチャーがバトルゾーンに出た時、プレイヤーを1人選ぶ。そのプレイヤーは自身の墓地にあるカードをすべて山札に加えてシャッフルする。",
                "このクリーチャーがバトルゾーンに出た時、自分または相手を1人選ぶ。そのプレイヤーは自身の墓地にあるカードをすべて山札に加えてシャッフルする。"))
