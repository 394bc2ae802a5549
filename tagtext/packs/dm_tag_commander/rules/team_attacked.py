"""T24 (clarify only): Any opposing attack is an attack on the whole team (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T24"


def claims(m: pl.Mention, analysis) -> bool:
    """Any opposing attack counts as an attack on the whole team.

    Seed: 「相手クリーチャーの攻撃はそれがどこに対するものであっても、全員が攻撃を受けている状態とみなします
    (実際にその結果が作用するのはあくまで対象となった箇所のみ)」. Attack, block and battle wording with
    the opponent's creatures (相手のクリーチャーが攻撃する時, バトルした相手クリーチャー, 相手クリーチャー
    の攻撃によって) stays as printed; T5 does not rewrite attack triggers."""
    return m.opponent and not m.in_reminder and (pl.in_combat(m) or m.lead == "その")


RULE = clarify_of(ID, claims, "Any opposing attack is an attack on the whole team (no change)", ('相手のクリーチャーが攻撃する時、このクリーチャーは可能であればブロックする。', '相手のクリーチャーが攻撃する時、このクリーチャーは可能であればブロックする。'))
