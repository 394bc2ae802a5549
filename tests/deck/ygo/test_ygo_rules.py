"""The Yu-Gi-Oh! tag-duel deck rules, one by one, on real passwords, at their boundaries."""

from __future__ import annotations

import pytest

from tagtext.packs.ygo_tag.deck import RULES, read_deck, check_team

from .conftest import (
    ANKURIBOH, BLUE_EYES, BLUE_EYES_ULTIMATE, DARK_MAGICIAN, DECODE_TALKER, DRDEK, EFFECT_VEILER,
    EXTRA, FIXTURES, MAXX_C, MONSTER_REBORN, ODD_EYES_REBELLION, POLYMERIZATION, POT_OF_GREED,
    SEMI_LIMITED, STARDUST, UTOPIA, check, filler, rules_of, ydk,
)


def test_the_test_cards_are_what_the_database_says(facts):
    """The passwords the tests lean on, as the shipped database has them."""
    status = {c: facts.status(str(c)) for c in (BLUE_EYES, MONSTER_REBORN, SEMI_LIMITED, POT_OF_GREED,
                                                 MAXX_C, ANKURIBOH, DRDEK)}
    assert status == {BLUE_EYES: "Unlimited", MONSTER_REBORN: "Limited", SEMI_LIMITED: "Semi-Limited",
                      POT_OF_GREED: "Forbidden", MAXX_C: "Forbidden", ANKURIBOH: "Not yet released",
                      DRDEK: ""}
    assert [facts.card(str(c)).extra_deck for c in (STARDUST, BLUE_EYES_ULTIMATE, UTOPIA, DECODE_TALKER,
                                                     ODD_EYES_REBELLION)] == [True] * 5
    assert not any(facts.card(str(c)).extra_deck for c in (BLUE_EYES, POLYMERIZATION, EFFECT_VEILER))
    assert {facts.name(str(c)) for c in DARK_MAGICIAN} == {"Dark Magician"}
    assert all(facts.card(str(c)).extra_deck for c in EXTRA)


def test_every_rule_states_its_sentence():
    by_id = {r.id: " ".join(r.statement.split()) for r in RULES}
    assert all(by_id.values())
    assert "Side Decks are not used (only one game is played)" in by_id["side-deck"]
    for rule in ("main-deck-size", "extra-deck-size", "copies-per-player", "forbidden", "limited",
                 "semi-limited", "extra-deck-monster-in-main"):
        assert "The most recent Advanced Format Forbidden & Limited Lists and rules are used" in by_id[rule]
    assert "no team-wide copy limit" in by_id["copies-per-player"]
    assert all(r.scope == "deck" for r in RULES)       # no team rule in this format


# ------------------------------------------------------------------ fixture teams

def test_fixture_team_is_legal(facts):
    report = check_team([read_deck(FIXTURES / "alice.ydk", "A"), read_deck(FIXTURES / "bob.txt", "B")], facts)
    assert report.legal, [p.message() for p in report.problems]
    assert [d.sections for d in report.decks] == [{"Main Deck": 40, "Extra Deck": 15},
                                                  {"Main Deck": 41, "Extra Deck": 5}]
    assert [d.format for d in report.decks] == ["YDK", "text"]


def test_fixture_deck_with_every_kind_of_problem(facts):
    report = check_team([read_deck(FIXTURES / "carol.ydk")], facts)
    assert [p.message() for p in report.problems] == [
        "A: 2 Side Deck cards, Side Decks are not used (only one game is played) (Side Deck)",
        "44508094 Stardust Dragon: 1 in A, belongs in the Extra Deck, not the Main Deck "
        "(Extra Deck monster in the Main Deck)",
        "97268402 Effect Veiler: 4 in A, a player may hold 3 (copies per player)",
        "55144522 Pot of Greed: 1 in A, Forbidden in the TCG list: may not be played (Forbidden card)",
        "83764718 Monster Reborn: 2 in A, Limited in the TCG list: a player may hold 1 (Limited card)",
    ]


# ------------------------------------------------------------------ sizes

