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

import pytest

from tagtext.packs import get

from ..reviewed import reviewed_corpus

CORPUS = reviewed_corpus("bd-tag", "/work/notes/bd-review-input.jsonl")
PACK = get("bd-tag")


@pytest.mark.parametrize("line", CORPUS.params())
def test_reviewed_text(line):
    card_id = f"reviewed:{line['id']}"
    PACK.add_card(card_id, line.get("card_type"))
    assert PACK.rewrite(line["original"], card_id, "effect").text == line["expected"], line.get("note")


def test_each_text_is_reviewed_once_and_every_card_as_its_table_prints_it(bd_db):
    ids = CORPUS.ids()
    by_id = bd_db.by_id()
    assert [i for i, line in zip(ids, CORPUS.lines)
            if i in by_id and by_id[i].texts.get("effect") != line["original"]] == []
    assert len(CORPUS.lines) >= 60
    assert all(line.get("note") is not None and line.get("expected") is not None for line in CORPUS.lines)
