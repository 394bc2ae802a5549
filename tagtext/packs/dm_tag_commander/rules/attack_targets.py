"""attacks (clarify only): An attack on a player chooses any opponent (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "attacks"


def claims(m: pl.Mention, analysis) -> bool:
    """An attack on a player chooses any opponent: 相手プレイヤーを攻撃 stays as printed.

    DM-NOTES 2 (attack targeting is no text rule) and T4's list of what it leaves; seed:
    「プレイヤーへの攻撃は任意の相手プレイヤーを選択して行います」."""
    return m.opponent and pl.attack_on_player(m)


RULE = clarify_of(ID, claims, "An attack on a player chooses any opponent (no change)", ('このクリーチャーは、相手プレイヤーを攻撃できない。', 'このクリーチャーは、相手プレイヤーを攻撃できない。'))
