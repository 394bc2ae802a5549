"""Writing files atomically: the new content appears all at once, or not at all.

A reader (or a web server, or the next ``tagtext diff``) never sees half a file, and a run
that fails or is interrupted half-way leaves the previous file as it was and no temporary
file behind::

    from tagtext.atomic import atomic_write, write_text

    with atomic_write("out/cards.json") as f:      # text, UTF-8
        for chunk in chunks:
            f.write(chunk)                         # an exception here: out/cards.json untouched

    write_text("site/index.html", html)            # the same, for content already in memory

How: the content is written to a temporary file in the target's own directory (so the
final step is a rename within one file system), flushed to disk, then moved over the
target with :func:`os.replace`, which is atomic on POSIX and Windows. The new file gets
the permissions of the file it replaces, or the usual ones for a new file (0666 minus the
umask) rather than the temporary file's 0600.

Only a regular file (or a path where nothing is yet) is replaced this way. Through a
symbolic link, the file the link points to is replaced, atomically, next to that file (the
link stays). A device (``/dev/null``, ``/dev/stdout``), a named pipe or another file that is
not a regular one is written straight into, as ``>`` in a shell does: renaming over it would
replace the device or pipe itself with a regular file.

Errors are :class:`OSError` naming the *target* path (not the temporary file), so callers
can report them as they would an error of :func:`open`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
from pathlib import Path
from typing import IO, Iterator

__all__ = ["atomic_write", "write_text", "write_bytes"]


@contextlib.contextmanager
def atomic_write(
    path: str | os.PathLike[str],
    mode: str = "w",
    *,
    encoding: str | None = "utf-8",
    newline: str | None = None,
    fsync: bool = True,
) -> Iterator[IO]:
    """Open a temporary file next to ``path``; on a clean exit, move it over ``path``.

    ``mode`` is ``"w"`` (text; ``encoding`` and ``newline`` as for :func:`open`) or
    ``"wb"`` (bytes). If the ``with`` block raises anything, KeyboardInterrupt included,
    the temporary file is removed, ``path`` is left as it was, and the exception goes on.
    ``fsync=False`` skips forcing the data to disk before the rename (faster, for files
    that are cheap to rebuild after a power cut).
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_write: mode must be 'w' or 'wb', not {mode!r}")
    given = Path(path)
    if writes_straight(given):
        with _straight(given, mode, encoding, newline) as f:
            yield f
        return
    target = replaced_path(given)
    tmp = None
    try:
        # Ctrl-C or SIGTERM arriving while the temporary file is being made is held back
        # until it has a name here, so the cleanup below always knows what to remove.
        with signals_held():
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        if "b" in mode:
            f = os.fdopen(fd, mode)
        else:
            f = os.fdopen(fd, mode, encoding=encoding, newline=newline)
        with f:
            yield f
            f.flush()
            if fsync:
                os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except BaseException as e:
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        # An error naming the temporary file (mkstemp's, say): name the file being written.
        if isinstance(e, OSError) and (tmp is None or e.filename in (None, tmp, str(target))):
            raise _naming(e, given) from None
        raise


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Block SIGINT and SIGTERM for the duration (where the platform allows it); a signal
    that arrives meanwhile is delivered when the block ends."""
    held = (signal.SIGINT, signal.SIGTERM)
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask (Windows)
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def writes_straight(path: Path) -> bool:
    """Whether ``path`` is written straight into rather than replaced: it exists (through
    any symbolic links) and is not a regular file (a device, a named pipe, a socket), or it
    is a device path such as ``/dev/stdout`` that leads into ``/dev`` or ``/proc``."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode):
        return not stat.S_ISDIR(st.st_mode)  # a directory: let the rename report it
    real = os.path.realpath(path)
    return real.startswith(("/dev/", "/proc/")) or str(path).startswith(("/dev/", "/proc/"))


def replaced_path(path: Path) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the end of its chain of
    symbolic links (even a dangling one: the file is created where the link points)."""
    if not os.path.islink(path):
        return path
    return Path(os.path.realpath(path))


@contextlib.contextmanager
def _straight(path: Path, mode: str, encoding: str | None, newline: str | None) -> Iterator[IO]:
    if "b" in mode:
        f = open(path, "wb")
    else:
        f = open(path, "w", encoding=encoding, newline=newline)
    with f:
        yield f


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", fsync: bool = True) -> None:
    """Replace the file at ``path`` with ``text``, atomically (see :func:`atomic_write`)."""
    with atomic_write(path, "w", encoding=encoding, newline="", fsync=fsync) as f:
        f.write(text)


def write_bytes(path: str | os.PathLike[str], data: bytes, *, fsync: bool = True) -> None:
    """Replace the file at ``path`` with ``data``, atomically (see :func:`atomic_write`)."""
    with atomic_write(path, "wb", fsync=fsync) as f:
        f.write(data)


def _mode_for(target: Path) -> int:
    """Permissions for the new file: those of the file it replaces, else 0666 & ~umask."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    # os.umask can only be read by setting it; set it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _naming(error: OSError, target: Path) -> OSError:
    """The same error, naming ``target`` instead of the temporary file."""
    if error.errno is None:
        return error
    return type(error)(error.errno, error.strerror, str(target))
