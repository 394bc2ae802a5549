"""The Tag Commander deck rules, one function each (DM-NOTES "Deck rules", checks 1-12).

Each check's docstring is the rule as the seed states it (the errata and ``--help`` show
it); each reads a deck (or the team) as :class:`Resolved` decks: every line's card found in
the database, the commander apart. What the checks compare with is data
(``format.toml``, ``rarities.toml``, ``blocks.toml``, ``banlist.toml``), read into the
:class:`Regulation` the check gets.

Check 8 (a commander's civilisations are its mana symbol: both sides of a twinpact; ゼロ is
one) is how :attr:`Resolved.identity` is read, which checks 9 and 10 use. Check 12 (a card
the database does not have is reported and still counted) is the report's "NOT checked"
lines (:func:`unknown_cards`): such a card counts towards the deck's size and copies, and
nothing else can be checked of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from tagtext.deck import DeckRule, Problem, Team
from tagtext.deck.model import shorten

from .cards import FIVE, CardInfo, DeckFacts
from .formats import DmDeck, name_key


#: what a problem names as the card id of a card the database does not have
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Variant:
    """DTC, DTCS or DTB (``format.toml`` [variant.*])."""

    name: str
    title: str
    deck_size: int
    team_singleton: bool
    commander_max_civilizations: int
    card_pool: bool


@dataclass(frozen=True)
class Regulation:
    """Everything the checks compare a team with: the card facts, the variant, the
    format's data and the 殿堂 list (the banlist) in use."""

    facts: DeckFacts
    variant: Variant
    minimum_per_civilization: int
    zones: dict[str, tuple[str, ...]]
    start_texts: tuple[str, ...]
    start_names: frozenset[str]
    banned: frozenset[str]
    any_number_texts: tuple[str, ...]
    #: rarity code -> rank; the rank a commander needs; the codes that are no rarity
    ranks: dict[str, int]
    commander_rank: int
    no_rarity: frozenset[str]
    #: set code -> block
    blocks: dict[str, str]
    #: name keys: プレミアム殿堂, 殿堂
    premium_hall: frozenset[str]
    hall: frozenset[str]
    #: DTB: the blocks of the card pool
    pool: tuple[str, ...] = ()


@dataclass(frozen=True)
class Line:
    """One card of a deck: the key its line names, the card found (None: unknown),
    copies, the line."""

    key: str
    written: str
    card: CardInfo | None
    count: int
    line: int


@dataclass
class Resolved:
    """A deck with every line's card found in the database."""

    deck: DmDeck
    commander: Line | None
    lines: list[Line] = field(default_factory=list)

    @property
    def label(self) -> str:
        return self.deck.label

    def all_lines(self) -> list[Line]:
        return ([self.commander] if self.commander is not None else []) + self.lines

    def copies(self) -> dict[str, list[Line]]:
        """Card key -> the lines naming it (the commander's included)."""
        out: dict[str, list[Line]] = {}
        for line in self.all_lines():
            out.setdefault(line.key, []).append(line)
        return out

    @property
    def identity(self) -> tuple[str, ...] | None:
        """Check 8: the commander's civilisations, as its mana symbol shows them (both sides
        of a twinpact; ゼロ is one); None when there is no known commander."""
        if self.commander is None or self.commander.card is None:
            return None
        return self.commander.card.civilizations or None


def resolve(deck: DmDeck, facts: DeckFacts) -> Resolved:
    def line(entry) -> Line:
        key, card = facts.find(entry.card)
        return Line(key, entry.written, card, entry.count, entry.line)

    return Resolved(deck, line(deck.commander) if deck.commander is not None else None,
                    [line(e) for e in deck.entries])


# ----------------------------------------------------------------------------- helpers

def _decks(team: Team, reg: Regulation) -> Iterator[Resolved]:
    for deck in team.decks:
        yield resolve(deck, reg.facts)


