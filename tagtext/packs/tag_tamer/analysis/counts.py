"""Counts in effect text, and the facts about each one.

A *count* is a number the Tag Tamer rules may scale: a threshold ("3 or more security
cards"), an exact count in a condition ("If you have 2 security cards"), an iteration
("for each card in your trash", "for every 2 colors"), or a target ("until there are 3
cards in your security stack", "up to having 3 left", "so that they have 6 cards left").

For each one this module states what it counts and where, and names no rule: each count
rule says which counts it claims (``rules/counts_shared.py: CountRule``). What it counts
(:attr:`Count.counts`), the first of these the text shows (RULES-NOTES.md, rules 1-9):

    value       a value of DP, a play cost or a level ("play cost is 4 or less", "this
                Digimon has 10000 or more DP")
    sum         a sum of levels, DP or play costs over several objects ("12 or more
                levels' total worth of Digimon"): it grows with what an area holds
    gauge       the memory gauge ("you have 3 or less memory")
    memory      memory other than the gauge's value ("3 or more memory" paid or counted)
    effect      what the effect or its trigger did ("for each card trashed", "with this
                effect", "for each one", "among them", "When ... is deleted, ... for each
                Digimon")
    one_card    one card: its colors, its digivolution or link cards, what is under it, or
                a filter on single cards ("Digimon with 2 or more colors")
    colors      colors across several objects ("your Tamers have 3 or more total colors",
                "for each color among your opponent's Digimon")
    objects     cards, Digimon or Tamers
    unknown     nothing: a comparison with no noun and no condition before it

Where (:attr:`Count.area`): the area phrase in the clause (``hand``, ``security``,
``trash``, ``battle_area``, ``deck`` ...), or the battle area for Digimon and Tamers
("3 or more Digimon", "your [Greymon]"), else None. An iteration over two lists at once
("for each X and each Y") is :attr:`Count.compound`.

The evidence is the count's clause (commas inside lists do not end it): the counted noun
after the number, an area phrase anywhere in the clause ("in your trash"), and the
subject before it ("you have", "your hand has", "this Digimon has", "there are"). A
comparison with no noun ("If you have 2 or fewer,"), or whose subject is "they"/"it" with
no area of its own, counts what the previous condition of the same effect counted.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from itertools import chain

from ..syntax import nodes as n
from .units import AnyOf, Guarded, Reading, Region, clause_span, is_destination, is_sentence_end, reading, word

#: what a count may count (Count.counts)
COUNTED = ("value", "sum", "gauge", "memory", "effect", "one_card", "colors", "objects", "unknown")

#: Lowercased text without a match holds no count (a necessary condition, checked over the
#: corpus by tests/packs/test_every_pack.py): comparisons and memory checks, iterations,
#: targets, and numbers after have / has / are / is / exactly (counts in conditions).
#: Like every rule's trigger it is searched in the lowercased text, and its branches
#: open with a literal, not ``\b``: the regex engine scans for it (a looser match is still
#: a necessary condition), one branch at a time (AnyOf).
TRIGGER = AnyOf(
    r"or\s+(?:more|fewer|less|higher|lower|greater)\b", r"of\s+(?:more|fewer|less|higher|lower|greater)\b",
    r"for\s+e(?:ach|very)\b",
    r"until\s+(?:there|you|they|it)\b", r"up\s+to\s+having\b", r"so\s+that\b",
    r"ha(?:ve|s)\s+\d", r"are\s+\d", r"is\s+\d", r"exactly\s+\d",
    r"if\s+\d",
)

#: Comparisons of DP, levels and costs ("4000 DP or less", "DP 6000 or more", "level 5 or
#: higher", "a play cost of 3 or less"), and comparisons with no number at all ("with as
#: much or less DP as", "as many or fewer digivolution cards as", "as high or lower a
#: level as": nothing to scale): never counts, and the commonest comparisons in card
#: text. They are blanked out before TRIGGER is searched.
NOT_COUNTS = re.compile(r"""
    (?: as\s+(?:many|much|high|low) | \d+\s*dp | dp\s*\d+ | (?:level|lv\.?|cost)\s*(?:of\s+)?\d+ )
    \s+or\s+(?:more|fewer|less|higher|lower|greater)\b
