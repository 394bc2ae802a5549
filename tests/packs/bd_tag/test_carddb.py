"""Card tables (tagtext/packs/bd_tag/carddb.py): the documented header in CSV and JSON, the
fan list's shape, bad entries skipped or repaired and reported, write-back in the table's
own shape, and a file that is no Build Divide table refused in one line."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tagtext.cli.main import cli
from tagtext.packs.bd_tag import carddb

HEADER = "id,name,type,effect,ace,buster,shot,territory\n"


def test_the_documented_header_in_csv():
    text = HEADER + ("u1,エースA,unit,（永続）相手の手札が0枚なら、このユニットのパワー＋1000。,yes,no,no,\n"
                     "t1,白の宮殿「開放」,テリトリー,,,,,白の宮殿\n"
                     "c1,ショットA,command,相手は手札を1枚捨てる。,0,0,1,\n")
    db = carddb.parse_bytes(text.encode(), "cards.csv", "csv")
    assert db.problems == []
    u, t, c = db.cards
    assert (u.kind, u.ace, u.buster, u.shot, u.texts) == ("unit", True, False, False,
                                                          {"effect": "（永続）相手の手札が0枚なら、このユニットのパワー＋1000。"})
    assert (t.kind, t.territory, t.texts) == ("territory", "白の宮殿", {})
    assert (c.kind, c.shot) == ("command", True)


def test_the_fan_lists_shape():
    entries = [{"id": "050", "name": "x", "type": "unit/buster", "subType": ["バスター"], "effect": "1枚引く。"},
               {"id": "073", "name": "y", "type": "unit/ace"},
               {"id": "045", "name": "コンビナート", "type": "territory"},
               {"id": "000", "name": "未所持のカード"}]
    db = carddb.parse_bytes(json.dumps({"cards": entries}, ensure_ascii=False).encode(), "f.json")
    assert [(c.card_type, c.buster, c.ace, c.territory) for c in db.cards] == [
        ("unit/buster", True, False, ""), ("unit/ace", False, True, ""), ("territory", False, False, "コンビナート"),
        ("", False, False, "")]


def test_bad_entries_are_reported_and_the_rest_loads():
    text = HEADER + (",名無し,unit,1枚引く。,no,no,no,\n"
                     "u2,カード,spell,1枚引く。,maybe,no,no,\n")
    db = carddb.parse_bytes(text.encode(), "cards.csv", "csv")
    assert [c.id for c in db.cards] == ["u2"] and db.cards[0].card_type == "" and not db.cards[0].ace
    assert [str(p) for p in db.problems] == [
        "cards.csv:2: no card id (\"id\"); skipped",
        "cards.csv:3 (id u2): type 'spell' is not unit, territory or command; read as unknown",
        "cards.csv:3 (id u2): ace 'maybe' is not yes or no; read as no",
    ]


def test_a_table_of_english_texts_or_untyped_cards_is_no_build_divide_table():
    entries = [{"id": str(i), "name": "x", "type": "unit", "effect": "Draw 1 card."} for i in range(5)]
    db = carddb.parse_bytes(json.dumps(entries).encode(), "en.json")
    assert db.shape_problem() == "en.json: 0 of its 5 texts are Japanese; is it a Build Divide card table?"
    # a Japanese Digimon export: ids and effects, no Build Divide type
    entries = [{"id": f"BT1-{i:03d}", "name": "アグモン", "effect": f"【メイン】カードを{i}枚引く。"} for i in range(1, 6)]
    db = carddb.parse_bytes(json.dumps(entries, ensure_ascii=False).encode(), "jp.json")
    assert db.shape_problem() == ("jp.json: 0 of its 5 cards have a type (unit, territory, command); "
                                  "is it a Build Divide card table?")


def test_write_back_keeps_the_table_and_replaces_changed_effects(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text(HEADER + "c1,ショットA,command,相手は手札を1枚捨てる。,no,no,yes,\n"
                             "u1,ユニットA,unit,1枚引く。,no,no,no,\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    result = CliRunner().invoke(cli, ["convert", "--pack", "bd-tag", str(path), "--format", "database", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == (HEADER + "c1,ショットA,command,相手1人を選ぶ。その相手は手札を1枚捨てる。,no,no,yes,\n"
                                                        "u1,ユニットA,unit,1枚引く。,no,no,no,\n")


def test_an_opaque_bracket_left_open_is_one_line_naming_the_card(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"id": "x1", "name": "x", "type": "command", "effect": "相手の《神域 鏡花"},
                                {"id": "x2", "name": "y", "type": "command", "effect": "相手は手札を1枚捨てる。"}],
                               ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.json"
    result = CliRunner().invoke(cli, ["convert", "--pack", "bd-tag", str(path), "-o", str(out)])
    doc = json.loads(out.read_text(encoding="utf-8"))
    cards = {c["id"]: c for c in doc["cards"]}
    assert cards["x2"]["texts"]["effect"]["text"] == "相手1人を選ぶ。その相手は手札を1枚捨てる。"
    assert "x1" in result.stderr and "card name that does not close" in result.stderr
