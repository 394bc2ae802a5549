"""Small helpers the rule passes share: numbers, plurals, capitals, and clauses."""

from __future__ import annotations

import re

from ..analysis.units import clause_span, reading, word
from ..syntax import nodes as n

_PLURALS = {
    "card": "cards", "tamer": "Tamers", "color": "colors", "colour": "colours",
    "option": "Options", "token": "Tokens", "deck": "decks", "hand": "hands",
    "digi-egg deck": "digi-egg decks", "breeding area": "breeding areas",
    "security card": "security cards", "one": "ones",
}


def scaled(number: n.Number, factor: int = 2, plus: int = 0) -> str:
    """The numeral's text times ``factor`` plus ``plus``, keeping an explicit sign."""
    value = number.value
    if value is None:  # "∞"
        return number.text
    new = value * factor + plus
    sign = "+" if number.text.startswith("+") and new >= 0 else ""
    return f"{sign}{new}"


def plural(text: str) -> str:
    """The plural of a counted noun, as written ("card" -> "cards", "Digimon" -> "Digimon")."""
    lower = text.lower()
    if lower in ("digimon",) or lower.endswith("s"):
        return text
    target = _PLURALS.get(lower)
    if target is None:
        return text + "s"
    return match_case(text, target)


def removed(leaf: n.Leaf, rule: str) -> n.Leaf:
    """The leaf dropped by ``rule``: its text and the space before it gone (as
    ``leaf.replaced("", rule).with_changes(prefix="")``, in one copy: a long text drops
    many leaves)."""
    if not leaf.text:
        return leaf.with_changes(prefix="")
    rules = leaf.rules if rule in leaf.rules else leaf.rules + (rule,)
    return leaf.with_changes(text="", prefix="", rules=rules)


def match_case(model: str, text: str) -> str:
    """``text`` with the first letter's case of ``model``."""
    if model[:1].isupper():
        return text[:1].upper() + text[1:]
    if model[:1].islower():
        return text[:1].lower() + text[1:]
    return text


def is_condition(units, i) -> bool:
    """Whether unit ``i`` is in a trigger or condition clause ("When ...", "If ...")."""
    start, _ = clause_span(units, i, list_commas=False)
    return any(word(u) in ("when", "whenever", "if", "while", "unless") for u in units[start:min(i, start + 4)])


# ----------------------------------------------------------------------------- either player

def either_player_refs(ctx):
    """(units, i, player phrase) for each "you or your opponent" / "either player" phrase
    (the owner of an area phrase, as in "of your or your opponent's deck", included)."""
    for region in ctx.analysis.regions:
        units = region.units
        for i, unit in enumerate(units):
            if isinstance(unit, n.Zone) and isinstance(unit.owner, n.PlayerRef):
                unit = unit.owner
            if isinstance(unit, n.PlayerRef) and unit.player in ("you_or_opponent", "either") \
                    and not ctx.protected_at(unit.start):
                yield units, i, unit


def name_players(changes, units, i, ref, who: str, rule: str) -> None:
    """Replace the player phrase ``ref`` by ``who`` ("1 player", "any player"), keeping a
    possessive, and make a verb right after it agree ("you or your opponent play" ->
    "any player plays")."""
    possessive = ref.text.endswith(("'s", "’s"))
    apostrophe = "’" if "’" in ref.text else "'"
    new = match_case(ref.text, who + (apostrophe + "s" if possessive else ""))
    changes[ref.start] = lambda leaf, new=new: leaf.replaced(new, rule)
    verb = None if possessive else verb_after(units, i)
    if verb is not None:
        changes[verb.start] = lambda leaf: leaf.replaced(third_person(leaf.text), rule)


#: Verbs that follow "you or your opponent" in card text, in the form "1 player" needs.
_THIRD_PERSON = {"play": "plays", "use": "uses", "digivolve": "digivolves", "trash": "trashes",
                 "draw": "draws", "have": "has", "reveal": "reveals", "add": "adds", "place": "places"}


def verb_after(units, i):
    """The verb right after a subject at ``i`` that "1 player" would inflect, or None."""
    if i + 1 < len(units) and isinstance(units[i + 1], n.Word) and units[i + 1].text.lower() in _THIRD_PERSON:
        return units[i + 1]
    return None


def third_person(verb: str) -> str:
    """ "trash" -> "trashes", as the verb a singular subject takes."""
    return match_case(verb, _THIRD_PERSON[verb.lower()])


