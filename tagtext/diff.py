"""Comparing two versions of the card data: what ``tagtext diff`` reports on release day.

Each side is a card database (rewritten here) or the output of ``tagtext convert``
(``json`` or ``jsonl``, recognised by its ``"schema"`` field), so the new database can be
compared with the last published conversion as well as with the last database. The
comparison lists the cards added and removed, and the cards with a text field whose
official text or tag-format text changed, with a word-level diff of the official text
(when it changed) and of the tag-format text.

Both sides are one pack's: a conversion's recorded pack, or the ``--pack`` given, or the
default pack for two databases; a mismatch is an error naming the fix.

A card whose official texts are the same on two *database* sides is rewritten once, as
NEW's: the same compiler gives the same text for the same (card, text), so it cannot
differ, but a text that cannot be rewritten is reported (and makes the exit status 1, as
in ``tagtext convert``) whether or not it changed. Comparing two databases costs about
one conversion of NEW, and the rewriting of OLD's texts that differ.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import field
from typing import Iterator

from . import carddb, packs
from .batch import convert_card, convert_cards, jobs_for
from .carddb import Card, Problem
from .controls import visible
from .convert import TextRecord, open_input, read_input
from .records import record
from .result import RewriteResult

DIFF_SCHEMA_ID = "tagtext-diff/1"



# ----------------------------------------------------------------------------- sides

@record(frozen=True)
class TextVersion:
    """One text field of one card on one side: official text, tag-format text (None when
    it could not be rewritten), and what a maintainer should look at."""

    original: str
    text: str | None
    error: str | None = None
    rules: tuple[str, ...] = ()
    residuals: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"original": self.original, "text": self.text, "error": self.error, "rules": list(self.rules),
                "residuals": list(self.residuals), "warnings": list(self.warnings)}

    @classmethod
    def of(cls, record: TextRecord) -> "TextVersion":
        """What the diff shows of a conversion record (read from a file or made afresh)."""
        r = record.result
        if r is None:
            return cls(record.original, None, record.error or "not rewritten")
        return cls(record.original, r.text, None, tuple(r.rules), tuple(str(x) for x in r.residuals),
                   tuple(str(w) for w in r.warnings))


@record(frozen=True)
class SideCard:
    id: str
    name: str
    set: str
    #: field -> official text
    originals: dict[str, str]


class Side:
    """One argument of ``tagtext diff``: its cards, and their texts rewritten (on demand
    for a database, as recorded for a conversion)."""

    def __init__(self, label: str, kind: str, cards: dict[str, SideCard],
                 texts: dict[str, dict[str, TextVersion]] | None = None,
                 db_cards: dict[str, Card] | None = None, problems: list[Problem] | None = None,
                 pack=None):
        self.label = label
        #: the rule pack whose texts these are (that rewrites a database side's texts)
        self.pack = pack
        #: entries of a database side that were skipped or repaired (see tagtext.carddb)
        self.problems = list(problems or ())
        #: "database" or "conversion"
        self.kind = kind
        self.cards = cards
        self._texts = texts if texts is not None else {}
        self._db_cards = db_cards or {}
        self._memo: dict[tuple[str, str], RewriteResult] = {}
        #: the card database of a database side (None for a conversion)
        self.database: carddb.Database | None = None
        #: texts this side rewrote that could not be rewritten (one Problem each)
        self.failures: list[Problem] = []
        #: a conversion side read back as its batch (None for a database)
        self.batch = None

    def texts(self, card_id: str) -> dict[str, TextVersion]:
        """field -> TextVersion for a card of this side."""
        done = self._texts.get(card_id)
        if done is None:
            done = self._texts[card_id] = self._rewrite(self._db_cards[card_id])
        return done

    def _rewrite(self, card: Card) -> dict[str, TextVersion]:
        # As tagtext.batch does: identical texts once, a card with a special ruling on its own.
        memo = None if card.id in self.pack.rulings().cards() else self._memo
        return self._versions(card, convert_card(card, memo, self.pack))

    def rewrite_ahead(self, card_ids: list[str], jobs: int | None) -> None:
        """Rewrite the texts of these cards of a database side now, in up to ``jobs``
        processes (as tagtext.batch does), rather than one by one as they are asked for."""
        cards = [self._db_cards[i] for i in card_ids if i in self._db_cards and i not in self._texts]
        if jobs_for(cards, jobs) == 1:
            return  # rewritten one by one as they are asked for
        for card, result in zip(cards, convert_cards(cards, self.pack, jobs=jobs)):
            self._texts[card.id] = self._versions(card, result)

    def _versions(self, card: Card, result) -> dict[str, TextVersion]:
        self.failures.extend(result.problems)
        return {name: TextVersion.of(TextRecord(original, result.results.get(name), result.errors.get(name)))
                for name, original in card.texts.items()}


def load_sides(old: str, new: str, pack=None, rulings: str | None = None, notes: bool = True) -> tuple[Side, Side]:
    """OLD and NEW, each a card database or a convert output (json/jsonl, maybe gzipped;
    ``-`` is stdin), read with one pack: ``pack`` (``--pack``) if given, else the one a
    conversion records, else the default pack; ``rulings``: a maintainer's special-ruling
    table laid over the pack's (``--rulings``); ``notes``: False leaves the pack's notes out
    (``--no-notes``).

    Raises :class:`tagtext.carddb.DatabaseError` (one line, naming the file) when a file
    cannot be read or is neither, and :class:`tagtext.packs.PackMismatch` when the sides
    are not one pack's.
    """
    inputs = [read_input(old), read_input(new)]
    recorded = [i for i in inputs if i.conversion is not None and i.conversion.pack is not None]
    if pack is None and len(recorded) == 2 and recorded[0].conversion.pack != recorded[1].conversion.pack:
        raise packs.PackMismatch(f"{recorded[0].source} was converted with pack {recorded[0].conversion.pack} and "
                                 f"{recorded[1].source} with {recorded[1].conversion.pack}; a diff compares one "
                                 f"format's texts: convert both with one pack")
    if pack is None and recorded:
        pack = packs.for_conversion(recorded[0].conversion)
    sides = []
    for given in inputs:
        db, batch, side_pack = open_input(given, pack, rulings, notes)
        sides.append(_conversion_side(given.source, batch, side_pack) if batch is not None
                     else _database_side(given.source, db, side_pack))
    return sides[0], sides[1]


def _database_side(source: str, db, pack) -> Side:
    cards = {c.id: SideCard(c.id, c.name, c.set, dict(c.texts)) for c in db.cards}
    side = Side(source, "database", cards, db_cards={c.id: c for c in db.cards}, problems=db.problems, pack=pack)
    side.database = db
    return side


def _conversion_side(source: str, batch, pack) -> Side:
    """A convert output's side: the batch it was written from."""
    cards: dict[str, SideCard] = {}
    texts: dict[str, dict[str, TextVersion]] = {}
    for result in batch.cards:
        card = result.card
        cards[card.id] = SideCard(card.id, card.name, card.set, dict(card.texts))
        texts[card.id] = {name: TextVersion.of(TextRecord(original, result.results.get(name), result.errors.get(name)))
                          for name, original in card.texts.items()}
    side = Side(source, "conversion", cards, texts=texts, pack=pack)
    side.batch = batch
    return side


