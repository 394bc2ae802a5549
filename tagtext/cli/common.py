"""What every command shares: reading text arguments, and failing in one line."""

from __future__ import annotations

import contextlib
import functools
import os
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
        with errors_exit(1):
            return func(*args, **kwargs)

    return wrapper


@contextlib.contextmanager
def errors_exit(code: int = 1):
    """Within this block, tagtext's own errors and OS errors become one line on stderr and
    exit ``code`` (``tagtext diff --exit-code`` exits 2 on errors, the rest 1); an
    interrupt exits 130, a closed stdout quietly."""
    try:
        yield
    except TagTextError as e:
        fail(str(e), code)
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(code)
    except OSError as e:
        where = f"{e.filename}: " if getattr(e, "filename", None) else ""
        fail(f"{where}{e.strerror or e}", code)
    except KeyboardInterrupt:
        fail("interrupted", 130)


def _quiet_stdout() -> None:
    """The reader of stdout went away (``tagtext convert | head``): stop quietly, as cat
    does, and keep Python from complaining when it flushes stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (tests): nothing to silence
        pass


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


def _resolve_pack(ctx, param, value):
    from .. import packs
    try:
        return packs.get(value)
    except packs.UnknownPack as e:
        raise click.BadParameter(str(e)) from None


def pack_option(func):
    """``--pack NAME``: the rule pack (tag format) to use; the command gets the pack."""
    from .. import packs
    return click.option(
        "--pack", "pack", metavar="NAME", default=packs.DEFAULT, show_default=True, callback=_resolve_pack,
        help=f"The tag format's rule pack ({', '.join(packs.names())}; `tagtext packs` lists them).",
    )(func)
