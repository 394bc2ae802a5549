"""The Duel Masters Tag Commander rule pack (``--pack dm-tag-commander``).

Duel Masters "Tag Commander" (DTC, seed 004): a 2v2 house format with its own deck rules
(a commander, singleton, civilisations) and its own reading of card text for four players.
Takara Tomy's official Japanese card text is rewritten in the wording of Takara Tomy's own
multiplayer cards (デュエパーティー: 相手を1人選び、そのプレイヤーの… / 各相手 / いずれかの相手 /
自分と相手1人の …), with per-card notes 「※DTC：…」 that switch off as a whole.

The pack holds its grammar (``grammar/dm.lark``), node kinds (``nodes.py``), parser, analysis
(facts: abilities and their kind, who each player phrase is), rules (``rules/``, one module
per DM-NOTES rule, registered in ``rules.PIPELINE``; the clarify-only ones in
``rules.CLARIFY``), special rulings (``special-rulings.toml``, the engine's table format),
card databases (``carddb.py``; the classic corpus is shipped in ``data/``), coverage and the
deck check (``deck/``), and which lines of a text are parsed (``reads.py``: those a rule may
rewrite and those the analysis reads around them). Decisions beyond DM-NOTES: ``NOTES.md``.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from ... import __version__, rulings
from ...carddb import Database
from ..tables import CardTablePack, KnownCards
from . import analysis, carddb, parser, reads
from .analysis.text import fold
from .rules import CLARIFY, OVERRIDE, PIPELINE
from .rules.common import Context
from .rules.notes import MARKER as NOTE_MARKER


class DmTagCommanderPack(CardTablePack):
    """Duel Masters Tag Commander (DTC), seed 004, 5th edition (2020-06-16)."""

    name = "dm-tag-commander"
    #: shipped with tagtext, so tagtext's version
    version = __version__
    title = "デュエマ・タッグ・コマンダー"
    game = "デュエル・マスターズ"
    summary = ("2対2のチーム戦。「相手」は相手チームのいずれかのプレイヤーで、味方は自分でも相手でもない。"
               "一度だけ行う効果は相手を1人選び、常在型効果は各相手に及び、相手の行為で誘発する効果は各相手をチェックする。")
    copyright = "Takara Tomy / Wizards of the Coast"
    pipeline = PIPELINE
    rules = PIPELINE + CLARIFY + (OVERRIDE,)
    text_fields = carddb.TEXT_FIELDS
    field_labels = carddb.FIELD_LABELS
    #: every residual is reported by a rule whose trigger the text meets
    residual_trigger = None
    #: the shipped database's file name (``tagtext db export``)
    shipped_name = "dm-cards.json"
    database_help = ("a Duel Masters card list: the shipped classic shape (cardType, printings), the 2017-18 "
                     "texts' shape, an official-site scrape (effects[], 【クリーチャー側】/【呪文側】 markers) or a "
                     "plain {id, name, text} JSON/CSV, maybe gzipped")
    #: the errata pages group cards by set (DM-01 …; the 2017-18 texts as one group)
    errata_grouping = "set"
    #: the per-card notes 「※DTC：…」 (DM-NOTES 7): ``with_notes(False)``, ``--no-notes``,
    #: leaves them out; the errata pages show them apart from the rewritten text
    note_marker = NOTE_MARKER
    #: official Japanese card text
    language = "ja"

    card_data = carddb
    parser = parser

    # ------------------------------------------------------------------ text

    def parts(self, text: str):
        """Of a text some rule's trigger meets, the lines the triggers it meets meet by
        themselves, and those the analysis reads around them (:mod:`.reads`); the whole text
        when it has one line (or parses anyway: :meth:`parse_anyway`). A text no trigger
        meets: nowhere, unless the grammar refuses it (then it is parsed, for its error)."""
        from ...pipeline import may_apply, meets, triggers_met
        if not may_apply(self, text):
            return super().parts(text)
        if ("\n" not in text and "\r" not in text) or self.parse_anyway(text):
            return None  # (one line: parsed whole, without looking for quirks)
        # only the rules whose trigger the text meets run: a line is kept for those (each
        # trigger searched once, whoever asks: the runner then reads the same answers)
        low = text.lower()
        met = triggers_met(self, low)
        running = []
        for rule in self.pipeline:
            if rule.apply is None:
                continue
            if rule.trigger is None:
                return None
            if meets(met, rule.trigger, low) and rule.trigger not in running:
                running.append(rule.trigger)
        tests = tuple(reads.line_trigger(trigger) for trigger in running)
        return reads.needed_spans(text, lambda line: _line_met(tests, line))

    def parse_anyway(self, text: str) -> bool:
        """A text with a quirk the parser reads with a warning is parsed whatever the triggers
        say, so that its warning is given whether or not a rule would read it: half-width
        katakana (the rules may miss it), a bracket left open or closed in the other width."""
        return bool(parser.quirks(text))

    def context(self, text: str, tree, card_id: str | None, protected) -> Context:
        """The passes' context: the facts of the text (its abilities, who each player
        phrase is), read with the card's type and shape from the databases read so far."""
        facts = self.card_facts(card_id)
        ctx = Context(text, card_id, protected, analysis=analysis.analyse(tree, text, facts.card_type, facts.unbroken),
                      notes=self.notes)
        ctx.warnings.extend(self.quirk_notices(text, card_id))
        return ctx

    def rulings(self) -> rulings.Table:
        """The seed's special rulings, as the engine's table, each naming its card by name
        (:class:`NamedRulings`); with the notes off, without the rulings that only add one."""
        return _rulings_table(self.packaged_rulings(), self.notes, self._cards)

    # ------------------------------------------------------------------ cards

    def card_facts(self, card_id: str | None) -> carddb.CardFacts:
        """What the rules need to know of a card (type, name, shape): from the databases
        read so far and the cards added (:meth:`add_card`), or else the shipped database."""
        return self.known(card_id, carddb.NO_FACTS)

    def add_card(self, card_id: str, name: str | None = None, card_type: str | None = None,
                 unbroken: bool = False) -> None:
        """Make a card known that no database read holds, so that ``rewrite(text, card_id)``
        reads its text as that card's: its ``card_type`` ("呪文", "クリーチャー",
        "クリーチャー/呪文" …: text alone cannot show a spell), its ``name`` (special rulings
        name cards) and whether its text lost its ability breaks (``unbroken``, as the
        2018 texts)."""
        self.add_known(card_id, carddb.CardFacts(name, card_type, unbroken))

    def facts_of(self, db: Database) -> dict[str, carddb.CardFacts]:
        """Each card's facts; a database that does not say a card's type (a plain {id, name,
        text} file) gets the type of the card of that name in the shipped database, where it
        has one."""
        facts = carddb.facts_of(db)
        if any(f.card_type is None for f in facts.values()) and db.source != carddb.SHIPPED_NAME:
            shipped = self.shipped_cards().by_id()
            for card_id, f in facts.items():
                known = shipped.get(ruling_keys(f.name)[0]) if f.card_type is None and f.name else None
                if known is not None and known.card_type:
                    facts[card_id] = dataclasses.replace(f, card_type=known.card_type)
        return facts

    def deck_rules(self):
        """The Tag Commander deck rules, DTC, DTCS and DTB (``tagtext deck check --pack
        dm-tag-commander [--variant DTCS]``)."""
        from . import deck
        return deck

    def coverage(self, database: Database):
        """How much of ``database`` the grammar and the rules account for (``tagtext coverage``)."""
        from .coverage import coverage
        return coverage(self, database)


