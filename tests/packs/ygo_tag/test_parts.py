"""The sentences the pack parses (``YgoTagPack.parts``, tagtext/packs/ygo_tag/reads.py):
of the lines a trigger meets, those a rule may rewrite and those the rules read around them.
Each text below has a sentence with no trigger word and no pronoun that a rule still reads
(the sentence an effect goes on from, the one a bullet is applied by, the one after "your
opponents must each send ..."): it is parsed, and the rewrite is the one of the whole text
parsed (pipeline.USE_TRIGGERS off). Every shipped text is checked the same way by
tests/packs/test_every_pack.py."""

from __future__ import annotations

import pytest

from tagtext import pipeline
from tagtext.packs.ygo_tag import TRIGGER_WORDS
from tagtext.packs.ygo_tag.reads import _PRONOUNS

#: (card id or None, the text, the sentence read around the rewritten ones)
READ_AROUND = [
    # the sentence a "Then, ..." goes on from: rule 2 chooses the opponent where the effect
    # opens ("When this card is Summoned, choose 1 opponent; it is changed ...")
    ("15939448", "When this card is Summoned, it is changed to Defense Position. Then, send 1 card from the top of "
                 "your opponent's Deck to the Graveyard for each face-up Insect-Type monster you control.",
     "When this card is Summoned, it is changed to Defense Position."),
    # a Trap's steps ("Reveal the selected monster.") go on from the one before
    ("27340877", "Select 1 face-down monster you control. Your opponent declares 2 Attributes. Reveal the selected "
                 "monster. If its Attribute is one of the declared Attributes, your opponent draws 2 cards. If not, "
                 "you draw 2 cards.",
     "Reveal the selected monster."),
    # the sentence that applies a bullet: a coin toss, so the choice opens the effect
    ("37812118", "Toss a coin and apply this effect.\n● Heads: Draw 2 cards.\n● Tails: Your opponent draws 2 cards.",
     "Toss a coin and apply this effect."),
    # the sentence after "your opponents must each send 1 ...": "that sent monster's name"
    (None, "Your opponent must send 1 face-up monster from their field to the GY. For the rest of this turn, "
           "monsters with that sent monster's name cannot attack.",
     "For the rest of this turn, monsters with that sent monster's name cannot attack."),
    # ... and a sentence between, which keeps the one with that phrase from being next
    (None, "Your opponent must send 1 face-up monster from their field to the GY. You draw 1 card. "
           "Monsters with that sent monster's name cannot attack.",
     "You draw 1 card."),
]


def _rewrite(pack, card_id, text):
    result = pack.rewrite(text, card_id)
    return result.text, result.edits, result.residuals


@pytest.mark.parametrize("card_id,text,read", READ_AROUND)
def test_a_sentence_read_around_a_rewrite_is_parsed(monkeypatch, pack, card_id, text, read):
    low = read.lower()
    assert not any(w in low for w in TRIGGER_WORDS + _PRONOUNS)  # only what the rules read keeps it
    start = text.index(read)
    assert any(s <= start and start + len(read) <= e for s, e in pack.parts(text))
    with_parts = _rewrite(pack, card_id, text)
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    assert with_parts == _rewrite(pack, card_id, text)


@pytest.mark.parametrize("card_id,text", [
    # "their Deck" in a bullet line: a pronoun with no trigger word, referring back to "your
    # opponent" two lines up (rule 2 chooses the opponent in the bullet)
    ("6967870", "When this card inflicts battle damage to your opponent: You can activate 1 of these effects.\n"
                "● Target 1 Spell/Trap on the field; destroy that target.\n● Send the top 2 cards of their Deck to the GY."),
    # "they control" after the opponent of the condition: both opponents' fields (rule 1)
    ("12197543", "When your opponent draws for their normal draw in their Draw Phase: They reveal the card(s) they "
                 "drew, then if any is a Spell/Trap Card, you apply 1 of these effects.\n● Discard all cards they "
                 "drew.\n● Destroy 1 Spell/Trap Card they control."),
])
def test_a_pronoun_is_parsed_with_what_it_refers_to(monkeypatch, pack, card_id, text):
    with_parts = _rewrite(pack, card_id, text)
    assert with_parts[0] != text
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    assert with_parts == _rewrite(pack, card_id, text)


def test_a_sentence_no_rule_reads_is_not_parsed(pack):
    text = ('If this card is Normal Summoned: You can target 1 monster your opponent controls; destroy it. '
            'You can only use this effect of "Sample Card" once per turn.')
    parts = pack.parts(text)
    assert parts and parts[-1][1] == text.index(" You can only")


def test_bullets_are_walked_back_once(monkeypatch):
    """A line of bullets keeps the chunks before each back to one with no bullet: each chunk
    is looked at a bounded number of times, however many bullets there are (issue 22)."""
    from tagtext.packs.ygo_tag import reads
    looked = []
    opens_with_bullet = reads._opens_with_bullet
    monkeypatch.setattr(reads, "_opens_with_bullet", lambda *a: looked.append(1) or opens_with_bullet(*a))

    def looks(n):
        text = "Activate 1 of these effects:\n" + "● Your opponent draws 1 card. " * n
        first = text.index(".") + 1
        step = len("● Your opponent draws 1 card. ")
        chunks = [(0, first)] + [(first + k * step, first + (k + 1) * step) for k in range(n - 1)]
        looked.clear()
        assert len(reads.needed_chunks(text, chunks, TRIGGER_WORDS)) == n
        return len(looked)

    assert looks(400) <= 10 * looks(50)


@pytest.mark.parametrize("pronoun", ["THEY", "They", "hi\u017f/her", "TH\u0130S/THEM"])
def test_a_word_is_found_in_any_case(pronoun):
    """A chunk is kept for a pronoun in any case, as the grammar reads it (re.I), also with
    the letters that lowercase to no ASCII letter (long s, dotted I)."""
    from tagtext.packs.ygo_tag.reads import needed_chunks
    text = f"Your opponent draws 1 card. Then, {pronoun} draw 1 card. Draw 1 card."
    chunks = [(0, 27), (27, text.index(" Draw")), (text.index(" Draw"), len(text))]
    assert needed_chunks(text, chunks, TRIGGER_WORDS) == chunks[:2]
