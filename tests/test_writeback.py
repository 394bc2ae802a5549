"""Write-back (`tagtext convert --format database`): the database read, in its own shape,
every field as it was, each text the rules change replaced by the tag format's text."""

from __future__ import annotations

import csv
import gzip
import io
import json

import pytest
from click.testing import CliRunner

from tagtext import packs
from tagtext.cli.main import cli
from tagtext.writeback import JsonStyle

CHANGES = "[Main] If you have 3 or more security cards, <Draw 1>."       # -> 6 or more
STAYS = "[On Play] <Draw 1>."


def run(*args, input=None):
    return CliRunner().invoke(cli, list(map(str, args)), input=input)


def test_the_shipped_database_comes_back_with_only_its_changed_texts_changed(tmp_path):
    exported, written = tmp_path / "DigimonCards.json", tmp_path / "DigimonCards-tagtamer.json"
    assert run("db", "export", "-o", exported).exit_code == 0
    result = run("convert", "--format", "database", "-o", written)
    assert result.exit_code == 0, result.output
    assert result.stderr.endswith(f"wrote {written} (database)\n")
    before = exported.read_text(encoding="utf-8").splitlines()
    after = written.read_text(encoding="utf-8").splitlines()
    assert len(before) == len(after)                     # the app's layout, line for line
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    summary = json.loads(run("-q", "convert").stdout)["summary"]
    assert len(changed) == summary["rewritten"] == 749   # one line per rewritten text, nothing else
    # each card's texts are now the Tag Tamer texts the conversion gives
    records = {json.loads(line)["id"]: json.loads(line) for line in run("-q", "convert", "-f", "jsonl").stdout.splitlines()}
    for entry in json.loads(written.read_text(encoding="utf-8")):
        record = records[entry["id"]]
        for name, text in record["texts"].items():
            assert entry[name] == text["text"], (entry["id"], name)


@pytest.mark.parametrize("style", [
    {"indent": 2, "ensure_ascii": False},
    {"indent": 4, "ensure_ascii": True},
    {"indent": None, "separators": (",", ":"), "ensure_ascii": False},
    {"indent": None, "ensure_ascii": False},
])
def test_a_database_whose_texts_do_not_change_comes_back_byte_for_byte(tmp_path, style):
    cards = [{"id": "BT1-001", "name": {"english": "Agumon \u00e9"}, "effect": STAYS, "dp": 2000,
              "url": "https://example.org/a"}]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards, **style) + "\n", encoding="utf-8")
    result = run("convert", path, "--format", "database")
    assert result.exit_code == 0 and result.stdout_bytes == path.read_bytes()


def test_json_style_is_read_from_the_document():
    php = '{"data":[{"id":1,"name":"Mirror Force","desc":"a\\/b \\u00e9"}]}'
    style = JsonStyle.of(php)
    assert style.dumps(json.loads(php)) == php


def test_a_changed_text_in_every_shape_the_pack_reads(tmp_path):
    cards = [{"id": "BT1-001", "name": "Agumon", "effect": CHANGES, "digivolveEffect": STAYS},
             {"id": "BT1-002", "name": "Gabumon", "effect": STAYS}]
    expected = CHANGES.replace("3 or more", "6 or more")
    # JSON lines
    jsonl = tmp_path / "cards.jsonl"
    jsonl.write_text("".join(json.dumps(c) + "\n" for c in cards), encoding="utf-8")
    lines = run("convert", jsonl, "--format", "database").stdout.splitlines()
    assert [json.loads(line) for line in lines] == [{**cards[0], "effect": expected}, cards[1]]
    # CSV, its own columns in its own order
    table = tmp_path / "cards.csv"
    with table.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["name", "id", "effect", "digivolveEffect", "notes"])
        writer.writeheader()
        writer.writerows({**c, "notes": "x, y"} for c in cards)
    out = run("convert", table, "--format", "database").stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert out.splitlines()[0] == "name,id,effect,digivolveEffect,notes"
    assert [r["effect"] for r in rows] == [expected, STAYS] and rows[0]["notes"] == "x, y"
    assert rows[0]["digivolveEffect"] == STAYS and rows[1]["digivolveEffect"] == ""
    # gzipped in, gzipped out; stdin
    zipped = tmp_path / "cards.json.gz"
    zipped.write_bytes(gzip.compress(json.dumps(cards, indent=2).encode()))
    out_gz = tmp_path / "out.json.gz"
    assert run("convert", zipped, "--format", "database", "-o", out_gz).exit_code == 0
    assert json.loads(gzip.decompress(out_gz.read_bytes()))[0]["effect"] == expected
    piped = run("convert", "-", "--format", "database", input=json.dumps(cards))
    assert json.loads(piped.stdout)[0]["effect"] == expected


