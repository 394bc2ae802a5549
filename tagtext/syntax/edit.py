"""Changing leaves of an immutable tree.

A rewrite pass decides new text for some words; :func:`replace_leaves` returns a copy of
the tree in which those words are replaced, sharing every subtree that did not change.
A change is keyed by the offset where its word starts, which is unique and survives
earlier passes (rewritten leaves keep their original span).

A change may name a word inside a run of plain words (a ``Words`` leaf): the run is then
split into its words, in place, as the pack's segmentation says (see
:mod:`tagtext.syntax.words`). In a script written without spaces, a change may start at
any character of a run, and :func:`replace_span` marks where the changed part ends; the
run is cut there. A change that starts no word the tree has (inside a word of a spaced
script, inside a typed token, outside the text) is a mistake in a rule, and
:func:`replace_leaves` raises :class:`UnplacedChange` rather than drop it.
"""

from __future__ import annotations

import bisect
from typing import Callable

from ..errors import TagTextError
from . import nodes as n

#: leaf start offset -> function from the current leaf to its replacement
Changes = dict[int, Callable[[n.Leaf], n.Leaf]]


class UnplacedChange(TagTextError):
    """A change at an offset where no word of the tree starts."""


def boundary(leaf: n.Leaf) -> n.Leaf:
    """A change that changes nothing: it only marks where a run must be cut (the end of a
    span :func:`replace_span` replaces). Where no word starts there, it is not an error."""
    return leaf


def replace_span(changes: Changes, start: int, end: int, text: str, rule: str) -> None:
    """Record that the text in [start, end) becomes ``text`` (rule ``rule``): in a script
    written without spaces, any part of a run ("相手の" of "相手の手札を1枚捨てる")."""
    changes[start] = lambda leaf: leaf.replaced(text, rule)
    changes.setdefault(end, boundary)


class _Placed(set):
    """The offsets of the changes applied (a change no word starts at is an error)."""

    __slots__ = ()


def replace_leaves(tree: n.Node, changes: Changes) -> n.Node:
    """A copy of ``tree`` with each word whose start is in ``changes`` replaced.

    Raises :class:`UnplacedChange` for a change that starts no word (other than a
    :func:`boundary` at the end of a word or of the text)."""
    if not changes:
        return tree
    offsets = sorted(changes)
    placed = _Placed()
    new = _replace(tree, changes, offsets[0], offsets[-1], offsets, placed)
    if len(placed) != len(changes):
        _refuse_unplaced(new, changes, placed)
    return new


def _replace(node: n.Node, changes: Changes, low: int, high: int, offsets: list[int], placed: _Placed) -> n.Node:
    if isinstance(node, n.Leaf):
        fn = changes.get(node.start)
        if fn is None:
            return node
        placed.add(node.start)
        return fn(node)
    if node.end < low or node.start > high:
        return node
    k = bisect.bisect_left(offsets, node.start)
    if k == len(offsets) or offsets[k] >= node.end:
        return node  # no change starts inside this node: it is shared as it is
    updates = {}
    for name in node.child_fields:
        value = getattr(node, name)
        if value is None:
            continue
        if isinstance(value, tuple):
            # the children: a leaf changed here, a run of words split for the changes inside
            # it, another node through _replace (a call per leaf of a long sentence was most
            # of a rewrite's edits)
            new_items: list[n.Node] = []
            changed = False
            for v in value:
                if isinstance(v, n.Leaf):
                    pieces = _pieces(v, offsets, low, high) if isinstance(v, n.Words) else None
                    if pieces is None:
                        fn = changes.get(v.start)
                        if fn is None:
                            new_items.append(v)
                        else:
                            placed.add(v.start)
                            new_items.append(fn(v))
                            changed = True
                        continue
                    changed = True
                    for w in pieces:
                        fn = changes.get(w.start)
                        if fn is None:
                            new_items.append(w)
                        else:
                            placed.add(w.start)
                            new_items.append(fn(w))
                    continue
                new = _replace(v, changes, low, high, offsets, placed)
                changed = changed or new is not v
                new_items.append(new)
            if changed:
                new = tuple(new_items)
                if len(new) != len(value) or any(a is not b for a, b in zip(new, value)):
                    updates[name] = new
        else:
            new = _replace(value, changes, low, high, offsets, placed)
            if new is not value:
                updates[name] = new
    return node.with_changes(**updates) if updates else node


