"""One word, one count: the residuals and stale rulings `convert` reports are the numbers
the maintainers' page, the card list and `tagtext errata` say, for every pack."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from tagtext import packs
from tagtext.cli.main import cli
from tagtext.errata.site import words as site_words

from .conftest import parse_html


@pytest.mark.parametrize("name", packs.names())
def test_convert_the_site_and_the_errata_command_count_alike(name, tmp_path):
    runner = CliRunner()
    summary = json.loads(runner.invoke(cli, ["-q", "convert", "--pack", name]).stdout)["summary"]
    result = runner.invoke(cli, ["errata", "--pack", name, "-o", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    residuals, stale = summary["residuals"], summary["stale_rulings"]
    words = f"{residuals} residual{'s' if residuals != 1 else ''}, {stale} stale ruling{'s' if stale != 1 else ''}"
    assert f"for the maintainers: {words};" in result.stderr
    # the pages' words are the pack's language's (English, or its catalog's)
    catalog = site_words(packs.get(name).language)

    def say(sentence: str, **values) -> str:
        return re.sub(r"<[^>]+>", "", catalog.get(sentence, sentence) % values)

    residual_noun = catalog.get("residuals" if residuals != 1 else "residual", "residuals" if residuals != 1 else "residual")
    counted = say("<b>%(n)s</b> %(noun)s", n=residuals, noun=residual_noun)
    page = parse_html((tmp_path / "site" / "maintainers.html").read_text(encoding="utf-8"))
    said = " ".join(page.find("p", cls="summary").text().split())
    if residuals:
        assert said.startswith(counted)
        heading = " ".join(page.by_id("flags-residual").find("h2").text().split())
        texts = len(page.by_id("flags-residual").find_all("article"))
        # the heading's noun agrees with its count ("Residual 1", "Residuals 2")
        noun = residual_noun.capitalize()
        assert heading == (f"{noun} {residuals}" if texts == residuals
                           else f"{noun} {residuals} {say('in %(texts)s texts', texts=texts)}")
    index = parse_html((tmp_path / "site" / "index.html").read_text(encoding="utf-8"))
    link = " ".join(next(a for a in index.find_all("a") if a.attrs.get("href") == "maintainers.html"
                         and say("for the maintainers:") in a.text()).text().split())
    assert (counted in link) == bool(residuals)
    assert not re.search(r"\b1 residuals|\b([02-9]|\d\d+) residual\b", said + " " + link + " " + result.stderr)
