"""Rewriting a whole card database: the loop ``convert`` and ``errata`` share.

One bad text never sinks the batch: a text that fails is recorded as a problem of its
card and the rest goes on. Identical texts (reprints, shared inherited effects) are
rewritten once; a card with a special ruling is always rewritten on its own.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Callable, Iterable

from .carddb import Card, Database, Problem
from .errors import TagTextError
from . import packs
from .result import RewriteResult


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


def convert_database(db: Database, pack, progress: Callable[[int], None] | None = None) -> BatchResult:
    """Rewrite every text of every card with ``pack`` (a pack, or an installed pack's
    name). ``progress(n)`` is called after each card."""
    pack = packs.get(pack) if isinstance(pack, str) else pack
    ruled = pack.rulings().cards()
    memo: dict[str, RewriteResult] = {}
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


def convert_card(card: Card, memo: dict[str, RewriteResult] | None, pack) -> CardResult:
    """Rewrite every text of one card with ``pack``; ``memo`` (text -> result) shares
    results between identical texts (None for a card with a special ruling)."""
    result = CardResult(card)
    for name, text in card.texts.items():
        where = f"{card.id} {name}"
        try:
            if memo is not None and text in memo:
                rewritten = memo[text]
            else:
                rewritten = pack.rewrite(text, card_id=card.id, field=name, source=where)
                if memo is not None:
                    memo[text] = rewritten
        except TagTextError as e:
            message = str(e)
            result.errors[name] = message if message.startswith(where) else f"{where}: {message}"
            result.problems.append(Problem(where, str(e), card.id, name))
            continue
        except RecursionError:  # pathological nesting: report it, keep the batch going
            result.errors[name] = f"{where}: text nests too deeply to rewrite"
            result.problems.append(Problem(where, "text nests too deeply to rewrite", card.id, name))
            continue
        if memo is not None and rewritten.card_id != card.id:
            rewritten = _for_card(rewritten, card.id)
        result.results[name] = rewritten
    return result


def _for_card(result: RewriteResult, card_id: str) -> RewriteResult:
    from dataclasses import replace
    return replace(result, card_id=card_id)


def iter_results(batch: BatchResult) -> Iterable[tuple[Card, str, RewriteResult]]:
    for card_result in batch.cards:
        for name, result in card_result.results.items():
            yield card_result.card, name, result
