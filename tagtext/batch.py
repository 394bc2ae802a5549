"""Rewriting a whole card database: the loop ``convert`` and ``errata`` share.

One bad text never sinks the batch: a text that fails is recorded as a problem of its
card and the rest goes on. Identical texts of cards of one type (reprints, shared
inherited effects) are rewritten once; a card with a special ruling is always rewritten
on its own.

A large batch may be rewritten by several processes (``--jobs``): this one and workers
forked from it, each taking the next run of consecutive cards as it finishes one; the
results are put back in order, and are the same, byte for byte once written, whatever the
number of jobs.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
from dataclasses import field
from typing import Callable, Iterable

from .carddb import Card, Database, Problem
from .errors import TagTextError, interruption
from . import packs
from .records import record
from .result import RewriteResult


#: A batch of this many different texts, not one of them rewritten, is not in the pack's
#: language (see :meth:`BatchResult.shape_problem`).
MIN_TEXTS = 100


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def language_problem(source: str, title: str, texts: int, changed: bool, stale: int, ruled: bool,
                     distinct: int) -> str | None:
    """One line saying what looks wrong when a batch of ``texts`` texts (``distinct`` of
    them different) cannot be the conversion of a card database in the pack's language,
    else None: not one text rewritten (``changed``: some text was, or some could not be),
    when the database has many different texts (:data:`MIN_TEXTS`) or when the special
    rulings of its cards are all stale (two or more, ``stale``, none applied: ``ruled``;
    one stale ruling is a card's wording changing on release day). A database in another
    language would otherwise replace a published conversion or site with one that changes
    nothing."""
    if not texts or changed:
        return None
    all_stale = stale >= 2 and not ruled
    if distinct < MIN_TEXTS and not all_stale:
        return None
    rulings = f", and all {stale} special rulings are stale" if all_stale else ""
    return (f"{source}: not one of its {plural(texts, 'text')} is one the {title} rules "
            f"rewrite{rulings}; is it in another language, or has the cards' wording changed?")


@record
class CardResult:
    """One card of a batch: the result of each of its text fields rewritten, and what went
    wrong with the others."""

    card: Card
    #: field -> result, for each text field the card has
    results: dict[str, RewriteResult] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: field -> why its text could not be rewritten (one line); these fields have no result
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return any(r.changed for r in self.results.values())


@record
class BatchResult:
    """A card database converted: every card's results, in the database's order, and the
    problems of its entries."""

    source: str
    cards: list[CardResult]
    #: problems of the database's entries (skipped entries, duplicate ids ...)
    problems: list[Problem]
    #: the rule pack that rewrote it (a tagtext.packs.base.Pack)
    pack: object

    def shape_problem(self) -> str | None:
        """One line saying what looks wrong when this batch cannot be the conversion of a
        card database in the pack's language, else None (see :func:`language_problem`)."""
        texts = [r for c in self.cards for r in c.results.values()]
        changed = any(r.changed for r in texts) or any(c.problems for c in self.cards)
        if changed:  # (as language_problem answers, without the counts it would not read)
            return None
        return language_problem(
            self.source, getattr(self.pack, "title", "the format's"), len(texts), changed,
            sum(1 for r in texts for w in r.warnings if w.kind == "stale-ruling"),
            any(r.ruling for r in texts), len({r.original for r in texts}))

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
        first_residual = first_residual_of(*residuals[0]) if residuals else None
        first_stale = first_stale_of(*stale[0]) if stale else None
        return strict_problem(self.source, len(residuals), len(stale), first_residual, first_stale)

    def summary(self) -> dict[str, int]:
        """The conversion's counts (the document's ``summary`` and the report's), read in
        one pass over the cards' results."""
        texts = rewritten = cards_rewritten = residuals = stale = failed = 0
        for c in self.cards:
            card_changed = False
            for r in c.results.values():
                texts += 1
                if r.changed:
                    rewritten += 1
                    card_changed = True
                residuals += len(r.residuals)
                for w in r.warnings:
                    if w.kind == "stale-ruling":
                        stale += 1
            cards_rewritten += card_changed
            failed += len(c.problems)
        return {
            "cards": len(self.cards),
            "texts": texts,
            "rewritten": rewritten,
            "cards_rewritten": cards_rewritten,
            "residuals": residuals,
            "stale_rulings": stale,
            "failed_texts": failed,
            "problems": len(self.problems),
        }


class StrictError(TagTextError):
    """``--strict``: a conversion with residuals or stale special rulings."""


def strict_problem(source: str, residuals: int, stale: int, first_residual: str | None,
                   first_stale: str | None) -> str | None:
    """What ``--strict`` refuses, from counts and the first of each (see
    :meth:`BatchResult.strict_problem`)."""
    if not residuals and not stale:
        return None
    first = first_residual if residuals else first_stale
    counts = f"{residuals} residual{'s' * (residuals != 1)}, {stale} stale ruling{'s' * (stale != 1)}"
    return f"{source}: --strict: {counts} (the first: {first})"


def first_residual_of(card: str, name: str, r) -> str:
    return f"{card} {name}: residual [{r.rule}] {r.text!r}"


def first_stale_of(card: str, name: str, w) -> str:
    return f"{card} {name}: stale ruling {w.ruling!r}"


def refuse_strict(batch: BatchResult, strict: bool, output: object = None) -> None:
    """Raise :class:`StrictError` when ``strict`` and ``batch`` has residuals or stale
    rulings: one line naming them and the fix; ``output`` is left as it was."""
    refuse_strict_problem(batch.strict_problem() if strict else None, output)


def refuse_strict_problem(problem: str | None, output: object = None) -> None:
    """Raise :class:`StrictError` for ``problem`` (see :func:`strict_problem`)."""
    if problem:
        kept = f"{output} left as it was" if output is not None else "nothing written"
        raise StrictError(f"{problem} — {kept}; settle them with special rulings (`tagtext errata` lists them "
                          f"for the maintainers) or drop --strict")


def convert_database(db: Database, pack, progress: Callable[[int], None] | None = None,
                     jobs: int | None = 1) -> BatchResult:
    """Rewrite every text of every card with ``pack`` (a pack, or an installed pack's
    name), in up to ``jobs`` processes (None: as many as there are idle cores; see
    :func:`convert_cards`). ``progress(n)`` is called as cards are done."""
    pack = packs.get(pack) if isinstance(pack, str) else pack
    return BatchResult(db.source, convert_cards(db.cards, pack, progress, jobs), list(db.problems), pack)


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
            if interruption(e) is not None:
                raise interruption(e) from None  # Ctrl-C, which arrived in Python's machinery
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


#: Below this much text (characters), a batch is rewritten in one process whatever the
#: jobs asked: starting a second one would cost more than it saves.
PARALLEL_MIN_CHARS = 200_000


def default_jobs() -> int:
    """How many processes a batch uses when not told (``--jobs``): this one, and one more
    for each other core it may run on that is idle (the cores less the 1-minute load
    average, rounded): on a busy machine one job, which a second could only slow down."""
    cores = available_cores()
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):
        busy = 0.0
    return max(1, min(cores, 1 + round(cores - 1 - busy)))


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


