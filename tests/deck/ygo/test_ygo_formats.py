"""Yu-Gi-Oh! deck files: YDK and text lists recognised by content, passwords normalised,
errors one line naming file:line; the card facts read from both database shapes."""

from __future__ import annotations

import gzip
import json

import pytest

from tagtext.carddb import DatabaseError
from tagtext.deck import DeckFileError
from tagtext.packs.ygo_tag.deck import check_team, load_database, normalise_password, parse_deck, read_deck

from .conftest import BLUE_EYES, FIXTURES, MST, STARDUST, check, filler, ydk


def test_ydk_sections_comments_and_leading_zeros():
    deck = parse_deck("#created by Alice\n#main\n05318639\n89631139\n\n#extra\n44508094\n!side\n5318639\n")
    assert deck.format == "YDK"
    assert [(e.card, e.written, e.line) for e in deck.entries] == [
        ("5318639", "05318639", 3), ("89631139", "89631139", 4), ("44508094", "44508094", 7)]
    assert deck.sections == ["Main Deck", "Main Deck", "Extra Deck"]
    assert [e.card for e in deck.side] == ["5318639"]
    assert deck.counts() == {"5318639": 1, "89631139": 1, "44508094": 1}   # the side deck is not counted


def test_ydk_without_section_lines_is_all_main_deck():
    deck = parse_deck("89631139\n89631139\n")
    assert deck.format == "YDK" and deck.size("Main Deck") == 2


def test_ydk_fixture_reads_leading_zeros_as_the_same_card():
    deck = read_deck(FIXTURES / "alice.ydk")
    assert deck.count(str(MST)) == 3 and deck.size("Main Deck") == 40 and deck.size("Extra Deck") == 15
    assert deck.side_heading and not deck.side


def test_normalise_password():
    assert normalise_password("00027551") == "27551"
    assert normalise_password(" 89631139 ") == "89631139"
    assert normalise_password("Blue-Eyes White Dragon") is None


@pytest.mark.parametrize("line", ["3 Blue-Eyes White Dragon", "3x Blue-Eyes White Dragon",
                                  "3 x Blue-Eyes White Dragon", "Blue-Eyes White Dragon x3",
                                  "blue-eyes  white dragon X3"])
def test_text_list_line_shapes(facts, line):
    deck = parse_deck(f"Main Deck:\n{line}\n")
    assert deck.format == "text"
    (entry,) = deck.entries
    assert entry.count == 3 and facts.card(entry.card).password == str(BLUE_EYES)


def test_text_list_headings_and_sub_headings(facts):
    text = ("// my deck\nMain Deck (40)\nMonsters (3):\n3 Blue-Eyes White Dragon\nSpells:\n"
            "1 Monster Reborn\n\n\nExtra Deck:\n1 Stardust Dragon\n\nSide Deck:\n2 Effect Veiler\n")
    deck = parse_deck(text)
    assert [(facts.name(e.card), s) for e, s in zip(deck.entries, deck.sections)] == [
        ("Blue-Eyes White Dragon", "Main Deck"), ("Monster Reborn", "Main Deck"),
        ("Stardust Dragon", "Extra Deck")]
    assert deck.size("Side Deck") == 2


def test_text_list_names_with_numbers_and_symbols(facts):
    deck = parse_deck('Main Deck:\n1 Number 39: Utopia\n2 Maxx "C"\nAsh Blossom & Joyous Spring x3\n'
                      "7 Colored Fish x2\n")
    assert [(facts.name(e.card), e.count) for e in deck.entries] == [
        ("Number 39: Utopia", 1), ('Maxx "C"', 2), ("Ash Blossom & Joyous Spring", 3), ("7 Colored Fish", 2)]


def test_text_fixture_is_the_same_deck_as_its_ydk(facts):
    """bob.txt, written as a YDK, checks the same."""
    text_deck = read_deck(FIXTURES / "bob.txt")
    by_name = {}
    for e in text_deck.entries:
        by_name[facts.name(e.card)] = by_name.get(facts.name(e.card), 0) + e.count
    assert by_name["Blue-Eyes White Dragon"] == 3 and sum(by_name.values()) == 46


def test_an_unknown_name_is_an_unknown_card(facts):
    report = check_team([parse_deck("Main Deck:\n3 Blue Eyes White Dragon\n")], facts)
    assert [p.rule for p in report.problems] == ["unknown-card", "main-deck-size"]
    assert report.problems[0].card == "Blue Eyes White Dragon"


@pytest.mark.parametrize("text, line, message", [
    ("#main\n89631139\nBlue-Eyes\n", 3, "'Blue-Eyes' is not a card password (YDK: one password a line)"),
    ("#main\n89631139\n8963 1139\n", 3, "'8963 1139' is not a card password"),
    ("Main Deck:\n3 Blue-Eyes White Dragon\nBlue-Eyes White Dragon\n", 3, "no count in 'Blue-Eyes White Dragon'"),
    ("Main Deck:\n0 Blue-Eyes White Dragon\n", 2, "a count of 0"),
])
def test_unreadable_lines_name_file_and_line(text, line, message):
    with pytest.raises(DeckFileError) as e:
        parse_deck(text, "d.ydk")
    assert str(e.value).startswith(f"d.ydk:{line}: {message}")
    assert "\n" not in str(e.value)


