"""T23: wins and losses belong to the team (D-3)."""

from __future__ import annotations

import re

from ..analysis import players as pl
from .common import ANY_OPPONENT, Changes, Context, opponents, rule_of
from .notes import add_note

ID = "T23"
NOTE = "※DTC：勝敗はチーム単位。"
_GAME = re.compile(r"ゲームに(?:勝|負|勝利|敗北)")


def team_result(tree, ctx: Context):
    """自分/相手 + は/が + ゲームに勝つ/負ける/勝利する/敗北する (and negatives) → 自分のチームは… /
    相手のチームは…; a condition on 相手 in that sentence → いずれかの相手 (wins over T4). A game won
    or lost with no player (…ゲームに負けるかわりに勝つ。) gets the note 「※DTC：勝敗はチーム単位。」.

    DM-NOTES D-3: wins and losses belong to the team (seed: 「個人単位での勝利及び敗北はありません、
    それらは全てチーム単位で与えられます」). The player word becomes 自分のチーム / 相手のチーム and its
    particle stays; 相手 in a condition or trigger of the same sentence (攻撃の後、相手のシールドも
    クリーチャーもなければ、自分はゲームに勝つ) is any opponent."""
    changes = Changes(ID)
    a = ctx.analysis
    decided_sentences = set()
    for m in a.mentions:
        if m.in_reminder or m.word not in ("自分", "相手") or not ctx.free(m) or not pl.game_result(m):
            continue
        changes.replace(m.leaf, m.word + "のチーム")
        ctx.claim(m, ID)
        decided_sentences.add(m.sentence)
    for m in opponents(ctx):
        if (m.sentence in decided_sentences and m.clause_kind in ("condition", "trigger") and not pl.in_combat(m)
                and not pl.team_turn(m)):  # 相手のターンのはじめに: the team's turn (DM-NOTES 2)
            changes.replace(m.leaf, ANY_OPPONENT + ("の" if m.compound == "クリーチャー" else ""))
            ctx.claim(m, ID)
    if ctx.notes:
        with_result = {m.sentence for m in a.mentions if pl.game_result(m)}  # (asked per sentence)
        for ability in a.abilities:
            if ability.kind == "keyword":
                continue
            for index in ability.sentences:
                info = a.sentences[index]
                if index in decided_sentences or not _GAME.search(info.text):
                    continue
                if index in with_result:
                    continue
                add_note(changes, ctx, ability, NOTE)
                break
    return changes.apply(tree)


RULE = rule_of(ID, team_result, "Wins and losses belong to the team (D-3)", "ゲーム|勝つ",
               ("自分はゲームに勝つ。", "自分のチームはゲームに勝つ。"))
