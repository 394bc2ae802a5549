"""T9: a one-shot effect on an opponent's things as a whole chooses one opponent."""

from __future__ import annotations

from ..analysis import players as pl
from . import choice, triggers
from .common import Context, rule_of

ID = "T9"


def wants(m: pl.Mention, ctx: Context) -> bool:
    """相手の…すべて; 相手の手札/山札/シールド/マナ as a zone."""
    if not choice.takes_things(m):
        return False
    if choice.lasting_trigger(m, ctx):
        return True
    quantity, verb = pl.selection(m)
    if quantity == "all":
        return True
    zone = m.owned.zone
    if zone in ("hand", "deck"):
        return True
    return zone in ("shield", "mana", "grave") and quantity is None and verb in ("見", "")


def choose_opponent(tree, ctx: Context):
    """One-shot on an opponent's things as a whole: 相手の…すべて; 相手の手札/山札/シールド/マナ as
    a zone → 相手を1人選び、そのプレイヤーの…

    Seed (《ゼンメツー・スクラッパー》): 「相手を対象とする効果なので、これは唱えたときに相手チームの中から
    任意のプレイヤー選んで効果を使います」. All of an opponent's creatures (or cards), or their hand or
    deck (hidden: whose must be said), or their shields or mana looked at as a whole, are one chosen
    opponent's. A lasting effect set by a one-shot ability chooses too (D-1). DM-NOTES 5 says where the
    choice is written."""
    return choice.apply(tree, ctx, ID)


RULE = rule_of(ID, choose_opponent, "An opponent's things as a whole: choose one opponent", triggers.opponent_a_rule_reads,
               ("相手のパワー2000以下のクリーチャーをすべて破壊する。",
                "相手を1人選び、そのプレイヤーのパワー2000以下のクリーチャーをすべて破壊する。"))
