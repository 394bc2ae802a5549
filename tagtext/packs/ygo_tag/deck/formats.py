"""Yu-Gi-Oh! deck files: YDK and plain card-name lists, recognised by content.

- **YDK** (what YGOPro, EDOPro and most Yu-Gi-Oh! tools save and export): one password
  per line, one line per copy, under the section lines ``#main``, ``#extra`` and
  ``!side``; any other ``#`` line is a comment (``#created by ...``). A file is YDK when
  it has one of those section lines, or when every card line is a bare number. Passwords
  are read as numbers, so ``00027551`` and ``27551`` are the same card (EDOPro reads them
  with ``stoul``; the card database stores them as integers).
- **text**: a list of card names under ``Main Deck:``, ``Extra Deck:``, ``Side Deck:``
  headings (``Main``, ``Main Deck (40)``, with or without colon), one line per card:
  ``3 Card Name`` (EDOPro's "copy card names" export), ``3x Card Name`` or
  ``Card Name x3`` (the older EDOPro export). ``Monsters``/``Spells``/``Traps``
  sub-headings (with counts) are skipped; blank lines, ``#`` and ``//`` comments too.
  Lines before any heading belong to the Main Deck.

- **ydke links** (``ydke://...!...!...!``, how YGOPRODeck, EDOPro and Discord bots share a
  deck): the Main, Extra and Side Deck as base64 of little-endian 32-bit passwords, one
  per copy. A link may be given in place of a deck file, or be the file's content.

Any other line is an error naming file:line. Sections are kept apart
(:class:`YgoDeck`): the Main and Extra Deck entries are the deck's ``entries`` (what the
copy limits count), the Side Deck's are kept only to report that Side Decks are not used.

Where this comes from: EDOPro's ``gframe/deck_manager.cpp`` (edo9300/edopro:
``SaveDeck`` writes ``#created by NAME``, ``#main``, ``#extra``, ``!side``, one code a
line, and always writes the ``!side`` line, empty or not; ``LoadCardList`` treats any
``#`` line but ``#extra`` as a comment and any ``!`` line as the start of the Side Deck;
``ExportDeckCardNames`` writes ``Main Deck:``/``Extra Deck:``/``Side Deck:`` then
``COUNT NAME`` lines), the ydk-mode description of YDK (``#main``/``#extra``/``!side``
"magic comments", passcodes one per copy), and edo9300/edopro pull request #264 (the
older ``Effect Veiler x3`` export). YGOPRODeck's own text export was not found in any
source at hand: its ``3x Name`` / ``Name x3`` shapes are read as the forms above. ydke
links: ProjectIgnis/ydke.js (``parseURL``: ``ydke://`` then three ``!``-separated base64
parts, main, extra, side, each a little-endian ``Uint32Array`` of passcodes; ``toURL``
ends the link with ``!``).
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
from dataclasses import dataclass, field
from pathlib import Path

from tagtext.deck import Deck, DeckEntry, DeckFileError
from tagtext.deck.model import count_of, read_deck_text, shorten

YDK = "YDK"
YDKE = "ydke link"
TEXT = "text"
#: how a ydke link starts (YGOPRODeck, EDOPro, Dueling Book and Discord bots share decks so)
YDKE_SCHEME = "ydke://"

MAIN, EXTRA, SIDE = "Main Deck", "Extra Deck", "Side Deck"
#: a text list's section headings: "Main Deck:", "Extra (15)", "side deck"
HEADING = re.compile(r"^(main|extra|side)(?: deck)? ?(?:\( ?[0-9]+ ?\))? ?:?$", re.IGNORECASE)
#: sub-headings inside the Main Deck, skipped: "Monsters (12)", "Spell Cards:", "Traps"
SUB_HEADING = re.compile(r"^(?:monster|spell|trap)s?(?: cards?)? ?(?:\( ?[0-9]+ ?\))? ?:?$", re.IGNORECASE)
#: "3 Name", "3x Name", "3 x Name"
COUNT_FIRST = re.compile(r"^([0-9]+) ?[xX]? (\S.*)$")
#: "Name x3", "Name X 3"
COUNT_LAST = re.compile(r"^(.*\S) [xX] ?([0-9]+)$")
PASSWORD = re.compile(r"^[0-9]+$")
#: A password has 8 digits (Konami ids a few more); a longer run of digits is no card.
PASSWORD_DIGITS = 20


@dataclass
class YgoDeck(Deck):
    """One player's deck: ``entries`` holds the Main and Extra Deck (in file order);
    ``sections`` maps each entry's index in ``entries`` to its section; ``side`` holds
    the Side Deck entries (none are allowed)."""

    #: the section of each entry of ``entries``, by position
    sections: list[str] = field(default_factory=list)
    side: list[DeckEntry] = field(default_factory=list)
    #: whether the file had a side-section line at all (``!side``, ``Side Deck:``)
    side_heading: bool = False

    def add(self, section: str, entry: DeckEntry) -> None:
        if section == SIDE:
            self.side.append(entry)
        else:
            self.entries.append(entry)
            self.sections.append(section)

    def section(self, name: str) -> list[DeckEntry]:
        """The entries of the Main Deck, Extra Deck or Side Deck."""
        if name == SIDE:
            return list(self.side)
        return [e for e, s in zip(self.entries, self.sections) if s == name]

    def size(self, name: str) -> int:
        return sum(e.count for e in self.section(name))


def normalise_password(written: str) -> str | None:
    """A password as the card database keys it (no leading zeros), or None.

    >>> normalise_password("00027551"), normalise_password("89631139"), normalise_password("Kuriboh")
    ('27551', '89631139', None)
    """
    text = written.strip()
    if not PASSWORD.match(text) or len(text) > PASSWORD_DIGITS:
        return None
    return text.lstrip("0") or "0"


def read_deck(path: str | Path, label: str = "A") -> YgoDeck:
    """Read one deck file (``"-"``: stdin), YDK or text, whichever it is; a ``ydke://``
    link given in place of a file is read as the deck it encodes."""
    source = "<stdin>" if str(path) == "-" else str(path)
    if source.startswith(YDKE_SCHEME):
        return parse_deck(source, "ydke link", label)
    return parse_deck(read_deck_text(path, source), source, label)


def parse_deck(text: str, source: str = "<deck>", label: str = "A") -> YgoDeck:
    """Read a deck held in a string (the same formats as :func:`read_deck`)."""
    lines = text.splitlines()
    if text.strip().startswith(YDKE_SCHEME):
        deck = _read_ydke(text.strip(), source)
    elif _is_ydk(lines):
        deck = _read_ydk(lines, source)
    else:
        deck = _read_text_list(lines, source)
    if not deck.entries and not deck.side:
        raise DeckFileError(source, f"no cards found (expected {YDK}, a ydke:// link or a text list of card names)")
    deck.label = label
    return deck


def _is_ydk(lines: list[str]) -> bool:
    body = [line.strip() for line in lines if line.strip()]
    if any(line.lower() in ("#main", "#extra", "!side") for line in body):
        return True
    cards = [line for line in body if not line.startswith(("#", "!", "//"))]
    return bool(cards) and all(PASSWORD.match(line) for line in cards)


def _read_ydk(lines: list[str], source: str) -> YgoDeck:
    deck = YgoDeck(source, YDK)
    section = MAIN
    for lineno, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        low = line.lower()
        if low == "#main":
            section = MAIN
        elif low == "#extra":
            section = EXTRA
        elif line.startswith("!"):
            section, deck.side_heading = SIDE, True
        elif line.startswith("#"):
            continue                                    # "#created by ...", any other comment
        else:
            card = normalise_password(line)
            if card is None:
                raise DeckFileError(source, f"{shorten(line)!r} is not a card password (YDK: one password a line)",
                                    lineno)
            deck.add(section, DeckEntry(card, 1, lineno, line))
    return deck


def _read_ydke(link: str, source: str) -> YgoDeck:
    """A ``ydke://MAIN!EXTRA!SIDE!`` link: each part the base64 of the section's
    passwords as little-endian 32-bit numbers, one per copy."""
    deck = YgoDeck(source, YDKE)
    parts = link[len(YDKE_SCHEME):].split("!")
    if parts and parts[-1] == "":
        parts.pop()
    if len(parts) != 3 or any(ch.isspace() for ch in link):
        raise DeckFileError(source, "not a ydke:// link (expected ydke://MAIN!EXTRA!SIDE!)", 1)
    for section, part in zip((MAIN, EXTRA, SIDE), parts):
        try:
            raw = base64.b64decode(part, validate=True)
        except (binascii.Error, ValueError):
            raise DeckFileError(source, f"the {section} part of the ydke:// link is not base64", 1) from None
        if len(raw) % 4:
            raise DeckFileError(source, f"the {section} part of the ydke:// link is not a list of passwords "
                                f"({len(raw)} bytes, not a multiple of 4)", 1)
        for (password,) in struct.iter_unpack("<I", raw):
            deck.add(section, DeckEntry(str(password), 1, 1, str(password)))
    deck.side_heading = True
    return deck


def _read_text_list(lines: list[str], source: str) -> YgoDeck:
    deck = YgoDeck(source, TEXT)
    section = MAIN
    for lineno, raw in enumerate(lines, 1):
        line = " ".join(raw.split())  # single spaces: no pattern can backtrack over a run of them
        if not line or line.startswith(("#", "//")):
            continue
        heading = HEADING.match(line)
        if heading:
            section = {"main": MAIN, "extra": EXTRA, "side": SIDE}[heading.group(1).lower()]
            deck.side_heading |= section == SIDE
            continue
        if SUB_HEADING.match(line):
            continue
        # "Name x3" first: a name may start with a number ("7 Colored Fish x3")
        m = COUNT_LAST.match(line)
        if m:
            name, count = m.group(1), count_of(m.group(2), source, lineno, line)
        else:
            m = COUNT_FIRST.match(line)
            if not m:
                raise DeckFileError(source, f"no count in {shorten(line)!r} (expected '3 Card Name', '3x Card Name' "
                                    "or 'Card Name x3')", lineno)
            count, name = count_of(m.group(1), source, lineno, line), m.group(2)
        if count < 1:
            raise DeckFileError(source, f"a count of {count} (in {shorten(line)!r})", lineno)
        name = " ".join(name.split())
        deck.add(section, DeckEntry(normalise_password(name) or name, count, lineno, name))
    return deck

