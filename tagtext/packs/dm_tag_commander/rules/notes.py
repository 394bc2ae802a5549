"""Writing a per-card note 「※DTC：…」 (DM-NOTES 7), for the note rules.

"A note is our own line, 「\\n※DTC：…」, inserted right after its ability (after its reminder
text), never inside it; if another ability follows with no break of its own, a \\n follows
the note. Printed text stays byte-identical. Notes switch off as a whole." Several notes on
one ability follow each other in pipeline order, each on its own line.
"""

from __future__ import annotations

from ....notes import add_note as _add_note
from ..analysis.abilities import Ability

#: what every note opens with
MARKER = "※DTC："


def add_note(changes, ctx, ability: Ability, note: str) -> None:
    """Append ``note`` on its own line after ``ability`` (nothing when notes are off, or
    when a special ruling keeps the ability's end)."""
    if not ctx.notes:
        return
    last = ability.last_leaf()
    if last is None or ctx.protected_at(last.start):
        return
    if ability.spaced_break is not None and not ctx.protected_at(ability.spaced_break.start):
        # 「…戻す。 \n」: the note goes after the whole printed line, its trailing spaces
        # included: a line of its own right after that line's break
        changes.text(ability.spaced_break, lambda old, note=note: old + note + "\n")
        return
    _add_note(changes, last, ability.break_after, note, MARKER)
