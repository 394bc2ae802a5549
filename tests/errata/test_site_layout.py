"""The site's layout: a large site split one page per group with a search of every card;
the Yu-Gi-Oh! pack's cards listed by name (its database has no set codes); link previews,
the build date and the newest sets, links to the game's card site."""

from __future__ import annotations

import json
import re

import pytest

from tagtext import packs
from tagtext.batch import convert_database
from tagtext.errata import build_model, write_errata
from tagtext.errata import site as site_module
from tagtext.errata.model import shorten
from tagtext.packs.tag_tamer import carddb as digimon_cards

from .conftest import ATTRIBUTION, BuiltSite, parse_html


@pytest.fixture
def split_site(tmp_path, crafted, monkeypatch) -> BuiltSite:
    """The crafted site as a large one: at most 2 cards a page, so one page per set."""
    monkeypatch.setattr(site_module, "PAGE_LIMIT", 2)
    root = tmp_path / "split"
    files = write_errata(crafted.model(ATTRIBUTION), root, "html")
    return BuiltSite(root, files, crafted)


def test_a_large_site_has_a_page_per_group_and_an_index_to_search(split_site):
    assert sorted(split_site.files) == sorted([
        "index.html", "rules.html", "maintainers.html", "cards-BT7.html", "cards-TT1.html", "cards-TT2.html",
        "cards-index.js", "static/errata.css", "static/filter.js"])
    index = split_site.page("index.html")
    assert index.find_all("article") == []                     # the cards are on their pages
    chips = [(a.attrs["href"], a.text().split()[0]) for a in index.by_id("groups").find_all("a")]
    assert chips == [("cards-BT7.html#set-BT7", "BT7"), ("cards-TT1.html#set-TT1", "TT1"),
                     ("cards-TT2.html#set-TT2", "TT2")]
    assert "hidden" in index.by_id("search-results").attrs
    pages = {name: [a.attrs["data-card"] for a in split_site.page(name).find_all("article", cls="card")]
             for name in ("cards-BT7.html", "cards-TT1.html", "cards-TT2.html")}
    assert pages == {"cards-BT7.html": ["BT7-040"], "cards-TT1.html": ["TT1-001", "TT1-002"],
                     "cards-TT2.html": ["TT2-001", "TT2-002"]}
    tt1 = split_site.page("cards-TT1.html")
    assert tt1.find("title").text() == "TT1 \u00b7 Tag Tamer errata"
    assert tt1.find("a", **{"aria-current": "page"}).text().split()[0] == "Cards"     # the header's nav
    assert tt1.by_id("filter-count").text() == "2 cards"


def test_the_search_index_finds_every_card_on_its_page(split_site):
    raw = split_site.raw("cards-index.js")
    assert raw.startswith("window.TAGTEXT_SEARCH = ") and raw.endswith(";\n") and "</" not in raw
    cards = json.loads(raw[len("window.TAGTEXT_SEARCH = "):-2])["cards"]
    assert [(c[0], c[2]) for c in cards] == [
        ("BT7-040", "cards-BT7.html#card-BT7-040"), ("TT1-001", "cards-TT1.html#card-TT1-001"),
        ("TT1-002", "cards-TT1.html#card-TT1-002"), ("TT2-001", "cards-TT2.html#card-TT2-001"),
        ("TT2-002", "cards-TT2.html#card-TT2-002")]
    gabumon = next(c for c in cards if c[0] == "TT1-002")
    assert gabumon[1] == "Gabumon"
    # the printed text and what the format adds are searched, in lower case
    assert "if you have 4 or fewer cards in your hand" in gabumon[3]
    assert "8 or fewer cards in your team's combined hands" in gabumon[3]


def test_links_to_a_card_go_to_its_page(split_site):
    rules = split_site.page("rules.html")
    example = rules.by_id("rule-hand-size").find("p", cls="example-head").find("a")
    assert example.attrs["href"] == "cards-TT1.html#card-TT1-002"
    ruling = rules.by_id("ruling-rasenmon-evolution-cost").find("h3").find("a")
    assert ruling.attrs["href"] == "cards-BT7.html#card-BT7-040"
    flags = split_site.page("maintainers.html")
    assert "cards-TT2.html#card-TT2-001" in [a.attrs["href"] for a in flags.find_all("a")]


def test_a_small_site_is_one_page(crafted_site):
    assert not [f for f in crafted_site.files if f.startswith("cards-")]
    assert len(crafted_site.page("index.html").find_all("article", cls="card")) == 5


def test_page_names_never_clash_on_a_case_blind_disk():
    from tagtext.errata.site import Layout

    class Group:
        def __init__(self, code):
            self.code, self.cards = code, ()

    class Many:
        cards = 10_000
        sets = [Group(code) for code in ("bt1", "BT1", "#", "index", "?")]

    layout = Layout.of(Many())
    assert list(layout.pages.values()) == [
        "cards-bt1.html", "cards-BT1-2.html", "cards-other.html", "cards-index.html", "cards-other-2.html"]


