"""What the errata pages show, worked out once from a converted database.

Both outputs (the HTML site and the wiki tables) render this model; neither looks at a
:class:`~tagtext.batch.BatchResult` itself.

- :class:`Errata.sets`: the cards whose text the format changes (or keeps by special
  ruling), grouped by set, each changed text cut into printed / tag-format segments with
  every edit numbered and explained by its rules;
- :class:`Errata.rules`: every rule with one real example, the shortest text in the
  database that rule edited;
- :class:`Errata.rulings`: the special-ruling table, with whether each ruling applied;
- :class:`Errata.flags`: what the maintainers should look at: residuals (text a rule
  covers but cannot rewrite), stale rulings, texts that could not be read, and edits
  that do not reproduce their rewritten text.
"""

from __future__ import annotations

import re
from dataclasses import field, replace
from typing import Iterable, Mapping

from ..notes import split as split_notes
from ..batch import BatchResult, CardResult
from ..carddb import Card, Problem
from ..records import record
from ..result import Residual, RewriteResult
from ..packs.base import Rule as RuleInfo
from ..rulings import Ruling, Table
from .catalog import NO_WORDS, PackWords, translate, words
from .grouping import grouping_of, natural_key
from .spans import Segment, edit_segments, span_segments


@record(frozen=True)
class EditNote:
    """One edit, numbered as on the page, and the rules that made it."""

    number: int
    before: str
    after: str
    rules: tuple[RuleInfo, ...]


@record(frozen=True)
class NoteView:
    """A note the format adds after an ability (the pack's ``note_marker``), shown apart
    from the rewritten text, and the rules that wrote it."""

    text: str
    rules: tuple[RuleInfo, ...]


@record(frozen=True)
class TextView:
    """One text of a card, both sides cut into segments."""

    field: str
    label: str
    printed: tuple[Segment, ...]
    tagtamer: tuple[Segment, ...]
    #: False when the edits do not reproduce the rewritten text (shown unhighlighted).
    consistent: bool
    edits: tuple[EditNote, ...]
    residuals: tuple[Residual, ...]
    warnings: tuple[str, ...]
    #: The special ruling applied to this text, if one was.
    ruling: Ruling | None
    changed: bool
    #: The format's notes on this text, apart from it (the sides show the text without them).
    notes: tuple[NoteView, ...] = ()


@record(frozen=True)
class CardView:
    card: Card
    texts: tuple[TextView, ...]

    @property
    def anchor(self) -> str:
        return anchor("card", self.card.id)

    @property
    def flagged(self) -> bool:
        return any(t.residuals or t.warnings or not t.consistent for t in self.texts)


@record(frozen=True)
class SetView:
    code: str
    cards: tuple[CardView, ...]

    @property
    def anchor(self) -> str:
        return anchor("set", self.code)


@record(frozen=True)
class RuleView:
    info: RuleInfo
    #: How many texts this rule edited.
    texts: int
    #: The example: a real card and its text that this rule edited, if any did.
    example_card: Card | None
    example: TextView | None

    @property
    def id(self) -> str:
        return self.info.id


@record(frozen=True)
class RulingView:
    ruling: Ruling
    #: "applied", "stale", "not applied" or "card not in this database"
    status: str
    detail: str
    #: Anchor of the card's entry on the errata page, when it has one.
    card_anchor: str | None
    #: The id of that card in this database (a ruling may name its card otherwise: by name).
    card_id: str | None = None

    @property
    def anchor(self) -> str:
        return anchor("ruling", self.ruling.id)


@record(frozen=True)
class Flag:
    """Something about one card text the maintainers should look at."""

    card: Card
    field: str
    label: str
    #: "residual", "stale ruling", "unreadable" or "inconsistent edits"
    kind: str
    messages: tuple[str, ...]
    #: The printed text with the flagged spans marked (None when it could not be read).
    segments: tuple[Segment, ...] | None
    #: Anchor of the card's entry on the errata page, when it has one.
    card_anchor: str | None
    #: ``messages`` in the pages' language, as the pages show them (``messages`` are
    #: tagtext's own words, which the command line reports); () when they are the same.
    shown: tuple[str, ...] = ()

    @property
    def messages_shown(self) -> tuple[str, ...]:
        return self.shown or self.messages


