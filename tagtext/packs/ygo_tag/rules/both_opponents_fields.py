"""Rule 1: an effect that affects only the opponent's field affects both opponents' fields."""

from __future__ import annotations

import re

from ....syntax.edit import replace_leaves
from .. import nodes as y
from ..analysis import each_field_pairs, joined_private_area, listed_areas, on_field, puts_in_zone
from .common import Context, agree_singular, like, next_word, opponent_acts, replace, rule_of, your_opponent

ID = "both-opponents-fields"
TRIGGER = re.compile(r"your opponent|their opponent|each field")

_PLURAL_AREA = (
    (re.compile(r"^(side)(\s+of\s+the\s+field)$", re.I), r"\1s\2"),
    (re.compile(r"^(.*(?:field|zone))$", re.I), r"\1s"),
)
_VERB = {"controls": "control", "has": "have"}


_PLURAL_PRIVATE = re.compile(r"^(?:gy|graveyard|hand|deck|main deck|extra deck|field|banished)$", re.I)
#: the things a "they control" after them names on the field ("all Set cards they control")
_FIELD_THINGS = frozenset({"monster", "monsters", "card", "cards", "spells", "traps", "spells/traps",
                           "spell/trap", "spell", "trap"})


def plural_owned(text: str) -> str:
    """A private area owned by "their" after a plural owner: "their GY" -> "their GYs"."""
    if _PLURAL_PRIVATE.match(text) and text.lower() != "banished":
        return text + "s"
    return text


def plural_area(text: str) -> str:
    for pattern, repl in _PLURAL_AREA:
        if pattern.match(text):
            return pattern.sub(repl, text)
    return text