# ----------------------------------------------------------------------------- comparing

@record(frozen=True)
class FieldChange:
    """One text field of a card that differs between the sides."""

    field: str
    old: TextVersion | None
    new: TextVersion | None

    @property
    def kind(self) -> str:
        """added / removed (the whole field), official (its official text changed),
        rewrite (same official text, different tag-format text)."""
        if self.old is None:
            return "added"
        if self.new is None:
            return "removed"
        return "official" if self.old.original != self.new.original else "rewrite"

    def official_diff(self) -> list[tuple[str, str]] | None:
        """Word diff of the official text itself, for a field whose official text changed
        (None otherwise): what the card data changed, as printed."""
        if self.kind != "official":
            return None
        return word_diff(self.old.original, self.new.original)

    def word_diff(self) -> list[tuple[str, str]]:
        """Word diff of the tag-format text (of the official text where one side has none)."""
        def shown(v: TextVersion | None) -> str:
            if v is None:
                return ""
            if self.old is not None and self.new is not None and (self.old.text is None or self.new.text is None):
                return v.original
            return v.text if v.text is not None else v.original
        return word_diff(shown(self.old), shown(self.new))

    def to_json(self) -> dict:
        return {"field": self.field, "change": self.kind,
                "old": self.old.to_json() if self.old else None,
                "new": self.new.to_json() if self.new else None,
                "diff": [list(op) for op in self.word_diff()],
                "official_diff": None if self.kind != "official" else [list(op) for op in self.official_diff()]}


