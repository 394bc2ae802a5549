"""The Duel Masters node kinds: one frozen class per kind, named for what it is on the card.

The tree base classes (:class:`~tagtext.syntax.nodes.Node`, ``Leaf``, ``Word``, ``Punct``,
``Other``, ``LineBreak``, ``Number``, ``Document``) are the engine's; this module adds what
Duel Masters text has. Japanese has no spaces: a :class:`Words` leaf is a run of one script
(kanji, hiragana, katakana or Latin letters), so every script boundary is a leaf boundary,
and a rule may cut a run anywhere else (its segmentation cuts anywhere). A leaf keeps the whitespace before it (classic texts have stray spaces)
as ``prefix``, so a tree prints back to its exact input.

Leaves: :class:`PlayerWord` (相手, 自分, プレイヤー), :class:`CardName` (《…》), :class:`Quote`
(「…」), :class:`Ruby` (the ``S(シールド)`` of S(シールド)・トリガー), :class:`KeywordName`,
:class:`Label`, :class:`AbilityMark` (■), :class:`ModeMark` (▶, ??, __).
Nodes: :class:`Reminder` ((…) or （…）), :class:`Keyword` (a keyword ability and its reminder),
:class:`Sentence` (ended by 。, or open at a line's end), :class:`CardText` (the root).

A kind with fields of its own is declared with the engine's
:data:`~tagtext.syntax.nodes.node_kind` (its ``__init__`` sets the slots directly: a parse
makes a node per run of one script); one that adds none is a plain subclass with
``__slots__ = ()`` (no dataclass methods made again for each kind at start-up).
"""

from __future__ import annotations

from typing import ClassVar

from ...syntax import nodes as _n
from ...syntax.nodes import Document, Leaf, LineBreak, Node, Number, Other, Punct, Word, node_kind
from ...syntax.words import Segmentation

__all__ = [
    "Node", "Leaf", "Word", "Words", "Punct", "Other", "LineBreak", "Number", "PlayerWord", "CardName", "Quote",
    "Ruby", "KeywordName", "Label", "AbilityMark", "ModeMark", "SideMark", "Reminder", "Keyword", "Sentence",
    "CardText",
]


# ----------------------------------------------------------------------------- leaves

class Words(_n.Words):
    """A run of one script (kanji, hiragana, katakana, Latin letters, a sign) the grammar does
    not model: 「バトルゾーン」「にある」「破壊」「する」. Unspaced text: a rule may cut it at
    any character (the engine's ``replace_span``)."""

    __slots__ = ()

    segmentation = Segmentation(cut_anywhere=True)


class PlayerWord(Leaf):
    """相手, 自分 or プレイヤー. Who it names, and what it owns or does, is the analysis's
    business (:mod:`..analysis.players`): the particle after it is the next leaf."""

    __slots__ = ()


class CardName(Leaf):
    """A card named in the text, 《…》 (classic texts also write <<…>>): opaque."""

    __slots__ = ()


class Quote(Leaf):
    """A quoted keyword or granted ability, 「…」 or ｢…｣: opaque, never rewritten."""

    __slots__ = ()


class Ruby(Leaf):
    """The reading of an abbreviation written inline: ``S(シールド)`` of S(シールド)・トリガー,
    ``W(ダブル)`` of W(ダブル)・ブレイカー. Part of the keyword, not reminder text."""

    __slots__ = ()


class KeywordName(Leaf):
    """The name of a keyword ability: ブロッカー, W・ブレイカー, S・トリガー, ニンジャ・ストライク ４ …"""

    __slots__ = ()


class Label(Leaf):
    """A label that opens an ability: a name and its colon (``NEO進化：``, ``ラビリンス：``,
    ``闇：``) or a classic dash label (``進化-``, ``メテオバーン - ``, ``G・ゼロ-``)."""

    __slots__ = ()


class AbilityMark(Leaf):
    """■: an ability starts (modern text)."""

    __slots__ = ()


class SideMark(Leaf):
    """A twinpact's side as a scraped database marks it (not printed): 【クリーチャー側】,
    【呪文側】. What follows is that side's text."""

    __slots__ = ()

    @property
    def spell(self) -> bool:
        return "呪文" in self.text


class ModeMark(Leaf):
    """A mode under 「次のうちいずれか１つを選ぶ」: ▶ / ►, or the 2018 data's ?? and __."""

    __slots__ = ()


# ----------------------------------------------------------------------------- nodes

@node_kind
class Reminder(Node):
    """Reminder text, (…) or （…）: its brackets and what is inside (which may nest).
    ``close`` is None for a bracket left open to the end of its line (real data has two)."""

    open: Punct
    parts: tuple[Node, ...]
    close: Punct | None
    child_fields: ClassVar = ("open", "parts", "close")


@node_kind
class Keyword(Node):
    """A keyword ability: its name and, when it has one, its reminder text."""

    name: KeywordName
    reminder: Reminder | None
    child_fields: ClassVar = ("name", "reminder")


@node_kind
class Sentence(Node):
    """A sentence: its parts (leaves and reminders) and its 。 (None for the open sentence a
    line may end with)."""

    parts: tuple[Node, ...]
    stop: Punct | None
    child_fields: ClassVar = ("parts", "stop")


class CardText(Document):
    """The root: one card text's units (sentences, keywords, labels, marks) and line breaks."""

    __slots__ = ()
