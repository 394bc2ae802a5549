"""Writing an output directory whole or not at all.

The output is built in a fresh directory next to the target (same file system, so the
final step is a rename) and moved into place only once every file is written. If the
build fails, the temporary directory is removed and the target is untouched.

An existing target is replaced only when it is empty or is a directory this module
wrote before (it holds the :data:`MARKER` file): ``tagtext errata -o ~`` must not
delete a home directory. Replacing is two renames (old out of the way, new in), with
the old put back if the second fails; between them the target is briefly absent.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, TypeVar

from ..errors import TagTextError

#: Written into every directory this module publishes; marks it as safe to replace.
MARKER = ".tagtext-errata"

T = TypeVar("T")


class OutputError(TagTextError):
    """The output directory cannot be written or replaced."""


def publish_dir(target: str | Path, build: Callable[[Path], T], marker_text: str = "") -> T:
    """Call ``build(tmp)`` to fill a temporary directory, then make it ``target``.

    Returns what ``build`` returned. Raises :class:`OutputError` when ``target`` exists
    and is not safe to replace (checked before building and again before replacing).
    """
    target = Path(target).absolute()
    _check_replaceable(target)
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{parent}: cannot create directory ({e.strerror or e})") from None
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp-", dir=parent))
    try:
        value = build(tmp)
        (tmp / MARKER).write_text(marker_text or "written by tagtext errata; replaced on the next build\n",
                                  encoding="utf-8")
        _make_readable(tmp)
        _check_replaceable(target)
        _move_into_place(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return value


def _check_replaceable(target: Path) -> None:
    if not os.path.lexists(target):
        return
    if target.is_symlink() or not target.is_dir():
        raise OutputError(f"{target}: exists and is not a directory; choose another output directory")
    try:
        entries = os.listdir(target)
    except OSError as e:
        raise OutputError(f"{target}: cannot read ({e.strerror or e})") from None
    if entries and MARKER not in entries:
        raise OutputError(
            f"{target}: exists and was not written by tagtext errata (no {MARKER} file); "
            "refusing to replace it. Remove it or choose another output directory"
        )


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
