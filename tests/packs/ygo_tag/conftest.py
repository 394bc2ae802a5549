"""Fixtures of the ygo-tag pack's tests: the pack and its shipped database (no /work/shared)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagtext.packs import get

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def pack():
    return get("ygo-tag")


@pytest.fixture(scope="session")
def ygo_db(pack):
    return pack.load_database()


@pytest.fixture(scope="session")
def ygo_texts(ygo_db):
    return [(card.id, field, text) for card, field, text in ygo_db.texts()]


def fixture(name: str) -> list[dict]:
    return json.loads((HERE / name).read_text(encoding="utf-8"))
