"""The Yu-Gi-Oh! node kinds: one frozen class per kind, named for what it is in the game.

The tree base classes (:class:`~tagtext.syntax.nodes.Node`, ``Leaf``, ``Word``, ``Words``,
``Punct``, ``Other``, ``LineBreak``, ``Number``) are the engine's; this module adds what
Yu-Gi-Oh! card text has. A leaf keeps the whitespace before it as ``prefix``, so a tree
prints back to its exact input (:meth:`CardText.to_source`).

Leaves: :class:`PlayerRef`, :class:`Pronoun`, :class:`OwnerRef`, :class:`AreaWord`,
:class:`CardName`, :class:`Connective`, :class:`Marker`, :class:`Operator`,
:class:`SectionHeader`. Phrases: :class:`Area`, :class:`Count`. Structure:
:class:`CardText` (lines), :class:`Sentence`, :class:`Condition` (before ``:``),
:class:`Cost` (before ``;``: costs, targets and what is declared on activation),
:class:`Effect` (the rest).
"""

from __future__ import annotations

import re
from typing import ClassVar

from ...syntax import nodes as _engine
from ...syntax.nodes import Document, Leaf, LineBreak, Node, Number, Other, Punct, Unparsed, Word, node_kind
from ...syntax.words import Segmentation

__all__ = [
    "Node", "Leaf", "Word", "Words", "Punct", "Other", "LineBreak", "Number",
    "PlayerRef", "Pronoun", "OwnerRef", "AreaWord", "CardName", "Connective", "Marker",
    "Operator", "SectionHeader", "Area", "Count", "Condition", "Cost", "Effect", "Sentence",
    "CardText", "Unparsed", "PLAYER_KINDS",
]

# ----------------------------------------------------------------------------- leaves

class Words(_engine.Words):
    """A run of plain words: its words are separated by the grammar's whitespace (its
    ``%ignore``: spaces, tabs, no-break spaces)."""

    __slots__ = ()

    segmentation: ClassVar = Segmentation()


#: grammar terminal -> PlayerRef.player
PLAYER_KINDS = {
    "YOU": "you",                         # you, your, yours, yourself
    "OPPONENT": "opponent",               # your opponent('s)
    "OTHER_OPPONENT": "an_opponent",      # an/the/that/their opponent('s), opponent's
    "EITHER_PLAYER": "either",            # either player('s)
    "NEITHER_PLAYER": "neither",          # neither player('s)
    "EACH_PLAYER": "each",                # each player('s)
    "BOTH_PLAYERS": "both",               # both players(')
    "YOU_AND_OPPONENT": "you_and_opponent",  # (both) you and your opponent
    "A_PLAYER": "player",                 # a/the/that/1 player, players
}


@node_kind
class PlayerRef(Leaf):
    """A phrase naming a player or players: ``you``, ``your``, ``your opponent's``,
    ``an opponent's``, ``either player``, ``both players'``, ``the other player`` ..."""

    #: one of the values of PLAYER_KINDS
    player: str = "you"

    @property
    def possessive(self) -> bool:
        t = self.text.lower()
        return t.endswith(("'s", "’s", "'", "’")) or t in ("your", "yours")

    @property
    def capitalized(self) -> bool:
        return self.text[:1].isupper()

    @property
    def determiner(self) -> str:
        """The word before "opponent"/"player" ("an", "that", "their", ...; "" if none)."""
        words = self.text.lower().split()
        return words[0] if len(words) > 1 else ""


class Pronoun(Leaf):
    """``they``, ``their``, ``them``, ``themselves`` (old text: ``his/her``, ``him/her``): a
    player or cards, as the sentence says
    (see :mod:`tagtext.packs.ygo_tag.analysis`)."""

    __slots__ = ()

    @property
    def possessive(self) -> bool:
        return self.text.lower() in ("their", "theirs", "his/her")


class OwnerRef(Leaf):
    """Whoever owns or controls the card in question: ``its owner's``, ``its controller``."""

    __slots__ = ()


class AreaWord(Leaf):
    """A play-area word: ``field``, ``side of the field``, ``hand``, ``Deck``, ``Extra Deck``,
    ``GY``, ``Graveyard``, ``banished``, ``Main Monster Zone``, ``Spell & Trap Zone`` ..."""

    __slots__ = ()

    @property
    def area(self) -> str:
        return area_of(self.text)


