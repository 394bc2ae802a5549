"""The tag battle's deck rules (seed 002: 401, 402; BD-NOTES "Deck rules"), one function
each; the docstring of each is the rule as the seed or BD-NOTES states it.

Every check gets the team (one deck, or the two: ``team`` rules) and the
:class:`Regulation` (the card table's facts, whether Two-Limit is on, the banlist, the
territories' own limits)."""

from __future__ import annotations

from dataclasses import dataclass

from tagtext.deck import DeckRule, Problem, Team

from .cards import DeckFacts
from .formats import BdDeck
from .regulation import Banlist, territory_limits

MAIN_MIN, MAIN_MAX = 40, 50
COPIES = 4
TWO_LIMIT, TWO_LIMIT_ACE = 2, 4
BUSTERS = 12
SHOTS_MAX = 12
D_DECK_MAX = 12


@dataclass(frozen=True)
class Regulation:
    facts: DeckFacts
    two_limit: bool
    banlist: Banlist


def _decks(team: Team) -> tuple[BdDeck, ...]:
    return team.decks  # type: ignore[return-value]


def _card(reg: Regulation, key: str):
    return reg.facts.get(key)


def main_deck_size(team: Team, reg: Regulation):
    """メインデッキは40枚以上50枚以下 (BD-NOTES deck #1: 40–50 main-deck cards, plus 1
    territory outside the deck)."""
    for deck in _decks(team):
        size = deck.main_size()
        if not MAIN_MIN <= size <= MAIN_MAX:
            yield Problem("main-deck-size", f"a main deck holds {MAIN_MIN} to {MAIN_MAX}", "main deck size",
                          deck=deck.label, counts={deck.label: size}, unit="main-deck cards")


def territory(team: Team, reg: Regulation):
    """テリトリーカード1枚をデッキ外に準備する (BD-NOTES deck #1): one territory, named on a
    line 'テリトリー: NAME', a territory card of the table; a territory is not a main-deck card."""
    for deck in _decks(team):
        if deck.territory is None:
            yield Problem("territory", "each player prepares 1 territory outside the deck (a line 'テリトリー: NAME')",
                          "territory", deck=deck.label, counts={deck.label: 0}, unit="territories")
        else:
            card = _card(reg, deck.territory.key)
            if card is not None and card.kind != "territory":
                yield Problem("territory", f"the territory is a territory card, not a {card.kind}", "territory",
                              card=deck.territory.written, counts={deck.label: 1})
        for entry in (*deck.entries, *deck.d_deck):
            card = _card(reg, entry.card)
            if card is not None and card.kind == "territory":
                yield Problem("territory", "a territory is prepared outside the deck, not in it", "territory",
                              card=entry.written, counts={deck.label: entry.count})


def copies(team: Team, reg: Regulation):
    """デッキにはカード名が同一のカードを4枚まで入れることができる、Dデッキを含む (BD-NOTES deck #2);
    選択ルール1 (402-1a, Two-Limit): 選択したエースカードは4枚まで、それ以外のカードは2枚まで (deck
    #3); a territory's own rule, 《神域 鏡花水月》「メインデッキの同じカードは3枚まででデッキを構築する。」,
    changes the limit for its player, and with Two-Limit on the lower limit applies (deck #8)."""
    for deck in _decks(team):
        own = territory_limits().get(deck.territory.key) if deck.territory is not None else None
        ace = deck.ace.key if deck.ace is not None else None
        for key, n in deck.copies().items():
            limit, why = COPIES, "at most 4 per name, the D deck included"
            if reg.two_limit:
                limit, why = ((TWO_LIMIT_ACE, "the chosen ace at most 4 (Two-Limit)") if key == ace
                              else (TWO_LIMIT, "at most 2 per name, the chosen ace 4 (Two-Limit)"))
            if own is not None and own[0] < limit:
                limit, why = own[0], f"at most {own[0]} per name (the territory: 「{own[1]}」)"
            if n > limit:
                yield Problem("copies", why, "copies per name", card=deck.written(key), counts={deck.label: n},
                              limit=limit)


def chosen_ace(team: Team, reg: Regulation):
    """選択ルール1 (402-1a): 各プレイヤーはエースカードを1種選択し (Two-Limit only): a line
    'エース: NAME' naming an ace card of the deck."""
    if not reg.two_limit:
        return
    for deck in _decks(team):
        if deck.ace is None:
            yield Problem("chosen-ace", "with Two-Limit each player chooses 1 ace (a line 'エース: NAME')",
                          "chosen ace", deck=deck.label, counts={deck.label: 0}, unit="chosen aces")
            continue
        card = _card(reg, deck.ace.key)
        if card is not None and not card.ace:
            yield Problem("chosen-ace", "the chosen ace must be an ace card", "chosen ace", card=deck.ace.written,
                          counts={deck.label: deck.copies().get(deck.ace.key, 0)})


