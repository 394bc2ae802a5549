"""The Tag Tamer grammar's node kinds: one frozen class per kind, named after what it is in
the Digimon Card Game (see docs/glossary.md).

The engine's base classes and generic leaves (Node, Leaf, Word, Punct, Other, Unparsed,
Entity, LineBreak, Number) come from :mod:`tagtext.syntax.nodes` and are re-exported here,
so the pack's analysis and rules read every kind from one module; :class:`Words` is the
grammar's own (its words are separated by the grammar's ``%ignore``).
"""

from __future__ import annotations

import functools
import re

from typing import ClassVar

from tagtext.syntax import nodes as _engine
from tagtext.syntax.nodes import Document, Entity, Leaf, LineBreak, Node, Number, Other, Punct, Unparsed, Word, node_kind  # noqa: F401
from tagtext.syntax.words import Segmentation


class Words(_engine.Words):
    """A run of plain words ("may play", "without paying the"): its words are separated by
    the effect grammar's whitespace (its ``%ignore``: spaces, tabs, ``&#160;``)."""

    __slots__ = ()

    segmentation: ClassVar = Segmentation()


class TimingLabel(Leaf):
    """A timing or trigger label that opens an effect: ``[On Play]``, or bare ``On Play``."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return re.sub(r"\s+", " ", self.text.strip("[]"))

    @property
    def bracketed(self) -> bool:
        return self.text.startswith("[")


class LabelRef(Leaf):
    """A timing label named inside a sentence: "activate this Digimon's [When Digivolving] effect"."""

    __slots__ = ()


class CardRef(Leaf):
    """A bracketed card name or trait: ``[Greymon]``, ``[ADVENTURE]``."""

    __slots__ = ()


class HeaderTag(Leaf):
    """What opens a card-header line: ``[Digivolve]``, ``Digivolve:``, ``DigiXros``, ``[Link]``."""

    __slots__ = ()


class HeaderWord(Leaf):
    """A word of a card-header requirement: ``from``, ``w/``, ``in``, ``name``, ``trait``, ``:``."""

    __slots__ = ()


class KeywordName(Leaf):
    """The name of a keyword effect: ``Draw``, ``Security A.``, ``Recovery``."""

    __slots__ = ()


class Bracket(Leaf):
    """An opening or closing ``＜ ＞ < > ( )``."""

    __slots__ = ()


class Operator(Leaf):
    """The comparison word(s): ``or more``, ``or fewer``, ``or less``, ``or higher``, ``or lower``."""

    __slots__ = ()

    @property
    def direction(self) -> str:
        """``"at_least"`` or ``"at_most"``."""
        word = self.text.split()[-1].lower()
        return "at_least" if word in ("more", "higher", "greater") else "at_most"


class Marker(Leaf):
    """A fixed word that gives a phrase its meaning: ``up to``, ``until there are``, ``for each``,
    ``for every``, ``of``, ``by``, ``reduced by``."""

    __slots__ = ()


class Unit(Leaf):
    """What a number measures: ``DP``, ``level``, ``Lv.``, ``play cost``, ``memory``."""

    __slots__ = ()


class Color(Leaf):
    """A color word: ``red`` ... ``white``."""

    __slots__ = ()


class ColorsWord(Leaf):
    """The noun ``color`` / ``colors``."""

    __slots__ = ()


PLAYER_KINDS = {
    "YOU": "you",
    "OPPONENT": "opponent",
    "BOTH_PLAYERS": "both",
    "EITHER_PLAYER": "either",
    "NEITHER_PLAYER": "neither",
    "EACH_PLAYER": "each",
    "ALL_PLAYERS": "all",
    "YOU_OR_OPPONENT": "you_or_opponent",
    "YOU_AND_OPPONENT": "you_and_opponent",
    "A_PLAYER": "any",
    "PLAYERS": "players",
}


@node_kind
class PlayerRef(Leaf):
    """A reference to a player: ``you``, ``your``, ``your opponent's``, ``both players'``,
    ``either player``, ``your or your opponent's``, ``neither player`` ..."""

    #: One of the values of PLAYER_KINDS.
    player: str = "you"

    @property
    def possessive(self) -> bool:
        t = self.text.lower()
        return t.endswith(("'s", "’s", "'", "’")) or t in ("your", "yours")


