"""Changing leaves of an immutable tree.

A rewrite pass decides new text for some leaves; :func:`replace_leaves` returns a copy of
the tree in which those leaves are replaced, sharing every subtree that did not change.
Leaves are found by their start offset, which is unique and survives earlier passes
(rewritten leaves keep their original span). A change may also name one word inside a
run of plain words (a ``Words`` leaf): that run is then split into its words, in place.
"""

from __future__ import annotations

import bisect
import dataclasses
from typing import Callable

from . import nodes as n

#: leaf start offset -> function from the current leaf to its replacement
Changes = dict[int, Callable[[n.Leaf], n.Leaf]]


def replace_leaves(tree: n.Node, changes: Changes) -> n.Node:
    """A copy of ``tree`` with each leaf whose start is in ``changes`` replaced."""
    if not changes:
        return tree
    offsets = sorted(changes)
    return _replace(tree, changes, offsets[0], offsets[-1], offsets)


def _replace(node: n.Node, changes: Changes, low: int, high: int, offsets: list[int]) -> n.Node:
    if isinstance(node, n.Leaf):
        fn = changes.get(node.start)
        return fn(node) if fn is not None else node
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
            new_items: list[n.Node] = []
            for v in value:
                if isinstance(v, n.Words) and _inside(v, offsets, low, high):
                    new_items.extend(changes[w.start](w) if w.start in changes else w for w in v.split())
                else:
                    new_items.append(_replace(v, changes, low, high, offsets))
            new = tuple(new_items)
            if len(new) != len(value) or any(a is not b for a, b in zip(new, value)):
                updates[name] = new
        else:
            new = _replace(value, changes, low, high, offsets)
            if new is not value:
                updates[name] = new
    return dataclasses.replace(node, **updates) if updates else node


def _inside(run: n.Words, offsets: list[int], low: int, high: int) -> bool:
    """Whether a change names a word of a run of several plain words (passes edit single
    words, so a change at the run's start is a change of its first word). ``offsets``
    are the changes' offsets, sorted: one binary search per run, not a scan of them all
    (a scan made rewriting a long text quadratic)."""
    if run.end <= low or run.start > high:
        return False
    k = bisect.bisect_left(offsets, run.start)
    if k == len(offsets) or offsets[k] >= run.end:
        return False
    return n._SEPARATOR.search(run.text) is not None


def word_leaves(tree: n.Node):
    """The tree's leaves with runs of plain words split into single words: the units
    passes change (see replace_leaves)."""
    for leaf in tree.leaves():
        if isinstance(leaf, n.Words) and n._SEPARATOR.search(leaf.text):
            yield from leaf.split()
        else:
            yield leaf


def word_leaves_in(tree: n.Node, start: int, end: int):
    """``word_leaves(tree)`` restricted to the leaves that start in [start, end), reached
    without walking the rest of the tree: subtrees wholly outside the span are skipped."""
    stack: list[n.Node] = [tree]
    while stack:
        node = stack.pop()
        if node.end < start or node.start >= end:
            continue
        if isinstance(node, n.Leaf):
            if isinstance(node, n.Words) and n._SEPARATOR.search(node.text):
                yield from (w for w in node.split() if start <= w.start < end)
            elif start <= node.start < end:
                yield node
        else:
            stack.extend(reversed(list(node.children())))