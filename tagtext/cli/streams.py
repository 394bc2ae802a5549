"""Writing to stdout and stderr: every line a command prints goes through here.

- **Text for people** (:func:`echo`: reports, summaries, errors) has its control
  characters made visible (:func:`tagtext.controls.visible`): a card name from a downloaded
  database cannot clear the screen, retitle the window or write the clipboard, on a
  terminal or through ``| cat``. Only tagtext's own colour codes pass.
- **JSON** (:func:`print_json`) keeps every value exact; DEL and the C1 controls, which
  JSON leaves raw, are written as ``\\u00XX`` escapes.
- **Data** (:func:`print_text`: a conversion's CSV or Markdown) is written byte for byte,
  except on a terminal, where it is text for people again.

Everything is UTF-8 whatever the locale (``PYTHONIOENCODING=latin-1`` or ``LC_ALL=C``
cannot make a card's ``＜`` an error or a ``?``), written in pieces (a reader that leaves
early is noticed: one huge write to a pipe can end short, unreported) and flushed. A
closed stdout (``>&-``) is an error, never output silently lost; a closed stderr is
skipped (there is nowhere left to say anything).
"""

from __future__ import annotations

import errno
import io
import json
import sys

from ..controls import json_escaped, visible

#: the name errors give stdout
STDOUT_NAME = "<stdout>"
_PIECE = 1 << 16


class _ClosedRaw(io.RawIOBase):
    """What stands for a stdout the command was started without (``>&-``): every write
    fails as writing to a closed file descriptor does."""

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        raise OSError(errno.EBADF, "Bad file descriptor (stdout is closed)", STDOUT_NAME)


def guard_closed_stdout() -> None:
    """Give a command started with stdout closed (``sys.stdout`` is None) a stdout whose
    writes fail, so click's ``--help``/``--version`` and every command report the lost
    output instead of exiting 0 having printed nothing."""
    if sys.stdout is None:
        sys.stdout = io.TextIOWrapper(_ClosedRaw(), encoding="utf-8", write_through=True)


def write(text: str, *, err: bool = False) -> None:
    """``text`` as UTF-8 on stdout (or stderr), in pieces, flushed. An error writing
    stdout names it (``<stdout>: No space left on device``); a broken pipe goes on up
    (the command stops quietly, as ``cat`` does)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        if err:
            return
        raise OSError(errno.EBADF, "Bad file descriptor (stdout is closed)", STDOUT_NAME)
    try:
        _write(stream, text)
    except BrokenPipeError:
        raise
    except OSError as e:
        if err:
            return  # stderr cannot be written: nowhere to say so
        if e.filename is None:
            raise OSError(e.errno, e.strerror, STDOUT_NAME) from None
        raise


def _write(stream, text: str) -> None:
    binary = getattr(stream, "buffer", None)
    if binary is None:  # a text-only stream (embedding, some test runners): as it is
        for start in range(0, len(text), _PIECE):
            stream.write(text[start:start + _PIECE])
        stream.flush()
        return
    try:
        data = text.encode("utf-8", "surrogateescape")  # a file name's undecodable bytes, as they were
    except UnicodeEncodeError:
        data = text.encode("utf-8", "backslashreplace")
    stream.flush()
    for start in range(0, len(data), _PIECE):
        binary.write(data[start:start + _PIECE])
    binary.flush()


def write_bytes(data: bytes) -> None:
    """``data`` on stdout as it is, in pieces, flushed (errors as :func:`write`)."""
    stream = sys.stdout
    if stream is None or getattr(stream, "buffer", None) is None:
        write(data.decode("utf-8", "surrogateescape"))
        return
    try:
        stream.flush()
        for start in range(0, len(data), _PIECE):
            stream.buffer.write(data[start:start + _PIECE])
        stream.buffer.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        raise OSError(e.errno, e.strerror, e.filename or STDOUT_NAME) from None


def echo(text: str = "", *, err: bool = False, nl: bool = True, color: bool = False) -> None:
    """A line (or lines) for people, its control characters made visible. ``color``: the
    text holds tagtext's own colour codes (its data made visible before they were added)."""
    write(visible(text, keep_sgr=color) + ("\n" if nl else ""), err=err)


def print_json(value: object, indent: int | None = 2) -> None:
    """``value`` as a JSON document on stdout (non-ASCII as it is, DEL and C1 escaped)."""
    write(json_escaped(json.dumps(value, ensure_ascii=False, indent=indent)) + "\n")


def print_text(text: str) -> None:
    """Data on stdout, exactly; on a terminal, text for people (controls made visible)."""
    write(visible(text) if is_terminal() else text)


def is_terminal_in() -> bool:
    """Whether stdin is a terminal (False when it is closed)."""
    try:
        return bool(sys.stdin is not None and sys.stdin.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def is_terminal(err: bool = False) -> bool:
    """Whether stdout (stderr) is a terminal."""
    stream = sys.stderr if err else sys.stdout
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