@record(frozen=True)
class CardChange:
    card: SideCard
    fields: tuple[FieldChange, ...]


@record(frozen=True)
class AddedCard:
    card: SideCard
    texts: dict[str, TextVersion]

    @property
    def rewritten(self) -> int:
        return sum(1 for t in self.texts.values() if t.text is not None and t.text != t.original)


@record
class Comparison:
    old: str
    new: str
    compared: int = 0
    #: the tag format's name ("Tag Tamer"), as the report names its texts
    title: str = ""
    added: list[AddedCard] = field(default_factory=list)
    removed: list[SideCard] = field(default_factory=list)
    changed: list[CardChange] = field(default_factory=list)

    @property
    def differs(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def summary(self) -> dict[str, int]:
        kinds = [f.kind for c in self.changed for f in c.fields]
        return {
            "compared": self.compared,
            "added": len(self.added),
            "removed": len(self.removed),
            "changed": len(self.changed),
            "official_texts_changed": sum(1 for k in kinds if k != "rewrite"),
            "rewrites_changed": sum(1 for k in kinds if k == "rewrite"),
        }

    def to_json(self) -> dict:
        return {
            "schema": DIFF_SCHEMA_ID,
            "old": self.old,
            "new": self.new,
            "summary": self.summary(),
            "added": [{"id": a.card.id, "name": a.card.name, "set": a.card.set,
                       "texts": {k: v.to_json() for k, v in a.texts.items()}} for a in self.added],
            "removed": [{"id": c.id, "name": c.name, "set": c.set} for c in self.removed],
            "changed": [{"id": c.card.id, "name": c.card.name, "set": c.card.set,
                         "fields": [f.to_json() for f in c.fields]} for c in self.changed],
        }


def compare(old: Side, new: Side, jobs: int | None = 1) -> Comparison:
    """What differs between two sides: cards added (NEW's order), removed (OLD's order),
    and changed (NEW's order, fields in the pack's text-field order). The cards of a
    database side the comparison reads are rewritten first, in up to ``jobs`` processes."""
    result = Comparison(old.label, new.label, title=new.pack.title)
    field_order = {name: i for i, name in enumerate(new.pack.text_fields)}
    both_databases = old.kind == new.kind == "database"
    if jobs != 1:
        new.rewrite_ahead(list(new.cards), jobs)
        old.rewrite_ahead([card_id for card_id, card in new.cards.items() if card_id in old.cards and
                           not (both_databases and old.cards[card_id].originals == card.originals)], jobs)
    for card_id, card in new.cards.items():
        before = old.cards.get(card_id)
        if before is None:
            result.added.append(AddedCard(card, new.texts(card_id)))
            continue
        result.compared += 1
        if both_databases and before.originals == card.originals:
            # same texts, same compiler: same tag-format text, rewritten once (NEW's) to
            # find a text that cannot be rewritten: it is reported though it did not change
            new.texts(card_id)
            continue
        old_texts, new_texts = old.texts(card_id), new.texts(card_id)
        changes = []
        for name in sorted(set(old_texts) | set(new_texts), key=lambda f: field_order.get(f, len(field_order))):
            a, b = old_texts.get(name), new_texts.get(name)
            if a is not None and b is not None and a.original == b.original and a.text == b.text:
                continue
            changes.append(FieldChange(name, a, b))
        if changes:
            result.changed.append(CardChange(card, tuple(changes)))
    result.removed = [card for card_id, card in old.cards.items() if card_id not in new.cards]
    return result


# ----------------------------------------------------------------------------- word diff

_TOKEN = re.compile(r"\w+(?:['’]\w+)*|\s+|[^\w\s]", re.UNICODE)

#: How much matching the word diff of two texts may do: SequenceMatcher's time grows with
#: the cube of a repetitive text's length ("Both players draw 2 cards. " × 300, 8 KB:
#: 28 s; a 540 KB text never ended). Each search for a longest match is charged the tokens
#: it reads and the places in the other text they occur (its work, at most); the texts of
#: every shipped corpus, against their rewriting or an edited copy, cost at most 42,182
#: (Tag Tamer's EX6-062), and this much takes under a tenth of a second. Past it,
#: see :func:`word_diff`.
WORD_DIFF_BUDGET = 200_000


class _OverBudget(Exception):
    pass


class _BoundedMatcher(difflib.SequenceMatcher):
    """SequenceMatcher (no junk) that raises :class:`_OverBudget` before its searches for a
    longest match have done more than ``budget`` work; within it, the same matches."""

    def __init__(self, a: list[str], b: list[str], budget: int = WORD_DIFF_BUDGET):
        self.budget = budget
        super().__init__(None, a, b, autojunk=False)

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        ahi = len(self.a) if ahi is None else ahi
        places = self.b2j
        self.budget -= (ahi - alo) + sum(len(places.get(token, ())) for token in self.a[alo:ahi])
        if self.budget < 0:
            raise _OverBudget
        return super().find_longest_match(alo, ahi, blo, bhi)


def _opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]] | None:
    """SequenceMatcher's opcodes for ``a`` -> ``b``, None past :data:`WORD_DIFF_BUDGET`."""
    try:
        return _BoundedMatcher(a, b).get_opcodes()
    except _OverBudget:
        return None


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """``old`` -> ``new`` as (op, text) runs: ``=`` same, ``-`` only in old, ``+`` only in new.

    Words, runs of space and single punctuation marks are the units, so
    ``"3 cards."`` -> ``"6 cards."`` is ``[("-", "3"), ("+", "6"), ("=", " cards.")]``.

    Two texts whose diff would cost more than :data:`WORD_DIFF_BUDGET` are diffed
    coarsely, in bounded time: the tokens both begin and end with are kept, and what lies
    between is word-diffed if that is within the budget, else shown as one replacement.
    """
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    runs: list[tuple[str, str]] = []

    def add(op: str, text: str) -> None:
        if not text:
            return
        if runs and runs[-1][0] == op:
            runs[-1] = (op, runs[-1][1] + text)
        else:
            runs.append((op, text))

    start, end_a, end_b = 0, len(a), len(b)
    opcodes = _opcodes(a, b)
    if opcodes is None:
        while start < end_a and start < end_b and a[start] == b[start]:
            start += 1
        while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
            end_a, end_b = end_a - 1, end_b - 1
        add("=", "".join(a[:start]))
        opcodes = (_opcodes(a[start:end_a], b[start:end_b])
                   or [("replace", 0, end_a - start, 0, end_b - start)])
    middle_a, middle_b = a[start:end_a], b[start:end_b]
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            add("=", "".join(middle_a[i1:i2]))
        else:
            add("-", "".join(middle_a[i1:i2]))
            add("+", "".join(middle_b[j1:j2]))
    add("=", "".join(a[end_a:]))
    return runs


