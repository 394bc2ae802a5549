"""Sentences as flat sequences of *units*: typed phrases and single words.

The rules read clauses ("If you have 3 or more security cards", "for each card in your
trash"), not trees. A region is one sentence, one header line, or the text of one pair of
parentheses (reminder text is a region of its own: "(This Digimon can attack when your
opponent has 1 or more memory.)"). Its units are its items in order, with runs of plain
words split into single words and nested parentheses replaced by a boundary.
"""

from __future__ import annotations

import re
from bisect import bisect_left
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


class Guarded:
    """A pattern searched only in text that holds one of ``needles``, strings every match
    of it holds: the same answers, without the regex engine trying the pattern at every
    position of a text that cannot match (a pattern opening with ``\\b`` gives it no
    first letters to skip ahead to). For the patterns asked about every count."""

    __slots__ = ("pattern", "needles")

    def __init__(self, pattern: str, *needles: str):
        self.pattern = re.compile(pattern)
        self.needles = needles

    def search(self, text: str) -> re.Match | None:
        for needle in self.needles:
            if needle in text:
                return self.pattern.search(text)
        return None


class AnyOf:
    """The branches of an alternation, searched one at a time: a match of any of them, for
    a trigger (a necessary condition asked of every text). A branch that opens with a
    literal is found by the regex engine's fast scan for it, where one alternation of
    branches opening with different letters is tried at every position of the text (two
    to five times slower over the card database). ``search`` gives the first branch's
    match, not the leftmost one: for asking whether there is one."""

    __slots__ = ("branches",)

    def __init__(self, *branches: str):
        self.branches = tuple(re.compile(branch) for branch in branches)

    def search(self, text: str) -> re.Match | None:
        for branch in self.branches:
            m = branch.search(text)
            if m is not None:
                return m
        return None


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
    """Forget the words and readings cached for the previous text."""
    _WORDS.clear()
    _READINGS.clear()


_DESTINATION = re.compile(r"\b(?:to|into|onto|on)(?: (?:the )?(?:top|bottom)(?: or (?:the )?(?:top|bottom))? of)?$"
                          r"|\bat (?:the )?(?:top|bottom)(?: or (?:the )?(?:top|bottom))? of$")


def is_destination(units, i) -> bool:
    """Whether unit ``i`` (an area) is where cards go: "to the bottom of your deck"."""
    start, _ = clause_span(units, i, list_commas=False)
    # the pattern is anchored at the end and matches at most 32 characters
    return _DESTINATION.search(reading(units).tail(start, i, 64)) is not None


def clause_span(units: tuple[n.Node, ...], i: int, list_commas: bool = True) -> tuple[int, int]:
    """The indices [start, end) of the clause holding unit ``i``.

    Commas inside lists ("[Hybrid], [Machine], or [Cyborg] cards") do not end the clause:
    a comma followed by a card name, a color or "or"/"and" continues it.
    """
    if len(units) > SMALL:
        starts, ends = reading(units).clauses(list_commas)
        return starts[i], ends[i]
    start = i  # a short region: scanned (the same answer, without building its arrays)
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


# ----------------------------------------------------------------------------- reading a region once

#: A region of at most this many units is scanned where a longer one's answers are read
#: off arrays made for the whole region: the same answers, and cheaper for the short
#: regions nearly all card text is made of.
SMALL = 48

#: id(units) -> the Reading of that region's units (which it holds, so the id stays
#: theirs). Cleared for each text with the words (forget_words).
_READINGS: dict[int, "Reading"] = {}


def reading(units: tuple[n.Node, ...]) -> "Reading":
    """The :class:`Reading` of a region's units (made on first use, once per text)."""
    found = _READINGS.get(id(units))
    if found is None or found.units is not units:
        found = _READINGS[id(units)] = Reading(units)
    return found


