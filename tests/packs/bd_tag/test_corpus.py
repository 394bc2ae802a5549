"""The shipped card table (the fan list of a collaboration set, data/SOURCE.md): every text
parses and prints back exactly, every risky word (相手, 味方, ライフ …) is accounted for,
and the figures the README and NOTES give hold. The shipped copy is the shared file, byte
for byte, when ../shared is there."""

from __future__ import annotations

import pytest

from tagtext.packs.bd_tag import carddb

from .conftest import SHARED


@pytest.fixture(scope="module")
def report(pack, bd_db):
    return pack.coverage(bd_db)


def test_the_shipped_table_is_the_shared_file():
    shared = SHARED / "data" / "bd-collab-cards.json"
    if not shared.exists():
        pytest.skip(f"no {shared}: a fresh clone checks the shipped copy only")
    assert carddb.shipped_bytes() == shared.read_bytes()


def test_the_table_is_read_whole(bd_db):
    assert len(bd_db.cards) == 240 and bd_db.problems == []
    assert len(list(bd_db.texts())) == 130
    assert len({text for _, _, text in bd_db.texts()}) == 61
    by_id = bd_db.by_id()
    assert (by_id["073"].ace, by_id["050"].buster, by_id["045"].territory) == (True, True, "コンビナート")
    assert sum(card.shot for card in bd_db.cards) == 14


def test_every_text_parses_prints_back_and_is_accounted_for(report):
    f = report.figures()
    assert (f["texts"], f["parse_error_count"], f["round_trips"]) == (130, 0, 130)
    assert report.unaccounted() == []
    assert f["texts_accounted"] == f["texts_risky"]


def test_the_figures(report):
    f = report.figures()
    assert f["texts_rewritten"] == 14
    assert f["texts_changed_by_rule"] == {"901-1": 6, "302": 6, "901-3": 2, "901-2a": 1}
    assert (f["texts_risky"], f["texts_with_opponent"]) == (28, 20)
    assert (f["texts_risky_rewritten"], f["texts_risky_residual"], f["texts_risky_unchanged"]) == (14, 1, 13)
    assert f["words_by_account"] == {"302": 10, "901-2": 9, "901-1": 6, "302 (no read)": 3, "residual": 2,
                                     "901-3": 2, "201-4": 2}


def test_no_rule_fires_on_a_text_without_its_word(pack, bd_db):
    """A rule that fires where it should not is as bad as one that misses: each change
    names a rule whose own word the text holds."""
    words = {"901-1": "相手", "901-3": "相手", "901-3a": "相手", "901-2a": "相手", "302": "ライフ|ゾーン"}
    for card, field, text in bd_db.texts():
        for rule in pack.rewrite(text, card.id, field).rules:
            assert any(w in text for w in words[rule].split("|")), (card.id, rule)


def test_each_distinct_text_reads_the_same_on_every_card_of_its_type(pack, bd_db):
    seen: dict[tuple[str, str], str] = {}
    for card, field, text in bd_db.texts():
        out = pack.rewrite(text, card.id, field).text
        assert seen.setdefault((card.kind, text), out) == out
    assert len(seen) == 61  # no text is printed on cards of two types