def _problem(rule: DeckRule | str, allowed: str, title: str, deck: Resolved, line: Line, **extra) -> Problem:
    name = line.card.name if line.card is not None else line.written
    return Problem(rule if isinstance(rule, str) else rule.id, allowed, title,
                   card=line.card.id if line.card is not None else UNKNOWN, name=f"《{name}》 (line {line.line})",
                   counts={deck.label: line.count}, **extra)


def _in_text(card: CardInfo, phrases: tuple[str, ...]) -> bool:
    text = name_key(card.text)
    return any(name_key(p) in text for p in phrases)


# ----------------------------------------------------------------------------- checks

def deck_size(team: Team, reg: Regulation) -> Iterator[Problem]:
    """1デッキは60枚で構成します、これには統率者カードも含みます (DTB: 40枚)."""
    for deck in _decks(team, reg):
        size = sum(line.count for line in deck.all_lines())
        if size != reg.variant.deck_size:
            yield Problem("deck-size", f"a deck is exactly {reg.variant.deck_size}, the commander included",
                          "deck size", counts={deck.label: size}, limit=reg.variant.deck_size, deck=deck.label)


def singleton(team: Team, reg: Regulation) -> Iterator[Problem]:
    """デッキに同名カードは1枚までです (a twinpact is one name, by either side; a card whose
    text lets a deck hold any number of it is exempt: D-6)."""
    for deck in _decks(team, reg):
        for key, lines in deck.copies().items():
            total = sum(line.count for line in lines)
            card = lines[0].card
            if total > 1 and not (card is not None and _in_text(card, reg.any_number_texts)):
                where = ", ".join(str(line.line) for line in lines)
                name = card.name if card is not None else lines[0].written
                yield Problem("singleton", "a deck holds one card of a name", "singleton",
                              card=card.id if card is not None else UNKNOWN,
                              name=f"《{name}》 ({'lines' if len(lines) > 1 else 'line'} {where})",
                              counts={deck.label: total}, limit=1)


def team_singleton(team: Team, reg: Regulation) -> Iterator[Problem]:
    """DTCS: 同名カードはチーム内で1枚まで."""
    seen: dict[str, dict[str, int]] = {}
    cards: dict[str, CardInfo | None] = {}
    written: dict[str, str] = {}
    for deck in _decks(team, reg):
        for key, lines in deck.copies().items():
            seen.setdefault(key, {})[deck.label] = sum(line.count for line in lines)
            cards.setdefault(key, lines[0].card)
            written.setdefault(key, lines[0].written)
    for key, counts in seen.items():
        card = cards[key]
        if len(counts) > 1 and not (card is not None and _in_text(card, reg.any_number_texts)):
            name = card.name if card is not None else written[key]
            yield Problem("team-singleton", "a team holds one card of a name (DTCS)", "team singleton",
                          card=card.id if card is not None else UNKNOWN, name=f"《{name}》",
                          counts={label: counts.get(label, 0) for label in team.labels}, limit=1)


def no_gr_or_hyperspatial(team: Team, reg: Regulation) -> Iterator[Problem]:
    """GR、超次元はランダム性を低下させるので禁止 (GRゾーンのカード全て、超次元ゾーンのカード全て)."""
    for deck in _decks(team, reg):
        for line in deck.all_lines():
            if line.card is None:
                continue
            for zone, words in reg.zones.items():
                if any(word in line.card.card_type for word in words):
                    yield _problem("no-gr-or-hyperspatial", f"no {zone} card ({line.card.card_type})",
                                   "GR and 超次元 banned", deck, line)
                    break


def no_start_in_battle_zone(team: Team, reg: Regulation) -> Iterator[Problem]:
    """ドルマゲドン、ドキンダム、零龍など、ゲーム開始時点からバトルゾーンに出しておけるカードは禁止."""
    for deck in _decks(team, reg):
        for line in deck.all_lines():
            if line.card is None:
                continue
            named = line.key in reg.start_names or any(name_key(s) in reg.start_names for s in line.card.sides)
            if named or _in_text(line.card, reg.start_texts):
                yield _problem("no-start-in-battle-zone", "no card that starts the game in the battle zone",
                               "banned", deck, line)