def both_opponents_fields(tree: y.CardText, ctx: Context) -> y.CardText:
    """Seed 001: 'Effects that affect only the opponent's field instead affect both
    opponents' fields.' EX1: 'An opponent attacks and my teammate activates "Mirror Force".
    It destroys all Attack Position monsters both opponents control.'

    What "your opponent" controls becomes what your opponents control: "monsters your
    opponent controls" -> "monsters your opponents control", "your opponent's Attack
    Position monsters" -> "your opponents' Attack Position monsters", "your opponent's
    field" -> "your opponents' fields" (the plural names both; see NOTES.md). What the
    plural then owns agrees: "or in their GY" -> "or in their GYs". "<cards> they
    (currently) control" after an opponent introduced by another rule is still the field:
    "your opponents (currently) control"; "monsters their opponent controls" -> "their
    opponents control". The opponent picking 1 card of their own field, no opponent named
    before, is each opponent: "your opponent must send 1 face-up monster ... from their
    field" -> "your opponents must each send ...", "make your opponents each send 1
    Spell/Trap they control". Cards a condition describes by who controls them are the
    field too ("if you destroyed a face-up Synchro Monster controlled by your opponents"),
    not a cause ("by an effect of a card controlled by your opponent" stays). Two cards
    split "(1 on each field)" after their count are one of yours and one of the opponents':
    "destroy 2 cards (1 on your field and 1 on either opponent's field)"."""
    changes: dict = {}
    for each, area, prep, summoned in each_field_pairs(tree, ctx.analysis):
        if not summoned and ctx.free(each) and ctx.free(area):
            # "destroy 2 cards (1 on each field)": one of yours and one of the opponents'
            # (with four fields "each field" would reach your teammate's and count four)
            replace(changes, each, like("your", each.text), ID, ctx)
            replace(changes, area, f"{area.text} and 1 {prep} either opponent's {area.text}", ID, ctx)
    by_leaf = {m.leaf.start: m for m in ctx.mentions()}
    for m in ctx.mentions():
        if _pronoun_controls(m, ctx):
            # "all face-up monsters they currently control", the opponent introduced before
            # (a requirement, a chosen opponent): the field is still both opponents'
            replace(changes, m.leaf, like("your opponents", m.leaf.text), ID, ctx)
            _still_that_opponent(m, changes, ctx)
            continue
        if _pronoun_field(m, ctx):
            # "destroy 1 card in that opponent's hand (at random) or their field": the hand
            # is the chosen opponent's, the field both opponents'
            replace(changes, m.leaf, like("your opponents'", m.leaf.text), ID, ctx)
            if ctx.free(m.area_leaf):
                new = plural_area(m.area_leaf.text)
                if new != m.area_leaf.text:
                    replace(changes, m.area_leaf, new, ID, ctx)
            continue
        if _their_opponent_controls(m, ctx):
            # "no player can target monsters their opponent controls": each has two
            replace(changes, m.leaf, like("their opponents", m.leaf.text), ID, ctx)
            _agree(m, changes, ctx)
            continue
        acts = _acts_on_one_of_theirs(m, ctx)
        if acts is not None:
            # "You can make your opponent send 1 Spell/Trap they control to the GY", "your
            # opponent must send 1 face-up monster ... from their field": no opponent is
            # named, and each opponent's field is one of the opponents' fields (rule 1):
            # "make your opponents each send", "your opponents must each send"
            _each(m, acts, changes, ctx)
            continue
        if _sends_their_field(m, ctx):
            # "Your opponent must send all monsters they control to the GY"
            replace(changes, m.leaf, like("your opponents", m.leaf.text), ID, ctx)
            _agree(m, changes, ctx)
            continue
        if _private_then_field(m, ctx):
            # "send as many cards as possible from that opponent's hand and field": the hand
            # is the one opponent's, the field both opponents' (NOTES, part of an effect)
            # "that opponent's hand, field and GY": the GY after the fields is that opponent's
            listed = listed_areas(m, ctx.analysis)
            field = next(a for a in listed if a.area in y.FIELD_AREAS)
            replace(changes, field, "your opponents' " + plural_area(field.text), ID, ctx)
            for area in listed[listed.index(field) + 1:]:
                replace(changes, area, "that opponent's " + area.text, ID, ctx)
            continue
        if not your_opponent(m) or m.team or not ctx.free(m.leaf) or not on_field(m):
            continue
        if (m.conditional and not _changes_them(m) and not _even_if(m) and not m.controlled_by
                or m.before[-1:] == ("by",) and m.before[-2:-1] != ("controlled",)):
            # a requirement is rule 5's; "destroyed by your opponent's card" names a cause;
            # cards a condition describes by who controls them are the field ("if you
            # destroyed a face-up Synchro Monster controlled by your opponents this turn")
            continue
        leaf = m.leaf
        if leaf.possessive:
            replace(changes, leaf, like("your opponents'", leaf.text), ID, ctx)
            if m.area_leaf is not None and ctx.free(m.area_leaf):
                new = plural_area(m.area_leaf.text)
                if new != m.area_leaf.text:
                    replace(changes, m.area_leaf, new, ID, ctx)
            _joined_area(m, changes, ctx)
            _their_fields(m, by_leaf, changes, ctx)
            continue
        replace(changes, leaf, like("your opponents", leaf.text), ID, ctx)
        _agree(m, changes, ctx)
        # "1 monster your opponents control or in their GY": "their" now names both
        owned = by_leaf.get(m.their_leaf.start) if m.their_leaf is not None else None
        if (owned is not None and owned.area_leaf is not None and ctx.free(owned.leaf)
                and ctx.free(owned.area_leaf) and owned.segment == m.segment):
            new = plural_owned(owned.area_leaf.text)
            if new != owned.area_leaf.text:
                replace(changes, owned.area_leaf, new, ID, ctx)
    return replace_leaves(tree, changes)


def _joined_area(m, changes: dict, ctx: Context) -> None:
    """The private area joined to the field made plural ("target 1 card in your opponents'
    fields or GY"): each opponent's, "GYs"; the GY of the opponent the effect introduced
    ("When an opponent activates a monster effect: You can target 1 Effect Monster in your
    opponents' fields or that opponent's GY")."""
    joined = joined_private_area(m, ctx.analysis)
    if joined is None or not ctx.free(joined):
        return
    if any(s in ctx.introduced for s in ctx.analysis.effect_of(m.sentence)):
        replace(changes, joined, "that opponent's " + joined.text, ID, ctx)
    else:
        new = plural_owned(joined.text)
        if new != joined.text:
            replace(changes, joined, new, ID, ctx)


