"""Bad and odd input: the parser never crashes, and what it returns prints back exactly."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import tagtext
from tagtext.errors import ParseError
from tagtext.cli.main import cli
from tagtext.packs.tag_tamer import PACK


def check(text: str) -> None:
    """The property: a tree that prints back to the text, or our own ParseError."""
    try:
        tree = tagtext.parse(text)
    except ParseError as e:
        assert 0 <= e.pos <= len(text)
        assert "\n" not in str(e)
        return
    assert tree.to_source() == text
    assert (tree.start, tree.end) == (0, len(text))


# Pieces of real card text, so random sequences reach deep into the grammar.
FRAGMENTS = [
    "[On Play]", "[When Digivolving]", "[Main]", "[Digivolve]", "Digivolve:", "DigiXros", "[Assembly -2]",
    "On Play", "When Evolving", "＜", "＞", "<", ">", "(", ")", "[", "]", "[Greymon]", "Draw", "Recovery",
    "+1", "-2", "3", "4000", "DP", "or more", "or less", "or fewer", "up to", "until there are", "until they have",
    "for each", "for every", "of", "the", "your", "your opponent's", "both players'", "either player",
    "your or your opponent's", "trash", "hand", "deck", "security stack", "battle area", "in play",
    "digivolution cards", "memory", "level", "Lv.", "play cost", "cost", "by", "to", "red", "colors",
    "2-color", "w/", "Cost", ":", ",", ".", "，", "・", "\n", "\r\n", " ", "\u00a0", "&#160;", "&amp;",
    "Delete", "Digimon", "cards", "Tamer", "if", "you", "have", "their", "it", "has", "\t", "∞",
]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.text())
def test_any_text(text):
    check(text)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=40), st.lists(st.sampled_from(["", " ", "  "]), max_size=40))
@example(["DP", "+1"], [])  # "DP +1": a node whose children are not in field order (CI, fa9b8d3)
def test_sequences_of_card_text_pieces(pieces, gaps):
    text = "".join(p + (gaps[i] if i < len(gaps) else " ") for i, p in enumerate(pieces))
    check(text)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
          deadline=None)
@given(data=st.data())
def test_mutated_real_texts(corpus_texts, data):
    _, _, text = data.draw(st.sampled_from(corpus_texts))
    for _ in range(data.draw(st.integers(1, 5))):
        pos = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        piece = data.draw(st.sampled_from(FRAGMENTS + ["\x00", "\ud800", "\x1b"]))
        if action == "insert":
            text = text[:pos] + piece + text[pos:]
        elif action == "delete":
            text = text[:pos] + text[pos + 3:]
        else:
            text = text[:pos] + piece + text[pos + len(piece):]
    check(text)


@pytest.mark.parametrize("text", [
    "", " ", "\n", "\t \u00a0\r\n", "&#160;",
    "\x00\x01\x07\x1b[0m", "\ud800 lone surrogate \udfff",
    "[On Play] a\r\nb\nc\rd\r\n\r\n",
    "(" * 5000 + ")" * 10, "＜" * 3000, "[On Play]" * 2000,
])
def test_odd_inputs(text):
    check(text)


def test_a_100_kilobyte_text(corpus_texts):
    text = " ".join(t for _, _, t in corpus_texts)[:100_000]
    assert len(text) == 100_000
    check(text)


def test_non_text_input_is_a_type_error():
    with pytest.raises(TypeError):
        tagtext.parse(b"bytes")


def test_parse_error_is_one_line_with_a_caret():
    err = ParseError("unexpected 'x'", "first line\nsecond line here", 16, "BT1-001 effect")
    assert str(err) == "BT1-001 effect:2:6: unexpected 'x'"
    assert err.excerpt() == "second line here\n     ^"


def test_cli_parse_reads_stdin_and_prints_json():
    result = CliRunner().invoke(cli, ["parse", "--json"], input="[Main] ＜Draw 1＞")
    assert result.exit_code == 0, result.output
    tree = json.loads(result.output)
    assert tree["kind"] == "effect_text" and tree["span"] == [0, 15]


def test_cli_reports_a_parse_error_in_one_line(monkeypatch):
    def failing(text, source=None):
        raise ParseError("unexpected 'x'", text, 3, source)
    monkeypatch.setattr(PACK, "parse", failing)
    result = CliRunner().invoke(cli, ["parse", "abcdef"])
    assert result.exit_code == 1
    assert result.output == "tagtext: error: <text>:1:4: unexpected 'x'\n"
