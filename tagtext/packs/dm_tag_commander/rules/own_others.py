"""T13 (clarify only): 「自分の他の…」 excludes teammates' cards (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T13"


def claims(m: pl.Mention, analysis) -> bool:
    """「自分の他の…」 excludes teammates' cards.

    Seed (《龍装者 バーナイン》): 「他のメタリカが出たときは「自分の」とあるので、チームメイトが出した
    メタリカではカードを引くことは出来ません」."""
    return m.word == "自分" and m.after.startswith("の他の")


RULE = clarify_of(ID, claims, "「自分の他の…」 excludes teammates' cards (no change)", ('このクリーチャーまたは自分の他のメタリカがバトルゾーンに出た時、カードを1枚引いてもよい。', 'このクリーチャーまたは自分の他のメタリカがバトルゾーンに出た時、カードを1枚引いてもよい。'))
