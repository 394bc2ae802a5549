"""T19 (clarify only): クロスギア, 城, シールド・ゴー: your own creatures and shields (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T19"


def claims(m: pl.Mention, analysis) -> bool:
    """クロスギア, 城, シールド・ゴー: own creatures and shields only.

    Seed: 「クロスギア、城、シールドゴーは自分のクリーチャー、シールド及びそのゾーンにしか使用することが
    出来ません」."""
    return False


RULE = clarify_of(ID, claims, "クロスギア, 城, シールド・ゴー: your own creatures and shields (no change)", None)
