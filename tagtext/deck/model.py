"""A deck as a file gives it, and a team of decks.

Game-agnostic: a card is its normalised id (what the pack's reader made of the file's
text), and the engine only counts copies. What a card *is* (its name, whether it is a
Digi-Egg, how many copies it allows) is the pack's business.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path

from ..errors import TagTextError
from ..reading import InputError, not_utf8, read_limited
from ..records import record


class DeckFileError(TagTextError):
    """A deck file that cannot be read: one line naming the file (and line)."""

    def __init__(self, source: str, message: str, line: int | None = None, column: int | None = None):
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        where = source
        if line is not None:
            where += f":{line}" + (f":{column}" if column is not None else "")
        super().__init__(f"{where}: {message}")


@record(frozen=True)
class DeckEntry:
    """One line (or array entry) of a deck file: ``count`` copies of card ``card``."""

    #: the normalised card id (``ST1-01``, never ``ST01-01`` or ``ST1-01_P1``)
    card: str
    count: int
    #: the file's line it came from (1-based)
    line: int
    #: the id as written in the file, before normalisation
    written: str = ""


@record
class Deck:
    """One player's deck: its entries in file order, and where they came from."""

    #: the file it was read from (as given on the command line)
    source: str
    #: the format the file was recognised as ("text", "tts", "untap", ...)
    format: str
    entries: list[DeckEntry] = field(default_factory=list)
    #: the deck's label in a team ("A", "B")
    label: str = "A"

    def counts(self) -> dict[str, int]:
        """Card id -> copies, in the order each card first appears."""
        return dict(self._tally()[0])

    def count(self, card: str) -> int:
        return self._tally()[0].get(card, 0)

    def first_line(self, card: str) -> int | None:
        """The line a card first appears on."""
        return self._tally()[1].get(card)

    def _tally(self) -> tuple[dict[str, int], dict[str, int]]:
        """(copies, first line) of each card, worked out once for the entries as they are
        (readers only ever append entries, so their number says whether it is current):
        a rule asking about every card of a large deck costs one pass, not one per card."""
        cached = self.__dict__.get("_tallied")
        if cached is not None and cached[0] == len(self.entries):
            return cached[1]
        counts: dict[str, int] = {}
        first: dict[str, int] = {}
        for entry in self.entries:
            counts[entry.card] = counts.get(entry.card, 0) + entry.count
            first.setdefault(entry.card, entry.line)
        self.__dict__["_tallied"] = (len(self.entries), (counts, first))
        return counts, first


@record
class Team:
    """The decks checked together (one deck alone is a team of one)."""

    decks: tuple[Deck, ...]

    def __post_init__(self):
        labels = [d.label for d in self.decks]
        if len(set(labels)) != len(labels):
            raise ValueError(f"deck labels must differ, got {labels}")
        self._counts = {d.label: d.counts() for d in self.decks}

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(d.label for d in self.decks)

    def cards(self) -> list[str]:
        """Every card id in the team, in order of first appearance (deck A first)."""
        seen: dict[str, None] = {}
        for deck in self.decks:
            for card in self._counts[deck.label]:
                seen.setdefault(card, None)
        return list(seen)

    def counts(self, card: str) -> dict[str, int]:
        """Deck label -> copies of ``card`` (every deck, 0 where absent)."""
        return {label: self._counts[label].get(card, 0) for label in self.labels}

    def total(self, card: str) -> int:
        return sum(self.counts(card).values())


#: The most bytes read from a deck file (decks are a few KB; this bounds an endless one).
MAX_DECK_FILE = 64 << 20
#: A count has at most this many digits (a deck holds no billion copies of a card).
COUNT_DIGITS = 9


def read_deck_text(path: Path | str, source: str) -> str:
    """The text of a deck file (``"-"``: stdin), or a one-line :class:`DeckFileError`
    naming it (and the line of a byte that is not UTF-8)."""
    try:
        data = read_limited(path, MAX_DECK_FILE)
    except InputError as e:
        raise DeckFileError(source, str(e)) from None
    except FileNotFoundError:
        raise DeckFileError(source, "no such file") from None
    except IsADirectoryError:
        raise DeckFileError(source, "is a directory, not a deck file") from None
    except PermissionError:
        raise DeckFileError(source, "permission denied") from None
    except OSError as e:
        raise DeckFileError(source, f"cannot read ({e.strerror or e})") from None
    return _decoded(data, source)


def read_deck_stdin(source: str = "<stdin>") -> str:
    """A deck pasted or piped on stdin (``tagtext deck check -``), read as
    :func:`read_deck_text` reads a file."""
    return read_deck_text("-", source)


def _decoded(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line, what = not_utf8(data, e)
        raise DeckFileError(source, what, line) from None


def count_of(digits: str, source: str, line: int, context: str) -> int:
    """A count as written (ASCII digits), or a :class:`DeckFileError` for one too long
    to be a count (``context``: the line, for the message)."""
    if len(digits) > COUNT_DIGITS:
        raise DeckFileError(source, f"a count of {len(digits)} digits is not a count (in {shorten(context)!r})", line)
    return int(digits)


def shorten(text: str, width: int = 80) -> str:
    """A deck line for a message: cut in the middle when longer than ``width``."""
    return text if len(text) <= width else text[: width // 2] + "…" + text[-(width // 2 - 1):]
