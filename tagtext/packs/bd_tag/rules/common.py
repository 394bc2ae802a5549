"""What the rule passes share: the context they read and report into, the format's
wording, and the bookkeeping of which 相手 which rule has taken.

One 相手 gets one rule's wording: the first pass (in ``PIPELINE`` order) that takes a
mention *claims* it, and later passes leave it. A pass's changes are the engine's
:class:`tagtext.syntax.changes.Changes` (any part of a run, the text being unspaced).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....notes import add_note as _add_note
from ....pipeline import Context as EngineContext
from ....syntax.changes import Changes  # noqa: F401  (the rules import it from here)
from ....syntax.unspaced import digit
from ...passes import rule_of  # noqa: F401  (the rules import it from here)
from ..analysis import Ability, Facts, Mention

#: the format's own wording (BD-NOTES 7, 9, 10)
THAT_OPPONENT = "その相手"
EACH_OPPONENT = "各相手"
ANY_OPPONENT = "いずれかの相手"
#: what every note opens with (BD-NOTES 12)
NOTE_MARKER = "※タッグ戦："


@dataclass
class Context(EngineContext):
    """The engine's context, with the facts and the pack's bookkeeping."""

    facts: Facts | None = None
    #: whether the notes 「※タッグ戦：…」 are written
    notes: bool = True
    #: mention start -> the rule that claimed it
    claimed: dict[int, str] = field(default_factory=dict)

    def free(self, m: Mention) -> bool:
        """Whether no rule has claimed ``m`` and no special ruling protects it."""
        return m.start not in self.claimed and not self.protected_at(m.start)

    def claim(self, m: Mention, rule: str) -> None:
        self.claimed[m.start] = rule

    def one(self) -> str:
        """The digit 1 in the card's own width (BD-NOTES 11, DM-NOTES 6)."""
        return digit(1, self.facts.full_width)


def mentions(ctx: Context, ability: Ability, role: str) -> list:
    """The free mentions of ``role`` in ``ability``, in text order."""
    return [m for m in ctx.facts.in_ability(ability.index, role) if ctx.free(m)]


def name_opponent(changes: Changes, m: Mention, who: str) -> None:
    """Only the word changes: 相手は → その相手は, 相手ユニット → その相手ユニット, 対戦相手は →
    その対戦相手は (``who`` is その相手, 各相手 or いずれかの相手: what stands before 相手 is
    put before the word)."""
    lead = who[:-2]
    changes.span(m.start, m.end, lambda old, lead=lead: lead + old)


def add_note(changes: Changes, ctx: Context, ability: Ability, note: str) -> None:
    """Append the note 「※タッグ戦：…」 on its own line after ``ability`` (nothing when notes
    are off, or when a special ruling keeps the ability's end)."""
    if ctx.notes and not ctx.protected_at(ability.last.start):
        _add_note(changes, ability.last, ability.break_after, note, NOTE_MARKER)
