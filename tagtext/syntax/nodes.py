"""The typed syntax tree: the engine's base classes and the leaves every grammar has.

Every node has ``start`` and ``end``: its span in the original text, in code points.
A leaf also keeps ``prefix`` (the whitespace, and ``&#160;`` entities, that came before it)
and ``text``; printing a tree is concatenating ``prefix + text`` over its leaves, so an
unmodified tree prints back to its exact input.

Trees are never mutated. A change is a copy (:meth:`Node.with_changes`); a leaf whose text
a rewrite changed records the rule ids that changed it in ``rules`` and keeps its original
span, which is how edits are reported against the original text.

Node kinds are named after what they are in the game (see docs/glossary.md).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import ClassVar, Iterator

# Whitespace between the words of a Words run (the grammar's %ignore).
_SEPARATOR = re.compile("(?:[^\\S\r\n]|&(?:#160|#[xX][aA]0|nbsp);)+")


@dataclass(frozen=True, slots=True)
class Node:
    """Base of every node: its span in the original text."""

    start: int
    end: int

    #: Names of the fields holding child nodes (a node, None, or a tuple of nodes).
    child_fields: ClassVar[tuple[str, ...]] = ()
    #: Name used in the JSON form.
    kind: ClassVar[str] = "node"

    def __init_subclass__(cls, **kwargs):
        # No super() call: dataclass(slots=True) rebuilds the class, which breaks the
        # zero-argument form, and object.__init_subclass__ does nothing here.
        if "kind" not in cls.__dict__:
            cls.kind = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", cls.__name__).lower()

    def children(self) -> Iterator["Node"]:
        for name in self.child_fields:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, tuple):
                yield from value
            else:
                yield value

    def with_changes(self, **changes) -> "Node":
        """A copy of this node with the given fields replaced."""
        return dataclasses.replace(self, **changes)

    def leaves(self) -> Iterator["Leaf"]:
        """The leaves under this node, in text order."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, Leaf):
                yield node
            else:
                stack.extend(reversed(list(node.children())))

    def walk(self) -> Iterator["Node"]:
        """This node and every node under it, parents before children, in text order."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            if not isinstance(node, Leaf):
                stack.extend(reversed(list(node.children())))

    def to_source(self) -> str:
        """The text this node prints to: its leaves' prefixes and texts."""
        return "".join([leaf.prefix + leaf.text for leaf in self.leaves()])

    def leading_space(self) -> str:
        """The whitespace before this node's first leaf."""
        first = next(self.leaves(), None)
        return first.prefix if first is not None else ""

    def words(self) -> str:
        """The node's text without its leading whitespace."""
        source = self.to_source()
        return source[len(self.leading_space()):]


@dataclass(frozen=True, slots=True)
class Document(Node):
    """The root of a parsed text: its items, and the whitespace after its last token (which
    no leaf holds), so that it prints back to the whole input. Each pack's grammar names
    its own root kind (Tag Tamer's ``EffectText``, Yu-Gi-Oh!'s ``CardText``)."""

    items: tuple[Node, ...]
    trailing: str
    child_fields: ClassVar = ("items",)

    def to_source(self) -> str:
        return "".join([leaf.prefix + leaf.text for leaf in self.leaves()]) + self.trailing


@dataclass(frozen=True, slots=True)
class Leaf(Node):
    """A token: its text and the whitespace before it."""

    prefix: str
    text: str
    #: Ids of the rules that rewrote this leaf; empty for an unmodified leaf.
    rules: tuple[str, ...] = ()

    def replaced(self, text: str, rule: str) -> "Leaf":
        """A copy with new text, marked as rewritten by ``rule`` (the leaf itself when the
        text does not change: doubling 0, "Digimon" made plural)."""
        if text == self.text:
            return self
        rules = self.rules if rule in self.rules else self.rules + (rule,)
        return dataclasses.replace(self, text=text, rules=rules)


# ----------------------------------------------------------------------------- leaves

@dataclass(frozen=True, slots=True)
class Word(Leaf):
    """A word the grammar does not model."""


@dataclass(frozen=True, slots=True)
class Words(Leaf):
    """A run of plain words the grammar does not model ("may play", "without paying"), as
    written, whitespace between them included. :meth:`split` gives one Word per word."""

    def split(self) -> list[Word]:
        out = []
        prefix = self.prefix
        pos = 0
        text = self.text
        for gap in _SEPARATOR.finditer(text):
            out.append(Word(self.start + pos, self.start + gap.start(), prefix, text[pos:gap.start()]))
            prefix = gap.group()
            pos = gap.end()
        out.append(Word(self.start + pos, self.end, prefix, text[pos:]))
        return out


@dataclass(frozen=True, slots=True)
class Punct(Leaf):
    """Punctuation: ``.``, ``,``, ``，``, ``・``, ``/`` ..."""


@dataclass(frozen=True, slots=True)
class Other(Leaf):
    """A character no terminal matches, or a token the parser could not place (recovered)."""


@dataclass(frozen=True, slots=True)
class Entity(Leaf):
    """An HTML entity other than a no-break space, kept as written (``&amp;``)."""


@dataclass(frozen=True, slots=True)
class LineBreak(Leaf):
    """A line break, as written (``\\n``, ``\\r\\n`` or ``\\r``)."""


@dataclass(frozen=True, slots=True)
class Number(Leaf):
    """A numeral. Its meaning comes from the node that holds it."""

    @property
    def value(self) -> int | None:
        t = self.text.replace("−", "-")
        return int(t) if re.fullmatch(r"[+-]?\d+", t) else None


