"""`tagtext errata CONVERSION -o DIR`: pages from a published conversion, read back as it
was written (one TextRecord class for convert, diff and errata), not rewritten."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from tagtext.cli.main import cli
from tagtext.convert import TextRecord
from tagtext.result import Notice, RewriteResult


def _cards_section(html: str) -> str:
    """The page without its footer (which names the file the cards were read from)."""
    return re.split(r'<footer class="site">', html)[0]


def test_pages_from_a_conversion_are_the_pages_from_its_database(tmp_path):
    runner = CliRunner()
    published = tmp_path / "published.jsonl"
    assert runner.invoke(cli, ["convert", "-o", str(published)]).exit_code == 0
    from_db, from_conversion = tmp_path / "a", tmp_path / "b"
    assert runner.invoke(cli, ["errata", "-o", str(from_db)]).exit_code == 0
    result = runner.invoke(cli, ["errata", str(published), "-o", str(from_conversion)])
    assert result.exit_code == 0, result.output
    for page in ("index.html", "rules.html"):
        a = (from_db / page).read_text(encoding="utf-8")
        b = (from_conversion / page).read_text(encoding="utf-8")
        assert _cards_section(a) == _cards_section(b)


def test_a_stale_ruling_notice_survives_the_round_trip():
    notice = Notice("stale-ruling", "stale special ruling 'x' (BT1-001 effect): ...", "x", "BT1-001", "effect")
    record = TextRecord("Draw 1.", RewriteResult("Draw 1.", "Draw 1.", warnings=(notice,)))
    back = TextRecord.from_json(json.loads(json.dumps(record.to_json())), "here")
    assert back.result.warnings == (notice,)
