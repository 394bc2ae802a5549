"""T22a (clarify only): Blockers and redirection defend the whole team (no change)."""

from __future__ import annotations

import re  # noqa: F401 - some claims read the words around a player

from ..analysis import players as pl  # noqa: F401
from .common import clarify_of

ID = "T22a"


def claims(m: pl.Mention, analysis) -> bool:
    """Blockers, attack redirection and stops work for any attack on your team; redirection only to
    your own creature.

    Seed: 「ブロック、ニンジャストライク、攻撃曲げ、ガードマン、攻撃中止、罠金乱舞、ダイスベガス、ギラメシア
    などは(自分及び自分のクリーチャーに対するもので無くても)自チームに対するものであれば使用できます」;
    「ただし攻撃曲げは自分のコントロールするクリーチャーにのみ誘導可能です」. The attacking 相手
    クリーチャー of a blocker or a redirection stays as printed."""
    return m.opponent and not m.in_reminder and re.search(r"^(?:の)?(?:クリーチャー)?(?:の)?攻撃先|^がブロック", m.after) is not None


RULE = clarify_of(ID, claims, "Blockers and redirection defend the whole team (no change)", ('相手クリーチャーの攻撃先をこのクリーチャーに変更してもよい。', '相手クリーチャーの攻撃先をこのクリーチャーに変更してもよい。'))