#: The most processes a batch runs, per core it may run on: past one per core, another
#: process only waits for a core, holding its own copy of what it rewrote (an unbounded
#: ``--jobs 99999999999999999999`` forked until the system had no process left).
MAX_JOBS_PER_CORE = 2


def convert_cards(cards: list[Card], pack, progress: Callable[[int], None] | None = None,
                  jobs: int | None = 1) -> list[CardResult]:
    """Every card rewritten with ``pack``, in order (what :func:`convert_database` does),
    in up to ``jobs`` processes (None: :func:`default_jobs`). The results are the same
    whatever the jobs: each process rewrites runs of the cards as one job would."""
    jobs = jobs_for(cards, jobs)
    collecting = gc.isenabled()
    gc.disable()  # syntax trees hold no cycles: the collector would only scan them
    try:
        if jobs <= 1:
            return _convert_run(cards, pack, progress)
        return _convert_in_processes(cards, pack, progress, jobs)
    finally:
        if collecting:
            gc.enable()


def jobs_for(cards: list[Card], jobs: int | None) -> int:
    """How many processes rewrite ``cards`` when ``jobs`` are asked for (None: as many as
    :func:`default_jobs`): one for a small batch (less than :data:`PARALLEL_MIN_CHARS` of
    text) or where processes cannot be forked, and never more than
    :data:`MAX_JOBS_PER_CORE` per core available."""
    jobs = default_jobs() if jobs is None else min(jobs, MAX_JOBS_PER_CORE * available_cores())
    if jobs > 1 and (sum(len(t) for c in cards for t in c.texts.values()) < PARALLEL_MIN_CHARS
                     or not _can_fork()):
        return 1
    return jobs


