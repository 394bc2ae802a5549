"""tagtext.lookup: a card by id in any case or form, or by name; reprints are one card."""

from __future__ import annotations

import pytest

from tagtext.carddb import Card, Database
from tagtext.lookup import AmbiguousCard, find_card


def card(card_id, name, text):
    return Card(card_id, name, "", "", {"effect": text})


DB = Database("crafted", [
    card("BT1-010", "Agumon", "Draw 1."),
    card("ST1-03", "Agumon", "Draw 2."),
    card("46986414", "Dark Magician", "The ultimate wizard."),
    card("36996508", "Dark  magician", "The ultimate wizard."),   # a reprint: the same text
])


@pytest.mark.parametrize("query, found, how", [
    ("BT1-010", "BT1-010", "id"),
    ("bt1-010", "BT1-010", "id-form"),
    ("  St1-03 ", "ST1-03", "id-form"),
    ("dark magician", "46986414", "name"),
    ("NOPE-1", "NOPE-1", "unknown"),
    ("Gabumon", "Gabumon", "unknown"),
])
def test_find(query, found, how):
    result = find_card(DB, query)
    assert (result.id, result.how) == (found, how)
    assert (result.card is None) == (how == "unknown")


def test_the_pack_says_which_forms_are_one_id():
    assert find_card(DB, "ST01-03", lambda s: s.replace("ST0", "ST")).id == "ST1-03"
    assert find_card(DB, "ST01-03").how == "unknown"


def test_a_name_cards_with_different_texts_share():
    with pytest.raises(AmbiguousCard, match=r"^2 cards are named 'Agumon' \(BT1-010, ST1-03\); give the card's id$"):
        find_card(DB, "AGUMON")
