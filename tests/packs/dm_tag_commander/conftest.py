"""Fixtures of the dm-tag-commander pack's tests: the pack and its shipped database (no ../shared)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagtext.packs import get

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parents[1] / "fixtures"


@pytest.fixture(scope="session")
def pack():
    return get("dm-tag-commander")


@pytest.fixture(scope="session")
def dm_db(pack):
    return pack.load_database()


@pytest.fixture(scope="session")
def dm_texts(dm_db):
    return [(card.id, field, text) for card, field, text in dm_db.texts()]


def golden() -> list[dict]:
    return json.loads((FIXTURES / "golden" / "dm-seed-examples.json").read_text(encoding="utf-8"))


def rewrite_as(pack, text: str, card_type: str | None, name: str | None = None):
    """``text`` rewritten as the text of a card of ``card_type`` called ``name`` that no
    database holds (the pack's ``add_card``, as an API user says a pasted text is a spell's)."""
    card_id = f"test:{name or '?'}:{card_type or '?'}"
    pack.add_card(card_id, name=name, card_type=card_type)
    return pack.rewrite(text, card_id, "text")
