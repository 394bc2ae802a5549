"""Each rule's cases (tests/packs/dm_tag_commander/rules/<rule-id>.json): real card sentences
(and the seed's), what must change and what must not."""

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
        assert doc["rule"] == path.stem
        for i, case in enumerate(doc["cases"]):
            yield pytest.param(doc["rule"], case, id=f"{doc['rule']}-{i}-{case['card']}")


@pytest.mark.parametrize("rule, case", list(_cases()))
def test_rule_case(rule, case):
    result = rewrite_as(PACK, case["before"], case["card_type"])
    assert result.text == case["after"]
    if case["before"] != case["after"]:
        assert rule in result.rules or rule == "T9c", f"{rule} should have made the change ({result.rules})"


def test_every_rule_that_changes_text_has_a_fixture_file():
    ids = {rule.id for rule in PACK.pipeline}
    assert ids <= {path.stem for path in RULES.glob("*.json")}
