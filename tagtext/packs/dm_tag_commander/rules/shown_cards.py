"""shown (clarify only): A card shown to the opponent is shown to every opponent (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "shown"


def claims(m: pl.Mention, analysis) -> bool:
    """A card shown to 相手 (相手に見せてから手札に加える) is shown to every opponent: stays as printed.

    DM-NOTES, T4's list of what it leaves (相手に見せ). Showing is information for the other team;
    nothing is chosen."""
    return m.opponent and pl.shown(m)


RULE = clarify_of(ID, claims, "A card shown to the opponent is shown to every opponent (no change)", ('その中からクリーチャーを１体選び、相手に見せてから自分の手札に加えてもよい。', 'その中からクリーチャーを１体選び、相手に見せてから自分の手札に加えてもよい。'))
