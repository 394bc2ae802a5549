"""The Build Divide grammar: labels, opaque brackets, reminder text, round trips with spans,
one-line errors, and the engine's driver agreeing with Lark's own lexer."""

from __future__ import annotations

import pytest

from tagtext.errors import ParseError
from tagtext.packs.bd_tag import nodes as b
from tagtext.packs.bd_tag.parser import parse, parse_with_lark_lexer, quirks

from ..grammar_equivalence import random_texts, same_trees


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


#: The grammar's rules in their nested, readable form (inline rules _line, _unit, _tail,
#: _first, _part, _inner, _atom) on the engine's shared terminals for unspaced text in TEXT's
#: place: the shipped grammar (flat rules, one TEXT token per run of plain text) must give
#: the trees this one gives.
NESTED_BY_SCRIPT = """
start: _line (NEWLINE _line)*

_line: _unit* _tail?
_unit: sentence | reminder | LABEL
_tail: open_sentence | open_reminder

sentence: _first _part* STOP
open_sentence: _first _part* | _first _part* open_reminder
_first: _atom | COMMA | COLON
_part: _atom | reminder | COMMA | COLON | LABEL
reminder: LPAR _inner* RPAR
open_reminder: LPAR _inner*
_inner: _atom | reminder | open_reminder | COMMA | COLON | STOP | LABEL

_atom: NUMBER | KANJI | HIRAGANA | KATAKANA | LATIN | SIGN | COST | CARD_NAME | BOOK_NAME | QUOTE | KEYWORD | SQUARE | ICON | OTHER

"""


def _grammar(tmp_path, source: str, builder_class=None):
    """A grammar of ``source`` with the pack's tree builder (or ``builder_class``)."""
    from tagtext.syntax.checks import keep_as_other
    from tagtext.syntax.grammar import Grammar
    from tagtext.syntax.words import Segmentation
    from tagtext.packs.bd_tag import builder, parser

    path = tmp_path / "bd-reference.lark"
    path.write_text(source, encoding="utf-8")

    class Words(b.Words):  # a Segmentation belongs to one grammar
        __slots__ = ()
        segmentation = Segmentation(cut_anywhere=True)

    return Grammar(None, str(path), builder_class or builder.CardTextBuilder, words=Words, recover=keep_as_other,
                   check=parser.check_text)


def _nested_by_script(tmp_path):
    """NESTED_BY_SCRIPT over the shipped grammar's terminals (NUMBER, KANJI … imported too)."""
    from tagtext.packs.bd_tag import builder

    source = builder.GRAMMAR.text()
    terminals = source.index("// ---- ability labels")
    return _grammar(tmp_path, NESTED_BY_SCRIPT + source[terminals:].replace(
        "%import unspaced (", "%import unspaced (NUMBER, KANJI, HIRAGANA, KATAKANA, LATIN, SIGN, "))


def test_a_text_token_and_flat_rules_give_the_trees_of_the_nested_grammar_on_shared_terminals(bd_db, tmp_path):
    """The grammar lexes plain text as one TEXT token and the builder cuts it (builder.py),
    and its rules are written flat (bd.lark): the tree is the one the nested rules
    (NESTED_BY_SCRIPT) give with the engine's shared terminals KANJI, HIRAGANA, KATAKANA,
    LATIN, NUMBER, SIGN in TEXT's place (a leaf per run of one script), on every shipped text
    and on random texts of those scripts, brackets, labels, marks and whitespace."""
    by_script = _nested_by_script(tmp_path)
    texts = [text for _, _, text in bd_db.texts()]
    alphabet = list("相手の手札ユニットを選ぶ時、。:：1２ABｂｱｲ+－―‐−・ー々〆 \u3000\n（）()①②?!#") + [
        "⁅自動⁆", "（永続）", "(起動)", "[デコイ]", "『鏡花』", "【ブライト】", "⁅D⁆", "「注」", "《鏡花》", "「", "【"]
    texts += random_texts(alphabet, seed=18)
    assert same_trees(parse, by_script.parse, texts) > 1000


def test_a_line_of_one_sentence_costs_the_parser_four_helper_rules(tmp_path):
    """Work, not time: the parser reduces every rule it is given, and a rule with no node of
    its own (an inline _rule, a star's repetition) is a call and a tree thrown away per
    token. A line 「■相手のユニットを1体破壊する。」 takes 4 of them (the sentence's first atom,
    its second, the sentence and the line break as repetitions of the text's units); the
    nested rules took 9."""
    from tagtext.packs.bd_tag import builder

    class Counting(builder.CardTextBuilder):
        helpers = 0

        def __default__(self, data, children, meta):
            Counting.helpers += 1
            return super().__default__(data, children, meta)

    grammar = _grammar(tmp_path, builder.GRAMMAR.text(), Counting)
    lines = 50
    grammar.parse("■相手のユニットを1体破壊する。\n" * lines)
    assert Counting.helpers <= 4 * lines, Counting.helpers
