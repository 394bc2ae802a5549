"""tagtext deck check --pack ygo-tag: exit 0 legal, 1 illegal, 2 unreadable; the pack's own
card database by default."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tagtext.cli.main import cli

from .conftest import FIXTURES


def run(*args, input=None):
    return CliRunner().invoke(cli, ["deck", "check", *map(str, args), "--pack", "ygo-tag"], input=input)


def test_a_ydke_link_on_the_command_line_and_a_list_on_stdin():
    import base64
    import struct

    from tagtext.packs.ygo_tag.deck import read_deck

    carol = read_deck(FIXTURES / "carol.ydk")

    def part(section):
        codes = [int(e.card) for e in carol.section(section) for _ in range(e.count)]
        return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()
    link = f"ydke://{part('Main Deck')}!{part('Extra Deck')}!{part('Side Deck')}!"
    from_file = run(FIXTURES / "alice.ydk", FIXTURES / "carol.ydk")
    from_link = run(FIXTURES / "alice.ydk", link)
    from_stdin = run(FIXTURES / "alice.ydk", "-", input=(FIXTURES / "carol.ydk").read_text(encoding="utf-8"))
    assert from_file.exit_code == from_link.exit_code == from_stdin.exit_code == 1
    assert from_link.stdout.splitlines()[1].split() == ["B", "ydke", "link", "40", "Main", "Deck,", "1", "Extra",
                                                         "Deck,", "2", "Side", "Deck", "(ydke", "link)"]
    assert from_stdin.stdout.splitlines()[1].split()[:2] == ["B", "<stdin>"]
    assert from_link.stdout.splitlines()[2:] == from_stdin.stdout.splitlines()[2:] == from_file.stdout.splitlines()[2:]


def test_legal_team_exits_0():
    result = run(FIXTURES / "alice.ydk", FIXTURES / "bob.txt")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith("40 Main Deck, 15 Extra Deck (YDK)")
    assert lines[1].endswith("41 Main Deck, 5 Extra Deck (text)")
    assert lines[2] == ("Banlist: TCG Forbidden & Limited List, last updated 2026 (the TCG statuses of shipped "
                        "ygo-cards.json, as ygo_tag/deck/banlist.toml changes them): 119 Forbidden, 97 Limited, "
                        "10 Semi-Limited")
    assert lines[3:] == ["Yu-Gi-Oh! tag duel team: legal"]          # a list that lists cards: all checked


def test_illegal_deck_exits_1_and_says_why():
    result = run(FIXTURES / "alice.ydk", FIXTURES / "carol.ydk")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[3] == "Yu-Gi-Oh! tag duel team: illegal, 5 problems"
    assert lines[4] == "  B: 2 Side Deck cards, Side Decks are not used (only one game is played) (Side Deck)"


def test_json_report():
    result = run(FIXTURES / "carol.ydk", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["pack"] == "ygo-tag" and doc["decks"][0]["format"] == "YDK"
    assert [p["rule"] for p in doc["problems"]] == [
        "side-deck", "extra-deck-monster-in-main", "copies-per-player", "forbidden", "limited"]


def test_db_option_reads_a_ygoprodeck_database(tmp_path):
    db = tmp_path / "cardinfo.json"
    db.write_text(json.dumps({"data": [{"id": 89631139, "name": "Blue-Eyes White Dragon",
                                        "type": "Normal Monster", "banlist_info": {"ban_tcg": "Banned"}}]}))
    deck = tmp_path / "d.ydk"
    deck.write_text("#main\n89631139\n")
    result = run(deck, "--db", db, "--json")
    assert result.exit_code == 1
    assert [p["rule"] for p in json.loads(result.stdout)["problems"]] == ["main-deck-size", "forbidden"]


def test_unreadable_deck_is_one_line_and_exits_2(tmp_path):
    bad = tmp_path / "bad.ydk"
    bad.write_text("#main\n89631139\nBlue-Eyes\n")
    result = run(FIXTURES / "alice.ydk", bad)
    assert result.exit_code == 2
    assert result.stderr == f"tagtext: error: {bad}:3: 'Blue-Eyes' is not a card password (YDK: one password a line)\n"
    assert result.stdout == ""


def test_bad_database_exits_2(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("{")
    result = run(FIXTURES / "alice.ydk", "--db", bad)
    assert result.exit_code == 2 and result.stderr.startswith(f"tagtext: error: {bad}:1:2: invalid JSON")