def _their_fields(m, by_leaf: dict, changes: dict, ctx: Context) -> None:
    """A later "their field" of the clause that refers back to the field made plural names
    both fields too, and a GY joined to it each opponent's ("a monster on your opponents'
    fields or GYs, then target 1 monster on their fields or GYs", NOTES: plural agreement)."""
    owned = by_leaf.get(m.their_leaf.start) if m.their_leaf is not None else None
    if (owned is None or owned.antecedent is not m.leaf or owned.area_leaf is None
            or owned.area_leaf.area not in y.FIELD_AREAS or (owned.sentence, owned.clause) != (m.sentence, m.clause)
            or owned.lasting or owned.conditional or not ctx.free(owned.leaf) or not ctx.free(owned.area_leaf)):
        return
    new = plural_area(owned.area_leaf.text)
    if new == owned.area_leaf.text:
        return
    replace(changes, owned.area_leaf, new, ID, ctx)
    joined = joined_private_area(owned, ctx.analysis)
    if joined is not None and ctx.free(joined) and not any(s in ctx.introduced
                                                            for s in ctx.analysis.effect_of(m.sentence)):
        replace(changes, joined, plural_owned(joined.text), ID, ctx)


def _agree(m, changes: dict, ctx: Context) -> None:
    """The verb after a subject made plural: "controls" -> "control", "sends" -> "send"."""
    nxt = m.next_leaf
    if isinstance(nxt, (y.Words, y.Word)):
        words = nxt.split() if isinstance(nxt, y.Words) else [nxt]
        if words[0].text.lower() == "currently" and len(words) > 1:
            words = words[1:]
        verb = words[0]
        low = verb.text.lower()
        if not ctx.free(verb):
            return
        if low in _VERB:
            replace(changes, verb, _VERB[low], ID, ctx)
        elif low in _SENDS:
            replace(changes, verb, verb.text[:-1], ID, ctx)


#: verbs of a subject that sends its whole field away ("your opponent sends all monsters
#: they control to the GY")
_SENDS = frozenset({"sends", "shuffles", "returns", "banishes"})
_SEND_VERBS = frozenset({"send", "sends", "shuffle", "shuffles", "return", "returns", "banish", "banishes",
                         "destroy", "destroys"})


#: what an opponent does to 1 card (or any number) of their own field, their choice
_ONE_OF_THEIRS = frozenset({"send", "sends", "tribute", "tributes", "banish", "banishes", "destroy", "destroys",
                            "choose", "chooses", "select", "selects"})
_MODALS = frozenset({"must", "can"})
#: "1 <cards>", "any number of <cards>": how many of their own the opponent picks
_HOW_MANY = re.compile(r"^\s*(?:(?:must|can)\s+)?\w+\s+(?:1|any number of)\b", re.I)


def _acts_on_one_of_theirs(m, ctx: Context) -> str | None:
    """ "make your opponent send 1 <card> they control", "your opponent must send 1 face-up
    monster ... from their field", "Your opponent chooses 1 monster they control and gives
    control of it to you", in an effect that named no opponent before: the opponent picks
    from their own field, and each opponent's field is one of the opponents'. How the
    opponent is made to act: "make" ("make your opponent send"), the modal ("must", "can")
    or "" (the verb itself); None when it is not this shape."""
    if (not your_opponent(m) or m.leaf.possessive or m.team or m.conditional or m.lasting or not ctx.free(m.leaf)
            or any(s in ctx.introduced for s in ctx.analysis.effect_of(m.sentence))):
        return None
    after = list(m.after)
    if m.before[-1:] == ("make",):
        how = "make"
    elif m.before[-1:] in ((), ("and",), ("then",)):
        # the opponent is the subject of the effect (not of a clause inside it)
        how = after[0] if after[:1] and after[0] in _MODALS else ""
        after = after[1:] if how else after
    else:
        return None
    if not after or after[0] not in _ONE_OF_THEIRS:
        return None
    if not _HOW_MANY.match(ctx.text[m.leaf.end:m.leaf.end + 40]):
        return None
    if after[0] in ("tribute", "tributes") and tuple(after[1:3]) in (("1", "monster"), ("1", "monsters")):
        return how  # "make your opponent Tribute 1 monster (for no effect)": a Tribute is of their own
    for e in ctx.analysis.in_sentence(m.sentence):
        if e.start <= m.start or e.segment != m.segment or not isinstance(e.leaf, y.Pronoun):
            continue
        low = e.leaf.text.lower()
        if (low == "they" and e.after[:1] == ("control",)
                or low == "their" and e.area == "field" and e.before[-1:] == ("from",)):
            return how
        return None  # another opponent's phrase comes first
    return None