@record(frozen=True)
class FormatInfo:
    """The tag format the pages are for, in the words of its pack."""

    #: "Tag Tamer", "Yu-Gi-Oh! Tag Duel"
    title: str
    #: "Digimon Card Game (2020)"
    game: str
    #: one sentence: what the format changes ("teammates share the battle area, ...")
    summary: str
    #: whose printed card text it is
    copyright: str


@record(frozen=True)
class Errata:
    format: FormatInfo
    source: str
    #: Whose card data this is (the shipped database's SOURCE.md), when known.
    attribution: str | None
    sets: tuple[SetView, ...]
    rules: tuple[RuleView, ...]
    rulings: tuple[RulingView, ...]
    flags: tuple[Flag, ...]
    #: Database entries that were skipped or repaired while loading.
    entry_problems: tuple[Problem, ...]
    summary: dict[str, int]
    #: The newest sets in the data, as the pack tells them ("BT26", "EX12"); () if it can't.
    newest_sets: tuple[str, ...] = ()
    #: The game's usual card site (its name), and the link to each shown card's page there.
    card_site: str = ""
    card_urls: dict[str, str] = field(default_factory=dict)
    #: What one group of ``sets`` is ("set", or "letter" for cards listed by name).
    grouping_noun: str = "set"
    grouping_plural: str = "sets"
    #: The language of the card text (the pack's, a BCP 47 tag): the pages' language.
    language: str = "en"
    #: The pack's words for people in that language (its card types, its ruling table's
    #: wordings; the rules and residuals in the model are already in them).
    words: PackWords = NO_WORDS

    @property
    def cards(self) -> int:
        return sum(len(s.cards) for s in self.sets)

    def flag_counts(self) -> dict[str, tuple[int, str]]:
        """What is flagged for the maintainers, by kind: (how many, what they are, in the
        words ``tagtext convert`` uses): residuals and stale rulings are counted one by one,
        as the conversion's summary counts them (a text may hold two), the others by text."""
        counts: dict[str, int] = {}
        for flag in self.flags:
            counts[flag.kind] = counts.get(flag.kind, 0) + (len(flag.messages) if flag.kind in FLAG_NOUNS_EACH else 1)
        return {kind: (counts[kind], FLAG_NOUNS[kind][counts[kind] != 1]) for kind in FLAG_NOUNS if kind in counts}


#: what each kind of flag counts, singular and plural
FLAG_NOUNS = {
    "residual": ("residual", "residuals"),
    "stale ruling": ("stale ruling", "stale rulings"),
    "unreadable": ("unreadable text", "unreadable texts"),
    "inconsistent edits": ("text with inconsistent edits", "texts with inconsistent edits"),
}
#: the kinds counted one by one (a text may hold several), not by text
FLAG_NOUNS_EACH = ("residual", "stale ruling")


# ----------------------------------------------------------------------------- building

class Say:
    """What the model writes for people, in the pages' language: the engine's sentences
    (``catalog``, :func:`tagtext.errata.catalog.words`) and the pack's (``pack``, its
    ``words.toml``). English packs: both empty, everything as written."""

    def __init__(self, catalog: Mapping[str, str] = {}, pack: PackWords = NO_WORDS):
        self.catalog = catalog
        self.pack_words = pack

    @property
    def speaks(self) -> bool:
        """Whether anything is said in another language than as written (English: no)."""
        return bool(self.catalog) or self.pack_words != NO_WORDS

    def __call__(self, sentence: str, **values) -> str:
        """One of the model's own sentences, its values filled in."""
        return self.catalog.get(sentence, sentence) % values if values else self.catalog.get(sentence, sentence)

    def message(self, text: str) -> str:
        """A message from elsewhere (a notice of the engine or the pack about a text)."""
        return self.pack_words.message(translate(self.catalog, text, self.pack_words.messages))

    def residual(self, residual: Residual) -> Residual:
        reason = self.pack_words.residual(residual.reason)
        return residual if reason == residual.reason else replace(residual, reason=reason)


ENGLISH = Say()


