"""The Build Divide tag-battle rule pack (``--pack bd-tag``).

Build Divide TCG's official tag battle (タッグ戦, seed 002): two teams of two, one field and
one life zone per team. Card text is rewritten by section 901 of the official rules: a
played command or ability that refers to 相手 and targets no card picks one opponent
(「相手1人を選ぶ。その相手は…」), a continuous effect on 相手 applies to each opponent
(各相手), a continuous condition on 相手 holds if either opponent meets it (いずれかの相手);
notes 「※タッグ戦：…」 (several cards chosen from both opponents; the team's life) switch off
as a whole.

The pack holds its grammar (``grammar/bd.lark``, on the engine's shared terminals for
unspaced text), node kinds (``nodes.py``), parser, analysis (facts: abilities and their
kind, who each 相手 is), rules (``rules/``, one module per rule, registered in
``rules.PIPELINE``; the clarify-only ones in ``rules.CLARIFY``), card tables (``carddb.py``;
a fan list of a collaboration set is shipped as the example, ``data/``), coverage and the
deck check (``deck/``). Decisions beyond BD-NOTES: ``NOTES.md``.
"""

from __future__ import annotations

import functools
import threading

from ... import __version__, rulings
from ...carddb import Database
from ...errors import ParseError
from ...result import Notice
from ..base import Pack
from . import analysis, carddb
from .nodes import CardText
from .parser import check_text, quirks
from .parser import parse as _parse
from .rules import CLARIFY, PIPELINE
from .rules.common import NOTE_MARKER, Context


