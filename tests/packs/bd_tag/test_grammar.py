"""The Build Divide grammar: labels, opaque brackets, reminder text, round trips with spans,
one-line errors, and the engine's driver agreeing with Lark's own lexer."""

from __future__ import annotations

import pytest

from tagtext.errors import ParseError
from tagtext.packs.bd_tag import nodes as b
from tagtext.packs.bd_tag.parser import parse, parse_with_lark_lexer, quirks


def kinds(text):
    return [(type(leaf).__name__, leaf.text) for leaf in parse(text).leaves()]


def test_labels_as_printed_and_as_fans_write_them():
    for label in ("⁅自動⁆", "⁅永続⁆", "⁅起動⁆", "（自動）", "(自動)", "（永続）", "（起動）"):
        assert kinds(label + "1枚引く。")[0] == ("Label", label)
    assert parse("⁅永続⁆x").leaves().__next__().ability_kind == "continuous"
    # a label a fan left inside a sentence with no 。 before it is still a label
    assert ("Label", "（自動）") in kinds("1枚引く（自動）登場時、1枚引く。")


def test_opaque_brackets_are_one_leaf():
    text = "《神域 鏡花水月》と『鏡花水月』、「同色のコマンド」【ブライト】【エヴォル〔赤〕】[デコイ]⁅D⁆⁅黒②⁆①"
    got = [k for k in kinds(text) if k[0] != "Punct" and k[0] != "Words"]
    assert got == [("CardName", "《神域 鏡花水月》"), ("BookName", "『鏡花水月』"), ("Quote", "「同色のコマンド」"),
                   ("Keyword", "【ブライト】"), ("Keyword", "【エヴォル〔赤〕】"), ("Square", "[デコイ]"), ("Icon", "⁅D⁆"),
                   ("Icon", "⁅黒②⁆"), ("Cost", "①")]


def test_reminder_text_is_a_node_and_may_stay_open():
    tree = parse("相手に1ダメ。（トリガーも発動）")
    assert any(isinstance(item, b.Reminder) and item.close is not None for item in tree.items)
    text = "1枚引く。(ブリッツを持つ"
    assert parse(text).to_source() == text
    assert quirks(text) == [(5, "( is not closed on its line")]


@pytest.mark.parametrize("text", [
    "相手は手札を2枚捨てる", " （永続）「同色のコマンド」でも【ブライト】できる。", "1枚引く。\n\n⁅永続⁆x\r\n",
    "そのターン中、あなたのユニット全てのパワーを【+3000】 。", "もう１回行う。", "", "   ",
])
def test_round_trip_with_spans(text):
    tree = parse(text)
    assert tree.to_source() == text
    for leaf in tree.leaves():
        assert text[leaf.start:leaf.end] == leaf.text
        assert text[leaf.start - len(leaf.prefix):leaf.start] == leaf.prefix
    assert parse_with_lark_lexer(text) == tree


@pytest.mark.parametrize("text, what", [
    ("《神域 鏡花水月", "card name"), ("相手の『鏡花", "card name"), ("「同色のコマンド", "quote"),
    ("【ブライト", "keyword bracket"), ("⁅自動", "icon"), ("パワー1０００", "mixes"),
])
def test_what_cannot_be_read_safely_is_a_one_line_error(text, what):
    with pytest.raises(ParseError) as e:
        parse(text, "c1 effect")
    message = str(e.value)
    assert what in message and "c1 effect" in message


def test_the_driver_and_larks_lexer_agree_on_every_shipped_text(bd_db):
    for card, _, text in bd_db.texts():
        assert parse(text) == parse_with_lark_lexer(text), card.id


def test_a_text_token_gives_the_leaves_the_shared_script_terminals_lex(bd_db, tmp_path):
    """The grammar lexes plain text as one TEXT token and the builder cuts it (builder.py):
    the tree is the one the grammar gives with the engine's shared terminals KANJI,
    HIRAGANA, KATAKANA, LATIN, NUMBER, SIGN in its place (a leaf per run of one script),
    on every shipped text and on random texts of those scripts, brackets, labels, marks
    and whitespace."""
    import random

    from tagtext.syntax.checks import keep_as_other
    from tagtext.syntax.grammar import Grammar
    from tagtext.syntax.words import Segmentation
    from tagtext.packs.bd_tag import builder, parser

    source = builder.GRAMMAR.text()
    shared = "NUMBER | KANJI | HIRAGANA | KATAKANA | LATIN | SIGN"
    assert "_atom: TEXT |" in source
    reference = source.replace("_atom: TEXT |", f"_atom: {shared} |").replace(
        "%import unspaced (", "%import unspaced (NUMBER, KANJI, HIRAGANA, KATAKANA, LATIN, SIGN, ")
    path = tmp_path / "bd-by-script.lark"
    path.write_text(reference, encoding="utf-8")

    class Words(b.Words):  # a Segmentation belongs to one grammar
        __slots__ = ()
        segmentation = Segmentation(cut_anywhere=True)

    by_script = Grammar(None, str(path), builder.CardTextBuilder, words=Words, recover=keep_as_other,
                        check=parser.check_text)
    texts = [text for _, _, text in bd_db.texts()]
    alphabet = list("相手の手札ユニットを選ぶ時、。:：1２ABｂｱｲ+－―‐−・ー々〆 \u3000\n（）()①②?!#") + [
        "⁅自動⁆", "（永続）", "(起動)", "[デコイ]", "『鏡花』", "【ブライト】", "⁅D⁆", "「注」", "《鏡花》", "「", "【"]
    rng = random.Random(18)
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 60))) for _ in range(3000)]
    compared = 0
    for text in texts:
        try:
            expected = by_script.parse(text)
        except ParseError:
            with pytest.raises(ParseError):
                parse(text)
            continue
        assert parse(text) == expected, text
        compared += 1
    assert compared > 1000
