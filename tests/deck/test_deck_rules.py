"""The Tag Tamer deck rules, one by one, on real card ids, and whole teams."""

from __future__ import annotations

import json

import pytest

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext import carddb
from tagtext.packs.tag_tamer.deck import RULES, CardFacts, check_team, read_deck
from tagtext.packs.tag_tamer.deck import banlist as banlist_file

from .conftest import FIXTURES, legal_main, make_deck

EGGS = "4 BT1-001\n1 BT1-002\n"   # Yokomon, Bebydomon: 5 Digi-Eggs


def problems(report, rule=None):
    return [p for p in report.problems if rule is None or p.rule == rule]


def with_banlist(text: str):
    return banlist_file.parse(text, "test-banlist.toml")


# ------------------------------------------------------------------ whole teams

def test_fixture_team_is_legal(corpus):
    report = check_team([read_deck(FIXTURES / "red-a.txt", "A"), read_deck(FIXTURES / "blue-b.json", "B")], corpus)
    assert report.legal, [p.message() for p in report.problems]
    assert [d.sections for d in report.decks] == [{"cards": 50, "Digi-Eggs": 5}] * 2


def test_fixture_team_over_the_team_restriction(corpus):
    report = check_team([read_deck(FIXTURES / "red-a.txt", "A"), read_deck(FIXTURES / "yellow-c-untap.txt", "B")],
                        corpus)
    assert not report.legal
    assert [p.message() for p in report.problems] == [
        "BT1-010 Agumon: 2 in A + 3 in B = 5, the team may hold 4 (team restriction)"]


def test_every_rule_has_the_manuals_sentence():
    for rule in RULES:
        assert rule.statement, rule.id
    by_id = {r.id: " ".join(r.statement.split()) for r in RULES}
    assert "as if they are playing a single 100-card deck" in by_id["team-restriction"]
    assert "exactly 50 non-digitama cards" in by_id["deck-size"]
    assert "up to 5 digitama cards" in by_id["digi-eggs"]
    assert "cap of 4 copies per card" in by_id["copies-per-deck"]


# ------------------------------------------------------------------ per deck

@pytest.mark.parametrize("main, legal", [(49, False), (50, True), (51, False)])
def test_deck_size_is_exactly_50(corpus, main, legal):
    report = check_team([make_deck(EGGS + legal_main(n=main))], corpus)
    assert bool(problems(report, "deck-size")) is not legal
    if not legal:
        (p,) = problems(report, "deck-size")
        assert (p.deck, p.counts, p.limit) == ("A", {"A": main}, 50)
        assert p.message() == f"A: {main} non-Digi-Egg cards, a deck holds exactly 50 (deck size)"


@pytest.mark.parametrize("eggs, legal", [(0, True), (5, True), (6, False)])
def test_zero_to_five_digi_eggs(corpus, eggs, legal):
    egg_lines = "".join(f"1 BT1-00{i}\n" for i in range(1, eggs + 1))
    report = check_team([make_deck(egg_lines + legal_main())], corpus)
    assert report.legal is legal
    if not legal:
        (p,) = report.problems
        assert (p.rule, p.counts, p.limit) == ("digi-eggs", {"A": 6}, 5)


@pytest.mark.parametrize("copies, legal", [(4, True), (5, False)])
def test_four_copies_per_deck(corpus, copies, legal):
    deck = make_deck(EGGS + f"{copies} BT1-010\n" + legal_main({"BT1-010"}, n=50 - copies))
    report = check_team([deck], corpus)
    assert report.legal is legal
    if not legal:
        (p,) = report.problems
        assert p.message() == "BT1-010 Agumon: 5 in A, a deck may hold 4 (copies per deck)"


def test_copies_are_counted_per_card_number_across_lines_and_alt_arts(corpus):
    deck = make_deck(EGGS + "3 BT1-010\n1 Agumon BT1-010_P1\n1 bt1-010\n" + legal_main({"BT1-010"}, n=45))
    (p,) = check_team([deck], corpus).problems
    assert (p.rule, p.card, p.counts) == ("copies-per-deck", "BT1-010", {"A": 5})


def test_fifty_copy_card_in_one_deck(corpus):
    ok = make_deck(EGGS + "50 BT11-061\n")
    assert check_team([ok], corpus).legal
    over = make_deck(EGGS + "51 BT11-061\n")
    messages = [p.message() for p in check_team([over], corpus).problems]
    assert "BT11-061 Vemmon: 51 in A, a deck may hold 50 (copies per deck)" in messages


# ------------------------------------------------------------------ per team

