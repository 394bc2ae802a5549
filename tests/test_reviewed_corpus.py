"""Every pack is held to its reviewed corpus (tests/fixtures/reviewed/<pack>.jsonl, see
SOURCE.md there).

Every reviewed text must come out exactly as accepted (and, where the line says, with a
residual exactly where the reviewer said one is needed); the texts listed in
<pack>-open.json are known defects and must still differ (strict xfail), so a fix that
makes one pass must take it off the list.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagtext import packs

REVIEWED = Path(__file__).resolve().parent / "fixtures" / "reviewed"


def _load(name: str):
    lines = [json.loads(line) for line in (REVIEWED / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
             if line]
    open_ = {(o["card"], o["field"]): o["why"]
             for o in json.loads((REVIEWED / f"{name}-open.json").read_text(encoding="utf-8"))["open"]}
    return lines, open_


#: packs whose reviewed corpus has a shape and a test of its own (the pack's reviewers write
#: id, original, expected, note), held there, not here: each with its test
OWN_TEST = {
    "dm-tag-commander": "tests/packs/dm_tag_commander/test_reviewed.py (lines: id, corpus, original, "
                        "expected, verdict, note; picked by scripts/dm_review_input.py)",
    "bd-tag": "tests/packs/bd_tag/test_reviewed.py (the review input: /work/notes/bd-review-input.jsonl, "
              "scripts/bd_review_input.py)",
}

CORPORA = {name: _load(name) for name in packs.names()
           if (REVIEWED / f"{name}.jsonl").exists() and name not in OWN_TEST}


def _params():
    for name, (lines, open_) in CORPORA.items():
        for line in lines:
            key = (line["card"], line["field"])
            marks = [pytest.mark.xfail(strict=True, reason=open_[key])] if key in open_ else []
            yield pytest.param(name, line, id=f"{name}-{line['card']}-{line['field']}", marks=marks)


def test_every_installed_pack_has_a_reviewed_corpus():
    assert set(CORPORA) | set(OWN_TEST) == set(packs.names())
    assert not set(CORPORA) & set(OWN_TEST)
    here = Path(__file__).resolve().parents[1]
    assert all((here / test.split()[0]).exists() for test in OWN_TEST.values())


@pytest.mark.parametrize("name, line", list(_params()))
def test_reviewed_text(name, line):
    result = packs.get(name).rewrite(line["original"], line["card"], line["field"])
    assert result.text == line["accepted"]
    if "residual" in line:
        assert bool(result.residuals) == line["residual"]


@pytest.mark.parametrize("name", list(CORPORA))
def test_the_open_list_names_reviewed_texts_only_and_each_text_is_reviewed_once(name):
    lines, open_ = CORPORA[name]
    keys = [(line["card"], line["field"]) for line in lines]
    assert len(keys) == len(set(keys))
    assert set(open_) <= set(keys)
    assert all(line["verdict"] in {"ok", "wrong", "wording", "should-change", "should-not-change"} for line in lines)


def test_every_rewritten_text_of_the_shipped_tag_tamer_database_was_reviewed(corpus_texts):
    lines, _ = CORPORA["tag-tamer"]
    reviewed = {(line["card"], line["field"]) for line in lines}
    pack = packs.get("tag-tamer")
    unreviewed = [(card, field) for card, field, text in corpus_texts
                  if pack.rewrite(text, card, field).changed and (card, field) not in reviewed]
    assert unreviewed == []


def test_the_yu_gi_oh_sample_is_whole():
    lines, _ = CORPORA["ygo-tag"]
    assert len(lines) == 2446, ("three slices of 110, a blind review of 120, issue 19's review of 1,547, its "
                                "second review (43 new texts), blind sample (100), third review (8 new texts) and "
                                "second blind sample (98 new texts), third blind sample (200 new texts); see SOURCE.md")
    assert all(set(line) - {"reread"} == {"card", "field", "original", "accepted", "verdict", "note"}
               for line in lines)
    # a re-read line says when and why, and keeps what it replaced
    assert all(isinstance(line["reread"], str) and line["reread"] for line in lines if "reread" in line)