def _each(m, how: str, changes: dict, ctx: Context) -> None:
    """ "your opponent" -> "your opponents each" (after "make", or before the verb, which
    agrees: "Your opponents each choose 1 monster they control and give ..."), or, with a
    modal, "your opponents must each send"."""
    if how in ("must", "can"):
        replace(changes, m.leaf, like("your opponents", m.leaf.text), ID, ctx)
        modal = next_word(m.leaf, ctx)
        replace(changes, modal, modal.text + " each", ID, ctx)
    else:
        replace(changes, m.leaf, like("your opponents each", m.leaf.text), ID, ctx)
    if how == "":
        verb = next_word(m.leaf, ctx)
        _plural_verb(verb, changes, ctx)
        # "... they control and gives control of it to you": the second verb agrees too
        for e in ctx.analysis.in_sentence(m.sentence):
            if (e.start > m.start and e.segment == m.segment and isinstance(e.leaf, y.Pronoun)
                    and e.leaf.text.lower() == "they" and e.after[:2] == ("control", "and")):
                and_ = next_word(next_word(e.leaf, ctx), ctx)
                _plural_verb(next_word(and_, ctx), changes, ctx)
                break
    _sent_ones_named(m, changes, ctx)


def _plural_verb(verb, changes: dict, ctx: Context) -> None:
    """ "chooses" -> "choose", "gives" -> "give", "banishes" -> "banish" after a plural subject."""
    if not isinstance(verb, y.Word) or not ctx.free(verb):
        return
    low = verb.text.lower()
    if low.endswith(("shes", "ches", "sses", "xes")):
        replace(changes, verb, verb.text[:-2], ID, ctx)
    elif low.endswith("s") and not low.endswith("ss"):
        replace(changes, verb, verb.text[:-1], ID, ctx)


#: a later sentence naming the one card the opponent sent ("monsters with that sent
#: monster's name"): each opponent sent one
_SENT_ONE = re.compile(r"\bthat (sent) (monster)'s (name)\b")


def _sent_ones_named(m, changes: dict, ctx: Context) -> None:
    """After "your opponents must each send 1 face-up monster ...", the next sentence's
    "that sent monster's name" names both sent monsters: "the sent monsters' names"
    (Herald of the Abyss)."""
    sentences = ctx.analysis.sentences
    for sentence in sentences[m.sentence + 1:m.sentence + 2]:
        for found in _SENT_ONE.finditer(ctx.text, sentence.start, sentence.end):
            words = [y.Word(found.start(), found.start() + 4, "", "that"),
                     y.Word(found.start(2), found.end(2) + 2, "", ctx.text[found.start(2):found.end(2) + 2]),
                     y.Word(found.start(3), found.end(3), "", found.group(3))]
            if all(ctx.free(w) for w in words):
                for word, new in zip(words, ("the", "monsters'", "names")):
                    replace(changes, word, new, ID, ctx)


