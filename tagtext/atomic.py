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
import errno
import os
import re
import signal
import stat
import tempfile
import time
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
    if str(path).endswith(("/", os.sep)):  # "out/": a directory is meant, as `> out/` says
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    check_links(given)
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
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp", dir=target.parent)
        _hold(fd)  # in use: a later run's clean-up leaves it alone
        if "b" in mode:
            f = os.fdopen(fd, mode)
        else:
            f = os.fdopen(fd, mode, encoding=encoding, newline=newline)
        with f:
            yield f
            f.flush()
            if fsync:
                os.fsync(f.fileno())
            _take_over(f.fileno(), target)
        os.replace(tmp, target)
    except BaseException as e:
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
        # An error naming the temporary file (mkstemp's, say): name the file being written.
        if isinstance(e, OSError) and (tmp is None or e.filename in (None, tmp, str(target))):
            raise _naming(e, given) from None
        raise
    remove_stale(target.parent, target.name)


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
    try:
        if "b" in mode:
            f = open(path, "wb")
        else:
            f = open(path, "w", encoding=encoding, newline=newline)
        with f:
            yield f
    except OSError as e:  # a write or close error has no file name: name the device (/dev/full)
        if e.filename is None:
            raise _naming(e, path) from None
        raise


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8", fsync: bool = True) -> None:
    """Replace the file at ``path`` with ``text``, atomically (see :func:`atomic_write`)."""
    with atomic_write(path, "w", encoding=encoding, newline="", fsync=fsync) as f:
        f.write(text)


def write_bytes(path: str | os.PathLike[str], data: bytes, *, fsync: bool = True) -> None:
    """Replace the file at ``path`` with ``data``, atomically (see :func:`atomic_write`)."""
    with atomic_write(path, "wb", fsync=fsync) as f:
        f.write(data)


def _take_over(fd: int, target: Path) -> None:
    """Give the new file (open as ``fd``) what the file it replaces had: its permissions,
    never a set-user-ID or set-group-ID bit (as ``cp`` does), and its owner and group
    where this process may set them (root may: a file root rewrites for a user stays
    that user's); a new file gets 0666 minus the umask."""
    try:
        st = os.stat(target)
    except OSError:
        os.fchmod(fd, 0o666 & ~_umask())
        return
    if hasattr(os, "fchown") and (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
        try:
            os.fchown(fd, st.st_uid, st.st_gid)
        except OSError:  # not root: keep the group at least, where it is one of ours
            with contextlib.suppress(OSError):
                os.fchown(fd, -1, st.st_gid)
    os.fchmod(fd, stat.S_IMODE(st.st_mode) & ~(stat.S_ISUID | stat.S_ISGID))


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


# ----------------------------------------------------------------------------- links

#: How many symbolic links a path may pass through (the kernel's limit, ELOOP).
_MAX_LINKS = 40


def check_links(path: str | os.PathLike[str]) -> None:
    """Refuse, as the kernel's ``fs.protected_symlinks`` does, to follow a symbolic link
    that sits in a sticky world-writable directory (``/tmp``) and belongs neither to this
    process's user nor to the directory's owner. The kernel applies the rule when a link is
    opened; tagtext replaces a link's target by renaming a new file over it, which opens
    no link, so it applies the rule itself: otherwise root running ``-o /tmp/x.json`` could
    be made to replace ``/etc/passwd`` by another user's link. Raises PermissionError
    naming ``path``."""
    pending = list(Path(os.path.abspath(path)).parts[1:])
    current = Path(Path(os.path.abspath(path)).anchor)
    hops = 0
    while pending:
        part = pending.pop(0)
        if part in ("", "."):
            continue
        if part == "..":
            current = current.parent
            continue
        step = current / part
        try:
            st = os.lstat(step)
        except OSError:
            return  # the rest does not exist yet: nothing more to follow
        if not stat.S_ISLNK(st.st_mode):
            current = step
            continue
        hops += 1
        if hops > _MAX_LINKS:
            return  # a loop: opening it reports ELOOP
        _check_link(step, st, path)
        link = os.readlink(step)
        pending = list(Path(link).parts) + pending
        if os.path.isabs(link):
            current = Path(Path(link).anchor)
            pending = pending[1:]


def _check_link(link: Path, st: os.stat_result, given) -> None:
    if not hasattr(os, "geteuid"):  # no owners to compare (Windows)
        return
    try:
        directory = os.stat(link.parent)
    except OSError:
        return
    sticky_and_open = directory.st_mode & stat.S_ISVTX and directory.st_mode & stat.S_IWOTH
    if sticky_and_open and st.st_uid != os.geteuid() and st.st_uid != directory.st_uid:
        raise PermissionError(
            errno.EACCES,
            f"{link} is a symbolic link another user (uid {st.st_uid}) owns in the sticky world-writable "
            f"directory {link.parent}: not followed, as the kernel's protected_symlinks rule says",
            str(given))


# ----------------------------------------------------------------------------- left behind

#: A temporary file of :func:`atomic_write`: ``.NAME.PID-RANDOM.tmp`` (older tagtext:
#: ``.NAME.RANDOM.tmp``); mkstemp's random part is 8 of [a-z0-9_].
_TMP = r"\.{name}\.(?:(?P<pid>[0-9]+)-)?[a-z0-9_]{{8}}\.tmp"
#: How old a temporary file whose writer cannot be told apart must be to be removed.
STALE_AFTER = 3600


def _hold(fd: int) -> None:
    """Lock a temporary file for as long as it is open: a run killed with SIGKILL (the
    OOM killer, a CI timeout) drops the lock with the process, and a later run then
    knows its file is left over."""
    with contextlib.suppress(OSError, AttributeError):
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def remove_stale(directory: Path, name: str) -> list[str]:
    """Remove the temporary files of writes of ``name`` in ``directory`` that were
    killed before they could clean up (SIGKILL): files no live writer holds, whose
    writer's process is gone (or, when that cannot be told, an hour old). Returns their
    names; what cannot be removed is left (another user's, say)."""
    pattern = re.compile(_TMP.format(name=re.escape(name)))
    removed = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        m = pattern.fullmatch(entry.name)
        if m is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or _in_use(entry.path):
                continue
            pid = m.group("pid")
            old = time.time() - st.st_mtime > STALE_AFTER
            if not old and (pid is None or _alive(int(pid))):
                continue
            os.unlink(entry.path)
            removed.append(entry.name)
        except OSError:
            continue
    return removed


def _in_use(path: str) -> bool:
    """Whether a live writer holds the file's lock."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): only age tells
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except OSError:
        return True
    finally:
        os.close(fd)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (another user's counts)."""
    if os.name == "nt":  # signal 0 is no probe there: take it to run (only age removes its files)
        return True
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True