_AREAS = (
    ("main_monster_zone", re.compile(r"main\s+monster", re.I)),
    ("extra_monster_zone", re.compile(r"extra\s+monster", re.I)),
    ("monster_zone", re.compile(r"monster\s+zone", re.I)),
    ("spell_trap_zone", re.compile(r"spell", re.I)),
    ("pendulum_zone", re.compile(r"pendulum", re.I)),
    ("field_zone", re.compile(r"field\s+zone", re.I)),
    ("field", re.compile(r"field", re.I)),
    ("extra_deck", re.compile(r"extra\s+deck", re.I)),
    ("deck", re.compile(r"deck", re.I)),
    ("hand", re.compile(r"hand", re.I)),
    ("gy", re.compile(r"gy|graveyard", re.I)),
    ("banished", re.compile(r"banished", re.I)),
)

#: areas on the field (rule 1) and the other play areas (rule 2)
FIELD_AREAS = frozenset({"field", "main_monster_zone", "extra_monster_zone", "monster_zone",
                         "spell_trap_zone", "pendulum_zone", "field_zone"})
PRIVATE_AREAS = frozenset({"deck", "extra_deck", "hand", "gy", "banished"})


def area_of(text: str) -> str:
    for name, pattern in _AREAS:
        if pattern.search(text):
            return name
    return "field"  # pragma: no cover - AREA matches one of the above


class CardName(Leaf):
    """A quoted card name or archetype: ``"Dark Magician"``, ``"F.A."``."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return self.text[1:-1]


class Connective(Leaf):
    """What joins the parts of an effect: ``if you do``, ``then``, ``also``."""

    __slots__ = ()


class Marker(Leaf):
    """A word that makes a count: ``for each``, ``for every``, ``the number of``."""

    __slots__ = ()


class Operator(Leaf):
    """``or more``, ``or less``, ``or fewer``, ``or higher``, ``or lower``."""

    __slots__ = ()


class SectionHeader(Leaf):
    """``[ Pendulum Effect ]``, ``[ Monster Effect ]``, ``[ Flavor Text ]`` or a ``----`` rule
    (the YGOPRODeck layout of Pendulum cards)."""

    __slots__ = ()


# ----------------------------------------------------------------------------- phrases

@node_kind
class Area(Node):
    """A play area and, when written, whose it is: ``your opponent's GY``, ``their hand``,
    ``the field`` (owner None: "the" stays a plain word)."""

    owner: Leaf | None
    zone: AreaWord
    child_fields: ClassVar = ("owner", "zone")

    @property
    def area(self) -> str:
        return self.zone.area


@node_kind
class Count(Node):
    """A number of cards or a threshold: ``2``, ``5 or less``."""

    value: Number
    operator: Operator | None
    child_fields: ClassVar = ("value", "operator")


# ----------------------------------------------------------------------------- structure

@node_kind
class Condition(Node):
    """What must happen or be true for an effect to be activated or applied, up to and
    including its ``:`` ("When an opponent's monster declares an attack:")."""

    parts: tuple[Node, ...]
    colon: Punct
    child_fields: ClassVar = ("parts", "colon")


@node_kind
class Cost(Node):
    """What is done when the effect is activated, up to and including its ``;``: costs,
    targets, declarations ("Declare 1 card name;", "Target 1 monster your opponent controls;")."""

    parts: tuple[Node, ...]
    semicolon: Punct
    child_fields: ClassVar = ("parts", "semicolon")


@node_kind
class Effect(Node):
    """What the effect does (or a rule it states), after its condition and cost."""

    parts: tuple[Node, ...]
    child_fields: ClassVar = ("parts",)


@node_kind
class Sentence(Node):
    """Clauses up to a full stop (``stop`` None: the last words of a line, unended)."""

    clauses: tuple[Node, ...]
    stop: Punct | None
    child_fields: ClassVar = ("clauses", "stop")


class CardText(Document):
    """A whole card text: sentences and line breaks, and the whitespace after the last token."""

    __slots__ = ()
