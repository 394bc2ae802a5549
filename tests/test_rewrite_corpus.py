"""The rewrite over the whole real corpus: nothing raises, nothing outside a rewritten
count, player or memory phrase moves, and the golden examples come out exactly."""

from __future__ import annotations

import pytest

import tagtext
from tagtext import packs, pipeline
from tagtext.packs.tag_tamer import PACK
from tagtext.packs.tag_tamer.syntax import nodes as n
from tagtext.syntax.edit import word_leaves

#: Typed phrases the rules may rewrite.
PHRASES = (n.Comparison, n.Quantity, n.Iteration, n.UntilCount, n.UpTo, n.ToValue, n.MemoryAmount,
           n.PlayerRef, n.Pronoun, n.Zone, n.ZoneWord)
#: Phrases that count something, and what ends their clause.
COUNTS = (n.Comparison, n.Quantity, n.Iteration, n.UntilCount, n.UpTo)
CLAUSE_ENDS = frozenset({".", ",", "，", ";", ":", "。"})
#: Plain words a rewrite of such a phrase may touch: the counted noun made plural, the
#: verb that agrees with a rewritten subject, the words of a memory check, and the "in" of
#: "cards in your hand" that goes when the team's combined hands become the subject (and
#: the "and" that then says "and you have", and the "either ... or" of "cards in either
#: their hand or trash", whose areas become the subject too), what agrees with a pluralised count ("in its
#: name" -> "in their names", "a different name" -> "different names"), the verbs that
#: agree with a renamed player ("they trash" -> "1 of your opponents trashes") and the
#: "deck's" of "their deck's top 5 cards" (-> "the top 5 cards of 1 of your opponent's decks").
PHRASE_WORDS = frozenset({
    "card", "cards", "tamer", "tamers", "color", "colors", "digimon", "option", "options",
    "have", "has", "having", "play", "plays", "use", "digivolve", "hand", "it", "is", "memory", "in",
    "its", "name", "names", "trait", "traits", "type", "types", "a", "different", "and", "either", "or",
    "trash", "trashes", "place", "places", "add", "adds", "reveal", "reveals", "draw", "draws", "deck's",
})


@pytest.fixture(scope="module")
def results(corpus):
    return [(card.id, field, text, tagtext.rewrite(text, card_id=card.id, field=field))
            for card, field, text in corpus.texts()]


def test_golden_examples_come_out_exactly(golden):
    assert len(golden) == 14
    for case in golden:
        assert tagtext.rewrite(case["original"], card_id=case["card"]).text == case["expected"], case["id"]


def test_no_text_raises_and_edits_rebuild_the_output(results):
    for card_id, field, text, result in results:
        rebuilt, pos = [], 0
        for edit in result.edits:
            assert pos <= edit.start <= edit.end, (card_id, field)
            assert text[edit.start:edit.end] == edit.before
            rebuilt += [text[pos:edit.start], edit.after]
            pos = edit.end
        assert "".join(rebuilt + [text[pos:]]) == result.text, (card_id, field)


def test_texts_no_rule_applies_to_come_back_byte_identical(results):
    unchanged = [r for *_, r in results if not r.edits]
    assert len(unchanged) > 5000
    assert all(r.text == r.original for r in unchanged)


def test_every_changed_region_is_a_count_player_or_memory_phrase(results):
    """Checked on the original parse, independently of how the rules chose their edits."""
    rulings = packs.get("tag-tamer").rulings()
    offenders = []
    for card_id, field, text, result in results:
        if not result.edits:
            continue
        tree = tagtext.parse(text)
        licensed = set()
        for node in tree.walk():
            if isinstance(node, PHRASES):
                licensed.update(leaf.start for leaf in node.leaves())
        words = list(word_leaves(tree))
        counts = {node.start for node in tree.walk() if isinstance(node, COUNTS)}
        for k, leaf in enumerate(words):  # a count's noun or area, later in its clause
            if leaf.start in counts:
                for later in words[k + 1:k + 20]:
                    if isinstance(later, n.Punct) and later.text in CLAUSE_ENDS:
                        break
                    if later.text.lower() in PHRASE_WORDS:
                        licensed.add(later.start)
        for prev, leaf in zip(words, words[1:]):  # "set it to 3": the gauge a memory check named (note 13)
            if prev.text.lower() == "set" and leaf.text.lower() == "it":
                licensed.add(leaf.start)
        ruled = [m for r in rulings.for_card(card_id) if (m := r.find(text))]
        for edit in result.edits:
            if edit.rules == ("override",):
                assert any(m.start <= edit.start and edit.end <= m.end for m in ruled), (card_id, edit)
                continue
            inside = [leaf for leaf in word_leaves(tree) if edit.start <= leaf.start and leaf.end <= edit.end]
            if not any(leaf.start in licensed for leaf in inside) or any(
                    leaf.start not in licensed and leaf.text.lower() not in PHRASE_WORDS for leaf in inside):
                offenders.append((card_id, field, edit.before, edit.after))
    assert offenders == [], "\n".join(map(repr, offenders))


@pytest.mark.parametrize("text, expected", [
    ("[On Play] Delete 1 of your opponent's Digimon with 4000 DP or less.", False),
    ("[Main] Delete 1 of your opponent's level 4 or lower Digimon with a play cost of 3 or less.", False),
    ("[When Attacking] If this Digimon has DP 6000 or more, <Draw 1>.", False),
    # comparisons with no number (AD1-002, BT15-032)
    ("[When Digivolving] Delete 1 of your opponent's Digimon with as much or less DP as this Digimon.", False),
    ("[Main] Return 1 of your opponent's Digimon with as many or fewer digivolution cards as this Digimon to the hand.", False),
    # a count next to the comparisons that are not: still analysed
    ("[Main] If you have 3 or more Digimon with 4000 DP or less, <Draw 1>.", True),
    ("If you have 2 or more level 5 or higher Digimon, gain 1 memory.", True),
    ("[Your Turn] While you have 3 or less memory, this Digimon gets +1000 DP.", True),
    ("Both players draw 1 card.", True),
    ("[Main] If you have as many or more cards in your hand as 3 or more of your Digimon, <Draw 1>.", True),
])
def test_dp_level_and_cost_comparisons_alone_are_not_analysed(text, expected):
    assert pipeline.may_apply(PACK, text) is expected


def test_each_rule_rewrites_real_text(results):
    rules = {rule for *_, r in results for e in r.edits for rule in e.rules}
    assert rules == {rule.id for rule in PACK.rules}  # every registered rule, and no other
