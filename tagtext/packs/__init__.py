"""The installed rule packs, by name (``--pack NAME``): a registry of entry points.

A pack registers itself in its distribution's metadata, in the entry-point group
``tagtext.packs`` (``name = "module:PACK"``), as sqlglot's dialects are found by name:

    [project.entry-points."tagtext.packs"]
    tag-tamer = "tagtext.packs.tag_tamer:PACK"

The shipped packs register the same way (tagtext's own ``pyproject.toml``), so a pack
installed as a distribution of its own is found with no engine edit. A pack is imported
when first asked for; its ``PACK`` must be a :class:`tagtext.packs.base.Pack` whose name
is the entry point's.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from importlib import import_module

from ..errors import TagTextError

#: the entry-point group packs register in
GROUP = "tagtext.packs"
#: the pack commands use when no --pack is given and no input records one: Tag Tamer,
#: the format tagtext was first written for (README)
DEFAULT = "tag-tamer"


class UnknownPack(TagTextError):
    """A pack name no installed pack has."""


class BrokenPack(TagTextError):
    """An installed pack that cannot be loaded, or does not fulfil the contract."""


class PackMismatch(TagTextError):
    """An input made by another pack than the one given (or than the other input's)."""


class EntryPoint:
    """One registered pack: its name and ``module:attribute`` (as importlib.metadata's)."""

    def __init__(self, name: str, value: str):
        self.name, self.value = name, value

    def load(self):
        module, _, attr = self.value.partition(":")
        found = import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else ():
            found = getattr(found, part)
        return found


_DIST = re.compile(r"^(?P<name>[^-]+)(?:-[^-]*)?\.(?:dist|egg)-info$", re.I)


def _registered() -> list[EntryPoint]:
    """The group's entry points of every distribution on ``sys.path``, the first of each
    distribution name only (as ``importlib.metadata.entry_points`` finds them; tests
    check the two agree). Read straight from each distribution's ``entry_points.txt``:
    importing importlib.metadata (its e-mail header parser and all) would cost a short
    ``tagtext rewrite`` a tenth of its start-up. A path entry that is not a folder (a
    zip file) is left to importlib.metadata."""
    found, seen = [], set()
    for entry in sys.path:
        folder = entry or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):  # a zip archive: importlib.metadata reads those
                from importlib import metadata
                for dist in metadata.distributions(path=[entry]):
                    key = _normalised(dist.metadata["Name"] or "")
                    if key not in seen:
                        seen.add(key)
                        found += [EntryPoint(ep.name, ep.value) for ep in dist.entry_points if ep.group == GROUP]
            continue
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            m = _DIST.match(name)
            if m is None:
                continue
            key = _normalised(m.group("name"))
            if key in seen:
                continue
            seen.add(key)
            found += _group_of(os.path.join(folder, name, "entry_points.txt"))
    return found


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _group_of(path: str) -> list[EntryPoint]:
    """This group's entries of one ``entry_points.txt`` (INI: ``[group]``, ``name = value``)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    out, group = [], None
    for line in lines:
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1].strip()
        elif group == GROUP and "=" in line:
            name, value = line.split("=", 1)
            out.append(EntryPoint(name.strip(), value.strip()))
    return out


@functools.lru_cache(maxsize=1)
def _entry_points() -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in sorted(_registered(), key=lambda ep: ep.name):
        other = found.get(ep.name)
        if other is not None and other.value != ep.value:
            raise BrokenPack(f"two installed distributions register the pack {ep.name!r} ({other.value}, "
                             f"{ep.value}); uninstall one of them")
        found[ep.name] = ep
    return found


def names() -> tuple[str, ...]:
    """The installed packs' names, the default pack first, then in name order."""
    found = sorted(_entry_points())
    return tuple(sorted(found, key=lambda name: name != DEFAULT))


def installed() -> str:
    """The installed packs' names, for a message ("tag-tamer, ygo-tag")."""
    return ", ".join(names()) or "none (is tagtext installed? pip install .)"


def get(name: str | None = None):
    """The pack called ``name`` (the default pack for None)."""
    name = DEFAULT if name is None else name  # "" is no pack
    return _load(name)


@functools.lru_cache(maxsize=None)
def _load(name: str):
    from .base import Pack
    ep = _entry_points().get(name)
    if ep is None:
        raise UnknownPack(f"unknown pack {name!r}; installed: {installed()}")
    try:
        pack = ep.load()
    except Exception as e:  # noqa: BLE001 - a third-party pack's import error, in one line
        raise BrokenPack(f"pack {name!r} ({ep.value}) cannot be loaded: {type(e).__name__}: {e}") from None
    if not isinstance(pack, Pack):
        raise BrokenPack(f"pack {name!r} ({ep.value}) is a {type(pack).__name__}, not a tagtext.packs.base.Pack")
    if pack.name != name:
        raise BrokenPack(f"pack {name!r} ({ep.value}) calls itself {pack.name!r}; its entry point and its name "
                         f"must agree")
    return pack


