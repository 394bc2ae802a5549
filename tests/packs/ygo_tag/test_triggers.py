"""The pack's trigger pre-check is a necessary condition: a text it lets through unparsed
is one no rule changes (pipeline.USE_TRIGGERS off gives the same rewrite)."""

from __future__ import annotations

import pytest

from tagtext import packs, pipeline
from tagtext.packs.ygo_tag import TRIGGER_WORDS
from tagtext.packs.ygo_tag.rules import ANY_TRIGGER


def _trigger_phrases() -> list[str]:
    from tagtext.packs.ygo_tag.rules import PIPELINE
    return list(dict.fromkeys(phrase for rule in PIPELINE if rule.trigger is not None
                              for phrase in rule.trigger.__self__.pattern.split("|")))


def test_every_trigger_holds_a_word_of_the_pre_check():
    for alternative in _trigger_phrases():
        assert any(word in alternative for word in TRIGGER_WORDS), alternative


def test_the_grouped_trigger_matches_as_the_plain_alternation():
    """ANY_TRIGGER groups the phrases by their first word (searched faster): the same
    matches at the same places as the phrases' plain alternation, on every shipped text
    and on texts of the phrases run together."""
    import random
    import re

    phrases = _trigger_phrases()
    plain = re.compile("|".join(phrases))
    assert ANY_TRIGGER.pattern != plain.pattern
    rng = random.Random(5)
    glue = [" ", "", ", ", "x", "either ", "both ", "your ", "their ", "each "]
    texts = ["".join(rng.choice(phrases) + rng.choice(glue) for _ in range(rng.randint(1, 12))) for _ in range(2000)]
    pack = packs.get("ygo-tag")
    texts += [t.lower() for _, _, t in pack.load_database(None).texts()]
    for text in texts:
        assert [m.span() for m in ANY_TRIGGER.finditer(text)] == [m.span() for m in plain.finditer(text)], text


def test_their_private_reads_the_at_the_start_of_a_word():
    """_THEIR_PRIVATE's "the(?<!\\Bthe)" is "\\bthe": the same matches as the pattern
    first written, on every shipped text and on words around it."""
    import re

    from tagtext.packs.ygo_tag import _THEIR_PRIVATE

    first = re.compile(r"\btheir (?:main deck|extra deck|deck|hand|gy|graveyard)\b|\bthey control(?:led)?\b")
    texts = [t.lower() for _, _, t in packs.get("ygo-tag").load_database(None).texts()]
    for before in ("", " ", "x", "(", "_", "é", "1", "\n", "'"):
        for phrase in ("their deck", "they controlled", "they control", "their gy", "their handy", "theirs"):
            texts.append(f"{before}{phrase}, {before}{phrase}")
    for text in texts:
        assert [m.span() for m in _THEIR_PRIVATE.finditer(text)] == [m.span() for m in first.finditer(text)], text


@pytest.mark.parametrize("text", [
    # rule 3's "both GYs" with no other trigger (the pre-check once looked for "pponent",
    # "layer", "ither" and "each field" in the printed text only: this text was left as printed)
    "If you banished monsters from both GYs, draw 1 card.",
    "Banish 1 monster from both GYs.",
    # any case
    "EITHER PLAYER can activate this card.",
])
def test_a_text_is_rewritten_as_with_the_triggers_off(monkeypatch, text):
    pack = packs.get("ygo-tag")
    with_triggers = pack.rewrite(text)
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    without = pack.rewrite(text)
    assert (with_triggers.text, with_triggers.edits, with_triggers.residuals) == (
        without.text, without.edits, without.residuals)


#: the quiet phrases as first written (one lookbehind before "your"): what _QUIET must blank
QUIET_AS_WRITTEN = (
    r"your opponent's (?:next )?(?:turn|(?:main|battle|end|standby|draw) phase|life points|lp)\b"
    r"|your opponent's card effects?\b"
    r"|(?:damage|battle damage) to your opponent\b|(?<!and )your opponent takes\b"
    r"|(?<!and )your opponent cannot\b|attack your opponent directly")


def test_quiet_phrases_blank_what_they_were_written_to():
    import itertools
    import re

    from tagtext.packs.ygo_tag import _QUIET

    # each alternative starts with a letter: the regex engine tries them only at those letters
    depth, firsts = 0, [_QUIET.pattern[0]]
    for k, c in enumerate(_QUIET.pattern):
        depth += (c == "(") - (c == ")")
        if c == "|" and depth == 0:
            firsts.append(_QUIET.pattern[k + 1])
    assert len(firsts) == 7 and all(c.isalpha() for c in firsts), firsts
    written = re.compile(QUIET_AS_WRITTEN)
    phrases = ["your opponent's turn", "your opponent's next battle phase", "your opponent's lp",
               "your opponent's card effect", "your opponent's card effects", "damage to your opponent",
               "battle damage to your opponent", "your opponent takes", "your opponent cannot",
               "attack your opponent directly", "your opponent's cards", "your opponents cannot"]
    before = ["", "and ", "band ", "hand  ", "x", "battle ", "inflict "]
    after = ["", ".", "s", " damage", "x"]
    blank = lambda m: " " * len(m.group())  # noqa: E731
    for a, phrase, b in itertools.product(before, phrases, after):
        text = f"{a}{phrase}{b} and {phrase}"
        assert _QUIET.sub(blank, text) == written.sub(blank, text), text
