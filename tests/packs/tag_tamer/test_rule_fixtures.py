"""Each Tag Tamer rule against its fixture file: real card sentences, what must change and
what must not (tests/packs/tag_tamer/rules/<rule-id>.json, one file per PIPELINE rule).

A case is ``{card, before, after, note?, rules?, residuals?}``: rewriting ``before`` (with
``card``'s special ruling, if any) gives exactly ``after``; when it changes, the fixture's
rule (or the case's ``rules``) made an edit; when it does not, no edit was made at all.
A case with ``residuals`` (the texts of the residuals, in order) is one a rule covers but
cannot rewrite (RULES-NOTES 16): exactly those are reported, by the fixture's rule.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tagtext
from tagtext.packs.tag_tamer.rules import PIPELINE

FIXTURES = Path(__file__).resolve().parent / "rules"


def _cases():
    for path in sorted(FIXTURES.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for k, case in enumerate(doc["cases"]):
            yield pytest.param(doc["rule"], case, id=f"{doc['rule']}-{k}-{case.get('card') or 'crafted'}")


def test_every_rule_has_a_fixture_file_and_every_fixture_a_rule():
    files = {path.stem for path in FIXTURES.glob("*.json")}
    assert files == {rule.id for rule in PIPELINE}
    for path in FIXTURES.glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["rule"] == path.stem
        assert any(c["before"] != c["after"] for c in doc["cases"]), f"{path.name} has no case that changes"


@pytest.mark.parametrize("rule, case", list(_cases()))
def test_fixture_case(rule, case):
    result = tagtext.rewrite(case["before"], card_id=case.get("card"))
    assert result.text == case["after"]
    made = {r for edit in result.edits for r in edit.rules}
    if case["before"] == case["after"]:
        assert made == set()
    else:
        assert set(case.get("rules", [rule])) <= made
    if "residuals" in case:
        assert [(r.text, r.rule) for r in result.residuals] == [(text, rule) for text in case["residuals"]]


def test_every_rules_notes_decision_has_a_fixture_case():
    """RULES-NOTES decisions 1-14 and 16 are each cited by a case (15, the special-ruling
    table, is held by tests/test_rulings.py)."""
    cited = set()
    for path in FIXTURES.glob("*.json"):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            for first, last in re.findall(r"notes? (\d+)(?:-(\d+))?", case.get("note", "")):
                cited.update(range(int(first), int(last or first) + 1))
    residual_tests = (FIXTURES.parent / "test_residuals.py").read_text(encoding="utf-8")
    if "RULES-NOTES 16" in residual_tests:
        cited.add(16)
    assert set(range(1, 15)) | {16} <= cited
