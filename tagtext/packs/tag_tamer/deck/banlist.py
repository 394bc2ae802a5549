"""The pack's banlist file (``banlist.toml``): the format's own banned and restricted cards
and banned pairs, with when the list was last updated and where it came from; and a
maintainer's own banlist file, in the same format, laid over it per card (:func:`merge`)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from tagtext.deck import BanlistInfo
from tagtext.errors import TagTextError
from tagtext.tomlfile import layered, loads_toml

from .formats import normalise_id

PACKAGE = __name__.rsplit(".", 1)[0]
FILE = "banlist.toml"
REGIONS = ("english", "japanese", "korean", "chinese")


class BanlistError(TagTextError):
    """A banlist file that cannot be read: one line naming the file."""


@dataclass(frozen=True)
class BannedPair:
    """Cards a team may not hold together: any of ``cards`` with any of ``with_``."""

    cards: tuple[str, ...]
    with_: tuple[str, ...]


@dataclass(frozen=True)
class Banlist:
    source: str
    format: str
    last_updated: str
    origin: str
    status: str
    reviewed: str
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    banned_pairs: tuple[BannedPair, ...] = ()
    #: the column of a database's ``restrictions`` to read; "" to ignore them
    database_column: str = "english"
    #: cards free of any ban or restriction, the card database's included (a maintainer's
    #: file lists here a card the pack's list or the database restricts, to free it)
    unrestricted: frozenset[str] = frozenset()
    #: the top-level keys the file gave (a maintainer's file keeps the pack's others)
    given: frozenset[str] = frozenset()

    def sizes(self) -> str:
        return f"{len(self.banned)} banned, {len(self.restricted)} restricted, {len(self.banned_pairs)} banned pairs"

    def describe(self) -> str:
        return (f"{self.source}: {self.format} banlist, last updated {self.last_updated} ({self.sizes()}; "
                f"reviewed {self.reviewed})")

    def info(self) -> BanlistInfo:
        """The banlist as a deck check's report names it."""
        return BanlistInfo(f"{self.format} banlist".strip(), self.source, self.last_updated,
                           len(self.banned) + len(self.restricted) + len(self.banned_pairs), self.sizes())

    def card_status(self, card_id: str) -> str | None:
        """What the list says of a card: "banned", "restricted", "unrestricted" or None."""
        for status, cards in (("banned", self.banned), ("restricted", self.restricted),
                              ("unrestricted", self.unrestricted)):
            if card_id in cards:
                return status
        return None


def merge(base: Banlist, overlay: Banlist) -> Banlist:
    """A maintainer's banlist (``overlay``, ``--banlist FILE``) over the pack's, per card:
    a card the maintainer's file lists (banned, restricted or unrestricted) has the status
    that file gives it, and no other; every other card keeps the pack's. Banned pairs are
    added (an identical pair once). What the file says of the list itself (format,
    last_updated, source, status, reviewed, [database]) replaces the pack's; what it does
    not say is the pack's."""
    mine = overlay.banned | overlay.restricted | overlay.unrestricted
    pairs = base.banned_pairs + tuple(p for p in overlay.banned_pairs if p not in base.banned_pairs)

    def pick(key: str, attribute: str):
        return getattr(overlay if key in overlay.given else base, attribute)

    return Banlist(
        source=f"{base.source} + {overlay.source}",
        format=pick("format", "format"),
        last_updated=pick("last_updated", "last_updated"),
        origin=pick("source", "origin"),
        status=pick("status", "status"),
        reviewed=pick("reviewed", "reviewed"),
        banned=(base.banned - mine) | overlay.banned,
        restricted=(base.restricted - mine) | overlay.restricted,
        banned_pairs=pairs,
        database_column=pick("database", "database_column"),
        unrestricted=(base.unrestricted - mine) | overlay.unrestricted,
        given=base.given | overlay.given,
    )


def load(path: str | Path | None = None) -> Banlist:
    """The banlist a deck check uses: the shipped one, with the file at ``path`` (a
    maintainer's or organiser's own) laid over it (:func:`merge`) when one is given."""
    return layered(PACKAGE, FILE, f"tag_tamer/deck/{FILE}", path, from_doc, merge, BanlistError)


def parse(text: str, source: str) -> Banlist:
    """A banlist held in a string."""
    return from_doc(loads_toml(text, source, BanlistError), source)


def from_doc(doc: dict, source: str) -> Banlist:

    def ids(key: str, value) -> frozenset[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise BanlistError(f"{source}: {key} must be a list of card ids")
        out = set()
        for v in value:
            card = normalise_id(v)
            if card is None:
                raise BanlistError(f"{source}: {key}: {v!r} is not a card id")
            out.add(card)
        return frozenset(out)

    pairs = []
    raw_pairs = doc.get("banned_pairs", [])
    if not isinstance(raw_pairs, list):
        raise BanlistError(f"{source}: banned_pairs must be a list of {{cards = [...], with = [...]}}")
    for i, pair in enumerate(raw_pairs, 1):
        if not isinstance(pair, dict) or set(pair) != {"cards", "with"}:
            raise BanlistError(f"{source}: banned_pairs entry {i}: expected {{cards = [...], with = [...]}}")
        pairs.append(BannedPair(tuple(sorted(ids(f"banned_pairs {i} cards", pair["cards"]))),
                                tuple(sorted(ids(f"banned_pairs {i} with", pair["with"])))))
    database = doc.get("database", {})
    column = database.get("restrictions", "english") if isinstance(database, dict) else "english"
    if column not in REGIONS + ("",):
        raise BanlistError(f"{source}: [database] restrictions must be one of {', '.join(REGIONS)} or \"\"")
    reviewed = doc.get("reviewed", "")
    if isinstance(reviewed, datetime.date):
        reviewed = reviewed.isoformat()
    return Banlist(
        source=source,
        format=str(doc.get("format", "")),
        last_updated=str(doc.get("last_updated", "unknown")),
        origin=str(doc.get("source", "")),
        status=str(doc.get("status", "")).strip(),
        reviewed=str(reviewed or "never"),
        banned=ids("banned", doc.get("banned", [])),
        restricted=ids("restricted", doc.get("restricted", [])),
        banned_pairs=tuple(pairs),
        database_column=column,
        unrestricted=ids("unrestricted", doc.get("unrestricted", [])),
        given=frozenset(doc),
    )
