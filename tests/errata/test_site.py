"""The HTML site, from a crafted database and crafted rewrite results (see conftest.py):
what each page shows, that card text is never interpreted as HTML, that every link to a
rule resolves, and that nothing is fetched from elsewhere."""

from __future__ import annotations

from tagtext import packs

import re

from tagtext.packs.tag_tamer import PACK

RULES = PACK.rules


def _card(index, card_id):
    article = index.by_id(f"card-{card_id}")
    assert article is not None, f"{card_id} is not on the page"
    return article


def _side(text_block, side):
    return text_block.find("div", cls=side).find("p", cls="cardtext")


def test_the_site_has_its_pages_and_static_files(crafted_site):
    assert sorted(crafted_site.files) == sorted(
        ["index.html", "rules.html", "maintainers.html", "static/errata.css", "static/filter.js"])
    for name in crafted_site.files:
        assert (crafted_site.root / name).stat().st_size > 0


def test_changed_cards_are_listed_by_set_in_natural_order_and_unchanged_ones_are_not(crafted_site):
    index = crafted_site.page("index.html")
    sets = [s.attrs["id"] for s in index.find_all("section", cls="set")]
    assert sets == ["set-BT7", "set-TT1", "set-TT2"]
    cards = [a.attrs["data-card"] for a in index.find_all("article", cls="card")]
    # TT1-010 is unchanged, TT2-003 could not be read: neither is an erratum.
    assert cards == ["BT7-040", "TT1-001", "TT1-002", "TT2-001", "TT2-002"]
    tt1 = index.by_id("set-TT1")
    assert [a.attrs["data-card"] for a in tt1.find_all("article")] == ["TT1-001", "TT1-002"]


def test_a_card_shows_id_name_set_and_both_texts_with_each_edit_highlighted(crafted_site):
    index = crafted_site.page("index.html")
    result = crafted_site.crafted.by_id["TT1-002"].results["effect"]
    article = _card(index, "TT1-002")
    assert article.find(cls="cid").text() == "TT1-002"
    assert article.find(cls="cname").text() == "Gabumon"
    assert article.find(cls="set-code").text() == "TT1"
    block = article.find("div", cls="text", data_field="effect")
    printed, tagtamer = _side(block, "printed"), _side(block, "tagtamer")
    assert printed.text() == result.original
    assert tagtamer.text() == result.text
    assert [d.text() for d in printed.find_all("del", cls="edit")] == [e.before for e in result.edits]
    assert [i.text() for i in tagtamer.find_all("ins", cls="edit")] == [e.after for e in result.edits]
    assert [i.attrs["data-edit"] for i in tagtamer.find_all("ins")] == ["1", "2"]
    # the inherited effect is a second block of the same card
    inherited = article.find("div", cls="text", data_field="digivolveEffect")
    assert inherited.find("p", cls="field").text() == "Inherited effect"
    assert [i.text() for i in inherited.find_all("ins")] == ["the team's average memory is 3.0 or less"]


def test_each_edit_is_explained_by_a_link_to_its_rule_on_the_rules_page(crafted_site):
    index, rules = crafted_site.page("index.html"), crafted_site.page("rules.html")
    block = _card(index, "TT1-002").find("div", cls="text", data_field="effect")
    notes = block.find("ol", cls="why").find_all("li")
    assert [li.attrs["value"] for li in notes] == ["1", "2"]
    links = [li.find("a", cls="rule") for li in notes]
    assert [a.attrs["href"] for a in links] == ["rules.html#rule-hand-size", "rules.html#rule-all-players"]
    assert [a.text() for a in links] == ["Hand sizes count the team's combined hands", "Both players means all players"]
    assert notes[1].find("q", cls="before").text() == "Neither player"
    assert notes[1].find("q", cls="after").text() == "No player"
    # every rule link anywhere on the site lands on an element of the rules page
    for page in ("index.html", "rules.html"):
        for a in crafted_site.page(page).find_all("a"):
            href = a.attrs.get("href", "")
            if href.startswith("rules.html#") or (page == "rules.html" and href.startswith("#")):
                assert rules.by_id(href.split("#", 1)[1]) is not None, f"{page}: {href} resolves to nothing"


def test_card_text_and_names_with_html_are_shown_as_text(crafted_site):
    card = crafted_site.crafted.db.by_id()["TT1-001"]
    hostile_name, hostile_effect = card.name, card.texts["effect"]
    assert "<b>" in hostile_name and "&" in hostile_name
    assert "<script>" in hostile_effect and "<b>" in hostile_effect and "&" in hostile_effect
    raw = crafted_site.raw("index.html")
    index = crafted_site.page("index.html")
    article = _card(index, "TT1-001")
    assert article.find(cls="cname").text() == hostile_name
    printed = _side(article.find("div", cls="text"), "printed")
    assert printed.text() == hostile_effect
    # no element came out of the card's text: it is all character data
    assert [e.tag for e in printed.iter()] == ["del", "del"]
    assert not article.find_all("script") and not article.find_all("img") and not article.find_all("b")
    assert "<script>window.__pwned" not in raw and "&lt;script&gt;window.__pwned" in raw
    assert "& <b>" not in raw and "&amp; &lt;b&gt;draw 1&lt;/b&gt;" in raw
    # the only script on any page is the site's own filter
    for page in ("index.html", "rules.html", "maintainers.html"):
        scripts = crafted_site.page(page).find_all("script")
        assert [s.attrs.get("src") for s in scripts] == ["static/filter.js"]
    # and the maintainers' and rules pages escape it too (it is the choose-opponent example)
    rules = crafted_site.page("rules.html")
    example = rules.by_id("rule-choose-opponent").find("div", cls="example")
    assert _side(example, "printed").text() == hostile_effect


