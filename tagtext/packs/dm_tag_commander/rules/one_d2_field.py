"""T20 (clarify only): One D2 field on the table (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T20"


def claims(m: pl.Mention, analysis) -> bool:
    """One D2 field on the table.

    Seed: 「D2フィールドは通常と同じく全体で一枚しか維持できません」."""
    return False


RULE = clarify_of(ID, claims, "One D2 field on the table (no change)", None)
