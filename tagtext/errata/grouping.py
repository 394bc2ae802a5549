"""How the errata pages group and order the cards they show: a pack's choice.

A game with set codes (Digimon: BT12, EX5, P) groups cards by set, in card-number order;
a game whose card database has none (the Yu-Gi-Oh! pack's) groups them by the first
letter of their name, in name order, so a reader finds a card the way they know it. A
pack names its grouping as ``errata_grouping`` ("set" or "name", or gives a
:class:`Grouping` of its own); without one, cards are grouped by set.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

from ..carddb import Card
from ..records import record

#: The group of a card with no set code.
NO_SET = "Other"


def natural_key(value: str) -> tuple:
    """Sort key that orders numbers by value: BT2 < BT10, BT1-009 < BT1-010."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", value) if part)


def by_set(card: Card) -> str:
    return card.set or NO_SET


def by_id(card: Card) -> tuple:
    return natural_key(card.id)


def by_first_letter(card: Card) -> str:
    """A to Z by the first letter of the name (accents dropped, quotes skipped); "#" for
    a name that starts with anything else."""
    for ch in unicodedata.normalize("NFKD", card.name):
        if ch.isalnum():
            letter = ch.upper()
            return letter if "A" <= letter <= "Z" else "#"
    return "#"


def by_name(card: Card) -> tuple:
    return (" ".join(card.name.split()).casefold(), natural_key(card.id))


@record(frozen=True)
class Grouping:
    #: what one group is called on the pages ("Jump to a set")
    noun: str = "set"
    plural: str = "sets"
    #: a card's group (its heading and chip)
    group: Callable[[Card], str] = by_set
    #: the order of cards within a group
    order: Callable[[Card], tuple] = by_id


BY_SET = Grouping()
BY_NAME = Grouping("letter", "letters", by_first_letter, by_name)

#: the groupings a pack may name
GROUPINGS = {"set": BY_SET, "name": BY_NAME}


def grouping_of(pack) -> Grouping:
    """The pack's grouping (by set when it names none)."""
    value = pack.errata_grouping
    return GROUPINGS[value] if isinstance(value, str) else value