def test_every_page_has_a_link_preview(crafted_site):
    for name in ("index.html", "rules.html", "maintainers.html"):
        head = crafted_site.page(name).find("head")
        description = head.find("meta", name="description").attrs["content"]
        assert description.startswith("Tag Tamer errata: 5 cards of the Digimon Card Game (2020) whose text changes")
        title = head.find("title").text()
        assert head.find("meta", property="og:title").attrs["content"] == title
        assert head.find("meta", property="og:description").attrs["content"] == description
        assert head.find("meta", property="og:site_name").attrs["content"] == "Tag Tamer errata"
        assert head.find("meta", property="og:type").attrs["content"] == "website"


def test_the_build_date_and_the_newest_sets(tmp_path, monkeypatch, real_batch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764115200")       # 2025-11-26, reproducible builds
    root = tmp_path / "site"
    write_errata(build_model(real_batch, packs.get("tag-tamer").rulings(), digimon_cards.shipped_source()), root)
    index = parse_html((root / "index.html").read_text(encoding="utf-8"))
    built = " ".join(index.find("p", cls="built").text().split())
    assert built == "Built 2025-11-26; the newest sets in the card data: BT26, EX12, ST24."
    assert "Built 2025-11-26 with tagtext" in " ".join(index.find("footer").text().split())
    first = (root / "index.html").read_bytes()
    write_errata(build_model(real_batch, packs.get("tag-tamer").rulings(), digimon_cards.shipped_source()), root)
    assert (root / "index.html").read_bytes() == first           # the same bytes on a rebuild


def test_built_today_without_source_date_epoch(crafted_site, monkeypatch):
    import datetime
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert site_module.build_date() == datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "not a number")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", site_module.build_date())


# ----------------------------------------------------------------------------- Yu-Gi-Oh!

YGO = [
    {"password": 44095762, "konami_id": 4861, "name": {"en": "Mirror Force"}, "card_type": "Trap",
     "text": {"en": "When an opponent's monster declares an attack: Destroy all your opponent's Attack Position monsters."}},
    {"password": 12580477, "konami_id": 4730, "name": {"en": "Raigeki"}, "card_type": "Spell",
     "text": {"en": "Destroy all monsters your opponent controls."}},
    {"password": 55144522, "konami_id": 4844, "name": {"en": "Pot of Greed"}, "card_type": "Spell",
     "text": {"en": "Draw 2 cards."}},
    {"password": None, "konami_id": None, "name": {"en": "\"Amazing\" Dark Hole", "ja": "\u30c0\u30fc\u30af"},
     "card_type": "Spell", "text": {"en": "Destroy all monsters your opponent controls."}},
    {"password": 5318639, "konami_id": 4907, "name": {"en": "Mystical Space Typhoon"}, "card_type": "Spell",
     "text": {"en": "Target 1 Spell/Trap your opponent controls; destroy that target."}},
]


@pytest.fixture
def ygo_site(tmp_path):
    pack = packs.get("ygo-tag")
    db = pack.database_from_bytes(json.dumps(YGO).encode(), "ygo-crafted.json")
    model = build_model(convert_database(db, pack=pack), pack.rulings())
    root = tmp_path / "ygo"
    return model, BuiltSite(root, write_errata(model, root, "html"), None)


def test_yu_gi_oh_cards_are_listed_by_name_not_by_card_type(ygo_site):
    model, site = ygo_site
    assert [(s.code, [c.card.name for c in s.cards]) for s in model.sets] == [
        ("A", ['"Amazing" Dark Hole']), ("M", ["Mirror Force", "Mystical Space Typhoon"]), ("R", ["Raigeki"])]
    index = site.page("index.html")
    assert index.find("details", cls="sets").find("summary").text().split()[:4] == ["Jump", "to", "a", "letter"]
    # the card's type is said once ("Monster Monster" was its type shown as its set too)
    meta = index.by_id("card-44095762").find("p", cls="meta")
    assert [s.text() for s in meta.find_all("span")] == ["Trap"]


def test_yu_gi_oh_cards_link_to_ygoprodeck(ygo_site):
    model, site = ygo_site
    index = site.page("index.html")
    links = {a.attrs["href"] for a in index.find_all("a", cls="card-site")}
    assert links == {"https://ygoprodeck.com/card/?search=44095762", "https://ygoprodeck.com/card/?search=12580477",
                     "https://ygoprodeck.com/card/?search=5318639",
                     "https://ygoprodeck.com/card/?search=%22Amazing%22%20Dark%20Hole"}     # no password: by name
    assert {a.text() for a in index.find_all("a", cls="card-site")} == {"on YGOPRODeck"}


def test_the_list_of_changes_cuts_long_texts_between_words():
    text = ("When digivolving into this card from your hand, the memory cost of the digivolution is equal to "
            "the number of cards in your security stack. If you have 0 security cards, the memory cost is 1.")
    short = shorten(text)
    head, tail = short.split(" \u2026 ")
    assert text.startswith(head + " ") and text.endswith(" " + tail)
    assert len(short) <= 90
