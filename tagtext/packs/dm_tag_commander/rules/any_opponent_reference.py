"""T9e: a comparison with, or a condition on, an opponent's information reads any opponent."""

from __future__ import annotations

import re

from ..analysis import players as pl
from ..analysis.text import MASK
from .common import ANY_OPPONENT, EACH_OPPONENT, THAT_OPPONENT, Changes, Context, keeps_as_printed, opponents, refer_back, rule_of, say
from . import choice, triggers
from .single_card_choice import takes_one_card

ID = "T9e"


def reads_information(m: pl.Mention) -> bool:
    """相手より, 相手と同じ, 相手の…が(あれば/なければ/…以上なら): compared, or in a condition (not
    the topic of the whole sentence: 相手は自分自身の墓地に…なければ、手札を…捨てる; nor the creature a
    lure makes attack: 相手のクリーチャーが攻撃する場合、可能なら…を攻撃する, T4's)."""
    return pl.compared(m) or (m.clause_kind == "condition" and m.particle not in ("は", "も") and not pl.lured(m))


def any_opponent_reference(tree, ctx: Context):
    """Comparisons 相手より, 相手と同じ; other conditions reading an opponent's information
    (相手の…があれば/なければ/…以上なら) → いずれかの相手より/と同じ/の (wins over T4 and T9).
    A drawback (the condition stops your own card: 相手にシールドが１枚もなければ、このクリーチャーは
    攻撃することができない) → 各相手 (the pack's decision, NOTES.md).

    Seed: 「相手の情報を参照する能力の場合、任意の相手プレイヤーを選択し参照します … 自分にとって都合の
    いい相手プレイヤーとシールド数を比較し効果を発動することが出来ます」. A later 相手 in the same
    sentence reads that opponent (その相手: 相手の手札が自分の手札より多ければ、その相手の手札と同じ枚数に
    なるまで…), except a card chosen one by one after a condition (T9c: any opponent's creature); a card
    the same clause describes by that opponent's information is that opponent's (いずれかの相手の墓地に
    あるクリーチャーと同じカード名のその相手のクリーチャーを１体破壊する). A static ability whose
    condition and effect both name 相手 is T4's residual, not this rule's; a condition after an opponent was
    chosen in the same ability reads that player (そのプレイヤー: T10's 相手がそうしなければ)."""
    changes = Changes(ID)
    a = ctx.analysis
    chosen_before = choice.ChosenBefore(ctx)
    chosen_things = _ChosenThings(ctx)
    for m in opponents(ctx):
        if not ctx.free(m) or keeps_as_printed(m) or not reads_information(m):
            continue
        if a.abilities[m.ability].kind == "static" and condition_and_effect(ctx, m.ability):
            continue
        if chosen_before(m):
            continue  # an opponent is chosen before it in the ability: that player (T9, T10 …)
        if pl.compared(m) and chosen_things.after(m):
            continue  # 相手のマナゾーンにある…よりコストが大きい相手の…クリーチャーをすべて: T9's choice
        if drawback(m, ctx):
            # a condition that stops your own card: you read the opponent that suits you, so it
            # holds only when it holds for every opponent
            say(changes, ctx, m, EACH_OPPONENT)
            ctx.claim(m, ID)
            continue
        say(changes, ctx, m, ANY_OPPONENT)
        ctx.claim(m, ID)
        if a.abilities[m.ability].kind == "static":
            continue  # the static effect reaches every opponent (T4's 各相手)
        # a card chosen one by one after a condition is any opponent's (T9c); one the same clause
        # describes by that opponent's information is that opponent's (同じカード名のその相手の…)
        refer_back(changes, ctx, ID, m.ability, m.start, THAT_OPPONENT, sentence=m.sentence,
                   keep=lambda n, m=m: takes_one_card(n, ctx) and n.clause != m.clause)
    return changes.apply(tree)


#: what a drawback stops: your own card (このクリーチャーは攻撃することができない)
_DRAWBACK = re.compile(r"^この(?:クリーチャー|カード|呪文)(?:は|を)[^。]*?(?:できない|できず|られない)")


def drawback(m: pl.Mention, ctx: Context) -> bool:
    """The condition (or comparison) stops your own card: 相手にシールドが１枚もなければ、このクリーチャーは
    攻撃することができない. The seed lets you read the opponent that suits you, so the drawback holds
    only when it holds for every opponent (各相手)."""
    info = ctx.analysis.sentence_of(m)
    if info is None or m.clause is None:
        return False
    clause = info.clauses[m.clause]
    if clause.kind != "condition":
        return False
    rest = [c for c in info.clauses[m.clause + 1:] if c.kind not in ("duration",)]
    return bool(rest) and bool(_DRAWBACK.match(rest[0].text.replace(MASK, "").strip(" \u3000")))


class _ChosenThings:
    """Whether a comparison is inside the things a one-shot effect takes from one chosen
    opponent (相手のマナゾーンにあるカードの枚数よりコストが大きい相手の…クリーチャーをすべて): that
    player's (T9). For one pass asking in text order: a clause's mentions some choosing rule
    would want are found once; one claimed never becomes free again, so the last free one of
    a clause is all a comparison needs to know (is it after the comparison?)."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.by_clause: dict[tuple, list[pl.Mention]] | None = None

    def after(self, m: pl.Mention) -> bool:
        """Whether a later mention of ``m``'s clause is one a choosing rule wants."""
        ctx = self.ctx
        if self.by_clause is None:
            self.by_clause = {}
            for n in ctx.analysis.opponents():
                if not pl.in_each_player_sentence(n) and choice.could_be_wanted(n, ctx):
                    self.by_clause.setdefault((n.ability, n.sentence, n.clause), []).append(n)
        wanted = self.by_clause.get((m.ability, m.sentence, m.clause), [])
        while wanted and not ctx.free(wanted[-1]):
            wanted.pop()
        return bool(wanted) and wanted[-1].start > m.start


def condition_and_effect(ctx: Context, ability: int) -> bool:
    """A static ability whose condition and effect both name 相手 (a per-opponent reading);
    read once per ability (the rules ask it per mention)."""
    known = ctx.condition_and_effect
    if ability not in known:
        known[ability] = _condition_and_effect(ctx, ability)
    return known[ability]


def _condition_and_effect(ctx: Context, ability: int) -> bool:
    mentions = [m for m in ctx.analysis.opponents(ability) if not keeps_as_printed(m)]
    conditions = [m for m in mentions if m.clause_kind == "condition" or pl.compared(m)]
    if conditions and all(pl.compared(m) for m in conditions):
        # a comparison (ラビリンス：自分のシールドの数が相手より多ければ、相手は…): the seed settles it,
        # you compare with the opponent that suits you (T9e), and the effect reaches every one (T4)
        return False
    return bool(conditions) and any(m.clause_kind in ("effect", "duration") and not pl.compared(m) for m in mentions)


RULE = rule_of(ID, any_opponent_reference, "Comparisons and conditions read any opponent", triggers.opponent_a_rule_reads,
               ("このクリーチャーをバトルゾーンに出した時、相手のシールドが３枚以下であれば、カードを２枚まで引く。",
                "このクリーチャーをバトルゾーンに出した時、いずれかの相手のシールドが３枚以下であれば、カードを２枚まで引く。"))
