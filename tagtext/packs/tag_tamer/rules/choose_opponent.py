"""Rule: acting on an opponent - the activating teammate picks one of them.

Manual: "When an effect would act on an opponent directly, the activating teammate
selects an opponent to target" ("trash the top 3 cards of your opponent's deck" ->
"... of 1 of your opponent's decks"). RULES-NOTES 10: acting directly on an opponent's
non-shared area (deck, hand, breeding area, digi-egg deck) or on an opponent as a player
lets the activating teammate pick one; the opponents' shared areas (Digimon, Tamers,
security, trash) stay.

Not acting on the opponent, and left as printed: triggers and conditions ("When an
effect adds cards to your opponent's hand"), where returned cards go ("to the bottom of
your opponent's deck": a card always goes to its owner's deck), and counts of a hand (the
hand-size rule). An opponent acting on their own hand or deck ("Your opponent trashes 1
card in their hand", "Your opponent draws 2 cards") is "1 of your opponents".

One pick per effect: the activating teammate selects one opponent for the effect, not a
second one part way. After the pick, the effect's later mentions of the opponent (the
analysis links each to the first one) name the one picked: a bare "your opponent"
saying what they do or did is "that opponent", and their own area acted on again is "that
opponent's deck" ("If that opponent didn't trash with this effect, trash the top 2 cards
of that opponent's deck"); a "they"/"their" already names them and stays.
"""

from __future__ import annotations

import re

from ..analysis.units import AnyOf, clause_span, is_destination, reading, word
from ..syntax import nodes as n
from tagtext.packs.base import Rule
from tagtext.syntax.edit import replace_leaves
from .common import is_condition, match_case, plural, third_person, verb_after

ID = "choose-opponent"

#: An opponent's own area, or an opponent who draws.
_OWN_AREA_OR_DRAW = AnyOf(r"opponent['’]s\s+(?:top\s+|bottom\s+)?(?:deck|hand|breeding|digi-egg)",
                          r"opponent\s+(?:may\s+|must\s+)?draws?\b", r"they\s+(?:may\s+|must\s+)?draws?\b")
#: "their hand" (deck, ...): an opponent named before it acting on their own area.
_THEIR_AREA = re.compile(r"\btheir\s+(?:hand|deck|breeding|digi-egg)")


def trigger(low: str) -> bool:
    """Whether the lowercased text may have something for this rule: an opponent's own
    area, an opponent who draws, or "their hand" (deck, ...) after an "opponent". One pass
    over the text: the "their" is looked for once, after the first "opponent" (a pattern
    ``opponent.*\btheir ...`` rescanned the rest of the text for each "opponent")."""
    if _OWN_AREA_OR_DRAW.search(low):
        return True
    first = low.find("opponent")
    return first >= 0 and _THEIR_AREA.search(low, first + len("opponent")) is not None

#: An opponent's areas that are theirs alone.
_OWN_AREAS = frozenset({"deck", "hand", "breeding_area", "egg_deck"})
_NOT_ACTIONS = frozenset({"has", "have", "had", "is", "was", "can't", "cannot", "can", "doesn't", "didn't", "would"})