def _pieces(run: n.Words, offsets: list[int], low: int, high: int) -> list[n.Word] | None:
    """The words a run is split into for the changes inside it, or None to change the run
    as one leaf (no change inside it, or only one at its start and it is one word).

    ``offsets`` are the changes' offsets, sorted: one binary search per run, not a scan of
    them all (a scan made rewriting a long text quadratic). Passes edit single words, so
    a change at the run's start is a change of its first word."""
    if run.end <= low or run.start > high:
        return None
    k = bisect.bisect_left(offsets, run.start)
    if k == len(offsets) or offsets[k] >= run.end:
        return None
    segmentation = type(run).segmentation
    inner = offsets[k + 1 if offsets[k] == run.start else k:bisect.bisect_left(offsets, run.end)]
    gaps = segmentation is not None and segmentation.has_gaps(run.text)
    if not gaps and not inner:
        return None
    words = run.split() if gaps else [run]
    if not inner or segmentation is None or not segmentation.cut_anywhere:
        return words if gaps else None  # a change inside a word stays unplaced: an error
    out: list[n.Word] = []
    for word in words:
        lo = bisect.bisect_right(inner, word.start)
        hi = bisect.bisect_left(inner, word.end)
        if lo == hi:
            out.append(word)
        else:
            out.extend(segmentation.cut(word, inner[lo:hi]))
    return out


def _refuse_unplaced(tree: n.Node, changes: Changes, placed: set[int]) -> None:
    """Raise :class:`UnplacedChange` naming the first change no word of ``tree`` (the tree
    with the changes made) starts at, unless it is a :func:`boundary` where a word or the
    text ends."""
    ends = {tree.end} | {leaf.end for leaf in word_leaves(tree)}
    for offset in sorted(changes):
        if offset in placed or (changes[offset] is boundary and offset in ends):
            continue
        where = _leaf_at(tree, offset)
        if where is None:
            raise UnplacedChange(f"a rule changed the text at offset {offset}, where the text has no word")
        cut = "" if where[1] else " (its grammar's words are cut only at their separator)"
        raise UnplacedChange(f"a rule changed the text at offset {offset}, inside the word {where[0].text!r} "
                             f"at {where[0].start}-{where[0].end}{cut}")


def _leaf_at(tree: n.Node, offset: int):
    """(the word holding ``offset``, whether its grammar cuts words anywhere), or None."""
    for leaf in tree.leaves():
        if not leaf.start <= offset < leaf.end:
            continue
        if isinstance(leaf, n.Words):
            segmentation = type(leaf).segmentation
            for word in (leaf.split() if leaf.has_gaps() else [leaf]):
                if word.start <= offset < word.end:
                    return word, bool(segmentation and segmentation.cut_anywhere)
        return leaf, False
    return None


def word_leaves(tree: n.Node):
    """The tree's leaves with runs of plain words split into single words: the units
    passes change (see replace_leaves)."""
    for leaf in tree.leaves():
        if isinstance(leaf, n.Words) and leaf.has_gaps():
            yield from leaf.split()
        else:
            yield leaf


def word_leaves_in(tree: n.Node, start: int, end: int):
    """``word_leaves(tree)`` restricted to the leaves that start in [start, end), reached
    without walking the rest of the tree: subtrees wholly outside the span are skipped,
    and a node's children that hold the span are found by binary search (a node may have
    thousands: the lines of a long text, the items of a long sentence)."""
    stack: list[n.Node] = [tree]
    while stack:
        node = stack.pop()
        if node.end < start or node.start >= end:
            continue
        if isinstance(node, n.Leaf):
            if isinstance(node, n.Words) and node.has_gaps():
                yield from (w for w in node.split() if start <= w.start < end)
            elif start <= node.start < end:
                yield node
        else:
            stack.extend(reversed(_children_over(node, start, end)))


def _children_over(node: n.Node, start: int, end: int) -> list[n.Node]:
    """``node``'s children, in order, but those of a tuple field (children in text order)
    that end before ``start`` or start at ``end`` or after: skipped without being looked at."""
    out: list[n.Node] = []
    for name in node.child_fields:
        value = getattr(node, name)
        if value is None:
            continue
        if not isinstance(value, tuple):
            out.append(value)
            continue
        k = bisect.bisect_left(value, start, key=_end_of)
        while k < len(value) and value[k].start < end:
            out.append(value[k])
            k += 1
    return out


def _end_of(node: n.Node) -> int:
    return node.end
