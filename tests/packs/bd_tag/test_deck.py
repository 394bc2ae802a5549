"""The Build Divide tag battle's deck check (tagtext deck check --pack bd-tag): the seed's
401 and 402 and BD-NOTES' checklist, each case against a card table in the documented
header (tests/deck/bd/fixtures/bd-cards.csv: 20 units, 8 with the Buster icon, 8 commands
with the Shot icon, 3 aces, and the territories 神域 鏡花水月 (its own limit of 3),
コンビナート, and two named 白の宮殿「…」 whose unopened side is 白の宮殿)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tagtext.cli.main import cli
from tagtext.deck import DeckFileError
from tagtext.packs.bd_tag import deck as bd

FIXTURES = Path(__file__).resolve().parents[2] / "deck" / "bd" / "fixtures"
TABLE = FIXTURES / "bd-cards.csv"
UNITS = [f"ユニット{c}" for c in "ABCDEFGHIJKLMNOPQRST"]
BUSTERS = [f"バスター{c}" for c in "ABCDEFGH"]
SHOTS = [f"ショット{c}" for c in "ABCDEFGH"]


@pytest.fixture(scope="module")
def facts():
    return bd.load_database(str(TABLE))


def spread(names, total, per):
    """``total`` copies over ``names``, ``per`` each (the last takes the rest)."""
    out = {}
    for name in names:
        if total <= 0:
            break
        out[name] = min(per, total)
        total -= out[name]
    assert total == 0, "not enough names"
    return out


def deck_text(main=None, d=None, territory="コンビナート", ace=None, size=40, busters=12, shots=0, per=4):
    """A deck list: ``main`` (name -> copies) or else ``busters`` Buster units, ``shots``
    Shot commands and plain units up to ``size``, ``per`` copies a name."""
    if main is None:
        main = {**spread(BUSTERS, busters, per), **spread(SHOTS, shots, per),
                **spread(UNITS, size - busters - shots, per)}
    lines = []
    if territory:
        lines.append(f"テリトリー: {territory}")
    if ace:
        lines.append(f"エース: {ace}")
    lines.append("メインデッキ")
    lines += [f"{n} {name}" for name, n in main.items()]
    if d:
        lines.append("Dデッキ")
        lines += [f"{n} {name}" for name, n in d.items()]
    return "\n".join(lines) + "\n"


def check(facts, *texts, variant=None, banlist=None):
    decks = [bd.parse_deck(text, f"deck{label}.txt", label) for text, label in zip(texts, "AB")]
    return bd.check_team(decks, facts, banlist, variant)


def rules_of(report):
    return [p.rule for p in report.problems]


# ------------------------------------------------------------------ sizes (BD-NOTES #1, #5; 401-2)

def test_a_legal_deck_alone(facts):
    report = check(facts, deck_text())
    assert report.legal and report.problems == []
    assert report.not_checked and "empty" in report.not_checked[0]


@pytest.mark.parametrize("size, legal", [(39, False), (40, True), (50, True), (51, False)])
def test_main_deck_of_40_to_50(facts, size, legal):
    report = check(facts, deck_text(size=size))
    assert rules_of(report) == ([] if legal else ["main-deck-size"])


def test_teammates_decks_of_40_and_50(facts):
    """401-2: チーム内でデッキ内のカード枚数を同一にする必要はありません。"""
    report = check(facts, deck_text(size=40), deck_text(size=50, territory="神域 鏡花水月", per=3))
    assert report.legal


@pytest.mark.parametrize("d_size, legal", [(0, True), (12, True), (13, False)])
def test_d_deck_of_0_to_12(facts, d_size, legal):
    d = spread(UNITS[10:], d_size, 4) if d_size else None
    report = check(facts, deck_text(main={**spread(BUSTERS, 12, 4), **spread(UNITS[:10], 28, 4)}, d=d))
    assert rules_of(report) == ([] if legal else ["d-deck-size"])


# ------------------------------------------------------------------ icons (BD-NOTES #4)

@pytest.mark.parametrize("n, legal", [(11, False), (12, True), (13, False)])
def test_exactly_12_busters(facts, n, legal):
    report = check(facts, deck_text(busters=n))
    assert rules_of(report) == ([] if legal else ["busters"])
    if not legal:
        assert report.problems[0].message() == f"A: {n} cards with the Buster icon, a main deck holds exactly 12 (Buster icons)"


@pytest.mark.parametrize("n, legal", [(12, True), (13, False)])
def test_at_most_12_shots(facts, n, legal):
    report = check(facts, deck_text(shots=n))
    assert rules_of(report) == ([] if legal else ["shots"])


# ------------------------------------------------------------------ copies (BD-NOTES #2, #3, #8; 402)

def test_at_most_4_per_name_the_d_deck_included(facts):
    main = {**spread(BUSTERS, 12, 4), **spread(UNITS, 28, 4)}
    assert check(facts, deck_text(main=main)).legal
    report = check(facts, deck_text(main={**main, "ユニットA": 5, "ユニットG": 3}))
    assert rules_of(report) == ["copies"] and report.problems[0].card == "ユニットA"
    report = check(facts, deck_text(main=main, d={"ユニットA": 1}))
    assert rules_of(report) == ["copies"] and report.problems[0].total == 5


def test_two_limit_off_by_default_an_ace_line_changes_nothing(facts):
    """402-1: 両チームが合意した場合、あるいは大会等の規定により指定する場合、以下のいずれかのルールを追加で
    採用することができます (an option: off unless asked for, --two-limit)."""
    assert check(facts, deck_text(ace="エースA", per=3)).legal


def test_two_limit_ace_4_others_2_is_legal(facts):
    """402-1a: 選択したエースカードは 4枚まで、それ以外のカードは 2枚まで."""
    main = {"エースA": 4, **spread(BUSTERS, 12, 2), **spread(UNITS, 24, 2)}
    assert check(facts, deck_text(main=main, ace="エースA"), variant="two-limit").legal


def test_two_limit_a_non_ace_3_times(facts):
    main = {"エースA": 4, **spread(BUSTERS, 12, 2), "ユニットA": 3, **spread(UNITS[1:], 21, 2)}
    report = check(facts, deck_text(main=main, ace="エースA"), variant="two-limit")
    assert rules_of(report) == ["copies"]
    assert report.problems[0].message() == ("ユニットA: 3 in A, at most 2 per name, the chosen ace 4 (Two-Limit) "
                                            "(copies per name)")


def test_two_limit_needs_a_chosen_ace_that_is_an_ace(facts):
    main = {**spread(BUSTERS, 12, 2), **spread(UNITS, 28, 2)}
    assert rules_of(check(facts, deck_text(main=main), variant="two-limit")) == ["chosen-ace"]
    assert rules_of(check(facts, deck_text(main=main, ace="ユニットA"), variant="two-limit")) == ["chosen-ace"]


def test_two_limit_the_same_ace_for_both_teammates(facts):
    main = {"エースA": 4, **spread(BUSTERS, 12, 2), **spread(UNITS, 24, 2)}
    other = {"エースB": 4, **spread(BUSTERS, 12, 2), **spread(UNITS, 24, 2)}
    same = check(facts, deck_text(main=main, ace="エースA"), deck_text(main=main, ace="エースA", territory="白の宮殿「開放」"),
                 variant="two-limit")
    assert rules_of(same) == ["aces-differ"]
    assert check(facts, deck_text(main=main, ace="エースA"), deck_text(main=other, ace="エースB", territory="白の宮殿「開放」"),
                 variant="two-limit").legal


def test_a_territory_limit_of_3(facts):
    """BD-NOTES #8: 《神域 鏡花水月》「メインデッキの同じカードは3枚まででデッキを構築する。」."""
    assert check(facts, deck_text(territory="神域 鏡花水月", per=3)).legal
    report = check(facts, deck_text(territory="神域 鏡花水月", per=4))
    assert set(rules_of(report)) == {"copies"}
    assert "at most 3 per name (the territory" in report.problems[0].message()


