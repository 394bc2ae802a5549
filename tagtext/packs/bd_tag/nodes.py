"""The Build Divide node kinds: one frozen class per kind, named for what it is on the card.

The tree base classes (:class:`~tagtext.syntax.nodes.Node`, ``Leaf``, ``Punct``, ``Other``,
``LineBreak``, ``Number``, ``Document``) are the engine's; this module adds what Build
Divide text has. Japanese has no spaces: a :class:`Words` leaf is a run of one script, and a
rule may cut it at any character. A leaf keeps the whitespace before it as ``prefix``, so a
tree prints back to its exact input.

Leaves: :class:`Label` (⁅自動⁆ ⁅永続⁆ ⁅起動⁆, fan data's （自動）…), :class:`CardName` (《…》),
:class:`BookName` (『…』), :class:`Quote` (「…」), :class:`Keyword` (【…】), :class:`Square`
(fan data's […]), :class:`Icon` (⁅D⁆, ⁅黒②⁆), :class:`Cost` (①…⑳).
Nodes: :class:`Reminder` ((…) or （…）), :class:`Sentence` (ended by 。, or open at a line's
end), :class:`CardText` (the root).

A kind with fields of its own is declared with the engine's
:data:`~tagtext.syntax.nodes.node_kind`; one that adds none is a plain subclass with
``__slots__ = ()`` (no dataclass methods made again for each kind at start-up).
"""

from __future__ import annotations

from typing import ClassVar

from ...syntax import nodes as _n
from ...syntax.nodes import Document, Leaf, LineBreak, Node, Number, Other, Punct, node_kind
from ...syntax.words import Segmentation

__all__ = [
    "Node", "Leaf", "Words", "Punct", "Other", "LineBreak", "Number", "Label", "CardName", "BookName", "Quote",
    "Keyword", "Square", "Icon", "Cost", "Reminder", "Sentence", "CardText",
]


class Words(_n.Words):
    """A run of one script the grammar does not model (「相手」「の」「ユニット」「全て」): a rule
    may cut it at any character (the engine's ``Changes.span``)."""

    __slots__ = ()

    segmentation = Segmentation(cut_anywhere=True)


class Label(Leaf):
    """An ability's label: ⁅自動⁆ (automatic), ⁅永続⁆ (continuous), ⁅起動⁆ (activated), or as
    fan data writes them, （自動） (自動) …"""

    __slots__ = ()

    @property
    def ability_kind(self) -> str:
        return {"自動": "automatic", "永続": "continuous", "起動": "activated"}[self.text[1:-1]]


class CardName(Leaf):
    """A card named in the text, 《…》: opaque."""

    __slots__ = ()


class BookName(Leaf):
    """A card named in rule text, 『…』: opaque."""

    __slots__ = ()


class Quote(Leaf):
    """A quoted ability or name, 「…」: opaque, never rewritten."""

    __slots__ = ()


class Keyword(Leaf):
    """【…】: a keyword (【ブライト】, 【エヴォル〔…〕】) or, in fan data, a value (【-3000】) or a
    name (【松田里奈】): opaque."""

    __slots__ = ()


class Square(Leaf):
    """Fan data's […]: a keyword ([デコイ]) or a value ([6000]): opaque."""

    __slots__ = ()


class Icon(Leaf):
    """An icon inside a sentence, ⁅…⁆: the D deck's ⁅D⁆, a colour cost ⁅黒②⁆: opaque."""

    __slots__ = ()


class Cost(Leaf):
    """A cost in circled digits, ①…⑳."""

    __slots__ = ()


@node_kind
class Reminder(Node):
    """Reminder text, (…) or （…）: its brackets and what is inside (which may nest).
    ``close`` is None for a bracket left open to the end of its line."""

    open: Punct
    parts: tuple[Node, ...]
    close: Punct | None
    child_fields: ClassVar = ("open", "parts", "close")


@node_kind
class Sentence(Node):
    """A sentence: its parts (leaves, reminders, a label a fan left inside) and its 。 (None
    for the open sentence a line may end with)."""

    parts: tuple[Node, ...]
    stop: Punct | None
    child_fields: ClassVar = ("parts", "stop")


class CardText(Document):
    """The root: one card text's units (sentences, reminders, labels) and line breaks."""

    __slots__ = ()
