"""Every command works with every installed pack (`--pack NAME`) on the pack's own database."""

from __future__ import annotations


import json

import pytest
from click.testing import CliRunner
from markupsafe import escape

from tagtext import packs
from tagtext.cli.main import cli
from tagtext.errata.site import words as site_words


@pytest.fixture(scope="module", params=packs.names())
def converted(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(request.param) / "out.jsonl"
    result = CliRunner().invoke(cli, ["convert", "--pack", request.param, "-o", str(out), "-f", "jsonl"])
    assert result.exit_code == 0, result.output
    return request.param, out


def test_convert_rewrites_some_texts_and_keeps_the_rest(converted):
    name, out = converted
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    texts = [t for r in records for t in r["texts"].values()]
    changed = [t for t in texts if t["changed"]]
    assert records and 0 < len(changed) < len(texts)
    assert all(t["text"] == t["original"] for t in texts if not t["changed"])


def test_diff_of_a_conversion_with_itself_is_empty(converted):
    name, out = converted
    result = CliRunner().invoke(cli, ["diff", "--pack", name, str(out), str(out), "--exit-code"])
    assert result.exit_code == 0, result.output


def test_errata_coverage_and_rulings_work_for_the_pack(converted, tmp_path):
    name, _ = converted
    runner = CliRunner()
    site = tmp_path / "site"
    result = runner.invoke(cli, ["errata", "--pack", name, "-o", str(site)])
    assert result.exit_code == 0, result.output
    assert (site / "index.html").is_file() and (site / "rules.html").is_file()
    rules_page = (site / "rules.html").read_text(encoding="utf-8")
    # every rule, by its title in the pack's words (its words.toml; as written for English packs)
    words = packs.get(name).words()
    assert all(str(escape(words.rule(rule).title)) in rules_page for rule in packs.get(name).pipeline)
    # the site's name in the pack's language ("Tag Tamer errata", "デュエマ・タッグ・コマンダー エラッタ")
    pack = packs.get(name)
    site_name = site_words(pack.language).get("%(title)s errata", "%(title)s errata") % {"title": pack.title}
    assert f"<title>Rules &middot; {site_name}</title>" in rules_page if pack.language == "en" else site_name in rules_page
    assert f'<html lang="{pack.language}">' in rules_page
    assert runner.invoke(cli, ["check-overrides", "--pack", name]).exit_code == 0
    coverage = runner.invoke(cli, ["coverage", "--pack", name, "--json"])
    assert coverage.exit_code == 0 and json.loads(coverage.output)["parse_errors"] == []


def test_an_unknown_pack_is_a_usage_error():
    result = CliRunner().invoke(cli, ["rewrite", "--pack", "nope", "x"])
    assert result.exit_code == 2 and "unknown pack 'nope'" in result.output
