"""T10: a one-shot effect in which the opponent acts chooses one opponent."""

from __future__ import annotations

from ..analysis import players as pl
from . import choice, triggers
from .common import Context, rule_of
from .single_card_choice import takes_one_card

ID = "T10"


def wants(m: pl.Mention, ctx: Context) -> bool:
    """One-shot 相手は (and 相手も, 相手が, 相手に…させる/選ばせる, 相手とジャンケン)."""
    if m.compound == "自身" or takes_one_card(m, ctx):
        return False  # 相手と自分のクリーチャーを１体ずつ選び: the card names its player (T9c)
    return m.particle in ("は", "も", "が", "に", "と") or (m.compound == "プレイヤー" and m.particle in ("と", "は", "に"))


def opponent_player(tree, ctx: Context):
    """One-shot 相手は → 相手を1人選ぶ。そのプレイヤーは

    Seed (《堕魔 ドゥポイズ》, 《海底鬼面城》): 「「相手」は任意の相手プレイヤー1人を選択して処理を行います」.
    An opponent who does something in a one-shot effect (discards, draws, chooses; 相手に…させる,
    相手とジャンケン) is one chosen opponent; a lasting restriction set by a one-shot effect too (D-1:
    「次の自分のターンのはじめまで、相手は呪文を唱えられない」 chooses one opponent, not 各相手). After an
    opponent's card was chosen (T9c) and before any choice, 相手は is that card's owner: その持ち主は; so
    is the owner of a shield being broken (「このクリーチャーがシールドをブレイクする時、相手はそのシールドを
    …」 → その持ち主は: the break fixed the player, no one else can move that shield).
    DM-NOTES 5 says where the choice is written."""
    return choice.apply(tree, ctx, ID)


RULE = rule_of(ID, opponent_player, "An opponent who acts in a one-shot effect: choose one opponent", triggers.opponent_a_rule_reads,
               ("このクリーチャーがバトルゾーンに出た時、自分のクリーチャーを2体破壊する。その後、相手は自身のクリーチャーを1体選び、破壊する。",
                "このクリーチャーがバトルゾーンに出た時、自分のクリーチャーを2体破壊する。その後、相手を1人選ぶ。そのプレイヤーは自身のクリーチャーを1体選び、破壊する。"))
