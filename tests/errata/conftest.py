"""A tiny crafted card database and crafted rewrite results, for the errata pages' tests.

The rules themselves are built in parallel, so these tests do not depend on what the
compiler changes today: the results below are written by hand (with spans computed from
the text, so they are what a rewrite would return), and the card texts carry HTML that
the pages must show as text.
"""

from __future__ import annotations

from tagtext import packs

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext import carddb
from tagtext.batch import BatchResult, CardResult
from tagtext.carddb import Problem
from tagtext.errata import build_model
from tagtext.result import Edit, Residual, RewriteResult

#: A text that would run script, and make markup, if the pages interpreted it.
HOSTILE_EFFECT = (
    "[Main] If you have 3 or more Digimon, <script>window.__pwned = 1</script>"
    "trash the top 2 cards of your opponent's deck & <b>draw 1</b>. <img src=x onerror=\"window.__pwned=2\">"
)
HOSTILE_NAME = "Agu<b>mon</b> & \"Co\" | *x*"

CARDS = [
    {"id": "TT1-001", "name": HOSTILE_NAME, "cardType": "Digimon", "effect": HOSTILE_EFFECT},
    {"id": "TT1-002", "name": "Gabumon", "cardType": "Digimon",
     "effect": "[On Play] If you have 4 or fewer cards in your hand, draw 2.\n[All Turns] Neither player can play options.",
     "digivolveEffect": "[Your Turn] While you have 3 or less memory, this Digimon gets +1000 DP."},
    {"id": "TT1-010", "name": "Patamon", "cardType": "Digimon",
     "effect": "[On Play] Reveal the top 3 cards of your deck."},
    {"id": "TT2-001", "name": "Tentomon", "cardType": "Digimon",
     "effect": "[On Play] For each color among your Tamers, gain 1 memory. If you have 3 or more security cards, draw 1."},
    {"id": "TT2-002", "name": "Palmon", "cardType": "Digimon",
     "effect": "[On Play] Trash the top 5 cards of your deck, if you have 2 or more Tamers."},
    {"id": "TT2-003", "name": "Gomamon", "cardType": "Digimon", "effect": "[On Play] ??? unreadable ???"},
    {"id": "BT7-040", "name": "Rasenmon", "cardType": "Digimon",
     "effect": "When digivolving into this card from your hand, the memory cost of the digivolution is equal "
               "to the number of cards in your security stack. If you have 0 security cards, the memory cost is 1."},
]


def rewritten(original: str, changes=(), residuals=(), *, ruling=None, warnings=(), card_id=None,
              text=None) -> RewriteResult:
    """A result as a rewrite would return it: ``changes`` are (before, after, rules) with
    ``before`` found in the text left to right; ``residuals`` are (text, rule, reason).
    ``text`` overrides the rewritten text (for results whose edits are wrong)."""
    edits, pieces, pos = [], [], 0
    for before, after, rules in changes:
        start = original.index(before, pos)
        edits.append(Edit(start, start + len(before), before, after, tuple(rules)))
        pieces += [original[pos:start], after]
        pos = start + len(before)
    pieces.append(original[pos:])
    res = tuple(Residual(original.index(t), original.index(t) + len(t), t, rule, reason)
                for t, rule, reason in residuals)
    rules = []
    for e in edits:
        rules += [r for r in e.rules if r not in rules]
    return RewriteResult(original, "".join(pieces) if text is None else text, tuple(edits), res,
                         tuple(warnings), card_id, ruling, tuple(rules))


@dataclass
class Crafted:
    """The crafted database, its crafted conversion, and the errata model of both."""

    db: carddb.Database
    batch: BatchResult
    by_id: dict[str, CardResult]

    def model(self, attribution=None):
        return build_model(self.batch, packs.get("tag-tamer").rulings(), attribution)


def crafted_batch() -> Crafted:
    db = digimon_cards.parse_bytes(json.dumps(CARDS).encode(), "crafted.json")
    cards = db.by_id()
    results: dict[str, CardResult] = {cid: CardResult(card) for cid, card in cards.items()}

    def put(cid, field, result):
        results[cid].results[field] = result

    t = cards["TT1-001"].texts
    put("TT1-001", "effect", rewritten(t["effect"], [
        ("3 or more", "6 or more", ["count-doubling"]),
        ("your opponent's deck", "1 of your opponent's decks", ["choose-opponent"]),
    ], card_id="TT1-001"))
    t = cards["TT1-002"].texts
    put("TT1-002", "effect", rewritten(t["effect"], [
        ("4 or fewer cards in your hand", "8 or fewer cards in your team's combined hands", ["hand-size"]),
        ("Neither player", "No player", ["all-players"]),
    ], card_id="TT1-002"))
    put("TT1-002", "digivolveEffect", rewritten(t["digivolveEffect"], [
        ("you have 3 or less memory", "the team's average memory is 3.0 or less", ["memory-average"]),
    ], card_id="TT1-002"))
    t = cards["TT1-010"].texts  # unchanged: must not be listed
    put("TT1-010", "effect", rewritten(t["effect"], card_id="TT1-010"))
    t = cards["TT2-001"].texts  # one edit, one residual
    put("TT2-001", "effect", rewritten(
        t["effect"], [("3 or more security cards", "6 or more security cards", ["count-doubling"])],
        [("For each color among your Tamers", "color-plus-one", "iteration over colors of a mixed area")],
        card_id="TT2-001"))
    t = cards["TT2-002"].texts  # edits that do not reproduce the text (a compiler bug)
    put("TT2-002", "effect", rewritten(
        t["effect"], [("2 or more", "4 or more", ["count-doubling"])], card_id="TT2-002",
        text=t["effect"].replace("2 or more", "4 or more").replace("5 cards", "50 cards")))
    results["TT2-003"].problems.append(Problem("TT2-003 effect", "TT2-003 effect:1:11: unexpected '?'", "TT2-003", "effect"))
    t = cards["BT7-040"].texts
    ruling = packs.get("tag-tamer").rulings().for_card("BT7-040")[0]
    put("BT7-040", "effect", rewritten(t["effect"], [(t["effect"], ruling.text["global"], ["override"])],
                                       ruling=ruling.id, card_id="BT7-040"))
    ordered = [results[c.id] for c in db.cards]
    problems = [Problem("crafted.json: entry 9", "no card id (\"id\" or \"cardNumber\"); skipped")]
    return Crafted(db, BatchResult(db.source, ordered, problems, packs.get("tag-tamer")), results)