def build_model(batch: BatchResult, table: Table, attribution: str | None = None) -> Errata:
    """The errata pages' content for a converted database and the ruling table used."""
    rulings = {r.id: r for r in table.rulings}
    pack = batch.pack
    pack_words = pack.words()
    say = Say(words(pack.language), pack_words)
    registry = {rule.id: pack_words.rule(rule) for rule in pack.rules}
    labels = pack.field_labels
    marker = pack.note_marker
    shown: dict[str, CardView] = {}
    for card_result in batch.cards:
        view = _card_view(card_result, rulings, registry, labels, marker, say)
        if view is not None:
            shown[card_result.card.id] = view
    grouping = grouping_of(pack)
    sets: dict[str, list[CardView]] = {}
    for view in sorted(shown.values(), key=lambda v: grouping.order(v.card)):
        sets.setdefault(grouping.group(view.card), []).append(view)
    summary = dict(batch.summary())
    summary["cards_shown"] = len(shown)
    return Errata(
        format=FormatInfo(pack.title, pack.game, pack.summary, pack.copyright),
        source=batch.source,
        attribution=attribution,
        sets=tuple(SetView(code, tuple(cards)) for code, cards in sorted(sets.items(), key=lambda kv: natural_key(kv[0]))),
        rules=_rule_views(batch, rulings, registry, labels, marker, say),
        rulings=_ruling_views(batch, table, shown, say),
        flags=tuple(_flags(batch, shown, labels, say)),
        entry_problems=tuple(batch.problems),
        summary=summary,
        newest_sets=tuple(pack.newest_sets([c.card for c in batch.cards])),
        card_site=pack.card_site,
        grouping_noun=grouping.noun,
        grouping_plural=grouping.plural,
        language=pack.language,
        words=pack_words,
        card_urls={card_id: url for card_id, view in shown.items()
                   if (url := pack.card_url(view.card))},
    )


def _card_view(card_result: CardResult, rulings: dict[str, Ruling], registry, labels, marker,
               say: Say = ENGLISH) -> CardView | None:
    texts = tuple(
        _text_view(name, result, rulings, registry, labels, marker, say)
        for name, result in card_result.results.items()
        if result.changed or result.ruling
    )
    return CardView(card_result.card, texts) if texts else None


def _text_view(name: str, result: RewriteResult, rulings: dict[str, Ruling], registry, labels,
               marker: str | None = None, say: Say = ENGLISH) -> TextView:
    """One text's view; the pack's notes (lines starting with ``marker``) taken apart."""
    ruling = rulings.get(result.ruling) if result.ruling else None
    changed = result.changed
    result, note_lines = split_notes(result, marker)
    sides = edit_segments(result)
    notes = tuple(
        EditNote(number, edit.before, edit.after, tuple(rule_info(r, registry, say) for r in edit.rules))
        for number, edit in enumerate(result.edits, 1)
    )
    return TextView(
        field=name,
        label=labels.get(name, name),
        printed=sides.printed,
        tagtamer=sides.tagtamer,
        consistent=sides.consistent,
        edits=notes if sides.consistent else (),
        residuals=tuple(say.residual(r) for r in result.residuals),
        warnings=tuple(say.message(str(w)) for w in result.warnings) if say.speaks else result.warnings,
        ruling=ruling,
        changed=changed,
        notes=tuple(NoteView(n.text, tuple(rule_info(r, registry, say) for r in n.rules)) for n in note_lines),
    )


def rule_info(rule_id: str, registry: dict[str, RuleInfo], say: Say = ENGLISH) -> RuleInfo:
    """The pack's rule ``rule_id``, or a placeholder naming an unknown rule."""
    info = registry.get(rule_id)
    if info is None:
        info = RuleInfo(rule_id, rule_id, "", say(UNKNOWN_RULE))
    return info


UNKNOWN_RULE = "This rule id is not described in tagtext's rule registry."


