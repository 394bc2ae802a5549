"""The engine's syntax kit (tagtext.syntax.grammar, .words, .edit) on small grammars of its
own: one written with spaces, one without (Japanese), so that nothing here depends on a
shipped pack."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from lark import Transformer

from tagtext.errors import ParseError
from tagtext.syntax import nodes as n
from tagtext.syntax.edit import UnplacedChange, boundary, replace_leaves, replace_span, word_leaves
from tagtext.syntax.grammar import Grammar
from tagtext.syntax.words import Segmentation

SPACED = r"""
start: (WORDS | NUMBER | PUNCT)*
WORDS: /[a-z]+(?:[ ]+[a-z]+)*/
NUMBER.2: /\d+/
PUNCT: /[.,]/
_WS.9: /[ ]+/
%ignore _WS
"""

#: Japanese card text: no spaces; brackets and punctuation end a run of words.
UNSPACED = r"""
start: (WORDS | NUMBER | PUNCT)*
WORDS: /[^\s\d０-９「」《》（）、。]+/
NUMBER.2: /[\d０-９]+/
PUNCT: /[「」《》（）、。]/
_WS.9: /[ \u3000]+/
%ignore _WS
"""


@dataclass(frozen=True, slots=True)
class SpacedWords(n.Words):
    segmentation: ClassVar = Segmentation()


@dataclass(frozen=True, slots=True)
class UnspacedWords(n.Words):
    segmentation: ClassVar = Segmentation(cut_anywhere=True)


@dataclass(frozen=True, slots=True)
class Text(n.Document):
    pass


def _builder(words_class):
    class Builder(Transformer):
        def start(self, children):
            kinds = {"WORDS": words_class, "NUMBER": n.Number, "PUNCT": n.Punct}
            items = tuple(kinds[t.type](t.start_pos, t.end_pos, t.prefix, t.value) for t in children)
            return Text(0, 0, items, "")
    return Builder


@pytest.fixture(scope="module")
def spaced(tmp_path_factory):
    path = tmp_path_factory.mktemp("grammar") / "spaced.lark"
    path.write_text(SPACED, encoding="utf-8")
    return Grammar(None, str(path), _builder(SpacedWords), words=SpacedWords, runs=("WORDS",))


@pytest.fixture(scope="module")
def unspaced(tmp_path_factory):
    path = tmp_path_factory.mktemp("grammar") / "unspaced.lark"
    path.write_text(UNSPACED, encoding="utf-8")
    return Grammar(None, str(path), _builder(UnspacedWords), words=UnspacedWords)


def _change(text):
    return lambda leaf: leaf.replaced(text, "test-rule")


def test_the_separator_is_read_from_the_grammars_ignore(spaced, unspaced):
    assert spaced.separator.pattern == "(?:[ ]+)++"
    assert SpacedWords.segmentation.separator is spaced.separator
    run = spaced.parse("may play  it").items[0]
    assert [(w.prefix, w.text, w.start) for w in run.split()] == [("", "may", 0), (" ", "play", 4), ("  ", "it", 10)]
    assert unspaced.separator.pattern == "(?:[ \u3000]+)++"


def test_a_tree_prints_back_and_matches_larks_own_lexer(spaced, unspaced):
    for grammar, text in ((spaced, " draw 2 cards.  "), (unspaced, "相手の手札を１枚捨てる。 ")):
        tree = grammar.parse(text)
        assert tree.to_source() == text and (tree.start, tree.end) == (0, len(text))
        assert tree == grammar.parse_with_lark_lexer(text)


def test_parse_errors_are_one_line_parse_errors(spaced):
    with pytest.raises(ParseError) as e:
        spaced.parse("draw 2 cards!", "card 7")
    assert str(e.value) == "card 7:1:13: unexpected character '!'"
    with pytest.raises(TypeError):
        spaced.parse(b"bytes")


def test_parts_parse_only_those_spans_and_keep_the_rest_as_printed(spaced):
    text = "draw 2 cards. trash 1 card. discard 3."
    tree = spaced.parse(text, parts=[(13, 27)])
    assert tree.to_source() == text
    kinds = [(type(item).__name__, item.prefix, item.text) for item in tree.items]
    assert kinds == [("Unparsed", "", "draw 2 cards."), ("SpacedWords", " ", "trash"), ("Number", " ", "1"),
                     ("SpacedWords", " ", "card"), ("Punct", "", "."), ("Unparsed", " ", "discard 3.")]
    whole = spaced.parse(text)
    assert [leaf for leaf in whole.leaves() if 13 <= leaf.start < 27] == list(tree.items[1:5])
    assert spaced.parse(text, parts=[]).items == (n.Unparsed(0, len(text), "", text),)


def test_a_change_inside_an_unspaced_run_is_placed(unspaced):
    text = "相手の手札を1枚捨てる。"
    tree = unspaced.parse(text)
    changes = {}
    replace_span(changes, 0, 3, "相手1人の", "test-rule")
    new = replace_leaves(tree, changes)
    assert new.to_source() == "相手1人の手札を1枚捨てる。"
    assert [(leaf.start, leaf.end, leaf.text, leaf.rules) for leaf in word_leaves(new)][:2] == [
        (0, 3, "相手1人の", ("test-rule",)), (3, 6, "手札を", ())]
    changes = {3: _change("山札を"), 6: boundary}  # at offset 3: 「手札を」 -> 「山札を」
    assert replace_leaves(tree, changes).to_source() == "相手の山札を1枚捨てる。"


def test_a_change_at_any_character_of_an_unspaced_run(unspaced):
    text = "相手の手札を1枚捨てる"
    tree = unspaced.parse(text)
    for start in range(len(text)):
        for end in range(start + 1, len(text) + 1):
            leaf = next(l for l in tree.leaves() if l.start <= start < l.end)
            if end > leaf.end:
                continue
            changes = {}
            replace_span(changes, start, end, "X", "test-rule")
            assert replace_leaves(tree, changes).to_source() == text[:start] + "X" + text[end:], (start, end)


def test_a_change_inside_a_spaced_word_is_an_error_not_dropped(spaced):
    """The old replace_leaves returned the tree unchanged for a change it could not place."""
    tree = spaced.parse("discard cards")
    with pytest.raises(UnplacedChange, match="offset 3, inside the word 'discard' at 0-7"):
        replace_leaves(tree, {3: _change("x")})
    with pytest.raises(UnplacedChange, match="offset 20, where the text has no word"):
        replace_leaves(tree, {20: _change("x")})
    assert replace_leaves(tree, {8: _change("decks")}).to_source() == "discard decks"


def test_the_unspaced_example_with_a_spaced_grammar_is_an_error(spaced, tmp_path):
    """「相手の手札を1枚捨てる」 as one word of a grammar that cuts words only at spaces: the
    change at offset 3 is refused, not dropped."""
    run = SpacedWords(0, 10, "", "相手の手札を1枚捨てる"[:10])
    tree = Text(0, 10, (run,), "")
    with pytest.raises(UnplacedChange, match="offset 3"):
        replace_leaves(tree, {3: _change("山札を")})


def test_a_change_inside_a_typed_token_is_an_error(unspaced):
    tree = unspaced.parse("カードを１２枚")
    number = next(leaf for leaf in tree.leaves() if isinstance(leaf, n.Number))
    with pytest.raises(UnplacedChange, match="inside the word '１２'"):
        replace_leaves(tree, {number.start + 1: _change("3")})


def test_a_words_class_needs_a_segmentation_bound_to_a_grammar():
    with pytest.raises(TypeError):
        n.Words(0, 3, "", "a b").split()

    @dataclass(frozen=True, slots=True)
    class Loose(n.Words):
        segmentation: ClassVar = Segmentation()
    with pytest.raises(TypeError):
        Loose(0, 3, "", "a b").split()