@pytest.fixture
def crafted() -> Crafted:
    return crafted_batch()


# ----------------------------------------------------------------------------- reading HTML

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Element:
    """An element of a page as the standard library's HTML parser sees it."""

    tag: str
    attrs: dict
    children: list
    parent: "Element | None" = None

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def iter(self):
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list["Element"]:
        return [e for e in self.iter()
                if (tag is None or e.tag == tag) and (cls is None or cls in e.classes())
                and all(e.attrs.get(k.rstrip("_").replace("_", "-")) == v for k, v in attrs.items())]

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> "Element":
        found = self.find_all(tag, cls, **attrs)
        assert found, f"no <{tag or '*'} class={cls} {attrs}> found"
        return found[0]

    def by_id(self, element_id: str) -> "Element | None":
        found = [e for e in self.iter() if e.attrs.get("id") == element_id]
        return found[0] if found else None


def edits_rebuild(result) -> bool:
    """Whether a result's edits, applied to its original text, give its text (this test
    suite's own check, independent of tagtext.errata.spans)."""
    pieces, pos = [], 0
    for e in result.edits:
        if e.start < pos or result.original[e.start:e.end] != e.before:
            return False
        pieces += [result.original[pos:e.start], e.after]
        pos = e.end
    return "".join(pieces) + result.original[pos:] == result.text


@pytest.fixture(name="edits_rebuild")
def edits_rebuild_fixture():
    return edits_rebuild


@pytest.fixture(name="parse_html")
def parse_html_fixture():
    """:func:`parse_html`, for tests (conftest is not importable as a module here)."""
    return parse_html


def parse_html(html: str) -> Element:
    """A tree of the page's elements (entities decoded, as a browser would show them)."""
    from html.parser import HTMLParser

    root = Element("#document", {}, [])

    class Builder(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.current = root

        def handle_starttag(self, tag, attrs):
            element = Element(tag, dict(attrs), [], self.current)
            self.current.children.append(element)
            if tag not in _VOID:
                self.current = element

        def handle_endtag(self, tag):
            node = self.current
            while node is not root and node.tag != tag:
                node = node.parent
            if node is not root:
                self.current = node.parent

        def handle_data(self, data):
            self.current.children.append(data)

    builder = Builder()
    builder.feed(html)
    builder.close()
    return root


ATTRIBUTION = "# Crafted <data>\n\nCard text \u00a9 Bandai, taken from `crafted.json`.\n\n- Origin: a test & nothing else"


@dataclass
class BuiltSite:
    root: Path
    files: list[str]
    crafted: Crafted

    def page(self, name: str) -> "Element":
        return parse_html((self.root / name).read_text(encoding="utf-8"))

    def raw(self, name: str) -> str:
        return (self.root / name).read_text(encoding="utf-8")


@pytest.fixture
def crafted_site(tmp_path, crafted) -> BuiltSite:
    """The HTML site of the crafted conversion, in tmp_path/site."""
    from tagtext.errata import write_errata

    root = tmp_path / "site"
    files = write_errata(crafted.model(ATTRIBUTION), root, "html")
    return BuiltSite(root, files, crafted)


@pytest.fixture
def crafted_wiki(tmp_path, crafted) -> BuiltSite:
    """The wiki pages of the crafted conversion, in tmp_path/wiki."""
    from tagtext.errata import write_errata

    root = tmp_path / "wiki"
    files = write_errata(crafted.model(ATTRIBUTION), root, "wiki")
    return BuiltSite(root, files, crafted)


@pytest.fixture(scope="module")
def crafted_site_once(tmp_path_factory) -> BuiltSite:
    """The crafted HTML site, written once for a whole module (the browser tests)."""
    from tagtext.errata import write_errata

    crafted = crafted_batch()
    root = tmp_path_factory.mktemp("crafted") / "site"
    files = write_errata(crafted.model(ATTRIBUTION), root, "html")
    return BuiltSite(root, files, crafted)


@pytest.fixture(scope="session")
def real_batch() -> BatchResult:
    """The real (shipped) database, converted once for all the errata tests."""
    from tagtext.batch import convert_database

    return convert_database(digimon_cards.load(None), packs.get("tag-tamer"))
