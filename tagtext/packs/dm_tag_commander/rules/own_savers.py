"""T25 (clarify only): セイバー, シールド・セイバー: your own only (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T25"


def claims(m: pl.Mention, analysis) -> bool:
    """セイバー, シールド・セイバー: own only.

    Seed: 「チームメイトのクリーチャーをセイバーしたりキラゼオスしたり出来るの? 出来ません。それらの能力で
    守れるのは自分のクリーチャーのみです。同様にシールド・セイバーも自分のものにしか適用できません」."""
    return False


RULE = clarify_of(ID, claims, "セイバー, シールド・セイバー: your own only (no change)", None)
