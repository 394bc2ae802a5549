"""Rewriting a whole card database: the loop ``convert`` and ``errata`` share.

One bad text never sinks the batch: a text that fails is recorded as a problem of its
card and the rest goes on. Identical texts of cards of one type (reprints, shared
inherited effects) are rewritten once; a card with a special ruling is always rewritten
on its own.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .carddb import Card, Database, Problem
from .errors import TagTextError
from . import packs
from .result import RewriteResult


#: A batch of this many different texts, not one of them rewritten, is not in the pack's
#: language (see :meth:`BatchResult.shape_problem`).
MIN_TEXTS = 100


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass
class CardResult:
    card: Card
    #: field -> result, for each text field the card has
    results: dict[str, RewriteResult] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: field -> why its text could not be rewritten (one line); these fields have no result
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return any(r.changed for r in self.results.values())


@dataclass
class BatchResult:
    source: str
    cards: list[CardResult]
    #: problems of the database's entries (skipped entries, duplicate ids ...)
    problems: list[Problem]
    #: the rule pack that rewrote it (a tagtext.packs.base.Pack)
    pack: object

    def shape_problem(self) -> str | None:
        """One line saying what looks wrong when this batch cannot be the conversion of a
        card database in the pack's language, else None: not one text rewritten, when the
        database has many different texts (:data:`MIN_TEXTS`) or when the special rulings
        of its cards are all stale (two or more: one stale ruling is a card's wording
        changing on release day). A database in another language would otherwise replace
        a published conversion or site with one that changes nothing."""
        texts = [r for c in self.cards for r in c.results.values()]
        if not texts or any(r.changed for r in texts) or any(c.problems for c in self.cards):
            return None
        stale = sum(1 for r in texts for w in r.warnings if w.kind == "stale-ruling")
        all_stale = stale >= 2 and not any(r.ruling for r in texts)
        distinct = len({r.original for r in texts})
        if distinct < MIN_TEXTS and not all_stale:
            return None
        title = getattr(self.pack, "title", "the format's")
        rulings = f", and all {stale} special rulings are stale" if all_stale else ""
        return (f"{self.source}: not one of its {plural(len(texts), 'text')} is one the {title} rules "
                f"rewrite{rulings}; is it in another language, or has the cards' wording changed?")

    def read_back_problem(self) -> str | None:
        """What looks wrong with a conversion read back from a file (``tagtext errata``
        and ``tagtext diff`` of a published conversion): the shape checks of a card
        database (:meth:`tagtext.carddb.Database.shape_problem`: no card, no text), then
        nearly every text not rewritten, then :meth:`shape_problem`."""
        fields = tuple(self.pack.text_fields)
        database = Database(self.source, [c.card for c in self.cards], entries=len(self.cards),
                            main_field=fields[0] if fields else "", text_fields=fields)
        problem = database.shape_problem()
        if problem:
            return problem
        texts = sum(len(c.card.texts) for c in self.cards)
        failed = sum(len(c.errors) for c in self.cards)
        if failed * 2 > texts:
            return (f"{self.source}: {failed} of its {texts} texts were not rewritten in this conversion; "
                    f"is it a conversion of a card database?")
        return self.shape_problem()

    def strict_problem(self) -> str | None:
        """What ``--strict`` refuses, in one line: the residuals (text a rule covers but
        cannot rewrite) and stale special rulings of this conversion, and the first of
        them; None when there are none."""
        residuals = [(c.card.id, name, r) for c in self.cards for name, result in c.results.items()
                     for r in result.residuals]
        stale = [(c.card.id, name, w) for c in self.cards for name, result in c.results.items()
                 for w in result.warnings if w.kind == "stale-ruling"]
        if not residuals and not stale:
            return None
        if residuals:
            card, name, r = residuals[0]
            first = f"{card} {name}: residual [{r.rule}] {r.text!r}"
        else:
            card, name, w = stale[0]
            first = f"{card} {name}: stale ruling {w.ruling!r}"
        counts = f"{len(residuals)} residual{'s' * (len(residuals) != 1)}, {len(stale)} stale ruling{'s' * (len(stale) != 1)}"
        return f"{self.source}: --strict: {counts} (the first: {first})"

    def summary(self) -> dict[str, int]:
        texts = [r for c in self.cards for r in c.results.values()]
        return {
            "cards": len(self.cards),
            "texts": len(texts),
            "rewritten": sum(1 for r in texts if r.changed),
            "cards_rewritten": sum(1 for c in self.cards if c.changed),
            "residuals": sum(len(r.residuals) for r in texts),
            "stale_rulings": sum(1 for r in texts for w in r.warnings if w.kind == "stale-ruling"),
            "failed_texts": sum(len(c.problems) for c in self.cards),
            "problems": len(self.problems),
        }


class StrictError(TagTextError):
    """``--strict``: a conversion with residuals or stale special rulings."""


def refuse_strict(batch: BatchResult, strict: bool, output: object = None) -> None:
    """Raise :class:`StrictError` when ``strict`` and ``batch`` has residuals or stale
    rulings: one line naming them and the fix; ``output`` is left as it was."""
    problem = batch.strict_problem() if strict else None
    if problem:
        kept = f"{output} left as it was" if output is not None else "nothing written"
        raise StrictError(f"{problem} — {kept}; settle them with special rulings (`tagtext errata` lists them "
                          f"for the maintainers) or drop --strict")


def convert_database(db: Database, pack, progress: Callable[[int], None] | None = None) -> BatchResult:
    """Rewrite every text of every card with ``pack`` (a pack, or an installed pack's
    name). ``progress(n)`` is called after each card."""
    pack = packs.get(pack) if isinstance(pack, str) else pack
    ruled = pack.rulings().cards()
    memo: dict[tuple[str, str], RewriteResult] = {}
    out: list[CardResult] = []
    # Syntax trees hold no reference cycles: the cyclic collector would only spend time
    # scanning the millions of nodes a batch allocates.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for card in db.cards:
            out.append(convert_card(card, memo if card.id not in ruled else None, pack))
            if progress is not None:
                progress(1)
    finally:
        if collecting:
            gc.enable()
    return BatchResult(db.source, out, list(db.problems), pack)


def convert_card(card: Card, memo: dict[tuple[str, str], RewriteResult] | None, pack) -> CardResult:
    """Rewrite every text of one card with ``pack``. ``memo`` holds the results of texts
    already rewritten, by (card type, text): a rule may read the card's type (a Yu-Gi-Oh!
    Monster's effect is not a Trap's), so only identical texts of cards of one type share
    a result (None for a card with a special ruling).

    A text that cannot be rewritten is recorded (``errors``, ``problems``) and the other
    texts go on: text the grammar cannot read, nesting too deep, and also an error tagtext
    did not expect, which is reported as one ("internal error ...: please report it")
    rather than sinking a whole database."""
    result = CardResult(card)
    for name, text in card.texts.items():
        where = f"{card.id} {name}"
        key = (card.card_type, text)
        try:
            if memo is not None and key in memo:
                rewritten = memo[key]
            else:
                rewritten = pack.rewrite(text, card_id=card.id, field=name, source=where)
                if memo is not None:
                    memo[key] = rewritten
        except TagTextError as e:
            _failed(result, name, where, str(e))
            continue
        except RecursionError:  # pathological nesting: report it, keep the batch going
            _failed(result, name, where, "text nests too deeply to rewrite")
            continue
        except Exception as e:  # noqa: BLE001 - a bug shows on its card, not as a lost batch
            detail = str(e).strip().splitlines()
            _failed(result, name, where, f"internal error ({type(e).__name__}: {detail[0][:200] if detail else ''}); "
                                         "this text was not rewritten: please report it")
            continue
        if memo is not None and rewritten.card_id != card.id:
            rewritten = _for_card(rewritten, card.id)
        result.results[name] = rewritten
    return result


def _failed(result: CardResult, name: str, where: str, message: str) -> None:
    result.errors[name] = message if message.startswith(where) else f"{where}: {message}"
    result.problems.append(Problem(where, message, result.card.id, name, kind="text-not-rewritten",
                                   summary="texts that could not be rewritten"))


def _for_card(result: RewriteResult, card_id: str) -> RewriteResult:
    from dataclasses import replace
    return replace(result, card_id=card_id)


def iter_results(batch: BatchResult) -> Iterable[tuple[Card, str, RewriteResult]]:
    for card_result in batch.cards:
        for name, result in card_result.results.items():
            yield card_result.card, name, result