class Reading:
    """A region's units read once, so that what a count or a phrase asks about its clause
    costs the same however long the clause is (a scan of the clause per count made a text
    of many counts quadratic): each unit's word, the words as one string (``text``, the
    units' words joined by single spaces) with where each unit's word starts in it, each
    unit's clause, the nearest unit of a kind before or after an index, and the matches
    of a pattern in the words of a range of units.

    ``joined(lo, hi)`` is ``" ".join(word(u) for u in units[lo:hi])``; ``tail``, ``head``
    and ``finds`` answer questions about such a string without building it."""

    def __init__(self, units: tuple[n.Node, ...]):
        self.units = units
        self.words = [word(u) for u in units]
        self.text = " ".join(self.words)
        self._offsets: list[int] | None = None
        self._tokens: list[int] | None = None
        self._clauses: dict[bool, tuple[list[int], list[int]]] = {}
        self._nearest: dict[tuple, list[int]] = {}
        self._matches: dict[re.Pattern, tuple[list[int], list[re.Match]]] = {}
        self._index: dict[int, int] | None = None

    @property
    def offsets(self) -> list[int]:
        """Where each unit's word starts in ``text`` (and one past the end)."""
        if self._offsets is None:
            offsets, at = [], 0
            for w in self.words:
                offsets.append(at)
                at += len(w) + 1
            offsets.append(at)  # one past the end of the text, as if a word followed
            self._offsets = offsets
        return self._offsets

    def span(self, lo: int, hi: int) -> tuple[int, int]:
        """Where ``joined(lo, hi)`` is in ``text``."""
        if hi <= lo:
            return self.offsets[lo], self.offsets[lo]
        return self.offsets[lo], self.offsets[hi] - 1

    def joined(self, lo: int, hi: int) -> str:
        """The words of units[lo:hi] joined by spaces (cost: their length)."""
        a, b = self.span(lo, hi)
        return self.text[a:b]

    def tail(self, lo: int, hi: int, chars: int) -> str:
        """The last ``chars`` characters of ``joined(lo, hi)`` (all of it if shorter): enough
        for a pattern anchored at the end that matches fewer characters."""
        a, b = self.span(lo, hi)
        return self.text[max(a, b - chars):b]

    def head(self, lo: int, hi: int, chars: int = 64, words: int = 8) -> str:
        """A prefix of ``joined(lo, hi)`` made of whole units' words: at least ``chars``
        characters and ``words`` words (all of it if shorter)."""
        if len(self.units) > SMALL:
            # the first k at which both the characters and the words suffice (both only
            # grow with k): found by bisection, not by adding up the words from lo on
            offsets, tokens = self.offsets, self.tokens
            k = max(bisect_left(offsets, offsets[lo] + chars, lo), bisect_left(tokens, tokens[lo] + words, lo))
            return self.joined(lo, min(k, hi))
        length = count = 0
        k = lo
        while k < hi and (length < chars or count < words):
            length += len(self.words[k]) + 1
            count += len(self.words[k].split())
            k += 1
        return self.joined(lo, k)

    @property
    def tokens(self) -> list[int]:
        """How many whitespace-separated words the units before each index hold (and all
        of them, at the end)."""
        if self._tokens is None:
            tokens, total = [0], 0
            for w in self.words:
                total += len(w.split())
                tokens.append(total)
            self._tokens = tokens
        return self._tokens

    def clauses(self, list_commas: bool) -> tuple[list[int], list[int]]:
        """For each unit, the start and the end of its clause (see :func:`clause_span`)."""
        found = self._clauses.get(list_commas)
        if found is None:
            units, n_units = self.units, len(self.units)
            ends = [_ends_clause(units, k, list_commas) for k in range(n_units)]
            starts, stops = [0] * n_units, [n_units] * n_units
            last = -1
            for k in range(n_units):
                starts[k] = last + 1
                if ends[k]:
                    last = k
            nxt = n_units
            for k in range(n_units - 1, -1, -1):
                stops[k] = nxt
                if ends[k]:
                    nxt = k
            found = self._clauses[list_commas] = (starts, stops)
        return found

    def before(self, test, k: int) -> int:
        """The index of the last unit before ``k`` for which ``test(units, index)`` holds, or
        -1. ``test`` is a module-level function: its answers are kept for the region."""
        units = self.units
        if len(units) <= SMALL:
            for j in range(k - 1, -1, -1):
                if test(units, j):
                    return j
            return -1
        return self._nearest_of(test, True)[k]

    def after(self, test, k: int) -> int:
        """The index of the first unit at ``k`` or after for which ``test(units, index)``
        holds, or ``len(units)``."""
        units = self.units
        if len(units) <= SMALL:
            for j in range(k, len(units)):
                if test(units, j):
                    return j
            return len(units)
        return self._nearest_of(test, False)[k] if k < len(units) else len(units)

    def _nearest_of(self, test, backward: bool) -> list[int]:
        key = (test, backward)
        found = self._nearest.get(key)
        if found is None:
            units, n_units = self.units, len(self.units)
            if backward:  # found[k]: last index < k
                found, last = [-1] * (n_units + 1), -1
                for k in range(n_units):
                    found[k] = last
                    if test(units, k):
                        last = k
                found[n_units] = last
            else:  # found[k]: first index >= k
                found, nxt = [n_units] * n_units, n_units
                for k in range(n_units - 1, -1, -1):
                    if test(units, k):
                        nxt = k
                    found[k] = nxt
            self._nearest[key] = found
        return found

    def finds(self, pattern: re.Pattern, lo: int, hi: int) -> re.Match | None:
        """The first match of ``pattern`` in ``joined(lo, hi)`` (its positions those of
        ``text``), found among the pattern's matches in the whole text, kept for the
        region. Only for patterns whose matches cannot overlap and that look at no
        character before their start (no lookbehind, no ``^``): then a match in the words
        of the range is a match in the text that lies inside the range, since the range is
        bounded by spaces or the text's ends."""
        if hi <= lo:
            return None
        a, b = self.span(lo, hi)
        m = self.first_at(pattern, a)
        # the matches are ordered and do not overlap: the first that starts in the range is
        # the only one that can end in it first
        return m if m is not None and m.end() <= b else None

    def first_at(self, pattern: re.Pattern, pos: int) -> re.Match | None:
        """The first of ``pattern``'s matches in ``text`` (found once for the region, by
        ``finditer``) that starts at ``pos`` or after."""
        found = self._matches.get(pattern)
        if found is None:
            matches = list(pattern.finditer(self.text))
            found = self._matches[pattern] = ([m.start() for m in matches], matches)
        starts, matches = found
        k = bisect_left(starts, pos)
        return matches[k] if k < len(matches) else None

    def head_without(self, pattern: re.Pattern, lo: int, hi: int, chars: int) -> str:
        """The first ``chars`` characters of ``joined(lo, hi)`` with every match of
        ``pattern`` in it removed (``re.sub(pattern, "", joined(lo, hi))[:chars]``; the
        pattern as :meth:`finds` needs it)."""
        a, b = self.span(lo, hi)
        if b <= a:
            return ""
        self.first_at(pattern, a)  # the pattern's matches, found once
        starts, matches = self._matches[pattern]
        k = bisect_left(starts, a)
        pieces, length, pos = [], 0, a
        while length < chars:
            if k < len(matches) and matches[k].end() <= b:
                piece = self.text[pos:matches[k].start()]
                pos = matches[k].end()
                k += 1
            else:
                piece = self.text[pos:min(b, pos + chars)]
                pos = b
            pieces.append(piece)
            length += len(piece)
            if pos >= b:
                break
        return "".join(pieces)[:chars]

    def search_all(self, pattern: re.Pattern) -> re.Match | None:
        """``pattern.search(text)``, searched once for the region."""
        key = ("all", pattern)
        if key not in self._nearest:
            self._nearest[key] = pattern.search(self.text)
        return self._nearest[key]

    def index_of(self, unit: n.Node) -> int | None:
        """The index of ``unit`` (the node itself) among the units, or None."""
        if self._index is None:
            self._index = {id(u): k for k, u in enumerate(self.units)}
        k = self._index.get(id(unit))
        return k if k is not None and self.units[k] is unit else None
