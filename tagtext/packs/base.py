"""What a rule pack is: everything one tag format needs, behind one interface.

The engine (parsing plumbing, the tree, edits, the pipeline runner, batch conversion,
diff, errata, deck checks) is game-agnostic and reaches a format only through a
:class:`Pack`. A pack is one folder under ``tagtext/packs/`` holding its grammar, its
analysis (facts about the text), its rules (one module each), its special rulings and
its card data, and exposing one ``PACK`` object.

Registering a rule is one line in the pack's ``PIPELINE``: the triggers, the rule
registry, the errata "Rules" page and the README's table are all derived from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol

if TYPE_CHECKING:  # pragma: no cover
    from ..carddb import Database
    from ..pipeline import Context
    from ..result import RewriteResult
    from ..rulings import Table
    from ..syntax.nodes import Node


@dataclass(frozen=True)
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


class Pack(Protocol):
    """The interface every rule pack provides (see tagtext/packs/tag_tamer for one)."""

    #: the name users type (``--pack tag-tamer``)
    name: str
    #: the format's name for people ("Tag Tamer")
    title: str
    #: the game it is a format of ("Digimon Card Game (2020)")
    game: str
    #: what the format changes, in one sentence (the errata pages' rules intro)
    summary: str
    #: whose printed card text it is (the errata pages' footer)
    copyright: str
    #: the rules, in the order they run
    pipeline: tuple[Rule, ...]
    #: the text fields of a card, in the order outputs list them
    text_fields: tuple[str, ...]

    #: every rule an edit or residual may name (the pipeline and, say, "override"), for
    #: the errata pages
    rules: tuple[Rule, ...]
    #: a necessary condition, over the lowercased text, for a residual to be reported
    residual_trigger: Callable[[str], object]

    def parse(self, text: str, source: str | None = None) -> "Node":
        """The pack grammar's syntax tree of ``text``; raises tagtext.errors.ParseError."""

    def context(self, text: str, tree: "Node", card_id: str | None, protected) -> "Context":
        """The context the passes read: the engine's, extended with the pack's facts."""

    def report_residuals(self, context: "Context") -> None:
        """Add to ``context.residuals`` what the rules cover but cannot rewrite."""

    def rulings(self) -> "Table":
        """The pack's special-ruling table."""

    def rewrite(self, text: str, card_id: str | None = None, field: str | None = None,
                source: str | None = None) -> "RewriteResult":
        """One text in the format (usually ``tagtext.pipeline.rewrite(self, ...)``)."""

    def database_from_bytes(self, data: bytes, source: str, fmt: str = "json") -> "Database":
        """A card database held in memory (``tagtext diff`` reads its sides this way)."""

    def load_database(self, path: str | None = None) -> "Database":
        """A card database file (None: the one the pack ships)."""

    def data_source(self) -> str:
        """Where the shipped card data comes from (shown on the errata pages)."""

    #: optional: the card id a user's way of writing one stands for (``ST01-01`` ->
    #: ``ST1-01``), or None if it is none; without it ids match in any case only
    normalise_card_id: Callable[[str], str | None]

    #: optional: how the errata pages group the cards they show: "set" (by set code, in
    #: card-number order; the default) or "name" (A to Z by name, for a database with no
    #: set codes), or a tagtext.errata.grouping.Grouping
    errata_grouping: object

    #: optional: the game's usual card site, and a card's page there (the errata pages
    #: link each card to it)
    card_site: str

    def card_url(self, card) -> str | None:
        """The card's page on ``card_site`` (optional)."""

    def newest_sets(self, cards) -> list[str]:
        """Optional: the newest sets among ``cards`` (the errata pages say how recent the
        data is)."""

    #: the shipped database's file name as its makers call it ("DigimonCards.json")
    shipped_name: str

    def shipped_database(self) -> bytes:
        """The shipped database file's bytes (gunzipped), as ``load_database(None)`` reads
        them: ``tagtext db export`` writes them out."""

    def coverage(self, database: "Database"):
        """How much of a database the grammar understands: an object with ``to_json()`` and
        ``summary_lines(top)`` (what `tagtext coverage` prints)."""
