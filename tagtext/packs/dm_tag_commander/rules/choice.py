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
from ..analysis.abilities import is_spell
from ..analysis.text import MASK
from .common import THAT_OWNER, THAT_PLAYER, Changes, Context, keeps_as_printed, opponents, say
from .single_card_choice import takes_one_card


@dataclass(slots=True)
class Step:
    rule: str
    #: "insert" (text before leaf), or "say" (the mention's words)
    kind: str
    leaf: d.Leaf
    text: str
    mention: pl.Mention | None = None


def family():
    """The choosing rules, in the order their decisions are asked (the first that wants a
    mention has it). Imported when first asked (they import this module), then kept: it is
    asked of every mention."""
    global _FAMILY
    if _FAMILY is None:
        from . import choose_many, choose_opponent, opponent_player, shield_breaks
        _FAMILY = (shield_breaks, choose_many, choose_opponent, opponent_player)
    return _FAMILY


_FAMILY = None


def takes_things(m: pl.Mention) -> bool:
    """An opponent's things an effect takes (相手の…), not counted (a count is T9d's)."""
    return m.owned is not None and not pl.counted(m)


def chooses(m: pl.Mention, ctx: Context) -> bool:
    """What every choosing rule requires: a free 相手 outside reminder text, in a one-shot
    ability's effect (not its trigger, not a condition), not a turn, an attack or a card
    shown; or the opponent of a lasting effect a one-shot ability sets up (D-1), said as a
    trigger after its duration (次の自分のターンのはじめまで、相手のクリーチャーが攻撃する時、…)."""
    return ctx.free(m) and may_choose(m, ctx)


def may_choose(m: pl.Mention, ctx: Context) -> bool:
    """What :func:`chooses` requires but the mention being free (a fact of the text alone)."""
    if not m.in_reminder and lasting_trigger(m, ctx):
        return True
    return (not m.in_reminder and ctx.analysis.abilities[m.ability].kind == "one-shot"
            and (m.clause_kind in ("effect", "duration", "connective", "means")
                 or m.clause_kind == "condition" and m.particle in ("は", "も"))
            and not keeps_as_printed(m))


def lasting_trigger(m: pl.Mention, ctx: Context) -> bool:
    """相手の… in a trigger right after the duration that opens a one-shot ability's sentence
    (次の自分のターンのはじめまで、相手のクリーチャーが攻撃する時、可能ならクリーチャーを攻撃する): a
    lasting effect set up on one opponent's things (D-1), not a trigger of the card's."""
    if m.clause != 1 or m.clause_kind != "trigger" or m.particle != "の":
        return False
    info = ctx.analysis.sentence_of(m)
    if info is None or ctx.analysis.abilities[m.ability].kind != "one-shot":
        return False
    first = info.clauses[0]
    return first.kind == "duration" and first.text.replace(MASK, "").rstrip().endswith("まで")


def _wants(m: pl.Mention, ctx: Context) -> str | None:
    if not chooses(m, ctx):
        return None
    return _rule_wanting(m, ctx)


def _rule_wanting(m: pl.Mention, ctx: Context) -> str | None:
    """The first choosing rule whose own decision wants ``m`` (their decisions read the text
    alone, never what other rules claimed)."""
    for module in family():
        if module.wants(m, ctx):
            return module.ID
    return None


def could_be_wanted(m: pl.Mention, ctx: Context) -> bool:
    """Whether some choosing rule would want ``m`` were it free."""
    return may_choose(m, ctx) and _rule_wanting(m, ctx) is not None


