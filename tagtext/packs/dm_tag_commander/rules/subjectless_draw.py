"""T3 (clarify only): A draw that names no player is yours (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T3"


def claims(m: pl.Mention, analysis) -> bool:
    """A subjectless 「カードを1枚引く」 is you.

    Seed (《ダイスベガス》): 「このテキストには「自分は」という言葉が省略されていますが、《ダイスベガス》は
    自分がカードを引く効果です」. Nothing is written: the player is understood."""
    return False


RULE = clarify_of(ID, claims, "A draw that names no player is yours (no change)", ('自分のターンの終わりに、カードを1枚引いてもよい。', '自分のターンの終わりに、カードを1枚引いてもよい。'))
