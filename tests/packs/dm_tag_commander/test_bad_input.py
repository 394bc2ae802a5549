"""Bad input to the dm-tag-commander pack (issue 17: "Bad input gets one-line errors (broken
brackets, mixed widths, a deck line that names no card); nothing a user had is
overwritten"): each test holds a finding of /work/notes/dmbad-findings.md."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tagtext.cli.main import cli
from tagtext.deck import DeckFileError
from tagtext.packs.dm_tag_commander.deck import parse_deck

PACK = ["--pack", "dm-tag-commander"]
GOOD = {"id": "x2", "name": "テスト・ワーム", "text": "相手がクリーチャーを召喚した時、カードを1枚引いてもよい。"}


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def one_error(result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


# ----------------------------------------------------------------------------- databases

@pytest.mark.parametrize("field", [
    {"cost": "²"},                                   # a digit int() refuses
    {"cost": "9" * 5000},                            # more digits than Python reads as an int
    {"printings": 5},                                # a printings field that is no list
    {"printings": {"setCode": "DM-01"}, "cardType": "クリーチャー", "setsContaining": "DM-01"},
])
def test_an_odd_field_never_sinks_the_database(tmp_path, field):
    """dmbad-1/2: one entry's cost or printings made convert fail whole (internal error, exit 3)."""
    db = tmp_path / "cards.json"
    db.write_text(json.dumps([{"id": "x1", "name": "テスト", "text": "相手の手札を見る。", **field}, GOOD],
                             ensure_ascii=False), encoding="utf-8")
    result = run("convert", db, *PACK)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["summary"]["rewritten"] == 2


def test_another_games_database_is_no_deck_check_database(tmp_path):
    """dmbad-3: `deck check --db` with another game's file called every card unknown (and a
    team illegal for that) instead of refusing the database (exit 2, README)."""
    deck = tmp_path / "deck.txt"
    deck.write_text("統率者: 《ボルシャック・ドラゴン》\n1 《ガトリング・ワイバーン》\n", encoding="utf-8")
    db = tmp_path / "digimon.json"
    db.write_text(json.dumps([{"id": f"BT1-{i:03d}", "name": "Agumon", "effect": "<Draw 1>."} for i in range(30)]),
                  encoding="utf-8")
    result = run("deck", "check", *PACK, deck, "--db", db)
    assert result.exit_code == 2
    assert one_error(result) == (f"tagtext: error: {db}: none of its 30 cards has a Japanese name; is it a Duel "
                                 f"Masters card list? — the decks were not checked against it")


# ----------------------------------------------------------------------------- deck lists

def test_a_count_of_thousands_of_digits_is_a_one_line_error():
    """dmbad-4: int() refused it: an internal error (exit 3)."""
    with pytest.raises(DeckFileError, match=r"^x\.txt:2: a count of 5000 digits is not a count \(in '9999"):
        parse_deck("統率者: 《A》\n" + "9" * 5000 + " 《ボルシャック・ドラゴン》\n", "x.txt")


@pytest.mark.parametrize("line", ["x4 《ボルシャック・ドラゴン》", "ｘ４ 《ボルシャック・ドラゴン》", "×4 ボルシャック・ドラゴン",
                                  "４ 《ボルシャック・ドラゴン》", "《ボルシャック・ドラゴン》×４", "ボルシャック・ドラゴン x４"])
def test_counts_written_with_x_before_them_or_full_width(line):
    """dmbad-5: 'x4 《name》' was read as a card named 'x4 《name》' (unknown, not checked)."""
    deck = parse_deck(line + "\n", "x.txt")
    assert [(e.written, e.count) for e in deck.entries] == [("ボルシャック・ドラゴン", 4)]


@pytest.mark.parametrize("line", ["4 《ボルシャック・ドラゴン》 SR", "メモ 《ボルシャック・ドラゴン》", "《A》《B》"])
def test_words_around_a_name_in_brackets_are_an_error_not_part_of_the_name(line):
    with pytest.raises(DeckFileError, match=r"^x\.txt:1: .*: words around 《name》 that are not its count"):
        parse_deck(line + "\n", "x.txt")


@pytest.mark.parametrize("line", ["統率者 《ボルシャック・ドラゴン》", "【統率者】《ボルシャック・ドラゴン》", "コマンダー<<ボルシャック・ドラゴン>>",
                                  "統率者：ボルシャック・ドラゴン"])
