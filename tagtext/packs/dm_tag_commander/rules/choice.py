"""Where the chosen opponent is written (DM-NOTES 5), for the rules that choose one: T9,
T9b, T10 and T22c.

Each of those rules owns its decision (its ``wants(mention, ctx)``); this module places
what they decide, the same way whichever of them runs first, so that their passes can run
in any order and still agree:

- "The opponent choice is inserted once per ability, at the start of the sentence's
  effect: after a leading trigger and a leading connective (その後、さらに、そうした場合、),
  before the rest, a duration included." The first mention (in text order) some rule wants
  decides where (the second of two alternatives, 「…引くか、相手に…させる」, gets it at its own
  start), and the first mention after that place decides the form: 「相手を1人選び、」 for 相手の (and 相手に, 相手と, 相手クリーチャー),
  「相手を1人選ぶ。」 for 相手は (and 相手も, 相手が); the 1 in the card's own width.
- That mention, and every later 相手 in the ability (one an earlier rule has not taken, and
  not a turn, an attack or a card shown), is 「そのプレイヤー」, where it stands.
- "After one opponent's card was chosen (T9c), a later 相手は is 「その持ち主は」" when no
  opponent was chosen before it: the card's owner is already known (T10's wording).

Each edit is made by the pass of the rule that wants the mention that chose (the insertion
and the later mentions) or, for その持ち主, by T10's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import nodes as d
from ..analysis import players as pl
from .common import THAT_OWNER, THAT_PLAYER, Changes, Context, keeps_as_printed, opponents, say
from .single_card_choice import takes_one_card


@dataclass(frozen=True)
class Step:
    rule: str
    #: "insert" (text before leaf), or "say" (the mention's words)
    kind: str
    leaf: d.Leaf
    text: str
    mention: pl.Mention | None = None


def family():
    """The choosing rules, in the order their decisions are asked (the first that wants a
    mention has it)."""
    from . import choose_many, choose_opponent, opponent_player, shield_breaks
    return (shield_breaks, choose_many, choose_opponent, opponent_player)


def takes_things(m: pl.Mention) -> bool:
    """An opponent's things an effect takes (相手の…), not counted (a count is T9d's)."""
    return m.owned is not None and not pl.counted(m)


def chooses(m: pl.Mention, ctx: Context) -> bool:
    """What every choosing rule requires: a free 相手 outside reminder text, in a one-shot
    ability's effect (not its trigger, not a condition), not a turn, an attack or a card
    shown."""
    return (ctx.free(m) and not m.in_reminder and ctx.analysis.abilities[m.ability].kind == "one-shot"
            and (m.clause_kind in ("effect", "duration", "connective", "means")
                 or m.clause_kind == "condition" and m.particle in ("は", "も"))
            and not keeps_as_printed(m))


def _wants(m: pl.Mention, ctx: Context) -> str | None:
    for module in family():
        if chooses(m, ctx) and module.wants(m, ctx):
            return module.ID
    return None


def wants_any(m: pl.Mention, ctx: Context) -> bool:
    """Whether some choosing rule wants ``m``."""
    return _wants(m, ctx) is not None


def chosen_before(m: pl.Mention, ctx: Context) -> bool:
    """Whether a choosing rule wants a mention before ``m`` in its ability (then ``m`` reads
    the chosen player)."""
    return any(n.start < m.start and _wants(n, ctx) for n in opponents(ctx, m.ability))


def plan(ctx: Context) -> list[Step]:
    if ctx.plan is not None:
        return ctx.plan
    steps: list[Step] = []
    a = ctx.analysis
    one = ctx.one()
    for ability in a.abilities:
        if ability.kind != "one-shot":
            continue
        mentions = opponents(ctx, ability.index)
        wanted = [(m, rule) for m in mentions if (rule := _wants(m, ctx))]
        if not wanted:
            continue
        first_card = next((m for m in mentions if takes_one_card(m, ctx)), None)
        chosen = None
        for m, rule in wanted:
            if (rule == "T10" and first_card is not None and first_card.start < m.start
                    and m.particle in ("は", "が", "も") and m.compound == ""):
                steps.append(Step(rule, "say", m.leaf, THAT_OWNER, m))
                ctx.claim(m, rule)
                continue
            chosen = (m, rule)
            break
        if chosen is None:
            continue
        m0, rule = chosen
        if (rule == "T9b" and first_card is not None and first_card.start < m0.start
                and first_card.owned.head == m0.owned.head and pl.selection(first_card)[0] == 1):
            # 相手のクリーチャーを１体選ぶ。その後、…１枚につき、相手のクリーチャーをさらに１体選ぶ: the
            # first pick and the ones counted after it are one opponent's (《行燈どろん》): chosen first
            m0 = first_card
        info = a.sentence_of(m0)
        clause = info.clauses[m0.clause]
        at = info.effect_leaf if info.effect <= clause.index else clause.first_leaf
        if at is None or at.start > m0.start or _alternative(info, clause):
            at = clause.first_leaf
        first = next(m for m in mentions if m.start >= at.start and ctx.free(m) and not keeps_as_printed(m))
        sentence_form = first.particle in ("は", "が", "も") and first.compound in ("", "プレイヤー")
        steps.append(Step(rule, "insert", at, f"相手を{one}人選ぶ。" if sentence_form else f"相手を{one}人選び、"))
        for m in mentions:
            if m.start < at.start or not ctx.free(m) or keeps_as_printed(m):
                continue
            steps.append(Step(rule, "say", m.leaf, THAT_PLAYER, m))
            ctx.claim(m, rule)
    ctx.plan = steps
    return steps


def _alternative(info, clause) -> bool:
    """The mention's clause is the second of two alternatives (…引くか、相手に手札を…捨てさせる):
    the choice belongs to that alternative."""
    # a verb before か (…引くか、): two actions; not a noun (…１体か、…２体を破壊する: two objects)
    return clause.index > 0 and re.search(r"[うくすつぬぶむぐる]か$", info.clauses[clause.index - 1].text.rstrip()) is not None


def apply(tree, ctx: Context, rule: str):
    """Make the edits of the plan that belong to ``rule``."""
    changes = Changes(rule)
    for step in plan(ctx):
        if step.rule != rule:
            continue
        if step.kind == "insert":
            changes.insert_before(step.leaf, step.text)
        else:
            say(changes, ctx, step.mention, step.text)
    return changes.apply(tree)
