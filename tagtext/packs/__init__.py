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
from importlib import metadata

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


@functools.lru_cache(maxsize=1)
def _entry_points() -> dict[str, metadata.EntryPoint]:
    found: dict[str, metadata.EntryPoint] = {}
    for ep in sorted(metadata.entry_points(group=GROUP), key=lambda ep: ep.name):
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