def _convert_run(cards, pack, progress=None, memo: dict | None = None) -> list[CardResult]:
    ruled = pack.rulings().cards()
    memo = {} if memo is None else memo  # identical texts are rewritten once
    out = []
    for card in cards:
        out.append(convert_card(card, memo if card.id not in ruled else None, pack))
        if progress is not None:
            progress(1)
    return out


#: Cards this process rewrites before forking the workers (see _convert_in_processes).
WARM_UP_CARDS = 64

#: How many pieces of about as much text each the cards after the warm-up are cut into,
#: per job: the processes take the next piece as they finish one, so that none waits on
#: another (the cost of a character of text varies along a database: Tag Tamer's first
#: half cost 0.67 s and its second 0.48 s, each a half of the text).
PIECES_PER_JOB = 8

#: The most pieces a batch is cut into: a piece is handed out as one byte (see _Tickets).
MAX_PIECES = 255


def _convert_in_processes(cards, pack, progress, jobs: int) -> list[CardResult]:
    """The cards rewritten by this process and ``jobs - 1`` forked workers: after the
    first cards (rewritten here before forking), the rest is cut into pieces of about as
    much text each, which every process takes in turn, the next one free as it finishes
    one (:class:`_Tickets`). Each worker sends back the results of its pieces (without the
    cards, which this process has) once no piece is left, and the results are put back in
    the cards' order. A piece whose results do not come back (its worker was killed, say)
    is rewritten here; where no process can be forked, this one rewrites them all."""
    # The first cards are rewritten before the workers are forked: the grammar loaded,
    # the parser states' scanners and the rules' regexes compiled once, not in each worker.
    memo: dict = {}
    warm = min(len(cards), WARM_UP_CARDS)
    out = _convert_run(cards[:warm], pack, progress, memo)
    pieces = [(warm + start, warm + end)
              for start, end in _runs(cards[warm:], min(jobs * PIECES_PER_JOB, MAX_PIECES))]
    tickets, workers = None, []
    try:
        tickets = _Tickets(len(pieces))
        for _ in range(jobs - 1):
            workers.append(_Worker(cards, pack, pieces, tickets))
    except OSError:  # no more processes or pipes: the pieces no worker takes are done here
        pass
    try:
        done = {}
        for k in tickets.take() if tickets is not None else ():
            start, end = pieces[k]
            done[k] = _convert_run(cards[start:end], pack, progress, memo)
        for worker in workers:
            for k, results in worker.collect():
                start, end = pieces[k]
                done[k] = [CardResult(card, *result) for card, result in zip(cards[start:end], results)]
                if progress is not None:
                    progress(end - start)
        for k, (start, end) in enumerate(pieces):
            if k not in done:  # (its worker did not send it back)
                done[k] = _convert_run(cards[start:end], pack, progress, memo)
            out += done[k]
        return out
    finally:
        for worker in workers:
            worker.stop()
        if tickets is not None:
            tickets.close()