def _team(corpus, a_copies: int, b_copies: int, card: str = "BT1-010", **kw):
    a = make_deck(EGGS + f"{a_copies} {card}\n" + legal_main({card}, n=50 - a_copies), "A")
    b = make_deck(EGGS + f"{b_copies} {card}\n" + legal_main({card}, n=50 - b_copies), "B")
    return check_team([a, b], corpus, **kw)


def test_main_decks_alone_are_legal_but_share_cards(corpus):
    # legal_main() gives both decks the same cards: 4 + 4 of each is over the team limit
    report = _team(corpus, 2, 2)
    assert {p.rule for p in report.problems} == {"team-restriction"}
    assert "BT1-010" not in {p.card for p in report.problems}


def _disjoint_team(corpus, a_line: str, b_line: str, **kw):
    """Two decks with no card in common except those in a_line / b_line."""
    exclude = {t for line in (a_line, b_line) for t in line.split() if "-" in t}
    a_main = legal_main(exclude, n=50 - int(a_line.split()[0]))
    a_cards = {line.split()[1] for line in a_main.splitlines()}
    b_main = legal_main(exclude | a_cards, n=50 - int(b_line.split()[0]))
    a_line, b_line = ("" if line.startswith("0 ") else line for line in (a_line, b_line))
    a = make_deck("4 BT1-001\n1 BT1-003\n" + a_line + "\n" + a_main, "A")
    b = make_deck("4 BT1-002\n1 BT1-004\n" + b_line + "\n" + b_main, "B")
    return check_team([a, b], corpus, **kw)


def test_team_restriction_exactly_four_across_the_team_is_legal(corpus):
    report = _disjoint_team(corpus, "2 BT1-010", "2 BT1-010")
    assert report.legal, [p.message() for p in report.problems]


def test_team_restriction_five_across_the_team_is_not(corpus):
    report = _disjoint_team(corpus, "3 BT1-010", "2 BT1-010")
    (p,) = report.problems
    assert p.message() == "BT1-010 Agumon: 3 in A + 2 in B = 5, the team may hold 4 (team restriction)"
    assert p.to_json() == {"rule": "team-restriction", "card": "BT1-010", "name": "Agumon",
                           "counts": {"A": 3, "B": 2}, "total": 5, "limit": 4, "message": p.message()}


def test_fifty_copy_card_at_sixty_across_the_team_is_legal(corpus):
    report = check_team([read_deck(FIXTURES / "vemmon-a.txt", "A"), read_deck(FIXTURES / "vemmon-b.txt", "B")],
                        corpus)
    assert report.legal, [p.message() for p in report.problems]
    assert report.decks[0].sections == {"cards": 50, "Digi-Eggs": 5}


def test_team_restriction_not_run_for_one_deck(corpus):
    report = check_team([make_deck(EGGS + legal_main())], corpus)
    assert "team-restriction" not in report.rules
    assert "banned" in report.rules


def test_restricted_card_from_the_banlist(corpus):
    restricted = with_banlist('last_updated = "test"\nrestricted = ["BT1-010"]\n')
    assert _disjoint_team(corpus, "1 BT1-010", "0 BT1-011", banlist=restricted).legal
    report = _disjoint_team(corpus, "1 BT1-010", "1 BT1-010", banlist=restricted)
    (p,) = report.problems
    assert p.message() == ("BT1-010 Agumon: 1 in A + 1 in B = 2, the team may hold 1, restricted by the "
                           "format's banlist (restricted card)")
    assert (p.rule, p.limit) == ("restricted", 1)


def test_banned_card_from_the_banlist(corpus):
    banned = with_banlist('banned = ["ST1-16"]\n')
    report = _disjoint_team(corpus, "1 ST01-16", "0 BT1-011", banlist=banned)
    (p,) = report.problems
    assert p.message() == "ST1-16 Gaia Force: 1 in A, banned by the format's banlist (banned card)"
    assert (p.rule, p.limit, p.counts) == ("banned", 0, {"A": 1, "B": 0})


def test_banned_pair_from_the_banlist(corpus):
    pairs = with_banlist('banned_pairs = [{ cards = ["BT1-085"], with = ["BT1-086", "BT1-087"] }]\n')
    assert _disjoint_team(corpus, "1 BT1-085", "0 BT1-011", banlist=pairs).legal
    report = _disjoint_team(corpus, "1 BT1-085", "2 BT1-087", banlist=pairs)
    (p,) = report.problems
    assert (p.rule, p.card) == ("banned-pair", "BT1-085")
    assert p.to_json()["with"] == [{"card": "BT1-087", "name": "T.K. Takaishi", "counts": {"A": 0, "B": 2}}]
    assert p.message() == ("BT1-085 Tai Kamiya: 1 in A, may not be in a team with the other half of its pair; "
                           "with BT1-087 T.K. Takaishi (2 in B) (banned pair)")


