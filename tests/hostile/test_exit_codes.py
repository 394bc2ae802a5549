"""The exit status says what happened (findings W1-W6): output lost is a failure, a
database that is no database is not a verdict on a deck or a 100% score, a text not
rewritten makes a comparison incomplete. (W1: test_internal_errors, closed stdout; W6:
test_internal_errors, Ctrl-C.)"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from .conftest import CARDS, GOOD, TAGTEXT, one_line, run, write_json

DECKS = Path(__file__).parents[1] / "deck" / "fixtures"


@pytest.mark.parametrize("args", [["rewrite", "--json"], ["parse", "--json"]])
def test_a_reader_that_leaves_early_is_noticed(args):
    """W2: output bigger than a pipe holds, to a reader that reads 10 bytes and leaves:
    the command stops (quietly) with exit 1, not 0 as if it had all been read."""
    text = ("Both players draw 2 cards. " * 40000).encode()
    proc = subprocess.Popen([str(TAGTEXT), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdin.write(text)
    proc.stdin.close()
    proc.stdout.read(10)
    proc.stdout.close()
    assert proc.wait(timeout=120) == 1
    assert proc.stderr.read() == b""


def test_diff_json_to_a_reader_that_leaves_early(tmp_path):
    """W2: the same for diff --json of two large databases."""
    old = write_json(tmp_path / "old.json", [{**GOOD, "id": f"BT1-{i:04d}"} for i in range(3000)])
    new = write_json(tmp_path / "new.json", [{**GOOD, "id": f"BT2-{i:04d}"} for i in range(3000)])
    proc = subprocess.Popen([str(TAGTEXT), "diff", str(old), str(new), "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.read(10)
    proc.stdout.close()
    assert proc.wait(timeout=120) == 1


@pytest.mark.parametrize("make", ["renamed", "empty", "other game"])
def test_deck_check_with_a_database_that_is_no_database_is_unreadable(tmp_path, make):
    """W3: a --db whose id field was renamed, an empty one, or the other game's: exit 2
    and one line about the database, never a legal team called illegal."""
    if make == "renamed":
        cards = [{"cardId": "BT1-010", "name": "Agumon", "cardType": "Digimon"}] * 30
    elif make == "empty":
        cards = []
    else:
        cards = [{"password": 89631139, "name": {"en": "Blue-Eyes White Dragon"}, "card_type": "Monster"}] * 30
    db = write_json(tmp_path / "db.json", cards)
    team = (DECKS / "red-a.txt", DECKS / "blue-b.json")
    assert run("deck", "check", *team).exit_code == 0
    result = run("deck", "check", *team, "--db", db)
    assert result.exit_code == 2 and result.stdout == ""
    one_line(result.stderr, str(db), "the decks were not checked against it")


def test_deck_check_db_for_yugioh_is_checked_too(tmp_path):
    """W3, ygo-tag: a Digimon database given to the Yu-Gi-Oh! deck check is refused."""
    db = write_json(tmp_path / "digimon.json", CARDS)
    result = run("deck", "check", "--pack", "ygo-tag", Path(__file__).parents[1] / "deck" / "ygo" / "fixtures" /
                 "alice.ydk", "--db", db)
    assert result.exit_code == 2
    one_line(result.stderr, "of 40 entries were skipped")


def test_coverage_of_no_database_is_no_score(tmp_path):
    """W4: an empty database, or one of "-" texts, is an error (exit 1), not 100%."""
    for cards in ([], [{"id": f"BT1-{i:03d}", "effect": "-"} for i in range(30)]):
        result = run("coverage", write_json(tmp_path / "e.json", cards))
        assert result.exit_code == 1 and result.stdout == ""
        assert "100.00%" not in result.output


def test_coverage_exits_1_when_a_text_cannot_be_parsed(tmp_path):
    """W4: the README's exit status 1 for text the grammar cannot parse, as every command."""
    cards = [*CARDS, {"id": "BT1-063", "effect": "While you have 3 or more security cards, " + "(" * 150 + "x"
                      + ")" * 150}]
    result = run("coverage", write_json(tmp_path / "nest.json", cards))
    assert result.exit_code == 1
    assert "parse errors:  1" in result.stdout
    result = run("coverage", write_json(tmp_path / "fine.json", CARDS), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["parse_errors"] == []


def test_diff_reports_a_text_it_could_not_rewrite(tmp_path):
    """W5: a text diff rewrote and could not is reported on stderr and makes the
    comparison incomplete: exit 1 (2 with --exit-code), as a skipped entry does. So is
    one that did not change (sweep s8: a database diffed against itself said "No
    differences" and exited 0): it is rewritten once, as NEW's."""
    nested = "While you have 3 or more security cards, " + "(" * 150 + "x" + ")" * 150
    old = write_json(tmp_path / "old.json", CARDS)
    new = write_json(tmp_path / "new.json", [*CARDS[:-1], {**CARDS[-1], "effect": nested}])
    result = run("diff", old, new)
    assert result.exit_code == 1
    assert "new: not rewritten" in result.stdout
    one_line(result.stderr, f"{new}: BT1-040 effect")
    assert run("diff", old, new, "--exit-code").exit_code == 2
    result = run("diff", new, new, "--exit-code")
    assert result.exit_code == 2 and "No differences" in result.stdout
    one_line(result.stderr, f"{new}: BT1-040 effect")
