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


class _CountingPattern:
    """A compiled pattern that counts the characters of the strings it is handed (each
    string once: a text made anew per phrase counts again) and those it reads in them (up
    to the end of its match)."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.read = 0
        self._seen: dict[int, str] = {}

    def search(self, string, pos=0, endpos=None):
        if id(string) not in self._seen:
            self._seen[id(string)] = string  # (held: its id stays its own)
            self.read += len(string)
        end = len(string) if endpos is None else min(endpos, len(string))
        found = self.pattern.search(string, pos, end)
        self.read += max(0, (found.end() if found else end) - pos)
        return found


@pytest.mark.parametrize("phrase", [
    "Special Summon it to either field and ",   # either_side: the text before each "either"
    "your opponent's monster, ",                 # summon_to_opponents: the clause before each phrase
    "destroy 2 cards (1 on each field) ",        # each_field_pairs: the text before each pair
])
def test_the_text_before_each_phrase_is_read_once(monkeypatch, phrase):
    """The text before each phrase was a new string searched whole, per phrase: the
    characters the Summon and pair patterns are handed and read grow with the text's
    length, not with its length times its phrases."""
    from tagtext.packs.ygo_tag import analysis

    pack = packs.get("ygo-tag")
    pack.rewrite(phrase)

    def read(text):
        counters = {name: _CountingPattern(getattr(analysis, name))
                    for name in ("_PUT", "_TWO_SPLIT", "_TWO", "_SUMMON_BOTH") if hasattr(analysis, name)}
        with monkeypatch.context() as patch:
            for name, counter in counters.items():
                patch.setattr(analysis, name, counter)
            pack.rewrite(text)
        return sum(counter.read for counter in counters.values())

    small = read(phrase * SMALL)
    large = read(phrase * (SMALL * FACTOR))
    assert small > 0
    assert large <= small * FACTOR * SLACK, (phrase, small, large)


# --- the prefix readers answer as the patterns do on each prefix (the rules asked those of
# a new string per phrase)

from tagtext.packs.ygo_tag import analysis as ygo_analysis  # noqa: E402

#: words the patterns read, and others, as the units of a sentence
_VOCABULARY = ["summon", "Summoned", "summoned", "special", "monsters", "cards", "card", "monster", "place",
               "2", "12", "(", ")", "2(", "to", "either", "field", "x-y", "placed", ",", ";", ":", "both",
               "\n", "(\n", "summon both monsters", "1", "on", "each", " ", "Σ", "AΣ", "to\u2003", "face-up"]


class _Unit:
    def __init__(self, text):
        self.text = text


def _sentences(count=400, seed=22):
    import random
    rng = random.Random(seed)
    for _ in range(count):
        yield [_Unit(rng.choice(_VOCABULARY)) for _ in range(rng.randint(0, 40))]


def test_the_prefix_readers_answer_as_the_patterns_on_each_prefix():
    import re
    checked = 0
    for units in _sentences():
        text, ends = ygo_analysis._joined_units(units)
        assert text == " ".join(u.text for u in units).lower()
        puts_before = ygo_analysis.PutsInZoneBefore(text)
        after = 0
        for k in range(len(units) + 1):
            end = ends[k - 1] if k else 0
            before = " ".join(u.text for u in units[:k]).lower()
            assert text[:end] == before
            assert ygo_analysis._last_word_is(text, end, "to") == (before.split()[-1:] == ["to"])
            assert puts_before(end) == ygo_analysis.puts_in_zone(before), (before,)
            assert ygo_analysis._summons_both_before(text, end) == bool(
                re.search(r"\bsummon both monsters$", before.rstrip(" ,")))
            found, after = ygo_analysis._two_split_before(text, end, after)
            assert found == bool(ygo_analysis._TWO_SPLIT.search(before)), (before,)
            checked += found
    assert checked > 0  # (the texts hold pairs the pattern finds)
