"""Writing an output directory whole or not at all.

The output is built in a fresh directory next to the target (same file system, so the
final step is a rename) and moved into place only once every file is written. If the
build fails, the temporary directory is removed and the target is untouched.

An existing target is replaced only when it is empty or is a directory this module
wrote before (it holds the :data:`MARKER` file): ``tagtext errata -o ~`` must not
delete a home directory. Replacing is two renames (old out of the way, new in), with
the old put back if the second fails; between them the target is briefly absent.

The marker lists the files the build wrote. Anything else found in the target when it is
replaced (a ``CNAME``, a ``.git/``, a custom stylesheet) was not written by tagtext and is
kept: it is moved into the new build before the swap (a rename, so a ``.git/`` costs
nothing). Should the new build write a file at the same path as one of them, nothing is
replaced and the error lists them. A target that is a symbolic link to a directory is
built next to the directory the link points to, and the link is left as it is.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from ..atomic import check_links, remove_stale, signals_held
from ..errors import TagTextError

#: Written into every directory this module publishes; marks it as safe to replace.
MARKER = ".tagtext-errata"
#: The line of the marker after which the files the build wrote are listed.
FILES_HEADER = "# files written by this build (others found here are kept on the next build):"
#: The largest marker read (it lists a build's files: a few KB).
MAX_MARKER = 16 << 20

T = TypeVar("T")


class OutputError(TagTextError):
    """The output directory cannot be written or replaced."""


def publish_dir(target: str | Path, build: Callable[[Path], T], marker_text: str = "",
                kept: list[str] | None = None) -> T:
    """Call ``build(tmp)`` to fill a temporary directory, then make it ``target``.

    Returns what ``build`` returned. Raises :class:`OutputError` when ``target`` exists
    and is not safe to replace (checked before building and again before replacing).
    ``kept``, when given, receives the paths (relative, directories ending in ``/``) of
    the files found in the old target that tagtext did not write, and kept.

    Runs publishing one target at a time (a lock on the target's parent directory): two
    builds swapping the same directory at once would each take the other's new build for
    the old one and delete the files it keeps. The rebuilt directory keeps the old one's
    permissions and (where this process may set them: as root) its owner.
    """
    shown = Path(target)
    target = _resolve(Path(target).absolute(), shown)
    if os.path.ismount(target):
        raise OutputError(f"{shown}: is a mount point, which tagtext errata cannot replace (it renames a new "
                          f"build over DIR); write into a directory inside it (-o {shown / 'site'})")
    _check_replaceable(target, shown)
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{shown}: cannot create its directory {parent} ({e.strerror or e})") from None
    with _publishing(parent):
        _remove_left_behind(parent, target.name)
        value, foreign = _publish(target, shown, build, marker_text)
    if kept is not None:
        kept.extend(foreign)
    return value


def _publish(target: Path, shown: Path, build: Callable[[Path], T], marker_text: str) -> tuple[T, list[str]]:
    parent = target.parent
    tmp: Path | None = None
    moved: list[tuple[Path, Path]] = []
    try:
        try:
            with signals_held():  # a Ctrl-C or SIGTERM now is delivered once tmp is known
                tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=parent))
        except OSError as e:  # a read-only disk, no permission: name DIR, not the temporary directory
            raise OutputError(f"{shown}: cannot write ({e.strerror or e})") from None
        try:
            value = build(tmp)
            written = _files(tmp)
            text = (marker_text or "written by tagtext errata; replaced on the next build\n").rstrip("\n")
            (tmp / MARKER).write_text(f"{text}\n{FILES_HEADER}\n" + "".join(f"{f}\n" for f in written),
                                      encoding="utf-8")
            _make_readable(tmp)
            _check_replaceable(target, shown)
            _take_over(tmp, target)
            foreign = _foreign(target, set(written))
            _check_no_clash(foreign, tmp, shown)
            for rel in foreign:
                src, dest = target / rel.rstrip("/"), tmp / rel.rstrip("/")
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.rename(src, dest)
                moved.append((src, dest))
            foreign += _move_into_place(tmp, target)
        except OSError as e:
            raise _naming(e, tmp, shown) from None
    except BaseException:
        for src, dest in reversed(moved):  # put back what was not tagtext's
            if os.path.lexists(dest) and not os.path.lexists(src):
                os.rename(dest, src)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    return value, foreign


@contextlib.contextmanager
def _publishing(parent: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``parent`` (flock on the directory: nothing is created,
    and a run killed with SIGKILL drops it) while a directory in it is published."""
    try:
        import fcntl
        fd = os.open(parent, os.O_RDONLY)
    except (ImportError, OSError):  # no flock, or the directory cannot be opened: unlocked
        yield
        return
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _remove_left_behind(parent: Path, name: str) -> None:
    """Remove the temporary directories of builds of ``name`` that were killed before
    they could clean up (SIGKILL). Under the lock no other build of it is running, so
    every one found is left over."""
    pattern = re.compile(rf"\.{re.escape(name)}\.(?:tmp|old)-[a-z0-9_]{{8}}")
    for entry in list(os.scandir(parent)):
        if pattern.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
    remove_stale(parent, name)


def _take_over(tmp: Path, target: Path) -> None:
    """The new build gets the old directory's permissions, and its owner and group where
    this process may set them (root rebuilding a user's site leaves it the user's)."""
    try:
        st = os.stat(target)
    except OSError:
        return
    os.chmod(tmp, stat.S_IMODE(st.st_mode))
    if not hasattr(os, "lchown") or (st.st_uid, st.st_gid) == (os.geteuid(), os.getegid()):
        return
    for dirpath, dirnames, filenames in os.walk(tmp):
        for name in [dirpath, *(os.path.join(dirpath, n) for n in dirnames + filenames)]:
            try:
                os.lchown(name, st.st_uid, st.st_gid)
            except OSError:  # not root: the files stay this user's
                return


def _resolve(target: Path, shown: Path) -> Path:
    """A symbolic link to a directory (or to nothing yet): the path it leads to. A link
    the kernel's protected_symlinks rule would not follow is refused (see
    :func:`tagtext.atomic.check_links`)."""
    try:
        check_links(target)
    except PermissionError as e:
        raise OutputError(f"{shown}: cannot write ({e.strerror})") from None
    if not target.is_symlink():
        return target
    real = Path(os.path.realpath(target))
    if os.path.lexists(real) and not real.is_dir():
        raise OutputError(f"{shown}: is a symbolic link to {real}, which is not a directory; "
                          "choose another output directory")
    return real


def _check_replaceable(target: Path, shown: Path) -> None:
    if not os.path.lexists(target):
        return
    if target.is_symlink() or not target.is_dir():
        raise OutputError(f"{shown}: exists and is not a directory; choose another output directory")
    try:
        entries = os.listdir(target)
    except OSError as e:
        raise OutputError(f"{shown}: cannot read ({e.strerror or e})") from None
    if entries and MARKER not in entries:
        raise OutputError(
            f"{shown}: exists and was not written by tagtext errata (no {MARKER} file); "
            "refusing to replace it. Remove it or choose another output directory"
        )
    if MARKER in entries:
        try:
            st = os.lstat(target / MARKER)
        except OSError as e:
            raise OutputError(f"{shown}: cannot read {MARKER} ({e.strerror or e})") from None
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_MARKER:
            raise OutputError(f"{shown}: its {MARKER} is not a file tagtext errata writes (not a regular file, "
                              "or too large); refusing to replace it. Remove it or choose another output directory")


def _files(root: Path) -> list[str]:
    """Every file under ``root``, relative, sorted (the marker excepted)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in filenames:
            rel = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
            if rel != MARKER:
                out.append(rel)
    return sorted(out)


def _written_before(target: Path) -> set[str] | None:
    """The files the build that wrote ``target`` listed in its marker; None for a marker
    of an older tagtext, which lists none."""
    try:
        with open(target / MARKER, "rb") as f:
            lines = f.read(MAX_MARKER + 1).decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    if FILES_HEADER not in lines:
        return None
    return set(lines[lines.index(FILES_HEADER) + 1:]) - {""}


def _foreign(target: Path, written_now: set[str]) -> list[str]:
    """The paths in the existing ``target`` that tagtext did not write: files and whole
    directories (``.git/``), relative, directories ending in ``/``."""
    if not target.is_dir():
        return []
    before = _written_before(target)
    ours = before if before is not None else written_now
    prefixes = {p.rsplit("/", 1)[0] + "/" for p in ours if "/" in p}
    # every ancestor directory of a file of ours is ours to descend into
    dirs = set()
    for prefix in prefixes:
        parts = prefix.rstrip("/").split("/")
        dirs.update("/".join(parts[:i]) + "/" for i in range(1, len(parts) + 1))
    found: list[str] = []

    def walk(rel: str) -> None:
        for entry in sorted(os.scandir(target / rel) if rel else os.scandir(target), key=lambda e: e.name):
            path = rel + entry.name
            if not rel and entry.name == MARKER:
                continue
            if entry.is_dir(follow_symlinks=False):
                if path + "/" in dirs:
                    walk(path + "/")
                else:
                    found.append(path + "/")
            elif path not in ours:
                found.append(path)

    walk("")
    return found


def _check_no_clash(foreign: list[str], tmp: Path, shown: Path) -> None:
    clashes = [rel for rel in foreign if os.path.lexists(tmp / rel.rstrip("/"))]
    if clashes:
        raise OutputError(
            f"{shown}: holds files tagtext did not write at paths this build writes "
            f"({', '.join(clashes[:5])}{' ...' if len(clashes) > 5 else ''}); nothing replaced: "
            "move them away and build again")


def _naming(error: OSError, tmp: Path, shown: Path) -> OSError | OutputError:
    """An OS error naming a path in the temporary directory, as the same path in DIR."""
    filename = getattr(error, "filename", None)
    if filename and str(filename).startswith(str(tmp)):
        rel = os.path.relpath(filename, tmp)
        where = shown if rel == "." else shown / rel
        return OutputError(f"{where}: cannot write ({error.strerror or error})")
    if not filename:  # a write that failed (a full disk): the file is in DIR
        return OutputError(f"{shown}: cannot write ({error.strerror or error})")
    return error


def _move_into_place(tmp: Path, target: Path) -> list[str]:
    """Swap ``tmp`` in for ``target``. Files that reached the old directory while the
    build ran (another program writing into it) are moved into the new one before the old
    is removed; returns them. If one clashes with a file of the new build, the old
    directory is kept beside ``target`` (``.NAME.old-*``) rather than deleted."""
    if not os.path.lexists(target):
        os.rename(tmp, target)
        return []
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=tmp.parent))
    os.rmdir(old)  # only the unique name is wanted; rename needs it absent
    os.rename(target, old)
    try:
        os.rename(tmp, target)
    except BaseException:
        os.rename(old, target)
        raise
    late = _foreign(old, set())
    clashes = []
    for rel in late:
        src, dest = old / rel.rstrip("/"), target / rel.rstrip("/")
        if os.path.lexists(dest):
            clashes.append(rel)
            continue
        with contextlib.suppress(OSError):
            dest.parent.mkdir(parents=True, exist_ok=True)
            os.rename(src, dest)
    if clashes:
        raise OutputError(f"{target}: files arrived in it during the build at paths the build writes "
                          f"({', '.join(clashes[:5])}); the previous build is kept as {old}")
    shutil.rmtree(old, ignore_errors=True)
    return late


def _make_readable(root: Path) -> None:
    """mkdtemp makes a private (0700) directory; give the site the usual permissions."""
    umask = os.umask(0)
    os.umask(umask)
    mode = 0o777 & ~umask
    for dirpath, dirnames, _ in os.walk(root):
        os.chmod(dirpath, mode)
