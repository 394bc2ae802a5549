"""Cutting a text into plain and highlighted pieces, for the printed and tag-format sides.

An edit's span is an offset range into the *original* text; the rewritten text is the
original with each edit's span replaced by its ``after`` text, edits in order and not
overlapping. So both sides can be rendered from the original and the edits alone:

- printed side:   plain, edit.before (highlighted), plain, ...
- tag-format side: plain, edit.after  (highlighted), plain, ...

:func:`edit_segments` checks that the edits really reproduce the rewritten text before
trusting them; when they don't (a compiler bug), it says so instead of highlighting
something false.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..records import record
from ..result import RewriteResult, apply_edits


@record(frozen=True)
class Segment:
    """A piece of a text. ``mark`` is None for unchanged text, else the 1-based number of
    the edit (or residual) it belongs to; ``rules`` are the ids of the rules behind it."""

    text: str
    mark: int | None = None
    rules: tuple[str, ...] = ()

    @property
    def marked(self) -> bool:
        return self.mark is not None


@record(frozen=True)
class Sides:
    """Both sides of one rewritten text, cut into segments."""

    printed: tuple[Segment, ...]
    tagtamer: tuple[Segment, ...]
    #: False when the edits do not reproduce the rewritten text; both sides are then
    #: shown whole, without highlights.
    consistent: bool = True


def edit_segments(result: RewriteResult) -> Sides:
    """The printed and tag-format sides of ``result``, each edit highlighted on both."""
    original, edits = result.original, result.edits
    if not _edits_reproduce(result):
        return Sides((Segment(original),), (Segment(result.text),), consistent=False)
    printed: list[Segment] = []
    tagtamer: list[Segment] = []
    pos = 0
    for number, edit in enumerate(edits, 1):
        if edit.start > pos:
            printed.append(Segment(original[pos:edit.start]))
            tagtamer.append(Segment(original[pos:edit.start]))
        if edit.before:
            printed.append(Segment(edit.before, number, edit.rules))
        if edit.after:
            tagtamer.append(Segment(edit.after, number, edit.rules))
        pos = edit.end
    if pos < len(original):
        printed.append(Segment(original[pos:]))
        tagtamer.append(Segment(original[pos:]))
    return Sides(tuple(printed), tuple(tagtamer))


def span_segments(text: str, spans: Iterable[tuple[int, int, str]]) -> tuple[Segment, ...]:
    """``text`` with the given ``(start, end, rule)`` spans marked, numbered in order.

    Spans out of range are ignored and a span that overlaps the one before it is merged
    into it (residuals of two rules can cover the same words).
    """
    merged: list[list] = []
    for start, end, rule in sorted(spans):
        if not (0 <= start < end <= len(text)):
            continue
        if merged and start < merged[-1][1]:
            last = merged[-1]
            last[1] = max(last[1], end)
            if rule not in last[2]:
                last[2].append(rule)
            continue
        merged.append([start, end, [rule]])
    out: list[Segment] = []
    pos = 0
    for number, (start, end, rules) in enumerate(merged, 1):
        if start > pos:
            out.append(Segment(text[pos:start]))
        out.append(Segment(text[start:end], number, tuple(rules)))
        pos = end
    if pos < len(text) or not out:
        out.append(Segment(text[pos:]))
    return tuple(out)


def _edits_reproduce(result: RewriteResult) -> bool:
    """Whether the edits, applied to the original, give exactly the rewritten text."""
    original = result.original
    pos = 0
    for edit in result.edits:
        if not (pos <= edit.start <= edit.end <= len(original)) or original[edit.start:edit.end] != edit.before:
            return False
        pos = edit.end
    return apply_edits(original, result.edits) == result.text


def plain(segments: Sequence[Segment]) -> str:
    """The text the segments make up."""
    return "".join(s.text for s in segments)
