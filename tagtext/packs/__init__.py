"""The installed rule packs, by name (``--pack NAME``)."""

from __future__ import annotations

from importlib import import_module

from ..errors import TagTextError

#: pack name -> module that defines ``PACK``
_PACKS = {
    "tag-tamer": "tagtext.packs.tag_tamer",
    "ygo-tag": "tagtext.packs.ygo_tag",
    "dm-tag-commander": "tagtext.packs.dm_tag_commander",
}
DEFAULT = "tag-tamer"


class UnknownPack(TagTextError):
    """A pack name no installed pack has."""


def names() -> tuple[str, ...]:
    """The installed packs' names."""
    return tuple(_PACKS)


def get(name: str | None = None):
    """The pack called ``name`` (the default pack for None)."""
    name = name or DEFAULT
    try:
        module = _PACKS[name]
    except KeyError:
        raise UnknownPack(f"unknown pack {name!r}; installed: {', '.join(_PACKS)}") from None
    return import_module(module).PACK