def choose_an_opponent(tree, ctx):
    """Let the activating teammate pick one opponent where an effect acts on an opponent's
    own areas, and name that one wherever the effect mentions them again."""
    changes = {}
    counted = {c.zone.start for c in ctx.counts if c.zone is not None and c.counts == "objects" and c.area == "hand"}
    read: dict = {}  # per region, what the tests below read once for the whole pass
    #: the players picked, each as the first mention of them in its effect
    picked: set[int] = set()
    for region in ctx.analysis.regions:
        units = region.units
        for i, unit in enumerate(units):
            if ctx.protected_at(unit.start):
                continue
            player = _player_of(unit)
            again = player is not None and _picked_before(ctx, player, picked)
            if again and _the_one_picked(ctx, units, i):
                # "1 of your opponents may trash 1 card in their hand. If your opponent didn't
                # trash ..." -> "If that opponent didn't trash ...": the one picked
                changes[unit.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "that opponent"), ID)
                continue
            before = len(changes)
            if isinstance(unit, n.Zone) and _opponents_own_area(unit) and unit.start not in counted:
                if is_condition(units, i) or is_destination(units, i):
                    continue
                if again:  # "... trash the top 2 cards of that opponent's deck": not a second pick
                    changes[unit.owner.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "that opponent's"), ID)
                    continue
                changes[unit.owner.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "1 of your opponent's"), ID)
                changes[unit.area.start] = lambda leaf: leaf.replaced(plural(leaf.text), ID)
            elif again and isinstance(unit, n.Pronoun):
                continue  # "they trash", "their deck's top 3 cards": the pronoun already names the one picked
            elif isinstance(unit, n.Zone) and _theirs_acted_on(ctx, units, i, counted):
                if again:
                    continue  # "their hand" already names the one picked
                # "trash 1 card in their hand" (they: the opponent) -> "in 1 of your opponent's hands"
                changes[unit.owner.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "1 of your opponent's"), ID)
                changes[unit.area.start] = lambda leaf: leaf.replaced(plural(leaf.text), ID)
            elif isinstance(unit, n.Pronoun) and _their_decks_top(ctx, units, i):
                # "trash their deck's top 5 cards" -> "trash the top 5 cards of 1 of your opponent's decks"
                changes[unit.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "the"), ID)
                changes[units[i + 1].start] = lambda leaf: leaf.replaced("", ID).with_changes(prefix="")
                last = list(units[i + 3].leaves())[-1]
                changes[last.start] = lambda leaf: leaf.replaced(leaf.text + " of 1 of your opponent's decks", ID)
            elif _is_opponent(ctx, unit) and _opponent_acts_on_own_area(ctx, units, i, counted, read):
                changes[unit.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "1 of your opponents"), ID)
                if isinstance(unit, n.Pronoun):  # "they trash" -> "1 of your opponents trashes"
                    verb = verb_after(units, i)
                    if verb is not None:
                        changes[verb.start] = lambda leaf: leaf.replaced(third_person(leaf.text), ID)
                for k in _cards_of_their_hand(ctx, units, i, read, once=True):
                    # "they trash 1 of them" (the cards in their hand) -> "... 1 card in their hand":
                    # the picked opponent trashes from their own hand, not from the team's
                    noun = "card" if units[k].number.value == 1 else "cards"
                    changes[units[k].head.start] = lambda leaf, noun=noun: leaf.replaced(noun, ID)
                    changes[units[k + 1].start] = lambda leaf: leaf.replaced("in their hand", ID)
            if len(changes) > before and player is not None:
                picked.add(ctx.analysis.opponent_antecedents.get(player, player))
    return replace_leaves(tree, changes)


def _player_of(unit) -> int | None:
    """The start of the player a unit names: itself ("your opponent", "they"), or an area's
    owner ("your opponent's deck", "their hand")."""
    if isinstance(unit, (n.PlayerRef, n.Pronoun)):
        return unit.start
    if isinstance(unit, n.Zone) and isinstance(unit.owner, (n.PlayerRef, n.Pronoun)):
        return unit.owner.start
    return None


def _picked_before(ctx, player: int, picked: set[int]) -> bool:
    """Whether this mention of the opponent names one the effect already picked: the
    analysis says which player it names (the same as the effect's first mention), and the
    pick was made at a mention of that player. The manual's activating teammate selects one
    opponent for an effect, not a second one part way (BT24-069: "... If that opponent
    didn't trash with this effect, trash the top 2 cards of that opponent's deck")."""
    return ctx.analysis.opponent_antecedents.get(player, player) in picked


#: What a subject's verb may be when the subject is not acting: a state or a count of the
#: team's ("your opponent has 2 or more Digimon in play"), an ability or a restriction.
_STATES = frozenset({"has", "have", "had", "is", "are", "was", "can", "can't", "cannot", "could", "would"})
#: Words that may open a clause before its subject.
_OPENERS = frozenset({"if", "unless", "then", "also", "and"})


def _the_one_picked(ctx, units, i) -> bool:
    """Whether a bare "your opponent", after an opponent was picked in the same effect, is
    the subject of a clause saying what the opponent does or did ("If your opponent didn't
    trash with this effect"): it names the opponent picked."""
    unit = units[i]
    if not (isinstance(unit, n.PlayerRef) and _is_opponent(ctx, unit)) or i + 1 >= len(units):
        return False
    start, _ = clause_span(units, i, list_commas=False)
    if reading(units).after(_is_no_opener, start) < i:
        return False  # not the subject of its clause
    return isinstance(units[i + 1], n.Word) and word(units[i + 1]) not in _STATES


def _is_no_opener(units, k) -> bool:
    return word(units[k]) not in _OPENERS


def _is_opponent(ctx, unit) -> bool:
    """The opponent as a player: "your opponent", or a "they" that refers to them."""
    if isinstance(unit, n.PlayerRef):
        return unit.player == "opponent" and not unit.possessive
    return (isinstance(unit, n.Pronoun) and word(unit) == "they"
            and ctx.analysis.referents.get(unit.start) == "opponent")


def _their_decks_top(ctx, units, i) -> bool:
    """"trash their deck's top 5 cards", "their" being the opponent (RULES-NOTES 10)."""
    if word(units[i]) != "their" or ctx.analysis.referents.get(units[i].start) != "opponent":
        return False
    if i + 3 >= len(units) or word(units[i + 1]) not in ("deck's", "deck’s") or word(units[i + 2]) != "top" \
            or not isinstance(units[i + 3], n.Quantity) or is_condition(units, i):
        return False
    return _opens_with_action(units, i)


