"""T9c (clarify only): choosing an opponent's card chooses the opponent."""

from __future__ import annotations

import re

from ..analysis import players as pl
from .common import Context, clarify_of

ID = "T9c"

#: what one card of an opponent is: a creature, a card, a shield, a card in the mana zone
_ONE_OF = frozenset({"creature", "card", "shield", "mana", "grave"})
#: 相手と自分の…を１体ずつ: one of each player's
_ONE_EACH = re.compile(r"^と自分の[^、。]*?を(?:1|１|ひとつ)(?:体|枚|つ)ずつ")


def takes_one_card(m: pl.Mention, ctx: Context | None = None) -> bool:
    """相手の…を1体選び / 1体破壊する / 1枚選び / 1つブレイク: an effect takes one card the
    opponent owns (not from a hand or a deck, which are hidden), or one of each of you and an
    opponent (自分と相手のクリーチャーを１体ずつ)."""
    if m.in_reminder:
        return False
    if m.owned is None and m.particle == "と" and _ONE_EACH.match(m.after):
        return True  # 相手と自分のクリーチャーを１体ずつ選び
    if m.owned is None or pl.counted(m):
        return False
    quantity, verb = pl.selection(m)
    if quantity != 1 or m.owned.zone in ("hand", "deck"):
        return False
    return bool(m.owned.kinds() & _ONE_OF)


def claims(m: pl.Mention, analysis) -> bool:
    """「相手の…を1体選び」/「1体破壊する」: choosing the card chooses the opponent.

    Seed: 「相手プレイヤーを対象とする効果は相手チームから任意の対象を1人選び、その効果を使います」 —
    an effect on one card of an opponent picks it among every opponent's cards, so the card
    names its player and nothing is rewritten. (After it, a later 相手は in the same ability is
    the card's owner: その持ち主は, T10.)"""
    return m.opponent and not m.in_reminder and analysis.abilities[m.ability].kind == "one-shot" and takes_one_card(m)


RULE = clarify_of(ID, claims, "Choosing an opponent's card chooses the opponent (no change)",
                  ("相手のパワー2000以下のクリーチャーを１体破壊する。", "相手のパワー2000以下のクリーチャーを１体破壊する。"))