""", re.X)


def may_hold_counts(low: str) -> bool:
    """Whether the lowercased text may hold a count: TRIGGER, with DP, level and cost
    comparisons blanked out first."""
    if TRIGGER.search(low) is None:
        return False
    if _OR_COMPARISON.search(low) is None:
        return True  # no comparison NOT_COUNTS could blank out: the text searched is the same
    return TRIGGER.search(NOT_COUNTS.sub(" ", low)) is not None


#: The end of every match of NOT_COUNTS.
_OR_COMPARISON = re.compile(r"or\s+(?:more|fewer|less|higher|lower|greater)\b")

#: Nouns a count can count (singular -> plural). "Digimon" is both.
NOUNS = {
    "card": "cards", "cards": "cards", "tamer": "tamers", "tamers": "tamers",
    "digimon": "digimon", "color": "colors", "colors": "colors", "option": "options",
    "options": "options", "token": "tokens", "tokens": "tokens", "one": "ones",
}
#: Words that may stand between a number and its noun ("3 or more suspended green Digimon").
_MODIFIERS = frozenset({
    "total", "suspended", "unsuspended", "other", "face-up", "face-down", "different",
    "differently", "colored", "level", "trait", "traits", "or", "and", "/", "more", "fewer",
    "digimon", "tamer", "option", "security",
})
_OWNERS = frozenset({"of", "your", "their", "my", "its", "the", "each", "any", "all"})
_PARTICIPLES = frozenset({
    "trashed", "placed", "returned", "deleted", "revealed", "added", "discarded", "played",
    "removed", "chosen", "selected", "sent", "paid",
})
#: Participles that say what an effect did to what it counts, after the noun ("for each
#: Digimon card you placed", "for each of your opponent's Digimon suspended by this effect").
_DONE = _PARTICIPLES | {"suspended", "unsuspended", "trash", "place", "return"}
_YOU_DID = re.compile(r"(?:\S+ ){1,3}you (?:%s)\b" % "|".join(sorted(_DONE)))
_EFFECT = Guarded(
    r"\b(?:this|that|the) (?:card's )?effect\b|\busing this\b|\bthis way\b|\bamong (?:them|those|it)\b",
    "effect", "using this", "this way", "among ")
_ONE_CARD_SUBJECT = Guarded(
    r"\b(?:this|that|the) (?:digimon|tamer|card)'?s? (?:stack )?(?:has|have)\b|\bstack has\b"
    r"|\bdigivolution cards (?:has|have)\b|\bevolution cards (?:has|have)\b",
    " ha")
_ONE_CARD_WORDS = Guarded(
    r"\b(?:digivolution|evolution|link) cards?\b|\bunder(?: (?:this|that|it|them|one|1|the|each)\b| ?:|$)"
    r"|\bin (?:its|their) stack\b|\bsame-level\b|\b(?:its|this digimon's|that digimon's|that card's|"
    r"this card's|those returned cards'|those cards') colou?rs?\b|\bcolou?rs? (?:in|of) (?:this|that|its)\b",
    "volution card", "link card", "under", "stack", "same-level", "colo")
#: A sum of a property over several objects, not one card's: "12 or more levels' total worth
#: of Digimon", "if the levels of your Digimon add up to 12 or more".
_SUM_OF_OBJECTS = re.compile(r"\btotal worth of (?!(?:this|that|its|1|one)\b)")
#: (and the words before the count end with "add(s) up to" with no this/that/its in them: _sum_adds_up)
_THIS_THAT_ITS = re.compile(r"\b(?:this|that|its)\b")
_COST_CLAUSE = re.compile(r"\bby (?:placing|trashing|returning|suspending|deleting|revealing) up to\b")
_EVENT = re.compile(r"^when\b.*\b(?:is|are|would be|gets?) (?:deleted|played|trashed|returned|suspended)\b")
_WERE_DONE = re.compile(r"\b(?:were|was) (?:returned|placed|trashed|deleted)\b")
_HAVE_OR_IN_PLAY = re.compile(r"\b(?:you|your opponent|they) (?:have|has)\b|\bin play\b")
_IN_AREA = re.compile(r"\bin (?:the )?(trash|hand|security)\b")
_AND_EACH = re.compile(r"\band each\b")
_WITH_DIGIVOLUTION_CARDS = re.compile(r"\bwith (?:no|\d+ or (?:more|fewer|less)) (?:digivolution|evolution) cards?\b")
_CONDITION_WORDS = frozenset({"if", "while", "when", "unless"})
#: What the words before or after a count say (compiled once: searched for every count).
_VALUE_OF = Guarded(r"\b(?:dp|play costs?|costs?|levels?)(?: total)? (?:is|are|of)$", "dp", "cost", "level")
_ADDS_UP = Guarded(r"\badds? up to$", "up to")
_TOTAL_WORTH = Guarded(r"\b(?:levels?'?|play cost's|dp) total worth\b|\btotal worth\b", "total worth")
_LEVELS_AFTER = re.compile(r"(?:levels?'|dp\b)")
_MEMORY_AFTER = re.compile(r"(?:memory|points? of memory)\b")
_COLORS = Guarded(r"\bcolou?rs?\b", "colo")
_YOUR_NAMED = re.compile(r"\byour \[")
_OWNED_NAMED = re.compile(r"(?:your|their) \[")
_IF_YOU_DID = Guarded(r"\b(?:if|when) (?:you )?(?:place|placed|return|returned|trash|trashed|gain|gained|reveal|"
                      r"revealed|add|added)$", "if ", "when ")
_IF_YOU_HAVE = Guarded(r"\b(?:if|while) you have$", "you have")
_SO_THAT = Guarded(r"so that(?: (?:they|you|it) (?:have|has))?$", "so that")
_WITH_NO = re.compile(r"\bwith(?: no)?$")


@dataclass(frozen=True)
class Count:
    """One count and the facts about it: what it counts, where, and the evidence."""

    #: the count's node: Comparison, Quantity, Iteration, UntilCount, UpTo, ToValue, MemoryAmount
    node: n.Node
    #: "threshold", "exact", "iteration" or "target"
    kind: str
    #: what it counts: one of COUNTED
    counts: str
    #: the area it ranges over (see the module docstring), or None
    area: str | None
    #: why, in a few words (shown with residuals)
    reason: str
    #: the numeral to scale; None for "for each"
    number: n.Number | None
    #: "at_least", "at_most" or None (exact counts, iterations, targets)
    direction: str | None
    #: what is counted, for pairing conditions: (counts, the area phrase's area, owner, noun)
    measure: tuple
    #: the area phrase in the clause (a Zone), if any
    zone: n.Zone | None
    #: the subject before the count ("you", "your opponent", "your hand", "there") if any
    subject: n.Node | None
    #: the verb after the subject ("have", "has", "are"), if any
    verb: n.Word | None
    #: for "for each X": the noun(s) to make plural
    head_nouns: tuple[n.Leaf, ...] = ()
    #: counted without a noun of its own: its measure comes from the previous condition
    elliptical: bool = False
    #: (index of the region, index of the unit in it): document order
    position: tuple[int, int] = (0, 0)
    #: index of the effect (Block or Header) the count is in
    block: int = 0
    #: an iteration over two lists at once ("for each X and each Y")
    compound: bool = False

    def replace(self, **changes) -> "Count":
        return dataclasses.replace(self, **changes)


def find_counts(regions: list[Region], block_of: dict[int, int]) -> list[Count]:
    """Every count of the text, in document order, with its facts.

    ``block_of`` maps a region's start offset to the index of its effect.
    """
    counts: list[Count] = []
    last_condition: dict[int, Count] = {}
    for r_index, region in enumerate(regions):
        units = region.units
        block = block_of.get(region.node.start, 0)
        for i, unit in enumerate(units):
            if not isinstance(unit, _COUNT_UNITS):
                continue
            found = _candidate(units, i)
            if found is None:
                continue
            kind, number, direction = found
            count = _classify(units, i, kind, number, direction, (r_index, i), block)
            previous = last_condition.get(block)
            if _inherits(count, units, i):
                count = _inherit(count, previous)
            if count.kind in ("threshold", "exact"):
                last_condition[block] = count
            counts.append(count)
    return counts


# ----------------------------------------------------------------------------- candidates

#: the units a count can be
_COUNT_UNITS = (n.MemoryAmount, n.Quantity, n.Comparison, n.Iteration, n.UntilCount, n.UpTo, n.ToValue)


def _candidate(units, i):
    """(kind, number, direction) if unit ``i`` is a count, else None."""
    unit = units[i]
    if not isinstance(unit, _COUNT_UNITS):
        return None
    if isinstance(unit, n.MemoryAmount):
        # a check of the gauge ("you have 3 or less memory", "If you have 0 memory"), not
        # memory gained or paid
        if unit.bound is not None and i > 0 and word(units[i - 1]) in ("have", "has", "having"):
            return "threshold", unit.number, unit.bound.direction
        if unit.bound is None and _exact_in_condition(units, i):
            return "exact", unit.number, None
        return None
    if isinstance(unit, n.Quantity):
        if isinstance(unit.amount, n.Comparison):
            return "threshold", unit.amount.value, unit.amount.operator.direction
        if _exact_in_condition(units, i):
            return "exact", unit.amount, None
        if _so_that(units, i):
            return "target", unit.amount, None
        return None
    if isinstance(unit, n.Comparison):
        return "threshold", unit.value, unit.operator.direction
    if isinstance(unit, n.Iteration):
        return "iteration", unit.step, None
    if isinstance(unit, n.UntilCount):
        return "target", _number_of(unit.amount), _direction_of(unit.amount)
    if isinstance(unit, n.UpTo) and "having" in unit.marker.text.lower():
        return "target", _number_of(unit.amount), None
    if isinstance(unit, n.ToValue) and _direction_of(unit.amount):
        return "target", _number_of(unit.amount), _direction_of(unit.amount)
    return None


def _number_of(node) -> n.Number | None:
    if isinstance(node, n.Number):
        return node
    if isinstance(node, n.Comparison):
        return node.value
    if isinstance(node, n.Quantity):
        return node.number
    return None


def _direction_of(node) -> str | None:
    if isinstance(node, n.Comparison):
        return node.operator.direction
    if isinstance(node, n.Quantity) and isinstance(node.amount, n.Comparison):
        return node.amount.operator.direction
    return None


def _exact_in_condition(units, i) -> bool:
    """"If you have 2 security cards", "If there are 3 cards", "If 4 [X]s are placed"."""
    start, _ = clause_span(units, i)
    last = word(units[i - 1]) if i > start else None
    if last in ("have", "has", "are", "is", "exactly"):
        verb_or_if = True
    elif last in ("if", "while", "when"):
        verb_or_if = any(word(u) in ("are", "is") for u in units[i + 1:i + 4])
    else:
        return False  # (asked first: the search for the condition word below walks the clause)
    return verb_or_if and reading(units).before(_is_condition_word, i) >= start


def _is_condition_word(units, k) -> bool:
    return word(units[k]) in _CONDITION_WORDS


def _so_that(units, i) -> bool:
    """A target after "so that": "so that they have 6 cards left", "so that 8 remain"."""
    before = " ".join(word(u) for u in units[max(0, i - 4):i])
    if not _SO_THAT.search(before):
        return False
    following = word(units[i]).split()[1:] + [word(u) for u in units[i + 1:i + 3]]
    return any(w in ("left", "remain", "remaining") for w in following[:2])


# ----------------------------------------------------------------------------- classification

def _classify(units, i, kind, number, direction, position=(0, 0), block=0) -> Count:
    unit = units[i]
    r = reading(units)
    start, end = clause_span(units, i)
    # The clause's words before the count (b) and after it (a), as far as the tests below
    # read them: the end of b (its patterns are anchored at the end and short) and the
    # start of a (whole words); what may be anywhere in the clause is looked up in the
    # region's reading (r.finds, r.before, r.after). Building the whole clause's words for
    # each count made a clause of many counts quadratic.
    b = r.tail(start, i, 80)
    a = r.head(i + 1, end)
    own = r.words[i]
    zone, area = _area(unit, r, start, i, end)
    if area is None and kind == "target":
        zone, area = _area_before(units, i)
    subject, verb = _subject(units, start, i)
    noun = _noun(unit, r, i + 1, min(end, i + 9))
    head_nouns = _head_nouns(unit, units, i + 1, end) if kind == "iteration" else ()
    elliptical = (kind == "threshold" and not noun and area is None and i + 1 >= end
                  and subject is not None and not isinstance(unit, n.MemoryAmount))

    compound = kind == "iteration" and r.finds(_AND_EACH, i + 1, end) is not None

    def make(counts: str, reason: str, where: str | None = area) -> Count:
        owner = _owner(zone, subject)
        return Count(unit, kind, counts, where, reason, number, direction, (counts, area, owner, noun),
                     zone, subject, verb, head_nouns, elliptical, position, block, compound)

    # value: the number is DP, a cost or a level, not a count of objects
    if kind != "iteration" and (
        _VALUE_OF.search(b)
        or _ADDS_UP.search(b)
        or _TOTAL_WORTH.search(own + " " + a[:20])
        or _LEVELS_AFTER.match(a)
    ):
        if kind in ("threshold", "exact") and (_sum_of_objects(r, own, a, i, end) or _sum_adds_up(r, b, start, i)):
            return make("sum", "a sum of levels, DP or costs over the objects of an area")
        return make("value", "a value of DP, a cost or a level")
    # memory
    if isinstance(unit, n.MemoryAmount):
        return make("gauge", "the memory gauge")
    if (noun == "memory" or _MEMORY_AFTER.match(a)) and "paid" not in a.split()[:2]:
        return make("memory", "counts memory, which no rule covers")
    # what the effect (or its trigger) did
    effect = _effect(unit, kind, b, a, own, noun, area, r, i, end)
    if effect:
        return make("effect", effect)
    # the cards under all of a side's Digimon: in the battle area (note 2)
    if _sides_stacks(own, a, subject):
        return make("objects", "the digivolution or link cards of all of a side's Digimon in play", "battle_area")
    # one card
    one_card = _one_card(r.words[i - 1] if i > start else None, b, own, zone, area, r, i, end)
    if one_card:
        return make("one_card", one_card)
    # colors of several objects
    if noun in ("color", "colors") or _COLORS.search(own + " " + a[:25]):
        return make("colors", "colors across several objects in a shared area")
    if area == "hand":
        return make("objects", "cards in a hand")
    if area in n.SHARED_ZONES:
        return make("objects", {"security": "security cards", "trash": "cards in a trash",
                                "battle_area": "Digimon or Tamers in play"}[area])
    if noun in ("digimon", "tamer", "tamers"):
        return make("objects", "Digimon or Tamers in play", "battle_area")
    if _YOUR_NAMED.search(own) or (kind == "iteration" and _OWNED_NAMED.match(a)):
        return make("objects", "your named Digimon in play", "battle_area")
    if elliptical:
        return make("objects", "no noun: inherits the previous condition")
    return make("objects", "what is counted, and where, is not in the text")


def _inherits(count: Count, units, i) -> bool:
    if count.elliptical:
        return True
    if count.kind == "threshold" and count.measure[1] is None and isinstance(count.subject, n.Pronoun):
        return count.counts not in ("value", "sum", "gauge", "effect")
    return False


def _inherit(count: Count, previous: Count | None) -> Count:
    if previous is None:
        return count.replace(counts="unknown", area=None, reason="no noun, and no condition before it to inherit from")
    return count.replace(
        counts=previous.counts,
        area=previous.area,
        reason=f"the same as the condition before it: {previous.reason}",
        measure=previous.measure,
        zone=previous.zone,
    )


def _area(unit, r: Reading, start: int, i: int, end: int):
    """(zone node, area) the count (unit ``i`` of clause [start, end)) is about: its own
    noun or area phrase first, then an area phrase after it in the clause, then one before
    it ("your hand has ...")."""
    for node in unit.walk():
        if isinstance(node, n.Zone):
            return node, node.zone
        if isinstance(node, n.ZoneWord):
            return None, node.zone
    units = r.units
    # the first area phrase after the count: the two right after it are read with only
    # the clause after the count before them (a filter looks two words back)
    for k in range(i + 1, min(i + 3, end)):
        found = _area_phrase(units, k, i + 1)
        if found is not None:
            return found, found.zone
    k = r.after(_has_area_phrase, i + 3)
    if k < end:
        found = _area_phrase(units, k, 0)
        return found, found.zone
    m = r.finds(_IN_AREA, i + 1, end)
    if m:
        return None, m.group(1)
    k = r.before(_is_zone_not_destination, i)
    if k >= start:
        return units[k], units[k].zone
    return None, None


def _area_phrase(units, k: int, lo: int) -> n.Zone | None:
    """Unit ``k``'s area phrase, if it names what is counted: a Zone that is no filter on
    the counted objects (reading back no further than ``lo``), or the first Zone inside a
    Quantity."""
    u = units[k]
    if isinstance(u, n.Zone):
        return None if _filter_zone(units, k, lo) else u
    if isinstance(u, n.Quantity):
        for node in u.walk():
            if isinstance(node, n.Zone):
                return node
    return None


def _has_area_phrase(units, k) -> bool:
    return _area_phrase(units, k, 0) is not None


def _is_zone_not_destination(units, k) -> bool:
    return isinstance(units[k], n.Zone) and not is_destination(units, k)


def _is_sentence_end(units, k) -> bool:
    return is_sentence_end(units[k])


def _area_before(units, i):
    """For a target: the area named earlier in the sentence ("...from the top of your
    security stack, up to having 3 left", "choosing cards in your opponent's hand ... so
    that 8 remain")."""
    r = reading(units)
    k = r.before(_is_zone_not_destination, i)
    if k >= 0 and k > r.before(_is_sentence_end, i):
        return units[k], units[k].zone
    return None, None


def _filter_zone(units, k: int, lo: int = 0) -> bool:
    """"Digimon with no digivolution cards": a filter on the counted objects (the two
    words before the area, from ``lo`` on)."""
    if units[k].zone != "digivolution_cards":
        return False
    prev = " ".join(word(u) for u in units[max(lo, k - 2):k])
    return _WITH_NO.search(prev) is not None


def _subject(units, start: int, i: int):
    """The subject and verb just before the count (unit ``i``, its clause starting at
    ``start``): "you have", "your hand has", "there are"."""
    if i <= start or not isinstance(units[i - 1], n.Word):
        return None, None
    if word(units[i - 1]) not in ("have", "has", "are", "is", "having"):
        return None, None
    verb = units[i - 1]
    k = i - 2
    while k >= start and isinstance(units[k], n.Word) and word(units[k]) in ("still", "only", "exactly", "re"):
        k -= 1
    if k >= start and (isinstance(units[k], (n.PlayerRef, n.Pronoun, n.Zone)) or word(units[k]) in ("there", "it", "there're")):
        return units[k], verb
    return None, verb


def _owner(zone, subject) -> str | None:
    node = zone.owner if zone is not None and zone.owner is not None else subject
    if isinstance(node, n.Zone):
        node = node.owner
    if isinstance(node, n.PlayerRef):
        return node.player
    if isinstance(node, n.Pronoun):
        return "they"
    return None


_NOT_NOUNS = (n.PlayerRef, n.Pronoun, n.Article, n.Color)


def _noun(unit, r: Reading, lo: int, hi: int) -> str:
    """The counted noun, lower case and singular where it matters ("" if none). (The
    words after the count: those of units[lo:hi] of the region ``r``.)"""
    if isinstance(unit, n.MemoryAmount):
        return "memory"
    words: list[str] = []
    if isinstance(unit, n.Quantity):
        words = word(unit.head).split()
    elif isinstance(unit, (n.UntilCount, n.UpTo, n.ToValue)) and isinstance(unit.amount, n.Quantity):
        words = word(unit.amount.head).split()
    # the words after it, read only as far as the loop goes
    following = (r.words[k] for k in range(lo, hi) if not isinstance(r.units[k], _NOT_NOUNS))
    for w in chain(words, following):
        if w in NOUNS:
            return w
        if w in ("memory", "security"):
            return w
        if w not in _MODIFIERS and w not in _OWNERS and not w.startswith(("[", "(")):
            break
    return ""


def _head_nouns(unit, units, lo: int, hi: int) -> tuple[n.Leaf, ...]:
    """For "for each X" (X: units[lo:hi], the rest of the clause): the nouns of X to make
    plural. None after "for each of" (already plural) or "for every N" (already plural)."""
    if not isinstance(unit, n.Iteration) or unit.of is not None or unit.step is not None:
        return ()
    found: list[tuple[int, n.Leaf]] = []
    words = reading(units).words
    for k in range(lo, hi):
        u = units[k]
        w = words[k]
        if isinstance(u, (n.Word, n.ColorsWord)) and w in NOUNS:
            found.append((k, u))
            continue
        if isinstance(u, n.Zone) and u.owner is None and u.zone == "security":
            found.append((k, u.area))  # "for each security card"
            continue
        if isinstance(u, (n.CardRef, n.Color, n.HeaderWord)) or w in _MODIFIERS or w in ("[", "]", "/"):
            continue
        break
    if found and word(found[0][1]) == "color":
        return (found[0][1],)  # "for each color Digimon and Tamers have": the colors are counted
    # "Digimon card": of adjacent nouns only the last is made plural ("Digimon cards").
    return tuple(leaf for j, (k, leaf) in enumerate(found)
                 if not (j + 1 < len(found) and found[j + 1][0] == k + 1))


def _effect(unit, kind, b, a, own, noun, area, r: Reading, i: int, end: int) -> str | None:
    """Why the count is of what the effect or its trigger did, or None. (``b``, ``a``: the
    end of the clause's words before the count, the start of those after it; ``r``: the
    count's whole region, the count its unit ``i``, the clause ending at ``end``.)"""
    after_noun = _after_noun(r, i + 1, end, noun)
    following = a.split()
    if _EFFECT.search(own) or _EFFECT.search(" ".join(following[:6])) \
            or _EFFECT.search(" ".join(after_noun[:3])):
        return "counts what the effect itself did"
    first = following[:3]
    if kind == "iteration" and (first[:1] == ["one"] or noun == "one"):
        return "counts what the effect itself did"
    if first[:1] and first[0] in _PARTICIPLES:  # "for each returned card"
        return "counts what the effect itself did"
    if after_noun[:1] and after_noun[0] in _PARTICIPLES or after_noun[:2] == ["this", "effect"]:
        return "counts what the effect itself did"
    if any(w in _PARTICIPLES for w in own.split()):
        return "counts what the effect itself did"
    done = after_noun[1:] if after_noun[:1] and after_noun[0] in NOUNS else after_noun  # "security card you trashed"
    if done[:2] and done[0] == "you" and done[1] in _DONE or _YOU_DID.match(a):
        return "counts what the effect itself did (\"for each card you placed\")"
    if done[:3] and done[0] in _DONE and done[1:3] == ["by", "this"]:
        return "counts what the effect itself did (\"suspended by this effect\")"
    if _IF_YOU_DID.search(b):
        return "counts what the effect itself did"
    if r.finds(_WERE_DONE, i + 1, end):
        return "counts what the effect itself did"
    if kind != "iteration" or area is not None:
        return None
    if r.finds(_COST_CLAUSE, 0, len(r.units)):  # anywhere in the region
        return "counts what the effect's cost did"
    if noun in ("digimon", "tamer") and not a.startswith(("your", "their", "you")) \
            and r.search_all(_EVENT) and not r.finds(_HAVE_OR_IN_PLAY, i + 1, end):
        return "counts what triggered the effect"
    return None


def _after_noun(r: Reading, lo: int, hi: int, noun: str, count: int = 4) -> list[str]:
    """The first ``count`` words after the counted noun in the words of units[lo:hi] ("card
    trashed by ..." -> ["trashed", "by", ...]): after the first word that is the noun or
    a form of it (for a noun NOUNS has no plural of, the first word that is no noun)."""
    if not noun:
        return []
    plural = NOUNS.get(noun)
    k = r.after(_NOUN_FORMS[plural], lo)
    if k >= hi:
        return []
    words = r.words[k].split()
    at = next(j for j, w in enumerate(words) if NOUNS.get(w) == plural)
    out = words[at + 1:at + 1 + count]
    k += 1
    while len(out) < count and k < hi:
        out.extend(r.words[k].split()[:count - len(out)])
        k += 1
    return out


def _noun_forms(plural):
    """A test of a unit: whether one of its words is a form of the noun whose plural is
    ``plural`` (for None: a word that is no noun)."""
    def test(units, k):
        return any(NOUNS.get(w) == plural for w in reading(units).words[k].split())
    return test


#: plural -> the test of a unit holding one of its forms (made once: a Reading keeps the
#: answers of each test)
_NOUN_FORMS = {plural: _noun_forms(plural) for plural in {*NOUNS.values(), None}}


def _sum_of_objects(r: Reading, own: str, a: str, i: int, end: int) -> bool:
    """Whether the count's words and the clause after it read "total worth of" objects
    (``a``: the start of the words after the count)."""
    return bool(_SUM_OF_OBJECTS.search(own + " " + a) or r.finds(_SUM_OF_OBJECTS, i + 1, end))


def _sum_adds_up(r: Reading, b: str, start: int, i: int) -> bool:
    """Whether the clause's words before the count (``b``: their end) end with "add(s) up
    to" and hold no "this", "that" or "its" ("if the levels of your Digimon add up to 12
    or more")."""
    return bool(_ADDS_UP.search(b)) and not r.finds(_THIS_THAT_ITS, start, i)


def _sides_stacks(own: str, a: str, subject) -> bool:
    """Whether the count is of the digivolution or link cards of all of a side's Digimon,
    not of one card's: "for each of your link cards", "[Negamon] in your Digimon's
    digivolution cards", "you have 4 or more link cards" (a player's, with no card named)."""
    text = f"{own} {a}"
    m = _STACK.search(text)
    if m is None or _ONE_CARD_AFTER.match(text, m.end()):
        return False  # "digivolution cards under this Digimon"
    owner = [w for w in text[:m.start()].split() if w not in _STACK_MODIFIERS and not w.isdigit()]
    if owner[-1:] == ["your"] or owner[-2:] in (["your", "opponent's"], ["your", "digimon's"]) \
            or owner[-3:] == ["your", "opponent's", "digimon's"]:
        return True
    between = [w for w in text[len(own):m.start()].split() if w not in _STACK_MODIFIERS]
    return (not between and isinstance(subject, n.PlayerRef) and not subject.possessive
            and subject.player in ("you", "opponent"))  # "you have 4 or more link cards"


#: Cards stacked under Digimon, and what may stand between their owner and them.
_STACK = Guarded(r"\b(?:digivolution|evolution|link) cards?\b", "volution card", "link card")
_STACK_MODIFIERS = frozenset({"face-up", "face-down", "level"})
_ONE_CARD_AFTER = re.compile(r" (?:under|of|in) ")


def _one_card(last: str | None, b, own, zone, area, r: Reading, i: int, end: int) -> str | None:
    """Why the count is scoped to one card, or None. (``last``: the word of the unit
    before the count in its clause, if any; ``b``: the end of the clause's words before it.)"""
    if _ONE_CARD_SUBJECT.search(b[-60:]):
        return "one card's own cards or colors"
    if last is not None and last in ("with", "of") and not _IF_YOU_HAVE.search(b):
        return "a filter on single cards (\"with N or more ...\")"
    # "Digimon with no digivolution cards" filters what is counted; it is not the count.
    a = r.head_without(_WITH_DIGIVOLUTION_CARDS, i + 1, end, 45)
    if area == "digivolution_cards" or _ONE_CARD_WORDS.search(own) or _ONE_CARD_WORDS.search(a[:45]):
        return "one card's digivolution cards, link cards, stack or colors"
    return None
