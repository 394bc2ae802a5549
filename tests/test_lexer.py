"""Lexing: Lark's contextual lexer, then the postlexer (whitespace kept on each token,
labels and header words typed by context), then plain words joined into runs by the tree
builder."""

from __future__ import annotations

import pytest
from lark import Lark

from tagtext.packs.tag_tamer.syntax import nodes as n
from tagtext.packs.tag_tamer.syntax.parser import GRAMMAR, grammar_text, parse
from tagtext.syntax import nodes as base


def _leaves(text, cls):
    return [leaf.text for leaf in parse(text).leaves() if type(leaf) is cls]


def test_runs_of_plain_words_are_one_leaf():
    text = "You may play 1 Tamer card from your hand without paying the cost."
    assert _leaves(text, n.Words) == ["may play", "card from", "without paying the"]


def test_a_run_of_plain_words_keeps_its_separators_and_stops_at_a_line_end():
    text = "may&nbsp;play  it\nwithout paying"
    tree = parse(text)
    assert _leaves(text, n.Words) == ["may&nbsp;play  it", "without paying"]
    assert tree.to_source() == text
    words = [leaf for leaf in tree.leaves() if type(leaf) is n.Words][0].split()
    assert [(w.prefix, w.text) for w in words] == [("", "may"), ("&nbsp;", "play"), ("  ", "it")]


def test_a_run_stops_where_a_phrase_starts():
    # "your hand" is a zone, "3 cards" a quantity: neither is swallowed by the run
    text = "Reveal the top 3 cards of your hand and add them."
    tree = parse(text)
    assert "Reveal the top" in _leaves(text, n.Words)
    assert any(isinstance(node, n.Zone) for node in tree.walk())
    assert any(isinstance(node, n.Quantity) for node in tree.walk())


def test_each_leaf_keeps_the_whitespace_before_it():
    text = "  [On Play]&#160;Delete 1 of your opponent's Digimon.  "
    tree = parse(text)
    assert tree.to_source() == text
    first = next(tree.leaves())
    assert (first.prefix, first.text, first.start) == ("  ", "[On Play]", 2)
    assert tree.trailing == "  "


def test_labels_are_typed_by_where_they_stand():
    text = "[On Play] Activate this Digimon's [When Digivolving] effect."
    assert _leaves(text, n.TimingLabel) == ["[On Play]"]
    assert _leaves(text, n.LabelRef) == ["[When Digivolving]"]


def test_header_vocabulary_ends_where_the_effect_starts():
    text = "Digivolve: 3 from Lv.4 w/[Chessmon] in name[On Play] Draw 1."
    tree = parse(text)
    (header,) = [node for node in tree.walk() if isinstance(node, n.Header)]
    assert header.to_source() == "Digivolve: 3 from Lv.4 w/[Chessmon] in name"
    assert _leaves(text, n.TimingLabel) == ["[On Play]"]


def test_an_unplaceable_token_is_kept_as_text_and_parsing_goes_on():
    # The second ")" closes nothing: it stays as an Other leaf; the rest still parses,
    # each leaf with its own whitespace.
    text = "(When this Digimon attacks.))  [Your Turn] Gain 1 memory."
    tree = parse(text)
    assert tree.to_source() == text
    others = [leaf for leaf in tree.leaves() if type(leaf) is base.Other]
    assert [(o.prefix, o.text, o.start) for o in others] == [("", ")", text.index("))") + 1)]
    assert _leaves(text, n.TimingLabel) == ["[Your Turn]"]
    assert any(isinstance(node, n.MemoryAmount) for node in tree.walk())


def test_odd_text_still_parses_and_prints_back():
    for text in ["", "\n\n", "&#160;", "))))", "＞＞", "[", "< >", "(＜", " \r\n x"]:
        assert parse(text).to_source() == text
    with pytest.raises(TypeError):
        parse(b"bytes")  # type: ignore[arg-type]


def test_grammar_ignore_is_the_word_separator():
    """Words.split (and leaf edits) split a run where the grammar's %ignore would."""
    lark = Lark(grammar_text(), parser="lalr", lexer="basic")
    ignored = [t.pattern.to_regexp() for t in lark.terminals if t.name in lark.ignore_tokens]
    separator = n.Words.segmentation.separator
    assert separator is GRAMMAR.separator and separator.pattern == "(?:%s)++" % "|".join(ignored)
    run = parse("may&#160;play\u00a0it \t now").items[0].items[0].body[0].items[0]
    assert isinstance(run, n.Words) and [w.text for w in run.split()] == ["may", "play", "it", "now"]
