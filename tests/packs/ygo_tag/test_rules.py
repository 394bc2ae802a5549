"""Each rule's contract, and its fixture cases (tests/packs/ygo_tag/rules/<rule-id>.json,
run with every pack's by tests/packs/test_every_pack.py) are real cards' texts."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

from tagtext.packs.base import Rule
from tagtext.packs.ygo_tag.rules import PIPELINE

FIXTURES = Path(__file__).resolve().parent / "rules"
CASES = [(path.stem, case) for path in sorted(FIXTURES.glob("*.json"))
         for case in json.loads(path.read_text(encoding="utf-8"))["cases"]]


@pytest.mark.parametrize("rule, case", CASES, ids=[f'{rule}:{case["name"]}' for rule, case in CASES])
def test_every_fixture_case_is_a_real_cards_text(ygo_db, rule, case):
    card = ygo_db.by_id()[case["card"]]
    assert case["before"] in card.texts.values(), "a real card's text"


def test_pipeline_is_rules_with_docstrings_quoting_the_seed():
    assert all(isinstance(rule, Rule) for rule in PIPELINE)
    assert len({rule.id for rule in PIPELINE}) == len(PIPELINE)
    for rule in PIPELINE:
        assert rule.statement and rule.title
        if rule.apply is not None and rule.id != "override":
            doc = inspect.getdoc(rule.apply)
            assert doc.startswith("Seed 001:") and "EX1" in doc
            assert rule.trigger is not None and rule.example is not None


def test_rule_examples_hold(pack):
    for rule in PIPELINE:
        if rule.example and rule.apply is not None and rule.id != "override":
            printed, rewritten = rule.example
            assert pack.rewrite(printed).text == rewritten, rule.id


@pytest.mark.parametrize("text", [
    "Cannot be destroyed by your opponent's card effects.",
    "During your opponent's turn, this card gains 500 ATK.",
    "Inflict 500 damage to your opponent.",
    "You cannot Special Summon monsters, except Link Monsters.",
    "Each player draws 1 card.",
    "Destroy all monsters on the field.",
    "Your opponent cannot target this card for attacks or by card effects.",
    # team phrases (LP, a direct attack): Meteor Flare, Toon Goblin Attack Force's end
    "Activate by sending 2 cards from your hand to the Graveyard while your opponent has more than 3000 Life Points.",
    "While you control \"Toon World\", this card can attack your opponent directly.",
    # a quoted (replaced) effect is kept as printed
    'Target 1 card; the activated effect becomes "Your opponent discards 1 card".',
])
def test_left_as_printed(pack, text):
    """Causes, turns, damage (the team's), restrictions on you (rule 9), "each player",
    "all" cards, and lasting restrictions on the opponent read right as printed."""
    result = pack.rewrite(text)
    assert result.text == text and not result.edits


def test_pure_passes_do_not_mutate(pack):
    text = "When your opponent activates a Spell/Trap Card: Your opponent draws 1 card."
    tree = pack.parse(text)
    before = tree.to_source()
    for rule in PIPELINE:
        if rule.apply is not None and rule.id != "override":
            rule.apply(tree, pack.context(text, tree, None, ()))
    assert tree.to_source() == before


def test_their_opponent_is_a_residual(pack):
    result = pack.rewrite("FLIP: Both players can remove from play up to 3 monsters from their opponent's Graveyard.")
    assert result.text.startswith("FLIP: All players can")
    assert [r.rule for r in result.residuals] == ["all-players"]


def test_stale_ruling_is_reported(pack):
    result = pack.rewrite("Both players roll a die.", card_id="3549275", field="text")
    assert [(w.kind, w.card) for w in result.warnings] == [("stale-ruling", "3549275")]
    assert result.ruling is None


def test_the_fast_trigger_covers_every_rule_trigger():
    from tagtext.packs.ygo_tag.rules import ANY_TRIGGER
    for rule in PIPELINE:
        if rule.trigger is not None:
            pattern = rule.trigger.__self__.pattern
            assert all(ANY_TRIGGER.search(word) for word in pattern.split("|")), rule.id
