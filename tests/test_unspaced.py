"""The engine's pieces for text written without spaces (tagtext/syntax/unspaced.py and
unspaced.lark, tagtext/syntax/changes.py, tagtext/notes.py, tagtext/syntax/checks.py): widths, masking, bracket
checks, recovery, the shared terminals, changes at any character of a run, notes.

A grammar of a few lines defined here, importing the shared terminals, stands for a pack's."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from lark import Transformer
from lark.exceptions import UnexpectedToken

from tagtext.errors import ParseError
from tagtext.notes import add_note, after
from tagtext.syntax import nodes as n
from tagtext.syntax.changes import Changes
from tagtext.syntax.grammar import Grammar
from tagtext.syntax.lalr import Lexeme
from tagtext.syntax.checks import keep_as_other, too_deep
from tagtext.syntax.unspaced import (MASK, bracket_quirks, digit, fold, has_full_width_digit, masked, mixed_width_number,
                                     unclosed_on_line)
from tagtext.syntax.words import Segmentation

GRAMMAR_TEXT = r"""
start: (_atom | reminder)*
reminder: LPAR _atom* RPAR
_atom: KANJI | HIRAGANA | KATAKANA | NUMBER | CARD_NAME | QUOTE | STOP | COMMA | SIGN | LATIN | NEWLINE | OTHER
%import unspaced (CARD_NAME, QUOTE, LPAR, RPAR, STOP, COMMA, NUMBER, KANJI, HIRAGANA, KATAKANA, LATIN, SIGN, OTHER, NEWLINE, _WS)
%ignore _WS
"""


class Words(n.Words):
    __slots__ = ()
    segmentation = Segmentation(cut_anywhere=True)


class Name(n.Leaf):
    __slots__ = ()


@n.node_kind
class Reminder(n.Node):
    parts: tuple
    child_fields = ("parts",)


@dataclass(frozen=True, slots=True)
class Text(n.Document):
    pass


class Builder(Transformer):
    def __init__(self):
        super().__init__(visit_tokens=False)

    def _leaf(self, tok):
        cls = Name if tok.type in ("CARD_NAME", "QUOTE") else Words if tok.type in (
            "KANJI", "HIRAGANA", "KATAKANA", "LATIN") else n.Punct
        return cls(tok.start_pos, tok.end_pos, tok.prefix, str(tok))

    def reminder(self, children):
        parts = tuple(self._leaf(c) for c in children)
        return Reminder(parts[0].start, parts[-1].end, parts)

    def start(self, children):
        return Text(0, 0, tuple(self._leaf(c) if isinstance(c, Lexeme) else c for c in children), "")


@pytest.fixture(scope="module")
def grammar(tmp_path_factory):
    path = tmp_path_factory.mktemp("g") / "toy.lark"
    path.write_text(GRAMMAR_TEXT, encoding="utf-8")
    return Grammar(None, str(path), Builder, words=Words, recover=keep_as_other)


def test_widths_fold_one_character_for_one():
    assert fold("相手の手札が０枚なら、パワー＋１０００（自動）") == "相手の手札が0枚なら、パワー+1000(自動)"
    assert len(fold("－１枚")) == 3
    assert has_full_width_digit("もう１回") and not has_full_width_digit("もう1回")
    assert digit(12, True) == "１２" and digit(1, False) == "1"


def test_shared_terminals_lex_script_runs_and_keep_whitespace_as_prefix(grammar):
    text = "相手の《神域 鏡花水月》を「ブライト」 2枚（自動）。"
    tree = grammar.parse(text)
    assert tree.to_source() == text
    leaves = [(type(leaf).__name__, leaf.prefix, leaf.text) for leaf in tree.leaves()]
    assert leaves[:5] == [("Words", "", "相手"), ("Words", "", "の"), ("Name", "", "《神域 鏡花水月》"),
                          ("Words", "", "を"), ("Name", "", "「ブライト」")]
    assert ("Punct", " ", "2") in leaves
    assert any(isinstance(item, Reminder) for item in tree.items)


def test_masked_hides_the_opaque_kinds_with_offsets_kept(grammar):
    text = "相手の《相手》を（相手）引く。"
    out = masked(grammar.parse(text), text, (Name, Reminder))
    assert len(out) == len(text)
    assert out == "相手の" + MASK * 4 + "を" + MASK * 4 + "引く。"


def test_changes_cut_a_run_anywhere_and_stack_on_one_leaf(grammar):
    text = "相手の手札を2枚捨てる"
    tree = grammar.parse(text)
    changes = Changes("901-1")
    changes.span(0, 2, lambda old: "その" + old)
    changes.insert_before(0, "相手1人を選ぶ。")
    out = changes.apply(tree)
    assert out.to_source() == "相手1人を選ぶ。その相手の手札を2枚捨てる"
    assert [leaf.text for leaf in out.leaves() if leaf.rules] == ["相手1人を選ぶ。その相手"]
    assert not Changes("x") and Changes("x").apply(tree) is tree


def test_a_note_is_a_line_of_its_own_after_the_ability(grammar):
    text = "1枚引く。（永続）2枚"
    tree = grammar.parse(text)
    stop = next(leaf for leaf in tree.leaves() if leaf.text == "。")
    changes = Changes("note")
    add_note(changes, stop, False, "※X：a", "※X：")
    add_note(changes, stop, False, "※X：b", "※X：")
    assert changes.apply(tree).to_source() == "1枚引く。\n※X：a\n※X：b\n（永続）2枚"
    assert after("。", "※X：a", "※X：", True) == "。\n※X：a"


def test_bracket_checks_are_one_line_errors_at_the_place():
    with pytest.raises(ParseError) as e:
        unclosed_on_line("1枚引く。\n《神域 鏡花", {"《": "》"}, {"《": "card name"}, "c1")
    assert "card name" in str(e.value) and "c1" in str(e.value) and "\n" not in str(e.value).strip()
    unclosed_on_line("《a》「b」", {"《": "》", "「": "」"}, {"《": "card name", "「": "quote"})
    with pytest.raises(ParseError, match="mixes"):
        mixed_width_number("パワー1０００")
    mixed_width_number("もう１回、3枚")
    with pytest.raises(ParseError, match="nest more than 3"):
        too_deep("((((a))))", 3)
    too_deep("(((a)))", 3)
    assert bracket_quirks("a（b)c", {"(": ")", "（": "）"}) == [(3, "（…): a bracket opened in one width closes in the other")]
    assert bracket_quirks("a)b(", {"(": ")"}) == [(1, ") closes no bracket"), (3, "( is not closed on its line")]
    assert bracket_quirks("plain", {"(": ")"}) == []


def test_a_token_the_parser_does_not_expect_is_fed_again_as_other():
    class Interactive:
        def __init__(self, refuse=False):
            self.fed, self.refuse = [], refuse

        def feed_token(self, tok):
            if self.refuse:
                raise UnexpectedToken(tok, set())
            self.fed.append(tok)

    tok = Lexeme.make("HIRAGANA", "あ", 3, 4, " ")
    parser = Interactive()
    assert keep_as_other(UnexpectedToken(tok, {"NUMBER"}), parser)
    assert [(t.type, str(t), t.prefix, t.start_pos) for t in parser.fed] == [("OTHER", "あ", " ", 3)]
    assert not keep_as_other(UnexpectedToken(Lexeme.make("OTHER", "x", 0, 1, ""), set()), Interactive())
    assert not keep_as_other(UnexpectedToken(tok, set()), Interactive(refuse=True))
