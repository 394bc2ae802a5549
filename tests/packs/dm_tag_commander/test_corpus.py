"""The pack on the whole shipped database (the classic and 2018 corpora, 2,723 texts): every
player phrase is accounted for, residuals stay few, triggers never change a result, notes
switch off as a whole, and the special rulings are current."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tagtext import pipeline
from tagtext.cli.main import cli
from tagtext.packs.dm_tag_commander.coverage import coverage


@pytest.fixture(scope="module")
def report(pack, dm_db):
    return coverage(pack, dm_db)


def test_no_parse_error_and_every_text_prints_back(report):
    assert report.texts == 2723 and report.parse_errors == [] and report.round_trips == 2723


def test_every_phrase_with_相手_or_プレイヤー_is_accounted_for(report):
    assert [(t.card, t.text[pos:pos + 20]) for t, pos in report.unaccounted()] == []
    assert len(report.risky()) == 1245


def test_residuals_stay_under_five_percent_of_those_texts(report):
    assert report.figures()["residual_share"] <= 0.05


def test_triggers_never_change_a_result(pack, dm_texts, monkeypatch):
    results = [pack.rewrite(text, card, field) for card, field, text in dm_texts]
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    assert [pack.rewrite(text, card, field) for card, field, text in dm_texts] == results


def test_notes_switch_off_as_a_whole(pack, dm_texts):
    with_notes = 0
    plain = pack.with_notes(False)
    for card, field, text in dm_texts:
        on = pack.rewrite(text, card, field)
        off = plain.rewrite(text, card, field)
        with_notes += "※DTC：" in on.text
        assert "※DTC：" not in off.text
        assert off.residuals == on.residuals, card
    assert with_notes > 100


def test_printed_text_stays_byte_identical_around_the_edits(pack, dm_texts):
    for card, field, text in dm_texts:
        result = pack.rewrite(text, card, field)
        for edit in result.edits:
            assert text[edit.start:edit.end] == edit.before
            if "※DTC：" in edit.after:
                # a note is our own line after the printed bytes: after the ability's last
                # character, or after the line break that ends its printed line (「…戻す。 \n」:
                # the line's trailing spaces stay on the printed line)
                assert edit.after.startswith(edit.before)
                added = edit.after[len(edit.before):]
                assert added.startswith("\n※DTC：") or (
                    edit.before == "\n" and added.startswith("※DTC：") and added.endswith("\n")), edit


def test_the_special_rulings_are_current_on_the_shipped_database():
    result = CliRunner().invoke(cli, ["check-overrides", "--pack", "dm-tag-commander"])
    assert result.exit_code == 0, result.output
    assert [line.split()[0] for line in result.output.splitlines()[:3]] == ["current"] * 3


def test_the_seed_s_rulings_apply_to_their_cards(pack, dm_db):
    by_id = dm_db.by_id()
    mixel = pack.rewrite(by_id["s515"].texts["text"], "s515", "text")
    assert mixel.ruling == "mixel" and mixel.text.startswith("いずれかの相手が、自身のマナゾーンにある")
    fortress = pack.rewrite(by_id["dm06-008"].texts["text"], "dm06-008", "text")
    assert fortress.text.startswith("相手を１人選び、そのプレイヤーのシールドを裏向きのまま３枚まで選び")
    kingdom = pack.rewrite(by_id["s489"].texts["text"], "s489", "text")
    assert kingdom.text.endswith("無視されない）\n※DTC：使った側のチームから1人ずつ任意の順に処理し、その後相手チームが処理する。")
    assert "相手を１人選び、そのプレイヤーのシールドを９つブレイクする" in kingdom.text
