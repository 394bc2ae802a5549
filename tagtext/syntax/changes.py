"""The changes one rule's pass makes to a tree, collected and then made at once.

A pass decides, word by word, what the text should say; :class:`Changes` collects those
decisions, keyed by where each changed word starts (offsets in the original text, which
survive earlier passes), and :meth:`Changes.apply` makes them with
:func:`tagtext.syntax.edit.replace_leaves`, each changed leaf recording the rule. Several
changes may fall on one leaf (an insertion before a word another change replaces): they
are made in the order given, each on the text the one before left.

In a script written without spaces a change may cover any part of a run of plain words
(:meth:`Changes.span`): the run is cut where the change starts and ends.
"""

from __future__ import annotations

from typing import Callable

from . import nodes as n
from .edit import boundary, replace_leaves


class Changes:
    """The leaf changes of one pass (``rule``: the id every changed leaf records)."""

    def __init__(self, rule: str):
        self.rule = rule
        self._by_start: dict[int, list[Callable[[str], str]]] = {}
        self._ends: set[int] = set()

    def __bool__(self) -> bool:
        return bool(self._by_start)

    def text(self, leaf: n.Leaf | int, new: Callable[[str], str]) -> None:
        """Change the word starting at ``leaf`` (a leaf, or an offset where a word starts or
        a run of words is to be cut) by ``new(old text) -> new text``."""
        start = leaf if isinstance(leaf, int) else leaf.start
        self._by_start.setdefault(start, []).append(new)

    def replace(self, leaf: n.Leaf | int, text: str) -> None:
        self.text(leaf, lambda _old, text=text: text)

    def insert_before(self, leaf: n.Leaf | int, text: str) -> None:
        self.text(leaf, lambda old, text=text: text + old)

    def append_after(self, leaf: n.Leaf | int, text: str) -> None:
        self.text(leaf, lambda old, text=text: old + text)

    def span(self, start: int, end: int, new: Callable[[str], str]) -> None:
        """Change the text in [start, end) (any part of a run, in a script written without
        spaces) by ``new(old text) -> new text``: the run is cut at both ends."""
        self.text(start, new)
        self._ends.add(end)

    def apply(self, tree: n.Node) -> n.Node:
        """A copy of ``tree`` with the changes made (``tree`` itself when there are none)."""
        if not self._by_start:
            return tree

        def change(fns):
            def run(leaf: n.Leaf) -> n.Leaf:
                text = leaf.text
                for fn in fns:
                    text = fn(text)
                return leaf.replaced(text, self.rule)
            return run

        changes = {start: change(fns) for start, fns in self._by_start.items()}
        for end in self._ends:
            changes.setdefault(end, boundary)
        return replace_leaves(tree, changes)
