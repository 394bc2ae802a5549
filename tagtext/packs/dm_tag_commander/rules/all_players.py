"""players (clarify only): 各プレイヤー and プレイヤー with no choice are every player (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "players"


def claims(m: pl.Mention, analysis) -> bool:
    """各プレイヤー, and a player named with no choice (プレイヤーがターンのはじめにカードを引いた時, ９枚以上
    手札を持つプレイヤーがいれば), are every player, teammates included; 「そのプレイヤー」 is the one just named.

    Seed: 「対象を選ばない効果と各プレイヤーと定義されている効果は全てのプレイヤーが対象になります」
    (《ギガタック・ハイパー・トラップ》: 「各プレイヤーとはプレイヤー全員を指す」). A one-shot effect in which
    each player acts also gets T7's note."""
    return m.word == "プレイヤー" and not m.in_reminder and (m.lead in ("各", "その", "") or m.before.endswith(("そうした", "持つ", "方の")))


RULE = clarify_of(ID, claims, "各プレイヤー and プレイヤー with no choice are every player (no change)", None)
