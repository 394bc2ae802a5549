"""A maintainer's own rulings (--rulings, merged over the pack's per ruling id) and the
project file (tagtext.toml in the current directory, or --config): every command that uses
rulings takes them; an option on the command line wins over the file."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tagtext import packs
from tagtext.cli.main import cli
from tagtext.project import load, with_rulings
from tagtext.rulings import merge, parse_table

QUALIALISE = ("When using this card from your hand, its memory cost is equal to the number of cards in your "
              "security stack.")
QUALIALISE_TEXT = QUALIALISE + "  [Main] 1 of your opponent's Digimon gets -3000 DP for the turn."
OURS = QUALIALISE.replace("is equal to the number of cards", "is 1 for every 2 cards")
RULINGS = f'''
[[ruling]]
id = "qualialise-blast-memory-cost"
card = "BT7-100"
name = "Qualialise Blast"
field = "effect"
mode = "replace"
reason = "As for Rasenmon."

[ruling.effect]
global = "{QUALIALISE}"

[ruling.text]
global = "{OURS}"

[[ruling]]
id = "doomsday-clock-win"
card = "BT17-100"
name = "Doomsday Clock"
field = "effect"
mode = "keep"
reason = "Our own reason."

[ruling.effect]
global = "[Start of Your Turn] If 4 [Doomsday Clock]s are placed in your battle area, you win the game."
'''


def run(*args, input=None):
    return CliRunner().invoke(cli, list(map(str, args)), input=input)


@pytest.fixture
def rulings(tmp_path):
    path = tmp_path / "rulings.toml"
    path.write_text(RULINGS, encoding="utf-8")
    return path


def test_a_ruling_replaces_the_packs_one_with_its_id_and_others_are_added(rulings):
    pack = packs.get("tag-tamer")
    shipped = pack.rulings()
    merged = merge(shipped, parse_table(rulings.read_text(encoding="utf-8"), str(rulings)))
    ids = [r.id for r in merged.rulings]
    assert ids == [r.id for r in shipped.rulings] + ["qualialise-blast-memory-cost"]     # in place, then added
    doomsday = next(r for r in merged.rulings if r.id == "doomsday-clock-win")
    assert doomsday.reason == "Our own reason." and "asia" not in doomsday.effect          # the whole entry replaced
    # the pack's wording variants apply to the maintainer's rulings: the Asia terms find it too
    ours = next(r for r in merged.rulings if r.id == "qualialise-blast-memory-cost")
    assert [v.name for v in ours.variants] == ["global-in-asia-terms"]
    assert ours.find(QUALIALISE.replace("security stack", "security")) is not None
    assert merged.source.endswith(" + " + str(rulings))
    # the pack itself is not changed: only the copy the command uses
    assert pack.rulings() is shipped and with_rulings(pack, str(rulings)).rulings().rulings == merged.rulings
    assert with_rulings(pack, None) is pack


def test_every_command_that_uses_rulings_takes_them(rulings, tmp_path):
    rewritten = json.loads(run("rewrite", "--json", "--card", "BT7-100", "--rulings", rulings, QUALIALISE_TEXT).stdout)
    assert rewritten["ruling"] == "qualialise-blast-memory-cost" and rewritten["text"].startswith(OURS)
    assert json.loads(run("rewrite", "--json", "--card", "BT7-100", QUALIALISE_TEXT).stdout)["ruling"] is None
    converted = run("-q", "convert", "--rulings", rulings, "-f", "jsonl").stdout.splitlines()
    card = next(json.loads(line) for line in converted if '"id": "BT7-100"' in line)
    assert card["texts"]["effect"]["ruling"] == "qualialise-blast-memory-cost"
    assert card["texts"]["effect"]["residuals"] == []                  # the residual it covered
    checked = run("check-overrides", "--rulings", rulings)
    assert checked.exit_code == 0
    assert "current       qualialise-blast-memory-cost       BT7-100 effect: found in the global wording" in checked.stdout
    assert run("check-overrides", "--table", rulings).stdout == checked.stdout        # its former name
    site = tmp_path / "site"
    built = run("errata", "--rulings", rulings, "-o", site)
    assert built.exit_code == 0
    assert 'id="ruling-qualialise-blast-memory-cost"' in (site / "rules.html").read_text(encoding="utf-8")
    published = tmp_path / "published.jsonl"
    assert run("-q", "convert", "-o", published).exit_code == 0
    exported = tmp_path / "DigimonCards.json"
    assert run("db", "export", "-o", exported).exit_code == 0
    diff = json.loads(run("diff", published, exported, "--rulings", rulings, "--json").stdout)
    assert [c["id"] for c in diff["changed"]] == ["BT7-100"]           # only the card our ruling changes


def test_a_bad_rulings_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[[ruling]]\nid = 'x'\n", encoding="utf-8")
    result = run("rewrite", "--rulings", bad, "x")
    assert result.exit_code == 1
    assert result.stderr == f"tagtext: error: {bad}: ruling 1 (x): 'mode' is missing or not text\n"


# ----------------------------------------------------------------------------- tagtext.toml

def test_the_project_file_in_the_current_directory(rulings, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tagtext.toml").write_text(
        'rulings = "rulings.toml"\n[output]\nconvert = "out/tagtamer.jsonl"\nerrata = "site"\n', encoding="utf-8")
    (tmp_path / "out").mkdir()
    assert run("-q", "convert", "-f", "jsonl").exit_code == 0            # -o from [output]
    card = next(json.loads(line) for line in (tmp_path / "out" / "tagtamer.jsonl").read_text().splitlines()
                if '"id": "BT7-100"' in line)
    assert card["texts"]["effect"]["ruling"] == "qualialise-blast-memory-cost"
    result = run("errata")
    assert result.exit_code == 0 and "wrote 5 files to site:" in result.stderr and (tmp_path / "site" / "index.html").exists()
    # the command line wins over the file
    other = tmp_path / "other.toml"
    other.write_text("[[ruling]]\nid = 'a'\ncard = 'BT1-001'\nfield = 'effect'\nmode = 'keep'\nreason = 'r'\n"
                     "[ruling.effect]\nglobal = 'zz'\n", encoding="utf-8")
    assert "qualialise" in run("check-overrides").stdout
    assert "qualialise" not in run("check-overrides", "--rulings", other).stdout


def test_config_names_a_project_file_before_or_after_the_command(rulings, tmp_path):
    config = tmp_path / "elsewhere" / "project.toml"
    config.parent.mkdir()
    config.write_text('pack = "ygo-tag"\nrulings = "../rulings.toml"\n', encoding="utf-8")
    # the file's rulings are read, relative to it: Tag Tamer's cards are unknown to ygo-tag
    checked = run("check-overrides", "--config", config)
    assert checked.exit_code == 1 and "unknown-card  qualialise-blast-memory-cost" in checked.stdout
    before = run("--config", config, "rewrite", "--json", "Your opponent draws 2 cards.")
    after = run("rewrite", "--config", config, "--json", "Your opponent draws 2 cards.")
    assert json.loads(before.stdout)["text"] == json.loads(after.stdout)["text"] == \
        "Choose 1 opponent; that opponent draws 2 cards."                  # the file's pack: ygo-tag
    # paths in the file are relative to it; the command line's --pack wins
    assert run("rewrite", "--config", config, "--pack", "tag-tamer", "Both players draw 2 cards.").stdout == \
        "All players draw 2 cards.\n"


@pytest.mark.parametrize("text, message", [
    ('packs = "ygo-tag"\n', "unknown key 'packs' (a project file has pack, database, rulings, banlist, output)"),
    ('pack = 3\n', "pack must be text (the pack (tag format) every command uses)"),
    ('[output]\ndeck = "x"\n', "[output] 'deck' is not a command that writes to -o (convert, errata)"),
    ('pack = \n', "invalid TOML: "),
])
def test_a_bad_project_file_is_one_line_and_a_usage_error(tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tagtext.toml").write_text(text, encoding="utf-8")
    result = run("rewrite", "x")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"tagtext: error: tagtext.toml: {message}") and result.stderr.count("\n") == 1
    named = run("--config", tmp_path / "tagtext.toml", "rewrite", "x")
    assert named.exit_code == 2 and named.stderr.startswith(f"tagtext: error: {tmp_path / 'tagtext.toml'}: ")


def test_a_missing_project_file_named_by_config(tmp_path):
    result = run("--config", tmp_path / "nope.toml", "packs")
    assert result.exit_code == 2 and result.stderr == f"tagtext: error: {tmp_path / 'nope.toml'}: no such project file\n"


def test_load_resolves_paths_against_the_files_directory(tmp_path):
    path = tmp_path / "p" / "tagtext.toml"
    path.parent.mkdir()
    path.write_text('database = "cards/DigimonCards.json"\nbanlist = "/abs/banlist.toml"\n', encoding="utf-8")
    project = load(path)
    assert project.database == str(tmp_path / "p" / "cards" / "DigimonCards.json")
    assert project.banlist == "/abs/banlist.toml"
    assert project.default_map()["deck"]["check"] == {"db": project.database, "banlist": "/abs/banlist.toml"}
