"""`tagtext errata` end to end on a small crafted database file, through the real
conversion: what it writes, what it says, and how it fails."""

from __future__ import annotations

from tagtext import packs

import json
import os

import pytest
from click.testing import CliRunner
from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext.cli.main import cli

from tagtext import carddb
from tagtext.batch import convert_database

CARDS = [
    {"id": "CR1-001", "name": "<i>Koromon</i> & Co", "cardType": "Digimon",
     "effect": "[On Play] If you have 3 or more Digimon, <b>draw 1</b> & trash the top 2 cards of your opponent's deck."},
    {"id": "CR1-002", "name": "Tsunomon", "cardType": "Digimon",
     "effect": "[Your Turn] While you have 4 or fewer cards in your hand, this Digimon gets +1000 DP."},
    {"id": "CR2-001", "name": "Yokomon", "cardType": "Digimon", "effect": "[On Play] Draw 1."},
]


@pytest.fixture
def db_file(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    return path


def _run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_help_explains_formats_output_and_gives_examples():
    result = _run("errata", "--help")
    assert result.exit_code == 0
    for words in ("--format", "html", "wiki", "-o, --output DIR", "Examples:",
                  "tagtext errata -o site", "tagtext errata --format wiki -o wiki-tables",
                  "whole or not at all"):
        assert words in result.output, words


def test_html_site_lists_exactly_the_cards_the_conversion_changed(tmp_path, db_file, parse_html):
    out = tmp_path / "site"
    result = _run("errata", str(db_file), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p for p in os.listdir(out) if not p.startswith(".")) == [
        "index.html", "maintainers.html", "rules.html", "static"]
    assert result.stderr.startswith(f"tagtext: wrote 5 files to {out}: ")
    # the oracle: the conversion itself, run here on the same file
    batch = convert_database(digimon_cards.load(db_file), packs.get("tag-tamer"))
    expected = [c.card.id for c in batch.cards if any(r.changed or r.ruling for r in c.results.values())]
    index = parse_html((out / "index.html").read_text(encoding="utf-8"))
    assert [a.attrs["data-card"] for a in index.find_all("article", cls="card")] == expected
    for article in index.find_all("article", cls="card"):
        card = next(c.card for c in batch.cards if c.card.id == article.attrs["data-card"])
        assert article.find(cls="cname").text() == card.name
        assert not article.find_all("b") and not article.find_all("i")
    footer = index.find("footer")
    assert f"Cards read from {db_file.name}." in " ".join(footer.text().split())
    maintainers = parse_html((out / "maintainers.html").read_text(encoding="utf-8"))
    assert str(db_file) in maintainers.by_id("data-source").text()
    assert not maintainers.find_all("div", cls="attribution")  # the shipped data's credits are not this file's


def test_wiki_format_writes_markdown_files(tmp_path, db_file):
    out = tmp_path / "wiki"
    result = _run("errata", str(db_file), "-o", str(out), "--format", "wiki")
    assert result.exit_code == 0, result.output
    names = sorted(p for p in os.listdir(out) if not p.startswith("."))
    assert {"README.md", "rules.md", "maintainers.md"} <= set(names)
    assert all(n.endswith(".md") for n in names)
    assert "| [BT7-040 Rasenmon] | |" in (out / "rules.md").read_text(encoding="utf-8")


def test_rebuilding_replaces_the_previous_output(tmp_path, db_file):
    out = tmp_path / "site"
    assert _run("errata", str(db_file), "-o", str(out), "--format", "wiki").exit_code == 0
    assert _run("errata", str(db_file), "-o", str(out)).exit_code == 0
    assert (out / "index.html").exists() and not (out / "README.md").exists()


def test_refuses_to_replace_a_directory_it_did_not_write(tmp_path, db_file):
    out = tmp_path / "docs"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    result = _run("errata", str(db_file), "-o", str(out))
    assert result.exit_code == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("tagtext: error: ") and "refusing to replace it" in result.stderr
    assert os.listdir(out) == ["notes.txt"]


def test_a_missing_database_is_one_line_and_exit_1(tmp_path):
    result = _run("errata", str(tmp_path / "nope.json"), "-o", str(tmp_path / "site"))
    assert result.exit_code == 1
    assert result.stderr == f"tagtext: error: {tmp_path / 'nope.json'}: no such file\n"
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("args", [["-o", "x", "--format", "pdf"], []])
def test_usage_errors_exit_2(args):
    assert _run("errata", *args).exit_code == 2
