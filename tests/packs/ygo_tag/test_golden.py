"""Golden pairs: every card the seed (001) names, rewritten as the seed says (golden.json;
each pair quotes the seed's sentence it follows)."""

from __future__ import annotations

import pytest

from .conftest import fixture

GOLDEN = fixture("golden.json")


@pytest.mark.parametrize("pair", GOLDEN, ids=[g["card"] for g in GOLDEN])
def test_golden_pair(pack, ygo_db, pair):
    card = ygo_db.by_id()[pair["id"]]
    assert card.name == pair["card"]
    assert card.texts[pair["field"]] == pair["original"], "the fixture quotes the card's printed text"
    result = pack.rewrite(pair["original"], pair["id"], pair["field"])
    assert result.text == pair["expected"]
    if pair["expected"] == pair["original"]:
        assert result.edits == ()
    elif pair["rule"] not in (None, "teammate-unbound"):
        assert pair["rule"] in result.rules


def test_every_seed_card_has_a_pair():
    named = {"Mirror Force", "Mind Crush", "Rebellion", "Vanity's Fiend", "Dark Hole", "Spatial Collapse",
             "Evenly Matched", "Evilswarm Exciton Knight", "Buster Blader", "Gren Maju Da Eiza",
             "Eater of Millions", "Dark Bribe", "Knightmare Corruptor Iblee",
             "The Winged Dragon of Ra - Sphere Mode", "Call of the Haunted", "Dark Magician",
             "Blue-Eyes White Dragon", "Creature Seizure", "Creature Swap", "Dragged Down into the Grave",
             "Exchange", "Gift Exchange", "Soul Demolition", "Dice Jar", "F.A. Dead Heat"}
    assert named <= {g["card"] for g in GOLDEN}
    assert all(g["seed"] for g in GOLDEN)


def test_edits_rebuild_the_text(pack):
    for pair in GOLDEN:
        result = pack.rewrite(pair["original"], pair["id"], pair["field"])
        text = pair["original"]
        for edit in sorted(result.edits, key=lambda e: e.start, reverse=True):
            assert text[edit.start:edit.end] == edit.before
            text = text[:edit.start] + edit.after + text[edit.end:]
        assert text == result.text