def render_word_diff(runs: list[tuple[str, str]], color: bool = False) -> str:
    """``[-removed-]{+added+}`` (as ``git diff --word-diff``), also red/green when ``color``."""
    out = []
    for op, text in runs:
        text = visible(text)  # card text: shown, never obeyed (a colour code in it must not pass as ours)
        if op == "=":
            out.append(text)
        else:  # the markers stay when coloured: they survive copying, and read without colour
            marked = f"[-{text}-]" if op == "-" else f"{{+{text}+}}"
            out.append(f"\x1b[{'31' if op == '-' else '32'}m{marked}\x1b[0m" if color else marked)
    return "".join(out)


def changed_lines(runs: list[tuple[str, str]], color: bool = False) -> list[str]:
    """The lines of a word diff that hold a change, rendered; ``...`` where lines are left out."""
    lines: list[list[tuple[str, str]]] = [[]]
    for op, text in runs:
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i:
                lines.append([])
                if op != "=":  # a removed or added line break shows as the break itself
                    lines[-2].append((op, "⏎"))
            if part:
                lines[-1].append((op, part))
    out: list[str] = []
    skipped = False
    for line in lines:
        if any(op != "=" for op, _ in line):
            if skipped:
                out.append("...")
            out.append(render_word_diff(line, color).rstrip())
            skipped = False
        else:
            skipped = True
    if not out:
        out.append(render_word_diff(runs, color))
    elif skipped:
        out.append("...")
    return out


