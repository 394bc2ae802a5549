"""What a rule pack is: everything one tag format needs, behind one contract.

The engine (the syntax kit, the tree, edits, the pipeline runner, batch conversion, diff,
errata, deck checks) is game-agnostic and reaches a format only through a :class:`Pack`,
as sqlglot reaches a SQL dialect only through its ``Dialect`` class. A pack is a package
(``tagtext/packs/<name>/`` for the shipped ones, or a distribution of its own) holding
its grammar, its analysis (facts about the text), its rules (one module each), its
special rulings and its card data, and exposing one ``PACK`` object, an instance of a
:class:`Pack` subclass. It is found through the entry-point group ``tagtext.packs``
(:mod:`tagtext.packs`): a pack installed as its own distribution works with no engine
edit, and the shipped packs register the same way.

Every name the engine reads off a pack is declared here, and ``tests/test_pack_contract.py``
checks every installed pack against it (and that the engine reads nothing else).
Registering a rule is one line in the pack's ``PIPELINE``: the triggers, the rule
registry, the errata "Rules" page and the README's table are all derived from it.
"""

from __future__ import annotations

import abc
import copy
from typing import TYPE_CHECKING, Callable, ClassVar, Mapping, Sequence

from ..errors import TagTextError
from ..records import record

if TYPE_CHECKING:  # pragma: no cover
    from ..carddb import Card, Database
    from ..errata.catalog import PackWords
    from ..pipeline import Context
    from ..result import RewriteResult
    from ..rulings import Table
    from ..syntax.nodes import Document


@record(frozen=True)
class Rule:
    """One format rule, as the pipeline runs it and as the errata pages explain it."""

    #: stable id, used in every edit and residual ("count-doubling")
    id: str
    #: short title for people ("Counts over shared areas double")
    title: str
    #: the rule as the format's manual states it
    statement: str
    #: how the pack applies it, in a sentence or two
    practice: str
    #: the pass: ``(tree, context) -> tree``; None for a rule that changes no text (a
    #: ruling listed for the errata page only)
    apply: Callable | None = None
    #: a necessary condition over the lowercased text for the pass to act; None: always run
    trigger: Callable[[str], object] | None = None
    #: one real example, (printed, rewritten), shown on the errata "Rules" page
    example: tuple[str, str] | None = None


