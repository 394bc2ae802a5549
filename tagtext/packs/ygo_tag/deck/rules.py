"""The Yu-Gi-Oh! tag-duel deck rules: one function per rule, its docstring the seed's
or the Advanced Format's sentence.

Critical Hit Games' Tag Format (seed 001): "Each player has their own Main Deck and Extra
Deck, but Side Decks are not used (only one game is played)." and "The most recent
Advanced Format Forbidden & Limited Lists and rules are used". So each player's deck is
checked alone, as in an ordinary Advanced Format duel: every rule here is a ``deck`` rule.
There is no team-wide copy limit in this format (unlike Tag Tamer's "team restriction"):
the two players of a team may each play 3 copies of the same card.

Each check takes a team of one deck (:class:`tagtext.deck.Team`, the driver runs a
``deck`` rule once per deck) and the :class:`~.cards.CardFacts`, and yields a
:class:`tagtext.deck.Problem` for each card or deck that breaks it. :data:`RULES` lists
them in the order problems are reported.
"""

from __future__ import annotations

from typing import Iterator

from tagtext.deck import DeckRule, Problem, Team

from .cards import COPIES, FORBIDDEN, LIMITED, NOT_RELEASED, SEMI_LIMITED, CardFacts
from .formats import EXTRA, MAIN, YgoDeck

MAIN_MIN, MAIN_MAX = 40, 60
EXTRA_MAX = 15
MAX_COPIES = COPIES["Unlimited"]


def _deck(team: Team) -> YgoDeck:
    (deck,) = team.decks
    return deck


def _by_name(deck: YgoDeck, facts: CardFacts) -> dict[str, tuple[str, int]]:
    """Card name -> (the first id written for it, copies in the Main and Extra Deck):
    copies count by name, whatever password (reprint) each copy is written with."""
    out: dict[str, tuple[str, int]] = {}
    for entry in deck.entries:
        name = facts.name(entry.card)
        if name is None:
            continue                    # unknown: the unknown-card rule says so
        first, n = out.get(name, (entry.card, 0))
        out[name] = (first, n + entry.count)
    return out


def _card_problem(rule: DeckRule, deck: YgoDeck, facts: CardFacts, card: str, count: int,
                  limit: int | None, allowed: str) -> Problem:
    return Problem(rule=rule.id, rule_title=rule.title, allowed=allowed, card=card, name=facts.name(card),
                   counts={deck.label: count}, limit=limit, deck=deck.label)


def _size_problem(rule: DeckRule, deck: YgoDeck, size: int, limit: int, unit: str, allowed: str) -> Problem:
    return Problem(rule=rule.id, rule_title=rule.title, allowed=allowed, deck=deck.label,
                   counts={deck.label: size}, limit=limit, unit=unit)


