"""The Tag Tamer pack: the Digimon Card Game (2020)'s community 2v2 format.

Its parts, each in its own place:

- ``grammar/effect.lark`` and ``syntax/``: the effect-text grammar and its node kinds;
- ``analysis/``: facts about a parsed text (its counts, what they range over, players);
- ``rules/``: one module per format rule; ``rules.PIPELINE`` lists them in order;
- ``special-rulings.toml``: the manual's special rulings, as data;
- ``data/``: the card database the pack ships (the Digimon Card App's ``DigimonCards.json``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tagtext import __version__
from tagtext.packs.base import Pack
from tagtext.pipeline import Context as _EngineContext
from tagtext.pipeline import may_apply

from .analysis import Analysis, analyse
from .analysis import residuals as _residuals
from .analysis.counts import Count
from .analysis.units import Region
from .fields import FIELD_LABELS, TEXT_FIELDS
from .rules import OVERRIDE, PIPELINE
from .rules.counts_shared import CountRule, claim, count_rules
from .syntax import nodes
from .syntax.parser import parse

if TYPE_CHECKING:  # pragma: no cover
    from tagtext.carddb import Database
    from tagtext.rulings import Table


@dataclass
class Context(_EngineContext):
    """The engine's context plus the facts the analysis found in the text, and which count
    rule claims each count (``rules/counts_shared.py``)."""

    analysis: Analysis | None = None
    #: the pipeline's count rules, in order
    count_rules: tuple[CountRule, ...] = ()

    def __post_init__(self):
        self.counts: tuple[Count, ...] = self.analysis.counts if not self.protected else tuple(
            c for c in self.analysis.counts if not self.protected_at(c.node.start)
        )
        claimers, self.unclaimed = claim(self.count_rules, self.counts, self.analysis.regions)
        self._claimer = {id(c): rule for c, rule in zip(self.counts, claimers)}

    def protect(self, spans) -> None:
        """Keep the rules off ``spans`` too (and off the counts in them)."""
        spans = tuple(spans)
        if not spans:
            return
        self.protected = self.protected + spans
        self.counts = tuple(c for c in self.counts if not self.protected_at(c.node.start))

    def claimer(self, count: Count) -> CountRule | None:
        """The count rule that claims ``count`` (None: no rule rewrites it)."""
        return self._claimer.get(id(count))

    def claimed(self, rule_id: str) -> tuple[Count, ...]:
        """The counts the rule ``rule_id`` claims, in document order (none in a protected span)."""
        return tuple(c for c in self.counts if (rule := self._claimer.get(id(c))) is not None and rule.id == rule_id)

    def scaling(self, count: Count) -> tuple[int, int] | None:
        """How the rule that claims ``count`` scales it, (factor, plus), or None."""
        rule = self._claimer.get(id(count))
        return rule.scaling if rule is not None else None

    def units_of(self, count: Count) -> tuple[nodes.Node, ...]:
        region: Region = self.analysis.regions[count.position[0]]
        return region.units


class TagTamer(Pack):
    """The Tag Tamer rule pack (see the module docstring)."""

    name = "tag-tamer"
    #: shipped with tagtext, so tagtext's version
    version = __version__
    title = "Tag Tamer"
    game = "Digimon Card Game (2020)"
    #: what the format changes, in one sentence (the errata pages' rules intro)
    summary = "In Tag Tamer teammates share the battle area, security and trash."
    #: whose printed card text it is
    copyright = "Bandai / Akiyoshi Hongo, Toei Animation"
    pipeline = PIPELINE
    #: every rule an edit or residual may name, for the errata pages
    rules = PIPELINE + (OVERRIDE,)
    text_fields = TEXT_FIELDS
    #: how each text field is labelled on the errata pages
    field_labels = FIELD_LABELS
    residual_trigger = staticmethod(_residuals.may_hold_residuals)
    #: which card databases it reads (the commands' --help)
    database_help = ("the Digimon Card App's DigimonCards.json (the community corpus shape or its full raw "
                     "records), or a JSON array, JSON lines or CSV file of {id, name, <text fields>}")

    def parse(self, text: str, source: str | None = None, parts=None) -> nodes.EffectText:
        """The effect grammar's tree of ``text`` (of its ``parts`` only, if given)."""
        return parse(text, source, parts)

    def parts(self, text: str):
        """The effects of ``text`` some rule's trigger meets, as spans to parse (the
        engine keeps the rest as printed), or None to parse it whole.

        An effect runs from a bracketed timing label that opens it (after a full stop, a
        closing bracket or a line break) to the next; the rules' facts never cross from one
        effect to another, so the kept effects parse and rewrite as they do in the whole
        text (tests/packs/test_every_pack.py checks it with the triggers off)."""
        if not may_apply(self, text):
            return ()
        cuts = [m.start() for m in _EFFECT_START.finditer(text)]
        if not cuts:
            return None
        bounds = [0] + cuts + [len(text)]
        kept: list[tuple[int, int]] = []
        skipped = False
        for start, end in zip(bounds, bounds[1:]):
            if start == end:
                continue
            if may_apply(self, text[start:end]):
                if kept and kept[-1][1] == start:
                    kept[-1] = (kept[-1][0], end)  # effects side by side parse as one
                else:
                    kept.append((start, end))
            else:
                skipped = True
        return kept if skipped else None

    def context(self, text: str, tree, card_id: str | None, protected) -> Context:
        """The passes' context. What no rule can rewrite mechanically is reported first and
        its span protected, so that a residual is always left whole (RULES-NOTES 16: a
        text is never half-rewritten around it)."""
        ctx = Context(text, card_id, protected, analysis=analyse(tree), count_rules=count_rules(self.pipeline))
        for start, end, rule, reason in ctx.unclaimed:
            ctx.report(start, end, rule, reason)
        if ctx.residuals:
            ctx.protect(tuple((r.start, r.end) for r in ctx.residuals))
        return ctx

    @functools.lru_cache(maxsize=1)
    def rulings(self) -> Table:
        from tagtext.rulings import load_packaged  # (a text of no card needs none: not at start-up)
        return load_packaged(__name__, "special-rulings.toml")

    def database_from_bytes(self, data: bytes, source: str, fmt: str = "json") -> Database:
        """A database held in memory (``fmt``: json, jsonl, csv, maybe ``.gz``)."""
        from . import carddb  # (the database reader: imported when one is read, not at start-up)
        return carddb.parse_bytes(data, source, fmt)

    def card_from_json_line(self, where: str, entry: object, problems: list):
        """One entry of a JSON-lines database as a card (the loader's own reader)."""
        from . import carddb
        return carddb.card_from_entry(where, entry, problems)

    def load_database(self, path=None) -> Database:
        """A card database (None: the one the pack ships)."""
        from . import carddb
        return carddb.load(path)

    #: the errata pages link each card to its page on the community's card site
    card_site = "digimoncard.io"

    @staticmethod
    def card_url(card) -> str:
        from urllib.parse import quote
        return "https://digimoncard.io/card/?search=" + quote(card.id)

    @staticmethod
    def newest_sets(cards) -> list[str]:
        """The newest set of each of the game's main lines in ``cards`` (booster BT,
        extra booster EX, starter deck ST): the highest number of each."""
        newest: dict[str, int] = {}
        for card in cards:
            m = _SET_NUMBER.fullmatch(card.set)
            if m and int(m.group(2)) > newest.get(m.group(1), -1):
                newest[m.group(1)] = int(m.group(2))
        return [f"{line}{newest[line]}" for line in ("BT", "EX", "ST") if line in newest]

    def normalise_card_id(self, written: str) -> str | None:
        """The id a user's way of writing one stands for (``tagtext rewrite --card``): the
        deck formats' rule (imported when first asked, not at start-up)."""
        from .deck.formats import normalise_id
        return normalise_id(written)

    def data_source(self) -> str:
        """Where the shipped card data comes from, and whose it is."""
        from . import carddb
        return carddb.shipped_source()

    #: the shipped database's file name, as its makers call it (``tagtext db export``)
    shipped_name = "DigimonCards.json"

    def shipped_database(self) -> bytes:
        """The shipped database file, byte for byte as the pack reads it (gunzipped)."""
        from . import carddb
        return carddb.shipped_bytes()

    def write_back(self, data: bytes, source: str, fmt: str, texts) -> str:
        """The database file ``data`` in its own shape, each changed text replaced
        (``tagtext convert --format database``)."""
        from . import carddb
        return carddb.write_back(data, source, fmt, texts)

    def coverage(self, database: Database):
        """How much of ``database`` the grammar understands (``tagtext coverage``)."""
        from .coverage import measure
        return measure(database)

    def deck_rules(self):
        """The team's deck rules (``tagtext deck check``)."""
        from . import deck
        return deck


#: Where an effect opens: a bracketed timing label after a full stop, a closing bracket or
#: a line break (not after another label: "[On Play][When Digivolving]" is one effect).
_EFFECT_START = re.compile(
    r"(?<=[\n.。＞>)])[^\S\n]*(?=\[(?:On Play|On Deletion|Main|Security|Hand|Breeding|Trash|Counter|Delay"
    r"|When (?:Digivolving|Evolving|Attacking|Linking|Moving)|(?:Your|Opponent['’]s|All) Turns?"
    r"|(?:Start|End) of (?:Your|Opponent['’]s|All) (?:Turns?|Main Phase)|End of Attack|(?:Once|Twice) Per Turn)\])")
#: a set code of one of the main lines: BT26, EX12, ST24
_SET_NUMBER = re.compile(r"(BT|EX|ST)(\d+)")

PACK = TagTamer()
