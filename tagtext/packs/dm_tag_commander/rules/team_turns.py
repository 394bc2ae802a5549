"""turns (clarify only): Turns belong to teams (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "turns"


def claims(m: pl.Mention, analysis) -> bool:
    """Turns belong to teams: 自分のターン / 相手のターン stay as printed.

    DM-NOTES 2, and the seed: 「ターンはチーム単位で進行します」. 相手のターン, 相手の次のターン and 次の
    相手のターン are the opposing team's turn."""
    return m.opponent and pl.team_turn(m)


RULE = clarify_of(ID, claims, "Turns belong to teams (no change)", ('相手のターン中、自分の他のクリーチャーのパワーは+2000される。', '相手のターン中、自分の他のクリーチャーのパワーは+2000される。'))
