"""The YGO grammar: typed nodes on real sentences, spans, totality, exact round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagtext.packs.ygo_tag import nodes as y
from tagtext.packs.ygo_tag.parser import parse


def kinds(tree, cls):
    return [node for node in tree.walk() if isinstance(node, cls)]


def test_structure_of_a_real_effect():
    text = ('Once per turn, if your opponent controls a monster: You can discard 1 card; Special Summon 1 '
            '"Dark Magician" from your Deck, and if you do, send 1 card from your opponent\'s hand to the GY, then draw 1 card.')
    tree = parse(text)
    sentence, = kinds(tree, y.Sentence)
    assert [type(c) for c in sentence.clauses] == [y.Condition, y.Cost, y.Effect]
    assert [n.name for n in kinds(tree, y.CardName)] == ["Dark Magician"]
    assert [c.text.lower() for c in kinds(tree, y.Connective)] == ["if you do", "then"]
    areas = {(a.owner.text if a.owner else None, a.area) for a in kinds(tree, y.Area)}
    assert ("your opponent's", "hand") in areas and ("your", "deck") in areas and (None, "gy") in areas
    players = [p.player for p in kinds(tree, y.PlayerRef)]
    assert players.count("opponent") == 2


@pytest.mark.parametrize("phrase, kind", [
    ("you", "you"), ("Your opponent", "opponent"), ("your opponent's", "opponent"),
    ("an opponent's", "an_opponent"), ("either player", "either"), ("Neither player", "neither"),
    ("each player's", "each"), ("Both players", "both"), ("both players'", "both"),
    ("both you and your opponent", "you_and_opponent"), ("the other player", "player"),
])
def test_player_phrases(phrase, kind):
    tree = parse(f"{phrase} draw 1 card.")
    ref, = kinds(tree, y.PlayerRef)
    assert (ref.text, ref.player) == (phrase, kind)
    assert (ref.start, ref.end) == (0, len(phrase))


def test_counts_and_spans():
    text = "If each player has 5 or less cards in their hand:"
    tree = parse(text)
    count, = kinds(tree, y.Count)
    assert (count.value.text, count.operator.text) == ("5", "or less")
    for node in tree.walk():
        if isinstance(node, y.Leaf):
            assert text[node.start:node.end] == node.text
            assert text[node.start - len(node.prefix):node.start] == node.prefix


def test_words_stay_words_and_quotes_may_be_unclosed():
    text = 'Blorp the "Zorg" flarn; "unclosed: 1 or more\r\n  trailing  '
    assert parse(text).to_source() == text


def test_pendulum_sections_of_ygoprodeck():
    text = "[ Pendulum Effect ]\nOnce per turn: You can draw 1 card.\n----------------------------------------\n[ Monster Effect ]\nNeither player can Special Summon."
    tree = parse(text)
    assert tree.to_source() == text
    assert len(kinds(tree, y.SectionHeader)) == 3


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("you opponent's either player GY hand; : . , \" ( ) 1 5 or more \n\t\u00a0●Zé-")), max_size=80))
def test_total_and_exact_on_fuzz(text):
    assert parse(text).to_source() == text


def test_only_public_lark_api():
    import tagtext.packs.ygo_tag.parser as module
    source = open(module.__file__, encoding="utf-8").read()
    assert "lark.parsers" not in source and "lark.lexer" not in source
