"""The seed's own examples and the official card texts (tests/fixtures/golden/bd-seed-examples.json):
each comes out exactly, with notes on, made by the rules the pair names."""

from __future__ import annotations

import pytest

from .conftest import CARD_TYPE_OF_KIND, golden, rewrite_as

PAIRS = golden()
#: rules that change no text (the Rules page's), and the deck rules
AS_PRINTED = {"102-1", "102-2", "201-4", "901-2", "deck"}


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{i}-{p['rules'][0]}" for i, p in enumerate(PAIRS)])
def test_seed_example(pack, pair):
    result = rewrite_as(pack, pair["original"], CARD_TYPE_OF_KIND[pair["ability"]], pair["card"])
    assert result.text == pair["expected"]
    assert {r for e in result.edits for r in e.rules} == set(pair["rules"]) - AS_PRINTED
    assert not result.residuals


def test_every_pair_is_checked():
    assert len(PAIRS) == 8


def test_notes_switch_off_as_a_whole(pack):
    """BD-NOTES 12: notes off, the 901-2a pair is left as printed; rewrites stay."""
    quiet = pack.with_notes(False)
    for pair in PAIRS:
        result = rewrite_as(quiet, pair["original"], CARD_TYPE_OF_KIND[pair["ability"]], pair["card"])
        assert "※タッグ戦" not in result.text
        if "901-2a" in pair["rules"]:
            assert result.text == pair["original"]
        else:
            assert result.text == pair["expected"]
    assert quiet.rewrite("（自動）登場時、ライフが3枚以下なら、1枚引く。").text == "（自動）登場時、ライフが3枚以下なら、1枚引く。"
    assert pack.notes and not quiet.notes
