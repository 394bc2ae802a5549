"""T15 (clarify only): Your own information reads the owner only (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T15"


def claims(m: pl.Mention, analysis) -> bool:
    """Own-information (マナドライブ, 革命N, 革命0, マナ武装, 自分のマナゾーンに…あれば; a condition on
    「マナゾーンにある…」 with no owner) reads the owner only.

    Seed: 「マナドライブ、革命○、革命0トリガー、マナ武装及び「自分のマナに〇〇のカードが○枚以上」のような
    自分の情報を参照する場合、そのカードのオーナーの状態のみを参照します」 (《タマタンゴ・パンツァー》)."""
    return m.word == "自分" and m.clause_kind == "condition"


RULE = clarify_of(ID, claims, "Your own information reads the owner only (no change)", None)
