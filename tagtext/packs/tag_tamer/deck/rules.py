"""The Tag Tamer deck rules: one function per rule, its docstring the manual's sentence.

Each takes the team (:class:`tagtext.deck.Team`; a ``deck`` rule gets a team of one deck)
and the :class:`~.cards.CardFacts`, and yields a :class:`tagtext.deck.Problem` for each
card or deck that breaks it. :data:`RULES` lists them in the order problems are reported.
"""

from __future__ import annotations

from typing import Iterator

from tagtext.deck import DeckRule, Problem, Team

from .cards import CardFacts

MAIN_DECK = 50
MAX_EGGS = 5


def _card_problem(rule: DeckRule, team: Team, facts: CardFacts, card: str, limit: int | None,
                  allowed: str, **extra) -> Problem:
    return Problem(rule=rule.id, rule_title=rule.title, allowed=allowed, card=card,
                   name=facts.name(card), counts=team.counts(card), limit=limit, **extra)


def known_cards(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """Every card must be one the card database knows: an id it does not have cannot be
    checked against any other rule (and is usually a typo or a card newer than the
    database)."""
    for card in team.cards():
        if not facts.known(card):
            where = ", ".join(f"{d.label} line {d.first_line(card)}" for d in team.decks if d.count(card))
            yield Problem(rule=KNOWN_CARDS.id, rule_title=KNOWN_CARDS.title, card=card,
                          counts=team.counts(card), allowed=f"not in the card database ({where})")


def deck_size(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """Like in the standard format, decks consist of up to 5 digitama cards and exactly 50
    non-digitama cards, with a cap of 4 copies per card except where explicitly stated
    otherwise. (Exactly 50 non-digitama cards.)"""
    for deck in team.decks:
        main = sum(n for card, n in deck.counts().items() if not facts.is_egg(card))
        if main != MAIN_DECK:
            yield Problem(rule=DECK_SIZE.id, rule_title=DECK_SIZE.title, deck=deck.label,
                          counts={deck.label: main}, limit=MAIN_DECK, unit="non-Digi-Egg cards",
                          allowed=f"a deck holds exactly {MAIN_DECK}")


def digi_eggs(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """Like in the standard format, decks consist of up to 5 digitama cards and exactly 50
    non-digitama cards, with a cap of 4 copies per card except where explicitly stated
    otherwise. (Up to 5 digitama cards: 0 to 5.)"""
    for deck in team.decks:
        eggs = sum(n for card, n in deck.counts().items() if facts.is_egg(card))
        if eggs > MAX_EGGS:
            yield Problem(rule=DIGI_EGGS.id, rule_title=DIGI_EGGS.title, deck=deck.label,
                          counts={deck.label: eggs}, limit=MAX_EGGS, unit="Digi-Eggs",
                          allowed=f"a deck holds 0 to {MAX_EGGS}")


def copies_per_deck(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """Like in the standard format, decks consist of up to 5 digitama cards and exactly 50
    non-digitama cards, with a cap of 4 copies per card except where explicitly stated
    otherwise. (A card whose text allows up to 50 copies may have up to 50.)"""
    (deck,) = team.decks
    for card, n in deck.counts().items():
        if not facts.known(card):
            continue
        limit = facts.copies_allowed(card)
        if n > limit:
            yield _card_problem(COPIES_PER_DECK, team, facts, card, limit, f"a deck may hold {limit}",
                                deck=deck.label)


def team_restriction(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """However, in Tag Tamer, the "team restriction" also applies: Card limits are applied
    to the team as a whole as if they are playing a single 100-card deck. (50-copies cards
    are treated as being ∞-copies for the sake of the team restriction.)"""
    for card in team.cards():
        if not facts.known(card) or facts.unlimited_in_team(card) or facts.restriction(card):
            continue  # unknown: reported once; 50-copies: unlimited; banned/restricted: their own rules
        if sum(1 for n in team.counts(card).values() if n) < 2:
            continue  # in one deck only: the copies-per-deck rule says it
        limit = facts.copies_allowed(card)
        if team.total(card) > limit:
            yield _card_problem(TEAM_RESTRICTION, team, facts, card, limit, f"the team may hold {limit}")


def restricted_cards(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """Card limits are applied to the team as a whole as if they are playing a single
    100-card deck. (A card restricted to 1 — by the format's banlist or the card database —
    may appear once in the whole team.)"""
    for card in team.cards():
        r = facts.restriction(card)
        if r and r.kind == "restricted" and team.total(card) > 1:
            yield _card_problem(RESTRICTED, team, facts, card, 1,
                                f"the team may hold 1, restricted by the {_by(r.source)}")


def banned_cards(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The banlist for the Tag Tamer format is controlled by the maintainers. (A banned card
    — by the format's banlist or the card database — may not appear in the team.)"""
    for card in team.cards():
        r = facts.restriction(card)
        if r and r.kind == "banned" and team.total(card) > 0:
            yield _card_problem(BANNED, team, facts, card, 0, f"banned by the {_by(r.source)}")


def banned_pairs(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The banlist for the Tag Tamer format is controlled by the maintainers. (Cards on
    the two sides of a banned pair may not be in the same team: as one 100-card deck.)"""
    present = set(team.cards())
    for pair in facts.banlist.banned_pairs:
        mine = [c for c in pair.cards if c in present]
        theirs = [c for c in pair.with_ if c in present]
        if not (mine and theirs):
            continue
        for card in mine:
            related = tuple({"card": o, "name": facts.name(o), "counts": team.counts(o)} for o in theirs)
            yield _card_problem(BANNED_PAIR, team, facts, card, 0,
                                "may not be in a team with the other half of its pair", related=related)


def _by(source: str) -> str:
    return "format's banlist" if source == "banlist" else "card database"


KNOWN_CARDS = DeckRule("unknown-card", "team", known_cards, "unknown card")
DECK_SIZE = DeckRule("deck-size", "deck", deck_size, "deck size")
DIGI_EGGS = DeckRule("digi-eggs", "deck", digi_eggs, "Digi-Egg deck")
COPIES_PER_DECK = DeckRule("copies-per-deck", "deck", copies_per_deck, "copies per deck")
TEAM_RESTRICTION = DeckRule("team-restriction", "team", team_restriction, "team restriction", alone=False)
RESTRICTED = DeckRule("restricted", "team", restricted_cards, "restricted card")
BANNED = DeckRule("banned", "team", banned_cards, "banned card")
BANNED_PAIR = DeckRule("banned-pair", "team", banned_pairs, "banned pair")

#: The Tag Tamer deck rules, in the order their problems are reported.
RULES: tuple[DeckRule, ...] = (
    KNOWN_CARDS, DECK_SIZE, DIGI_EGGS, COPIES_PER_DECK, TEAM_RESTRICTION, RESTRICTED, BANNED,
    BANNED_PAIR,
)