def no_premium_hall(team: Team, reg: Regulation) -> Iterator[Problem]:
    """公式の禁止(プレミアム殿堂)カードは禁止."""
    for deck in _decks(team, reg):
        for line in deck.all_lines():
            if line.key in reg.premium_hall:
                yield _problem("no-premium-hall", "no プレミアム殿堂 card", "banned", deck, line)


def format_bans(team: Team, reg: Regulation) -> Iterator[Problem]:
    """禁止カード: 《オールデリート》、《レアリティ・レジスタンス》."""
    for deck in _decks(team, reg):
        for line in deck.all_lines():
            if line.key in reg.banned:
                yield _problem("format-bans", "banned by the format", "banned", deck, line)


def commander(team: Team, reg: Regulation) -> Iterator[Problem]:
    """統率者カードを1枚選んでください。統率者はクリーチャーである必要があります (ツインパクトは
    統率者領域にいる間クリーチャーとしてのみ扱われます)。SR以上のレアリティ (いずれかの版: D-5;
    ノンレアリティはダメ)。全ての文明を保有するカードは選べません。殿堂指定のカードは選べません。
    DTCS: 文明が2つ以下."""
    title = "commander"
    for deck in _decks(team, reg):
        line = deck.commander
        if line is None:
            yield Problem("commander", "a deck names one commander (a line '統率者: 《name》')", title,
                          counts={deck.label: 0}, deck=deck.label, unit="commanders")
            continue
        card = line.card
        if card is None:
            continue  # unknown: reported as not checked (check 12)
        if "クリーチャー" not in card.card_type:
            yield _problem("commander", f"the commander is a creature, not a {card.card_type}", title, deck, line)
        if line.key in reg.hall:
            yield _problem("commander", "a 殿堂 card cannot be the commander", title, deck, line)
        if all(civ in card.civilizations for civ in FIVE):
            yield _problem("commander", "a commander with all five civilisations is not allowed", title, deck, line)
        limit = reg.variant.commander_max_civilizations
        if limit and len(card.civilizations) > limit:
            yield _problem("commander", f"a {reg.variant.name} commander has at most {limit} civilisations, not "
                                        f"{len(card.civilizations)} ({'/'.join(card.civilizations)})",
                           title, deck, line)
        ranked = [reg.ranks[r] for r in card.rarities if r in reg.ranks]
        unknown = [r for r in card.rarities if r not in reg.ranks and r not in reg.no_rarity]
        if not unknown and card.rarities and max(ranked, default=0) < reg.commander_rank:
            shown = "/".join(dict.fromkeys(card.rarities))
            yield _problem("commander", f"the commander needs a printing of rarity SR or higher, not {shown}",
                           title, deck, line)


def civilisations(team: Team, reg: Regulation) -> Iterator[Problem]:
    """統率者が持たない文明を含むカードをデッキに入れることは出来ません。多色カードはその構成色全てが
    統率者のもつ色でなければなりません (the commander's civilisations are its mana symbol, both
    sides of a twinpact: check 8; ゼロ文明も1つの文明として扱われます)."""
    for deck in _decks(team, reg):
        identity = deck.identity
        if identity is None:
            continue
        for line in deck.lines:
            if line.card is None or not line.card.civilizations:
                continue
            outside = [c for c in line.card.civilizations if c not in identity]
            if outside:
                yield _problem("civilisations", f"{'/'.join(outside)} is not the commander's "
                                                f"({'/'.join(identity)})", "commander's civilisations", deck, line)


def civilisation_minimum(team: Team, reg: Regulation) -> Iterator[Problem]:
    """統率者により決定された文明のカードを、それぞれデッキに最低12枚以上入れなければなりません
    (多色カードはそれぞれの文明の枚数にカウントします; the commander counts too)."""
    for deck in _decks(team, reg):
        identity = deck.identity
        if identity is None:
            continue
        for civ in identity:
            n = sum(line.count for line in deck.all_lines() if line.card is not None and civ in line.card.civilizations)
            if n < reg.minimum_per_civilization:
                yield Problem("civilisation-minimum",
                              f"at least {reg.minimum_per_civilization} cards of each of the commander's "
                              f"civilisations ({civ})", "civilisation minimum", counts={deck.label: n},
                              limit=reg.minimum_per_civilization, deck=deck.label, unit=f"{civ} cards")


