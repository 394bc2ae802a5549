"""The Tag Tamer rules' fixture files (tests/packs/tag_tamer/rules/<rule-id>.json, one per
PIPELINE rule; run, with every pack's, by tests/packs/test_every_pack.py) cite every
RULES-NOTES decision."""

from __future__ import annotations

import json
import re
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "rules"


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
