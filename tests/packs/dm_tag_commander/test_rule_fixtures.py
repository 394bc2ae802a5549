"""The rule fixtures (tests/packs/dm_tag_commander/rules/<rule-id>.json; run for every pack by
tests/packs/test_every_pack.py, by card id) read as the text of a card of the case's
``card_type``: text alone cannot show a spell (DM-NOTES 3), so each case must come out the
same when the pack is told the card's type, as when it reads the type from the database
(a real card's id) or from the text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagtext.packs import get

from .conftest import rewrite_as

RULES = Path(__file__).resolve().parent / "rules"
PACK = get("dm-tag-commander")


def _cases():
    for path in sorted(RULES.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for i, case in enumerate(doc["cases"]):
            yield pytest.param(doc["rule"], case, id=f"{doc['rule']}-{i}-{case['card']}")


@pytest.mark.parametrize("rule, case", list(_cases()))
def test_rule_case_as_its_card_type(rule, case):
    result = rewrite_as(PACK, case["before"], case["card_type"])
    assert result.text == case["after"]
    if case["before"] != case["after"]:
        assert rule in result.rules, f"{rule} should have made the change ({result.rules})"
