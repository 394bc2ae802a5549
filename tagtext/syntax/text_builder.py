"""The tree builder's shared part for a pack of unspaced text (Japanese): an inline
:class:`lark.Transformer` whose leaves come from a table of terminal -> leaf kind, and whose
TEXT tokens (a run of kanji, kana, Latin letters, digits and signs lexed as one token) are
cut by the pack into one leaf per run of one script (:meth:`TextBuilder.script_runs`).
Imported at a pack's first parse (it imports Lark)."""

from __future__ import annotations

from typing import ClassVar

from lark import Transformer

from .lalr import Lexeme
from .nodes import Leaf, Node


class TextBuilder(Transformer):
    """Builds a pack's nodes while Lark parses. A subclass names its leaf kinds
    (``leaf_classes``, ``other`` for the rest) and says how a TEXT token is cut
    (:meth:`script_runs`); its methods named after grammar rules build the nodes, their
    children told apart by their class or terminal, never by position."""

    #: terminal name -> the leaf kind of its tokens
    leaf_classes: ClassVar[dict[str, type[Leaf]]] = {}
    #: the leaf kind of a token of any other terminal
    other: ClassVar[type[Leaf]]

    def __init__(self):
        super().__init__(visit_tokens=False)

    @classmethod
    def leaf(cls, tok) -> Leaf:
        return cls.leaf_classes.get(tok.type, cls.other)(tok.start_pos, tok.end_pos, tok.prefix, str(tok))

    def _nodes(self, children) -> tuple[Node, ...]:
        out: list[Node] = []
        for c in children:
            if not isinstance(c, Lexeme):
                out.append(c)
            elif c.type == "TEXT":
                out.extend(self.script_runs(c))
            else:
                out.append(self.leaf(c))
        return tuple(out)

    @staticmethod
    def script_runs(tok) -> list[Leaf]:
        """A TEXT token's leaves, each with its own span; the whitespace before the token
        is the first one's prefix."""
        raise NotImplementedError