def _opens_with_action(units, i) -> bool:
    """Whether the clause of unit ``i`` opens, before it, with an action ("trash", ...),
    after any "then", "also" or comma."""
    start, _ = clause_span(units, i, list_commas=False)
    k = reading(units).after(_opens_clause, start)
    return k < i and isinstance(units[k], n.Word) and word(units[k]) in _ACTIONS


def _opens_clause(units, k) -> bool:
    return word(units[k]) not in ("then", "also", ",")


def _is_word_not_then_also(units, k) -> bool:
    return isinstance(units[k], n.Word) and word(units[k]) not in ("then", "also")


#: Words that open an imperative clause acting on an area ("trash 1 card in their hand").
_ACTIONS = frozenset({"trash", "reveal", "return", "add", "place", "search", "look"})


def _theirs_acted_on(ctx, units, i, counted) -> bool:
    """"[you] trash 1 card in their hand", where "their" is the opponent: the effect acts on
    an area of one opponent's (RULES-NOTES 10: "trash 1 card in 1 of their hands"; named
    "1 of your opponent's hands", since "their" may have lost what it pointed to)."""
    zone = units[i]
    owner = zone.owner
    if not (isinstance(owner, n.Pronoun) and word(owner) == "their" and zone.zone in _OWN_AREAS
            and ctx.analysis.referents.get(owner.start) == "opponent"):
        return False
    if zone.start in counted or is_condition(units, i) or is_destination(units, i):
        return False
    return _opens_with_action(units, i)


def _opponents_own_area(zone: n.Zone) -> bool:
    owner = zone.owner
    return (isinstance(owner, n.PlayerRef) and owner.player == "opponent" and owner.possessive
            and zone.zone in _OWN_AREAS)


def _opponent_acts_on_own_area(ctx, units, i, counted, read: dict) -> bool:
    """"Your opponent trashes 1 card in their hand", "Your opponent reveals the top 3 cards
    of their deck", "they trash 1 of them" (the cards in their hand), "Your opponent draws 2
    cards": the opponent, as a player, acts on an area of their own."""
    if is_condition(units, i):
        return False
    start, end = clause_span(units, i, list_commas=False)
    if reading(units).after(_is_word_not_then_also, start) < i:
        return False  # not the subject of its clause
    nxt = [word(u) for u in units[i + 1:i + 3]]
    if not nxt or nxt[0] in _NOT_ACTIONS or (nxt[0] in ("may", "must") and nxt[1:2] and nxt[1] in _NOT_ACTIONS):
        return False
    if any(True for _ in _cards_of_their_hand(ctx, units, i, read)):
        return True
    if (nxt[1:2] if nxt[0] in ("may", "must") else nxt[:1]) in (["draw"], ["draws"]):
        return True  # "Your opponent draws 2 cards": from their own deck into their own hand
    # their own area after it in the clause ("in their hand"): not a counted hand, not where cards go
    return _next_of(read, ("own area", id(units)), units, lambda k: (
        isinstance(units[k], n.Zone) and isinstance(units[k].owner, n.Pronoun) and units[k].zone in _OWN_AREAS
        and units[k].start not in counted and not is_destination(units, k)))[i + 1] < end


def _cards_of_their_hand(ctx, units, i, read: dict, once: bool = False):
    """The index of each "N of" in the clause of unit ``i`` whose "them" names the cards of
    a hand a count counted ("they trash 1 of them"). ``once``: none of a clause that an
    earlier call (for an earlier unit of the same clause) gave already."""
    _, end = clause_span(units, i, list_commas=False)
    last = min(end, len(units)) - 1
    if once:
        # the units come in text order: an earlier one of the clause gave all a later one would
        if read.get(("given", id(units), end)):
            return
        read[("given", id(units), end)] = True
    following = _next_of(read, ("hand cards", id(units)), units, lambda k: (
        k + 1 < len(units) and isinstance(units[k], n.Quantity) and units[k + 1].start in ctx.analysis.hand_cards))
    k = following[i + 1] if i + 1 < len(units) else len(units)
    while k < last:
        yield k
        k = following[k + 1]


def _next_of(read: dict, key, units, test) -> list[int]:
    """For each index of ``units`` (and one past the end), the first index at or after it
    where ``test(index)`` holds (or ``len(units)``); made once per region for the pass
    (``read`` keeps it, with the units, so that their id stays theirs)."""
    found = read.get(key)
    if found is None:
        nxt = [len(units)] * (len(units) + 1)
        for k in range(len(units) - 1, -1, -1):
            nxt[k] = k if test(k) else nxt[k + 1]
        found = read[key] = (nxt, units)
    return found[0]


RULE = Rule(
    ID, 'Acting on an opponent: pick one of them',
    statement='When an effect would act on an opponent directly, the activating teammate selects an opponent to target.',
    practice='"your opponent\'s deck" -> "1 of your opponent\'s decks" where the effect acts on an opponent\'s own deck or hand. The opponents\' shared areas stay.',
    apply=choose_an_opponent,
    trigger=trigger,
)
