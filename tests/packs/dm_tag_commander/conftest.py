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