def test_a_commander_line_with_its_name_in_brackets_needs_no_colon(line):
    """dmbad-16: '統率者 《name》' was a main-deck card named '統率者 《name》' (unknown, and the
    deck had no commander)."""
    deck = parse_deck(line + "\n1 《ガトリング・ワイバーン》\n", "x.txt")
    assert deck.commander.written == "ボルシャック・ドラゴン" and [e.written for e in deck.entries] == ["ガトリング・ワイバーン"]


def test_a_name_in_half_width_katakana_is_the_card(tmp_path):
    """dmbad-6: 《ﾎﾞﾙｼｬｯｸ・ﾄﾞﾗｺﾞﾝ》 was not found (widths were folded 1:1 only)."""
    deck = tmp_path / "deck.txt"
    deck.write_text("統率者: 《ﾎﾞﾙｼｬｯｸ･ﾄﾞﾗｺﾞﾝ》\n1 《ｶﾞﾄﾘﾝｸﾞ・ﾜｲﾊﾞｰﾝ》\n", encoding="utf-8")
    out = json.loads(run("deck", "check", *PACK, deck, "--json").stdout)
    assert not out["not_checked"][:-1], out["not_checked"]  # the last: the empty 殿堂 list
    assert {p["card"] for p in out["problems"]} >= {"dm01-008"}  # the commander, found: a VR


def test_a_misspelt_name_is_counted_and_the_nearest_card_suggested(tmp_path):
    """dmbad-15: a misspelt name was 'not in the card database' with no hint."""
    deck = tmp_path / "deck.txt"
    deck.write_text("統率者: 《ボルシャク・ドラゴン》\n1 《ガトリングワイバン》\n1 《オールデリート》\n", encoding="utf-8")
    out = json.loads(run("deck", "check", *PACK, deck, "--json").stdout)
    hints = [line.partition("not checked")[2] for line in out["not_checked"][:3]]
    assert hints == ["; did you mean 《ボルシャック・ドラゴン》?)", "; did you mean 《ガトリング・ワイバーン》?)", ")"]
    assert out["decks"][0]["sections"] == {"cards": 3}  # counted all the same


def test_one_line_is_line_not_lines(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4 《ボルシャック・ドラゴン》\n", encoding="utf-8")
    out = json.loads(run("deck", "check", *PACK, deck, "--json").stdout)
    assert [p["name"] for p in out["problems"] if p["rule"] == "singleton"] == ["《ボルシャック・ドラゴン》 (line 1)"]


# ----------------------------------------------------------------------------- text

def test_half_width_katakana_is_warned_of():
    """dmbad-7: ﾏﾅｿﾞｰﾝ is read by no rule: the text came out unchanged with no word."""
    result = run("rewrite", *PACK, "すべてのﾏﾅｿﾞｰﾝにあるｶｰﾄﾞ１枚につき+1000される。")
    assert result.exit_code == 0
    assert result.stdout == "すべてのﾏﾅｿﾞｰﾝにあるｶｰﾄﾞ１枚につき+1000される。\n"
    assert one_error(result) == ("tagtext: warning: 1:5: half-width katakana 'ﾏﾅｿﾞｰﾝ': the rules read official "
                                 "text, written full-width (マナゾーン); this text may not be rewritten as it should")
    assert run("rewrite", *PACK, "すべてのマナゾーンにあるカード１枚につき+1000される。").stderr.count("warning") == 0


# ----------------------------------------------------------------------------- the 殿堂 list

def test_a_banlist_saved_by_a_windows_editor_is_read_or_refused_in_one_line(tmp_path):
    """dmbad-9: a byte-order mark (Notepad's UTF-8) was 'invalid TOML: Invalid statement';
    Shift_JIS gave Python's codec message; the read was unbounded."""
    deck = tmp_path / "deck.txt"
    deck.write_text("統率者: 《ボルシャック・ドラゴン》\n1 《ガトリング・ワイバーン》\n", encoding="utf-8")
    listed = 'name = "店舗リスト"\nlast_updated = 2026-01-01\npremium_hall = ["ガトリング・ワイバーン"]\nhall = []\n'
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + listed.encode("utf-8"))
    out = json.loads(run("deck", "check", *PACK, deck, "--banlist", bom, "--json").stdout)
    assert out["banlist"]["name"] == "店舗リスト"
    assert [p["card"] for p in out["problems"] if p["rule"] == "no-premium-hall"] == ["dm01-007"]
    sjis = tmp_path / "sjis.toml"
    sjis.write_bytes(listed.encode("cp932"))
    result = run("deck", "check", *PACK, deck, "--banlist", sjis)
    assert result.exit_code == 2
    assert one_error(result) == (f"tagtext: error: {sjis}: not UTF-8 text (byte 8); it looks like Shift_JIS "
                                 f"(CP932): save it as UTF-8")
