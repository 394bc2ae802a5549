"""What the deck rules compare with, as data: the territories whose text changes the copy
limit (``territories.toml``) and the organiser's restricted and banned list
(``banlist.toml``, an organiser's file laid over it per card)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from tagtext.deck import BanlistInfo
from tagtext.errors import TagTextError
from tagtext.tomlfile import loads_toml

from .formats import name_key


class BanlistError(TagTextError):
    """A banlist file that cannot be read: one line naming it."""


@dataclass(frozen=True)
class Restriction:
    name: str
    status: str
    copies: int


@dataclass
class Banlist:
    """Name key -> restriction; where it came from and when it was last updated."""

    source: str
    last_updated: str
    cards: dict[str, Restriction] = field(default_factory=dict)

    def info(self) -> BanlistInfo:
        banned = sum(1 for r in self.cards.values() if r.status == "banned")
        return BanlistInfo("Build Divide restricted and banned list", self.source, self.last_updated, len(self.cards),
                           f"{banned} banned, {len(self.cards) - banned} restricted")


def load_banlist(path: str | Path | None = None) -> Banlist:
    """The pack's list (shipped empty), with the file at ``path`` laid over it per card."""
    base = _parse(resources.files(__package__).joinpath("banlist.toml").read_text(encoding="utf-8"),
                  "bd_tag/deck/banlist.toml")
    if path is None:
        return base
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BanlistError(f"{path}: cannot read ({getattr(e, 'strerror', None) or e})") from None
    mine = _parse(raw, str(path))
    return Banlist(f"{base.source} + {mine.source}", mine.last_updated, {**base.cards, **mine.cards})


def _parse(raw: str, source: str) -> Banlist:
    doc = loads_toml(raw, source, BanlistError)
    entries = doc.get("card", [])
    if not isinstance(entries, list):
        raise BanlistError(f"{source}: expected [[card]] entries")
    cards = {}
    for i, entry in enumerate(entries, 1):
        where = f"{source}: card {i}"
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise BanlistError(f"{where}: needs name = \"...\"")
        status = entry.get("status")
        if status not in ("banned", "restricted"):
            raise BanlistError(f"{where}: status must be \"banned\" or \"restricted\", not {status!r}")
        copies = entry.get("copies", 0 if status == "banned" else 1)
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 0:
            raise BanlistError(f"{where}: copies must be a whole number")
        cards[name_key(entry["name"])] = Restriction(entry["name"], status, 0 if status == "banned" else copies)
    return Banlist(source, str(doc.get("last_updated", "unknown")), cards)


@functools.lru_cache(maxsize=1)
def territory_limits() -> dict[str, tuple[int, str]]:
    """A territory's unopened side's name key -> (the most copies per name, its text)."""
    doc = loads_toml(resources.files(__package__).joinpath("territories.toml").read_text(encoding="utf-8"),
                     "bd_tag/deck/territories.toml", TagTextError)
    return {name_key(t["name"]): (int(t["copies"]), t["text"]) for t in doc.get("territory", [])}
