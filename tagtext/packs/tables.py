"""A base for packs that read their own card tables and read each text knowing its card.

Such a pack (Duel Masters, Build Divide) has a card-data module of its own (``card_data``:
``load(path)``, ``parse_bytes(data, source, fmt)``, ``shipped_bytes()``, ``write_back(data,
source, fmt, texts)``) and a parser module (``parser``: ``parse(text, source, parts)``,
``check_text(text)``, ``quirks(text)``). What the rules need to know of a card that its text
cannot show (its type, its name, its text's shape) are its *facts*, whatever the pack makes
them (:meth:`CardTablePack.facts_of`): remembered from every card table the pack reads, and
from the shipped one while it has read none, so that ``rewrite(text, card_id)`` reads a
text as its card's. A pack adds the cards no table holds (its own ``add_card``) through
:meth:`CardTablePack.add_known`.

The base knows no game: the modules, the facts and what a pack does with them are the
pack's. What it gives:

- ``parse`` by the parser; ``parts``: the whole text where a rule's trigger meets it, else
  nowhere, unless the text is one the grammar refuses (``parser.check_text``) or one the
  pack parses anyway (:meth:`CardTablePack.parse_anyway`): that is parsed, so that it is
  an error (or a warning) whether or not a rule would read it;
- :meth:`CardTablePack.quirk_notices`: the parser's quirks of a text as warnings
  (``text-quirk``, with the card and the line and column);
- the card data: ``load_database``, ``database_from_bytes`` (both remembering the cards),
  ``card_from_json_line`` (the line's card known until the next line is read),
  ``shipped_database``, ``write_back``, ``data_source`` (the package's ``data/SOURCE.md``),
  and the package's ``special-rulings.toml`` read once (:meth:`CardTablePack.packaged_rulings`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import threading
from types import ModuleType
from typing import ClassVar

from .. import rulings
from ..carddb import Database
from ..errors import ParseError, line_column
from ..result import Notice
from .base import Pack


class KnownCards:
    """Card id -> facts, shared by a pack and its copies (``with_notes``).

    The cards of every table read and every card added are in one dict, updated in place
    under a lock: a table's cards are added once, nothing is copied per card (a copy of the
    whole per addition made reading a database a line at a time quadratic). The card of the
    JSON line being converted (:meth:`CardTablePack.card_from_json_line`) is held apart, per
    thread, until the next line is read: a streamed conversion keeps no card it has done."""

    def __init__(self):
        self.facts: dict[str, object] = {}
        #: whether a JSON line was read as a card (a table read, as far as the shipped one goes)
        self.lines_read = False
        self._lock = threading.Lock()
        self._line = threading.local()

    def add(self, facts: dict[str, object]) -> None:
        """Make ``facts``' cards known (a table read, a card added); a line read before in this
        thread no longer stands over them."""
        with self._lock:
            self.facts.update(facts)
        self._line.facts = None

    def read_line(self, facts: dict[str, object]) -> None:
        """The facts of the card of the JSON line just read, known in this thread until the
        next line is read or a table is."""
        self.lines_read = True
        self._line.facts = facts

    def clear_line(self) -> None:
        """No JSON line's card is held in this thread any more (a line read that gave no
        facts: what was known of the line before it is let go)."""
        self._line.facts = None

    def get(self, card_id: str, default=None):
        """The facts of ``card_id``: the line's card, else a table's or an added card's."""
        line = getattr(self._line, "facts", None)
        if line and card_id in line:
            return line[card_id]
        return self.facts.get(card_id, default)