def known_cards(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """Every card must be one the card database knows: a password or name it does not
    have cannot be checked against any other rule (and is usually a typo, a card newer
    than the database, or a simulator's own alternative-art code)."""
    deck = _deck(team)
    for card in team.cards():
        if not facts.known(card):
            yield Problem(rule=KNOWN_CARDS.id, rule_title=KNOWN_CARDS.title, card=card, deck=deck.label,
                          counts=team.counts(card),
                          allowed=f"not in the card database ({deck.label} line {deck.first_line(card)})")


def side_deck(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """Each player has their own Main Deck and Extra Deck, but Side Decks are not used
    (only one game is played). (A Side Deck with cards in it is a problem; an empty
    ``!side`` line, which YGOPro and EDOPro write in every deck file they save, is not.)"""
    deck = _deck(team)
    size = deck.size("Side Deck")
    if size:
        yield _size_problem(SIDE_DECK, deck, size, 0, "Side Deck cards",
                            "Side Decks are not used (only one game is played)")


def main_deck_size(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (Advanced Format: a Main Deck holds 40 to 60 cards.)"""
    deck = _deck(team)
    size = deck.size(MAIN)
    if not MAIN_MIN <= size <= MAIN_MAX:
        yield _size_problem(MAIN_DECK_SIZE, deck, size, MAIN_MIN if size < MAIN_MIN else MAIN_MAX,
                            "Main Deck cards", f"a Main Deck holds {MAIN_MIN} to {MAIN_MAX}")


def extra_deck_size(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (Advanced Format: an Extra Deck holds 0 to 15 cards.)"""
    deck = _deck(team)
    size = deck.size(EXTRA)
    if size > EXTRA_MAX:
        yield _size_problem(EXTRA_DECK_SIZE, deck, size, EXTRA_MAX, "Extra Deck cards",
                            f"an Extra Deck holds 0 to {EXTRA_MAX}")


def extra_deck_monsters_in_main(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (Advanced Format: Fusion, Synchro, Xyz and Link Monsters, Pendulum ones included,
    start the Duel in the Extra Deck, never in the Main Deck.)"""
    yield from _misplaced(team, facts, MAIN, EXTRA_IN_MAIN, True,
                          "belongs in the Extra Deck, not the Main Deck")


def main_deck_cards_in_extra(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (Advanced Format: the Extra Deck holds only Fusion, Synchro, Xyz and Link Monsters;
    every other card belongs in the Main Deck.)"""
    yield from _misplaced(team, facts, EXTRA, MAIN_IN_EXTRA, False,
                          "belongs in the Main Deck, not the Extra Deck")


def _misplaced(team: Team, facts: CardFacts, section: str, rule: DeckRule, extra: bool,
               allowed: str) -> Iterator[Problem]:
    deck = _deck(team)
    counts: dict[str, int] = {}
    for entry in deck.section(section):
        card = facts.card(entry.card)
        if card is not None and card.extra_deck is extra:
            counts[entry.card] = counts.get(entry.card, 0) + entry.count
    for card, n in counts.items():
        yield _card_problem(rule, deck, facts, card, n, 0, allowed)


def copies_per_player(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (Advanced Format: a player's Main and Extra Deck together hold at most 3 copies of a
    card, by name. Each player of a team is held to this alone: the two decks are
    independent, there is no team-wide copy limit in this format.)"""
    deck = _deck(team)
    for name, (card, n) in _by_name(deck, facts).items():
        if facts.status(card) in (FORBIDDEN, LIMITED, SEMI_LIMITED):
            continue                    # their own, lower, limits say it
        if n > MAX_COPIES:
            yield _card_problem(COPIES_PER_PLAYER, deck, facts, card, n, MAX_COPIES,
                                f"a player may hold {MAX_COPIES}")


def _listed(team: Team, facts: CardFacts, status: str, rule: DeckRule) -> Iterator[Problem]:
    deck = _deck(team)
    limit = COPIES[status]
    for name, (card, n) in _by_name(deck, facts).items():
        if facts.status(card) == status and n > limit:
            allowed = "may not be played" if limit == 0 else f"a player may hold {limit}"
            yield _card_problem(rule, deck, facts, card, n, limit, f"{status} in the TCG list: {allowed}")


def forbidden_cards(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (A card the TCG list has Forbidden may not be in a player's Main or Extra Deck.)"""
    yield from _listed(team, facts, FORBIDDEN, FORBIDDEN_RULE)


def limited_cards(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (A card the TCG list has Limited: at most 1 copy in a player's Main and Extra Deck.)"""
    yield from _listed(team, facts, LIMITED, LIMITED_RULE)


def semi_limited_cards(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (A card the TCG list has Semi-Limited: at most 2 copies in a player's Main and Extra
    Deck.)"""
    yield from _listed(team, facts, SEMI_LIMITED, SEMI_LIMITED_RULE)


def tcg_released(team: Team, facts: CardFacts) -> Iterator[Problem]:
    """The most recent Advanced Format Forbidden & Limited Lists and rules are used.
    (The Advanced Format is the TCG's: a card the card database has as not yet released
    in the TCG, or with no TCG status at all, such as an OCG-only card, is not legal.)"""
    deck = _deck(team)
    for name, (card, n) in _by_name(deck, facts).items():
        status = facts.status(card)
        if status in COPIES:
            continue
        why = "not yet released in the TCG" if status == NOT_RELEASED else "no TCG status in the card database"
        yield _card_problem(TCG_RELEASED, deck, facts, card, n, 0, f"may not be played ({why})")


KNOWN_CARDS = DeckRule("unknown-card", "deck", known_cards, "unknown card")
SIDE_DECK = DeckRule("side-deck", "deck", side_deck, "Side Deck")
MAIN_DECK_SIZE = DeckRule("main-deck-size", "deck", main_deck_size, "Main Deck size")
EXTRA_DECK_SIZE = DeckRule("extra-deck-size", "deck", extra_deck_size, "Extra Deck size")
EXTRA_IN_MAIN = DeckRule("extra-deck-monster-in-main", "deck", extra_deck_monsters_in_main,
                         "Extra Deck monster in the Main Deck")
MAIN_IN_EXTRA = DeckRule("main-deck-card-in-extra", "deck", main_deck_cards_in_extra,
                         "Main Deck card in the Extra Deck")
COPIES_PER_PLAYER = DeckRule("copies-per-player", "deck", copies_per_player, "copies per player")
FORBIDDEN_RULE = DeckRule("forbidden", "deck", forbidden_cards, "Forbidden card")
LIMITED_RULE = DeckRule("limited", "deck", limited_cards, "Limited card")
SEMI_LIMITED_RULE = DeckRule("semi-limited", "deck", semi_limited_cards, "Semi-Limited card")
TCG_RELEASED = DeckRule("not-tcg-legal", "deck", tcg_released, "not TCG-legal")

#: The tag-duel deck rules, in the order their problems are reported. All are per deck:
#: there is no team rule (no team-wide copy limit) in this format.
RULES: tuple[DeckRule, ...] = (
    KNOWN_CARDS, SIDE_DECK, MAIN_DECK_SIZE, EXTRA_DECK_SIZE, EXTRA_IN_MAIN, MAIN_IN_EXTRA,
    COPIES_PER_PLAYER, FORBIDDEN_RULE, LIMITED_RULE, SEMI_LIMITED_RULE, TCG_RELEASED,
)
