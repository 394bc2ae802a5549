"""The Duel Masters grammar: every shipped text parses and prints back byte for byte; the
tree holds names, quotes, reminders, ruby, keywords and labels; bad input is one line."""

from __future__ import annotations

import pytest

from tagtext.errors import ParseError
from tagtext.packs.dm_tag_commander import nodes as d
from tagtext.packs.dm_tag_commander.parser import parse, parse_with_lark_lexer, quirks

from ..grammar_equivalence import random_texts, same_trees


def test_every_shipped_text_parses_and_prints_back_exactly(dm_texts):
    for card, field, text in dm_texts:
        assert parse(text, f"{card}:{field}").to_source() == text, card


def test_the_driver_and_lark_s_own_lexer_build_the_same_trees(dm_texts):
    for card, _, text in dm_texts[::7]:
        assert parse(text) == parse_with_lark_lexer(text), card


def kinds(text):
    return [type(x).__name__ for x in parse(text).items]


def test_keywords_with_reminders_labels_and_sentences_are_units():
    text = "スピードアタッカーマスター・W・ブレイカー（このクリーチャーはシールドを２つブレイクする）ラビリンス：相手のクリーチャーを１体破壊する。"
    assert kinds(text) == ["Keyword", "Keyword", "Label", "Sentence"]
    tree = parse(text)
    assert tree.items[1].reminder is not None and tree.items[1].reminder.close.text == "）"


def test_ruby_is_part_of_the_keyword_not_reminder_text():
    tree = parse("S(シールド)・トリガー(この呪文を…)")
    keyword = tree.items[0]
    assert isinstance(keyword, d.Keyword) and keyword.name.text == "S(シールド)・トリガー"
    assert keyword.reminder.to_source() == "(この呪文を…)"


def test_names_and_quotes_are_opaque_leaves():
    tree = parse("《相手の名前》と「相手のクリーチャーを１体破壊する」を得る。")
    leaves = list(tree.leaves())
    assert isinstance(leaves[0], d.CardName) and isinstance(leaves[2], d.Quote)
    assert not any(isinstance(x, d.PlayerWord) for x in leaves)


def test_a_reminder_left_open_runs_to_its_line_s_end_and_a_stray_closer_is_text():
    text = "ブロッカー(相手クリーチャーが攻撃する時、\nその後、その相手クリーチャーとバトルする)このクリーチャーは攻撃できない。"
    tree = parse(text)
    assert isinstance(tree.items[0], d.Keyword) and tree.items[0].reminder.close is None
    assert any(isinstance(x, d.Other) and x.text == ")" for x in tree.leaves())
    assert [what for _, what in quirks(text)] == ["( is not closed on its line", ") closes no bracket"]


def test_plain_text_is_runs_of_one_script():
    words = [x.text for x in parse("バトルゾーンにある相手のクリーチャー").leaves()]
    assert words == ["バトルゾーン", "にある", "相手", "の", "クリーチャー"]


@pytest.mark.parametrize("text, message, column", [
    ("《ボルメテウス・ホワイト・ドラゴン", "《 opens a card name that does not close on its line (no 》)", 1),
    ("相手は「ブロッカー を得る。", "「 opens a quote that does not close on its line (no 」)", 4),
    ("パワー1０00以下", "number '1０00' mixes half-width and full-width digits", 4),
])
def test_bad_text_is_a_one_line_parse_error(text, message, column):
    with pytest.raises(ParseError) as err:
        parse(text, "<text>")
    assert str(err.value) == f"<text>:1:{column}: {message}"


def test_brackets_nested_too_deep_are_refused_at_the_bracket():
    with pytest.raises(ParseError, match="brackets nest more than 100 deep"):
        parse("(" * 150 + ")" * 150)


#: The grammar's rules in their nested, readable form (inline rules _line, _unit, _tail,
#: _first, _part, _inner, _atom), on the shipped grammar's terminals: the shipped rules,
#: written flat (dm.lark), must give the trees these give.
NESTED = """
start: _line (NEWLINE _line)*

_line: _unit* _tail?
_unit: sentence | keyword | reminder | LABEL | BULLET | MODE | SIDE
_tail: open_sentence | keyword_open | open_reminder

keyword: KEYWORD reminder?
keyword_open: KEYWORD open_reminder
sentence: _first _part* STOP
open_sentence: _first _part* | _first _part* open_reminder
_first: _atom | COMMA | COLON

_part: _atom | reminder | COMMA | COLON
reminder: LPAR _inner* RPAR
open_reminder: LPAR _inner*
_inner: _atom | reminder | open_reminder | COMMA | COLON | STOP

_atom: PLAYER | NUMBER | TEXT | LATIN | SIGN | CARD_NAME | QUOTE | RUBY | OTHER

"""


#: where the grammar's terminals start (after its rules)
_TERMINALS = "// ---- card names"


def _grammar(tmp_path, rules: str, builder_class=None):
    """A grammar of ``rules`` on the shipped grammar's terminals, with the pack's tree builder
    (or ``builder_class``)."""
    from tagtext.packs.dm_tag_commander import parser
    from tagtext.syntax.grammar import Grammar
    from tagtext.syntax.words import Segmentation

    source = parser.GRAMMAR.text()
    path = tmp_path / "dm-reference.lark"
    path.write_text(rules + source[source.index(_TERMINALS):], encoding="utf-8")

    class Words(d.Words):  # a Segmentation belongs to one grammar
        __slots__ = ()
        segmentation = Segmentation(cut_anywhere=True)

    return Grammar(None, str(path), builder_class or parser.CardTextBuilder, words=Words,
                   recover=parser._recover, check=parser.check_text)


def test_the_flat_rules_give_the_trees_of_the_nested_ones(dm_texts, tmp_path):
    """dm.lark writes its rules flat (fewer reductions per token): on every shipped text and
    on random texts of its scripts, brackets, labels, keywords, marks and whitespace, the
    tree is the one the nested rules (NESTED) give."""
    nested = _grammar(tmp_path, NESTED)
    texts = [text for _, _, text in dm_texts]
    alphabet = list("相手自分プレイヤーのクリーチャーを選ぶ時、。,，､:：1２ABｸﾘ+－ー・々 \u3000\n（）()■▶●?_xoBP") + [
        "《ボルメテウス》", "<<名>>", "「ブロッカー」", "S(シールド)・トリガー", "ブロッカー", "W・ブレイカー", "進化-",
        "NEO進化：", "【呪文側】", "??", "__", "《", "「"]
    texts += random_texts(alphabet, seed=22)
    assert same_trees(parse, nested.parse, texts) > 3000


def test_a_line_of_one_sentence_costs_the_parser_seven_helper_rules(tmp_path):
    """Work, not time: the parser reduces every rule it is given, and a rule with no node of
    its own (an inline _rule, a star's repetition) is a call and a tree thrown away per
    token. A line 「■相手のクリーチャーを1体破壊する。」 takes 7 of them; the nested rules took 17."""
    from tagtext.packs.dm_tag_commander import parser

    class Counting(parser.CardTextBuilder):
        helpers = 0

        def __default__(self, data, children, meta):
            Counting.helpers += 1
            return super().__default__(data, children, meta)

    source = parser.GRAMMAR.text()
    grammar = _grammar(tmp_path, source[:source.index(_TERMINALS)], Counting)
    lines = 50
    grammar.parse("■相手のクリーチャーを1体破壊する。\n" * lines)
    assert Counting.helpers <= 7 * lines, Counting.helpers
