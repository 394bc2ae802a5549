"""tagtext coverage: what it counts, and the report's keys."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext import carddb
from tagtext.packs.tag_tamer import coverage
from tagtext.cli.main import cli


def _db(tmp_path, *texts):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"id": f"T-{i:03}", "effect": t} for i, t in enumerate(texts)]), encoding="utf-8")
    return path


def test_numerals_and_player_references_are_found_independently_and_attributed(tmp_path):
    db = digimon_cards.load(_db(tmp_path,
                         "[Main] Delete 1 of your opponent's Digimon with 4000 DP or less.",  # all typed
                         "Set it to 3, and then 7 with them.&#160;x",                         # "7" bare; 160 is an entity
                         ))
    report = coverage.measure(db)
    assert report.texts == 2 and report.parse_errors == []
    assert (report.numerals, report.numerals_classified) == (4, 3)
    assert (report.player_refs, report.player_refs_classified) == (2, 2)  # "your", "opponent's"
    shapes = report.shapes()
    assert shapes == [{"shape": "Set it to N, and then N with them.", "count": 1, "reasons": ["numeral '7'"],
                       "cards": ["T-001 effect"]}]


def test_json_report_keys(tmp_path):
    result = CliRunner().invoke(cli, ["coverage", str(_db(tmp_path, "If you have 3 or more security cards, draw.")), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"texts", "parse_errors", "numerals", "numerals_classified", "player_refs",
            "player_refs_classified", "unexplained", "unexplained_sentences"} <= set(data)
    assert "residuals" not in data       # residuals are what convert reports: another thing
    assert data["numerals"] == data["numerals_classified"] == 1


def test_the_real_corpus_report(corpus):
    report = coverage.measure(corpus)
    assert report.texts == 6701
    assert report.numeral_rate >= 0.995 and report.player_rate >= 0.995
