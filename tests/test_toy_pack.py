"""The toy pack (tests/toy_pack): a Japanese tag format installed as a distribution of its
own, which no tagtext file names. Every command runs it: the tests that take every
installed pack (convert, diff, errata, coverage, check-overrides, db export: test_packs_cli,
test_db_export, test_recorded_pack; the rule fixtures, round trip and triggers:
packs/test_every_pack; the reviewed corpus; the pack contract) and, here, rewrite and parse
as a user types them."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

from click.testing import CliRunner

from tagtext import packs
from tagtext.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)


def test_the_toy_pack_is_installed_as_a_distribution_of_its_own():
    (ep,) = [ep for ep in metadata.entry_points(group=packs.GROUP) if ep.name == "toy-ja"]
    assert ep.dist.name == "tagtext-toy-ja" and ep.value == "tagtext_toy_ja:PACK"
    assert "toy-ja" in packs.names() and packs.get("toy-ja").version == "0.1"


def test_no_engine_file_names_the_toy_pack():
    named = [str(path.relative_to(ROOT)) for path in (ROOT / "tagtext").rglob("*")
             if path.is_file() and path.suffix in (".py", ".toml", ".lark", ".md", ".json")
             and ("toy-ja" in path.read_text(encoding="utf-8", errors="replace")
                  or "toy_ja" in path.read_text(encoding="utf-8", errors="replace"))]
    assert named == []
    assert "toy" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_rewrite_changes_part_of_an_unspaced_run():
    result = run("rewrite", "--pack", "toy-ja", "--json", "まず相手の手札を1枚捨てる。")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["text"] == "まず相手1人の手札を1枚捨てる。"
    assert [(e["start"], e["end"], e["before"], e["after"], e["rules"]) for e in out["edits"]] == [
        (2, 5, "相手の", "相手1人の", ["one-opponent"])]
    assert run("rewrite", "--pack", "toy-ja", input="相手の山札を見る。\n").stdout == "相手1人の山札を見る。\n"


def test_a_special_ruling_cuts_its_effect_out_of_a_run():
    result = run("rewrite", "--pack", "toy-ja", "--card", "TOY-0999", "まず相手の手札を見る。その後、カードを１枚引く。")
    assert result.exit_code == 0, result.output
    assert result.stdout == "まず相手2人の手札を見る。その後、カードを１枚引く。\n"


def test_parse_shows_the_toy_grammars_tree():
    result = run("parse", "--pack", "toy-ja", "《炎の剣士》を１体出す。")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "card_text 0-12", "  punct 0-1 '《'", "  words 1-5 '炎の剣士'", "  punct 5-6 '》'", "  words 6-7 'を'",
        "  number 7-8 '１'", "  words 8-11 '体出す'", "  punct 11-12 '。'"]