def _rule_views(batch: BatchResult, rulings: dict[str, Ruling], registry, labels, marker,
                say: Say = ENGLISH) -> tuple[RuleView, ...]:
    """Each rule with its example: the shortest text it edited (ties: lowest card id)."""
    counts: dict[str, int] = {}
    best: dict[str, tuple[tuple, Card, str, RewriteResult]] = {}
    for card_result in batch.cards:
        for name, result in card_result.results.items():
            used = {rule for edit in result.edits for rule in edit.rules}
            if not used:
                continue
            usable = edit_segments(result).consistent  # never show a wrong highlight as the example
            for rule in used:
                counts[rule] = counts.get(rule, 0) + 1
                key = (len(result.original), natural_key(card_result.card.id), name)
                if usable and (rule not in best or key < best[rule][0]):
                    best[rule] = (key, card_result.card, name, result)
    ids = list(registry) + sorted(set(counts) - set(registry))
    views = []
    for rule_id in ids:
        example = best.get(rule_id)
        views.append(RuleView(
            info=rule_info(rule_id, registry, say),
            texts=counts.get(rule_id, 0),
            example_card=example[1] if example else None,
            example=_text_view(example[2], example[3], rulings, registry, labels, marker, say) if example else None,
        ))
    return tuple(views)


def _ruling_views(batch: BatchResult, table: Table, shown: dict[str, CardView],
                  say: Say = ENGLISH) -> tuple[RulingView, ...]:
    """Each ruling with what became of it. A ruling's cards are the ones the table gives it
    (``table.for_card``: by id, or as the pack's table names cards, Duel Masters' by name);
    a ruling on a card printed under several ids is applied if it was to any of them."""
    ruled: dict[str, list[CardResult]] = {}
    for card_result in batch.cards:
        for ruling in table.for_card(card_result.card.id):
            ruled.setdefault(ruling.id, []).append(card_result)
    views = []
    for ruling in table.rulings:
        results = ruled.get(ruling.id, [])
        shown_ids = [c.card.id for c in results if c.card.id in shown]
        if not results:
            status, detail = "card not in this database", say(NOT_IN_DATABASE, card=ruling.card, source=batch.source)
        else:
            status, detail = _ruling_status(ruling, results, say)
        first = shown_ids[0] if shown_ids else None
        views.append(RulingView(ruling, status, detail, shown[first].anchor if first else None, first))
    return tuple(views)


def _ruling_status(ruling: Ruling, card_results: list[CardResult], say: Say = ENGLISH) -> tuple[str, str]:
    """"applied", "stale" or "not applied", and why: applied to one of the ruling's cards,
    else the first card's stale warning, else not applied."""
    texts = [c.results.get(ruling.field) for c in card_results]
    if any(result is not None and result.ruling == ruling.id for result in texts):
        return "applied", _mode_sentence(ruling)
    stale = [say.message(str(w)) for result in texts for w in (result.warnings if result else ())
             if w.kind == "stale-ruling" and w.ruling == ruling.id]
    if stale:
        return "stale", say("; ").join(stale)
    if all(result is None for result in texts):
        return "not applied", say(NO_TEXT, card=ruling.card, field=ruling.field)
    return "not applied", NOT_APPLIED


#: the model's own sentences about a ruling (the pages' catalogs translate them)
NOT_IN_DATABASE = "%(card)s is not in %(source)s."
NO_TEXT = "%(card)s has no %(field)s text in this database."
NOT_APPLIED = "The conversion did not apply this ruling and gave no warning about it."


def _mode_sentence(ruling: Ruling) -> str:
    return {
        "keep": "The effect is kept as printed.",
        "replace": "The effect is replaced by the ruling's text.",
        "append": "The effect is rewritten by the rules and the ruling's sentence follows it.",
    }.get(ruling.mode, ruling.mode)