def _raw_database(tmp_path, corpus, restrictions: dict[str, str], extra_rule: dict[str, str] = {}):
    """The shipped cards, as the app's full raw records with a restrictions field."""
    records = []
    for card in corpus.cards:
        record = {"id": card.id, "cardNumber": card.id, "name": {"english": card.name},
                  "cardType": card.card_type, **card.texts}
        status = restrictions.get(card.id, "Unrestricted")
        record["restrictions"] = {"english": status, "japanese": "Unrestricted", "korean": "-", "chinese": "-"}
        if card.id in extra_rule:
            record["rule"] = extra_rule[card.id]
        records.append(record)
    path = tmp_path / "DigimonCards.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return digimon_cards.load(path)


def test_restrictions_from_the_card_database(tmp_path, corpus):
    db = _raw_database(tmp_path, corpus, {"BT1-010": "Restricted to 1", "BT1-090": "Banned"})
    report = _disjoint_team(db, "1 BT1-010", "1 BT1-010")
    (p,) = report.problems
    assert p.message().endswith("the team may hold 1, restricted by the card database (restricted card)")
    report = _disjoint_team(db, "1 BT1-090", "0 BT1-010")   # "0 BT1-010": keeps the restricted card out
    assert [(p.rule, p.card) for p in report.problems] == [("banned", "BT1-090")]
    assert any("'english' column" in s for s in report.sources)


def test_the_banlist_chooses_the_database_column(tmp_path, corpus):
    db = _raw_database(tmp_path, corpus, {"BT1-090": "Banned"})
    ignore = with_banlist('[database]\nrestrictions = ""\n')
    japanese = with_banlist('[database]\nrestrictions = "japanese"\n')
    assert _disjoint_team(db, "1 BT1-090", "0 BT1-011", banlist=ignore).legal
    assert _disjoint_team(db, "1 BT1-090", "0 BT1-011", banlist=japanese).legal


def test_unknown_card_is_a_problem_not_a_crash(corpus):
    a = make_deck(EGGS + "2 BT99-999\n" + legal_main(n=48), "A")
    report = check_team([a], corpus)
    assert not report.legal
    (p,) = problems(report, "unknown-card")
    assert p.message() == "BT99-999: 2 in A, not in the card database (A line 3) (unknown card)"
    assert p.to_json()["name"] is None
    assert problems(report, "deck-size") == []   # an unknown card still counts as a card


# ------------------------------------------------------------------ 50-copy cards, from text

def test_fifty_copy_cards_are_found_from_their_text(corpus, banlist):
    facts = CardFacts(corpus, banlist)
    found = {card.id for card in corpus.cards if facts.copies_allowed(card.id) == 50}
    # the shipped database's cards whose effect says "You can include up to 50 copies ..."
    assert found == {"BT6-085", "BT11-061", "EX2-046"}
    assert facts.copies_allowed("BT1-010") == 4
    assert facts.unlimited_in_team("BT6-085") and not facts.unlimited_in_team("BT1-010")


def test_fifty_copy_text_is_read_from_any_text_field(tmp_path, corpus, banlist):
    # The app's full records keep rule text in its own field; the sentence is read there too.
    sentence = "You can include up to 50 copies of cards with this card's card number in your deck."
    db = _raw_database(tmp_path, corpus, {}, extra_rule={"BT22-079": f"[Rule] {sentence}"})
    facts = CardFacts(db, banlist)
    assert facts.copies_allowed("BT22-079") == 50
    assert CardFacts(corpus, banlist).copies_allowed("BT22-079") == 4


# ------------------------------------------------------------------ the shipped banlist

def test_shipped_banlist_states_what_is_known(banlist):
    assert banlist.last_updated == "BT-21"
    assert banlist.format == "Tag Tamer"
    assert "could not be found" in banlist.status
    assert banlist.banned == frozenset() and banlist.restricted == frozenset() and banlist.banned_pairs == ()
    assert banlist.database_column == "english"
    assert banlist.reviewed == "2026-11-23"


@pytest.mark.parametrize("text, message", [
    ("banned = [", "invalid TOML"),
    ('banned = "BT1-010"', "banned must be a list of card ids"),
    ('restricted = ["Agumon"]', "restricted: 'Agumon' is not a card id"),
    ('banned_pairs = [{ cards = ["BT1-010"] }]', "banned_pairs entry 1"),
    ('[database]\nrestrictions = "klingon"', "[database] restrictions must be one of"),
])
def test_bad_banlist_is_a_one_line_error(text, message):
    with pytest.raises(banlist_file.BanlistError) as info:
        with_banlist(text)
    assert message in str(info.value) and str(info.value).startswith("test-banlist.toml: ")
