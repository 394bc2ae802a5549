"""T1 (clarify only): 自分の… is you, not your teammate (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T1"


def claims(m: pl.Mention, analysis) -> bool:
    """「自分の…」 is you alone, not your teammate.

    DM-NOTES 1: 「自分 is you alone, 相手 any player of the other team; a teammate (味方) is
    neither.」 Seed: 「自分を対象とする効果は自分にだけ効果を及ぼします」 (the D2 field's 「自分の
    クリーチャーすべてに「ブロッカー」を与える」, 《一撃奪取 トップギア》)."""
    return m.word == "自分" and m.particle == "の"


RULE = clarify_of(ID, claims, "自分の… is you, not your teammate (no change)", ('自分のクリーチャーすべてに「ブロッカー」を与える。', '自分のクリーチャーすべてに「ブロッカー」を与える。'))
