"""T5: a trigger or restriction on an opponent's act checks every opponent."""

from __future__ import annotations

import re

from ..analysis import players as pl
from . import choose_opponent, triggers
from .single_card_choice import takes_one_card
from .common import (ANY_OPPONENT, EACH_OPPONENT, THAT_OPPONENT, Changes, Context, keeps_as_printed, opponents,
                     refer_back, rule_of, say)

ID = "T5"


def word_order_changes(ctx: Context, ability: int) -> bool:
    """A trigger in which 相手の… comes before the actor 相手が (《ミクセル》: 相手のマナゾーンに
    ある…クリーチャーを相手がバトルゾーンに出した時): saying "any opponent" once would need the
    actor moved to the front."""
    trigger = [m for m in opponents(ctx, ability) if m.clause_kind == "trigger" and not keeps_as_printed(m)]
    actor_after: set[tuple[int | None, int | None]] = set()  # (sentence, clause) with a 相手が after
    for m in reversed(trigger):
        if m.particle == "の" and (m.sentence, m.clause) in actor_after:
            return True
        if m.particle == "が":
            actor_after.add((m.sentence, m.clause))
    return False


_RESTRICTION = re.compile(r"選べない|選ばれない|選ぶことはできない|選ぶことができない")


def _in_leading_trigger(m: pl.Mention, ctx: Context) -> bool:
    """The mention is in a trigger clause before its sentence's effect (not a time of the
    effect: 相手は次の自分自身のターンのはじめに、…アンタップできない), or is the one who chooses
    in a restriction (…相手がクリーチャーを選ぶ時、選ばれない), wherever it stands."""
    info = ctx.analysis.sentence_of(m)
    if m.clause_kind != "trigger" or info is None or m.clause is None:
        return False
    if m.particle == "が" and m.clause + 1 < len(info.clauses) and _RESTRICTION.search(info.clauses[m.clause + 1].text):
        return True
    return m.clause < max(info.effect, 1) and m.clause < info.leading


_ALTERNATIVE = re.compile(r"(?:時|とき)、?(?:または|あるいは)")


def _alternative_without_opponent(ctx: Context, m: pl.Mention) -> bool:
    """The trigger is one of alternatives and another names no opponent (このクリーチャーが攻撃
    された時または相手によって選ばれた時、): a later 相手 has no opponent to refer to."""
    info = ctx.analysis.sentence_of(m)
    if info is None or m.clause is None:
        return False
    lead = "、".join(c.text for c in info.clauses[:max(info.effect, m.clause + 1)])
    if not _ALTERNATIVE.search(lead):
        return False
    return any("相手" not in part for part in _ALTERNATIVE.split(lead))


def acting_opponent(tree, ctx: Context):
    """相手が…時、/ 相手の(クリーチャー等)が…時、/ 「相手が…選ぶ時、…選べない」 → いずれかの相手が /
    いずれかの相手の…が; a later 相手は/が/の in the ability → その相手は/が/の.

    Seed: 「相手プレイヤーの行為により誘発する能力は、相手チームのプレイヤー全てをチェックします」
    (《ミクセル》, 《異端流し オニカマス》, 《龍素記号Tb ドロダブル Bros.》, 《終末の監視者 ジ・ウォッチ》).
    Every 相手 in a trigger clause (…時、…たび、…た場合、, a restriction 「…選ぶ時」 too) becomes いずれか
    の相手 — a topic 相手は of a trigger reads 各相手は (「各相手は、呪文を唱えた時、…」); turns
    (相手のターン), attacks and battles (T24) stay as printed. Later mentions of the opponent in the
    ability are that opponent (その相手); after an attack trigger (相手のクリーチャーが自分を攻撃する時,
    このクリーチャーが相手プレイヤーを攻撃して…時) the opponent who then acts (相手は, 相手が), whose
    information a condition reads, or whose hand or deck (or all of whose things) the effect takes, is
    the attacking, or attacked, one: その相手. A trigger that names 相手の… before the actor 相手が would need
    its words reordered: left whole and reported (a residual), unless a special ruling says it."""
    changes = Changes(ID)
    a = ctx.analysis
    for ability in a.abilities:
        in_trigger = [m for m in opponents(ctx, ability.index) if _in_leading_trigger(m, ctx)]
        # a card of an opponent's that your effect takes (…相手のクリーチャーを１体破壊する時、かわりに…)
        # names its player: T9c
        trigger = [m for m in in_trigger if not keeps_as_printed(m) and not takes_one_card(m, ctx)]
        attack = [m for m in in_trigger if (pl.in_combat(m) or pl.attack_on_player(m)) and not pl.team_turn(m)]
        if attack and not trigger:
            # 相手のクリーチャーが自分を攻撃する時、相手は… / 相手プレイヤーを攻撃して…時、相手は…: the
            # attacking (or attacked) opponent acts
            for m in opponents(ctx, ability.index):
                acts = m.particle in ("は", "が", "も") and m.compound == ""
                # …その相手の山札を見る: whose hand or deck (or all of whose things) is that one's
                whose = m.particle == "の" and m.compound == "" and choose_opponent.wants(m, ctx)
                if m.start > attack[-1].start and (acts or whose or m.clause_kind == "condition") \
                        and m.clause_kind != "trigger" and not keeps_as_printed(m) and not pl.compared(m):
                    say(changes, ctx, m, THAT_OPPONENT)
                    ctx.claim(m, ID)
                    if whose:
                        # the rest of the ability is that opponent's too (…その相手の手札を…捨てさせ、
                        # その相手のクリーチャーを１体破壊してもよい)
                        refer_back(changes, ctx, ID, ability.index, m.start, THAT_OPPONENT)
                        break
            continue
        if not trigger:
            continue
        if word_order_changes(ctx, ability.index):
            first = trigger[0]
            info = a.sentence_of(first)
            ctx.report(info.start, info.end, ID,
                       "相手の… before the actor 相手が: saying 'any opponent' needs the words reordered "
                       "(a special ruling can say it)")
            for m in opponents(ctx, ability.index):
                ctx.claim(m, ID)
            continue
        for m in trigger:
            say(changes, ctx, m, EACH_OPPONENT if m.particle == "は" else ANY_OPPONENT)
            ctx.claim(m, ID)
        if not _alternative_without_opponent(ctx, trigger[-1]):
            refer_back(changes, ctx, ID, ability.index, trigger[-1].start, THAT_OPPONENT,
                       keep=pl.compared)
    return changes.apply(tree)


RULE = rule_of(ID, acting_opponent, "A trigger on an opponent's act checks every opponent", triggers.opponent_a_rule_reads,
               ("相手がカードを1枚引いた時、自分はカードを2枚引いてもよい。",
                "いずれかの相手がカードを1枚引いた時、自分はカードを2枚引いてもよい。"))
