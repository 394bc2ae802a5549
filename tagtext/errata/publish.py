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

import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, TypeVar

from ..atomic import signals_held
from ..errors import TagTextError

#: Written into every directory this module publishes; marks it as safe to replace.
MARKER = ".tagtext-errata"
#: The line of the marker after which the files the build wrote are listed.
FILES_HEADER = "# files written by this build (others found here are kept on the next build):"

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
    """
    shown = Path(target)
    target = _resolve(Path(target).absolute(), shown)
    _check_replaceable(target, shown)
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{shown}: cannot create its directory {parent} ({e.strerror or e})") from None
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
            foreign = _foreign(target, set(written))
            _check_no_clash(foreign, tmp, shown)
            for rel in foreign:
                src, dest = target / rel.rstrip("/"), tmp / rel.rstrip("/")
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.rename(src, dest)
                moved.append((src, dest))
            _move_into_place(tmp, target)
        except OSError as e:
            raise _naming(e, tmp, shown) from None
    except BaseException:
        for src, dest in reversed(moved):  # put back what was not tagtext's
            if os.path.lexists(dest) and not os.path.lexists(src):
                os.rename(dest, src)
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
        raise
    if kept is not None:
        kept.extend(foreign)
    return value


def _resolve(target: Path, shown: Path) -> Path:
    """A symbolic link to a directory (or to nothing yet): the path it leads to."""
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
        lines = (target / MARKER).read_text(encoding="utf-8").splitlines()
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
    return error


def _move_into_place(tmp: Path, target: Path) -> None:
    if not os.path.lexists(target):
        os.rename(tmp, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=tmp.parent))
    os.rmdir(old)  # only the unique name is wanted; rename needs it absent
    os.rename(target, old)
    try:
        os.rename(tmp, target)
    except BaseException:
        os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _make_readable(root: Path) -> None:
    """mkdtemp makes a private (0700) directory; give the site the usual permissions."""
    umask = os.umask(0)
    os.umask(umask)
    mode = 0o777 & ~umask
    for dirpath, dirnames, _ in os.walk(root):
        os.chmod(dirpath, mode)