def _sends_their_field(m, ctx: Context) -> bool:
    """ "Your opponent must send all monsters they control to the GY", "your opponent must
    send the monsters in those zones": the opponent acting on what they control as a whole,
    which is both opponents' fields (rule 1), not one opponent's cards."""
    if not your_opponent(m) or m.leaf.possessive or m.team or m.conditional or m.lasting or not ctx.free(m.leaf):
        return False
    after = list(m.after)
    if after[:1] == ["must"]:
        after = after[1:]
    if not after or after[0] not in _SEND_VERBS:
        return False
    rest = " ".join(m.after)
    return bool(re.search(r"\ball (?:[\w/-]+ )*?(?:monsters|cards|spells|traps)\b", rest) and m.their_leaf is None
                and any(e.leaf.text.lower() == "they" and e.after[:1] == ("control",) and e.sentence == m.sentence
                        and e.segment == m.segment and e.start > m.start for e in ctx.analysis.in_sentence(m.sentence))
                or "in those" in rest)


#: what a condition says happens to the opponent's cards ("while it remains on the field
#: all of your opponent's monsters lose 700 ATK"): an effect on them, not a requirement
_CHANGES = frozenset({"lose", "loses", "gain", "gains", "become", "becomes"})


def _private_then_field(m, ctx: Context) -> bool:
    """ "your opponent's hand and field" (or a list: "hand, field, and GY"), the hand
    written as one opponent's by another rule ("that opponent's hand"): the field listed
    after it has no owner written."""
    if (not your_opponent(m) or not m.leaf.possessive or m.area not in y.PRIVATE_AREAS or ctx.free(m.leaf)
            or m.conditional or m.lasting or m.team):
        return False
    listed = listed_areas(m, ctx.analysis)
    fields = [a for a in listed if a.area in y.FIELD_AREAS]
    return (len(fields) == 1 and all(ctx.free(a) for a in listed[listed.index(fields[0]):])
            and all(a.area in y.PRIVATE_AREAS for a in listed if a is not fields[0]))


def _even_if(m) -> bool:
    """ "This card can attack directly even if there is a monster on your opponent's side
    of the field": what the effect overrides, not a requirement on one opponent."""
    words = m.before
    return any(words[k:k + 2] == ("even", "if") for k in range(len(words) - 1))


def _changes_them(m) -> bool:
    return isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive and m.predicate[:1] and m.predicate[0] in _CHANGES


def _pronoun_controls(m, ctx: Context) -> bool:
    """ "<cards> they (currently) control", "they" referring back to an opponent."""
    if not isinstance(m.leaf, y.Pronoun) or m.leaf.text.lower() != "they" or not ctx.free(m.leaf):
        return False
    after = m.after[1:] if m.after[:1] == ("currently",) else m.after
    if (after[:1] != ("control",) or not m.before or m.before[-1] not in _FIELD_THINGS or m.conditional
            or m.counted or opponent_acts(m)):
        # "Your opponent must send all monsters they control": the acting opponent's own
        return False
    ante = m.antecedent
    if not isinstance(ante, y.PlayerRef) or ante.player != "opponent":
        return False
    # the opponent named for what they have ("if your opponent controls a monster", "your
    # opponent's hand"), not one that acts ("make your opponent choose 1 ..., and negate
    # ... all other monsters they currently control": that opponent's)
    named = ctx.analysis.mention_of(ante)
    # named in a requirement or for a private area (not the field, which rule 1 already made
    # plural, nor the field a card is Summoned to: "Summon ... to your opponent's field by
    # Tributing 1 monster they control" is that opponent's), or in the condition the effect
    # answers (below)
    return (named is not None and named.sentence == m.sentence
            and (named.area in y.PRIVATE_AREAS
                 or named.conditional and named.after[:1] in (("controls",), ("control",), ("has",)))
            or _answered(named, m, ctx)
            or _after_team(named, m))


def _after_team(named, m) -> bool:
    """ "inflict damage to your opponent equal to the highest ATK among the monsters they
    control": "they" refers back to the team of an LP phrase earlier in the effect's
    sentence, which names no one opponent: the monsters are both opponents'."""
    return (named is not None and named.team and named.sentence == m.sentence and named.clause_kind != "condition"
            and not named.lead and named.start < m.start)


#: what a player does with their own cards ("all cards they draw")
_OWN_VERBS = frozenset({"draw", "discard", "reveal", "shuffle", "add"})


