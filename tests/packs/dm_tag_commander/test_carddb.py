"""The card databases the pack reads: the shipped one (classic and 2018 corpora), the modern
scrape shape with 【X 側】 markers, and a plain {id, name, text} file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagtext.carddb import DatabaseError

DATA = Path(__file__).resolve().parent / "data"


def test_the_shipped_database_holds_both_corpora(dm_db):
    assert len(dm_db.cards) == 2196 + 598
    assert sum(1 for _ in dm_db.texts()) == 2150 + 573
    shapes = {card.shape for card in dm_db.cards}
    assert shapes == {"classic", "2018"}
    assert not dm_db.problems


def test_classic_cards_keep_rarity_per_printing_and_civilisations(dm_db):
    card = dm_db.by_id()["dm01-001"]
    assert card.name == "天空の守護者グラン・ギューレ" and card.card_type == "クリーチャー"
    assert card.civilizations == ("光",) and card.rarities == ("VR", "VR")
    assert not card.unbroken


def test_2018_entries_have_a_type_from_their_power_and_lost_their_breaks(dm_db):
    by_id = dm_db.by_id()
    assert by_id["s096"].card_type == "呪文"                      # no power
    assert by_id["s515"].card_type == "クリーチャー/呪文"          # 「A/B」
    assert by_id["s000"].card_type == "クリーチャー" and by_id["s000"].unbroken
    assert by_id["s368"].card_type == "呪文"                      # a raw head without パワー


def test_cards_are_found_by_the_name_rulings_use(dm_db):
    by_id = dm_db.by_id()
    assert by_id.get("奇石ミクセル").id == "s515"                      # one side of 「A/B」
    assert by_id.get("インビンシブル・フォートレス").id == "dm06-008"
    # only by get (check-overrides): a name is never taken for an id (rewrite --card NAME)
    assert "インビンシブル・フォートレス" not in by_id and "dm06-008" in by_id


def test_the_modern_scrape_shape_keeps_twinpact_sides_in_the_text(pack):
    db = pack.load_database(str(DATA / "modern-scrape.json"))
    cards = db.by_id()
    mixel = cards["test-001"]
    assert mixel.texts["text"].splitlines()[0] == "【奇石 ミクセル 側】"
    assert "【ジャミング・チャフ 側】" in mixel.texts["text"]
    assert cards["test-002"].civilizations == ("自然",) and cards["test-002"].rarities == ("SR",)
    # a marker opening an entry is put on a line of its own
    assert "\n【呪文側】\n各プレイヤーは" in cards["test-002"].texts["text"]
    assert [(p.message, p.kind) for p in db.problems] == [("effects[1] is a number, not text; ignored", "not-text")]


def test_the_spell_side_after_a_marker_is_a_spell(pack):
    db = pack.load_database(str(DATA / "modern-scrape.json"))
    result = pack.rewrite(db.by_id()["test-001"].texts["text"], "test-001", "text")
    lines = result.text.splitlines()
    # the creature side: the special ruling; the spell side: D-1 (one opponent chosen)
    assert lines[1].startswith("いずれかの相手が、自身のマナゾーンにある")
    assert lines[3] == "相手を１人選ぶ。次の自分のターンのはじめまで、そのプレイヤーは呪文を唱えられない。"
    assert result.ruling == "mixel"


def test_a_plain_csv_of_id_name_text(pack):
    db = pack.load_database(str(DATA / "plain.csv"))
    assert [c.id for c in db.cards] == ["dm14-063", "dm02-029"]
    assert pack.rewrite(db.cards[1].texts["text"], "dm02-029", "text").text.startswith("相手を1人選ぶ。そのプレイヤーは")


def test_bad_files_are_one_line_errors(pack, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    with pytest.raises(DatabaseError, match=r"bad.json:1:2: invalid JSON"):
        pack.load_database(str(bad))
    with pytest.raises(DatabaseError, match="no such file"):
        pack.load_database(str(tmp_path / "missing.json"))


def test_an_entry_without_an_id_is_skipped_and_reported(pack, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[{"name": "x", "text": "相手は呪文を唱えられない。"}, {"id": "a", "text": "y"}]', encoding="utf-8")
    db = pack.load_database(str(path))
    assert [c.id for c in db.cards] == ["a"] and db.skipped == 1


def test_streamed_lines_read_each_card_with_its_facts_and_keep_none(pack):
    # each line's card is rewritten with its own facts (its type: a spell's text is read as a
    # spell's), as the whole file's are, and no card done is kept (a table of every card
    # streamed, copied per card, made streaming quadratic)
    import io
    import json

    from tagtext import streaming
    from tagtext.batch import convert_database
    from tagtext.convert import write_jsonl
    from tagtext.packs.dm_tag_commander import DmTagCommanderPack

    doc = json.loads(pack.shipped_database())
    entries = (doc if isinstance(doc, list) else doc.get("cards") or doc.get("data"))[:400]
    assert any(e.get("cardType") == "呪文" for e in entries)
    data = json.dumps(entries, ensure_ascii=False).encode("utf-8")
    whole_pack, streaming_pack = DmTagCommanderPack(), DmTagCommanderPack()
    whole = io.StringIO()
    write_jsonl(convert_database(whole_pack.database_from_bytes(data, "cards.jsonl", "json"), whole_pack), whole)
    streamed = io.StringIO()
    streaming.convert_lines(((f"cards.jsonl:{i + 1}", e) for i, e in enumerate(entries)), "cards.jsonl",
                            streaming_pack, streamed)
    assert streamed.getvalue() == whole.getvalue()
    assert len(whole_pack._cards.facts) == len(entries) and streaming_pack._cards.facts == {}
