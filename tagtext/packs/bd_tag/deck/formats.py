"""Build Divide deck lists as players write them (``tagtext deck check --pack bd-tag``).

One card a line: ``4 松田里奈``, ``4x 松田里奈``, ``松田里奈 x4`` (also ×4, *4), ``松田里奈 4枚``,
or a name alone (one copy). Headings start sections: ``メインデッキ`` (the default) and
``Dデッキ`` (the D deck), alone on their line, with or without brackets (【】, [], ［］) or a
colon. Two lines name what is not in the deck: ``テリトリー: NAME`` (``territory:``, the
territory outside the deck, 401-1) and ``エース: NAME`` (``ace:``, Two-Limit's chosen ace,
402-1a). ``#`` and ``//`` start comments. A card is known by its name (widths and spaces
ignored, 《》 and 『』 around it dropped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tagtext.deck import Deck, DeckEntry, DeckFileError
from tagtext.deck.model import count_of, read_deck_text
from tagtext.syntax.unspaced import fold

FORMAT = "Build Divide deck list"

_HEADING = re.compile(r"^[\[［【]?\s*(?:(?P<main>メイン(?:デッキ)?|main(?:\s*deck)?)|(?P<d>[DＤ]\s*デッキ|d\s*deck))"
                      r"\s*[\]］】]?\s*[:：]?\s*$", re.IGNORECASE)
_NAMED = re.compile(r"^(?P<what>テリトリー|territory|エース|ace)\s*[:：]\s*(?P<name>.+)$", re.IGNORECASE)
_COUNT_FIRST = re.compile(r"^(?P<n>[0-9]+)\s*[xX×*]?\s+(?P<name>.+)$")
_COUNT_LAST = re.compile(r"^(?P<name>.+?)\s*(?:[xX×*]\s*(?P<n>[0-9]+)|\s(?P<m>[0-9]+)\s*枚)$")
_SPACES = re.compile(r"[ \t\u3000]+")


def name_key(name: str) -> str:
    """How a card is known: its name with widths folded, spaces removed, and 《》/『』 around
    it dropped."""
    name = name.strip()
    if len(name) > 1 and (name[0], name[-1]) in (("《", "》"), ("『", "』")):
        name = name[1:-1]
    return _SPACES.sub("", fold(name)).translate(_FULL_LATIN)


_FULL_LATIN = str.maketrans({chr(c): chr(c - 0xFEE0) for c in range(0xFF21, 0xFF5B)})


@dataclass
class Named:
    """A card the list names outside the deck (the territory, the ace): as written, its key, its line."""

    written: str
    key: str
    line: int


@dataclass
class BdDeck(Deck):
    """One player's deck: the main deck (``entries``), the D deck, the territory and the ace."""

    d_deck: list[DeckEntry] = field(default_factory=list)
    territory: Named | None = None
    ace: Named | None = None

    def main_size(self) -> int:
        return sum(e.count for e in self.entries)

    def d_size(self) -> int:
        return sum(e.count for e in self.d_deck)

    def copies(self) -> dict[str, int]:
        """Name key -> copies in the main deck and the D deck together (402: 「D デッキを含む」)."""
        out: dict[str, int] = {}
        for entry in (*self.entries, *self.d_deck):
            out[entry.card] = out.get(entry.card, 0) + entry.count
        return out

    def written(self, key: str) -> str:
        return next((e.written for e in (*self.entries, *self.d_deck) if e.card == key), key)


def read_deck(path: str | Path, label: str = "A") -> BdDeck:
    source = str(path)
    return parse_deck(read_deck_text(path, source), source, label)


def parse_deck(text: str, source: str, label: str = "A") -> BdDeck:
    """A deck list held in a string (see the module docstring); a line that is none of its
    forms, or a list that names no card at all (an empty file), is a one-line
    :class:`DeckFileError` naming file:line."""
    deck = BdDeck(source, FORMAT, label=label)
    section = deck.entries
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = _SPACES.sub(" ", raw.split("#", 1)[0].split("//", 1)[0]).strip()
        if not line:
            continue
        heading = _HEADING.match(line)
        if heading is not None:
            section = deck.d_deck if heading.group("d") else deck.entries
            continue
        named = _NAMED.match(line)
        if named is not None:
            what = "territory" if named.group("what").lower() in ("テリトリー", "territory") else "ace"
            if getattr(deck, what) is not None:
                raise DeckFileError(source, f"a second {what} line (the first is on line {getattr(deck, what).line})",
                                    lineno)
            setattr(deck, what, Named(named.group("name").strip(), name_key(named.group("name")), lineno))
            continue
        count, name = _entry(line, source, lineno)
        if count == 0:
            continue
        section.append(DeckEntry(name_key(name), count, lineno, name))
    if not (deck.entries or deck.d_deck or deck.territory or deck.ace):
        raise DeckFileError(source, f"no cards found (expected a {FORMAT}: one card a line, '4 NAME', 'NAME x4' "
                                    f"or a name)")
    return deck


def _entry(line: str, source: str, lineno: int) -> tuple[int, str]:
    m = _COUNT_FIRST.match(line)
    if m is not None:
        return count_of(m.group("n"), source, lineno, line), m.group("name").strip()
    m = _COUNT_LAST.match(line)
    if m is not None:
        return count_of(m.group("n") or m.group("m"), source, lineno, line), m.group("name").strip()
    if re.fullmatch(r"[0-9]+", line):
        raise DeckFileError(source, f"a count with no card name: {line!r}", lineno)
    return 1, line
