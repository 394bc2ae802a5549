"""The pack's trigger pre-check is a necessary condition: a text it lets through unparsed
is one no rule changes (pipeline.USE_TRIGGERS off gives the same rewrite)."""

from __future__ import annotations

import pytest

from tagtext import packs, pipeline
from tagtext.packs.ygo_tag import TRIGGER_WORDS
from tagtext.packs.ygo_tag.rules import ANY_TRIGGER


def test_every_trigger_holds_a_word_of_the_pre_check():
    for alternative in ANY_TRIGGER.pattern.split("|"):
        assert any(word in alternative for word in TRIGGER_WORDS), alternative


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
