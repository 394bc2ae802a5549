"""A Japanese pack's errata site is Japanese: every word a reader sees (the text of the
pages, the titles and labels a browser shows, the filter's counts) is Japanese, except what
comes from the card data (names, ids, set codes, card text), numbers, ids of rules and
rulings, file names and tagtext's own name.

The words come from two catalogs (tagtext/errata/catalog.py): the engine's (the templates'
sentences, ``words/ja.toml``) and the pack's (``words.toml``: its rules' titles and
practice, its residuals' reasons, its card types). A sentence either lacks is shown in
English, and these tests fail on it: one site per Japanese pack, built from the pack's
shipped card data (and, where ../shared is at hand, from the shared Duel Masters corpus).
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tagtext import packs
from tagtext.batch import convert_database
from tagtext.errata.catalog import PackWords
from tagtext.errata.model import build_model
from tagtext.errata.site import write_site

#: the project's shared files (../shared, or $TAGTEXT_SHARED): an extra site from the shared corpus
SHARED = Path(os.environ.get("TAGTEXT_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
JAPANESE_PACKS = ("dm-tag-commander", "bd-tag")

#: what may stay in Latin letters on a Japanese page: tagtext's name, the names of the
#: documents a rule cites (BD-NOTES, DM-NOTES), the format's own abbreviations (DTC), the
#: ids of its decisions (D-1 … D-4), the right holders the footer names, and the values
#: filter.js fills into its words ({n} {noun})
ALLOWED = re.compile(r"(?<![A-Za-z])(?:tagtext|(?:BD|DM)-NOTES|DTC|D-\d|Aniplex|Yuhodo|Takara Tomy|"
                     r"Wizards of the Coast)(?![A-Za-z])|\{\w+\}")
#: the attributes a reader sees (a tooltip, a placeholder, a name read aloud, a preview)
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
#: the filter box's words, which filter.js writes into the page
FILTER_WORDS = ("data-noun", "data-count", "data-count-of", "data-more", "data-unavailable")
#: what a page shows of the card data as it is: names, ids, set codes, card text, the
#: file the cards were read from, the rule and ruling ids
DATA_CLASSES = {"cid", "cname", "set-code", "cardtext", "rule-id", "note", "before", "after"}
DATA_TAGS = {"code", "q", "del", "ins", "mark", "script", "style"}


class _Shown(HTMLParser):
    """The text a reader sees, apart from what is card data (by element)."""

    VOID = {"br", "meta", "link", "input", "img", "hr", "wbr", "source"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []   # per open element: whether it holds card data
        self.shown: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        data = tag in DATA_TAGS or bool(DATA_CLASSES & set((attrs.get("class") or "").split()))
        for name in SHOWN_ATTRIBUTES + FILTER_WORDS:
            if attrs.get(name) and not (name == "title" and tag in ("del", "ins", "mark")):  # rule ids
                self.shown.append((f"<{tag} {name}>", attrs[name]))
        if tag == "meta" and (attrs.get("name") == "description" or
                              attrs.get("property") in ("og:description", "og:title", "og:site_name")):
            self.shown.append(("<meta>", attrs.get("content") or ""))
        if tag not in self.VOID:
            self.stack.append(data or (bool(self.stack) and self.stack[-1]))

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if data.strip() and not (self.stack and self.stack[-1]):
            self.shown.append(("text", data))


def english_words(html: str, card_data: re.Pattern, rule_ids: re.Pattern) -> list[tuple[str, str]]:
    """(where, the words) of each piece of shown text that keeps a Latin-letter word once card
    data, rule ids, URLs and the allowed names are taken out."""
    parser = _Shown()
    parser.feed(html)
    found = []
    for where, text in parser.shown:
        words = latin_words(rule_ids.sub(" ", card_data.sub(" ", text)))
        if words:
            found.append((where, " ".join(words) + " | " + " ".join(text.split())[:160]))
    return found


def latin_words(text: str) -> list[str]:
    """The words in Latin letters of ``text`` that are none of what may stay: URLs, file
    names, 《card names》, the ALLOWED names."""
    rest = re.sub(r"https?://\S+|[\w./-]*[A-Za-z0-9_-]\.(?:json|jsonl|csv|gz|html|md|toml)\b", " ", text, flags=re.A)
    rest = re.sub(r"《[^》]*》", " ", rest)   # a card's name, as Duel Masters text writes one
    return re.findall(r"[A-Za-z]{2,}", ALLOWED.sub(" ", rest))


def _literal_alternation(values) -> re.Pattern:
    values = sorted({v for v in values if v and re.search(r"[A-Za-z]", v)}, key=len, reverse=True)
    return re.compile("|".join(re.escape(v) for v in values) or r"(?!x)x")


def _site(pack_name: str, db_path: str | None, out: Path):
    pack = packs.get(pack_name)
    database = pack.load_database(db_path)
    batch = convert_database(database, pack)
    errata = build_model(batch, pack.rulings())
    write_site(errata, out)
    card_data = _literal_alternation(
        [v for c in database.cards for v in (c.id, c.name, c.set, *c.texts.values())]
        # a card type in Japanese is the card's (進化クリーチャー(進化GV)); one in English is a
        # code of the table, which the pack's words name (unit/ace: ユニット（エース）)
        + [c.card_type for c in database.cards if c.card_type and not c.card_type.isascii()]
        + [r.card for r in pack.rulings().rulings] + [r.name for r in pack.rulings().rulings])
    rule_ids = _literal_alternation([r.id for r in pack.rules] + [r.id for r in pack.rulings().rulings])
    pages = {p.name: p.read_text(encoding="utf-8") for p in sorted(out.glob("*.html"))}
    return pages, card_data, rule_ids


def _sources():
    yield pytest.param("bd-tag", None, id="bd-tag-shipped")
    yield pytest.param("dm-tag-commander", None, id="dm-tag-commander-shipped")
    shared = SHARED / "data" / "dm-classic08-cards.json"
    yield pytest.param("dm-tag-commander", str(shared), id="dm-tag-commander-classic08",
                       marks=pytest.mark.skipif(not shared.is_file(), reason="../shared is not at hand"))


@pytest.mark.parametrize("pack_name, db_path", list(_sources()))
def test_a_japanese_packs_site_shows_no_english_word(pack_name, db_path, tmp_path):
    pages, card_data, rule_ids = _site(pack_name, db_path, tmp_path)
    assert set(pages) >= {"index.html", "rules.html", "maintainers.html"}
    left = [(page, where, words) for page, html in pages.items()
            for where, words in english_words(html, card_data, rule_ids)]
    assert left == [], "\n".join(f"{p} {w}: {t}" for p, w, t in left[:40])


#: texts tagtext cannot read, or reads with a warning, per pack: a bracket left open (an
#: error), a number in both widths (an error), a reminder ( left open to its line's end and a
#: ) closing nothing (warnings), and for Duel Masters half-width katakana (a warning)
TROUBLED = {
    "dm-tag-commander": [
        {"id": "x1", "name": "テスト1", "text": "《ボルメテウス・ホワイト・ドラゴン を破壊する。"},
        {"id": "x2", "name": "テスト2", "text": "相手は手札を1２枚捨てる。"},
        {"id": "x3", "name": "テスト3", "text": "相手は手札を1枚捨てる。(この呪文\n)ｸﾘｰﾁｬｰを破壊する。"},
    ],
    "bd-tag": [
        {"id": "x1", "name": "テスト1", "type": "command", "effect": "【ブライト を持つ相手のユニットを破壊する。"},
        {"id": "x2", "name": "テスト2", "type": "command", "effect": "相手は手札を1２枚捨てる。"},
        {"id": "x3", "name": "テスト3", "type": "command", "effect": "相手は手札を1枚捨てる。(注釈\n)"},
    ],
}


@pytest.mark.parametrize("pack_name", JAPANESE_PACKS)
def test_what_tagtext_says_about_a_troubled_text_is_japanese(pack_name, tmp_path):
    """The maintainers' page of texts tagtext could not read (the grammar's one-line
    errors) and the warnings on a card read anyway: Japanese, the command line's stay
    tagtext's English."""
    import json
    db = tmp_path / "cards.json"
    db.write_text(json.dumps(TROUBLED[pack_name], ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "site"
    out.mkdir()
    pages, card_data, rule_ids = _site(pack_name, str(db), out)
    assert pages["maintainers.html"].count('<section class="flags filter-group" id="flags-unreadable">') == 1
    assert "閉じていません" in pages["maintainers.html"] and "混ざっています" in pages["maintainers.html"]
    assert "開き括弧がありません" in pages["index.html"]
    left = [(page, where, words) for page, html in pages.items()
            for where, words in english_words(html, card_data, rule_ids)]
    assert left == [], "\n".join(f"{p} {w}: {t}" for p, w, t in left[:40])
    pack = packs.get(pack_name)
    errata = build_model(convert_database(pack.load_database(str(db)), pack), pack.rulings())
    unreadable = [m for f in errata.flags if f.kind == "unreadable" for m in f.messages]
    assert unreadable and all(m.startswith("at ") for m in unreadable)


def test_the_check_finds_an_english_word():
    """The check itself: an English title or tooltip is found; card data, ids and URLs are not."""
    nothing = re.compile(r"(?!x)x")
    card = re.compile(re.escape("Dead end"))
    html = ('<html lang="ja"><body><h2>Wins and losses</h2><p title="A link">リンク</p>'
            '<span class="cname">Addiction</span><p>026 Dead end https://example.com/x tagtext DM-NOTES 5</p></body></html>')
    assert [w for _, w in english_words(html, card, nothing)] == [
        "Wins and losses | Wins and losses", "link | A link"]
    assert english_words("<p>ルール T9 です</p>", nothing, re.compile("T9")) == []


@pytest.mark.parametrize("pack_name", JAPANESE_PACKS)
def test_every_rule_of_a_japanese_pack_has_its_words(pack_name):
    """The pack's words.toml gives each rule its title and practice (and its statement
    where the rule states it in English); it names no rule the pack lacks."""
    pack = packs.get(pack_name)
    words = pack.words()
    ids = {r.id for r in pack.rules}
    assert sorted(set(words.rules) - ids) == []
    for rule in pack.rules:
        shown = words.rule(rule)
        for part in ("title", "practice", "statement"):
            assert not _english(getattr(shown, part)), (rule.id, part, getattr(shown, part))


def _english(text: str) -> bool:
    return bool(latin_words(text))


def test_an_english_pack_has_no_pack_words():
    for name in ("tag-tamer", "ygo-tag"):
        assert packs.get(name).words() == PackWords()


def test_a_words_file_with_an_unknown_table_or_key_is_refused():
    with pytest.raises(ValueError, match="unknown table 'rules'"):
        PackWords.from_toml('[rules.T1]\ntitle = "x"\n')
    with pytest.raises(ValueError, match="rule 'T1': unknown key 'name'"):
        PackWords.from_toml('[rule.T1]\nname = "x"\n')
