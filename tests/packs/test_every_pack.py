"""One harness for every installed pack (as sqlglot runs every dialect through the same
``validate_identity``/``validate_all``): a new pack is covered by adding its files.

- Rule fixtures: ``tests/packs/<pack>/rules/<rule-id>.json`` (``<pack>`` the pack's name
  with ``_`` for ``-``), one file per rule with a pass (and, if the pack likes, for a
  rule without one that other rules carry out). A case is ``{card?, field?, before,
  after, note?, rules?, residuals?}``: rewriting ``before`` (with ``card``'s special
  ruling, if any, and its ``field``) gives exactly ``after``; when it changes, the
  fixture's rule (or the case's ``rules``) made an edit, if the rule has a pass; when it
  does not, no edit was made at all. A case with ``residuals`` (the texts of the
  residuals, in order) is one a rule covers but cannot rewrite: exactly those are
  reported, by the fixture's rule.
- Round trip: every text of the pack's shipped database parses and prints back exactly,
  each leaf's span and prefix being the text's own.
- Triggers: with the triggers off (every text parsed whole, every pass run), every result
  over the shipped database is the same.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagtext import packs, pipeline

HERE = Path(__file__).resolve().parent
NAMES = packs.names()


def fixture_folder(name: str) -> Path:
    return HERE / name.replace("-", "_") / "rules"


def _cases():
    for name in NAMES:
        for path in sorted(fixture_folder(name).glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            for k, case in enumerate(doc["cases"]):
                yield pytest.param(name, doc["rule"], case, id=f"{name}:{doc['rule']}-{k}-{case.get('card') or 'crafted'}")


@pytest.mark.parametrize("name", NAMES)
def test_every_rule_with_a_pass_has_a_fixture_file_and_every_fixture_a_rule(name):
    pack = packs.get(name)
    folder = fixture_folder(name)
    files = {path.stem for path in folder.glob("*.json")}
    assert {rule.id for rule in pack.pipeline if rule.apply is not None} <= files, folder
    assert files <= {rule.id for rule in pack.rules}, folder
    for path in folder.glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["rule"] == path.stem
        assert any(c["before"] != c["after"] for c in doc["cases"]), f"{path.name} has no case that changes"


@pytest.mark.parametrize("name, rule, case", list(_cases()))
def test_fixture_case(name, rule, case):
    pack = packs.get(name)
    result = pack.rewrite(case["before"], case.get("card"), case.get("field"))
    assert result.text == case["after"]
    made = {r for edit in result.edits for r in edit.rules}
    has_pass = any(r.id == rule and r.apply is not None for r in pack.pipeline)
    if case["before"] == case["after"]:
        assert made == set()
    elif has_pass or "rules" in case:
        assert set(case.get("rules", [rule])) <= made
    if "residuals" in case:
        assert [(r.text, r.rule) for r in result.residuals] == [(text, rule) for text in case["residuals"]]


@pytest.fixture(scope="module", params=NAMES)
def shipped(request):
    pack = packs.get(request.param)
    return pack, [(card.id, field, text) for card, field, text in pack.load_database(None).texts()]


def test_every_shipped_text_parses_and_prints_back_exactly(shipped):
    pack, texts = shipped
    assert texts
    mismatched = []
    for card_id, field, text in texts:
        tree = pack.parse(text, f"{card_id} {field}")
        assert (tree.start, tree.end) == (0, len(text))
        if tree.to_source() != text:
            mismatched.append((card_id, field))
    assert mismatched == []
    for card_id, field, text in texts[::7]:
        for leaf in pack.parse(text).leaves():
            assert text[leaf.start:leaf.end] == leaf.text, (card_id, field, leaf)
            assert text[leaf.start - len(leaf.prefix):leaf.start] == leaf.prefix


def test_triggers_never_change_a_result(shipped, monkeypatch):
    """Texts no trigger meets are returned as printed, only the parts a trigger touches are
    parsed (``Pack.parts``), and passes whose trigger a text does not meet are skipped:
    with triggers off, every result over the shipped database is the same."""
    pack, texts = shipped
    fast = [pack.rewrite(text, card_id, field) for card_id, field, text in texts]
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    slow = [pack.rewrite(text, card_id, field) for card_id, field, text in texts]
    assert [i for i, (a, b) in enumerate(zip(fast, slow)) if a != b] == []
    assert any(r.edits for r in fast)
