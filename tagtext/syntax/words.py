"""Where the words of a run of plain words are: a pack's segmentation.

A grammar keeps a run of words it does not model as one :class:`~tagtext.syntax.nodes.Words`
leaf ("may play", 「相手の手札を1枚捨てる」). Rules change single words, so the engine
needs to know where a run's words are: :class:`Segmentation` says it, one per grammar.

- English (and any script written with spaces): a run's words are separated by the
  grammar's separator, read once from the grammar's ``%ignore`` terminals
  (:attr:`tagtext.syntax.grammar.Grammar.separator`). A change inside a word is a mistake
  in a rule: :func:`tagtext.syntax.edit.replace_leaves` raises rather than drop it.
- A script written without spaces (Japanese): ``Segmentation(cut_anywhere=True)``. A run
  is one word until a rule changes part of it; then it is cut where the changes start
  and end (:func:`tagtext.syntax.edit.replace_span`), at any character offset.
- A pack may also segment its runs itself (morphemes, particles): subclass
  :class:`Segmentation` and override :meth:`words`.

A pack's node module gives its ``Words`` class a segmentation, and its grammar binds it::

    class Words(nodes.Words):
        segmentation = Segmentation(cut_anywhere=True)

    GRAMMAR = Grammar(__package__, "grammar/toy.lark", Builder, words=Words)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Iterable

from . import nodes as n

if TYPE_CHECKING:  # pragma: no cover
    from .grammar import Grammar


class Segmentation:
    """How the runs of plain words of one grammar divide into words.

    ``cut_anywhere``: whether a rule may change part of a word (a script written without
    spaces, where a "word" is only a run between brackets and punctuation)."""

    def __init__(self, cut_anywhere: bool = False):
        self.cut_anywhere = cut_anywhere
        self._grammar: "Grammar | None" = None
        self._separator: re.Pattern | None = None
        self._bound = False

    def bind(self, grammar: "Grammar") -> None:
        """Read the separator from ``grammar`` (once, when first needed)."""
        if self._grammar is not None and self._grammar is not grammar:
            raise ValueError("a Segmentation belongs to one grammar; give each grammar's Words class its own")
        self._grammar = grammar

    @property
    def separator(self) -> re.Pattern | None:
        """What separates words: the grammar's ``%ignore`` terminals as one pattern (None
        when the grammar ignores nothing)."""
        if not self._bound:
            if self._grammar is None:
                raise TypeError("this Segmentation is bound to no grammar (Grammar(..., words=Words) binds it)")
            self._separator = self._grammar.separator
            self._bound = True
        return self._separator

    def has_gaps(self, text: str) -> bool:
        """Whether ``text`` (a run's) holds a separator: more than one word."""
        separator = self.separator
        return separator is not None and separator.search(text) is not None

    def words(self, run: n.Words) -> list[n.Word]:
        """The words of ``run``, each with its span and the separator before it as prefix."""
        out = []
        prefix = run.prefix
        pos = 0
        text = run.text
        separator = self.separator
        if separator is not None:
            for gap in separator.finditer(text):
                out.append(n.Word(run.start + pos, run.start + gap.start(), prefix, text[pos:gap.start()]))
                prefix = gap.group()
                pos = gap.end()
        out.append(n.Word(run.start + pos, run.end, prefix, text[pos:]))
        return out

    def cut(self, word: n.Leaf, offsets: Iterable[int]) -> list[n.Word]:
        """``word`` cut at ``offsets`` (inside it, in order): one Word per piece, the first
        keeping the word's prefix. Only for a segmentation that allows it."""
        if not self.cut_anywhere:
            raise ValueError("this segmentation cuts words only at their separator")
        pieces = []
        prefix = word.prefix
        pos = word.start
        for offset in offsets:
            pieces.append(n.Word(pos, offset, prefix, word.text[pos - word.start:offset - word.start]))
            prefix = ""
            pos = offset
        pieces.append(n.Word(pos, word.end, prefix, word.text[pos - word.start:]))
        return pieces
