"""The seed's own examples (tests/fixtures/golden/dm-seed-examples.json): each comes out exactly."""

from __future__ import annotations

import pytest

from .conftest import golden, rewrite_as

PAIRS = golden()


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{i}-{p['card']}" for i, p in enumerate(PAIRS)])
def test_seed_example(pack, pair):
    result = rewrite_as(pack, pair["original"], pair["card_type"], pair["card"])
    assert result.text == pair["expected"]
    # the rules the pair names as changing it are the rules the edits name (clarify-only and
    # T3 change nothing; special rulings are "override")
    changing = {r for r in pair["rules"] if r not in {"T1", "T3", "T13", "T20"}}
    named = {r for e in result.edits for r in e.rules}
    assert named == {("override" if r == "special" else r) for r in changing} - ({"T5"} if "special" in changing else set())


def test_every_pair_is_checked():
    assert len(PAIRS) == 22
