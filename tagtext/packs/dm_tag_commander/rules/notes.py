"""Writing a per-card note 「※DTC：…」 (DM-NOTES 7), for the note rules.

"A note is our own line, 「\\n※DTC：…」, inserted right after its ability (after its reminder
text), never inside it; if another ability follows with no break of its own, a \\n follows
the note. Printed text stays byte-identical. Notes switch off as a whole." Several notes on
one ability follow each other in pipeline order, each on its own line.
"""

from __future__ import annotations

from ..analysis.abilities import Ability


def add_note(changes, ctx, ability: Ability, note: str) -> None:
    """Append ``note`` on its own line after ``ability`` (nothing when notes are off, or
    when a special ruling keeps the ability's end)."""
    if not ctx.notes:
        return
    last = ability.last_leaf()
    if last is None or ctx.protected_at(last.start):
        return
    line = "\n" + note
    if ability.break_after:
        changes.text(last, lambda old, line=line: old + line)
    else:
        # the next ability follows with no break of its own: one line break after the notes
        changes.text(last, lambda old, line=line: (old[:-1] + line + "\n") if old.endswith("\n") and "※DTC：" in old
                     else old + line + "\n")