def test_nothing_is_fetched_from_elsewhere(crafted_site):
    """Every src and href is relative, but for each card's link to its page on the game's
    card site: an ordinary link (followed when clicked, never fetched), with no referrer."""
    site_links = 0
    for page in ("index.html", "rules.html", "maintainers.html"):
        for element in crafted_site.page(page).iter():
            for attr in ("src", "href"):
                value = element.attrs.get(attr)
                if value is None or not re.match(r"^(https?:)?//", value):
                    continue
                assert (element.tag, attr) == ("a", "href") and "card-site" in element.classes(), \
                    f"{page}: {element.tag} {attr}={value}"
                assert value.startswith("https://digimoncard.io/card/?search=")
                assert element.attrs["rel"] == "noopener noreferrer"
                site_links += 1
    assert site_links == 5   # one per card shown
    css = (crafted_site.root / "static/errata.css").read_text()
    # the one url() is the embedded full-width font, a data: URL
    assert re.findall(r"url\(\s*['\"]?([a-z]+):", css) == ["data"] and "@import" not in css
    js = (crafted_site.root / "static/filter.js").read_text()
    assert "fetch(" not in js and "XMLHttpRequest" not in js and "import(" not in js


def test_the_rules_page_states_every_rule_with_a_real_example(crafted_site):
    rules = crafted_site.page("rules.html")
    batch = crafted_site.crafted.batch
    for rule in RULES:
        section = rules.by_id(f"rule-{rule.id}")
        assert section is not None, rule.id
        assert rule.title in section.find("h2").text()
        assert section.find("blockquote", cls="statement").text() == rule.statement
        edited = [(c.card.id, name, r) for c in batch.cards for name, r in c.results.items()
                  if any(rule.id in e.rules for e in r.edits)]
        if not edited:
            assert section.find("p", cls="no-example")
            continue
        example = section.find("div", cls="example")
        link = example.find("p", cls="example-head").find("a")
        card_id = link.text().split()[0]
        assert card_id in {cid for cid, _, _ in edited}
        assert link.attrs["href"] == f"index.html#card-{card_id}"
        # the example's highlighted edits of this rule are that card's edits by this rule
        result = next(r for cid, _, r in edited if cid == card_id)
        focus = [i.text() for i in example.find_all("ins", cls="edit") if "other" not in i.classes()]
        assert focus == [e.after for e in result.edits if rule.id in e.rules]
    # color-plus-one only left a residual in the crafted data: no example
    assert rules.by_id("rule-color-plus-one").find("p", cls="no-example")
    # TT2-002's edits are wrong (flagged), so it is not count-doubling's example though shortest
    assert "TT2-002" not in rules.by_id("rule-count-doubling").find("div", cls="example").text()


def test_special_rulings_have_their_own_section_with_reasons_and_status(crafted_site):
    rules = crafted_site.page("rules.html")
    section = rules.by_id("rulings")
    table = packs.get("tag-tamer").rulings()
    articles = section.find_all("article", cls="ruling")
    assert [a.attrs["id"] for a in articles] == [f"ruling-{r.id}" for r in table.rulings]
    for ruling, article in zip(table.rulings, articles):
        assert ruling.reason in article.find("p", cls="reason").text()
    applied = rules.by_id("ruling-rasenmon-evolution-cost")
    assert "applied" in applied.find(cls="status").text()
    assert applied.find("h3").find("a").attrs["href"] == "index.html#card-BT7-040"
    # the other rulings' cards are not in the crafted database
    assert all(a.find(cls="status").text() == "card not in this database"
               for a in articles if a is not applied)
    # the card's own entry names its ruling
    index = crafted_site.page("index.html")
    note = _card(index, "BT7-040").find("p", cls="ruling-note")
    assert note.find("a").attrs["href"] == "rules.html#ruling-rasenmon-evolution-cost"


