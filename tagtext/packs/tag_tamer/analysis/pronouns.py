"""Who a pronoun refers to: a fact about the text, for the rules that rewrite what a
pronoun points back at (RULES-NOTES 10 and Wording: antecedents).

Card text names its own player "you"; "they", "their" and "them" name the other players
(or things). So a pronoun's *player* referent is the nearest player named before it in
the same effect that is not "you": the opponent ("your opponent", "your opponent's
Digimon") or all players ("both players", "all players", "each player"). A pronoun with
no such player before it has no player referent (it names things: "your Digimon ... if
any of them have ...").

Whether the pronoun names a player or a thing in its own sentence is for the rule to
read from its role there ("they trash 1 card in their hand" can only be players).

The mentions of the opponent in one effect ("your opponent", "your opponent's deck", a
"they" or "their" that refers to them) name, in the printed text, one and the same player:
a card is printed for one opponent. ``opponent_antecedents`` links each later mention to the
effect's first one, so a rule can tell which player a later mention names after an earlier one
was made one of two (RULES-NOTES 10: an effect picks one opponent, not a second one part
way: "1 of your opponents may trash 1 card in their hand. If that opponent didn't trash
with this effect, trash the top 2 cards of that opponent's deck").

A "them" that names things can name the cards of a hand a count just counted ("If your
opponent has 6 or more cards in their hand, they trash 1 of them"): those cards are in that
hand, so an effect acting on them acts on the hand (``hand_card_referents``).
"""

from __future__ import annotations

from ..syntax import nodes as n
from .units import Region, is_sentence_end, word

#: PlayerRef.player -> the referent a later "they" takes
_REFERENT = {"opponent": "opponent", "both": "players", "all": "players", "each": "players",
             "players": "players", "neither": "players"}


def player_referents(regions: tuple[Region, ...], blocks: tuple[int, ...]) -> dict[int, str]:
    """Start offset of each they/their/them (a unit, or the owner of an area) -> the
    player it can refer to: "opponent" or "players". Pronouns with none are absent."""
    out: dict[int, str] = {}
    last: dict[int, str | None] = {}
    for region, block in zip(regions, blocks):
        for unit in region.units:
            if not isinstance(unit, _HOLDS_PLAYERS):
                continue
            for leaf in _player_leaves(unit):
                if isinstance(leaf, n.PlayerRef):
                    if leaf.player != "you":
                        last[block] = _REFERENT.get(leaf.player)
                elif last.get(block) is not None:
                    out[leaf.start] = last[block]
    return out


def opponent_antecedents(regions: tuple[Region, ...], blocks: tuple[int, ...],
                         referents: dict[int, str]) -> dict[int, int]:
    """Start offset of each mention of the opponent after the first in its effect (a player
    phrase, the owner of an area, or a they/their/them whose referent is the opponent) ->
    the start of the effect's first mention of the opponent: the same player."""
    out: dict[int, int] = {}
    first: dict[int, int] = {}
    for region, block in zip(regions, blocks):
        for unit in region.units:
            if not isinstance(unit, _HOLDS_PLAYERS):
                continue
            for leaf in _player_leaves(unit):
                if isinstance(leaf, n.PlayerRef) and leaf.player == "opponent" \
                        or isinstance(leaf, n.Pronoun) and referents.get(leaf.start) == "opponent":
                    if block in first:
                        out[leaf.start] = first[block]
                    else:
                        first[block] = leaf.start
    return out


_HOLDS_PLAYERS = (n.PlayerRef, n.Pronoun, n.Zone, n.Quantity)


def _player_leaves(unit: n.Node):
    """The player phrases and pronouns of a unit, in text order."""
    if not isinstance(unit, _HOLDS_PLAYERS):
        return
    if isinstance(unit, (n.PlayerRef, n.Pronoun)):
        yield unit
    elif isinstance(unit, n.Zone) and isinstance(unit.owner, (n.PlayerRef, n.Pronoun)):
        yield unit.owner
    elif isinstance(unit, n.Quantity):  # "1 of their Digimon"
        for leaf in unit.leaves():
            if isinstance(leaf, (n.PlayerRef, n.Pronoun)):
                yield leaf


def hand_card_referents(regions: tuple[Region, ...], counts) -> dict[int, n.Zone]:
    """Start offset of each "them" of "N of them" that names the cards a count of a hand
    counted earlier in the same sentence -> that hand ("... 6 or more cards in their hand,
    they trash 1 of them": the cards in their hand)."""
    out: dict[int, n.Zone] = {}
    for count in counts:
        zone = count.zone
        if count.counts != "objects" or count.area != "hand" or zone is None or zone.zone != "hand" or count.measure[3] not in ("card", "cards"):
            continue
        r, i = count.position
        units = regions[r].units
        for k in range(i + 1, len(units) - 1):
            unit = units[k]
            if _of(unit) and isinstance(units[k + 1], n.Pronoun) and word(units[k + 1]) == "them":
                out[units[k + 1].start] = zone
                break
            if is_sentence_end(unit) or isinstance(unit, (n.Zone, n.Quantity)) and unit is not zone:
                break  # another sentence, or other things "them" could name
    return out


def _of(unit) -> bool:
    """"1 of", "2 of": a quantity taken out of what follows."""
    return isinstance(unit, n.Quantity) and word(unit.head) == "of"
