"""The Build Divide tag-battle rules (seed 002, BD-NOTES), one module each, in the order
they run.

``PIPELINE`` is the only place a rule that changes text is registered. The order is
precedence: one 相手 gets one rule's wording, and the first rule that takes it wins.
First the played effects (901-1: one opponent chosen, or a residual where the effect also
targets a card); then continuous effects, a condition first (901-3a: いずれかの相手), then
what the effect applies to (901-3: 各相手); last the notes 「※タッグ戦：…」, which switch off
as a whole: several cards chosen from both opponents (901-2a), the team's life (302).

``CLARIFY`` lists the rules the Rules page states that change no text (BD-NOTES 5, 13).
"""

from __future__ import annotations

from ...base import Rule
from . import any_opponent, as_printed, choose_opponent, each_opponent, mixed_selection, team_life

PIPELINE: tuple[Rule, ...] = (
    choose_opponent.RULE,
    any_opponent.RULE,
    each_opponent.RULE,
    mixed_selection.RULE,
    team_life.RULE,
)

#: clarify-only rules
CLARIFY: tuple[Rule, ...] = as_printed.RULES