def all_packs() -> list:
    """Every installed pack (each loaded)."""
    return [get(name) for name in names()]


def for_conversion(conversion, given=None):
    """The pack to read a convert output with: the one it records. ``given`` (``--pack``)
    must be that one; an output that records none (a tagtext before it recorded them)
    needs ``given``. Raises a one-line error naming the fix."""
    recorded = conversion.pack
    if recorded is None:
        if given is None:
            raise PackMismatch(f"{conversion.source} does not record the pack that made it (an older tagtext "
                               f"wrote it); give --pack NAME")
        return given
    if given is not None and given.name != recorded:
        raise PackMismatch(f"{conversion.source} was converted with pack {recorded}, not {given.name}; "
                           f"drop --pack or give --pack {recorded}")
    if recorded not in _entry_points():
        raise UnknownPack(f"{conversion.source} was converted with pack {recorded!r}, which is not installed "
                          f"(installed: {installed()}); install it")
    return get(recorded)


def for_database(given=None):
    """The pack to rewrite a card database with: ``given`` (``--pack``), else the default
    pack (the commands' --help says which)."""
    return given if given is not None else get(DEFAULT)


def refuse_other_packs_database(data: bytes, source: str, fmt: str, tried) -> None:
    """Raise :class:`PackMismatch` when another installed pack reads ``data`` as its card
    database (which ``tried`` could not read well): "this looks like a ygo-tag database"."""
    other = guess(data, source, fmt, tried)
    if other is not None:
        raise PackMismatch(f"{source}: this looks like a {other} database, not a {tried.name} one; "
                           f"give --pack {other}")


def load_database(pack, path: str | None):
    """``pack.load_database(path)``, except that a file another installed pack reads as its
    card database (and ``pack`` cannot read, or reads nearly nothing of) is refused naming
    that pack."""
    from ..carddb import DatabaseError, decompress, format_of, read_bytes
    error = None
    try:
        database = pack.load_database(path)
    except DatabaseError as e:
        database, error = None, e
    if path is not None and path != "-" and (database is None or reads_poorly(pack, database)):
        from pathlib import Path
        source = str(Path(path))
        try:
            data, fmt = decompress(read_bytes(path), source, format_of(Path(path).name))
        except (DatabaseError, OSError):
            data = None
        if data is not None:
            refuse_other_packs_database(data, source, fmt, pack)
    if error is not None:
        raise error
    return database


#: how many entries of a database :func:`guess` reads with each other pack before it
#: reads the whole with the one pack they look like
SAMPLE = 2000


def guess(data: bytes, source: str, fmt: str, tried) -> str | None:
    """The name of another installed pack (not ``tried``) that reads ``data`` as a card
    database with nothing wrong with it, or None: what a database given to the wrong pack
    looks like ("this looks like a ygo-tag database"). Each other pack reads the first
    :data:`SAMPLE` entries (:func:`tagtext.carddb.head`), and only one that reads those
    well reads the whole: a database no other pack reads (two million ``{}``) costs the
    check a bounded time, not a reading of the whole file per pack."""
    from ..carddb import DatabaseError, head
    try:
        sample, sample_fmt = head(data, source, fmt, SAMPLE)
    except DatabaseError:
        return None
    for name in names():
        if name == tried.name:
            continue
        if _reads_well(get(name), sample, source, sample_fmt) and \
                (sample is data or _reads_well(get(name), data, source, fmt)):
            return name
    return None


def _reads_well(pack, data: bytes, source: str, fmt: str) -> bool:
    """Whether ``pack`` reads ``data`` as a card database with nothing wrong with it."""
    from ..carddb import DatabaseError
    try:
        database = pack.database_from_bytes(data, source, fmt)
    except (DatabaseError, TagTextError):
        return False
    return bool(database.cards) and database.shape_problem() is None and not database.skipped \
        and in_language(pack, database)


#: kana proper (not ・ or ー alone, which English text may hold)
_KANA = re.compile("[\u3041-\u3096\u30a1-\u30fa]")


def reads_poorly(pack, database) -> bool:
    """Whether ``pack`` reads ``database`` poorly, so that another installed pack that reads
    it well is to be named: its shape is wrong (``shape_problem``), or its texts are not in
    the pack's language (:func:`in_language`)."""
    return database.shape_problem() is not None or not in_language(pack, database)


def in_language(pack, database) -> bool:
    """Whether ``database``'s texts are written in ``pack``'s language as far as their script
    shows: most of them hold kana exactly when the pack reads Japanese. A Japanese card list
    given to a pack of English text (the fields of one game's list may be named as
    another's: ``id`` and ``effect``), or the reverse, is another pack's."""
    texts = [text for _, _, text in database.texts()]
    if not texts:
        return True
    kana = sum(1 for text in texts if _KANA.search(text))
    return (kana * 2 > len(texts)) == (pack.language == "ja")
