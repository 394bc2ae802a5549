"""The work of rewriting one long sentence grows with its length, not with its length times
its player phrases (issue 22): the pack's rules and analysis read a clause's or a
sentence's leaves once, not once per phrase in it.

Counted, not timed: the leaves the syntax tree's walks yield (``Node.leaves``) while one
text is rewritten, for a phrase repeated N and 8N times with no full stop (one sentence,
one clause). Linear work yields about 8 times as many; a walk of the clause per phrase,
about 64 times. (Found by texts built for it: "your opponent's GY, " x 1000 read its
clause's leaves once per "your opponent's" in ``listed_areas``, "both players and " x 1000
its sentence's in ``all_players._both_the``.)
"""

from __future__ import annotations

import pytest

from tagtext import packs
from tagtext.syntax import nodes

SMALL = 40
FACTOR = 8
#: how much more than linear the larger text's count may be (texts' edges, not scans)
SLACK = 1.5


def leaves_walked(monkeypatch, text: str) -> int:
    """How many leaves ``Node.leaves`` yields while ``text`` is rewritten."""
    walked = 0
    original = nodes.Node.leaves

    def counting(self):
        nonlocal walked
        for leaf in original(self):
            walked += 1
            yield leaf

    with monkeypatch.context() as patch:
        patch.setattr(nodes.Node, "leaves", counting)
        packs.get("ygo-tag").rewrite(text)
    return walked


@pytest.mark.parametrize("phrase", [
    "your opponent's GY, ",          # both_opponents_fields: listed_areas per owner
    "your opponent's hand and ",     # listed_areas, joined_private_area
    "for each card in your opponent's hand, ",
    "both players and ",             # all_players: _both_the per "both players"
    "you and your opponent and ",
])
def test_one_long_sentence_is_walked_in_proportion_to_its_length(monkeypatch, phrase):
    packs.get("ygo-tag").rewrite(phrase)  # (loaded before counting)
    small = leaves_walked(monkeypatch, phrase * SMALL)
    large = leaves_walked(monkeypatch, phrase * (SMALL * FACTOR))
    assert small > 0
    assert large <= small * FACTOR * SLACK, (phrase, small, large)