def test_the_maintainers_page_flags_residuals_bad_edits_unreadable_texts_and_entries(crafted_site):
    page = crafted_site.page("maintainers.html")
    residual = page.by_id("flags-residual").find("article")
    assert residual.attrs["data-card"] == "TT2-001"
    assert [m.text() for m in residual.find_all("mark", cls="residual")] == ["For each color among your Tamers"]
    assert "iteration over colors of a mixed area" in residual.text()
    assert page.by_id("flags-inconsistent-edits").find("article").attrs["data-card"] == "TT2-002"
    unreadable = page.by_id("flags-unreadable").find("article")
    assert unreadable.attrs["data-card"] == "TT2-003"
    assert "unexpected '?'" in unreadable.text()
    assert "no card id" in page.by_id("entries").text()
    # on the card list, the flagged cards are marked and their text is not falsely highlighted
    index = crafted_site.page("index.html")
    assert "flagged" in _card(index, "TT2-001").classes()
    bad = _card(index, "TT2-002")
    assert "flagged" in bad.classes()
    assert not bad.find_all("ins") and not bad.find_all("del")
    assert _side(bad.find("div", cls="text"), "tagtamer").text() == crafted_site.crafted.by_id["TT2-002"].results["effect"].text
    assert "flagged" not in _card(index, "TT1-002").classes()


def test_filter_box_page_furniture_and_attribution(crafted_site):
    index = crafted_site.page("index.html")
    box = index.by_id("filter")
    assert box.tag == "input" and box.attrs["type"] == "search"
    assert index.by_id("filter-count").text() == "5 cards"
    assert len(index.find_all("article", cls="filter-item")) == 5
    head = index.find("head")
    assert head.find("meta", name="viewport").attrs["content"].startswith("width=device-width")
    assert head.find("link", rel="stylesheet").attrs["href"] == "static/errata.css"
    # the footer speaks to readers: whose text, which format, where the rules are; the
    # data's provenance (for maintainers) is on the maintainers page, linked
    footer = index.find("footer")
    text = " ".join(footer.text().split())
    assert "\u00a9 Bandai" in text and "unofficial community format" in text
    assert "rules.html" in [a.attrs["href"] for a in footer.find_all("a")]
    assert "maintainers.html#data-source" in [a.attrs["href"] for a in footer.find_all("a")]
    assert "Cards read from crafted.json (where the card data comes from)." in text
    assert not footer.find_all("code") and "tagtext convert" not in text and "Crafted <data>" not in text
    source = crafted_site.page("maintainers.html").by_id("data-source")
    assert "Crafted <data>" in source.text()
    assert source.find("div", cls="attribution").find("code").text() == "crafted.json"
    assert source.find("li").text() == "Origin: a test & nothing else"
    css = (crafted_site.root / "static/errata.css").read_text()
    assert "@media (max-width" in css


def test_filter_comes_before_the_folded_set_chips(crafted_site):
    """On a phone the chips of every set pushed the filter to the bottom of the first
    screen: the filter comes first, the chips are folded (the script unfolds them on a
    wide screen)."""
    index = crafted_site.page("index.html")
    main = index.find("main")
    order = [e for e in main.iter() if e.attrs.get("id") == "filter" or e.tag == "details"]
    assert [e.tag for e in order] == ["input", "details"]
    sets = index.find("details", cls="sets")
    assert "open" not in sets.attrs
    assert " ".join(sets.find("summary").text().split()) == "Jump to a set 3 sets"
    assert [a.attrs["href"] for a in sets.find("nav").find_all("a")] == ["#set-BT7", "#set-TT1", "#set-TT2"]


def test_full_width_brackets_have_a_font_that_ships_with_the_site(crafted_site):
    """＜ ＞ ・ ， and the ideographic space of card text: a font inside the stylesheet, first
    in the stack and limited to those characters, so no reader sees empty boxes."""
    import base64
    import re

    css = (crafted_site.root / "static/errata.css").read_text(encoding="utf-8")
    face = re.search(r'@font-face \{\s*font-family: "Tagtext Fullwidth";\s*src: url\("data:font/woff2;base64,([A-Za-z0-9+/=]+)"\) format\("woff2"\);\s*unicode-range: ([^;]+);', css)
    assert face, "no embedded Tagtext Fullwidth font"
    assert base64.b64decode(face.group(1))[:4] == b"wOF2"
    assert face.group(2).replace(" ", "").split(",") == ["U+3000", "U+30FB", "U+FF0C", "U+FF1C", "U+FF1E"]
    body = re.search(r"\nbody \{[^}]*font: 16px/1\.5 ([^;]+);", css).group(1)
    assert body.startswith('"Tagtext Fullwidth", ') and body.endswith("sans-serif")
    assert "url(" not in css.replace(face.group(0), "")  # nothing else to fetch


def test_an_empty_conversion_says_nothing_changed(tmp_path, crafted, parse_html):
    from tagtext.batch import BatchResult, CardResult
    from tagtext.errata import build_model, write_errata

    unchanged = BatchResult("crafted.json", [CardResult(c.card, {}) for c in crafted.batch.cards], [], packs.get("tag-tamer"))
    write_errata(build_model(unchanged, packs.get("tag-tamer").rulings()), tmp_path / "site")
    index = parse_html((tmp_path / "site/index.html").read_text())
    assert not index.find_all("article")
    assert "No card's text in this database is changed" in index.find("p", cls="empty").text()
