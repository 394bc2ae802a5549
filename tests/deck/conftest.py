"""Deck-check fixtures: deck files in fixtures/ (real card ids), decks from text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagtext.packs.tag_tamer import deck as tag_deck

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def banlist():
    return tag_deck.load_banlist()


def make_deck(lines: str, label: str = "A", source: str | None = None):
    """A deck from text lines (any format the pack reads)."""
    return tag_deck.parse_deck(lines, source or f"deck-{label}.txt", label)


def legal_main(exclude: set[str] = frozenset(), n: int = 50) -> str:
    """Lines for n legal non-egg cards (BT1 red/blue/green Digimon, 4 each), none of ``exclude``."""
    pool = [f"BT1-{i:03d}" for i in range(9, 85)]
    out, left = [], n
    for card in pool:
        if card in exclude or left == 0:
            continue
        k = min(4, left)
        out.append(f"{k} {card}")
        left -= k
    return "\n".join(out) + "\n"
