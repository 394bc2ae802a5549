"""Reading an input whole, with a bound on what it may cost.

Every file tagtext reads (a card database, a deck, a special-ruling table, a conversion)
is read through :func:`read_limited`, and every gzip file is expanded through
:func:`gunzip`. An input that is endless (``/dev/zero``, a FIFO that never closes its
end), larger than tagtext will hold in memory, or a gzip file that expands far beyond
what card data does (a "gzip bomb": 2 MB that expand to 2 GB) is refused in one line
before it can exhaust the memory; so is running out of memory while reading.

Callers turn :class:`InputError` (and :class:`OSError`) into their own one-line error
naming the file.
"""

from __future__ import annotations

import os
import stat
import sys
import zlib
from pathlib import Path

#: The most bytes read from one input, or expanded from one gzip file (1 GiB).
MAX_INPUT = 1 << 30
#: A gzip file may expand to this many times its size ...
MAX_RATIO = 100
#: ... or to this much, whichever is more (a small file of very repetitive JSON is fine).
MIN_EXPANDED = 64 << 20
#: The first bytes of every gzip file.
GZIP_MAGIC = b"\x1f\x8b"
_CHUNK = 1 << 20


class InputError(Exception):
    """An input refused: endless, too large, out of memory, closed, or bad gzip data.
    The message says why, without naming the input (the caller does)."""


def size_text(n: int) -> str:
    """``1 GiB``, ``64 MiB``, ``199 MiB``, ``512 KiB``: a size for people (rounded)."""
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{round(n / (1 << shift))} {unit}"
    return f"{n} bytes"


def read_limited(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of ``path`` (``"-"``: stdin), at most ``limit`` of them (default
    :data:`MAX_INPUT`): a larger or endless input raises :class:`InputError`. A file that
    cannot be opened raises the :class:`OSError` of :func:`open`."""
    limit = MAX_INPUT if limit is None else limit
    if str(path) == "-":
        stdin = sys.stdin
        if stdin is None:
            raise InputError("cannot read (stdin is closed)")
        return _read_stream(getattr(stdin, "buffer", stdin), limit)
    with open(path, "rb") as f:
        try:
            st = os.fstat(f.fileno())
        except (OSError, ValueError):
            st = None
        if st is not None and stat.S_ISREG(st.st_mode) and st.st_size > limit:
            raise InputError(f"{st.st_size} bytes, more than tagtext reads ({size_text(limit)})")
        return _read_stream(f, limit)


def _read_stream(stream, limit: int) -> bytes:
    try:
        data = bytearray()
        while True:
            piece = stream.read(min(_CHUNK, limit + 1 - len(data)))
            if not piece:
                break
            if isinstance(piece, str):  # a text-only stdin (embedding)
                piece = piece.encode("utf-8", "surrogateescape")
            data += piece
            if len(data) > limit:
                raise InputError(f"more than tagtext reads ({size_text(limit)}); is it endless?")
        return bytes(data)
    except MemoryError:
        raise InputError("out of memory reading it") from None


def expansion_limit(compressed: int) -> int:
    """How much a gzip file of ``compressed`` bytes may expand to."""
    return min(MAX_INPUT, max(MIN_EXPANDED, MAX_RATIO * compressed))


def gunzip(data: bytes, limit: int | None = None) -> bytes:
    """``data`` (gzip, one member or more) expanded, streaming, to at most ``limit``
    bytes (default: :func:`expansion_limit`); beyond it, or for data that is not
    gzip, :class:`InputError`."""
    if limit is None:
        limit = expansion_limit(len(data))
    out = bytearray()
    rest = data
    try:
        while True:
            unzip = zlib.decompressobj(16 + zlib.MAX_WBITS)
            pending = rest
            while pending and not unzip.eof:
                out += unzip.decompress(pending, _CHUNK)
                if len(out) > limit:
                    raise InputError(f"gzip data that expands to more than {size_text(limit)} "
                                     f"({MAX_RATIO} times its size, at most {size_text(MAX_INPUT)}): "
                                     "not card data")
                pending = unzip.unconsumed_tail
            if not unzip.eof:
                raise InputError("not a readable gzip file (it ends before the end of its compressed data)")
            rest = unzip.unused_data
            if not rest.strip(b"\x00"):
                return bytes(out)
            if not rest.startswith(GZIP_MAGIC):
                raise InputError("not a readable gzip file (bytes that are not gzip data follow it)")
    except zlib.error as e:
        raise InputError(f"not a readable gzip file ({e})") from None
    except MemoryError:
        raise InputError("out of memory expanding it") from None


def is_gzip(data: bytes) -> bool:
    """Whether ``data`` starts as a gzip file does."""
    return data[:2] == GZIP_MAGIC


def path_name(path: str | os.PathLike[str]) -> str:
    """How errors name an input: ``<stdin>`` for ``-``."""
    return "<stdin>" if str(path) == "-" else str(Path(path))


def not_utf8(data: bytes, error: UnicodeDecodeError, offset: int = 0) -> tuple[int, str]:
    """Where ``data`` stops being UTF-8 and what it may be instead, for a one-line error:
    (the line of the first bad byte, ``not UTF-8 text (byte 20); it looks like Shift_JIS
    (CP932): save it as UTF-8``). ``offset``: where ``data`` starts in the file. A text
    saved by a Japanese Windows editor is Shift_JIS; one saved as "Unicode", UTF-16."""
    line = data[: error.start].count(b"\n") + 1
    return line, f"not UTF-8 text (byte {offset + error.start}){_other_encoding(data)}"


#: how much of a file is tried as another encoding (a hint, not a reading)
_SAMPLE = 1 << 16


def _other_encoding(data: bytes) -> str:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "; it is UTF-16: save it as UTF-8"
    sample = data[:_SAMPLE]
    try:
        sample.decode("cp932")
    except UnicodeDecodeError as e:
        cut_in_a_character = len(sample) < len(data) and e.start == len(sample) - 1
        if not cut_in_a_character:
            return ""
    return "; it looks like Shift_JIS (CP932): save it as UTF-8"
