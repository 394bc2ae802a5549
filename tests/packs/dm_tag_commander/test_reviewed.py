"""dm-tag-commander held to its reviewed corpus: texts read against the seed and DM-NOTES by
reviewers who did not write the rules, never copied from the pack's output
(tests/fixtures/reviewed/dm-tag-commander.jsonl; what they read: scripts/dm_review_input.py,
every text the rules change on both shared corpora and a sample of those they leave).

Each line: ``id`` (the card's id in the shipped database: classic ``dm01-001``, 2018
``s000``, so the card's type and shape are known), ``corpus``, ``original``, ``expected``,
``verdict`` (the reviewer's on the tool's output then: ok, wrong, wording), ``note`` (the
reviewer's; see tests/fixtures/reviewed/SOURCE.md). Every reviewed text must come out exactly as expected; a text listed in
dm-tag-commander-open.json (``{"open": [{"id": ..., "why": ...}]}``) is a known defect and
must still differ (strict xfail), so a fix that makes it pass takes it off the list.
"""

from __future__ import annotations

import pytest

from tagtext.packs import get

from ..reviewed import reviewed_corpus

CORPUS = reviewed_corpus("dm-tag-commander", "/work/notes/dm-review-input.jsonl")
PACK = get("dm-tag-commander")


@pytest.mark.parametrize("line", CORPUS.params())
def test_reviewed_text(line):
    assert PACK.rewrite(line["original"], line["id"], "text").text == line["expected"], line.get("note")


def test_each_text_is_reviewed_once_as_its_card_prints_it(dm_db):
    ids = CORPUS.ids()
    by_id = dm_db.by_id()
    assert [i for i, line in zip(ids, CORPUS.lines)
            if i not in by_id or by_id[i].texts.get("text") != line["original"]] == []
    assert all(line.get("note") is not None and line.get("expected") for line in CORPUS.lines)
    assert all(line["verdict"] in {"ok", "wrong", "wording"} and line["corpus"] in {"classic", "2018"}
               for line in CORPUS.lines)


def test_the_review_is_whole():
    assert len(CORPUS.lines) == 1040, "issue 17's review: 640 changed texts and 400 unchanged ones (SOURCE.md)"