def test_a_territory_limit_of_3_with_two_limit_on_the_lower_applies(facts):
    base = {**spread(BUSTERS, 12, 2), **spread(UNITS, 25, 2)}
    legal = check(facts, deck_text(main={"エースA": 3, **base}, ace="エースA", territory="神域 鏡花水月"),
                  variant="two-limit")
    assert legal.legal
    report = check(facts, deck_text(main={"エースA": 4, **spread(BUSTERS, 12, 2), **spread(UNITS, 24, 2)},
                                    ace="エースA", territory="神域 鏡花水月"), variant="two-limit")
    assert rules_of(report) == ["copies"] and report.problems[0].limit == 3


# ------------------------------------------------------------------ territories (401-1)

def test_teammates_with_the_same_territory(facts):
    report = check(facts, deck_text(), deck_text())
    assert rules_of(report) == ["territories-differ"]
    assert report.problems[0].message().startswith("コンビナート: 1 in A + 1 in B = 2, teammates' territories")


def test_teammates_with_different_territories(facts):
    assert check(facts, deck_text(), deck_text(territory="神域 鏡花水月", per=3)).legal


def test_territories_are_compared_by_their_unopened_side(facts):
    """401-1: 未開放面のテリトリーカードのカード名が異なるもの."""
    report = check(facts, deck_text(territory="白の宮殿「開放」"), deck_text(territory="白の宮殿「別面」"))
    assert rules_of(report) == ["territories-differ"]


