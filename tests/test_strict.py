"""``--strict`` (convert, errata): a conversion with residuals or stale special rulings
fails in one line naming them and the fix, exit 1, and the previous output is kept."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tagtext.cli.main import cli

#: BT7-100: a count used as a value (a residual)
RESIDUAL = {"id": "BT7-100", "name": "Offering", "effect": (
    "When using this card from your hand, its memory cost is equal to the number of cards in your security stack.")}
#: BT7-040 (Rasenmon) with a text its special ruling's effect is not in: a stale ruling
STALE = {"id": "BT7-040", "name": "Rasenmon", "effect": "[Main] Delete 1 of your opponent's Digimon."}
CLEAN = {"id": "BT1-001", "name": "Yokomon", "effect": "[Your Turn] While you have 3 or more security cards, "
                                                        "this Digimon gets +1000 DP."}


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def _db(tmp_path, *cards):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(list(cards)), encoding="utf-8")
    return path


@pytest.mark.parametrize("card, says", [
    (RESIDUAL, "1 residual, 0 stale rulings (the first: BT7-100 effect: residual [count-doubling] "
               "'number of cards in your security stack')"),
    (STALE, "0 residuals, 1 stale ruling (the first: BT7-040 effect: stale ruling 'rasenmon-evolution-cost')"),
])
def test_strict_fails_and_keeps_the_output(tmp_path, card, says):
    db = _db(tmp_path, CLEAN, card)
    out = tmp_path / "published.json"
    out.write_text("the last published conversion", encoding="utf-8")
    site = tmp_path / "site"
    for args, kept in ((("convert", db, "-o", out), out), (("errata", db, "-o", site), site)):
        result = run(*args, "--strict")
        assert result.exit_code == 1
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("tagtext: error: ") and says in lines[0], lines
        assert f"{kept} left as it was" in lines[0] and "drop --strict" in lines[0]
    assert out.read_text(encoding="utf-8") == "the last published conversion"
    assert not site.exists()
    # without --strict the conversion is written, residuals and stale rulings reported
    assert run("convert", db, "-o", out).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["cards"][1]["id"] == card["id"]


def test_strict_passes_a_settled_conversion(tmp_path):
    db = _db(tmp_path, CLEAN)
    out = tmp_path / "out.json"
    result = run("convert", db, "-o", out, "--strict")
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["summary"]["residuals"] == 0
    assert run("errata", out, "-o", tmp_path / "site", "--strict").exit_code == 0


def test_strict_reads_a_published_conversion_as_it_was_published(tmp_path):
    db = _db(tmp_path, CLEAN, RESIDUAL)
    conversion = tmp_path / "conv.jsonl"
    assert run("convert", db, "-o", conversion).exit_code == 0
    result = run("errata", conversion, "-o", tmp_path / "site", "--strict")
    assert result.exit_code == 1 and "--strict: 1 residual" in result.stderr