# ----------------------------------------------------------------------------- report

def report_lines(comparison: Comparison, color: bool = False) -> Iterator[str]:
    """The text report ``tagtext diff`` prints."""
    def bold(s: str) -> str:
        return f"\x1b[1m{s}\x1b[0m" if color else s

    # Data (ids, names, texts, messages) is made visible where it enters a line, so the
    # only control codes a coloured line holds are the colours added here.
    yield bold(f"--- {visible(comparison.old)}")
    yield bold(f"+++ {visible(comparison.new)}")
    if comparison.added:
        yield f"Added: {_cards(len(comparison.added))}"
        for a in comparison.added:
            notes = [_count(len(a.texts), "text"), f"{a.rewritten} rewritten"]
            residuals = sum(len(t.residuals) for t in a.texts.values())
            failed = sum(1 for t in a.texts.values() if t.text is None)
            if residuals:
                notes.append(f"{residuals} residuals")
            if failed:
                notes.append(f"{failed} not rewritten")
            yield f"  + {visible(a.card.id)}  {visible(a.card.name)}  ({', '.join(notes)})"
            for name, t in a.texts.items():
                if t.text is not None and t.text != t.original:  # what its errata line will say
                    yield f"      {visible(name)}: official -> {comparison.title}"
                    for line in changed_lines(word_diff(t.original, t.text), color):
                        yield f"        {line}"
                yield from _review(name, t)
    if comparison.removed:
        yield f"Removed: {_cards(len(comparison.removed))}"
        for c in comparison.removed:
            yield f"  - {visible(c.id)}  {visible(c.name)}"
    if comparison.changed:
        yield f"Changed: {_cards(len(comparison.changed))}"
        for change in comparison.changed:
            yield f"  ~ {visible(change.card.id)}  {visible(change.card.name)}"
            for f in change.fields:
                yield f"      {visible(f.field)}: {_KIND_TEXT[f.kind].format(title=comparison.title)}"
                official = f.official_diff()
                if official is not None:
                    # the official text's own change first (4 -> 3), then what it makes of
                    # the tag-format text (8 -> 6) when that differs (a text no rule rewrites
                    # would only repeat it)
                    for line in changed_lines(official, color):
                        yield f"        {line}"
                    rewritten = f.word_diff()
                    if f.old.text is not None and f.new.text is not None and rewritten != official:
                        yield f"      {visible(f.field)}: {comparison.title} text"
                        for line in changed_lines(rewritten, color):
                            yield f"        {line}"
                else:
                    for line in changed_lines(f.word_diff(), color):
                        yield f"        {line}"
                for side, v in (("old", f.old), ("new", f.new)):
                    if v is not None and v.text is None:
                        yield f"        {side}: not rewritten: {visible(v.error or '')}"
                if f.new is not None:
                    yield from _review(f.field, f.new, indent="        ", with_field=False)
    s = comparison.summary()
    if comparison.differs:
        yield (f"{s['added']} added, {s['removed']} removed, {s['changed']} changed "
               f"({_count(s['official_texts_changed'], 'text')} with a new official text, {s['rewrites_changed']} "
               f"with only a new {comparison.title} text); {_cards(s['compared'])} in both")
    else:
        yield f"No differences: {_cards(s['compared'])} in both."


_KIND_TEXT = {
    "added": "new text field",
    "removed": "text field removed",
    "official": "official text changed",
    "rewrite": "{title} text changed (same official text)",
}


def _review(name: str, t: TextVersion, indent: str = "      ", with_field: bool = True) -> Iterator[str]:
    head = f"{visible(name)}: " if with_field else ""
    for r in t.residuals:
        yield f"{indent}{head}residual {visible(r)}"
    for w in t.warnings:
        yield f"{indent}{head}warning: {visible(w)}"
    if with_field and t.text is None:
        yield f"{indent}{head}not rewritten: {visible(t.error or '')}"


def _cards(n: int) -> str:
    return _count(n, "card")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