class ChosenBefore:
    """Whether a choosing rule wants a mention before ``m`` in its ability (then ``m`` reads
    the chosen player), for one pass that asks it of mentions in text order: each ability's
    mentions are read once, not once per mention asked (a text of one long ability stays
    linear). Whether a mention is wanted no longer changes once the pass is past it: a
    pass claims the mention it is at and later ones, never earlier ones."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        #: ability -> (how many of its mentions were read, whether one of them was wanted)
        self.read: dict[int, tuple[int, bool]] = {}

    def __call__(self, m: pl.Mention) -> bool:
        ctx = self.ctx
        group = ctx.analysis.ability_opponents(m.ability)
        i, wanted = self.read.get(m.ability, (0, False))
        while not wanted and i < len(group) and group[i].start < m.start:
            n = group[i]
            wanted = ctx.free(n) and not pl.in_each_player_sentence(n) and _wants(n, ctx) is not None
            i += 1
        self.read[m.ability] = (i, wanted)
        return wanted


def plan(ctx: Context) -> list[Step]:
    if ctx.plan is not None:
        return ctx.plan
    steps: list[Step] = []
    a = ctx.analysis
    chose: int | None = None  # the last ability that chose an opponent
    for ability in a.abilities:
        if ability.kind != "one-shot":
            continue
        if chose is not None and _goes_on_from(ctx, ability, chose):
            _refer_to_chosen(ctx, steps, ability)
            continue
        inserted = False
        for region in _alternatives(ctx, ability):
            inserted = _plan_region(ctx, steps, region) or inserted
        if inserted:
            chose = ability.index
    ctx.plan = steps
    return steps


#: words that point back at what an effect did: このようにして墓地に置かれたカード
_WHAT_IT_DID = re.compile(r"このようにして|こうして")


def _goes_on_from(ctx: Context, ability, chose: int) -> bool:
    """A spell's ability gained when it is cast (O・ドライブ: 「…そうした場合、次の能力を得る」) that
    points back at what the spell did (「このようにして墓地に置かれたカード」) goes on from the
    ability that chose: its 相手 is that player."""
    a = ctx.analysis
    if not is_spell(a.card_type) or ability.index < 2 or chose >= ability.index - 1:
        return False
    gives = a.abilities[ability.index - 1]
    gives_text = "".join(unit.to_source() for unit in gives.units)
    return "次の能力を得る" in gives_text and any(_WHAT_IT_DID.search(a.sentences[i].text) for i in ability.sentences)


def _refer_to_chosen(ctx: Context, steps: list[Step], ability) -> None:
    for m in opponents(ctx, ability.index):
        rule = _wants(m, ctx)
        if rule is None or _kept(m, ctx):
            continue
        steps.append(Step(rule, "say", m.leaf, THAT_PLAYER, m))
        ctx.claim(m, rule)


def _alternatives(ctx: Context, ability) -> list[list[pl.Mention]]:
    """The ability's free 相手 mentions, cut where a sentence offers another option (次のうちの
    いずれかを行ってもよい。A。または、B。): each option chooses its own opponent."""
    a = ctx.analysis
    regions: list[list[pl.Mention]] = [[]]
    starts = {a.sentences[i].start for i in ability.sentences[1:]
              if a.sentences[i].clauses and a.sentences[i].clauses[0].kind == "connective"
              and a.sentences[i].clauses[0].text.replace(MASK, "").strip(" \u3000") in ("または", "あるいは")}
    if not starts:
        free = opponents(ctx, ability.index)
        return [free] if free else []
    for m in opponents(ctx, ability.index):
        info = a.sentence_of(m)
        if info is not None and info.start in starts and regions[-1] and a.sentence_of(regions[-1][-1]) is not info:
            regions.append([])
        regions[-1].append(m)
    return [r for r in regions if r]


def _kept(m: pl.Mention, ctx: Context) -> bool:
    return keeps_as_printed(m) and not lasting_trigger(m, ctx)


def _plan_region(ctx: Context, steps: list[Step], mentions: list[pl.Mention]) -> bool:
    """Plan the choice of one region (:func:`_alternatives`): whether it inserts one."""
    a = ctx.analysis
    one = ctx.one()
    for m in mentions:
        if ctx.free(m) and pl.broken_shields_owner(m):
            # このクリーチャーがシールドをブレイクする時、相手はそのシールドを…: the broken shield's
            # owner, fixed by the break (T10's その持ち主は; no choice: no one else can move it)
            steps.append(Step("T10", "say", m.leaf, THAT_OWNER, m))
            ctx.claim(m, "T10")
    mentions = [m for m in mentions if ctx.free(m)]
    wanted = [(m, rule) for m in mentions if (rule := _wants(m, ctx))]
    if not wanted:
        return False
    first_card = next((m for m in mentions if takes_one_card(m, ctx)), None)
    chosen = None
    owner = None
    for m, rule in wanted:
        if first_card is not None and first_card.start < m.start and _owner_of_chosen_card(m, rule) and (
                rule == "T10" or first_card.sentence != m.sentence):
            steps.append(Step(rule, "say", m.leaf, THAT_OWNER, m))
            ctx.claim(m, rule)
            if rule != "T10":
                owner = m
                break
            continue
        chosen = (m, rule)
        break
    if owner is not None:
        # the card's owner's hand: the rest of the ability is that player's too
        for m in mentions:
            if m.start > owner.start and ctx.free(m) and not _kept(m, ctx):
                steps.append(Step(owner_rule(owner, ctx), "say", m.leaf, THAT_OWNER, m))
                ctx.claim(m, owner_rule(owner, ctx))
        return False
    if chosen is None:
        return False
    m0, rule = chosen
    if (rule == "T9b" and first_card is not None and first_card.start < m0.start
            and first_card.owned.head == m0.owned.head and pl.selection(first_card)[0] == 1):
        # 相手のクリーチャーを１体選ぶ。その後、…１枚につき、相手のクリーチャーをさらに１体選ぶ: the
        # first pick and the ones counted after it are one opponent's (《行燈どろん》): chosen first
        m0 = first_card
    info = a.sentence_of(m0)
    clause = info.clauses[m0.clause]
    at = info.effect_leaf if info.effect <= clause.index else clause.first_leaf
    if lasting_trigger(m0, ctx):
        at = info.clauses[0].first_leaf  # before the duration (DM-NOTES 5)
    if at is None or at.start > m0.start or _alternative(info, clause):
        at = clause.first_leaf
    first = next(m for m in mentions if m.start >= at.start and ctx.free(m) and not _kept(m, ctx))
    sentence_form = first.particle in ("は", "が", "も") and first.compound in ("", "プレイヤー")
    steps.append(Step(rule, "insert", at, f"相手を{one}人選ぶ。" if sentence_form else f"相手を{one}人選び、"))
    # a choice made only if a condition holds (…あれば、相手を１人選び、…) is that sentence's: a
    # later sentence, done whether or not it held, has no chosen player to refer to
    at_clause = info.clause_at(at.start)
    conditional = at_clause is not None and at_clause.index > 0 and info.clauses[at_clause.index - 1].kind == "condition"
    limit = info.end if conditional else None
    for m in mentions:
        if m.start < at.start or not ctx.free(m) or _kept(m, ctx) or (limit is not None and m.start >= limit):
            continue
        steps.append(Step(rule, "say", m.leaf, THAT_PLAYER, m))
        ctx.claim(m, rule)
    if limit is not None:
        _plan_region(ctx, steps, [m for m in mentions if m.start >= limit])
    return True


def _owner_of_chosen_card(m: pl.Mention, rule: str) -> bool:
    """After one opponent's card was chosen (T9c), the opponent who then acts (相手は) or, in a
    later sentence, whose hand or deck the effect takes (その後、相手の手札を…) is that card's
    owner (DM-NOTES 5; in the same sentence the choice comes first and covers both)."""
    if m.compound != "":
        return False
    if rule == "T10":
        return m.particle in ("は", "が", "も")
    return m.particle == "の" and m.owned is not None and m.owned.zone in ("hand", "deck")


def owner_rule(m: pl.Mention, ctx: Context) -> str:
    return ctx.claimed.get(m.leaf.start, "T9")


def _alternative(info, clause) -> bool:
    """The mention's clause is the second of two alternatives (…引くか、相手に手札を…捨てさせる):
    the choice belongs to that alternative."""
    # a verb before か (…引くか、): two actions; not a noun (…１体か、…２体を破壊する: two objects)
    return clause.index > 0 and _VERB_THEN_OR.search(info.clauses[clause.index - 1].text.rstrip()) is not None


_VERB_THEN_OR = re.compile(r"[うくすつぬぶむぐる]か$")


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
