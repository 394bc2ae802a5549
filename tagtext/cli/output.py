"""Where a command's output goes: a file given with ``-o OUT`` (written atomically,
gzipped when its name ends in ``.gz``) or stdout (no ``-o``, or ``-o -``).

Output for stdout is rendered whole first and written in pieces, so a failure never
leaves half a document, and a reader that leaves early is noticed (one huge write to a
pipe whose reader left can end short, unreported).
"""

from __future__ import annotations

import contextlib
import io
import tempfile
from typing import Callable, Iterator, TextIO

from ..atomic import atomic_write
from ..convert import is_gzip_name
from . import streams

#: what ``-o`` takes to mean stdout
STDOUT = "-"


def _gzipped(raw):
    """A gzip writer over ``raw`` with no name or time in its header (the same input gives
    the same bytes); gzip is imported only for an output that is gzipped."""
    import gzip
    return gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0)


def to_stdout(output: str | None) -> bool:
    """Whether ``-o`` asks for stdout: not given, or ``-``."""
    return output is None or output == STDOUT


@contextlib.contextmanager
def open_text(output: str) -> Iterator[TextIO]:
    """OUT opened for UTF-8 text with no newline translation, atomically (see
    :mod:`tagtext.atomic`); gzipped when it ends in ``.gz``, with no name or time in the
    gzip header, so the same input gives the same bytes."""
    if not is_gzip_name(output):
        with atomic_write(output, "w", encoding="utf-8", newline="") as out:
            yield out
        return
    with atomic_write(output, "wb") as raw:
        with _gzipped(raw) as zipped:
            with io.TextIOWrapper(zipped, encoding="utf-8", newline="") as out:
                yield out


def write_bytes(output: str, data: bytes) -> None:
    """``data`` to OUT, atomically; gzipped (deterministically) when OUT ends in ``.gz``."""
    with atomic_write(output, "wb") as raw:
        if is_gzip_name(output):
            with _gzipped(raw) as zipped:
                zipped.write(data)
        else:
            raw.write(data)


def print_text(text: str) -> None:
    """``text`` on stdout as UTF-8, whatever the locale, in pieces (see :mod:`.streams`)."""
    streams.print_text(text)


def print_rendered(render: Callable[[TextIO], None]) -> None:
    """What ``render(out)`` writes, on stdout once it has all been written: a failure
    never leaves half a document. It is held in a temporary file beyond 64 MiB (a large
    database's output is not kept in memory twice, as a string and as its bytes)."""
    with tempfile.SpooledTemporaryFile(max_size=64 << 20, mode="w+b") as spool:
        text = io.TextIOWrapper(spool, encoding="utf-8", newline="")
        render(text)
        text.flush()
        spool.seek(0)
        terminal = streams.is_terminal()
        while True:
            piece = text.read(1 << 16) if terminal else spool.read(1 << 16)
            if not piece:
                break
            if terminal:  # text for people: controls made visible
                streams.print_text(piece)
            else:
                streams.write_bytes(piece)
        text.detach()


def print_bytes(data: bytes) -> None:
    """``data`` on stdout, in pieces, flushed."""
    streams.write_bytes(data)
