"""A deck as a file gives it, and a team of decks.

Game-agnostic: a card is its normalised id (what the pack's reader made of the file's
text), and the engine only counts copies. What a card *is* (its name, whether it is a
Digi-Egg, how many copies it allows) is the pack's business.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import TagTextError


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


@dataclass(frozen=True)
class DeckEntry:
    """One line (or array entry) of a deck file: ``count`` copies of card ``card``."""

    #: the normalised card id (``ST1-01``, never ``ST01-01`` or ``ST1-01_P1``)
    card: str
    count: int
    #: the file's line it came from (1-based)
    line: int
    #: the id as written in the file, before normalisation
    written: str = ""


@dataclass
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
        out: dict[str, int] = {}
        for entry in self.entries:
            out[entry.card] = out.get(entry.card, 0) + entry.count
        return out

    def count(self, card: str) -> int:
        return self.counts().get(card, 0)

    def first_line(self, card: str) -> int | None:
        """The line a card first appears on."""
        return next((e.line for e in self.entries if e.card == card), None)


@dataclass
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


def read_deck_text(path: Path, source: str) -> str:
    """The text of a deck file, or a one-line :class:`DeckFileError` naming it (and the
    line of a byte that is not UTF-8)."""
    try:
        data = path.read_bytes()
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
    if sys.stdin is None:
        raise DeckFileError(source, "no stdin to read a deck from")
    return _decoded(sys.stdin.buffer.read(), source)


def _decoded(data: bytes, source: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise DeckFileError(source, f"not UTF-8 text (byte {e.start})", line) from None