def test_a_repeated_id_is_left_as_it_was(tmp_path):
    cards = [{"id": "BT1-001", "effect": CHANGES}, {"id": "BT1-001", "effect": CHANGES}]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    result = run("convert", path, "--format", "database")
    assert result.exit_code == 1                                   # the repeat is reported
    assert [c["effect"] for c in json.loads(result.stdout)] == [CHANGES.replace("3 or", "6 or"), CHANGES]


def test_a_json_lines_line_that_is_not_json_is_written_as_it_was(tmp_path):
    """The line is skipped when read (reported, exit 1) and kept as it was; the other
    lines are converted (sweep s8, N2)."""
    bad = '{"id": "BT1-002", "effect": "unterminated\r\n'
    path = tmp_path / "cards.jsonl"
    path.write_bytes((json.dumps({"id": "BT1-001", "effect": CHANGES}) + "\n" + bad
                      + json.dumps({"id": "BT1-003", "effect": CHANGES}) + "\n").encode("utf-8"))
    result = run("convert", path, "--format", "database")
    assert result.exit_code == 1
    assert f"tagtext: error: {path}:2:29: invalid JSON: Unterminated string; this line is skipped" in result.stderr
    first, second, third, end = result.stdout_bytes.decode("utf-8").split("\n")
    assert second + "\n" == bad and end == "" and json.loads(first)["effect"] == json.loads(third)["effect"] == CHANGES.replace("3 or", "6 or")


YGOPRODECK = {"data": [
    {"id": 44095762, "name": "Mirror Force", "type": "Trap Card",
     "desc": "When an opponent's monster declares an attack: Destroy all your opponent's Attack Position monsters.",
     "card_images": [{"image_url": "https://images.ygoprodeck.com/images/cards/44095762.jpg"}]},
    {"id": 14920218, "name": "Peach", "type": "Pendulum Effect Monster",
     "desc": "[ Pendulum Effect ]\nNeither player can draw.\n----------------------------------------\n"
             "[ Monster Effect ]\nBoth players draw 1 card.",
     "pend_desc": "Neither player can draw.", "monster_desc": "Both players draw 1 card."},
    {"id": 55144522, "name": "Pot of Greed", "type": "Spell Card", "desc": "Draw 2 cards."},
]}


def test_ygoprodeck_shape_with_pendulum_effects(tmp_path):
    path = tmp_path / "cardinfo.json"
    # as the API writes it: compact, escaped slashes
    path.write_text(json.dumps(YGOPRODECK, separators=(",", ":")).replace("/", "\\/"), encoding="utf-8")
    result = run("convert", "--pack", "ygo-tag", path, "--format", "database")
    assert result.exit_code == 0, result.output
    assert "\\/\\/images.ygoprodeck.com" in result.stdout and ", " not in result.stdout.split('"desc"')[0]
    mirror, peach, pot = json.loads(result.stdout)["data"]
    assert mirror["desc"] == ("When an opponent's monster declares an attack: Destroy all your opponents' "
                              "Attack Position monsters.")
    assert peach["pend_desc"] == "No player can draw." and peach["monster_desc"] == "All players draw 1 card."
    assert peach["desc"] == ("[ Pendulum Effect ]\nNo player can draw.\n----------------------------------------\n"
                             "[ Monster Effect ]\nAll players draw 1 card.")
    assert pot == YGOPRODECK["data"][2] and mirror["card_images"] == YGOPRODECK["data"][0]["card_images"]


def test_the_shipped_yu_gi_oh_database_in_its_own_shape(tmp_path):
    pack = packs.get("ygo-tag")
    written = tmp_path / "ygo.json"
    assert run("convert", "--pack", "ygo-tag", "--format", "database", "-o", written).exit_code == 0
    conversion = tmp_path / "ygo-conversion.json"
    assert run("convert", "--pack", "ygo-tag", "-o", conversion).exit_code == 0
    rewritten = json.loads(conversion.read_text(encoding="utf-8"))["summary"]["cards_rewritten"]
    before = json.loads(pack.shipped_database())
    after = json.loads(written.read_text(encoding="utf-8"))
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(before) == len(after) and len(changed) == rewritten > 4000  # the cards convert rewrites
    for a, b in changed:      # only the English texts change; the Japanese ones and the rest stay
        assert {k: v for k, v in a.items() if k not in ("text", "pendulum_effect")} == \
            {k: v for k, v in b.items() if k not in ("text", "pendulum_effect")}
        assert a["text"]["ja"] == b["text"]["ja"]
