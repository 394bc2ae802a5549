"""Count rules claim what they rewrite: the analysis states facts about each count and
names no rule; each count rule says which counts it claims, which it sees and how it
scales; a count no rule claims but a rule sees is that rule's residual; the
discontinuity correction reads the claiming rule's scaling. So a new count rule is one
module (its CountRule), one fixture and one PIPELINE line: shown here with a rule made in
this file and a pack whose pipeline has it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tagtext.packs.tag_tamer import PACK, TagTamer
from tagtext.packs.tag_tamer import analysis as analysis_package
from tagtext.packs.tag_tamer.analysis import analyse
from tagtext.packs.tag_tamer.rules import PIPELINE
from tagtext.packs.tag_tamer.rules.counts_shared import CountRule, count_rules, scale
from tagtext.packs.tag_tamer.analysis.counts import may_hold_counts
from tagtext.syntax.edit import replace_leaves

ANALYSIS = Path(analysis_package.__file__).parent


def test_the_analysis_names_no_rule():
    ids = [rule.id for rule in PACK.rules]
    for path in sorted(ANALYSIS.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert not [rule for rule in ids if f'"{rule}"' in source or f"'{rule}'" in source], path.name


def test_at_most_one_count_rule_claims_a_count_of_the_corpus(corpus_texts):
    """The claims do not overlap (the first in the pipeline would win, but none has to)."""
    rules = count_rules(PIPELINE)
    seen = 0
    for card, field, text in corpus_texts:
        if not may_hold_counts(text.lower()):
            continue
        for count in analyse(PACK.parse(text)).counts:
            seen += 1
            assert sum(1 for rule in rules if rule.claims(count)) <= 1, (card, field, count.node)
    assert seen > 900


# ----------------------------------------------------------------------------- a new count rule

DECK_ID = "deck-tripling"


def _triple_deck_counts(tree, ctx):
    """Triple every count of cards in a deck (a rule made for this test only)."""
    changes = {}
    for count in ctx.claimed(DECK_ID):
        scale(count, changes, DECK_ID, factor=3)
    return replace_leaves(tree, changes)


#: The whole of a new count rule: what it claims, what it sees, how it scales.
DECK_RULE = CountRule(
    DECK_ID, "Deck counts triple", statement="(a test rule)", practice="(a test rule)",
    apply=_triple_deck_counts, trigger=may_hold_counts,
    claims=lambda count: count.counts == "objects" and count.area == "deck" and not count.compound,
    sees=lambda fact: fact.counts == "objects" and fact.area == "deck",
    scaling=(3, 0),
)


class _WithDeckRule(TagTamer):
    pipeline = (DECK_RULE,) + PIPELINE  # the one PIPELINE line
    rules = pipeline + PACK.rules[len(PIPELINE):]


DECK_TEXT = "[Main] If you have 10 or more cards in your deck, <Draw 1>. If you have 9 or fewer cards in your deck, trash 1 card."


def test_without_the_rule_a_deck_count_is_seen_by_count_doubling_and_is_its_residual():
    result = PACK.rewrite(DECK_TEXT)
    assert result.text == DECK_TEXT
    assert [(r.text, r.rule) for r in result.residuals] == [("10 or more cards", "count-doubling"),
                                                                ("9 or fewer cards", "count-doubling")]


def test_a_new_count_rule_claims_its_counts_and_the_correction_reads_its_scaling():
    result = _WithDeckRule().rewrite(DECK_TEXT)
    # 10 -> 30, and 9 -> 27 would leave 28 and 29 to no branch: the correction (which
    # knows nothing of the new rule) reads its scaling and makes it 29
    assert result.text == DECK_TEXT.replace("10 or more", "30 or more").replace("9 or fewer", "29 or fewer")
    assert result.residuals == ()
    assert [edit.rules for edit in result.edits] == [(DECK_ID,), (DECK_ID, "discontinuity-correction")]


@pytest.mark.parametrize("text, counts, area", [
    ("If you have 3 or more security cards, <Draw 1>.", "objects", "security"),
    ("If you have 4 or fewer cards in your hand, <Draw 1>.", "objects", "hand"),
    ("If you have 2 or more Digimon, <Draw 1>.", "objects", "battle_area"),
    ("If your Tamers have 3 or more total colors, <Draw 1>.", "colors", None),
    ("While you have 3 or less memory, this Digimon gets +1000 DP.", "gauge", None),
    ("Delete 1 of your opponent's Digimon with a play cost of 4 or less.", None, None),
])
def test_the_facts_of_a_count(text, counts, area):
    found = analyse(PACK.parse(text)).counts
    if counts is None:
        assert [c.counts for c in found] in ([], ["value"])
        return
    (count,) = found
    assert (count.counts, count.area) == (counts, area)
    assert not re.search(r"doubling|plus-one|hand-size|memory-average", count.reason)