class Pronoun(Leaf):
    """``their``, ``they``, ``them``: a player or cards, depending on the sentence."""

    __slots__ = ()


class OwnerRef(Leaf):
    """``its owner's``: whoever owns the card in question."""

    __slots__ = ()


class Article(Leaf):
    """``the``."""

    __slots__ = ()


ZONE_KINDS = (
    ("security", re.compile(r"security", re.I)),
    ("battle_area", re.compile(r"battle\s+area|in\s+play|field", re.I)),
    ("breeding_area", re.compile(r"breeding", re.I)),
    ("digivolution_cards", re.compile(r"volution", re.I)),
    ("memory_gauge", re.compile(r"memory", re.I)),
    ("egg_deck", re.compile(r"digi-egg", re.I)),
    ("trash", re.compile(r"trash", re.I)),
    ("hand", re.compile(r"hand", re.I)),
    ("deck", re.compile(r"deck", re.I)),
)

SHARED_ZONES = frozenset({"security", "battle_area", "trash"})


class ZoneWord(Leaf):
    """The name of an area: ``trash``, ``security stack``, ``hand``, ``deck``, ``battle area``,
    ``in play``, ``breeding area``, ``digivolution cards``."""

    __slots__ = ()

    @property
    def zone(self) -> str:
        return _zone_of(self.text)

    @property
    def plural(self) -> bool:
        return bool(re.search(r"(?:es|s)$", self.text, re.I)) and self.zone != "battle_area"


@functools.lru_cache(maxsize=512)
def _zone_of(text: str) -> str:
    """The area an area word names (asked for each count's area phrases: kept per word)."""
    for name, pattern in ZONE_KINDS:
        if pattern.search(text):
            return name
    return "unknown"  # pragma: no cover - every ZONE terminal matches one pattern


class Position(Leaf):
    """``top`` / ``bottom`` before a security card."""

    __slots__ = ()


# ----------------------------------------------------------------------------- phrases

@node_kind
class Comparison(Node):
    """A bound: ``3 or more``, ``2 or fewer``."""

    value: Number
    operator: Operator
    child_fields: ClassVar = ("value", "operator")


@node_kind
class Quantity(Node):
    """A number of things: ``2 cards``, ``1 of``, ``3 or more security cards``, ``4 [Doomsday Clock]``,
    ``0 security``. ``amount`` is a Number or a Comparison; ``head`` the first word after it."""

    amount: Node
    head: Node
    child_fields: ClassVar = ("amount", "head")

    @property
    def number(self) -> Number:
        return self.amount if isinstance(self.amount, Number) else self.amount.value


@node_kind
class UpTo(Node):
    """A cap: ``up to 3``, ``up to 2 of``, ``up to having 3``."""

    marker: Marker
    amount: Node
    child_fields: ClassVar = ("marker", "amount")


@node_kind
class UntilCount(Node):
    """A target: ``until there are 3``, ``until they have 5``, ``until it has 4``."""

    marker: Marker
    #: who or what has the amount ("you", "they", "it"), None for "until there are"
    subject: Leaf | None
    #: "have" / "has", None for "until there are"
    verb: Marker | None
    amount: Node
    child_fields: ClassVar = ("marker", "subject", "verb", "amount")


@node_kind
class Iteration(Node):
    """``for each``, ``for each of``, ``for every 2``, ``For every``."""

    quantifier: Marker
    step: Number | None
    of: Marker | None
    child_fields: ClassVar = ("quantifier", "step", "of")


@node_kind
class DPValue(Node):
    """``+1000 DP``, ``4000 DP or less``, ``DP 6000 or more``."""

    value: Number
    unit: Unit
    operator: Operator | None
    child_fields: ClassVar = ("value", "unit", "operator")

    def children(self):
        # Both word orders occur ("4000 DP", "DP 4000"): children in text order.
        if self.unit.start < self.value.start:
            return iter((self.unit, self.value) + ((self.operator,) if self.operator else ()))
        return Node.children(self)


@node_kind
class LevelValue(Node):
    """``level 6 or higher``, ``Lv.4``, ``a level of 5 or less``."""

    unit: Unit
    link: Marker | None
    value: Number
    operator: Operator | None
    child_fields: ClassVar = ("unit", "link", "value", "operator")


@node_kind
class CostValue(Node):
    """``play cost of 5 or less``, ``cost by 3``, ``Cost 2``."""

    unit: Unit
    link: Marker | None
    value: Number
    operator: Operator | None
    child_fields: ClassVar = ("unit", "link", "value", "operator")


