"""The tag duel's Forbidden & Limited List: the TCG list as the card database carries it
(each card's TCG status), changed card by card by the pack's ``banlist.toml`` and by a
maintainer's or organiser's own list (``tagtext deck check --banlist FILE``), in the same
format, laid over it per card (:func:`merge`)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path

from tagtext.deck import BanlistInfo
from tagtext.errors import TagTextError
from tagtext.tomlfile import layered

from .cards import FORBIDDEN, LIMITED, SEMI_LIMITED, UNLIMITED, CardFacts

PACKAGE = __name__.rsplit(".", 1)[0]
FILE = "banlist.toml"
#: the file's lists and the status each gives its cards
LISTS = {"forbidden": FORBIDDEN, "limited": LIMITED, "semi_limited": SEMI_LIMITED, "unlimited": UNLIMITED}


class BanlistError(TagTextError):
    """A banlist file that cannot be read or used: one line naming the file."""


@dataclass(frozen=True)
class Banlist:
    source: str
    name: str
    last_updated: str
    origin: str
    #: card (password or name, as written) -> status, in file order
    statuses: dict[str, str] = field(default_factory=dict)
    #: card (as written) -> the file that lists it
    listed_in: dict[str, str] = field(default_factory=dict)
    #: the top-level keys the file gave (a maintainer's file keeps the pack's others)
    given: frozenset[str] = frozenset()

    def apply(self, facts: CardFacts) -> CardFacts:
        """The card facts with this list's statuses; a card the database does not have is
        an error naming the file (a typo would otherwise free or ban nothing)."""
        overrides = {}
        for written, status in self.statuses.items():
            card = facts.card(written)
            if card is None:
                raise BanlistError(f"{self.listed_in.get(written, self.source)}: {written!r} is no card of "
                                   f"{facts.source}")
            overrides[card.name] = status
        return facts.with_statuses(overrides) if overrides else facts

    def info(self, facts: CardFacts) -> BanlistInfo:
        counts = facts.counts()
        listed = sum(counts.get(s, 0) for s in (FORBIDDEN, LIMITED, SEMI_LIMITED))
        return BanlistInfo(self.name, f"the TCG statuses of {facts.source}, as {self.source} changes them",
                           self.last_updated, listed,
                           f"{counts.get(FORBIDDEN, 0)} Forbidden, {counts.get(LIMITED, 0)} Limited, "
                           f"{counts.get(SEMI_LIMITED, 0)} Semi-Limited")


def merge(base: Banlist, overlay: Banlist) -> Banlist:
    """A maintainer's list over the pack's, per card: a card the maintainer's file lists
    has the status that file gives it; what the file says of the list itself (name,
    last_updated, source) replaces the pack's."""
    def pick(key: str, attribute: str):
        return getattr(overlay if key in overlay.given else base, attribute)

    mine = {o.casefold() for o in overlay.statuses}
    statuses = {k: v for k, v in base.statuses.items() if k.casefold() not in mine}
    statuses.update(overlay.statuses)
    listed_in = {k: base.listed_in.get(k, base.source) for k in statuses if k in base.statuses}
    listed_in.update({k: overlay.listed_in.get(k, overlay.source) for k in overlay.statuses})
    return Banlist(f"{base.source} + {overlay.source}", pick("name", "name"), pick("last_updated", "last_updated"),
                   pick("source", "origin"), statuses, listed_in, base.given | overlay.given)


def load(path: str | Path | None = None) -> Banlist:
    """The banlist a deck check uses: the shipped one, with the file at ``path`` (a
    maintainer's or organiser's own) laid over it (:func:`merge`) when one is given."""
    return layered(PACKAGE, FILE, f"ygo_tag/deck/{FILE}", path, from_doc, merge, BanlistError)


def from_doc(doc: dict, source: str) -> Banlist:
    unknown = sorted(set(doc) - set(LISTS) - {"name", "last_updated", "source", "format", "status", "reviewed"})
    if unknown:
        raise BanlistError(f"{source}: unknown key {unknown[0]!r} (lists: {', '.join(LISTS)})")
    statuses: dict[str, str] = {}
    for key, status in LISTS.items():
        value = doc.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
            raise BanlistError(f"{source}: {key} must be a list of passwords or card names")
        for v in value:
            written = str(v).strip()
            if written.casefold() in {s.casefold() for s in statuses}:
                raise BanlistError(f"{source}: {written!r} is listed twice")
            statuses[written] = status
    updated = doc.get("last_updated", "unknown")
    if isinstance(updated, datetime.date):
        updated = updated.isoformat()
    return Banlist(source, str(doc.get("name", "Forbidden & Limited List")), str(updated),
                   str(doc.get("source", "")), statuses, {k: source for k in statuses}, frozenset(doc))
