"""``--no-notes``: a pack's notes (lines of the format's own after an ability, the pack's
``note_marker``) left out, on every command that rewrites (rewrite, convert, errata, diff);
a pack that writes none refuses it in one line, and so does a conversion (its texts are
written)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tagtext import packs
from tagtext.cli.main import cli

DM = "dm-tag-commander"
#: T6's note (DM-NOTES 7) and a rewrite (T10) in one text
TEXT = "パワー4000以下のクリーチャーをすべて破壊する。\n相手の手札を見る。"


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def _without_notes():
    return [name for name in packs.names() if packs.get(name).note_marker is None]


def test_the_switch_leaves_the_notes_out_and_keeps_the_rewrites():
    on = json.loads(run("rewrite", "--pack", DM, "--json", TEXT).stdout)
    off = run("rewrite", "--pack", DM, "--json", "--no-notes", TEXT)
    assert off.exit_code == 0, off.output
    off = json.loads(off.stdout)
    marker = packs.get(DM).note_marker
    assert marker in on["text"] and marker not in off["text"]
    assert [e for e in on["edits"] if marker not in e["after"]] == off["edits"] and off["edits"]
    assert off == {**json.loads(json.dumps(packs.get(DM).with_notes(False).rewrite(TEXT).to_json())), "card": None}


def test_convert_without_notes(tmp_path):
    db = tmp_path / "cards.json"
    db.write_text(json.dumps([{"id": "x1", "name": "テスト", "text": TEXT}], ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.json"
    result = run("convert", "--pack", DM, "--no-notes", db, "-o", out)
    assert result.exit_code == 0, result.output
    text = json.loads(out.read_text(encoding="utf-8"))["cards"][0]["texts"]["text"]["text"]
    assert text == packs.get(DM).with_notes(False).rewrite(TEXT, "x1", "text").text
    assert "相手" in TEXT and text != TEXT and "※DTC：" not in text


@pytest.mark.parametrize("name", _without_notes())
@pytest.mark.parametrize("command", [["rewrite", "x"], ["convert", "-o", "{tmp}/out.json"],
                                     ["errata", "-o", "{tmp}/site"], ["diff", "{db}", "{db}"]])
def test_a_pack_without_notes_refuses_the_switch_in_one_line(name, command, tmp_path):
    db = tmp_path / "db.json"
    db.write_text("[]", encoding="utf-8")
    args = [a.format(tmp=tmp_path, db=db) for a in command]
    result = run(args[0], "--pack", name, "--no-notes", *args[1:])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"tagtext: error: the {name} pack writes no notes, so there are none to leave out: drop --no-notes"]
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "site").exists()


def test_a_conversion_is_refused_it_names_the_fix(tmp_path):
    out = tmp_path / "conv.jsonl"
    db = tmp_path / "cards.json"
    db.write_text(json.dumps([{"id": "x1", "name": "テスト", "text": TEXT}], ensure_ascii=False), encoding="utf-8")
    assert run("convert", "--pack", DM, db, "-o", out).exit_code == 0
    for args in (["errata", out, "-o", tmp_path / "site"], ["diff", out, db]):
        result = run(*args[:1], "--no-notes", *args[1:])
        assert result.exit_code == 1
        assert result.stderr.splitlines() == [
            f"tagtext: error: --no-notes: {out} is a conversion, its texts written with the notes they had; "
            f"convert the card database with --no-notes instead"]