class Pack(abc.ABC):
    """The contract every rule pack fulfils. Subclass it, set the attributes, implement
    the abstract methods; the hooks with a body may be overridden.

    The attributes are class attributes of the subclass (checked by the contract test):

    - ``name``: what users type (``--pack tag-tamer``); the entry point's name
    - ``version``: the pack's version, recorded in every conversion it makes
    - ``title``: the format's name for people ("Tag Tamer")
    - ``game``: the game it is a format of ("Digimon Card Game (2020)")
    - ``summary``: what the format changes, in one sentence (the errata pages' intro)
    - ``copyright``: whose printed card text it is (the errata pages' footer)
    - ``pipeline``: the rules, in the order they run
    - ``rules``: every rule an edit or residual may name (the pipeline and, say, the
      special rulings' "override"), for the errata pages
    - ``text_fields``: a card's text fields, in the order outputs list them
    - ``field_labels``: each text field's label for people ("Inherited effect")
    - ``residual_trigger``: a necessary condition, over the lowercased text, for a
      residual to be reported where no rule's trigger is met (None: there is none)
    - ``shipped_name``: the shipped database's file name, as its makers call it
    - ``database_help``: one sentence: which card database files the pack reads (the
      commands' ``--help``)
    - ``note_marker``: what each of the pack's notes starts with (「※DTC：」): a note is a
      line of the format's own after an ability, the printed text left as it is
      (:mod:`tagtext.notes`); None (the default) for a pack that writes none
    - ``language``: the language of the card text the pack reads and writes, a BCP 47 tag
      ("en", "ja"): the errata pages' language (``<html lang>``, fonts, the site's words)
    """

    name: ClassVar[str]
    version: ClassVar[str]
    title: ClassVar[str]
    game: ClassVar[str]
    summary: ClassVar[str]
    copyright: ClassVar[str]
    pipeline: ClassVar[tuple[Rule, ...]]
    rules: ClassVar[tuple[Rule, ...]]
    text_fields: ClassVar[tuple[str, ...]]
    field_labels: ClassVar[Mapping[str, str]]
    residual_trigger: ClassVar[Callable[[str], object] | None] = None
    shipped_name: ClassVar[str]
    database_help: ClassVar[str]
    note_marker: ClassVar[str | None] = None
    language: ClassVar[str] = "en"
    #: whether the pack's notes are written (:meth:`with_notes`); the pack's context reads it
    notes: bool = True

    #: every attribute above, for the contract test
    ATTRIBUTES: ClassVar[tuple[str, ...]] = (
        "name", "version", "title", "game", "summary", "copyright", "pipeline", "rules", "text_fields",
        "field_labels", "residual_trigger", "shipped_name", "database_help", "errata_grouping", "card_site",
        "note_marker", "language", "notes",
    )

    def __repr__(self) -> str:
        return f"<pack {self.name} {self.version}>"

    # ------------------------------------------------------------------------- text

    @abc.abstractmethod
    def parse(self, text: str, source: str | None = None,
              parts: Sequence[tuple[int, int]] | None = None) -> "Document":
        """The pack grammar's syntax tree of ``text`` (with ``parts``, of those spans only,
        the rest kept as ``Unparsed`` leaves: ``tagtext.syntax.grammar.Grammar.parse``);
        raises :class:`tagtext.errors.ParseError`."""

    def parts(self, text: str) -> Sequence[tuple[int, int]] | None:
        """Where in ``text`` a rule could act: the spans to parse (in order), ``()`` for
        nowhere (the text is returned as printed), None for the whole text.

        The hook "parse only the parts a trigger touches". This default parses a text
        whole when any rule's trigger (or the residual trigger) meets it; a pack whose
        rules act within an effect or a sentence returns those that a trigger meets."""
        from ..pipeline import may_apply
        return None if may_apply(self, text) else ()

    @abc.abstractmethod
    def context(self, text: str, tree: "Document", card_id: str | None,
                protected: tuple[tuple[int, int], ...]) -> "Context":
        """The context the passes read: a :class:`tagtext.pipeline.Context` (of a subclass
        with the pack's facts), given the spans special rulings protect."""

    def rewrite(self, text: str, card_id: str | None = None, field: str | None = None,
                source: str | None = None) -> "RewriteResult":
        """One text in the format: the engine's runner, :func:`tagtext.pipeline.rewrite`
        (the same for every pack; a pack changes what it does through the hooks above)."""
        from ..pipeline import rewrite
        return rewrite(self, text, card_id, field, source)

    def with_notes(self, notes: bool) -> "Pack":
        """This pack with its notes (see ``note_marker``) on or off as a whole, everything
        else shared: off, no rule writes a note and every rewrite and residual stays as it
        is (``--no-notes``). A pack that writes no notes refuses to switch them off
        (:class:`NoNotes`, one line)."""
        if self.note_marker is None:
            if notes:
                return self
            raise NoNotes(f"the {self.name} pack writes no notes, so there are none to leave out: "
                          f"drop --no-notes")
        other = copy.copy(self)
        other.notes = notes
        return other

    @abc.abstractmethod
    def rulings(self) -> "Table":
        """The pack's special-ruling table (``tagtext.rulings.load_packaged``)."""

    # ------------------------------------------------------------------------- card data

    @abc.abstractmethod
    def load_database(self, path: str | None = None) -> "Database":
        """A card database file (None: the one the pack ships)."""

    @abc.abstractmethod
    def database_from_bytes(self, data: bytes, source: str, fmt: str = "json") -> "Database":
        """A card database held in memory (json, jsonl or csv, already gunzipped):
        ``tagtext diff`` reads its sides this way, and a database given to another pack
        is tried with this one to name the pack it belongs to."""

    def card_from_json_line(self, where: str, entry: object, problems: list) -> "Card | None":
        """One entry of a JSON-lines card database (one line, decoded) as a card, or None
        with a :class:`tagtext.carddb.Problem` added to ``problems``: how ``tagtext convert``
        reads a JSON-lines database a card at a time (``tagtext.streaming``). This default
        reads it as a database of one entry (:meth:`database_from_bytes`); a pack with an
        entry reader of its own gives it, with its messages."""
        import json
        from dataclasses import replace
        db = self.database_from_bytes(json.dumps([entry]).encode("utf-8"), where, "json")
        problems.extend(replace(p, where=where) for p in db.problems)
        return db.cards[0] if db.cards else None

    @abc.abstractmethod
    def write_back(self, data: bytes, source: str, fmt: str, texts) -> str:
        """The database file ``data`` (read from ``source`` as ``fmt``) written as it was, with
        each changed text replaced (``texts``: (card id, field) -> the format's text):
        ``tagtext convert --format database`` (see :mod:`tagtext.writeback`)."""

    @abc.abstractmethod
    def shipped_database(self) -> bytes:
        """The shipped database file's bytes (gunzipped), as ``load_database(None)`` reads
        them: ``tagtext db export`` writes them out."""

    @abc.abstractmethod
    def data_source(self) -> str:
        """Where the shipped card data comes from (shown on the errata pages)."""

    def words(self) -> "PackWords":
        """The pack's words for people in its language, where its code and data say them in
        English (its rules' titles and practice, its residuals' reasons, its card types):
        ``words.toml`` in the pack's package (:class:`tagtext.errata.catalog.PackWords`),
        read once; none when the pack has no such file (the errata pages show what the pack
        wrote). Only a pack whose ``language`` is not English needs one."""
        from ..errata.catalog import NO_WORDS, PackWords
        cls = type(self)
        cached = cls.__dict__.get("_words")
        if cached is None:
            cached = NO_WORDS
            try:
                from importlib import resources
                found = resources.files(cls.__module__).joinpath("words.toml")
                if found.is_file():
                    cached = PackWords.from_toml(found.read_text(encoding="utf-8"), f"{cls.__module__}: words.toml")
            except (TypeError, ModuleNotFoundError):  # a pack defined in a module, not a package
                pass
            cls._words = cached
        return cached

    def normalise_card_id(self, written: str) -> str | None:
        """The card id a user's way of writing one stands for (``ST01-01`` -> ``ST1-01``),
        or None if it is none of the pack's forms (ids then match in any case only)."""
        return None

    @abc.abstractmethod
    def coverage(self, database: "Database"):
        """How much of a database the grammar understands: an object with ``to_json()`` and
        ``summary_lines(top)`` (what `tagtext coverage` prints)."""

    # ------------------------------------------------------------------------- errata pages

    #: how the errata pages group the cards they show: "set" (by set code, in card-number
    #: order) or "name" (A to Z by name, for a database with no set codes), or a
    #: tagtext.errata.grouping.Grouping
    errata_grouping: ClassVar[object] = "set"
    #: the game's usual card site ("" for none); ``card_url`` gives a card's page there
    card_site: ClassVar[str] = ""

    def card_url(self, card) -> str | None:
        """The card's page on ``card_site`` (the errata pages link each card to it), or None."""
        return None

    def newest_sets(self, cards) -> list[str]:
        """The newest sets among ``cards`` (the errata pages say how recent the data is);
        none by default."""
        return []

    def deck_rules(self):
        """The pack's deck rules (a module or object as :mod:`tagtext.deck` describes:
        ``read_deck``, ``parse_deck``, ``check_team``, ``load_database``, ``RULES``,
        ``FORMATS_HELP``), or None when the format has none."""
        return None


#: every method of the contract, for the contract test
METHODS = ("parse", "parts", "context", "rewrite", "with_notes", "rulings", "load_database", "database_from_bytes",
           "card_from_json_line", "write_back", "shipped_database", "data_source", "words", "normalise_card_id", "coverage", "card_url", "newest_sets",
           "deck_rules")


class NoNotes(TagTextError):
    """Notes switched off for a pack that writes none (``--no-notes``)."""
