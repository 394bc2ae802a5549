"""T9b: an effect that takes several of an opponent's cards chooses one opponent."""

from __future__ import annotations

from ..analysis import players as pl
from . import choice, triggers
from .common import Context, rule_of

ID = "T9b"


def wants(m: pl.Mention, ctx: Context) -> bool:
    """相手の…をN体/N枚(まで)/好きな数…選び, N ≥ 2."""
    return choice.takes_things(m) and pl.selection(m)[0] == "many"


def choose_many(tree, ctx: Context):
    """相手の…をN体/N枚(まで)/好きな数…選び, N ≥ 2 → 相手を1人選び、そのプレイヤーの…

    Seed (《行燈どろん》): 「これは唱えたときに相手チームの中から任意のプレイヤー選び、さらにその中で
    パワーの合計が6000以下になるように組み合わせて効果を使います」. Two or more cards, up to N, or
    any number of them, are taken from one chosen opponent (DM-NOTES 5 for where the choice is
    written)."""
    return choice.apply(tree, ctx, ID)


RULE = rule_of(ID, choose_many, "Several of an opponent's cards: choose one opponent", triggers.opponent_a_rule_reads,
               ("相手のクリーチャーを、パワーの合計が6000以下になるよう好きな数選び、破壊する。",
                "相手を1人選び、そのプレイヤーのクリーチャーを、パワーの合計が6000以下になるよう好きな数選び、破壊する。"))
