"""The Build Divide tag-battle rule pack (``--pack bd-tag``).

Build Divide TCG's official tag battle (タッグ戦, seed 002): two teams of two, one field and
one life zone per team. Card text is rewritten by section 901 of the official rules: a
played command or ability that refers to 相手 and targets no card picks one opponent
(「相手1人を選ぶ。その相手は…」), a continuous effect on 相手 applies to each opponent
(各相手), a continuous condition on 相手 holds if either opponent meets it (いずれかの相手);
notes 「※タッグ戦：…」 (several cards chosen from both opponents; the team's life) switch off
as a whole.

The pack holds its grammar (``grammar/bd.lark``, on the engine's shared terminals for
unspaced text), node kinds (``nodes.py``), parser (``parser.py``; the tree builder,
``builder.py``, and with it Lark, loaded at the first parse), analysis (facts: abilities and
their kind, who each 相手 is), rules (``rules/``, one module per rule, registered in
``rules.PIPELINE``; the clarify-only ones in ``rules.CLARIFY``), card tables (``carddb.py``;
a fan list of a collaboration set is shipped as the example, ``data/``), coverage and the
deck check (``deck/``). Decisions beyond BD-NOTES: ``NOTES.md``.
"""

from __future__ import annotations

from ... import __version__, rulings
from ..tables import CardTablePack
from . import analysis, carddb, parser
from .rules import CLARIFY, PIPELINE
from .rules.common import NOTE_MARKER, Context


class BdTagPack(CardTablePack):
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

    card_data = carddb
    parser = parser

    # ------------------------------------------------------------------ text

    def context(self, text: str, tree, card_id: str | None, protected) -> Context:
        """The passes' context: the facts of the text, read with the card's type (a
        command's unlabelled text is played, a unit's continuous)."""
        ctx = Context(text, card_id, protected, facts=analysis.analyse(tree, text, self.card_type(card_id)),
                      notes=self.notes)
        ctx.warnings.extend(self.quirk_notices(text, card_id))
        return ctx

    def rulings(self) -> rulings.Table:
        """The special rulings (none yet: the seed names no card; the table is there for a
        maintainer's own, ``--rulings``)."""
        return self.packaged_rulings()

    # ------------------------------------------------------------------ cards

    def card_type(self, card_id: str | None) -> str | None:
        """The card's type (unit, unit/ace, territory, command …) from the card tables read
        so far and the cards added (:meth:`add_card`), or else the shipped list; None when
        not known (a pasted text: read as a command's, BD-NOTES 6 and NOTES.md)."""
        return self.known(card_id)

    def add_card(self, card_id: str, card_type: str | None) -> None:
        """Make a card known that no table read holds, so that ``rewrite(text, card_id)``
        reads its text as that card's: ``card_type`` "command" (unlabelled text is played)
        or "unit"/"territory" (unlabelled text with no trigger is continuous)."""
        self.add_known(card_id, card_type)

    def deck_rules(self):
        """The tag battle's deck rules (``tagtext deck check --pack bd-tag [--variant two-limit]``)."""
        from . import deck
        return deck

    def coverage(self, database):
        """How much of ``database`` the grammar and the rules account for (``tagtext coverage``)."""
        from .coverage import coverage
        return coverage(self, database)


PACK = BdTagPack()
