"""bd-tag held to its reviewed corpus: texts read against seed 002 and BD-NOTES by reviewers
who did not write the rules, never copied from the pack's output
(tests/fixtures/reviewed/bd-tag.jsonl; what they read: scripts/bd_review_input.py, every
text the rules change in the shipped table and every risky one they leave, the golden pairs
and constructed texts for each rule's edge).

Each line: ``id`` (the card's id in the shipped table, or ``golden-N`` / ``crafted-…`` for a
text of no card), ``card_type`` (the type the text is read as: command, unit, territory, or
null), ``original``, ``expected``, ``note`` (the reviewer's). Every reviewed text must come
out exactly as expected; a text listed in bd-tag-open.json (``{"open": [{"id": ..., "why":
...}]}``) is a known defect and must still differ (strict xfail), so a fix that makes it pass
takes it off the list.
"""

from __future__ import annotations

import json

import pytest

from tagtext.packs import get

from .conftest import FIXTURES

REVIEWED = FIXTURES / "reviewed"
CORPUS = REVIEWED / "bd-tag.jsonl"
OPEN = REVIEWED / "bd-tag-open.json"

if not CORPUS.exists():
    pytest.skip(f"no reviewed corpus yet ({CORPUS.name}: the reviewers write it from "
                f"/work/notes/bd-review-input.jsonl)", allow_module_level=True)

LINES = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
KNOWN = ({o["id"]: o["why"] for o in json.loads(OPEN.read_text(encoding="utf-8"))["open"]}
         if OPEN.exists() else {})
PACK = get("bd-tag")


def _params():
    for line in LINES:
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN[line["id"]])] if line["id"] in KNOWN else []
        yield pytest.param(line, id=line["id"], marks=marks)


@pytest.mark.parametrize("line", list(_params()))
def test_reviewed_text(line):
    card_id = f"reviewed:{line['id']}"
    PACK.add_card(card_id, line.get("card_type"))
    assert PACK.rewrite(line["original"], card_id, "effect").text == line["expected"], line.get("note")


def test_each_text_is_reviewed_once_and_every_card_as_its_table_prints_it(bd_db):
    ids = [line["id"] for line in LINES]
    assert len(ids) == len(set(ids)) and set(KNOWN) <= set(ids)
    by_id = bd_db.by_id()
    assert [i for i, line in zip(ids, LINES)
            if i in by_id and by_id[i].texts.get("effect") != line["original"]] == []
    assert len(LINES) >= 60
    assert all(line.get("note") is not None and line.get("expected") is not None for line in LINES)