# ----------------------------------------------------------------------------- antecedents

#: Words that may stand between "their" and the Digimon or Tamers it owns ("their level 6
#: or lower Digimon", "their lowest DP Digimon").
_OBJECT_MODIFIERS = frozenset({"level", "lowest", "highest", "dp", "play", "cost", "unsuspended",
                               "suspended", "other", "or", "lower", "higher", "less", "more"})


def name_antecedents(ctx, count, referent: str, changes, rule: str, read: dict | None = None) -> None:
    """After ``rule`` replaced the phrase that named the opponent (``count``'s subject),
    the pronouns that pointed back at them name them (RULES-NOTES, Wording: antecedents):
    "they" -> "your opponents"; the first "their" of a sentence -> "your opponent's" before
    the Digimon or Tamers it owns (the opposing battle area, as card text names it) and
    "your opponents'" before anything else ("their Option effects"). An area's owner
    ("their hand") is left to the rules that act on areas. Reads to the end of the effect,
    up to the next player named.

    ``read``: what calls for earlier counts of the same pass read (a rule calls this for
    each of its counts, in text order): the "they" an earlier count named are not read
    again, so that a text of many counts before the next player named is read once."""
    read = {} if read is None else read
    r, i = count.position
    analysis = ctx.analysis
    for r2 in range(r, len(analysis.regions)):
        if r2 > r and analysis.blocks[r2] != count.block:
            return
        units = analysis.regions[r2].units
        start = i + 1 if r2 == r else 0
        stop = reading(units).after(_names_a_player_at, start)  # the next player named
        k = _pronouns_of(ctx, units, referent, read)[1][start] if start < len(units) else len(units)
        if k < stop:  # the first "their" of the sentence (after the count)
            new = "your opponent's" if _owns_battle_objects(units, k) else "your opponents'"
            changes[units[k].start] = lambda leaf, new=new: leaf.replaced(match_case(leaf.text, new), rule)
        key = ("walked", referent, id(units), stop)
        walked = read.get(key)
        if walked is not None and walked <= start:
            # an earlier count read from here on (and, past this region, all it would read)
            return
        they = _pronouns_of(ctx, units, referent, read)[0]
        for k in range(start, stop if walked is None else walked):
            if they[k]:
                changes[units[k].start] = lambda leaf: leaf.replaced(match_case(leaf.text, "your opponents"), rule)
        read[key] = start
        if stop < len(units):
            return


def _pronouns_of(ctx, units, referent: str, read: dict) -> tuple[list[bool], list[int]]:
    """For the units of a region: which are a "they" that refers to ``referent`` (and may be
    rewritten), and for each index the next such "their" (or ``len(units)``); made once
    per region for a pass."""
    key = ("pronouns", referent, id(units))
    found = read.get(key)
    if found is None:
        they, next_their = [False] * len(units), [len(units)] * len(units)
        nxt = len(units)
        for k in range(len(units) - 1, -1, -1):
            u = units[k]
            if isinstance(u, n.Pronoun) and ctx.analysis.referents.get(u.start) == referent \
                    and not ctx.protected_at(u.start):
                if word(u) == "they":
                    they[k] = True
                elif word(u) == "their":
                    nxt = k
            next_their[k] = nxt
        found = read[key] = (they, next_their, units)  # (units held: its id stays its own)
    return found[0], found[1]


def _names_a_player_at(units, k) -> bool:
    return _names_a_player(units[k])


def _names_a_player(unit) -> bool:
    if isinstance(unit, n.PlayerRef):
        return True
    if isinstance(unit, n.Zone):
        return isinstance(unit.owner, n.PlayerRef)
    return isinstance(unit, n.Quantity) and any(isinstance(leaf, n.PlayerRef) for leaf in unit.leaves())


def _owns_battle_objects(units, k) -> bool:
    """Whether "their" at ``k`` owns Digimon or Tamers ("their level 6 or lower Digimon"),
    not their effects or anything else ("their Digimon effects", "their turn")."""
    for j in range(k + 1, min(k + 6, len(units))):
        u = units[j]
        w = word(u)
        if w in ("digimon", "tamer", "tamers"):
            after = word(units[j + 1]) if j + 1 < len(units) else ""
            return after not in ("effect", "effects", "card", "cards")
        if isinstance(u, (n.LevelValue, n.DPValue, n.CostValue)) or w in _OBJECT_MODIFIERS:
            continue
        return False
    return False