@pytest.mark.parametrize("main, legal", [(39, False), (40, True), (60, True), (61, False)])
def test_main_deck_holds_40_to_60(facts, main, legal):
    cards = filler(min(main, 60)) + ([(BLUE_EYES, 1)] if main > 60 else [])
    report = check(ydk(cards), facts=facts)
    assert report.legal is legal, [p.message() for p in report.problems]
    if not legal:
        (p,) = report.problems
        assert (p.rule, p.counts, p.limit) == ("main-deck-size", {"A": main}, 40 if main < 40 else 60)
        assert p.message() == f"A: {main} Main Deck cards, a Main Deck holds 40 to 60 (Main Deck size)"


@pytest.mark.parametrize("extra, legal", [(0, True), (15, True), (16, False)])
def test_extra_deck_holds_0_to_15(facts, extra, legal):
    report = check(ydk(filler(40), [(c, 1) for c in EXTRA[:extra]]), facts=facts)
    assert report.legal is legal, [p.message() for p in report.problems]
    if not legal:
        (p,) = report.problems
        assert (p.rule, p.counts, p.limit) == ("extra-deck-size", {"A": 16}, 15)


# ------------------------------------------------------------------ copies

@pytest.mark.parametrize("copies, legal", [(3, True), (4, False)])
def test_three_copies_of_a_card(facts, copies, legal):
    report = check(ydk([(BLUE_EYES, copies)] + filler(40 - copies)), facts=facts)
    assert report.legal is legal
    if not legal:
        (p,) = report.problems
        assert (p.rule, p.card, p.name, p.counts, p.limit) == (
            "copies-per-player", str(BLUE_EYES), "Blue-Eyes White Dragon", {"A": 4}, 3)


def test_copies_count_by_name_across_passwords(facts):
    """Dark Magician under two passwords: 2 + 2 is 4 copies of one card."""
    report = check(ydk([(DARK_MAGICIAN[0], 2), (DARK_MAGICIAN[1], 2)] + filler(36)), facts=facts)
    (p,) = report.problems
    assert (p.rule, p.name, p.counts) == ("copies-per-player", "Dark Magician", {"A": 4})
    assert check(ydk([(DARK_MAGICIAN[0], 2), (DARK_MAGICIAN[1], 1)] + filler(37)), facts=facts).legal


def test_copies_count_main_and_extra_together(facts):
    """3 in the Extra Deck and 1 misplaced in the Main Deck are 4 copies."""
    report = check(ydk([(STARDUST, 1)] + filler(39), [(STARDUST, 3)]), facts=facts)
    assert rules_of(report) == ["extra-deck-monster-in-main", "copies-per-player"]


@pytest.mark.parametrize("copies, legal", [(1, True), (2, False)])
def test_a_limited_card(facts, copies, legal):
    report = check(ydk([(MONSTER_REBORN, copies)] + filler(40 - copies)), facts=facts)
    assert report.legal is legal
    if not legal:
        (p,) = report.problems
        assert (p.rule, p.name, p.counts, p.limit) == ("limited", "Monster Reborn", {"A": 2}, 1)


@pytest.mark.parametrize("copies, legal", [(2, True), (3, False)])
def test_a_semi_limited_card(facts, copies, legal):
    report = check(ydk([(SEMI_LIMITED, copies)] + filler(40 - copies)), facts=facts)
    assert report.legal is legal
    if not legal:
        (p,) = report.problems
        assert (p.rule, p.counts, p.limit) == ("semi-limited", {"A": 3}, 2)


@pytest.mark.parametrize("card", [POT_OF_GREED, MAXX_C])
def test_a_forbidden_card_even_once(facts, card):
    report = check(ydk([(card, 1)] + filler(39)), facts=facts)
    (p,) = report.problems
    assert (p.rule, p.card, p.counts, p.limit) == ("forbidden", str(card), {"A": 1}, 0)


@pytest.mark.parametrize("card, why", [(ANKURIBOH, "not yet released in the TCG"),
                                       (DRDEK, "no TCG status in the card database")])
def test_a_card_not_in_the_tcg(facts, card, why):
    (p,) = check(ydk([(card, 1)] + filler(39)), facts=facts).problems
    assert p.rule == "not-tcg-legal" and p.message().endswith(f"may not be played ({why}) (not TCG-legal)")