def _flags(batch: BatchResult, shown: dict[str, CardView], labels, say: Say = ENGLISH) -> Iterable[Flag]:
    for card_result in sorted(batch.cards, key=lambda c: natural_key(c.card.id)):
        card = card_result.card
        card_anchor = shown[card.id].anchor if card.id in shown else None
        for problem in card_result.problems:
            name = problem.field
            text = card.texts.get(name)
            message = shown_message = problem.message
            if message.startswith(problem.where):  # card and field are shown already
                message = message[len(problem.where):].lstrip(": ")
                message, shown_message = ENGLISH(AT, where=message), say(AT, where=say.message(message))
            else:
                shown_message = say.message(message)
            yield Flag(card, name, labels.get(name, name), "unreadable", (message,),
                       (Segment(text),) if text is not None else None, card_anchor, _shown((message,), (shown_message,)))
        for name, result in card_result.results.items():
            label = labels.get(name, name)
            if result.residuals:
                messages = tuple(ENGLISH(RESIDUAL, rule=r.rule, text=r.text, reason=r.reason) for r in result.residuals)
                yield Flag(
                    card, name, label, "residual", messages,
                    span_segments(result.original, ((r.start, r.end, r.rule) for r in result.residuals)),
                    card_anchor,
                    _shown(messages, tuple(say(RESIDUAL, rule=r.rule, text=r.text, reason=say.residual(r).reason)
                                           for r in result.residuals)),
                )
            stale = tuple(str(w) for w in result.warnings if w.kind == "stale-ruling")
            if stale:
                yield Flag(card, name, label, "stale ruling", stale, (Segment(result.original),), card_anchor,
                           _shown(stale, tuple(say.message(m) for m in stale)))
            if result.edits and not edit_segments(result).consistent:
                yield Flag(card, name, label, "inconsistent edits", (INCONSISTENT,),
                           (Segment(result.original),), card_anchor, _shown((INCONSISTENT,), (say(INCONSISTENT),)))


def _shown(messages: tuple[str, ...], shown: tuple[str, ...]) -> tuple[str, ...]:
    """A flag's messages as the pages show them: () when they are tagtext's own words."""
    return () if shown == messages else shown


#: the model's own sentences about a flagged text
AT = "at %(where)s"
RESIDUAL = "[%(rule)s] \u201c%(text)s\u201d: %(reason)s"
INCONSISTENT = "The edits do not reproduce the rewritten text; shown without highlights."

#: every sentence the model writes for people (the catalogs' keys beside the templates')
SENTENCES = (UNKNOWN_RULE, NOT_IN_DATABASE, NO_TEXT, NOT_APPLIED, "; ", AT, RESIDUAL, INCONSISTENT)


# ----------------------------------------------------------------------------- names

def shorten(text: str, width: int = 90) -> str:
    """``text`` on one line, cut in the middle when longer than ``width`` (the highlighted
    text shows it whole; the list of changes only has to say which it is)."""
    if not text.strip():
        return text
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    head = (width * 2) // 3
    tail = width - head - 3
    # cut between words: a word is never shown in part ("the memory c … ards")
    start, end = text[:head + 1].rsplit(" ", 1)[0], text[-tail - 1:].split(" ", 1)[-1]
    return start.rstrip() + " \u2026 " + end.lstrip()


def anchor(kind: str, value: str) -> str:
    """A fragment id for ``value``, a different one for each value: ASCII letters, digits,
    ``-`` and ``.`` kept, any other character written ``_HEX_`` (``BT1 001`` ->
    ``card-BT1_20_001``, ``BT1/001`` -> ``card-BT1_2f_001``, never ``card-BT1-001``,
    which is BT1-001's)."""
    return f"{kind}-" + _UNSAFE.sub(lambda m: f"_{ord(m.group()):x}_", value)


_UNSAFE = re.compile(r"[^A-Za-z0-9.-]")



class FileNames:
    """Distinct file names, also where file names ignore case (macOS, Windows):
    :meth:`take` gives ``stem + suffix`` if it is free, else ``stem-2``, ``stem-3`` ...
    Each stem counts on from where it stopped, so a thousand groups whose names all make
    one stem (CJK set codes all make "-") are named in one pass, not by a search from 2
    each time (quadratic)."""

    def __init__(self, taken=()):
        self._taken = {name.casefold() for name in taken}
        self._next: dict[str, int] = {}

    def free(self, name: str) -> bool:
        return name.casefold() not in self._taken

    def claim(self, name: str) -> None:
        self._taken.add(name.casefold())

    def take(self, stem: str, suffix: str) -> str:
        """``stem + suffix`` if free, else the next free ``stem-N + suffix``."""
        name = stem + suffix
        if self.free(name):
            self.claim(name)
            return name
        return self.numbered(stem, suffix)

    def numbered(self, stem: str, suffix: str) -> str:
        """The next free ``stem-N + suffix``, N from 2."""
        key = f"{stem}\0{suffix}".casefold()
        n = self._next.get(key, 2)
        while not self.free(f"{stem}-{n}{suffix}"):
            n += 1
        self._next[key] = n + 1
        name = f"{stem}-{n}{suffix}"
        self.claim(name)
        return name