def _still_that_opponent(m, changes: dict, ctx: Context) -> None:
    """After "they control" became "your opponents control", a later "they" of the sentence
    that acts on their own cards ("Look at that opponent's hand, all monsters your opponents
    control, and all cards they draw") would read as both opponents: it is still the
    chosen opponent, "that opponent draws"."""
    named = ctx.analysis.mention_of(m.antecedent)
    if named is None or ctx.free(named.leaf):
        return  # the opponent was not written as one ("that opponent's hand")
    for e in ctx.analysis.in_sentence(m.sentence):
        if (e.start > m.start and isinstance(e.leaf, y.Pronoun) and e.leaf.text.lower() == "they"
                and e.antecedent is m.antecedent and e.after[:1] and e.after[0] in _OWN_VERBS and ctx.free(e.leaf)):
            replace(changes, e.leaf, "that opponent", ID, ctx)
            agree_singular(e.leaf, changes, ctx, ID)


def _answered(named, m, ctx: Context) -> bool:
    """The opponent a "they"/"their" refers back to is named in the condition of the effect
    (in its sentence, or the one it goes on from) as the team ("Each time your opponent
    takes damage ...: Face-up monsters they control lose 200 ATK"), as a cause ("destroyed
    by your opponent's card ...: You can target 1 monster they control") or acting ("When
    your opponent draws ...: ● Destroy 1 Spell/Trap Card they control"): what the effect
    does to the field is still both opponents' (seed rule 1, Mirror Force EX1)."""
    if named is None or not (named.clause_kind == "condition" or named.lead):
        return False
    if any(w in ("those", "other") for w in m.before[-5:]):
        # "target 1 of those face-up monsters they control", "send 1 other monster they
        # control": the cards of the condition, the acting opponent's own
        return False
    if named.sentence not in ctx.analysis.effect_of(m.sentence):
        return False
    return named.team or named.cause or _acts(named)


def _acts(named) -> bool:
    from .acting_opponent import acted
    return your_opponent(named) and acted(named)


def _pronoun_field(m, ctx: Context) -> bool:
    """ "their field" (a field area) after "your opponent's hand": the field part of the
    effect, which stays both opponents' (the field/private split of NOTES, field last)."""
    if (not isinstance(m.leaf, y.Pronoun) or m.leaf.text.lower() != "their" or not ctx.free(m.leaf)
            or m.area not in y.FIELD_AREAS or m.area_leaf is None or m.conditional or m.counted
            or opponent_acts(m)):
        # "Your opponent can banish cards from their hand or field": the acting opponent's own
        return False
    if m.before[-1:] in (("to",), ("onto",)) or puts_in_zone(" ".join(m.before)):
        # the field a card is Summoned to ("Special Summon 1 monster from that opponent's GY
        # to their field"): that opponent's, as printed
        return False
    ante = m.antecedent
    if not isinstance(ante, y.PlayerRef) or ante.player != "opponent":
        return False
    named = ctx.analysis.mention_of(ante)
    # named in the same clause for a private area ("your opponent's hand"); or in a
    # requirement on what they control ("If your opponent controls a card in each of their
    # Spell & Trap Zones: Destroy all cards in their Spell & Trap Zones"), or the condition
    # the effect answers
    return named is not None and (
        named.sentence == m.sentence and named.clause == m.clause and named.area in y.PRIVATE_AREAS
        or named.sentence == m.sentence and named.clause_kind == "condition" and your_opponent(named)
        and named.after[:1] in (("controls",), ("control",))
        or _answered(named, m, ctx))


def _their_opponent_controls(m, ctx: Context) -> bool:
    leaf = m.leaf
    return (isinstance(leaf, y.PlayerRef) and leaf.player == "an_opponent" and leaf.determiner == "their"
            and not leaf.possessive and m.after[:1] == ("controls",) and ctx.free(leaf) and not m.team)


RULE = rule_of(
    ID, both_opponents_fields, "The opponent's field means both opponents' fields (rule 1)",
    TRIGGER,
    ("Destroy all your opponent's Attack Position monsters.", "Destroy all your opponents' Attack Position monsters."),
)
