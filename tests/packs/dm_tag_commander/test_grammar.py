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

#: The shipped TEXT terminal (kanji, kana and digits, one token the builder cuts into player
#: words, numbers and runs of one script), lexed as it was before: a token per player word
#: and per number (the engine's NUMBER), and plain text up to the next of them; the
#: reference grammar's lexing.
TOKEN_PER_LEAF = r"""
PLAYER.40: /相手|自分|プレイヤー(?![\u30a1-\u30fa\u30fc])/
TEXT.30: /(?:(?!相手|自分|プレイヤー(?![\u30a1-\u30fa\u30fc]))[\u3005\u3006\u4e00-\u9fff\u3041-\u309f\u30a1-\u30ff\uff66-\uff9f])+/
"""


def _token_per_leaf_builder():
    """The pack's tree builder for TOKEN_PER_LEAF: PLAYER and NUMBER tokens are leaves, a
    TEXT token is cut only where its script changes."""
    import re

    from tagtext.packs.dm_tag_commander import parser

    script_run = re.compile(r"[\u3005\u3006\u4e00-\u9fff]+|[\u3041-\u309f]+|[\u30a1-\u30ff\uff66-\uff9f]+")

    class TokenPerLeaf(parser.CardTextBuilder):
        leaf_classes = {**parser.CardTextBuilder.leaf_classes, "PLAYER": d.PlayerWord, "NUMBER": d.Number}

        @staticmethod
        def script_runs(tok):
            out, at, prefix = [], tok.start_pos, tok.prefix
            for run in script_run.findall(tok):
                out.append(d.Words(at, at + len(run), prefix, run))
                at += len(run)
                prefix = ""
            return out

    return TokenPerLeaf


def _grammar(tmp_path, rules: str, builder_class=None, token_per_leaf=False):
    """A grammar of ``rules`` on the shipped grammar's terminals (with ``token_per_leaf``,
    its TEXT lexed as TOKEN_PER_LEAF), with the pack's tree builder (or ``builder_class``)."""
    import re

    from tagtext.packs.dm_tag_commander import parser
    from tagtext.syntax.grammar import Grammar
    from tagtext.syntax.words import Segmentation

    source = parser.GRAMMAR.text()
    terminals = source[source.index(_TERMINALS):]
    if token_per_leaf:
        terminals, count = re.subn(r"^TEXT\.30: .*$", lambda _: TOKEN_PER_LEAF, terminals, flags=re.M)
        assert count == 1
        terminals = terminals.replace("%import unspaced (", "%import unspaced (NUMBER, ")
        builder_class = _token_per_leaf_builder()
    path = tmp_path / "dm-reference.lark"
    path.write_text(rules + terminals, encoding="utf-8")

    class Words(d.Words):  # a Segmentation belongs to one grammar
        __slots__ = ()
        segmentation = Segmentation(cut_anywhere=True)

    return Grammar(None, str(path), builder_class or parser.CardTextBuilder, words=Words,
                   recover=parser._recover, check=parser.check_text)


def test_the_flat_rules_give_the_trees_of_the_nested_ones(dm_texts, tmp_path):
    """dm.lark writes its rules flat (fewer reductions per token) and lexes plain text as one
    TEXT token the builder cuts: on every shipped text and on random texts of its scripts,
    player words, numbers, brackets, labels, keywords, marks and whitespace, the tree is the
    one the nested rules (NESTED) give with a token per player word, number and run of words
    (TOKEN_PER_LEAF)."""
    nested = _grammar(tmp_path, NESTED, token_per_leaf=True)
    texts = [text for _, _, text in dm_texts]
    alphabet = list("相手自分プレイヤーのクリーチャーを選ぶ時、。,，､:：1２ABｸﾘ+－ー・々 \u3000\n（）()■▶●?_xoBP") + [
        "《ボルメテウス》", "<<名>>", "「ブロッカー」", "S(シールド)・トリガー", "ブロッカー", "W・ブレイカー", "進化-",
        "NEO進化：", "【呪文側】", "??", "__", "《", "「"]
    texts += random_texts(alphabet, seed=22)
    # plain text: player words next to words of every script, numbers, and near misses
    # (プレイヤーズ is a word; プレイヤー・ and プレイヤーｸ are player words before a word)
    words = ["相手", "自分", "プレイヤー", "プレイヤーズ", "プレイヤー・", "ｸﾘｰﾁｬｰ", "相", "手", "自", "分",
             "プレイヤ", "ー", "各", "の", "は", "カード", "々", "1", "23", "０", "９９", "枚", "。", "、", " ",
             "\n", "■", "(", ")", "A", "+", "ブロッカー", "進化-", "NEO進化："]
    texts += random_texts(words, seed=23, count=2000, longest=30)
    assert same_trees(parse, nested.parse, texts) > 5000


def test_a_line_of_one_sentence_costs_the_parser_four_helper_rules(tmp_path):
    """Work, not time: the parser reduces every rule it is given, and a rule with no node of
    its own (an inline _rule, a star's repetition) is a call and a tree thrown away per
    token. A line 「■相手のクリーチャーを1体破壊する。」 takes 4 of them (its sentence is one TEXT
    token, then its 。); with a token per player word and number it took 7, the nested rules 17."""
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
    assert Counting.helpers <= 4 * lines, Counting.helpers
