"""Rule: hand sizes count the team's combined hands.

Manual: "Effects that reference the size of a player's hand treat both teammates' hands
as a single shared area" ("for every 4 cards in your opponent's hand" -> "for every 8
cards in the opposing team's combined hands"). RULES-NOTES 8: a count of cards in a hand
(threshold, iteration or target) doubles and counts the team's combined hands: "If you
have 4 or fewer cards in your hand" -> "8 or fewer cards in your team's combined hands";
"trashes cards in their hand until they have 5 left" -> the team trashes until its
combined hands hold 10. Events and actions on a hand have no count and are not touched.

Whose team: "your hand" is your team's; "your opponent's hand" the opposing team's;
"their hand" is the team of whoever "they" are in the sentence (the opponent unless the
sentence's players are all players or you).
"""

from __future__ import annotations

from ..analysis.units import clause_span, is_boundary, is_sentence_end, reading, word
from ..syntax import nodes as n
from ..analysis.counts import may_hold_counts
from tagtext.syntax.edit import replace_leaves
from .common import match_case, name_antecedents, removed, third_person, verb_after
from .counts_shared import CountRule, scale

ID = "hand-size"


def count_combined_hands(tree, ctx):
    """Double every count of cards in a hand and name the team's combined hands."""
    changes = {}
    done_zones: set[int] = set()
    read: dict = {}  # what name_antecedents has read already, for the next counts
    for count in ctx.claimed(ID):
        scale(count, changes, ID)
        units = ctx.units_of(count)
        zone = count.zone if count.zone is not None and count.zone.zone == "hand" else None
        if _team_holds(ctx, count, units, changes, done_zones, read):
            continue
        if zone is not None and _team_trashes_down(count, zone, units, changes):
            done_zones.add(zone.start)
            continue
        if zone is not None and zone.start not in done_zones:
            done_zones.add(zone.start)
            _combined(zone, _team(zone, units, count), changes)
        elif zone is None:
            _plain_hand(units, count, changes)
        _agreement(count, changes)
    return replace_leaves(tree, changes)


def _team_holds(ctx, count, units, changes, done_zones: set[int], read: dict) -> bool:
    """"If you have 4 or fewer cards in your hand" -> "If your team's combined hands have 8
    or fewer cards" (RULES-NOTES 8: the team holds the combined hands, so the player who
    "has" the cards gives way to the hands themselves); "they" for the opponent likewise.
    What pointed back at the opponent named there names them. False, and nothing changed,
    when the count is not a player having cards in their hand."""
    subject, verb = count.subject, count.verb
    side = _holder(ctx, subject)
    if side is None or verb is None or word(verb) not in ("have", "has"):
        return False
    i = count.position[1]
    if count.elliptical:
        return _team_holds_elliptical(ctx, count, side, changes, read)
    if i + 2 >= len(units) or word(units[i + 1]) != "in":
        return False
    either = word(units[i + 2]) == "either"
    k = i + 3 if either else i + 2  # "cards in either their hand or trash"
    hand = units[k] if k < len(units) else None
    if not (isinstance(hand, n.Zone) and hand.zone == "hand" or isinstance(hand, n.Word) and word(hand) == "hand"):
        return False
    joined = word(units[k + 1]) if k + 1 < len(units) else ""
    own_verb = any(word(u) in ("has", "have", "is", "are") for u in units[k + 2:k + 7])
    other = _shared_area(units, k + 2, side) if joined == "or" and not own_verb else None
    if joined == "or" and not own_verb and other is None:
        return False  # "you have 8 cards in your hand or ...": left to the player as subject
    team = "your team's" if side == "you" else "the opposing team's"
    if other is not None:
        # "your opponent has 10 or more cards in either their hand or trash" -> "either the
        # opposing team's combined hands or your opponent's trash has 20 or more cards": both
        # areas double (notes 1 and 8), and each holds the cards; the verb agrees with the
        # nearer one
        holders = f"{'either ' if either else ''}{team} combined hands or {other[1]}"
        changes[subject.start] = lambda leaf: leaf.replaced(match_case(leaf.text, holders), ID)
        changes[verb.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "has"), ID)
        for unit in units[i + 2:k + 2] + (other[0],):  # "either", the hand, "or", the area
            for leaf in unit.leaves():
                changes[leaf.start] = _removed
        joined = ""
    else:
        changes[subject.start] = lambda leaf: leaf.replaced(match_case(leaf.text, f"{team} combined hands"), ID)
        changes[verb.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "have"), ID)
    if isinstance(hand, n.Zone):
        done_zones.add(hand.start)
    # the counted noun joins the edit that drops "in your hand", so that the edit's span
    # takes the space before "in" with it
    noun = list(units[i].leaves())[-1]
    if noun.start not in changes:
        changes[noun.start] = lambda leaf: leaf if ID in leaf.rules else leaf.with_changes(rules=leaf.rules + (ID,))
    for unit in (units[i + 1], hand):
        for leaf in unit.leaves():
            changes[leaf.start] = _removed
    if joined == "and" and not own_verb:
        # "you have 8 or more cards in your hand and a Tamer in play": the player still has the rest
        rest = "and you have" if side == "you" else "and your opponent has"
        changes[units[k + 1].start] = lambda leaf: leaf.replaced(match_case(leaf.text, rest), ID)
    if side == "opponent":
        name_antecedents(ctx, count, "opponent", changes, ID, read)
    return True


