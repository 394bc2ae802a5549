"""What every command shares: reading text arguments, and failing in one line."""

from __future__ import annotations

import functools
import sys

import click

from ..errors import TagTextError


def fail(message: str, code: int = 1) -> "NoReturn":  # noqa: F821
    """Print one line to stderr and exit."""
    click.echo(f"tagtext: error: {message}", err=True)
    sys.exit(code)


def handle_errors(func):
    """Turn tagtext's own errors and OS errors into one line on stderr and exit 1."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except TagTextError as e:
            fail(str(e))
        except OSError as e:
            where = f"{e.filename}: " if getattr(e, "filename", None) else ""
            fail(f"{where}{e.strerror or e}")
        except KeyboardInterrupt:
            fail("interrupted", 130)

    return wrapper


def text_argument(text: str | None) -> str:
    """The TEXT argument, or stdin when it is absent (or "-")."""
    if text is None or text == "-":
        if sys.stdin.isatty():
            fail("no TEXT given and nothing on stdin (see --help)", 2)
        data = sys.stdin.buffer.read()
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            fail(f"<stdin>: not UTF-8 text (byte {e.start})")
    return text
