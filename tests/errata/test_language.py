"""The errata pages in the card text's language (the pack's ``language``): ``<html lang>``,
the site's words from the language's catalog (tagtext/errata/words/<language>.toml), and
the pack's notes (its ``note_marker``) shown apart from the rewritten text. Checked on
dm-tag-commander (Japanese) and the catalog against the templates."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tagtext import packs
from tagtext.batch import BatchResult, convert_card
from tagtext.errata.grouping import BY_NAME, BY_SET, NO_SET
from tagtext.errata.catalog import translate
from tagtext.errata.model import FLAG_NOUNS, SENTENCES, _mode_sentence, build_model
from tagtext.errata.site import DESCRIPTION, environment, words, write_site
from tagtext import rulings
from tagtext.rulings import Ruling
from tagtext.errors import ParseError
from tagtext.syntax.unspaced import bracket_quirks, mixed_width_number, unclosed_on_line

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "tagtext" / "errata" / "templates"
JA = ROOT / "tagtext" / "errata" / "words" / "ja.toml"


def _template_sentences() -> set[str]:
    env = environment("en")
    found = set()
    for path in TEMPLATES.glob("*.html"):
        for _line, _func, message in env.extract_translations(path.read_text(encoding="utf-8")):
            found.update(m for m in (message if isinstance(message, tuple) else (message,)) if m)
    return found


def _data_words() -> set[str]:
    """The words of the data the templates show through word(): flag nouns, ruling modes,
    statuses and their sentences, group nouns, and the sentences site.py formats."""
    modes = {"keep", "replace", "append"}
    sentences = {_mode_sentence(Ruling("r", "c", "n", "f", mode, "", {}, {})) for mode in modes}
    return ({noun for pair in FLAG_NOUNS.values() for noun in pair} | modes | sentences
            | {"applied", "stale", "not applied", "card not in this database",
               "The conversion did not apply this ruling and gave no warning about it."}
            | {BY_SET.noun, BY_SET.plural, BY_NAME.noun, BY_NAME.plural, NO_SET}
            | {DESCRIPTION, "%(title)s errata"} | set(SENTENCES))


def _notices() -> list[str]:
    """Messages tagtext writes about a text, as the pages show them: a bracket left open,
    closing nothing, closed in the other width (the syntax kit); a stale ruling, of one
    field and of a whole card (tagtext.rulings); a text the grammar refuses, an opener left
    open on its line or a number in both widths (the syntax kit's one-line errors; what
    the opener opens is the pack's word, here "text")."""
    quirks = [f"c1: 1:{pos}: {what}" for pos, what in bracket_quirks("（a)\n)b(", {"(": ")", "（": "）"})]
    table = rulings.parse_table('[[ruling]]\nid = "r"\ncard = "c1"\nname = "N"\nfield = "text"\nmode = "keep"\n'
                                'reason = "why"\neffect.en = "Draw 1."\ntext.en = "x"\n', "t.toml")
    stale = [str(n) for field in ("text", None) for n in rulings.find(table, "Trash 1.", "c1", field)[1]]
    refused = []
    for check, args in ((unclosed_on_line, ("《abc", {"《": "》"}, {"《": "text"})), (mixed_width_number, ("1２",))):
        with pytest.raises(ParseError) as error:
            check(*args)
        refused.append(f"c1: {error.value}")
    return quirks + stale + refused


def _notice_patterns(catalog: dict[str, str]) -> set[str]:
    """The catalog's messages (with values) that some notice in :func:`_notices` is."""
    return {english for english in catalog if "%(" in english and any(translate({english: catalog[english]}, n) != n for n in _notices())}


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\(\w+\)s|\{\w+\}", text))


def test_the_japanese_catalog_has_every_sentence_and_no_other():
    catalog = tomllib.loads(JA.read_text(encoding="utf-8"))
    wanted = _template_sentences() | _data_words() | _notice_patterns(catalog)
    assert sorted(wanted - set(catalog)) == []
    assert sorted(set(catalog) - wanted) == []


def test_every_notice_tagtext_writes_about_a_text_is_japanese():
    """Each notice of :func:`_notices` comes out Japanese (the card, its field and where in
    the text kept as they are)."""
    catalog = words("ja")
    notices = _notices()
    assert len(notices) == 7
    for notice in notices:
        shown = translate(catalog, notice)
        assert shown != notice, notice
        assert "c1" in shown and not re.findall(r"[A-Za-z]{2,}", re.sub(r"c1|text", "", shown)), shown


def test_a_translation_keeps_the_values_it_is_given():
    for english, japanese in tomllib.loads(JA.read_text(encoding="utf-8")).items():
        assert set(_placeholders(japanese)) == set(_placeholders(english)), english
        assert re.findall(r"</?\w+", japanese) == re.findall(r"</?\w+", english), english


def test_english_has_no_catalog_and_an_unknown_language_falls_back_to_english():
    assert words("en") == {} and words("xx") == {} and words("ja-JP") == words("ja") != {}


@pytest.fixture(scope="module")
def dm_site(tmp_path_factory):
    """The errata pages of a few real Duel Masters cards: a note (T6, s042), a rewrite (T5),
    a ruling that adds a note (s489), a ruling that replaces (s515)."""
    pack = packs.get("dm-tag-commander")
    by_id = pack.load_database().by_id()
    cards = [by_id[i] for i in ("s042", "s489", "s515", "dm06-008")]
    batch = BatchResult("four cards", [convert_card(c, {}, pack) for c in cards], [], pack)
    out = tmp_path_factory.mktemp("dm-site")
    write_site(build_model(batch, pack.rulings()), out)
    return {page: (out / page).read_text(encoding="utf-8") for page in ("index.html", "rules.html", "maintainers.html")}


def _text_block(html: str, card_id: str) -> str:
    start = html.index(f'id="card-{card_id}"')
    return html[start:html.index("</article>", start)]


def test_the_pages_are_japanese(dm_site):
    for page, html in dm_site.items():
        assert html.startswith('<!DOCTYPE html>\n<html lang="ja">'), page
        assert "デュエマ・タッグ・コマンダー エラッタ</a></p>" in html
        for english in ("Printed", "Rules &amp; rulings", "For maintainers", "official English", "Built "):
            assert english not in html, (page, english)
    assert "<p class=\"side-label\">公式テキスト</p>" in dm_site["index.html"]
    assert "<label for=\"filter\">絞り込み</label>" in dm_site["index.html"]


def test_a_note_is_shown_apart_from_the_rewritten_text(dm_site):
    block = _text_block(dm_site["index.html"], "s042")
    printed, rest = block.split('<div class="side tagtamer">')
    tag_side, notes = rest.split('<div class="notes">')
    assert "※DTC" not in printed and "※DTC" not in tag_side and "<del" not in printed and "<ins" not in tag_side
    assert '<span class="note">※DTC：味方のクリーチャーも含む。</span>' in notes
    assert 'href="rules.html#rule-T6"' in notes


def test_a_rulings_note_is_apart_and_the_rewrite_stays_highlighted(dm_site):
    block = _text_block(dm_site["index.html"], "s489")
    tag_side, notes = block.split('<div class="side tagtamer">')[1].split('<div class="notes">')
    assert "※DTC" not in tag_side and '<ins class="edit" data-edit="1" title="T22c">相手を１人選び、そのプレイヤー</ins>' in tag_side
    assert "※DTC：使った側のチームから1人ずつ任意の順に処理し、その後相手チームが処理する。" in notes
    assert 'href="rules.html#rule-override"' in notes


def test_the_rulings_list_names_the_cards_it_applied_to(dm_site):
    rules = dm_site["rules.html"]
    assert '<h3><a href="index.html#card-s515">s515 奇石 ミクセル</a>' in rules
    assert rules.count('<span class="badge status">適用</span>') == 3
    assert "効果は公式テキストのまま。" in rules


def test_the_css_gives_japanese_pages_a_japanese_font_stack():
    css = (ROOT / "tagtext" / "errata" / "static" / "errata.css").read_text(encoding="utf-8")
    rule = css[css.index(":lang(ja) body"):]
    stack = rule[rule.index("font-family:"):rule.index(";")]
    assert stack.index('"Hiragino Sans"') < stack.index('"Noto Sans JP"') < stack.index("sans-serif")


def test_an_english_pack_keeps_english_pages(tmp_path):
    pack = packs.get("tag-tamer")
    db = pack.load_database()
    card = next(c for c in db.cards if any(pack.rewrite(t, c.id, f).changed for f, t in c.texts.items()))
    batch = BatchResult("one card", [convert_card(card, {}, pack)], [], pack)
    write_site(build_model(batch, pack.rulings()), tmp_path)
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert html.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert "Tag Tamer errata" in html and "<p class=\"side-label\">Printed</p>" in html
    assert ("The printed texts are the official English card texts of the Digimon Card Game (2020), "
            "&copy;&nbsp;") in html


def test_a_frame_is_never_taken_for_a_message():
    """A catalog sentence with few words of its own ("%(n)s %(noun)s", "at %(where)s") does
    not match the end of a message it is not; a message of several that match is the longest's."""
    catalog = {"%(n)s %(noun)s": "%(n)s%(noun)s", "at %(where)s": "位置 %(where)s",
               "%(x)s closes no bracket": "%(x)s：閉じ", "the %(x)s closes no bracket": "その%(x)s：閉じ"}
    assert translate(catalog, "look at this") == "look at this"
    assert translate(catalog, "in the other") == "in the other"
    assert translate(catalog, "c1: 1:2: ) closes no bracket") == "c1: 1:2: )：閉じ"
    assert translate(catalog, "c1: the ) closes no bracket") == "c1: その)：閉じ"
