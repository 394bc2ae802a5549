"""T22c: breaking or choosing several of an opponent's shields takes them all from one opponent."""

from __future__ import annotations

from ..analysis import players as pl
from . import choice, triggers
from .common import Context, rule_of

ID = "T22c"


def wants(m: pl.Mention, ctx: Context) -> bool:
    """相手のシールドをNつブレイクする / …N枚まで選び (N ≥ 2, or すべて)."""
    if m.owned is None or m.owned.zone != "shield":
        return False
    if pl.counted(m):
        return False  # a count: T9d
    quantity, verb = pl.selection(m)
    return quantity in ("many", "all") and verb in ("ブレイク", "選", "見", "置", "戻", "加え")


def shield_breaks(tree, ctx: Context):
    """相手のシールドをNつブレイクする / …N枚まで選び → as T9: 相手を1人選び、そのプレイヤーのシールドを…

    Seed: 「複数枚のシールドをブレイクする効果、例えばT・ブレイカーや《インビンシブル・フォートレス》
    などは、そのブレイクをプレイヤー1人に全て適用する必要があります(ブレイク効果を分割して使うことは
    出来ません)」. An effect that breaks, or chooses, two or more of the opponent's shields chooses
    one opponent first (DM-NOTES 5 for where); W/T/Q・ブレイカー themselves are keywords and stay (T22c
    on the Rules page)."""
    return choice.apply(tree, ctx, ID)


def claims(m: pl.Mention, analysis) -> bool:
    """W/T/Q・ブレイカー and 「このクリーチャーは、相手のシールドをN枚ブレイクする」: all the breaks on
    the one player attacked (no change)."""
    return m.opponent and not m.in_reminder and pl.breaker(m)


RULE = rule_of(ID, shield_breaks, "Several shields: all from one opponent", triggers.opponent_a_rule_reads,
               ("相手のシールドを裏向きのまま３枚まで選び、表にして持ち主の墓地に置く。",
                "相手を１人選び、そのプレイヤーのシールドを裏向きのまま３枚まで選び、表にして持ち主の墓地に置く。"))
