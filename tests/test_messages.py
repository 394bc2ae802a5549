"""What tagtext says: problems summarised by kind, plurals, unknown --card ids, `diff - -`,
--quiet, NO_COLOR, and the word-diff markers kept when coloured."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tagtext.cli import streams
from tagtext.cli.common import FIRST_FEW, plural
from tagtext.cli.main import cli

GOOD = {"id": "BT1-001", "name": "Agumon", "effect": "[Main] If you have 3 or more security cards, <Draw 1>."}


def run(*args, input=None, env=None):
    return CliRunner().invoke(cli, list(map(str, args)), input=input, env=env, catch_exceptions=False)


def write(tmp_path: Path, name: str, cards) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


def test_the_same_problem_is_summarised_by_kind(tmp_path):
    cards = [{**GOOD, "id": f"BT1-{i:03d}"} for i in range(1, 101)]
    cards += [{**GOOD, "id": f"BT1-{i:03d}", "effect": 7} for i in range(101, 141)]   # 40 not-text fields
    cards += [GOOD] * 5                                                               # 5 duplicate ids
    path = write(tmp_path, "cards.json", cards)
    for args in (["convert", path], ["errata", path, "-o", tmp_path / "site"], ["coverage", path],
                 ["diff", path, path]):
        result = run(*args)
        assert result.exit_code == 1
        errors = [line for line in result.stderr.splitlines() if line.startswith("tagtext: error:")]
        sides = 2 if args[0] == "diff" else 1  # diff: both sides' problems, grouped together
        # per kind: the first few in full, then one line counting the rest
        assert len(errors) == 2 * (FIRST_FEW + 1), result.stderr
        assert (f"... and {40 * sides - 3} more like these (text fields that are not text; {40 * sides} in all)"
                in errors[FIRST_FEW])
        assert f"... and {5 * sides - 3} more like these (duplicate ids; {5 * sides} in all)" in errors[-1]


def test_plurals(tmp_path):
    assert (plural(1, "card"), plural(2, "card"), plural(1, "entry", "entries"), plural(0, "entry", "entries")) == \
        ("1 card", "2 cards", "1 entry", "0 entries")
    path = write(tmp_path, "one.json", [GOOD])
    summary = run("convert", path).stderr.strip().splitlines()[-1]
    assert "1 card, 1 text: 1 rewritten (1 card), 0 residuals, 0 stale rulings" in summary
    site = run("errata", path, "-o", tmp_path / "site").stderr
    assert "1 card in 1 set" in site and "0 database entries" in site
    assert "No differences: 1 card in both." in run("diff", path, path).stdout


def test_an_unknown_card_id_is_a_warning():
    result = run("rewrite", "--card", "NOPE-999", "Both players draw 2 cards.")
    assert result.exit_code == 0
    assert result.stdout == "All players draw 2 cards.\n"
    assert result.stderr == ("tagtext: warning: no card 'NOPE-999' in the shipped card database (by id or name); "
                             "no special ruling applies to it\n")
    assert run("rewrite", "--card", "BT1-001", "Both players draw 2 cards.").stderr == ""
    assert run("--quiet", "rewrite", "--card", "NOPE-999", "Draw 1.").stderr == ""


RASENMON = ("When digivolving into this card from your hand, the memory cost of the digivolution is equal to the "
            "number of cards in your security stack. If you have 0 security cards, the memory cost is 1.")


@pytest.mark.parametrize("card", ["BT7-040", "bt7-040", " Bt7-040 ", "Rasenmon", "rasenmon"])
def test_a_card_by_id_in_any_case_or_by_name(card):
    """The ruling applies whichever way the card is named; a name says which card it is."""
    result = run("rewrite", "--json", "--card", card, RASENMON)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["card"] == "BT7-040" and doc["ruling"] == "rasenmon-evolution-cost"
    named = card.strip().lower() == "rasenmon"
    assert result.stderr == ("tagtext: note: --card 'Rasenmon' is BT7-040 Rasenmon\n".replace("'Rasenmon'", repr(card))
                             if named else "")


def test_forms_of_an_id_the_pack_knows():
    assert json.loads(run("rewrite", "--json", "--card", "ST01-01", "x").stdout)["card"] == "ST1-01"
    assert json.loads(run("rewrite", "--json", "--card", "BT1-085_P1", "x").stdout)["card"] == "BT1-085"
    ygo = run("rewrite", "--pack", "ygo-tag", "--json", "--card", "05318639", "x")
    assert json.loads(ygo.stdout)["card"] == "5318639" and ygo.stderr == ""


def test_a_yu_gi_oh_card_by_name_is_its_password():
    result = run("rewrite", "--pack", "ygo-tag", "--json", "--card", "Pot of Greed", "Draw 2 cards.")
    assert json.loads(result.stdout)["card"] == "55144522"
    assert result.stderr == "tagtext: note: --card 'Pot of Greed' is 55144522 Pot of Greed\n"
    ruled = run("rewrite", "--pack", "ygo-tag", "--json", "--card", "creature swap",
                "Each player chooses 1 monster they control and switches control of those monsters with each other. "
                "Those monsters cannot change their battle positions for the rest of this turn.")
    assert json.loads(ruled.stdout)["ruling"] is not None


def test_a_name_many_cards_share_is_a_usage_error():
    result = run("rewrite", "--card", "Agumon", "x")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0].startswith(
        "tagtext: error: Invalid value for '--card': 39 cards are named 'Agumon' (BT1-010, ")
    assert result.stderr.splitlines()[0].endswith("...); give the card's id")


def test_diff_with_both_sides_on_stdin_says_so():
    result = run("diff", "-", "-", input="[]")
    assert result.exit_code == 2
    assert "OLD and NEW are both \"-\": only one of them can be read from stdin" in result.stderr
    assert "invalid JSON" not in result.stderr


def test_quiet_prints_only_errors(tmp_path):
    path = write(tmp_path, "cards.json", [GOOD, GOOD])
    for args in (["--quiet", "convert", path], ["convert", path, "-q"]):
        result = run(*args)
        assert result.exit_code == 1
        assert [line.split(":")[1] for line in result.stderr.splitlines()] == [" error"]  # no summary line
        assert json.loads(result.stdout)["summary"]["cards"] == 1
    good = write(tmp_path, "good.json", [GOOD])
    assert run("-q", "convert", good).stderr == ""
    assert run("-q", "errata", good, "-o", tmp_path / "site").stderr == ""
    assert run("-q", "check-overrides").stderr == ""
    assert run("-q", "rewrite", "[Main] You have 3 or more memory for each card.").stderr == ""
    assert run("convert", good).stderr != ""  # not sticky


@pytest.fixture
def two_sides(tmp_path):
    old = write(tmp_path, "old.json", [GOOD])
    new = write(tmp_path, "new.json", [{**GOOD, "effect": GOOD["effect"].replace("3 or more", "4 or more")}])
    return old, new


def test_no_color_is_honoured(monkeypatch, two_sides):
    old, new = two_sides
    monkeypatch.setattr(streams, "is_terminal", lambda err=False: True)
    monkeypatch.setenv("TERM", "xterm")
    assert "\x1b[" in run("diff", old, new, env={"NO_COLOR": ""}).stdout  # empty: not set
    assert "\x1b[" not in run("diff", old, new, env={"NO_COLOR": "1"}).stdout
    assert "\x1b[" in run("diff", old, new, "--color", "always", env={"NO_COLOR": "1"}).stdout
    # a terminal that shows no colour says so
    assert "\x1b[" not in run("diff", old, new, env={"TERM": "dumb"}).stdout
    assert "\x1b[" in run("diff", old, new, "--color", "always", env={"TERM": "dumb"}).stdout


def test_colour_keeps_the_markers(two_sides):
    old, new = two_sides
    plain = run("diff", old, new, "--color", "never").stdout
    coloured = run("diff", old, new, "--color", "always").stdout
    assert "[-6-]{+8+}" in plain
    assert "\x1b[31m[-6-]\x1b[0m\x1b[32m{+8+}\x1b[0m" in coloured
    import re
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


def test_a_pasted_text_that_is_not_the_cards_own_is_not_a_stale_ruling():
    """BT7-040's ruling is current (the database's card holds its effect): a text pasted
    with --card that does not hold it is not the card's text, and is said to be so."""
    result = run("rewrite", "--card", "BT7-040", "--json", "Both players draw 2 cards.")
    assert result.exit_code == 0
    (warning,) = json.loads(result.stdout)["warnings"]
    assert "stale" not in warning
    assert warning == ("special ruling 'rasenmon-evolution-cost' (BT7-040 effect) covers an effect this text "
                       "does not hold: it is not BT7-040's effect text as the card database has it; "
                       "not applied")
    assert "stale" not in run("rewrite", "--card", "BT7-040", "Draw 1.").stderr
    # the card's own text: the ruling applies, nothing to say
    assert run("rewrite", "--card", "BT7-040", RASENMON).stderr == ""
