"""Notes: a line of the format's own after an ability, the printed text left as it is.

Some formats explain a card rather than rewrite it (Duel Masters Tag Commander's
「※DTC：…」, Build Divide's 「※タッグ戦：…」). A note is its own line, inserted right after
its ability (after the ability's reminder text), never inside it; several notes on one
ability follow each other, each on its own line, in the order the rules add them; when
another ability follows on the same line, a line break follows the notes, so that it still
starts a line of its own. Notes switch off as a whole (the pack's choice): a rule asks the
pack's context whether they are on before calling :func:`add_note`.

The pack says where an ability ends (its last leaf) and whether a line break of the
text's own follows it, and declares what its notes start with (``Pack.note_marker``);
this module knows no game and no language. :func:`split` reads a rewrite's notes back
apart from its text (the errata pages show them apart).
"""

from __future__ import annotations

import dataclasses
import re

from .records import record
from .result import Edit, RewriteResult, apply_edits


def add_note(changes, last_leaf, break_after: bool, note: str, marker: str) -> None:
    """Append ``note`` (which starts with ``marker``, 「※DTC：」, say) on its own line after
    the ability whose last leaf is ``last_leaf``, through ``changes`` (a
    :class:`tagtext.syntax.changes.Changes`). ``break_after``: whether the text breaks the
    line after the ability (else the next ability follows on the same line)."""
    changes.text(last_leaf, lambda old: after(old, note, marker, break_after))


def after(old: str, note: str, marker: str, break_after: bool) -> str:
    """The ability's last leaf's text ``old`` (with any notes already added) followed by
    ``note`` on a line of its own."""
    line = "\n" + note
    if break_after:
        return old + line
    # the next ability follows with no break of its own: one line break after the notes
    if old.endswith("\n") and marker in old:
        return old[:-1] + line + "\n"
    return old + line + "\n"


# ----------------------------------------------------------------------------- reading notes back

@record(frozen=True)
class Note:
    """A note as a rewrite wrote it: its line (the marker and all) and the rules of the edit
    that wrote it."""

    text: str
    rules: tuple[str, ...]


def split(result: RewriteResult, marker: str | None) -> tuple[RewriteResult, tuple[Note, ...]]:
    """``result`` as its text reads without its notes (lines starting with ``marker`` that
    the edits inserted), and those notes in order: the errata pages show the rewritten
    text and, apart, the notes. An edit that only added notes is dropped; one that also
    changed words keeps them. A result whose edits do not reproduce its text is returned
    as it is (the pages flag it)."""
    if not marker or marker not in result.text or apply_edits(result.original, result.edits) != result.text:
        return result, ()
    line = re.compile("\n" + re.escape(marker) + "[^\n]*")
    edits: list[Edit] = []
    notes: list[Note] = []
    for edit in result.edits:
        if marker not in edit.after or marker in edit.before:
            edits.append(edit)
            continue
        notes.extend(Note(m.group()[1:], edit.rules) for m in line.finditer(edit.after))
        after = line.sub("", edit.after)
        if after != edit.before:
            edits.append(dataclasses.replace(edit, after=after))
    if not notes:
        return result, ()
    return dataclasses.replace(result, text=apply_edits(result.original, edits), edits=tuple(edits)), tuple(notes)