def _line_met(tests, line: str) -> bool:
    """Whether one of ``tests`` (the triggers of the rules that run, as a line is tested
    for them: :func:`.reads.line_trigger`) meets ``line`` by itself."""
    low = line.lower()
    return any(test(low) for test in tests)


@dataclasses.dataclass(frozen=True)
class NamedRulings(rulings.Table):
    """The engine's special-ruling table, whose rulings name their card by name (spaces
    and widths ignored; a twinpact by 「A/B」 or either side), as DM-NOTES 10 does: card ids
    differ in every Duel Masters database. ``keys_of`` gives the keys a card id stands for.
    A maintainer's table laid over it (``--rulings``) is read the same way
    (:func:`tagtext.rulings.merge` keeps the class), its names written as on the card."""

    keys_of: object = None

    def for_card(self, card_id: str | None, field: str | None = None):
        if card_id is None:
            return ()
        keys = set(self.keys_of(card_id)) if self.keys_of is not None else {card_id}
        return tuple(r for r in self.rulings
                     if (r.card in keys or _name_key(r.card) in keys) and (field is None or r.field == field))

    def cards(self) -> frozenset[str]:
        return _RuledCards(super().cards() | {_name_key(r.card) for r in self.rulings}, self.keys_of)


class _RuledCards(frozenset):
    """The cards a table rules on, as names; ``card_id in`` it asks by any key of the card."""

    def __new__(cls, names, keys_of):
        self = super().__new__(cls, names)
        self.keys_of = keys_of
        return self

    def __contains__(self, card_id) -> bool:
        if frozenset.__contains__(self, card_id):
            return True
        return self.keys_of is not None and isinstance(card_id, str) and any(
            frozenset.__contains__(self, key) for key in self.keys_of(card_id))


def _rulings_table(table: rulings.Table, notes: bool, known: KnownCards) -> NamedRulings:
    kept = table.rulings if notes else tuple(r for r in table.rulings if not _note_only(r))
    return NamedRulings(table.source, kept, keys_of=functools.partial(_keys_of, known))


def _keys_of(known: KnownCards, card_id: str) -> tuple[str, ...]:
    facts = known.get(str(card_id))
    name = facts.name if facts is not None and facts.name else card_id
    return (card_id,) + ruling_keys(name)


@functools.lru_cache(maxsize=4096)
def ruling_keys(name: str) -> tuple[str, ...]:
    """The keys a special ruling may name a card by: its name with spaces removed and widths
    folded, and for a twinpact 「A/B」 each side too. (Asked twice per card of a conversion:
    is it ruled, and by which rulings.)"""
    key = _name_key(name)
    sides = tuple(_name_key(side) for side in _SIDES.split(name) if side.strip())
    return (key,) + tuple(s for s in sides if s != key)


_SIDES = re.compile(r"[/／]")
_SPACES = re.compile(r"[\s\u3000]")


@functools.lru_cache(maxsize=4096)
def _name_key(name: str) -> str:
    return _SPACES.sub("", fold(name))


def _note_only(ruling) -> bool:
    return ruling.mode in ("keep", "append") and all(t.lstrip("\n").startswith("※DTC：") for t in ruling.text.values())


PACK = DmTagCommanderPack()