def busters(team: Team, reg: Regulation):
    """バスターアイコンを持つカードはちょうど12枚 (BD-NOTES deck #4: exactly 12 main-deck cards
    with the Buster icon)."""
    for deck in _decks(team):
        n = sum(e.count for e in deck.entries if (c := _card(reg, e.card)) is not None and c.buster)
        if n != BUSTERS:
            yield Problem("busters", f"a main deck holds exactly {BUSTERS}", "Buster icons", deck=deck.label,
                          counts={deck.label: n}, unit="cards with the Buster icon")


def shots(team: Team, reg: Regulation):
    """ショットアイコンを持つカードは12枚まで (BD-NOTES deck #4: at most 12 main-deck cards
    with the Shot icon)."""
    for deck in _decks(team):
        n = sum(e.count for e in deck.entries if (c := _card(reg, e.card)) is not None and c.shot)
        if n > SHOTS_MAX:
            yield Problem("shots", f"a main deck holds at most {SHOTS_MAX}", "Shot icons", deck=deck.label,
                          counts={deck.label: n}, unit="cards with the Shot icon")


def d_deck_size(team: Team, reg: Regulation):
    """Dデッキは0枚以上12枚以下 (BD-NOTES deck #5)."""
    for deck in _decks(team):
        if deck.d_size() > D_DECK_MAX:
            yield Problem("d-deck-size", f"a D deck holds 0 to {D_DECK_MAX}", "D deck size", deck=deck.label,
                          counts={deck.label: deck.d_size()}, unit="D-deck cards")


def known_cards(team: Team, reg: Regulation):
    """Every card is in the card table (the user's): a card it lacks cannot be checked for its
    type, its icons or its ace flag, so the deck is not legal as far as the table says."""
    for deck in _decks(team):
        seen = set()
        named = [(deck.territory.key, deck.territory.written, 1)] if deck.territory is not None else []
        if deck.ace is not None:
            named.append((deck.ace.key, deck.ace.written, deck.copies().get(deck.ace.key, 0)))
        for key, written, n in [(e.card, e.written, e.count) for e in (*deck.entries, *deck.d_deck)] + named:
            if key not in seen and _card(reg, key) is None:
                seen.add(key)
                yield Problem("unknown-card", f"not in the card table ({reg.facts.source})", "unknown card",
                              card=written, counts={deck.label: n})


def banlist(team: Team, reg: Regulation):
    """公式の制限・禁止カード (BD-NOTES deck #9): the organiser's restricted and banned list."""
    for deck in _decks(team):
        for key, n in deck.copies().items():
            restriction = reg.banlist.cards.get(key)
            if restriction is not None and n > restriction.copies:
                allowed = "banned" if restriction.status == "banned" else f"restricted to {restriction.copies}"
                yield Problem("banlist", allowed, "restricted and banned list", card=deck.written(key),
                              counts={deck.label: n}, limit=restriction.copies)


def territories_differ(team: Team, reg: Regulation):
    """チーム内の各プレイヤーは、それぞれ自身の未開放面のテリトリーカードのカード名が異なるものを準備する
    必要があります (401-1)."""
    decks = [d for d in _decks(team) if d.territory is not None]
    if len(decks) == 2:
        names = [_unopened(reg, d) for d in decks]
        if names[0] == names[1]:
            yield Problem("territories-differ", "teammates' territories have different names (unopened side, 401-1)",
                          "territories differ", card=decks[0].territory.written,
                          counts={d.label: 1 for d in decks})


def aces_differ(team: Team, reg: Regulation):
    """With Two-Limit, teammates choose different aces (the official tag battle page; BD-NOTES
    "Deck rules")."""
    if not reg.two_limit:
        return
    decks = [d for d in _decks(team) if d.ace is not None]
    if len(decks) == 2 and decks[0].ace.key == decks[1].ace.key:
        yield Problem("aces-differ", "with Two-Limit teammates choose different aces", "aces differ",
                      card=decks[0].ace.written, counts={d.label: d.copies().get(d.ace.key, 0) for d in decks})


def _unopened(reg: Regulation, deck: BdDeck) -> str:
    card = _card(reg, deck.territory.key)
    from .formats import name_key
    return name_key(card.territory) if card is not None and card.territory else deck.territory.key


RULES: tuple[DeckRule, ...] = (
    DeckRule("main-deck-size", "deck", main_deck_size, "Main deck size"),
    DeckRule("territory", "deck", territory, "Territory"),
    DeckRule("copies", "deck", copies, "Copies per name"),
    DeckRule("chosen-ace", "deck", chosen_ace, "Chosen ace (Two-Limit)"),
    DeckRule("busters", "deck", busters, "Buster icons"),
    DeckRule("shots", "deck", shots, "Shot icons"),
    DeckRule("d-deck-size", "deck", d_deck_size, "D deck size"),
    DeckRule("unknown-card", "deck", known_cards, "Cards in the card table"),
    DeckRule("banlist", "deck", banlist, "Restricted and banned list"),
    DeckRule("territories-differ", "team", territories_differ, "Teammates' territories differ", alone=False),
    DeckRule("aces-differ", "team", aces_differ, "Teammates' aces differ (Two-Limit)", alone=False),
)
