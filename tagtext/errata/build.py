"""Building the errata: load, convert once, work out the pages, write them whole.

:func:`build_errata` is what ``tagtext errata`` runs; :func:`write_errata` renders an
already built model (tests give it crafted results).
"""

from __future__ import annotations

import time
from pathlib import Path

from .. import carddb
from ..batch import convert_database, refuse_strict
from ..convert import load_input
from ..records import record
from .model import Errata, build_model
from .publish import publish_dir

FORMATS = ("html", "wiki")


@record(frozen=True)
class BuildReport:
    out: Path
    format: str
    errata: Errata
    #: paths of the files written, relative to ``out``
    files: tuple[str, ...]
    seconds: float
    #: paths found in ``out`` that tagtext did not write, kept (directories end in "/")
    kept: tuple[str, ...] = ()


def build_errata(db_path: str | Path | None, out: str | Path, fmt: str = "html", pack=None,
                 allow_empty: bool = False, rulings: str | None = None, strict: bool = False,
                 jobs: int | None = 1, notes: bool = True) -> BuildReport:
    """Convert the database at ``db_path`` (None: the shipped one; a ``tagtext convert``
    json or jsonl output is read back as it was published, not rewritten) and write the errata
    to the directory ``out``, replacing a previous build only once this one succeeded.

    ``pack``: the pack given (``--pack``), or None: a conversion's recorded pack, else the
    default pack (:mod:`tagtext.packs`); a conversion of another pack than the one given
    is refused. A database that no longer looks like one (nearly every entry skipped, no
    text) raises :class:`tagtext.carddb.ShapeError` and ``out`` is kept, unless ``allow_empty``.
    ``rulings``: a maintainer's special-ruling table laid over the pack's (``--rulings``);
    ``notes``: False leaves the pack's notes out (``--no-notes``).
    ``strict``: a conversion with residuals or stale rulings raises
    :class:`tagtext.batch.StrictError` and ``out`` is kept. The cards are rewritten in up
    to ``jobs`` processes (None: one per idle core)."""
    started = time.perf_counter()
    database, batch, pack = load_input(db_path, pack, rulings, notes)
    if batch is not None:
        carddb.refuse_shape(batch.read_back_problem(), allow_empty, out)
    else:
        carddb.check_shape(database, allow_empty, out)
        batch = convert_database(database, pack, jobs=jobs)
        carddb.refuse_shape(batch.shape_problem(), allow_empty, out)
    refuse_strict(batch, strict, out)
    attribution = pack.data_source() if db_path is None else None
    errata = build_model(batch, pack.rulings(), attribution)
    kept: list[str] = []
    files = write_errata(errata, out, fmt, kept)
    return BuildReport(Path(out), fmt, errata, tuple(files), time.perf_counter() - started, tuple(kept))


def write_errata(errata: Errata, out: str | Path, fmt: str = "html", kept: list[str] | None = None) -> list[str]:
    """Write ``errata`` to the directory ``out`` in format ``fmt`` (html or wiki), whole
    or not at all; returns the files written, relative to ``out``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown errata format {fmt!r} (expected one of {', '.join(FORMATS)})")
    if fmt == "html":
        from .site import write_site as writer
    else:
        from .wiki import write_wiki as writer
    return publish_dir(out, lambda tmp: writer(errata, tmp), f"tagtext errata --format {fmt}\n", kept)