class BdTagPack(Pack):
    """Build Divide tag battle (タッグ戦), seed 002."""

    name = "bd-tag"
    #: shipped with tagtext, so tagtext's version
    version = __version__
    title = "ビルディバイド タッグ戦"
    game = "ビルディバイド -ブライト-"
    summary = ("2対2のチーム戦。フィールドと解決領域は1つ、ライフゾーンはチームで1つ。プレイするコマンドや能力が対象をとらずに"
               "「相手」を参照するなら相手1人を選び、永続能力の「相手」は各相手に及び、その条件はいずれかの相手が満たせばよい。")
    #: in the pack's language: the errata pages' footer shows it as it is
    copyright = "Aniplex / Yuhodo（同梱の例のカードリストはファンが入力したテキストで、公式の文面ではありません）"
    pipeline = PIPELINE
    rules = PIPELINE + CLARIFY
    text_fields = carddb.TEXT_FIELDS
    field_labels = carddb.FIELD_LABELS
    #: every residual is reported by a rule whose trigger the text meets
    residual_trigger = None
    shipped_name = "bd-collab-cards.json"
    database_help = ("a Build Divide card table: JSON or CSV with the header id,name,type,effect,ace,buster,shot,territory "
                     "(type unit/territory/command; ace, buster, shot yes/no; territory: its unopened side's name), or the "
                     "shipped fan list's shape (type unit/ace, subType [バスター]), maybe gzipped")
    #: no set codes: the errata pages group cards by name
    errata_grouping = "name"
    #: the notes 「※タッグ戦：…」 (BD-NOTES 12): ``with_notes(False)``, ``--no-notes``, switch
    #: them off as a whole
    note_marker = NOTE_MARKER
    language = "ja"

    def __init__(self, notes: bool = True):
        #: whether the notes 「※タッグ戦：…」 are written (the engine's ``with_notes`` makes a
        #: copy with them off, sharing the cards it knows)
        self.notes = notes
        self._cards = _KnownCards()

    # ------------------------------------------------------------------ text

    def parse(self, text: str, source: str | None = None, parts=None) -> CardText:
        """The card-text grammar's tree of ``text`` (the rules read whole abilities, so the
        whole text is parsed)."""
        return _parse(text, source, parts)

    def parts(self, text: str):
        """The whole text where a rule's trigger meets it; else nowhere, unless the text is
        one the grammar refuses (an opaque bracket left open, a number mixing widths): that
        is parsed, so that it is an error whether or not a rule would read it."""
        from ...pipeline import may_apply
        if may_apply(self, text):
            return None
        try:
            check_text(text)
        except ParseError:
            return None
        return ()

    def context(self, text: str, tree, card_id: str | None, protected) -> Context:
        """The passes' context: the facts of the text, read with the card's type (a
        command's unlabelled text is played, a unit's continuous)."""
        ctx = Context(text, card_id, protected, facts=analysis.analyse(tree, text, self.card_type(card_id)),
                      notes=self.notes)
        where = f"{card_id}: " if card_id else ""
        for pos, what in quirks(text):
            line = text.count("\n", 0, pos) + 1
            column = pos - (text.rfind("\n", 0, pos) + 1) + 1
            ctx.warnings.append(Notice("text-quirk", f"{where}{line}:{column}: {what}", card=card_id))
        return ctx

    def rulings(self) -> rulings.Table:
        """The special rulings (none yet: the seed names no card; the table is there for a
        maintainer's own, ``--rulings``)."""
        return _table()

    def data_source(self) -> str:
        from importlib import resources
        return resources.files(__name__).joinpath("data/SOURCE.md").read_text(encoding="utf-8")

    # ------------------------------------------------------------------ cards

    def card_type(self, card_id: str | None) -> str | None:
        """The card's type (unit, unit/ace, territory, command …) from the card tables read
        so far and the cards added (:meth:`add_card`), or else the shipped list; None when
        not known (a pasted text: read as a command's, BD-NOTES 6 and NOTES.md)."""
        if card_id is None:
            return None
        if not self._cards.types:
            self._remember(_shipped())
        return self._cards.types.get(str(card_id))

    def add_card(self, card_id: str, card_type: str | None) -> None:
        """Make a card known that no table read holds, so that ``rewrite(text, card_id)``
        reads its text as that card's: ``card_type`` "command" (unlabelled text is played)
        or "unit"/"territory" (unlabelled text with no trigger is continuous)."""
        if not self._cards.types:
            self._remember(_shipped())
        self._cards.add({str(card_id): card_type})

    def _remember(self, db: Database) -> None:
        self._cards.add({card.id: card.card_type or None for card in db.cards})

    def shipped_database(self) -> bytes:
        """The shipped database file's bytes, as ``load_database(None)`` reads them."""
        return carddb.shipped_bytes()

    def database_from_bytes(self, data: bytes, source: str, fmt: str = "json") -> Database:
        db = carddb.parse_bytes(data, source, fmt)
        self._remember(db)
        return db

    def load_database(self, path: str | None = None) -> Database:
        db = carddb.load(path)
        self._remember(db)
        return db

    def write_back(self, data: bytes, source: str, fmt: str, texts) -> str:
        """The card table ``data`` in its own shape, each changed text replaced
        (``tagtext convert --format database``)."""
        return carddb.write_back(data, source, fmt, texts)

    def deck_rules(self):
        """The tag battle's deck rules (``tagtext deck check --pack bd-tag [--variant two-limit]``)."""
        from . import deck
        return deck

    def coverage(self, database: Database):
        """How much of ``database`` the grammar and the rules account for (``tagtext coverage``)."""
        from .coverage import coverage
        return coverage(self, database)


class _KnownCards:
    """Card id -> card type, shared by a pack and its copies (``with_notes``); replaced whole
    on each addition, so a reader never sees it half updated."""

    def __init__(self):
        self.types: dict[str, str | None] = {}
        self._lock = threading.Lock()

    def add(self, types: dict[str, str | None]) -> None:
        with self._lock:
            self.types = {**self.types, **types}


@functools.lru_cache(maxsize=1)
def _shipped() -> Database:
    return carddb.load()


@functools.lru_cache(maxsize=1)
def _table() -> rulings.Table:
    return rulings.load_packaged(__name__, "special-rulings.toml")


PACK = BdTagPack()