def _shared_area(units, j: int, side: str):
    """(unit, its name) when unit ``j`` ends the clause naming a shared area of the counting
    player's: "trash" in "in their hand or trash" (the owner carries over: "your
    opponent's trash"), or an area with its own owner ("your trash")."""
    if j >= len(units) or (j + 1 < len(units) and not is_boundary(units[j + 1])):
        return None
    unit = units[j]
    if isinstance(unit, n.Zone) and unit.zone in n.SHARED_ZONES and unit.owner is not None:
        return unit, unit.words()
    if isinstance(unit, n.Word) and word(unit) in ("trash", "security"):
        owner = "your" if side == "you" else "your opponent's"
        return unit, f"{owner} {unit.text}"
    return None


def _team_holds_elliptical(ctx, count, side: str, changes, read: dict) -> bool:
    """"Then, if they have 5 or fewer," after a hand count: the same hands, named
    ("if the opposing team's combined hands have 11 or fewer cards,")."""
    team = "your team's" if side == "you" else "the opposing team's"
    changes[count.subject.start] = lambda leaf: leaf.replaced(match_case(leaf.text, f"{team} combined hands"), ID)
    changes[count.verb.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "have"), ID)
    last = list(count.node.leaves())[-1]
    if last.start != count.number.start:  # "5 or fewer" -> "... fewer cards"
        changes[last.start] = lambda leaf: leaf.replaced(leaf.text + " cards", ID)
    if side == "opponent":
        name_antecedents(ctx, count, "opponent", changes, ID, read)
    return True


def _holder(ctx, subject) -> str | None:
    """Whose hand a count's subject holds: "you", "opponent" (also a "they" that refers
    to the opponent), or None."""
    if isinstance(subject, n.PlayerRef) and not subject.possessive and subject.player in ("you", "opponent"):
        return subject.player
    if isinstance(subject, n.Pronoun) and word(subject) == "they" \
            and ctx.analysis.referents.get(subject.start) == "opponent":
        return "opponent"
    return None


def _team_trashes_down(count, zone: n.Zone, units, changes) -> bool:
    """"Your opponent trashes cards in their hand until they have 5 left" -> "The opposing
    team trashes cards in their combined hands until they have 10 left": trashing down to
    a hand size is the team's procedure (the manual's MoonMillenniummon; RULES-NOTES 8)."""
    if count.kind != "target" or not isinstance(zone.owner, n.Pronoun):
        return False
    r = reading(units)
    k = r.index_of(zone)
    if k is None:
        return False
    start, _ = clause_span(units, k, list_commas=False)
    at = r.after(_is_player, start)
    actor = units[at] if at < k else None
    if actor is None or actor.possessive:
        return False
    if actor.player == "opponent":
        changes[actor.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "the opposing team"), ID)
    elif actor.player in ("all", "both", "players"):
        # "All players trash cards in their hand until ..." -> "Each team trashes ..."
        changes[actor.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "each team"), ID)
        verb = verb_after(units, at)
        if verb is not None:
            changes[verb.start] = lambda leaf: leaf.replaced(third_person(leaf.text), ID)
    else:
        return False
    changes[zone.area.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "combined hands"), ID)
    _agreement(count, changes)
    return True