class _Tickets:
    """The pieces of a batch handed out one at a time, to whichever process asks first: a
    pipe holding one byte per piece, its index, written whole and closed before any worker
    is forked. Each read of one byte takes the next piece, so no piece is taken twice, and
    an empty pipe reads as the end. (No semaphore or shared memory: it works where those
    are missing, in a container without /dev/shm, say.)"""

    def __init__(self, count: int):
        if count > MAX_PIECES:
            raise ValueError(f"{count} pieces: at most {MAX_PIECES} are handed out")
        self._read, write = os.pipe()
        try:
            os.write(write, bytes(range(count)))  # (fewer bytes than a pipe holds: one write)
        finally:
            os.close(write)

    def take(self) -> Iterable[int]:
        """The index of each piece this process takes, until none is left."""
        while True:
            got = os.read(self._read, 1)
            if not got:
                return
            yield got[0]

    def close(self) -> None:
        os.close(self._read)


class _Worker:
    """A forked process that rewrites the pieces it takes (:class:`_Tickets`) and writes
    their results, pickled, to a pipe once no piece is left."""

    def __init__(self, cards, pack, pieces, tickets: _Tickets):
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            raise
        if pid == 0:  # the worker: it never returns into the caller's code
            code = 1
            try:
                os.close(read)
                _worker_signals()
                _send(write, _worker_results(cards, pack, pieces, tickets))
                code = 0
            finally:
                os._exit(code)
        os.close(write)
        self.pid: int | None = pid
        self._read: int | None = read

    def collect(self) -> list:
        """(piece index, its cards' results) for each piece the worker rewrote; none if it
        did not finish (killed, or failed: the caller rewrites what is missing)."""
        f = open(self._read, "rb")  # (the worker writes once it is done)
        self._read = None  # the file closes it: stop() must not close it again (an
        with f:            # interrupt while reading would be lost to "Bad file descriptor")
            data = f.read()
        _, status = os.waitpid(self.pid, 0)
        self.pid = None
        if os.waitstatus_to_exitcode(status) != 0:
            return []
        import pickle
        try:
            return pickle.loads(data)
        except Exception:  # noqa: BLE001 - cut short: as if the worker had sent nothing
            return []

    def stop(self) -> None:
        """The worker stopped and reaped, if it still runs (this process gave up early)."""
        if self._read is not None:
            os.close(self._read)
            self._read = None
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGTERM)
            os.waitpid(self.pid, 0)
            self.pid = None


def _worker_results(cards, pack, pieces, tickets: _Tickets) -> list:
    """In a worker: (piece index, the results of its cards without the cards) for each
    piece it takes."""
    memo: dict = {}
    results = []
    for k in tickets.take():
        start, end = pieces[k]
        results.append((k, [(c.results, c.problems, c.errors) for c in _convert_run(cards[start:end], pack, None, memo)]))
    return results


def _send(fd: int, results: list) -> None:
    import pickle
    with open(fd, "wb") as f:
        f.write(pickle.dumps(results, protocol=pickle.HIGHEST_PROTOCOL))


def _worker_signals() -> None:
    """A worker leaves Ctrl-C to the parent, which stops it; SIGTERM ends it at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _runs(cards: list[Card], jobs: int) -> list[tuple[int, int]]:
    """[start, end) of ``jobs`` runs of consecutive cards holding about as much text each."""
    sizes = [sum(len(t) for t in card.texts.values()) for card in cards]
    total = sum(sizes)
    bounds, start, acc, k = [], 0, 0, 1
    for i, size in enumerate(sizes):
        acc += size
        if k < jobs and acc >= total * k / jobs:
            bounds.append((start, i + 1))
            start, k = i + 1, k + 1
    bounds.append((start, len(cards)))
    return bounds


def _can_fork() -> bool:
    return hasattr(os, "fork")


def iter_results(batch: BatchResult) -> Iterable[tuple[Card, str, RewriteResult]]:
    for card_result in batch.cards:
        for name, result in card_result.results.items():
            yield card_result.card, name, result
