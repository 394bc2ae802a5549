"""T7 (note): a one-shot effect in which each player acts is resolved team by team."""

from __future__ import annotations

import re

from ..analysis import players as pl
from .common import Changes, Context, rule_of
from .notes import add_note

ID = "T7"
NOTE = "※DTC：使った側のチームから1人ずつ任意の順に処理し、その後相手チームが処理する。"
_EACH_ACTS = re.compile(r"各プレイヤー(?:は|が)")
#: each player in their own turn (各プレイヤーは、自分のターンのはじめに…): one at a time already
_OWN_TURN = re.compile(r"各プレイヤー(?:は|が)、?自分(?:自身)?の(?:次の)?ターン")


def note_each_player(tree, ctx: Context):
    """One-shot effect in which 各プレイヤー act, not a static one (seed: 《ギガタック・ハイパー・トラップ》)
    → note 「※DTC：使った側のチームから1人ずつ任意の順に処理し、その後相手チームが処理する。」

    Seed (the Q&A on 《轟破天九十九語》): 「唱えた側のチームから各プレイヤーが1人ずつ処理(任意の順)を行って
    いき、全員の処理が終わったら続いて唱えていない側のチームの処理を初めてください」; 「各プレイヤーとは
    プレイヤー全員を指す」. Not when each player acts in their own turn (各プレイヤーは、自分のターンのはじめに…):
    nothing is simultaneous then. 相手 inside a 各プレイヤー sentence (「各プレイヤーは、相手の手札を１枚見ないで
    選び、捨てさせる」) has no reading with two opponents each: left as printed and reported (a residual)."""
    changes = Changes(ID)
    a = ctx.analysis
    for m in a.opponents():
        if pl.in_each_player_sentence(m) and ctx.free(m):
            info = a.sentence_of(m)
            ctx.report(info.start, info.end, ID, "相手 in a 各プレイヤー sentence: whose opponent, with two of them? "
                       "(organiser's ruling)")
            ctx.claim(m, ID)
    for ability in a.abilities:
        if ability.kind == "one-shot" and _EACH_ACTS.search(a.masked, ability.start, ability.end) \
                and not _OWN_TURN.search(a.masked, ability.start, ability.end):
            add_note(changes, ctx, ability, NOTE)
    return changes.apply(tree)


RULE = rule_of(ID, note_each_player, "Each player acts: team by team (note)", "各プレイヤー",
               ("各プレイヤーは、バトルゾーンにある自身のカードをすべてマナゾーンに置く。",
                "各プレイヤーは、バトルゾーンにある自身のカードをすべてマナゾーンに置く。\n※DTC：使った側のチームから1人ずつ任意の順に処理し、その後相手チームが処理する。"))
