"""T21 (clarify only): 封印 removed by a コマンド: its owner's only (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T21"


def claims(m: pl.Mention, analysis) -> bool:
    """封印 removal by a コマンド: its owner only.

    Seed: 「「コマンド」種族による封印を除去する効果はそのカードのオーナーに対してのみ施行できます」."""
    return False


RULE = clarify_of(ID, claims, "封印 removed by a コマンド: its owner's only (no change)", None)
