"""Deck files: the Digimon Card App's text and Tabletop Simulator exports, Untap, and the
app's id normalisation; bad files are one-line errors naming file:line."""

from __future__ import annotations

import json

import pytest

from tagtext.deck import DeckFileError
from tagtext.packs.tag_tamer.deck import normalise_id, parse_deck, read_deck
from tagtext.packs.tag_tamer.deck.formats import TEXT, TTS, UNTAP

from .conftest import FIXTURES


@pytest.mark.parametrize("written, card", [
    ("ST01-01", "ST1-01"),        # the app: id.replace('ST0', 'ST')
    ("ST1-01", "ST1-01"),
    ("ST10-01", "ST10-01"),       # no ST0 in ST10
    ("BT1-085_P1", "BT1-085"),    # the app: .split('_P')[0]
    ("BT1-085_P12", "BT1-085"),
    ("bt1-010", "BT1-010"),
    ("P-001", "P-001"),
    ("EX10-074", "EX10-074"),
])
def test_ids_are_normalised_as_the_app_does(written, card):
    assert normalise_id(written) == card


@pytest.mark.parametrize("written", ["Agumon", "4", "Digi-Egg", "BT1010", "(BT1-010)", ""])
def test_what_is_not_a_card_id(written):
    assert normalise_id(written) is None


def test_app_text_export():
    deck = read_deck(FIXTURES / "red-a.txt", "A")
    assert deck.format == TEXT
    counts = deck.counts()
    assert counts["BT1-010"] == 2
    assert counts["BT1-085"] == 4          # 3 + 1 written BT1-085_P1
    assert counts["ST1-01"] == 1
    assert sum(counts.values()) == 55
    assert deck.first_line("BT1-001") == 3  # after "// Digimon DeckList" and a blank line


def test_app_tts_export():
    deck = read_deck(FIXTURES / "blue-b.json", "B")
    assert deck.format == TTS
    assert deck.label == "B"
    assert deck.counts()["ST2-01"] == 4
    assert sum(deck.counts().values()) == 55   # the "Exported from" entry is not a card


def test_untap_export():
    deck = read_deck(FIXTURES / "yellow-c-untap.txt")
    assert deck.format == UNTAP
    assert deck.counts()["BT1-010"] == 3
    assert sum(deck.counts().values()) == 54


@pytest.mark.parametrize("line", [
    "4 Agumon [DCG] (BT1-010)",
    "4 Agumon (DCG) (BT1-010)",
    "4 Agumon [dcg] ( BT1-010 )",
    "4 Agumon Expert [DCG] (BT1-010)",
])
def test_untap_bracket_styles(line):
    deck = parse_deck(line + "\n")
    assert deck.format == UNTAP and deck.counts() == {"BT1-010": 4}


@pytest.mark.parametrize("line, card, count", [
    ("BT1-010 Agumon 3", "BT1-010", 3),             # the app's export: ID NAME COUNT
    ("3 Agumon BT1-010", "BT1-010", 3),             # COUNT NAME ID
    ("3 BT1-010", "BT1-010", 3),                    # COUNT ID
    ("3x BT1-010", "BT1-010", 3),
    ("4 Agumon      BT1-010 ", "BT1-010", 4),       # padded names (digimoncard.dev)
    ("EX2-046 ADR-02 Searcher 4", "EX2-046", 4),    # a name with a dash and digits
    ("4 ADR-02 Searcher EX2-046", "EX2-046", 4),
    ("ST1-16 Gaia Force 4", "ST1-16", 4),
    ("ST01-16 Gaia Force 4", "ST1-16", 4),
    ("1 Tai Kamiya BT1-085_P1", "BT1-085", 1),
    # as players paste them from deck sites
    ("4 (BT22-002)", "BT22-002", 4),                # DigimonMeta
    ("4x Agumon (BT1-010)", "BT1-010", 4),
    ("Agumon BT1-010 x4", "BT1-010", 4),            # NAME ID xCOUNT
    ("Agumon (BT1-010) x4", "BT1-010", 4),
    ("Agumon BT1-010 \u00d74", "BT1-010", 4),
    ("ADR-02 Searcher EX2-046 x4", "EX2-046", 4),  # the id next to the count when the far end is a name
    ("2 [ST01-01]", "ST1-01", 2),
])
def test_text_line_shapes(line, card, count):
    assert parse_deck(line).counts() == {card: count}


