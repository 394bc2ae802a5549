"""Fixtures of the bd-tag pack's tests: the pack and its shipped card table (no ../shared)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tagtext.packs import get

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parents[1] / "fixtures"
SHARED = Path(os.environ.get("TAGTEXT_SHARED", HERE.parents[3].parent / "shared"))

#: a golden pair's kind of ability -> the card type its text is read as (BD-NOTES 6: "the
#: golden pairs give the kind as `ability` where the text has no label"; a command's
#: unlabelled text is played, a unit's with no trigger continuous; null: any reads the same)
CARD_TYPE_OF_KIND = {"コマンド": "command", "自動": "unit", "永続": "unit", None: None}


@pytest.fixture(scope="session")
def pack():
    return get("bd-tag")


@pytest.fixture(scope="session")
def bd_db(pack):
    return pack.load_database()


def golden() -> list[dict]:
    return json.loads((FIXTURES / "golden" / "bd-seed-examples.json").read_text(encoding="utf-8"))


def rewrite_as(pack, text: str, card_type: str | None, name: str | None = None):
    """``text`` rewritten as the text of a card of ``card_type`` that no table holds (the
    pack's ``add_card``, as an API user says a pasted text is a command's or a unit's)."""
    card_id = f"test:{name or '?'}:{card_type or '?'}"
    pack.add_card(card_id, card_type)
    return pack.rewrite(text, card_id, "effect")