def _removed(leaf: n.Leaf) -> n.Leaf:
    return removed(leaf, ID)


def _team(zone: n.Zone, units, count) -> str:
    """"your team's" or "the opposing team's" (or "their team's" for all players)."""
    owner = zone.owner
    if isinstance(owner, n.PlayerRef):
        return "your team's" if owner.player == "you" else "the opposing team's"
    # "their hand": whoever "they" are - the nearest player named before, in the sentence
    i = count.position[1]
    r = reading(units)
    at = r.index_of(zone)
    k = min(i, at if at is not None else i)
    # the nearest player at k or before, unless a sentence ends at or after it first
    player = k if isinstance(units[k], n.PlayerRef) else r.before(_is_player, k)
    end = k if is_sentence_end(units[k]) else r.before(_is_sentence_end, k)
    if player >= 0 and player > end:
        u = units[player]
        if u.player == "you":
            return "your team's"
        if u.player in ("all", "both", "each", "players"):
            return "their team's"
        return "the opposing team's"
    return "the opposing team's"


def _is_player(units, k) -> bool:
    return isinstance(units[k], n.PlayerRef)


def _is_sentence_end(units, k) -> bool:
    return is_sentence_end(units[k])


def _combined(zone: n.Zone, team: str, changes) -> None:
    owner = zone.owner
    if owner is not None:
        changes[owner.start] = lambda leaf: leaf.replaced(match_case(leaf.text, team), ID)
    area = zone.area
    changes[area.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "combined hands"), ID)


def _plain_hand(units, count, changes) -> None:
    """"cards in hand" (no owner): name the counting player's team."""
    i = count.position[1]
    start, end = clause_span(units, i)
    subject = count.subject
    team = "the opposing team's" if isinstance(subject, n.PlayerRef) and subject.player == "opponent" else "your team's"
    k = reading(units).after(_is_in_hand, i + 1)
    if k < end:
        changes[units[k].start] = lambda leaf: leaf.replaced(f"{team} combined hands", ID)


def _is_in_hand(units, k) -> bool:
    """ "hand" after "in" (no owner) """
    return isinstance(units[k], n.Word) and word(units[k]) == "hand" and k > 0 and word(units[k - 1]) == "in"


def _agreement(count, changes) -> None:
    """"your hand has 4 or fewer cards" -> "... hands have"; "until it has 4" -> "until they have"."""
    if isinstance(count.subject, n.Zone) and count.subject.zone == "hand" and count.verb is not None:
        if word(count.verb) == "has":
            changes[count.verb.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "have"), ID)
    node = count.node
    if isinstance(node, n.UntilCount) and node.subject is not None and node.subject.text.lower() == "it":
        changes[node.subject.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "they"), ID)
        changes[node.verb.start] = lambda leaf: leaf.replaced(match_case(leaf.text, "have"), ID)


def claims(count) -> bool:
    """Cards in a hand (not two lists at once)."""
    return count.counts == "objects" and count.area == "hand" and not count.compound


def sees(fact) -> bool:
    """Counts of cards in a hand, claimed or not (a count of them used as a value)."""
    return fact.counts == "objects" and fact.area == "hand"


RULE = CountRule(
    ID, "Hand sizes count the team's combined hands",
    statement="Effects that reference the size of a player's hand treat both teammates' hands as a single shared area.",
    practice='A count of cards in a hand doubles and counts the team\'s combined hands ("4 or fewer cards in your hand" -> "8 or fewer cards in your team\'s combined hands"). Actions on your own hand and events stay.',
    apply=count_combined_hands,
    trigger=may_hold_counts,
    claims=claims,
    sees=sees,
    scaling=(2, 0),
)