def test_a_deck_needs_its_territory_outside_the_deck(facts):
    text = deck_text(territory=None)
    assert rules_of(check(facts, text)) == ["territory"]
    main = {**spread(BUSTERS, 12, 4), **spread(UNITS, 27, 4), "コンビナート": 1}
    assert rules_of(check(facts, deck_text(main=main))) == ["territory"]
    assert rules_of(check(facts, deck_text(territory="ユニットA"))) == ["territory"]


# ------------------------------------------------------------------ cards and lists (#9)

def test_an_unknown_card(facts):
    main = {**spread(BUSTERS, 12, 4), **spread(UNITS, 27, 4), "存在しないカード": 1}
    report = check(facts, deck_text(main=main))
    assert rules_of(report) == ["unknown-card"]
    assert report.problems[0].message().startswith("存在しないカード: 1 in A, not in the card table")


def test_an_organisers_banlist(facts, tmp_path):
    path = tmp_path / "ban.toml"
    path.write_text('last_updated = "2026-11-01"\n[[card]]\nname = "ユニットA"\nstatus = "banned"\n'
                    '[[card]]\nname = "ユニットB"\nstatus = "restricted"\ncopies = 1\n', encoding="utf-8")
    report = check(facts, deck_text(), banlist=bd.load_banlist(path))
    assert rules_of(report) == ["banlist", "banlist"]
    assert report.not_checked == [] and not report.banlist.empty


def test_names_match_whatever_their_width_or_spacing(facts):
    text = deck_text().replace("コンビナート", "《コンビナート》").replace("ユニットA", "ユニットＡ")
    assert check(facts, text).legal


@pytest.mark.parametrize("text, message", [
    ("テリトリー: コンビナート\nテリトリー: 神域 鏡花水月\n", "deck.txt:2: a second territory line (the first is on line 1)"),
    ("4\n", "deck.txt:1: a count with no card name: '4'"),
    ("1234567890123 ユニットA\n", "deck.txt:1: a count of 13 digits is not a count"),
    ("", "deck.txt: no cards found (expected a Build Divide deck list"),
    (" \n\u3000\n# メインデッキ\n// コメント\n", "deck.txt: no cards found (expected a Build Divide deck list"),
    ("メインデッキ\nDデッキ\n", "deck.txt: no cards found (expected a Build Divide deck list"),
])
def test_a_deck_file_that_cannot_be_read_is_one_line(text, message):
    with pytest.raises(DeckFileError) as e:
        bd.parse_deck(text, "deck.txt")
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


# ------------------------------------------------------------------ the command

def test_the_command_with_two_limit(tmp_path):
    alice, bob = FIXTURES / "bd-alice.txt", FIXTURES / "bd-bob.txt"
    args = ["deck", "check", "--pack", "bd-tag", "--db", str(TABLE), str(alice), str(bob)]
    standard = CliRunner().invoke(cli, args)
    assert standard.exit_code == 0, standard.output
    assert "team: legal as far as checked" in standard.output
    two = CliRunner().invoke(cli, args + ["--two-limit", "--json"])
    assert two.exit_code == 1
    doc = json.loads(two.stdout)
    assert {p["rule"] for p in doc["problems"]} == {"copies", "aces-differ"}
    same = CliRunner().invoke(cli, args + ["--variant", "two-limit", "--json"])
    assert json.loads(same.stdout)["problems"] == doc["problems"]


def test_an_empty_deck_list_is_no_deck_as_in_every_pack(tmp_path):
    """An empty or blank file is "no cards found", exit 2 (a file that is no deck list), as
    the other packs say; it was checked as a deck of nothing: "illegal, 3 problems"."""
    empty = tmp_path / "empty.txt"
    for text in ("", "\n  \n"):
        empty.write_text(text, encoding="utf-8")
        for pack in ("bd-tag", "tag-tamer", "ygo-tag", "dm-tag-commander"):
            result = CliRunner().invoke(cli, ["deck", "check", "--pack", pack, str(empty)])
            assert result.exit_code == 2, (pack, result.output)
            assert result.stdout == "" and result.stderr.count("\n") == 1, (pack, result.output)
            assert result.stderr.startswith(f"tagtext: error: {empty}: no card"), (pack, result.stderr)


def test_the_command_refuses_what_it_cannot_do_in_one_line():
    alice = str(FIXTURES / "bd-alice.txt")
    result = CliRunner().invoke(cli, ["deck", "check", "--pack", "bd-tag", alice, "--variant", "three-limit"])
    assert result.exit_code == 2 and "unknown variant 'three-limit'" in result.output
    result = CliRunner().invoke(cli, ["deck", "check", "--pack", "dm-tag-commander", alice, "--two-limit"])
    assert result.exit_code == 2 and "no Two-Limit variant" in result.output
