"""What the rule passes share: the context they read and report into, the wording the
format writes, and the bookkeeping of which player phrase which rule has taken.

One player phrase gets one rule's wording: the first pass (in ``PIPELINE`` order) that
takes a phrase *claims* it, and later passes leave it. What a pass changes is a change of
leaves (:func:`Changes.apply`); every changed leaf records its rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ....pipeline import Context as EngineContext
from ....syntax.changes import Changes  # noqa: F401  (the rules import it from here)
from ...base import Rule
from ...passes import rule_of  # noqa: F401  (the rules import it from here)
from ..analysis import Analysis
from ..analysis import players as pl
from ..analysis.text import digit

#: the format's own wording (DM-NOTES 5, and Takara Tomy's multiplayer cards)
THAT_PLAYER = "そのプレイヤー"
THAT_OPPONENT = "その相手"
ANY_OPPONENT = "いずれかの相手"
EACH_OPPONENT = "各相手"
THAT_OWNER = "その持ち主"


@dataclass
class Context(EngineContext):
    """The engine's context, with the analysis and the pack's bookkeeping."""

    analysis: Analysis | None = None
    #: whether the per-card notes (「※DTC：…」) are written
    notes: bool = True
    #: leaf start -> the rule that claimed that player phrase
    claimed: dict[int, str] = field(default_factory=dict)
    #: ability index -> (rule, how later mentions read: THAT_PLAYER / THAT_OPPONENT, from offset)
    introduced: dict[int, tuple[str, str, int]] = field(default_factory=dict)
    #: the plan of the choose-one-opponent rules, made once (see choice.py)
    plan: object = None
    #: ability index -> whether its condition and effect both name 相手 (read once per ability)
    condition_and_effect: dict[int, bool] = field(default_factory=dict)

    def free(self, m: pl.Mention) -> bool:
        """Whether no rule has claimed ``m`` and no special ruling protects it."""
        return m.leaf.start not in self.claimed and not (self.protected and self.protected_at(m.leaf.start))

    def claim(self, m: pl.Mention, rule: str) -> None:
        self.claimed[m.leaf.start] = rule

    def one(self) -> str:
        """The digit 1 in the card's own width."""
        return digit(1, self.analysis.full_width)


def say(changes: Changes, ctx: Context, m: pl.Mention, who: str) -> None:
    """Write ``who`` (そのプレイヤー, その相手, 各相手, いずれかの相手 …) for the player phrase
    ``m``, keeping its particle: 相手の → そのプレイヤーの; 相手クリーチャー → そのプレイヤーの
    クリーチャー; 相手プレイヤー → そのプレイヤー."""
    word = m.leaf.text
    new = who + ("の" if m.compound == "クリーチャー" else "")
    # the word itself is replaced; text an earlier change put before it (a choice) stays
    changes.text(m.leaf, lambda old, word=word, new=new: new.join(old.rsplit(word, 1)) if word in old else new)
    if m.compound == "プレイヤー":
        changes.replace(m.player_leaf, "")


def opponents(ctx: Context, ability: int | None = None):
    """The free 相手 mentions outside reminder text (of one ability), in text order; not one in
    a 各プレイヤー sentence (whose opponent? T7 reports it)."""
    return [m for m in ctx.analysis.ability_opponents(ability) if ctx.free(m) and not pl.in_each_player_sentence(m)]


@pl.fact
def keeps_as_printed(m: pl.Mention) -> bool:
    """A phrase no rewrite rule touches (each is some clarify-only rule's): a turn, an
    attack or battle, a card shown to the opponent, a breaker, or one that already points
    back (その相手クリーチャー)."""
    return (pl.team_turn(m) or pl.attack_on_player(m) or pl.in_combat(m) or pl.shown(m) or pl.breaker(m)
            or m.lead == "その")


def refer_back(changes: Changes, ctx: Context, rule: str, ability: int, after: int, who: str,
               sentence: int | None = None, keep: Callable[[pl.Mention], bool] | None = None) -> None:
    """Later mentions of the opponent (after offset ``after``, in ``ability`` or only in
    ``sentence``) -> ``who`` (その相手 / そのプレイヤー), unless kept as printed."""
    for m in ctx.analysis.opponents_after(ability, after, sentence):
        if not ctx.free(m) or pl.in_each_player_sentence(m):
            continue  # (as opponents() leaves them)
        if keeps_as_printed(m) or (keep is not None and keep(m)):
            continue
        say(changes, ctx, m, who)
        ctx.claim(m, rule)


def clarify_of(rule_id: str, claims, title: str, example: tuple[str, str] | None = None) -> Rule:
    """A clarify-only rule: on the Rules page, no per-card output. ``claims(mention,
    analysis)`` says which player phrases it accounts for (coverage)."""
    parts = (claims.__doc__ or "").split("\n\n")
    statement = " ".join(parts[0].split())
    practice = " ".join(" ".join(parts[1:]).split())
    return Rule(rule_id, title, statement, practice, None, None, example)
