"""T17 (clarify only): 「自分のシールドが1つもなければ」 is your own shields (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T17"


def claims(m: pl.Mention, analysis) -> bool:
    """「自分のシールドが1つもなければ」 is your own shields; 革命0トリガー works against any attack on
    the team, any number per attack.

    Seed: 「「シールドが1枚もない」とは、自分のチームのシールド総数ではなく、あくまで自分のシールドが0である
    ことを指します」; 「革命0トリガーは1度の攻撃に対して、チームで何枚でも同時に宣言し、使うことができます」."""
    return m.word == "自分" and m.after.startswith("のシールドが")


RULE = clarify_of(ID, claims, "「自分のシールドが1つもなければ」 is your own shields (no change)", None)