def test_empty_and_missing_files(tmp_path):
    with pytest.raises(DeckFileError, match="no cards found"):
        parse_deck("#created by x\n#main\n#extra\n!side\n", "e.ydk")
    with pytest.raises(DeckFileError, match="no such file"):
        read_deck(tmp_path / "nope.ydk")
    bad = tmp_path / "bad.ydk"
    bad.write_bytes(b"#main\n\xff\n")
    with pytest.raises(DeckFileError, match=r"bad.ydk:2: not UTF-8"):
        read_deck(bad)


# ------------------------------------------------------------------ card databases

def test_ygoprodeck_api_shape(tmp_path):
    """The YGOPRODeck API v7 shape: ``type`` and ``banlist_info.ban_tcg`` (absent: Unlimited)."""
    doc = {"data": [
        {"id": 89631139, "name": "Blue-Eyes White Dragon", "type": "Normal Monster"},
        {"id": 44508094, "name": "Stardust Dragon", "type": "Synchro Monster"},
        {"id": 45627618, "name": "Odd-Eyes Rebellion Dragon", "type": "XYZ Pendulum Effect Monster"},
        {"id": 55144522, "name": "Pot of Greed", "type": "Spell Card", "banlist_info": {"ban_tcg": "Banned"}},
        {"id": 83764718, "name": "Monster Reborn", "type": "Spell Card", "banlist_info": {"ban_tcg": "Limited"}},
    ]}
    path = tmp_path / "cardinfo.json.gz"
    path.write_bytes(gzip.compress(json.dumps(doc).encode()))
    facts = load_database(path)
    assert [(c.password, c.card_type, c.extra_deck, c.tcg) for c in facts.cards] == [
        ("89631139", "Monster", False, "Unlimited"), ("44508094", "Monster", True, "Unlimited"),
        ("45627618", "Monster", True, "Unlimited"), ("55144522", "Spell", False, "Forbidden"),
        ("83764718", "Spell", False, "Limited")]
    report = check(ydk([(BLUE_EYES, 3), (83764718, 2), (STARDUST, 1)]), facts=facts)
    assert [p.rule for p in report.problems] == [
        "main-deck-size", "extra-deck-monster-in-main", "limited"]


def test_api_banned_is_forbidden(tmp_path):
    """The API says "Banned" where Konami's list says Forbidden."""
    path = tmp_path / "cardinfo.json"
    path.write_text(json.dumps({"data": [{"id": 55144522, "name": "Pot of Greed", "type": "Spell Card",
                                          "banlist_info": {"ban_tcg": "Banned"}}]}))
    assert load_database(path).status("55144522") == "Forbidden"


def test_a_bad_database_is_one_line(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("{")
    with pytest.raises(DatabaseError, match=r"cards.json:1:2: invalid JSON"):
        load_database(bad)


def test_shipped_database_and_filler(facts):
    assert len(facts.cards) == 14276
    assert check(ydk(filler(40)), facts=facts).legal


def _ydke(deck) -> str:
    """The ydke:// link of a deck, built as ProjectIgnis/ydke.js builds one (toURL)."""
    import base64
    import struct

    def part(section):
        codes = [int(e.card) for e in deck.section(section) for _ in range(e.count)]
        return base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode()
    return f"ydke://{part('Main Deck')}!{part('Extra Deck')}!{part('Side Deck')}!"


def test_a_ydke_link_is_the_deck_it_encodes(tmp_path):
    ydk = read_deck(FIXTURES / "carol.ydk")
    link = _ydke(ydk)
    for deck in (read_deck(link), parse_deck(link + "\n")):
        assert deck.format == "ydke link"
        assert deck.counts() == ydk.counts() and [e.card for e in deck.side] == [e.card for e in ydk.side]
        assert [s for e, s in zip(deck.entries, deck.sections) for _ in range(e.count)] == \
            [s for e, s in zip(ydk.entries, ydk.sections) for _ in range(e.count)]
    assert read_deck(link).source == "ydke link"
    saved = tmp_path / "carol.txt"
    saved.write_text(link + "\n", encoding="utf-8")
    assert read_deck(saved).counts() == ydk.counts()
    assert read_deck(link.rstrip("!")).counts() == ydk.counts()     # a link without its last "!"
    with pytest.raises(DeckFileError, match=r"^ydke link: no cards found"):
        read_deck("ydke://!!!")


@pytest.mark.parametrize("link, message", [
    ("ydke://AAAA", "not a ydke:// link (expected ydke://MAIN!EXTRA!SIDE!)"),
    ("ydke://@@@@!!!", "the Main Deck part of the ydke:// link is not base64"),
    ("ydke://AAA=!!!", "the Main Deck part of the ydke:// link is not a list of passwords (2 bytes, not a multiple of 4)"),
])
def test_a_bad_ydke_link_is_one_line(link, message):
    with pytest.raises(DeckFileError) as info:
        read_deck(link)
    assert str(info.value) == f"ydke link:1: {message}"
