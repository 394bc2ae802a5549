"""tagtext is held to the reviewed corpus (tests/fixtures/reviewed/, see its SOURCE.md).

Every reviewed text must come out exactly as accepted, with a residual exactly where the
reviewer said one is needed; the texts listed as open are known defects and must still
differ (a fix that makes one pass must take it off the list). Every text the rules
rewrite on the shipped database must have been reviewed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tagtext

REVIEWED = Path(__file__).resolve().parent / "fixtures" / "reviewed"
LINES = [json.loads(line) for line in (REVIEWED / "tag-tamer.jsonl").read_text(encoding="utf-8").splitlines() if line]
OPEN = {(o["card"], o["field"]): o["why"]
        for o in json.loads((REVIEWED / "tag-tamer-open.json").read_text(encoding="utf-8"))["open"]}


def _params():
    for line in LINES:
        key = (line["card"], line["field"])
        marks = [pytest.mark.xfail(strict=True, reason=OPEN[key])] if key in OPEN else []
        yield pytest.param(line, id=f"{line['card']}-{line['field']}", marks=marks)


@pytest.mark.parametrize("line", list(_params()))
def test_reviewed_text(line):
    result = tagtext.rewrite(line["original"], card_id=line["card"], field=line["field"])
    assert result.text == line["accepted"]
    assert bool(result.residuals) == line["residual"]


def test_the_open_list_names_reviewed_texts_only():
    reviewed = {(line["card"], line["field"]) for line in LINES}
    assert set(OPEN) <= reviewed
    assert len(reviewed) == len(LINES), "a text is reviewed once"


def test_every_rewritten_text_of_the_shipped_database_was_reviewed(corpus_texts):
    reviewed = {(line["card"], line["field"]) for line in LINES}
    unreviewed = [(card, field) for card, field, text in corpus_texts
                  if tagtext.rewrite(text, card_id=card, field=field).changed and (card, field) not in reviewed]
    assert unreviewed == []
