"""The pack's banlist file (``banlist.toml``): the format's own banned and restricted cards
and banned pairs, with when the list was last updated and where it came from."""

from __future__ import annotations

import datetime
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from tagtext.errors import TagTextError

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

    def describe(self) -> str:
        sizes = f"{len(self.banned)} banned, {len(self.restricted)} restricted, {len(self.banned_pairs)} banned pairs"
        return f"{self.source}: {self.format} banlist, last updated {self.last_updated} ({sizes}; reviewed {self.reviewed})"


def load(path: str | Path | None = None) -> Banlist:
    """The shipped banlist, or the one at ``path``."""
    if path is None:
        ref = resources.files(PACKAGE).joinpath(FILE)
        return parse(ref.read_text(encoding="utf-8"), f"tag_tamer/deck/{FILE}")
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BanlistError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise BanlistError(f"{p}: cannot read ({e})") from None
    return parse(text, str(p))


def parse(text: str, source: str) -> Banlist:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BanlistError(f"{source}: invalid TOML: {e}") from None

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
    )