def test_headings_comments_and_blank_lines_are_skipped():
    deck = parse_deck("// Digimon DeckList\n# mine\n\nDigi-Egg (4)\n4 BT1-001\nMain Deck\n2 BT1-010\n")
    assert deck.counts() == {"BT1-001": 4, "BT1-010": 2}
    assert [e.line for e in deck.entries] == [5, 7]


def test_tts_entries_on_their_own_lines_have_their_line():
    text = '[\n  "Exported from https://digimoncard.app",\n  "BT1-010",\n  "ST01-01"\n]\n'
    deck = parse_deck(text)
    assert [(e.card, e.line, e.written) for e in deck.entries] == [("BT1-010", 3, "BT1-010"), ("ST1-01", 4, "ST01-01")]


def _error(text: str, name: str = "deck.txt") -> str:
    with pytest.raises(DeckFileError) as info:
        parse_deck(text, name)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_a_card_line_without_an_id_names_its_line():
    assert _error("4 BT1-001\n4 Agumon\n") == "deck.txt:2: 'Agumon' is not a card id (in '4 Agumon')"


def test_an_id_without_a_count_names_its_line():
    assert _error("4 BT1-001\n\nAgumon BT1-010\n").startswith("deck.txt:3: no count in 'Agumon BT1-010'")
    assert _error("4 BT1-001\nAgumon (BT1-010)\n").startswith("deck.txt:2: no count in 'Agumon (BT1-010)'")


def test_a_digimonmeta_list_is_the_same_deck_as_the_app_export():
    app = read_deck(FIXTURES / "red-a.txt")
    meta = parse_deck("".join(f"{n} ({card})\n" for card, n in app.counts().items()), "meta.txt")
    pasted = parse_deck("".join(f"{n}x Some Name ({card})\n" for card, n in app.counts().items()))
    trailing = parse_deck("".join(f"Some Name {card} x{n}\n" for card, n in app.counts().items()))
    assert meta.counts() == pasted.counts() == trailing.counts() == app.counts()


def test_a_zero_count_is_an_error():
    assert _error("0 BT1-010\n") == "deck.txt:1: a count of 0 (in '0 BT1-010')"


def test_invalid_tts_json_names_line_and_column():
    assert _error('[\n"BT1-010",\n"BT1-010"\n', "deck.json").startswith("deck.json:4:1: invalid JSON")


def test_tts_entry_that_is_not_an_id():
    assert _error('["BT1-010",\n"Agumon"]', "deck.json") == "deck.json:2: entry 2: 'Agumon' is not a card id"


def test_tts_entry_that_is_not_a_string():
    assert _error('["BT1-010",\n 4]', "deck.json") == "deck.json:2: entry 2: expected a card id, got 4"


def test_json_array_of_objects():
    assert _error('[{"id": "BT1-010"}]', "d.json") == 'd.json:1: entry 1: expected a card id, got {"id": "BT1-010"}'


def test_a_file_with_no_cards():
    assert _error("// Digimon DeckList\n\n", "empty.txt").startswith("empty.txt: no cards found")
    assert _error('{"cards": ["BT1-010"]}', "obj.json").startswith("obj.json: no cards found")


def test_unreadable_files(tmp_path):
    with pytest.raises(DeckFileError, match=r"^missing\.txt: no such file$"):
        read_deck("missing.txt")
    with pytest.raises(DeckFileError, match=r": is a directory, not a deck file$"):
        read_deck(tmp_path)
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"4 BT1-010\n4 Agumon \xe9 BT1-011\n")
    with pytest.raises(DeckFileError, match=r"latin\.txt:2: not UTF-8 text \(byte 19\)$"):
        read_deck(latin)
