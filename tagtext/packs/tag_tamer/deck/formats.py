"""Tag Tamer deck files: the formats players already have, and card-id normalisation.

Recognised automatically, by content (never by file name):

- **Tabletop Simulator** (the Digimon Card App's "TTS" export): a JSON array of card ids,
  one per copy, after a first entry ``"Exported from https://digimoncard.app"``;
- **Untap** (the app's "UNTAP" export): lines ``COUNT NAME [DCG] (ID)``; ``(DCG)`` is read
  too, as other tools write it;
- **text** (the app's "TEXT" export and what its importer reads): lines ``ID NAME COUNT``
  (the export, under a ``// Digimon DeckList`` header), ``COUNT NAME ID`` or ``COUNT ID``;
  what players paste from deck sites: DigimonMeta's ``COUNT (ID)``, ``COUNT NAME (ID)``,
  ``NAME ID xCOUNT``. A count may be written ``4x`` or ``x4``; an id may be in brackets. Blank lines, ``//`` and ``#`` comments and headings
  (lines with no count at either end and no card id, such as ``Main Deck (50)``) are
  skipped; any other line is an error naming file:line.

Card ids are normalised as the app does (``formatId``: ``ST0`` -> ``ST``, an
alternative-art suffix ``_P1`` dropped), and upper-cased.

Where this comes from (the Digimon Card App, TakaOtaku/Digimon-Card-App, read in its
source):

- exports: ``src/app/features/shared/dialogs/export-deck-dialog.component.ts``
  (``setExportTypeText``: ``${id} ${name} ${count}`` after ``// Digimon DeckList``;
  ``setExportTypeTTS``: ``["Exported from https://digimoncard.app","BT1-010",...]``, one
  entry per copy, ids through ``formatId``; ``setExportTypeUNTAP``:
  ``${count} ${name} [DCG] (${id})``); the older
  ``src/app/components/dialogs/export-deck-dialog/export-deck-dialog.component.ts`` has
  the same TEXT and TTS shapes;
- import: ``src/app/functions/parse-deck.ts`` (``stringToDeck``: text lines first, then a
  TTS JSON array; a line's id is its last ``X-NN`` or ``X-NN_PN`` token, its count its
  last positive integer; ``findCardId`` turns ``ST01`` into ``ST1``);
- ids: ``src/app/functions/digimon-card.functions.ts`` (``formatId``: ``id.replace('ST0',
  'ST').split('_P')[0]``; ``compareIDs`` compares starter-deck numbers numerically).

Where tagtext is stricter than the app: the app takes a text line's *last* id-looking
token, so ``EX2-046 ADR-02 Searcher 4`` (its own export of ADR-02 Searcher) reads as card
``ADR-02``; here the id is the token at the other end from the count. The app skips lines
it cannot read; here a line with a count but no card id (``4 Agumon``) is an error, since
a dropped line would make the deck's size wrong.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from tagtext.deck import Deck, DeckEntry, DeckFileError
from tagtext.carddb import LongNumber, json_loads
from tagtext.deck.model import count_of, read_deck_text, shorten

#: A normalised card number: set code, dash, number (BT1-010, ST1-01, P-001, EX10-074).
CARD_ID = re.compile(r"^[A-Z]+[0-9]*-[0-9]+$")
#: A count: 4, 4x or x4 (× too).
COUNT = re.compile(r"^(?:([0-9]+)[xX×]?|[xX×]([0-9]+))$")
#: An Untap line: COUNT NAME [DCG] (ID), its spaces single (see _read_lines).
UNTAP_LINE = re.compile(r"^([0-9]+) (.+?) [\[(]DCG[\])] \( ?([^()\s]+) ?\)$", re.IGNORECASE)
#: A JSON string literal (to find the line of each entry of a TTS array).
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

TTS = "Tabletop Simulator"
UNTAP = "Untap"
TEXT = "Digimon Card App text"


def normalise_id(written: str) -> str | None:
    """The card number the app would look up for ``written``, or None if it isn't one.

    >>> normalise_id("ST01-01"), normalise_id("bt1-010_P1"), normalise_id("Agumon")
    ('ST1-01', 'BT1-010', None)
    """
    card = written.strip().upper().split("_P")[0].replace("ST0", "ST", 1)
    return card if CARD_ID.match(card) else None


def _hint(written: str) -> str:
    """What a token that is no card id may have meant: full-width digits or letters
    (``BT1-０１０``) typed with an input method."""
    plain = unicodedata.normalize("NFKC", written)
    card = normalise_id(plain) if plain != written else None
    return f" (full-width characters: write {card})" if card else ""


def read_deck(path: str | Path, label: str = "A") -> Deck:
    """Read one deck file (``"-"``: stdin), in whichever format it is in."""
    source = "<stdin>" if str(path) == "-" else str(path)
    text = read_deck_text(path, source)
    if text.lstrip().startswith("["):
        deck = _read_tts(text, source)
    else:
        deck = _read_lines(text, source)
    if not deck.entries:
        raise DeckFileError(source, f"no cards found (expected {TEXT}, {UNTAP} or {TTS} JSON)")
    deck.label = label
    return deck


def parse_deck(text: str, source: str = "<deck>", label: str = "A") -> Deck:
    """Read a deck held in a string (the same formats as :func:`read_deck`)."""
    deck = _read_tts(text, source) if text.lstrip().startswith("[") else _read_lines(text, source)
    if not deck.entries:
        raise DeckFileError(source, f"no cards found (expected {TEXT}, {UNTAP} or {TTS} JSON)")
    deck.label = label
    return deck




def _read_tts(text: str, source: str) -> Deck:
    try:
        doc = json_loads(text)
    except json.JSONDecodeError as e:
        raise DeckFileError(source, f"invalid JSON: {e.msg}", e.lineno, e.colno) from None
    except RecursionError:
        raise DeckFileError(source, "invalid JSON: arrays or objects nest too deeply", 1) from None
    if not isinstance(doc, list):
        raise DeckFileError(source, "expected a JSON array of card ids (Tabletop Simulator)", 1)
    deck = Deck(source, TTS)
    # The array holds only strings (checked below), so its n-th string literal is entry n;
    # its line is counted on from the one before (one pass over the text, however long).
    literals = _JSON_STRING.finditer(text)
    line, counted = 1, 0
    for index, entry in enumerate(doc):
        if not isinstance(entry, str):
            shown = repr(entry) if isinstance(entry, LongNumber) else json.dumps(entry)
            raise DeckFileError(source, f"entry {index + 1}: expected a card id, got {shown[:80]}",
                                _line_of_entry(text, doc, index))
        literal = next(literals, None)
        if literal is not None:
            line += text.count("\n", counted, literal.start())
            counted = literal.start()
        if index == 0 and entry.startswith("Exported from"):
            continue
        card = normalise_id(entry)
        if card is None:
            raise DeckFileError(source, f"entry {index + 1}: {entry!r} is not a card id", line)
        deck.entries.append(DeckEntry(card, 1, line, entry))
    return deck


def _line_of_entry(text: str, doc: list, index: int) -> int:
    """The line of a non-string entry: after the previous string entries (best effort)."""
    strings_before = sum(1 for e in doc[:index] if isinstance(e, str))
    literals = [m.end() for m in _JSON_STRING.finditer(text)]
    pos = literals[strings_before - 1] if strings_before and strings_before <= len(literals) else 0
    # skip to the next value: past the comma and whitespace
    rest = re.compile(r"\s*,?\s*").match(text, pos)
    return text.count("\n", 0, rest.end() if rest else pos) + 1


def _read_lines(text: str, source: str) -> Deck:
    deck = Deck(source, TEXT)
    untap = plain = 0
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = " ".join(raw.split())  # single spaces: no pattern can backtrack over a run of them
        if not line or line.startswith(("//", "#")):
            continue
        m = UNTAP_LINE.match(line)
        if m:
            count, written = count_of(m.group(1), source, lineno, line), m.group(3)
            untap += 1
        else:
            found = _card_line(line, source, lineno)
            if found is None:
                continue
            count, written = found
            plain += 1
        card = normalise_id(written)
        if card is None:
            raise DeckFileError(source, f"{written!r} is not a card id{_hint(written)} (in {shorten(line)!r})", lineno)
        if count < 1:
            raise DeckFileError(source, f"a count of {count} (in {shorten(line)!r})", lineno)
        deck.entries.append(DeckEntry(card, count, lineno, written))
    if untap and not plain:
        deck.format = UNTAP
    elif untap:
        deck.format = f"{TEXT} and {UNTAP}"
    return deck


def _card_line(line: str, source: str, lineno: int) -> tuple[int, str] | None:
    """(count, id as written) of a text line, None for a heading; an error otherwise.

    The count is at one end of the line; the id is the token at the other end (``COUNT
    NAME ID``, the app's ``ID NAME COUNT``: a name may hold an id-like word, "ADR-02
    Searcher") or the token next to the count (``NAME ID xCOUNT``: a count written ``x4``
    follows the id), whichever is an id, in that order."""
    tokens = line.split()
    first, last = (_count(t, source, lineno, line) for t in (tokens[0], tokens[-1]))
    if len(tokens) > 1 and (first is not None or last is not None):
        count, rest = (first, tokens[1:]) if first is not None else (last, tokens[:-1])
        far, near = (rest[-1], rest[0]) if first is not None else (rest[0], rest[-1])
        if first is None and tokens[-1][0] in "xX×":
            far, near = near, far
        return count, _bare(near if normalise_id(_bare(far)) is None and normalise_id(_bare(near)) else far)
    if any(normalise_id(_bare(t)) for t in tokens):
        raise DeckFileError(source, f"no count in {shorten(line)!r} (expected COUNT [NAME] ID or [NAME] ID COUNT)",
                            lineno)
    return None                                          # a heading: "Main Deck", "Digi-Egg (5)"


def _count(token: str, source: str, lineno: int, line: str) -> int | None:
    m = COUNT.match(token)
    return count_of(m.group(1) or m.group(2), source, lineno, line) if m else None


def _bare(token: str) -> str:
    """A token without the brackets around it: DigimonMeta's ``(BT22-002)``."""
    return token.strip("()[]")
