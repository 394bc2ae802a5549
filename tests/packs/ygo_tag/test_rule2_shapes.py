"""Seed rule 2 over the whole shipped database: a resolved effect that acts on an
opponent's hand, Deck, Extra Deck, GY or banished cards never leaves the pack with no
opponent chosen or introduced and no residual.

The shapes are found by the class-A sweep of scripts/ygo_sweeps.py (regular expressions over
the text, sentence by sentence, independent of the pack's analysis): "your opponent's GY",
"your opponent discards", "your opponent ... from their Deck", "their hand" after a singular
"your opponent". What the sweep excludes is what NOTES.md decides is no rule-2 effect:
lasting effects and restrictions, a Monster's statements and materials, conditions, turns,
LP phrases.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "ygo_sweeps.py"


@pytest.fixture(scope="module")
def sweeps():
    spec = importlib.util.spec_from_file_location("ygo_sweeps", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def _text(sweeps, card, field, original, output, residuals=()):
    return sweeps.Text(card.id, card.name, card.card_type, field, original, output, (), (), tuple(residuals))


def test_every_rule_2_shape_chooses_an_opponent_or_is_reported(pack, ygo_db, sweeps):
    missed = []
    for card, field, text in ygo_db.texts():
        result = pack.rewrite(text, card.id, field)
        hits = sweeps.sweep_a(_text(sweeps, card, field, text, result.text))
        if hits and not result.residuals:
            missed.extend(f"{card.id} {card.name}: {hit}" for hit in hits)
    assert missed == []


def test_the_sweep_finds_the_shapes_in_printed_text(ygo_db, sweeps):
    """The check above can fail: on the printed text (no rule applied) the sweep finds the
    shapes rule 2 rewrites."""
    printed = [card.id for card, field, text in ygo_db.texts() if sweeps.sweep_a(_text(sweeps, card, field, text, text))]
    assert len(printed) > 500


@pytest.mark.parametrize("text", [
    "Discard 1 random card from your opponent's hand.",
    "When this card inflicts Battle Damage to your opponent, your opponent discards 1 card randomly from his/her hand.",
    "If this card inflicts battle damage to your opponent: Send the top card of their Deck to the GY.",
    "Your opponent can Special Summon 1 monster from their hand.",
])
def test_the_sweep_sees_a_miss(sweeps, text):
    """A rule-2 shape left as printed is a miss the sweep reports."""
    t = sweeps.Text("0", "constructed", "Trap", "text", text, text, (), (), ())
    assert sweeps.sweep_a(t)


def test_the_opponent_picking_from_their_own_field_names_each_opponent_or_one(pack, ygo_db, sweeps):
    """Class G (rules 1 and 8, blind review): "your opponent must send 1 face-up monster ...
    from their field", "make your opponent Tribute 1 monster", "Your opponent selects 1
    monster they control" with no opponent named before: the sweep finds them in printed
    text, and none is left by the pack (each opponent acts, or one is chosen)."""
    printed = [(card, field, text) for card, field, text in ygo_db.texts()
               if sweeps.sweep_g(_text(sweeps, card, field, text, text))]
    assert len(printed) >= 7
    left = [f"{card.id} {card.name}: {hit}" for card, field, text in printed
            for hit in sweeps.sweep_g(_text(sweeps, card, field, text, pack.rewrite(text, card.id, field).text))]
    assert left == []