# ------------------------------------------------------------------ where a card goes

@pytest.mark.parametrize("card", [STARDUST, BLUE_EYES_ULTIMATE, UTOPIA, DECODE_TALKER, ODD_EYES_REBELLION])
def test_an_extra_deck_monster_in_the_main_deck(facts, card):
    report = check(ydk([(card, 1)] + filler(40)), facts=facts)
    (p,) = report.problems
    assert (p.rule, p.card) == ("extra-deck-monster-in-main", str(card))


def test_every_extra_deck_kind_is_legal_in_the_extra_deck(facts):
    extra = [(c, 1) for c in (STARDUST, BLUE_EYES_ULTIMATE, UTOPIA, DECODE_TALKER, ODD_EYES_REBELLION)]
    assert check(ydk(filler(40), extra), facts=facts).legal


@pytest.mark.parametrize("card", [BLUE_EYES, POLYMERIZATION])
def test_a_main_deck_card_in_the_extra_deck(facts, card):
    (p,) = check(ydk(filler(40), [(card, 1)]), facts=facts).problems
    assert (p.rule, p.card) == ("main-deck-card-in-extra", str(card))


# ------------------------------------------------------------------ side deck, unknown cards

def test_a_side_deck_with_cards(facts):
    report = check(ydk(filler(40), side=[(EFFECT_VEILER, 3)]), facts=facts)
    (p,) = report.problems
    assert (p.rule, p.counts) == ("side-deck", {"A": 3})
    assert report.decks[0].sections == {"Main Deck": 40, "Extra Deck": 0, "Side Deck": 3}


def test_an_empty_side_line_is_not_a_side_deck(facts):
    """YGOPro and EDOPro write `!side` in every deck file they save."""
    assert check(ydk(filler(40), side=[]), facts=facts).legal


def test_side_deck_cards_are_not_counted_as_copies(facts):
    report = check(ydk([(BLUE_EYES, 3)] + filler(37), side=[(BLUE_EYES, 1)]), facts=facts)
    assert rules_of(report) == ["side-deck"]


def test_an_unknown_password(facts):
    report = check(ydk([(12345678, 1)] + filler(39)), facts=facts)
    (p,) = report.problems
    assert (p.rule, p.card) == ("unknown-card", "12345678")
    assert "not in the card database (A line 3)" in p.message()


# ------------------------------------------------------------------ the team

def test_no_team_wide_copy_limit(facts):
    """Both players play 3 Blue-Eyes and a Limited Monster Reborn: legal, decks are independent."""
    deck = ydk([(BLUE_EYES, 3), (MONSTER_REBORN, 1)] + filler(36))
    report = check(deck, deck, facts=facts)
    assert report.legal and report.team
    assert report.rules == [r.id for r in RULES]


def test_each_deck_is_reported_under_its_label(facts):
    good = ydk(filler(40))
    bad = ydk([(POT_OF_GREED, 1)] + filler(38))
    report = check(good, bad, facts=facts)
    assert [(p.rule, p.deck) for p in report.problems] == [("main-deck-size", "B"), ("forbidden", "B")]
    assert report.problems[1].message().startswith("55144522 Pot of Greed: 1 in B,")


def test_report_json(facts):
    doc = check(ydk([(POT_OF_GREED, 1)] + filler(39)), facts=facts).to_json()
    assert doc["pack"] == "ygo-tag" and doc["legal"] is False
    (p,) = doc["problems"]
    assert {k: p[k] for k in ("rule", "card", "name", "counts", "limit", "deck")} == {
        "rule": "forbidden", "card": "55144522", "name": "Pot of Greed", "counts": {"A": 1}, "limit": 0,
        "deck": "A"}
    assert doc["sources"][0].startswith("cards: shipped ygo-cards.json (14276 cards)")
    assert doc["sources"][1].startswith("Forbidden & Limited: the card database's TCG status (119 Forbidden")


def test_one_to_two_decks_only(facts):
    with pytest.raises(ValueError):
        check_team([], facts)