def card_pool(team: Team, reg: Regulation) -> Iterator[Problem]:
    """DTB: 使用可能なカードは2ブロックのプール (a card with a printing in a set of the
    organiser's two blocks)."""
    if not reg.pool:
        return  # not checked: said by unknown_cards
    for deck in _decks(team, reg):
        for line in deck.all_lines():
            if line.card is None or not line.card.sets:
                continue
            blocks = {reg.blocks.get(code) for code in line.card.sets}
            if not blocks & set(reg.pool):
                yield _problem("card-pool", f"not in the DTB pool ({' + '.join(reg.pool)})", "card pool", deck,
                               line)


def unknown_cards(team: Team, reg: Regulation) -> list[str]:
    """Check 12: the cards the database does not have (counted, nothing else checked), and
    what else could not be checked for want of data, as "NOT checked" lines."""
    out = []
    for deck in _decks(team, reg):
        for line in deck.all_lines():
            if line.card is None:
                role = "the commander " if line is deck.commander else ""
                near = reg.facts.closest(line.key)
                hint = f"; did you mean 《{near.name}》?" if near is not None else ""
                out.append(f"{deck.label} line {line.line}: {role}《{shorten(line.written)}》 is not in the card "
                           f"database {reg.facts.source} (counted; its type, civilisations and rarity not checked{hint})")
        card = deck.commander.card if deck.commander is not None else None
        if card is not None:
            unknown = [r for r in dict.fromkeys(card.rarities) if r not in reg.ranks and r not in reg.no_rarity]
            if unknown:
                out.append(f"{deck.label}: the commander's rarity: {', '.join(unknown)} is not in the rank table "
                           f"(deck/rarities.toml)")
            elif not card.rarities:
                out.append(f"{deck.label}: the commander's rarity (the card database gives none for "
                           f"《{card.name}》)")
            if not card.civilizations:
                out.append(f"{deck.label}: the commander's civilisations (the card database gives none for "
                           f"《{card.name}》), so no card's civilisations")
        if reg.variant.card_pool:
            if not reg.pool:
                out.append(f"{deck.label}: the DTB card pool (no blocks named: banlist.toml [dtb] blocks)")
            else:
                unplaced = [line for line in deck.all_lines()
                            if line.card is not None and not line.card.sets]
                if unplaced:
                    out.append(f"{deck.label}: the DTB card pool for {len(unplaced)} card(s) the database gives "
                               f"no set for (《{unplaced[0].card.name}》 …)")
    return out


RULES: tuple[DeckRule, ...] = (
    DeckRule("deck-size", "deck", deck_size, "Deck size"),
    DeckRule("singleton", "deck", singleton, "Singleton"),
    DeckRule("team-singleton", "team", team_singleton, "Team singleton (DTCS)", alone=False),
    DeckRule("no-gr-or-hyperspatial", "deck", no_gr_or_hyperspatial, "No GR or 超次元 cards"),
    DeckRule("no-start-in-battle-zone", "deck", no_start_in_battle_zone, "No card that starts in the battle zone"),
    DeckRule("no-premium-hall", "deck", no_premium_hall, "No プレミアム殿堂"),
    DeckRule("format-bans", "deck", format_bans, "The format's bans"),
    DeckRule("commander", "deck", commander, "Commander"),
    DeckRule("civilisations", "deck", civilisations, "Commander's civilisations"),
    DeckRule("civilisation-minimum", "deck", civilisation_minimum, "12 of each civilisation"),
    DeckRule("card-pool", "deck", card_pool, "DTB card pool"),
)


def rules_of(variant: Variant) -> tuple[DeckRule, ...]:
    """The rules a variant runs (DTCS adds the team singleton, DTB the card pool)."""
    return tuple(rule for rule in RULES
                 if (rule.id != "team-singleton" or variant.team_singleton)
                 and (rule.id != "card-pool" or variant.card_pool))
