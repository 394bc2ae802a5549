"""Sentences as flat sequences of *units*: typed phrases and single words.

The rules read clauses ("If you have 3 or more security cards", "for each card in your
trash"), not trees. A region is one sentence, one header line, or the text of one pair of
parentheses (reminder text is a region of its own: "(This Digimon can attack when your
opponent has 1 or more memory.)"). Its units are its items in order, with runs of plain
words split into single words and nested parentheses replaced by a boundary.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from ..syntax import nodes as n

#: Punctuation that ends a clause.
CLAUSE_ENDS = frozenset({".", "。", ",", "，", ";", ":", "・", "•"})
#: Punctuation that ends a sentence.
SENTENCE_ENDS = frozenset({".", "。"})


@dataclass(frozen=True)
class Region:
    """A sentence, a header line or a parenthetical: its units, in text order."""

    node: n.Node
    units: tuple[n.Node, ...]


class Boundary(n.Punct):
    """Stands for a nested parenthetical inside a region (a clause boundary)."""


def regions(tree: n.Node) -> Iterator[Region]:
    """Every region of the tree, outer ones before the parentheticals inside them."""
    stack: list[n.Node] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (n.Sentence, n.Header, n.Parenthetical)):
            units, inner = _flatten(node)
            yield Region(node, tuple(units))
            stack.extend(reversed(inner))
        elif not isinstance(node, n.Leaf):
            stack.extend(reversed(list(node.children())))


def _flatten(region: n.Node) -> tuple[list[n.Node], list[n.Node]]:
    units: list[n.Node] = []
    inner: list[n.Node] = []
    items = region.items if not isinstance(region, n.Header) else (region.tag,) + region.items
    for item in items:
        _add(item, units, inner)
    return units, inner


def _add(item: n.Node, units: list[n.Node], inner: list[n.Node]) -> None:
    if isinstance(item, n.Words):
        units.extend(item.split())
    elif isinstance(item, n.Parenthetical):
        inner.append(item)
        units.append(Boundary(item.start, item.end, "", "()"))
    elif isinstance(item, n.KeywordEffect):
        units.append(item.keyword)
        if item.reminder is not None:
            inner.append(item.reminder)
            units.append(Boundary(item.reminder.start, item.reminder.end, "", "()"))
    else:
        units.append(item)


def is_boundary(unit: n.Node) -> bool:
    return isinstance(unit, n.Punct) and unit.text in CLAUSE_ENDS


def is_sentence_end(unit: n.Node) -> bool:
    return isinstance(unit, n.Punct) and unit.text in SENTENCE_ENDS


#: id(unit) -> (unit, its word): the unit is held so that its id stays its own while
#: cached. Cleared for each text (forget_words), so it never outgrows one analysis.
_WORDS: dict[int, tuple[n.Node, str]] = {}
_SPACES = re.compile(r"\s+")


def word(unit: n.Node) -> str:
    """A unit's text in lower case, single-spaced, with straight apostrophes."""
    hit = _WORDS.get(id(unit))
    if hit is not None and hit[0] is unit:
        return hit[1]
    text = (unit.text if isinstance(unit, n.Leaf) else unit.words()).lower()
    if "’" in text:
        text = text.replace("’", "'")
    if "  " in text or "\u00a0" in text or "\t" in text or "\n" in text or "&#" in text:
        text = _SPACES.sub(" ", text)
    _WORDS[id(unit)] = (unit, text)
    return text


def forget_words() -> None:
    _WORDS.clear()


_DESTINATION = re.compile(r"\b(?:to|into|onto|on)(?: (?:the )?(?:top|bottom)(?: or (?:the )?(?:top|bottom))? of)?$"
                          r"|\bat (?:the )?(?:top|bottom)(?: or (?:the )?(?:top|bottom))? of$")


def is_destination(units, i) -> bool:
    """Whether unit ``i`` (an area) is where cards go: "to the bottom of your deck"."""
    start, _ = clause_span(units, i, list_commas=False)
    before = " ".join(word(u) for u in units[start:i])
    return _DESTINATION.search(before) is not None


def clause_span(units: tuple[n.Node, ...], i: int, list_commas: bool = True) -> tuple[int, int]:
    """The indices [start, end) of the clause holding unit ``i``.

    Commas inside lists ("[Hybrid], [Machine], or [Cyborg] cards") do not end the clause:
    a comma followed by a card name, a color or "or"/"and" continues it.
    """
    start = i
    while start > 0 and not _ends_clause(units, start - 1, list_commas):
        start -= 1
    end = i + 1
    while end < len(units) and not _ends_clause(units, end, list_commas):
        end += 1
    return start, end


def _ends_clause(units, k: int, list_commas: bool) -> bool:
    unit = units[k]
    if not is_boundary(unit):
        return isinstance(unit, Boundary)
    if list_commas and unit.text in (",", "，") and k + 1 < len(units):
        nxt = units[k + 1]
        if isinstance(nxt, (n.CardRef, n.Color)) or word(nxt) in ("or", "and"):
            return False
    return True
