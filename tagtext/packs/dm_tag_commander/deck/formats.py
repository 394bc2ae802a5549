"""Tag Commander deck lists as players write them.

One card a line, in any of the ways Duel Masters players write a list (widths folded 1:1,
so ４ and 4, ｘ and x are the same):

    4 《ボルシャック・ドラゴン》      count, then the name (in 《》 or not)
    4x ボルシャック・ドラゴン         count with x or ×
    x4 《ボルシャック・ドラゴン》     x before the count
    ボルシャック・ドラゴン x1         the name, then x/× and the count
    《ボルシャック・ドラゴン》 1枚     the name, then the count in 枚
    ボルシャック・ドラゴン            a name alone: one copy

The commander (統率者) is named on a line of its own, ``統率者: 《"罰怒"ブランド》`` (or
``統率者：``, ``Commander:``, ``統率者 《…》``, ``【統率者】《…》``, with a count of 1 or none), or under a heading line ``統率者``
/ ``【統率者】`` / ``[Commander]``, whose card lines are the commander until the next
heading. Other headings (``メインデッキ``, ``【デッキ】``, ``Main Deck:``, any line ending
with a colon) and comments (``#``, ``//``) are skipped; so are blank lines.

A card is kept as the key its name is compared by (widths folded, spaces and quote marks
removed, half-width katakana read as full-width, a twinpact's 「A/B」 one name: DM-NOTES
deck check 2); the deck check finds the card in the database by that key (or by one side of
a twinpact). A line that names no card ("4", "x2", "《》"), an unclosed 《, words around a
《name》 that are not its count ("4 《A》 SR": they would become part of the name), a count
of 0 and a second commander are errors: one line naming file:line.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from tagtext.deck import Deck, DeckEntry, DeckFileError
from tagtext.deck.model import count_of, read_deck_text, shorten

from ..analysis.text import fold

#: the format name a report gives a deck read here
FORMAT = "list"
#: a count written in the file is at most this (a typo like 40000 is an error, not a deck)
MAX_COUNT = 999

_WIDTH = str.maketrans("ｘＸ×／　", "xxx/ ")
_QUOTES = re.compile(r"[\"'‘’“”＂＇]")
_SPACES = re.compile(r"[\s\u3000]+")

_COMMANDER_WORD = r"(?:統率者|コマンダー|commander)"
#: ``統率者: name`` on one line (or ``統率者 《name》``, ``【統率者】《name》``: the name in brackets)
_COMMANDER_LINE = re.compile(rf"^\s*[【\[(]?\s*{_COMMANDER_WORD}\s*[】\])]?\s*(?:[:：]\s*|(?=《|<<))(?P<rest>\S.*)$",
                             re.I)
#: a heading line: 【…】, […], or words ending with a colon, or a known section word alone
_HEADING = re.compile(r"^\s*(?:【[^】]*】|\[[^\]]*\]|[^《》<>]*[:：])\s*$")
_SECTION_WORDS = re.compile(rf"^\s*(?:{_COMMANDER_WORD}|メインデッキ|デッキ|main\s*deck|main|deck|超次元ゾーン"
                            rf"|GRゾーン|サイドボード|side\s*deck)\s*$", re.I)
_IS_COMMANDER_HEADING = re.compile(_COMMANDER_WORD, re.I)

_COUNT_FIRST = re.compile(r"^(?:x\s*)?(?P<n>\d+)(?:\s*(?:x|枚)\s*|\s+|(?=《|<<)|$)(?P<name>.*)$")
_COUNT_LAST = re.compile(r"^(?P<name>.*?)\s*(?:x\s*(?P<n>\d+)|(?P<m>\d+)\s*枚)$")


@dataclass
class DmDeck(Deck):
    """One player's Tag Commander deck: its main entries and its commander (the line that
    names it, or None when the list names none)."""

    commander: DeckEntry | None = None
    #: card key -> the name as first written (for messages)
    written: dict[str, str] = field(default_factory=dict)

    def all_entries(self) -> list[DeckEntry]:
        """The commander first, then the main entries: the 60 (DTB 40) cards."""
        return ([self.commander] if self.commander is not None else []) + list(self.entries)

    def size(self) -> int:
        return sum(e.count for e in self.all_entries())


def name_key(name: str) -> str:
    """The key two names are compared by: widths folded (half-width katakana too: ﾎﾞﾙｼｬｯｸ
    is ボルシャック), spaces and quote marks removed, a slash written one way (DM-NOTES deck
    check 2)."""
    folded = unicodedata.normalize("NFKC", fold(name).translate(_WIDTH))
    return _SPACES.sub("", _QUOTES.sub("", folded))


def read_deck(path: str | Path, label: str = "A") -> DmDeck:
    source = str(path)
    return parse_deck(read_deck_text(Path(path), source), source, label)


def parse_deck(text: str, source: str = "<deck>", label: str = "A") -> DmDeck:
    deck = DmDeck(source, FORMAT, label=label)
    in_commander = False
    commander_line = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//", "＃")):
            continue
        m = _COMMANDER_LINE.match(line)
        if m is not None:
            commander_line = _set_commander(deck, _entry(m.group("rest"), source, lineno), commander_line, source)
            in_commander = False
            continue
        if _HEADING.match(line) or _SECTION_WORDS.match(line):
            in_commander = bool(_IS_COMMANDER_HEADING.search(line))
            continue
        entry = _entry(line, source, lineno)
        deck.written.setdefault(entry.card, entry.written)
        if in_commander:
            commander_line = _set_commander(deck, entry, commander_line, source)
        else:
            deck.entries.append(entry)
    if not deck.entries and deck.commander is None:
        raise DeckFileError(source, "no card in this deck list (one card a line: '1 《name》', 'name x1' or a name)")
    return deck


def _set_commander(deck: DmDeck, entry: DeckEntry, before: int | None, source: str) -> int:
    if before is not None:
        raise DeckFileError(source, f"a second commander (the first is on line {before}); a deck has one",
                            entry.line)
    if entry.count != 1:
        raise DeckFileError(source, f"the commander is one card, not {entry.count}", entry.line)
    deck.commander = entry
    deck.written.setdefault(entry.card, entry.written)
    return entry.line


def _entry(line: str, source: str, lineno: int) -> DeckEntry:
    text = fold(line).translate(_WIDTH).strip()
    count = 1
    m = _COUNT_FIRST.match(text)
    if m is not None and m.group("name").strip():
        count, text = count_of(m.group("n"), source, lineno, line), m.group("name")
    else:
        m = _COUNT_LAST.match(text)
        if m is not None and m.group("name").strip():
            count, text = count_of(m.group("n") or m.group("m"), source, lineno, line), m.group("name")
        elif m is not None or (_COUNT_FIRST.match(text) is not None):
            raise DeckFileError(source, f"{shorten(line)!r} names no card (one card a line: '1 《name》', 'name x1' "
                                        f"or a name)", lineno)
    name = _name(text.strip(), line, source, lineno)
    if count == 0:
        raise DeckFileError(source, f"{shorten(line)!r}: a count of 0 (leave the line out)", lineno)
    if count > MAX_COUNT:
        raise DeckFileError(source, f"{shorten(line)!r}: a count of {count} is no deck's", lineno)
    return DeckEntry(name_key(name), count, lineno, name)


def _name(text: str, line: str, source: str, lineno: int) -> str:
    """The card name of a line's name part: inside 《》 (or <<>>) if it has them."""
    opened = text.count("《") + text.count("<<")
    closed = text.count("》") + text.count(">>")
    if opened != closed:
        raise DeckFileError(source, f"{shorten(line)!r}: a 《 without its 》" if opened > closed else
                            f"{shorten(line)!r}: a 》 without its 《", lineno)
    m = re.fullmatch(r"(?:《|<<)(?P<name>(?:(?!《|》|<<|>>).)*)(?:》|>>)\s*", text)
    if m is None and opened:
        # '4 《A》 SR', 'Ｘ 《A》': words around a name that are no count would become part of the name
        raise DeckFileError(source, f"{shorten(line)!r}: words around 《name》 that are not its count (one card a "
                                    f"line: '1 《name》', 'name x1' or a name)", lineno)
    name = m.group("name") if m is not None else text
    if not name_key(name):
        raise DeckFileError(source, f"{shorten(line)!r} names no card (one card a line: '1 《name》', 'name x1' or a "
                                    f"name)", lineno)
    return name.strip()
