"""The result does not depend on the wording a text is pasted in (RULES-NOTES, Wording).

Maintainers paste text in three forms: Global English (the corpus), Asia English terms
("evolve", "evolution cards", "security") and the wiki form (timing labels without their
brackets, as the manual prints its own examples). Every corpus text is rewritten in each
form, and must give its Global rewrite in that same form.
"""

from __future__ import annotations

import re

import pytest

import tagtext

#: Global -> Asia terms, word for word (the same list as the special-ruling table's).
ASIA_TERMS = (
    ("Digivolution", "Evolution"), ("digivolution", "evolution"), ("Digivolving", "Evolving"),
    ("digivolving", "evolving"), ("Digivolves", "Evolves"), ("digivolves", "evolves"),
    ("Digivolved", "Evolved"), ("digivolved", "evolved"), ("Digivolve", "Evolve"), ("digivolve", "evolve"),
    ("security stacks", "security"), ("security stack", "security"),
)
TIMING_LABEL = re.compile(
    r"\[(On Play|On Deletion|When Digivolving|When Attacking|Your Turn|Opponent's Turn|All Turns|Main|Security"
    r"|Hand|Counter|Breeding|Start of Your Turn|End of Your Turn|Start of Your Main Phase|End of Attack"
    r"|End of Opponent's Turn|Start of Opponent's Turn|Once Per Turn|Twice Per Turn)\]")


def asia(text: str) -> str:
    for before, after in ASIA_TERMS:
        text = text.replace(before, after)
    return text


def wiki(text: str) -> str:
    """Timing labels without brackets, each set off by spaces, as wiki pages render them."""
    def label(m):
        before = "" if m.start() == 0 or text[m.start() - 1].isspace() else " "
        after = "" if m.end() == len(text) or text[m.end()].isspace() else " "
        return before + m.group(1) + after
    return TIMING_LABEL.sub(label, text)


@pytest.mark.parametrize("form", [asia, wiki], ids=["asia-terms", "wiki-labels"])
def test_every_corpus_text_rewrites_alike_in_every_wording(corpus_texts, form):
    differ = []
    tried = 0
    for card, field, text in corpus_texts:
        other = form(text)
        if other == text:
            continue
        tried += 1
        expected = form(tagtext.rewrite(text, card_id=card, field=field).text)
        got = tagtext.rewrite(other, card_id=card, field=field).text
        if got != expected:
            differ.append((card, field, got, expected))
    assert tried > 2000, "the transform should reach most of the corpus"
    assert differ == []


def test_a_special_ruling_is_found_and_applied_in_the_asia_terms():
    text = ("When digivolving into this card from your hand, the memory cost of the digivolution is equal "
            "to the number of cards in your security stack. If you have 0 security cards, the memory cost is 1.")
    result = tagtext.rewrite(asia(text), card_id="BT7-040", field="effect")
    assert result.ruling == "rasenmon-evolution-cost"
    assert result.text == ("When evolving into this card from your hand, the memory cost of the evolution is 1 for "
                           "every 2 cards in your security. If you have 1 or fewer security cards, the memory cost is 1.")