class CardTablePack(Pack):
    """A pack with a card-data module and a parser module of its own, which reads each text
    with its card's facts (see the module's docstring). A subclass sets ``card_data`` and
    ``parser`` and says what a card's facts are (:meth:`facts_of`)."""

    #: the pack's card-data module (load, parse_bytes, shipped_bytes, write_back)
    card_data: ClassVar[ModuleType]
    #: the pack's parser module (parse, check_text, quirks)
    parser: ClassVar[ModuleType]

    def __init__(self, notes: bool = True):
        #: whether the pack's notes are written (the engine's ``with_notes`` makes a copy
        #: with them off, sharing the cards it knows)
        self.notes = notes
        self._cards = KnownCards()

    # ------------------------------------------------------------------ text

    def parse(self, text: str, source: str | None = None, parts=None):
        """The card-text grammar's tree of ``text`` (the rules read whole abilities, so
        ``parts`` is never asked for: the whole text is parsed)."""
        return self.parser.parse(text, source, parts)

    def parts(self, text: str):
        """The whole text where a rule's trigger meets it; else nowhere, unless the text is
        one the grammar refuses (``parser.check_text``: a bracket left open, a number mixing
        widths …) or one the pack parses anyway (:meth:`parse_anyway`): that is parsed, so
        that it is an error whether or not a rule would read it."""
        from ..pipeline import may_apply
        if may_apply(self, text) or self.parse_anyway(text):
            return None
        try:
            self.parser.check_text(text)
        except ParseError:
            return None
        return ()

    def parse_anyway(self, text: str) -> bool:
        """Whether ``text`` is parsed though no rule's trigger meets it (for a warning the
        parse gives); none by default."""
        return False

    def quirk_notices(self, text: str, card_id: str | None) -> list[Notice]:
        """The parser's quirks of ``text`` (what the data has and the parser reads anyway), as
        warnings naming the card, the line and the column."""
        where = f"{card_id}: " if card_id else ""
        notices = []
        for pos, what in self.parser.quirks(text):
            line, column = line_column(text, pos)
            notices.append(Notice("text-quirk", f"{where}{line}:{column}: {what}", card=card_id))
        return notices

    def packaged_rulings(self) -> rulings.Table:
        """The special rulings shipped in the pack's package (``special-rulings.toml``), read once."""
        return _packaged_rulings(type(self).__module__)

    def data_source(self) -> str:
        from importlib import resources  # (on first use: it imports tempfile, shutil, ...)
        return resources.files(type(self).__module__).joinpath("data/SOURCE.md").read_text(encoding="utf-8")

    # ------------------------------------------------------------------ cards

    def facts_of(self, db: Database) -> dict[str, object]:
        """Card id -> facts, for every card of ``db``: the card's type by default."""
        return {card.id: card.card_type or None for card in db.cards}

    def known(self, card_id: str | None, default=None):
        """The facts of the card ``card_id``: from the card tables read so far and the cards
        added (:meth:`add_known`), or else the shipped table; ``default`` when not known."""
        if card_id is None:
            return default
        card_id = str(card_id)
        if not self._cards.facts and not self._cards.lines_read:
            self._remember(self.shipped_cards())
        return self._cards.get(card_id, default)

    def add_known(self, card_id: str, facts) -> None:
        """Make a card known that no table read holds (the facts the pack's ``add_card`` was given)."""
        if not self._cards.facts:
            self._remember(self.shipped_cards())
        self._cards.add({str(card_id): facts})

    def shipped_cards(self) -> Database:
        """The shipped card table, read once."""
        return _shipped(self.card_data)

    def _remember(self, db: Database) -> None:
        self._cards.add(self.facts_of(db))

    def shipped_database(self) -> bytes:
        """The shipped database file's bytes (gunzipped), as ``load_database(None)`` reads them."""
        return self.card_data.shipped_bytes()

    def database_from_bytes(self, data: bytes, source: str, fmt: str = "json") -> Database:
        db = self.card_data.parse_bytes(data, source, fmt)
        self._remember(db)
        return db

    def card_from_json_line(self, where: str, entry: object, problems: list):
        """One entry of a JSON-lines database as a card (read as a table of one entry), whose
        facts are known until the next line is read (:meth:`KnownCards.read_line`): the
        streamed conversion rewrites it before reading on, and keeps no card it has done."""
        db = self.card_data.parse_bytes(json.dumps([entry]).encode("utf-8"), where, "json")
        problems.extend(dataclasses.replace(p, where=where) for p in db.problems)
        if not db.cards:
            return None
        self._cards.read_line(self.facts_of(db))
        return db.cards[0]

    def load_database(self, path: str | None = None) -> Database:
        db = self.card_data.load(path)
        self._remember(db)
        return db

    def write_back(self, data: bytes, source: str, fmt: str, texts) -> str:
        """The card table ``data`` in its own shape, each changed text replaced (``tagtext
        convert --format database``)."""
        return self.card_data.write_back(data, source, fmt, texts)


@functools.lru_cache(maxsize=None)
def _shipped(card_data: ModuleType) -> Database:
    return card_data.load()


@functools.lru_cache(maxsize=None)
def _packaged_rulings(package: str) -> rulings.Table:
    return rulings.load_packaged(package, "special-rulings.toml")
