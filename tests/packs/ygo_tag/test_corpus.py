"""The whole shipped YGO database: every rewrite runs, unchanged texts come back
byte-identical, and player references are attributed to typed nodes (>= 99.5%). (Every
text parses and prints back, and triggers never change a result: tests/packs/test_every_pack.py.)"""

from __future__ import annotations

from tagtext.packs.ygo_tag import analysis


def test_database_size(ygo_db, ygo_texts):
    assert len(ygo_db.cards) == 14276
    assert sum(1 for _, field, _ in ygo_texts if field == "pendulumEffect") == 374
    assert len(ygo_texts) == 14650


def test_player_coverage(pack, ygo_texts):
    total = hit = 0
    for _, _, text in ygo_texts:
        t, h = analysis.player_coverage(text, pack.parse(text))
        total += t
        hit += h
    assert total > 70000
    assert hit / total >= 0.995, f"{hit}/{total}"


def test_rewrite_whole_database(pack, ygo_texts):
    changed = 0
    for cid, field, text in ygo_texts:
        result = pack.rewrite(text, cid, field)
        if not result.edits:
            assert result.text == text  # byte-identical
            assert result.text is text or result.text == text
        else:
            changed += 1
            rebuilt = text
            for edit in sorted(result.edits, key=lambda e: e.start, reverse=True):
                assert rebuilt[edit.start:edit.end] == edit.before
                rebuilt = rebuilt[:edit.start] + edit.after + rebuilt[edit.end:]
            assert rebuilt == result.text
    assert 3000 < changed < 6000
