"""The analysis' sentence finders (``either_side``, ``each_field_pairs``, ``both_areas``)
are asked by several rules of one text: a sentence the rules before left unchanged is
the same node in each rule's tree, and is split into words once per finder, not once per
rule that asks (issue 22). Counted, not timed: the calls of ``analysis._word_units``."""

from __future__ import annotations

import pytest

from tagtext import packs
from tagtext.packs.ygo_tag import analysis


def splits(monkeypatch, text: str) -> tuple[int, str]:
    """How many times a sentence is split into words while ``text`` is rewritten, and
    the rewritten text."""
    calls = 0
    original = analysis._word_units

    def counting(sentence):
        nonlocal calls
        calls += 1
        return original(sentence)

    monkeypatch.setattr(analysis, "_word_units", counting)
    rewritten = packs.get("ygo-tag").rewrite(text).text
    return calls, rewritten


@pytest.mark.parametrize("sentence, finders", [
    # "each field": each_field_pairs (asked by two rules) reads it; 2 splits each before
    ("Target 1 card on each field; your opponent draws 1 card. ", 1),
    # "either field" and "each field": either_side (two rules) and each_field_pairs (two
    # rules); 3 before
    ("Destroy 1 card on either field, and 1 card on each field. Your opponent draws 1 card. ", 2),
    # "the field", "either field" with no "each" before a field: only either_side reads it
    # (the quick checks: the word before the area ends its leaf)
    ("Target 1 card on the field; your opponent draws 1 card. ", 0),
    ("Destroy 1 card on either field. Your opponent draws 1 card. ", 1),
])
def test_each_sentence_split_once_per_finder(monkeypatch, sentence, finders):
    count, text = splits(monkeypatch, sentence * 10)
    assert count == 10 * finders
    assert text.count("that opponent draws 1 card") == 10  # (the rules ran)


def test_a_finder_reads_a_changed_sentence_again():
    """Kept answers are the sentence node's: a tree with the sentence changed is read anew."""
    pack = packs.get("ygo-tag")
    first = pack.parse("Special Summon 1 monster to either field.")
    second = pack.parse("Special Summon 1 monster from either field.")
    kept = analysis.Analysis()
    assert [to for _, _, to in analysis.either_side(first, kept)] == [True]
    assert [to for _, _, to in analysis.either_side(second, kept)] == [False]
    assert [to for _, _, to in analysis.either_side(first, kept)] == [True]
