"""The errata of the real (shipped) database: every text the conversion changed is on the
site with exactly its edits highlighted, and every flagged text is on the maintainers'
page. (How long the build takes is bench/errata_build.py's business, not a test's.)

Expectations come from the conversion itself (``real_batch``), never from strings that
only hold while the rules are as they are today.
"""

from __future__ import annotations

from tagtext import packs

import re

import pytest

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext import carddb
from tagtext.errata import build_model, write_errata
from tagtext.packs.tag_tamer.carddb import FIELD_LABELS


@pytest.fixture(scope="module")
def real_site(tmp_path_factory, real_batch):
    errata = build_model(real_batch, packs.get("tag-tamer").rulings(), digimon_cards.shipped_source())
    root = tmp_path_factory.mktemp("real") / "site"
    write_errata(errata, root, "html")
    return root, errata


def test_every_changed_text_is_shown_with_exactly_its_edits_highlighted(real_site, real_batch, parse_html, edits_rebuild):
    root, _ = real_site
    index = parse_html((root / "index.html").read_text(encoding="utf-8"))
    articles = {a.attrs["data-card"]: a for a in index.find_all("article", cls="card")}
    expected = {c.card.id for c in real_batch.cards if any(r.changed or r.ruling for r in c.results.values())}
    assert set(articles) == expected
    for card_result in real_batch.cards:
        for field, result in card_result.results.items():
            if not (result.changed or result.ruling):
                continue
            block = articles[card_result.card.id].find("div", cls="text", data_field=field)
            printed = block.find("div", cls="printed").find("p", cls="cardtext")
            tagtamer = block.find("div", cls="tagtamer").find("p", cls="cardtext")
            assert printed.text() == result.original, (card_result.card.id, field)
            assert tagtamer.text() == result.text, (card_result.card.id, field)
            ins = [e.text() for e in tagtamer.find_all("ins", cls="edit")]
            dels = [e.text() for e in printed.find_all("del", cls="edit")]
            if edits_rebuild(result):
                assert ins == [e.after for e in result.edits if e.after], (card_result.card.id, field)
                assert dels == [e.before for e in result.edits if e.before], (card_result.card.id, field)
                links = [a.attrs["href"] for a in block.find_all("a", cls="rule")]
                assert links == [f"rules.html#rule-{r}" for e in result.edits for r in e.rules]
            else:  # wrong edits are not shown as highlights, and are flagged
                assert ins == [] and dels == [] and "flagged" in articles[card_result.card.id].classes()


def test_every_residual_warning_and_unreadable_text_is_on_the_maintainers_page(real_site, real_batch, parse_html, edits_rebuild):
    root, _ = real_site
    page = parse_html((root / "maintainers.html").read_text(encoding="utf-8"))
    listed = sorted((a.attrs["data-card"], a.find("h3").find("small").text())
                    for a in page.find_all("article", cls="flag"))
    expected = []
    for c in real_batch.cards:
        for field, r in c.results.items():
            expected += [(c.card.id, FIELD_LABELS[field])] * (bool(r.residuals) + any(
                w.kind == "stale-ruling" for w in r.warnings))
        expected += [(c.card.id, FIELD_LABELS[p.where.rsplit(" ", 1)[-1]]) for p in c.problems]
        expected += [(c.card.id, FIELD_LABELS[f]) for f, r in c.results.items()
                     if r.edits and not edits_rebuild(r)]
    assert listed == sorted(expected)
    # each residual flag marks the residuals' words (overlapping residuals as one span)
    section = page.by_id("flags-residual")
    flags = section.find_all("article", cls="flag") if section else []
    by_card = {}
    for a in flags:
        by_card.setdefault(a.attrs["data-card"], []).append(a)
    for c in real_batch.cards:
        for field, r in c.results.items():
            if not r.residuals:
                continue
            spans = []
            for res in sorted(r.residuals, key=lambda x: (x.start, x.end)):
                if spans and res.start < spans[-1][1]:
                    spans[-1][1] = max(spans[-1][1], res.end)
                else:
                    spans.append([res.start, res.end])
            article = next(a for a in by_card[c.card.id] if a.find("h3").find("small").text() == FIELD_LABELS[field])
            assert [m.text() for m in article.find_all("mark", cls="residual")] == [r.original[s:e] for s, e in spans]


def test_the_real_wiki_tables_have_two_cells_a_row(tmp_path, real_site):
    _, errata = real_site
    files = write_errata(errata, tmp_path / "wiki", "wiki")
    pipe = re.compile(r"(?<!\\)\|")
    for name in files:
        if name in ("README.md", "maintainers.md"):
            continue
        for line in (tmp_path / "wiki" / name).read_text(encoding="utf-8").splitlines():
            if line.startswith("|"):
                assert len(pipe.findall(line)) == 3, f"{name}: {line[:120]}"
