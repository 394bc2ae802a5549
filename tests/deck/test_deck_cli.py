"""tagtext deck check: exit 0 legal, 1 illegal, 2 usage error or unreadable deck; errors are
one line naming file:line, never a traceback."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tagtext.cli.main import cli

from .conftest import FIXTURES


def run(*args, input=None):
    return CliRunner().invoke(cli, ["deck", "check", *map(str, args)], input=input)


def test_a_deck_pasted_on_stdin():
    from tagtext.packs.tag_tamer.deck import read_deck

    counts = read_deck(FIXTURES / "red-a.txt").counts()
    pasted = "".join(f"{n} ({card})\n" for card, n in counts.items())      # as DigimonMeta exports it
    from_file = run(FIXTURES / "red-a.txt", FIXTURES / "blue-b.json")
    from_stdin = run("-", FIXTURES / "blue-b.json", input=pasted)
    assert from_stdin.exit_code == from_file.exit_code == 0
    assert from_stdin.stdout.splitlines()[0].startswith("A  <stdin>")
    assert from_stdin.stdout.splitlines()[1:] == from_file.stdout.splitlines()[1:]
    both = run("-", "-", input=pasted)
    assert both.exit_code == 2 and "only one deck can be read from stdin" in both.stderr
    bad = run("-", input="4 (BT1-010)\n4 Agumon\n")
    assert bad.exit_code == 2 and bad.stderr == "tagtext: error: <stdin>:2: 'Agumon' is not a card id (in '4 Agumon')\n"


EMPTY_BANLIST = "Banlist: Tag Tamer banlist, last updated BT-21 (tag_tamer/deck/banlist.toml): EMPTY, it bans and restricts no card"
NOT_CHECKED = [
    "  NOT checked: the format's own banned and restricted cards and banned pairs (its banlist is empty)",
    "  NOT checked: the official banned and restricted cards (the card database has no \"restrictions\" field; "
    "the Digimon Card App's full DigimonCards.json has them)",
]


def test_legal_team_exits_0_but_an_empty_banlist_is_no_pass():
    """The shipped banlist is empty and the shipped database has no restrictions: the team
    is legal as far as it was checked, and the report says what was not."""
    result = run(FIXTURES / "red-a.txt", FIXTURES / "blue-b.json")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2:] == [EMPTY_BANLIST, "Tag Tamer team: legal as far as checked", *NOT_CHECKED]
    assert result.stderr == ""


def test_illegal_team_exits_1_and_says_why():
    result = run(FIXTURES / "red-a.txt", FIXTURES / "yellow-c-untap.txt")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[2:] == [
        EMPTY_BANLIST,
        "Tag Tamer team: illegal, 1 problem",
        "  BT1-010 Agumon: 2 in A + 3 in B = 5, the team may hold 4 (team restriction)",
        *NOT_CHECKED,
    ]


def test_json_report():
    result = run(FIXTURES / "red-a.txt", FIXTURES / "yellow-c-untap.txt", "--json", "--pack", "tag-tamer")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["legal"] is False and doc["schema"] == "tagtext-deck-check/1"
    assert [d["format"] for d in doc["decks"]] == ["Digimon Card App text", "Untap"]
    (problem,) = doc["problems"]
    assert {k: problem[k] for k in ("rule", "card", "name", "counts", "limit")} == {
        "rule": "team-restriction", "card": "BT1-010", "name": "Agumon", "counts": {"A": 2, "B": 3}, "limit": 4}


def test_one_deck_alone():
    result = run(FIXTURES / "vemmon-b.txt")      # 30 Vemmon, 0 Digi-Eggs: legal alone
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("A  ") and lines[1:] == [EMPTY_BANLIST, "Tag Tamer deck: legal as far as checked",
                                                        *NOT_CHECKED]


def test_db_option_reads_another_database(tmp_path):
    records = [{"id": "BT1-010", "name": {"english": "Agumon"}, "cardType": "Digimon",
                "restrictions": {"english": "Banned"}}]
    db = tmp_path / "cards.json"
    db.write_text(json.dumps(records))
    deck = tmp_path / "d.txt"
    deck.write_text("1 BT1-010\n")
    result = run(deck, "--db", db, "--json")
    assert result.exit_code == 1
    rules = [p["rule"] for p in json.loads(result.stdout)["problems"]]
    assert rules == ["deck-size", "banned"]


@pytest.mark.parametrize("make, message", [
    (lambda p: p, "{p}: is a directory, not a deck file"),
    (lambda p: p / "missing.txt", "{p}/missing.txt: no such file"),
    (lambda p: _write(p / "bad.txt", "4 BT1-010\n4 Agumon\n"), "{p}/bad.txt:2: 'Agumon' is not a card id (in '4 Agumon')"),
    (lambda p: _write(p / "bad.json", '["BT1-010",\n'), "{p}/bad.json:2:1: invalid JSON: Expecting value"),
])
def test_unreadable_deck_is_one_line_and_exits_2(tmp_path, make, message):
    path = make(tmp_path)
    result = run(FIXTURES / "red-a.txt", path)
    assert result.exit_code == 2
    assert result.stderr == "tagtext: error: " + message.format(p=tmp_path) + "\n"
    assert "Traceback" not in result.output and result.stdout == ""


def test_bad_database_exits_2(tmp_path):
    bad = _write(tmp_path / "cards.json", "{")
    result = run(FIXTURES / "red-a.txt", "--db", bad)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tagtext: error: {bad}:1:2: invalid JSON")


@pytest.mark.parametrize("args, text", [
    ((), "Missing argument 'DECK_A'"),
    (("a", "b", "c"), "unexpected extra argument"),
    (("a", "--pack", "nope"), "unknown pack 'nope'"),
])
def test_usage_errors_exit_2(args, text):
    result = run(*args)
    assert result.exit_code == 2
    assert text in result.stderr


def _write(path, text):
    path.write_text(text, encoding="utf-8")
    return path
