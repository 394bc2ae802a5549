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
deck check (``deck/``). Decisions beyond DM-NOTES: ``NOTES.md``.
"""

from __future__ import annotations

import dataclasses
import functools
import re

from ... import rulings
from ...carddb import Database
from ...pipeline import finish
from ...result import Notice, RewriteResult
from . import analysis, carddb
from .analysis.text import fold
from .nodes import CardText
from .parser import parse as _parse
from .parser import quirks
from .rules import CLARIFY, OVERRIDE, PIPELINE
from .rules.common import Context

#: a text none of these meets is returned as printed without being parsed (every rule's
#: trigger, notes included, is one of them; tests check it)
_ANY_TRIGGER = re.compile(r"相手|自分|プレイヤー|クリーチャー|ゲーム|少なく|につき|の数|の枚数|すべての|ニンジャ|ガチンコ")


class DmTagCommanderPack:
    """Duel Masters Tag Commander (DTC), seed 004, 5th edition (2020-06-16)."""

    name = "dm-tag-commander"
    title = "デュエマ・タッグ・コマンダー"
    game = "デュエル・マスターズ"
    summary = ("2対2のチーム戦。「相手」は相手チームのいずれかのプレイヤーで、味方は自分でも相手でもない。"
               "一度だけ行う効果は相手を1人選び、常在型効果は各相手に及び、相手の行為で誘発する効果は各相手をチェックする。")
    copyright = "Takara Tomy / Wizards of the Coast"
    pipeline = PIPELINE
    rules = PIPELINE + CLARIFY + (OVERRIDE,)
    text_fields = carddb.TEXT_FIELDS
    #: tests turn this off to check that triggers never change a result
    use_triggers = True

    def parse(self, text: str, source: str | None = None) -> CardText:
        return _parse(text, source)

    @staticmethod
    def residual_trigger(low: str) -> bool:
        """Every residual is reported by a rule whose trigger the text meets."""
        return False

    def may_apply(self, text: str) -> bool:
        return not self.use_triggers or bool(_ANY_TRIGGER.search(text))

    @functools.lru_cache(maxsize=1)
    def rulings(self) -> rulings.Table:
        """The seed's special rulings, as the engine's special-ruling table (keyed by name)."""
        return rulings.load_packaged(__name__, "special-rulings.toml")

    def data_source(self) -> str:
        from importlib import resources
        return resources.files(__name__).joinpath("data/SOURCE.md").read_text(encoding="utf-8")

    # ------------------------------------------------------------------ rewriting

    def rewrite(self, text: str, card_id: str | None = None, field: str | None = None, source: str | None = None,
                *, card_type: str | None = None, name: str | None = None, unbroken: bool | None = None,
                notes: bool = True) -> RewriteResult:
        """Rewrite one card text for Tag Commander.

        ``card_id`` names a card of a database loaded before (or the shipped one) for its type,
        name and shape; ``card_type`` ("呪文", "クリーチャー", "クリーチャー/呪文" …), ``name`` and
        ``unbroken`` (the text lost its ability breaks, as the 2018 data) say them outright
        (a twinpact's spell side is marked in its text: 【呪文側】). ``notes=False`` leaves out every
        per-card note 「※DTC：…」 (and the rulings that only add one)."""
        if not isinstance(text, str):
            raise TypeError(f"card text must be str, not {type(text).__name__}")
        facts = self.card_facts(card_id)
        card_type = card_type if card_type is not None else facts.card_type
        name = name if name is not None else facts.name
        unbroken = unbroken if unbroken is not None else facts.unbroken
        source = source or (f"{card_id}:{field}" if card_id else None)
        matches, warnings = self._rulings(text, name, field, notes)
        if not matches and not self.may_apply(text):
            return RewriteResult(original=text, text=text, warnings=tuple(warnings), card_id=card_id)
        tree = _parse(text, source)
        facts_of_text = analysis.analyse(tree, text, card_type, unbroken)
        ctx = Context(text, card_id, rulings.protected_spans(matches), analysis=facts_of_text, notes=notes)
        ctx.warnings.extend(warnings)
        for pos, what in quirks(text):
            ctx.warnings.append(Notice("text-quirk", f"{source + ': ' if source else ''}{_where(text, pos)}: {what}",
                                       card=card_id, field=field))
        original = tree
        for rule in self.pipeline:
            if rule.apply is None:
                continue  # (a note rule with notes off still runs: it reports its residuals)
            if self.use_triggers and rule.trigger is not None and not rule.trigger(text):
                continue
            tree = rule.apply(tree, ctx)
        tree = rulings.apply(tree, matches, ctx.warnings)
        ruling = matches[0].ruling.id if matches else None
        return finish(text, tree, ctx, ruling, unchanged=tree is original)

    def _rulings(self, text: str, name: str | None, field: str | None, notes: bool):
        """The special rulings of the card called ``name`` found in ``text`` (in the official
        form or as typed with half-width digits), and stale-ruling notices."""
        if not name:
            return [], []
        matches, warnings = [], []
        seen = set()
        for key in ruling_keys(name):
            found, stale = rulings.find(self.rulings(), text, key, field)
            for m in found:
                if m.ruling.id not in seen and (notes or not _note_only(m.ruling)):
                    matches.append(m)
                    seen.add(m.ruling.id)
            warnings.extend(stale)
        if matches:
            warnings = [w for w in warnings if w.ruling not in seen]
        return matches, warnings

    # ------------------------------------------------------------------ cards

    @functools.lru_cache(maxsize=1)
    def _shipped(self) -> Database:
        return carddb.load()

    _facts: dict[str, carddb.CardFacts] = {}

    def card_facts(self, card_id: str | None) -> carddb.CardFacts:
        """What the rules need to know of a card (type, name, shape): from the databases
        loaded so far, or else the shipped one."""
        if card_id is None:
            return carddb.NO_FACTS
        if card_id not in self._facts and not self._facts:
            self._remember(self._shipped())
        return self._facts.get(str(card_id), carddb.NO_FACTS)

    def _remember(self, db: Database) -> None:
        facts = carddb.facts_of(db)
        if any(f.card_type is None for f in facts.values()) and db.source != carddb.SHIPPED_NAME:
            # a database that does not say a card's type (a plain {id, name, text} file): the
            # type of the card of that name in the shipped database, where it has one
            shipped = self._shipped().by_id()
            for card_id, f in facts.items():
                known = shipped.get(ruling_keys(f.name)[0]) if f.card_type is None and f.name else None
                if known is not None and known.card_type:
                    facts[card_id] = dataclasses.replace(f, card_type=known.card_type)
        self._facts = {**self._facts, **facts}

    #: the shipped database's file name
    shipped_name = "dm-cards.json"

    def shipped_database(self) -> bytes:
        """The shipped database file's bytes (gunzipped), as ``load_database(None)`` reads them."""
        return carddb.shipped_bytes()

    def database_from_bytes(self, data: bytes, source: str, fmt: str = "json") -> Database:
        db = carddb.parse_bytes(data, source, fmt)
        self._remember(db)
        return db

    def load_database(self, path: str | None = None) -> Database:
        db = carddb.load(path)
        self._remember(db)
        return db

    def coverage(self, database: Database):
        """How much of ``database`` the grammar and the rules account for (``tagtext coverage``)."""
        from .coverage import coverage
        return coverage(self, database)


def ruling_keys(name: str) -> tuple[str, ...]:
    """The keys a special ruling may name a card by: its name with spaces removed and widths
    folded, and for a twinpact 「A/B」 each side too."""
    key = _name_key(name)
    sides = tuple(_name_key(side) for side in re.split(r"[/／]", name) if side.strip())
    return (key,) + tuple(s for s in sides if s != key)


def _name_key(name: str) -> str:
    return re.sub(r"[\s\u3000]", "", fold(name))


def _note_only(ruling) -> bool:
    return ruling.mode in ("keep", "append") and all(t.lstrip("\n").startswith("※DTC：") for t in ruling.text.values())


def _where(text: str, pos: int) -> str:
    from ...errors import line_column
    line, column = line_column(text, pos)
    return f"{line}:{column}"


PACK = DmTagCommanderPack()
