"""The deck rules' data, read: the variants and the format's lists (``format.toml``), the
rarity ranks (``rarities.toml``), the blocks (``blocks.toml``) and the 殿堂 list
(``banlist.toml``), with an organiser's own list laid over it per card (``tagtext deck check
--banlist FILE``: a card the organiser's file lists is in the list that file puts it in;
``unlisted`` frees one; what the file says of the list itself, and its ``[dtb] blocks``,
replace the pack's)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from tagtext.deck import BanlistInfo
from tagtext.errors import TagTextError
from tagtext.tomlfile import layered, loads_toml

from .cards import DeckFacts
from .formats import name_key
from .rules import Regulation, Variant

PACKAGE = __name__.rsplit(".", 1)[0]
BANLIST = "banlist.toml"
#: the banlist file's lists
LISTS = ("premium_hall", "hall", "unlisted")
DEFAULT_VARIANT = "DTC"


class BanlistError(TagTextError):
    """A banlist or data file that cannot be read or used: one line naming the file."""


class UnknownVariant(TagTextError):
    """A variant the format does not have."""


@dataclass(frozen=True)
class Banlist:
    """The 殿堂 list a check uses (and DTB's pool)."""

    source: str
    name: str
    last_updated: str
    origin: str
    #: name key -> list ("premium_hall", "hall", "unlisted"), in file order
    lists: dict[str, str] = field(default_factory=dict)
    #: name key -> the name as written
    written: dict[str, str] = field(default_factory=dict)
    pool: tuple[str, ...] = ()
    given: frozenset[str] = frozenset()

    def keys(self, which: str) -> frozenset[str]:
        return frozenset(k for k, v in self.lists.items() if v == which)

    def age(self, today: datetime.date | None = None) -> str:
        """How stale the list is: its date and how long ago that was ("never" if not copied)."""
        try:
            day = datetime.date.fromisoformat(self.last_updated)
        except ValueError:
            return self.last_updated
        days = ((today or datetime.date.today()) - day).days
        return f"{self.last_updated}, {days} day{'s' if days != 1 else ''} ago"

    def info(self, today: datetime.date | None = None) -> BanlistInfo:
        premium, hall = len(self.keys("premium_hall")), len(self.keys("hall"))
        return BanlistInfo(self.name, self.source, self.age(today), premium + hall,
                           f"{premium} プレミアム殿堂, {hall} 殿堂")


def merge(base: Banlist, overlay: Banlist) -> Banlist:
    def pick(key: str, attribute: str):
        return getattr(overlay if key in overlay.given else base, attribute)

    lists = {k: v for k, v in base.lists.items() if k not in overlay.lists}
    lists.update(overlay.lists)
    return Banlist(f"{base.source} + {overlay.source}", pick("name", "name"), pick("last_updated", "last_updated"),
                   pick("source", "origin"), lists, {**base.written, **overlay.written}, pick("dtb", "pool"),
                   base.given | overlay.given)


def load_banlist(path: str | Path | None = None) -> Banlist:
    """The 殿堂 list a deck check uses: the pack's, with the file at ``path`` laid over it
    (read as the engine reads a user's TOML file: bounded, a byte-order mark as Windows
    editors write it allowed, not UTF-8 or not TOML one line)."""
    return layered(PACKAGE, BANLIST, f"dm_tag_commander/deck/{BANLIST}", path, _banlist, merge, BanlistError)


def parse_banlist(text: str, source: str) -> Banlist:
    return _banlist(_toml(text, source), source)


def _banlist(doc: dict, source: str) -> Banlist:
    unknown = sorted(set(doc) - set(LISTS) - {"name", "last_updated", "source", "dtb"})
    if unknown:
        raise BanlistError(f"{source}: unknown key {unknown[0]!r} (lists: {', '.join(LISTS)}; [dtb] blocks)")
    lists: dict[str, str] = {}
    written: dict[str, str] = {}
    for which in LISTS:
        for name in _names(doc.get(which, []), f"{source}: {which}"):
            key = name_key(name)
            if key in lists:
                raise BanlistError(f"{source}: {name!r} is listed twice ({lists[key]}, {which})")
            lists[key] = which
            written[key] = name
    dtb = doc.get("dtb", {})
    if not isinstance(dtb, dict) or set(dtb) - {"blocks"}:
        raise BanlistError(f"{source}: [dtb] takes blocks = [\"block\", \"block\"]")
    pool = tuple(_names(dtb.get("blocks", []), f"{source}: [dtb] blocks"))
    updated = doc.get("last_updated", "unknown")
    if isinstance(updated, datetime.date):
        updated = updated.isoformat()
    # what the file says (an organiser's file replaces only that); [dtb] only with its blocks
    given = frozenset(k for k in doc if k != "dtb") | ({"dtb"} if "blocks" in dtb else frozenset())
    return Banlist(source, str(doc.get("name", "殿堂レギュレーション")), str(updated), str(doc.get("source", "")),
                   lists, written, pool, given)


def variants() -> dict[str, Variant]:
    doc = _format()
    return {name: Variant(name, str(v["title"]), int(v["deck_size"]), bool(v["team_singleton"]),
                          int(v["commander_max_civilizations"]), bool(v["card_pool"]))
            for name, v in doc["variant"].items()}


def variant(name: str | None) -> Variant:
    found = variants()
    if name is None:
        return found[DEFAULT_VARIANT]
    for key, v in found.items():
        if key.casefold() == name.strip().casefold():
            return v
    raise UnknownVariant(f"unknown variant {name!r} of Tag Commander; variants: {', '.join(found)}")


def regulation(facts: DeckFacts, chosen: Variant, banlist: Banlist) -> Regulation:
    doc = _format()
    ranks_doc = _toml(_packaged("rarities.toml"), "rarities.toml")
    ranks = {str(k): int(v) for k, v in ranks_doc["rank"].items()}
    blocks_doc = _toml(_packaged("blocks.toml"), "blocks.toml")
    blocks = {code: block for block, codes in blocks_doc["blocks"].items() for code in codes}
    unknown = [b for b in banlist.pool if b not in blocks_doc["blocks"]]
    if unknown:
        raise BanlistError(f"{banlist.source}: [dtb] blocks: {unknown[0]!r} is no block of blocks.toml "
                           f"({', '.join(blocks_doc['blocks'])})")
    return Regulation(
        facts, chosen, int(doc["minimum_per_civilization"]),
        {zone: tuple(words) for zone, words in doc["zones"].items()},
        tuple(doc["start_in_battle_zone"]["text"]),
        frozenset(name_key(n) for n in doc["start_in_battle_zone"]["names"]),
        frozenset(name_key(n) for n in doc["banned"]["names"]),
        tuple(doc["any_number"]["text"]),
        ranks, ranks[ranks_doc["commander"]], frozenset(ranks_doc["none"]["codes"]),
        blocks, banlist.keys("premium_hall"), banlist.keys("hall"), banlist.pool)


def _format() -> dict:
    return _toml(_packaged("format.toml"), "format.toml")


def _packaged(name: str) -> str:
    return resources.files(PACKAGE).joinpath(name).read_text(encoding="utf-8")


def _toml(text: str, source: str) -> dict:
    return loads_toml(text, source, BanlistError)


def _names(value, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise BanlistError(f"{where} must be a list of card names")
    return [v.strip().strip("《》") for v in value]