@node_kind
class CostAmount(Node):
    """A number of memory paid: ``1 cost`` ("by paying 1 cost")."""

    value: Number
    unit: Unit
    child_fields: ClassVar = ("value", "unit")


@node_kind
class ChangeAmount(Node):
    """The size of a change: ``by 3``, ``reduced by 2``, ``add 2`` (to a maximum),
    ``remove 1`` (from one)."""

    marker: Marker
    value: Number
    child_fields: ClassVar = ("marker", "value")


@node_kind
class ToValue(Node):
    """A value something is set or brought to: ``to 3`` ("set your memory to 3"),
    ``to 6 or more``."""

    marker: Marker
    amount: Node
    child_fields: ClassVar = ("marker", "amount")


@node_kind
class MemoryAmount(Node):
    """``1 memory``, ``3 or less memory``, ``3 memory or less``."""

    amount: Node
    unit: Unit
    operator: Operator | None
    child_fields: ClassVar = ("amount", "unit", "operator")

    @property
    def number(self) -> Number:
        return self.amount if isinstance(self.amount, Number) else self.amount.value

    @property
    def bound(self) -> Operator | None:
        if isinstance(self.amount, Comparison):
            return self.amount.operator
        return self.operator


@node_kind
class ColorCount(Node):
    """``2-color``: the number of colors of one card."""

    value: Leaf
    child_fields: ClassVar = ("value",)


@node_kind
class KeywordParam(Node):
    """A keyword effect's number: the ``1`` of ＜Draw 1＞, the ``+1`` of ＜Security A. +1＞."""

    value: Number
    child_fields: ClassVar = ("value",)


@node_kind
class HeaderCost(Node):
    """A card-header line's cost: ``Cost 2``, or the number right after ``Digivolve:`` /
    ``DigiXros`` (``Digivolve: 3 from ...``, ``DigiXros -2: ...``)."""

    unit: Unit | None
    value: Number | None
    child_fields: ClassVar = ("unit", "value")


@node_kind
class Zone(Node):
    """An area and whose it is: ``your trash``, ``their hand``, ``both players' decks``, ``in play``."""

    owner: Leaf | None
    position: Position | None
    area: ZoneWord
    child_fields: ClassVar = ("owner", "position", "area")

    @property
    def zone(self) -> str:
        return self.area.zone


# ----------------------------------------------------------------------------- structure

@node_kind
class Keyword(Node):
    """A keyword effect in angle brackets: ＜Blocker＞, ＜Draw 1＞, ＜Recovery +1 (Deck)＞."""

    open: Bracket
    name: KeywordName | None
    items: tuple[Node, ...]
    close: Bracket | None
    child_fields: ClassVar = ("open", "name", "items", "close")


@node_kind
class Parenthetical(Node):
    """Text in parentheses; after a keyword it is that keyword's reminder text."""

    open: Bracket
    items: tuple[Node, ...]
    close: Bracket | None
    child_fields: ClassVar = ("open", "items", "close")


@node_kind
class KeywordEffect(Node):
    """A keyword and the reminder text that follows it, if any."""

    keyword: Keyword
    reminder: Parenthetical | None
    child_fields: ClassVar = ("keyword", "reminder")


@node_kind
class Sentence(Node):
    """Items up to and including a full stop (or the end of the body)."""

    items: tuple[Node, ...]
    child_fields: ClassVar = ("items",)


@node_kind
class Header(Node):
    """A card-header line: digivolution, DigiXros, link, app fusion, assembly requirements."""

    tag: HeaderTag
    items: tuple[Node, ...]
    child_fields: ClassVar = ("tag", "items")


@node_kind
class Block(Node):
    """One effect: its timing labels (possibly none) and its sentences."""

    labels: tuple[TimingLabel, ...]
    body: tuple[Sentence, ...]
    child_fields: ClassVar = ("labels", "body")


@node_kind
class Line(Node):
    """One line of the text: its card headers and effect blocks, in text order."""

    items: tuple[Node, ...]
    child_fields: ClassVar = ("items",)


class EffectText(Document):
    """A whole effect text: its lines and line breaks, and the whitespace after the last token."""

    __slots__ = ()

    def words(self) -> str:
        return self.to_source().lstrip()
