"""Facts about a Yu-Gi-Oh! card text: who each player phrase names, what it stands in.

Nothing here decides a rule; the rules (``rules/``) read these facts. For every player
phrase (a :class:`~.nodes.PlayerRef`, or a pronoun that names a player) a
:class:`Mention` says:

- where it is: the sentence, the clause (``condition`` before ``:``, ``cost`` before
  ``;``, ``effect``) and the *segment* (the words since the last ``,`` ``;`` ``:``
  or connective), and whether that segment states a requirement ("if ...", "while ...");
- what it owns, when it is an area's owner (``your opponent's GY``: ``gy``);
- what it does: the words right after it (``controls``, ``activates``, ``draws``);
- whether it is counted over ("for each ... your opponent controls", "the number of");
- whether it stands for the team (damage and Life Points are the team's: "inflict 500
  damage to your opponent", "your opponent's LP").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import nodes as y

#: words that make a segment a requirement or a trigger ("if ...", "when ...")
_CONDITIONAL = frozenset({"if", "while", "when", "unless", "whenever"})

#: the Words a Pronoun must be followed by to name a player ("they draw", "they control")
_PLAYER_VERBS = re.compile(
    r"(?:control|controls|cannot|can|must|draw|drew|discard|gain|lose|take|took|pay|add|send|"
    r"shuffle|special|normal|set|banish|reveal|activate|declare|choose|chose|have|has|currently|"
    r"place|target|inflict|negate|skip|would|attack|destroy|look|call|called|say|did|do|only)\b", re.I)


@dataclass(frozen=True)
class Mention:
    """One player phrase and the facts about it."""

    leaf: y.Leaf
    sentence: int
    clause: int
    #: "condition", "cost" or "effect"
    clause_kind: str
    #: the area this phrase owns ("gy", "field" ...), or None
    area: str | None
    #: the area word leaf it owns, or None
    area_leaf: y.AreaWord | None
    #: lowercased words after it in its segment (up to 6), and before it (up to 12)
    after: tuple[str, ...]
    before: tuple[str, ...]
    #: its segment opens with if / while / when ... (or it is in a condition clause)
    conditional: bool
    #: its segment counts: "for each ...", "the number of ..."
    counted: bool
    #: it stands for the team (damage, LP)
    team: bool
    #: index of the segment within the sentence
    segment: int
    #: the leaf after it in its clause (after the area word it owns), or None
    next_leaf: y.Leaf | None = None
    #: the player phrase a pronoun refers back to: the nearest earlier PlayerRef of the
    #: text (in an earlier sentence when its own has none), or None
    antecedent: y.Leaf | None = None
    #: the area a later "their" in the same sentence owns when it refers back to this
    #: phrase ("your opponent can reveal 1 monster in their hand": "hand"), and that leaf
    their_area: str | None = None
    their_leaf: y.Leaf | None = None
    #: the player who acts in its segment, when another phrase before it is the subject
    #: ("your opponent Special Summons ... to your opponent's side": the first phrase)
    actor: y.Leaf | None = None
    #: for a possessive, the words of its segment after the thing it owns, however many
    #: words name it ("your opponent's Spell/Trap Card or effect is activated": "is",
    #: "activated", ...), up to 6; empty when the segment ends first
    predicate: tuple[str, ...] = ()

    @property
    def start(self) -> int:
        return self.leaf.start

    @property
    def player(self) -> str:
        return self.leaf.player if isinstance(self.leaf, y.PlayerRef) else "pronoun"


@dataclass
class Analysis:
    """The facts about one card text."""

    mentions: list[Mention] = field(default_factory=list)
    #: per sentence: its clause nodes
    sentences: list[y.Sentence] = field(default_factory=list)

    def in_sentence(self, index: int) -> list[Mention]:
        """The mentions of sentence ``index``, in text order."""
        return self._by_sentence().get(index, [])

    def in_clause(self, sentence: int, clause: int) -> list[Mention]:
        """The mentions of one clause of one sentence, in text order."""
        cache = self.__dict__.setdefault("_clause_index", {})
        if sentence not in cache:
            by_clause: dict[int, list[Mention]] = {}
            for m in self.in_sentence(sentence):
                by_clause.setdefault(m.clause, []).append(m)
            cache[sentence] = by_clause
        return cache[sentence].get(clause, [])

    def earlier_in_sentence(self, m: Mention) -> bool:
        """Whether another player phrase of ``m``'s sentence comes before it."""
        return self.in_sentence(m.sentence)[0] is not m

    def mention_of(self, leaf: y.Leaf) -> Mention | None:
        """The mention whose phrase is ``leaf``, if any."""
        m = self._by_start().get(leaf.start)
        return m if m is not None and m.leaf is leaf else None

    def lasting(self, index: int) -> bool:
        """Whether sentence ``index`` states a lasting effect (:func:`lasting`), read once."""
        cache = self.__dict__.setdefault("_lasting", {})
        if index not in cache:
            cache[index] = lasting(self.sentences[index])
        return cache[index]

    def leaves_after(self, sentence: int, clause: int, leaf: y.Leaf, count: int) -> list[y.Leaf] | None:
        """The (up to) ``count`` leaves after ``leaf`` in clause ``clause`` of sentence
        ``sentence``; None if ``leaf`` is not one of its leaves."""
        cache = self.__dict__.setdefault("_clause_leaves", {})
        key = (sentence, clause)
        if key not in cache:
            leaves = list(self.sentences[sentence].clauses[clause].leaves())
            cache[key] = (leaves, {id(x): k for k, x in enumerate(leaves)})
        leaves, where = cache[key]
        k = where.get(id(leaf))
        return None if k is None else leaves[k + 1:k + 1 + count]

    # indexes built on first use, so that a rule asking about one phrase does not walk all
    # of them (a long text has thousands)
    def _by_sentence(self) -> dict[int, list[Mention]]:
        index = self.__dict__.get("_sentence_index")
        if index is None:
            index = self.__dict__["_sentence_index"] = {}
            for m in self.mentions:
                index.setdefault(m.sentence, []).append(m)
        return index

    def _by_start(self) -> dict[int, Mention]:
        index = self.__dict__.get("_start_index")
        if index is None:
            index = self.__dict__["_start_index"] = {m.leaf.start: m for m in self.mentions}
        return index


def _words(leaf: y.Leaf) -> list[str]:
    return leaf.text.lower().split()


def _flat(parts) -> list[tuple[y.Leaf, y.Node | None]]:
    """A clause's leaves in order, each with the Area that holds it (or None)."""
    out = []
    for part in parts:
        if isinstance(part, y.Area):
            for leaf in part.leaves():
                out.append((leaf, part))
        elif isinstance(part, y.Leaf):
            out.append((part, None))
        else:
            for leaf in part.leaves():
                out.append((leaf, None))
    return out


_PLAYERISH = (y.PlayerRef, y.Pronoun)


def _boundary(leaf: y.Node) -> bool:
    # not parentheses: "monster(s)", "(Quick Effect)" are inside a segment
    return isinstance(leaf, y.Connective) or (isinstance(leaf, y.Punct) and leaf.text in (",", "●"))


def names_player(pronoun: y.Pronoun, after: tuple[str, ...], area: str | None) -> bool:
    """Whether ``they``/``their``/``them`` names a player here (their hand, they draw)."""
    if area is not None:
        return True
    t = pronoun.text.lower()
    if t in ("they",) and after and _PLAYER_VERBS.match(after[0]):
        return True
    if t == "their" and after and after[0] in ("own", "opponent", "opponent's", "choice", "respective", "entire"):
        return True
    return False


def analyse(tree: y.CardText) -> Analysis:
    result = Analysis()
    sentences = [item for item in tree.items if isinstance(item, y.Sentence)]
    result.sentences = sentences
    for si, sentence in enumerate(sentences):
        segment = 0
        seg_conditional: dict[int, bool] = {}
        for ci, clause in enumerate(sentence.clauses):
            kind = "condition" if isinstance(clause, y.Condition) else "cost" if isinstance(clause, y.Cost) else "effect"
            if not any(isinstance(p, _PLAYERISH) or (isinstance(p, y.Area) and p.owner is not None)
                       for p in clause.parts):
                # no player phrase here: only its segments are counted
                segment += 1 + sum(1 for p in clause.parts if _boundary(p))
                continue
            flat = _flat(clause.parts)
            # segment starts, and their facts
            seg_of: list[int] = []
            seg_first_word: dict[int, str] = {}
            current = segment
            for leaf, _ in flat:
                if _boundary(leaf):
                    current += 1
                    seg_of.append(current)
                    continue
                seg_of.append(current)
                if current not in seg_first_word:
                    w = _words(leaf)
                    if isinstance(leaf, (y.Words, y.Word)) and w:
                        seg_first_word[current] = w[0]
                    elif isinstance(leaf, y.PlayerRef):
                        seg_first_word[current] = "<player>"
                    else:
                        seg_first_word.setdefault(current, "")
            segment = current + 1
            for seg_index in sorted(seg_first_word):
                word = seg_first_word[seg_index]
                seg_conditional[seg_index] = (kind == "condition" or word in _CONDITIONAL
                                              or word in ("or", "and") and seg_conditional.get(seg_index - 1, False))
            counted_at: list[bool] = []
            seen_marker: dict[int, bool] = {}
            for i, (leaf, _) in enumerate(flat):
                counted_at.append(seen_marker.get(seg_of[i], False))
                if isinstance(leaf, y.Marker):
                    seen_marker[seg_of[i]] = True
            for i, (leaf, holder) in enumerate(flat):
                if not isinstance(leaf, (y.PlayerRef, y.Pronoun)):
                    continue
                seg = seg_of[i]
                after: list[str] = []
                for j in range(i + 1, len(flat)):  # (indices: a slice per mention was quadratic)
                    other = flat[j][0]
                    if _boundary(other) or len(after) >= 6:
                        break
                    if isinstance(other, y.Punct):
                        after.append(other.text)
                        break
                    after.extend(_words(other))
                longer: list[str] = []
                for j in range(i + 1, len(flat)):
                    other = flat[j][0]
                    if _boundary(other) or len(longer) >= 16:
                        break
                    longer.extend(_words(other))
                predicate = _predicate(leaf, longer)
                before: list[str] = []
                for j in range(i - 1, -1, -1):
                    other = flat[j][0]
                    if _boundary(other) or len(before) >= 12:
                        break
                    before[:0] = _words(other)
                area_leaf = holder.zone if isinstance(holder, y.Area) and holder.owner is leaf else None
                area = area_leaf.area if area_leaf is not None else None
                if isinstance(leaf, y.Pronoun) and not names_player(leaf, tuple(after), area):
                    continue
                first = seg_first_word.get(seg, "")
                conditional = (kind == "condition" or first in _CONDITIONAL
                               or any(w in _CONDITIONAL for w in before) or _each_time(before)
                               # "If you have ... in your GY, or your opponent controls no ...":
                               # the requirement goes on after the comma
                               or first in ("or", "and") and seg_conditional.get(seg - 1, False))
                counted = counted_at[i]
                next_leaf = None
                for j in range(i + 1, len(flat)):
                    other = flat[j][0]
                    if other is not area_leaf:
                        next_leaf = other
                        break
                team = _team(leaf, tuple(after), tuple(before))
                result.mentions.append(Mention(
                    leaf, si, ci, kind, area, area_leaf, tuple(after[:6]), tuple(before[-12:]),
                    conditional, counted, team, seg, next_leaf, predicate=predicate))
    _link(result)
    return result


def _link(result: Analysis) -> None:
    """The facts that join phrases: a pronoun's antecedent, the area a later "their" owns,
    a segment's actor. (One pass: each phrase is looked at by the nearest player named
    before it, and the actor is carried along its segment.)"""
    mentions = result.mentions
    last_ref: y.Leaf | None = None
    segment = None   # (sentence, segment) of the mention before
    last_actor = None  # the nearest mention before, in that segment, that can be its actor
    for i, m in enumerate(mentions):
        antecedent = last_ref if isinstance(m.leaf, y.Pronoun) else None
        their_area = their_leaf = None
        if isinstance(m.leaf, y.PlayerRef):
            for k in range(i + 1, len(mentions)):
                later = mentions[k]
                if later.sentence != m.sentence:
                    break
                if isinstance(later.leaf, y.PlayerRef):
                    break  # another player is named: "their" is theirs
                if later.leaf.text.lower() == "their" and later.area is not None:
                    their_area, their_leaf = later.area, later.leaf
                    break
        if (m.sentence, m.segment) != segment:
            segment, last_actor = (m.sentence, m.segment), None
        actor = last_actor.leaf if last_actor is not None else None  # "You can make your opponent send ..."
        if _can_act(m):
            last_actor = m
        if antecedent is not None or their_area is not None or actor is not None:
            # facts of a Mention being made (frozen once analyse returns)
            object.__setattr__(m, "antecedent", antecedent)
            object.__setattr__(m, "their_area", their_area)
            object.__setattr__(m, "their_leaf", their_leaf)
            object.__setattr__(m, "actor", actor)
        if isinstance(m.leaf, y.PlayerRef):
            last_ref = m.leaf


def _can_act(m: Mention) -> bool:
    """Whether the phrase can be the player who acts in its segment (the subject): not
    the team, not an owner, not the controller, not the object of a preposition."""
    return (isinstance(m.leaf, (y.PlayerRef, y.Pronoun)) and not m.team
            and not (isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive)
            and m.leaf.text.lower() not in ("their", "theirs")
            and bool(m.after) and m.after[0] not in ("control", "controls", "currently")
            and m.before[-1:] not in (("to",), ("by",), ("from",), ("of",), ("than",), ("on",)))


#: the words that name a card or effect an owner has: "your opponent's Spell/Trap Card or
#: effect", "your opponent's face-up Attack Position monster"
_THING_WORDS = frozenset({
    "monster", "monsters", "card", "cards", "effect", "effects", "spell", "spells", "trap", "traps",
    "spell/trap", "/", "or", "and", "and/or", "face-up", "face-down", "attack", "defense", "position",
    "set", "continuous", "quick-play", "field", "equip", "counter", "ritual", "fusion", "synchro", "xyz",
    "pendulum", "link", "tuner", "effect's", "monster's", "card's",
})


def _predicate(leaf: y.Leaf, words: list[str]) -> tuple[str, ...]:
    """What is said of the thing a possessive owns: the words after its name."""
    if not (isinstance(leaf, y.PlayerRef) and leaf.possessive) or not words or words[0] not in _THING_WORDS:
        return ()
    k = 0
    while k < len(words) and words[k] in _THING_WORDS:
        if words[k] in ("or", "and", "and/or", "/") and (k + 1 == len(words) or words[k + 1] not in _THING_WORDS
                                                        or words[k + 1] in ("or", "and", "and/or", "/")):
            break  # "your opponent's card and sent to ...": another verb phrase, not the name
        k += 1
    return tuple(words[k:k + 6])


#: a sentence with these states a lasting effect, not one that is resolved ("Your opponent
#: cannot ...", "Your opponent must keep their hand revealed")
_LASTING_WORDS = frozenset({"cannot", "can't", "while", "unless", "never"})
_LASTING_PHRASES = ("each time", "as long as", "must keep")


def lasting(sentence: y.Sentence) -> bool:
    """Whether the sentence states a lasting effect (a restriction, a state kept)."""
    low = sentence.to_source().lower()
    words = set(low.replace(",", " ").split())
    return bool(words & _LASTING_WORDS) or any(p in low for p in _LASTING_PHRASES)


#: putting a card in a zone: a Summon or a placement ("Special Summon it to ...", "is
#: Special Summoned to ...", "place it in ..."); "Summoned" before the monster it describes
#: names a kind of monster ("1 Special Summoned monster in your opponent's Main Monster
#: Zone"), not a Summon
_PUT = re.compile(r"\bsummon(?!ed\b)|\bsummoned\b(?!\s+(?:[\w-]+\s+){0,2}(?:monsters?|cards?)\b)|\bplace", re.I)


def puts_in_zone(text: str) -> bool:
    """Whether ``text`` Summons or places a card (see ``_PUT``)."""
    return _PUT.search(text) is not None


def _each_time(before: list[str]) -> bool:
    text = " ".join(before)
    # "During the turn in which your opponent has activated ...": a condition on the turn
    return "each time" in text or "as long as" in text or "turn in which" in text


def _team(leaf: y.Leaf, after: tuple[str, ...], before: tuple[str, ...]) -> bool:
    """Damage and Life Points are the team's."""
    if after and after[0] in ("lp", "life", "takes", "take", "took", "pays", "gains", "loses", "gain", "lose"):
        return after[0] not in ("gains", "loses", "gain", "lose") or (len(after) > 2 and "lp" in after[:4])
    if after and after[0] in ("has", "have", "had") and ("lp" in after[:6] or "life" in after[:6]):
        return True  # "while your opponent has more than 3000 Life Points"
    if before and "damage" in before[-4:]:
        return True
    if before[-1:] == ("to",) and "damage" in before[-7:]:
        return True  # "any battle damage this card inflicts to your opponent"
    if before[-1:] in (("than",), ("and",)) and ("lp" in before[-5:] or "life" in before[-5:]):
        return True  # "while your LP are lower than your opponent's": the team's LP
    if before[-1:] in (("attack",), ("attacks",)) and after[:1] == ("directly",):
        return True  # a direct attack is made on the team (seed: "attack the team directly")
    return False


# ----------------------------------------------------------------------------- coverage

#: player phrases as the issue lists them, found in raw text (outside quoted card names)
PLAYER_PHRASE = re.compile(
    r"\b(?:you(?:rs?|rself)?|(?:your|an|the|that|their|each|either)\s+opponent(?:'s|s'|s)?|opponent(?:'s|s)?"
    r"|either\s+player(?:'s)?|neither\s+player(?:'s)?|each\s+player(?:'s)?|both\s+players'?)\b", re.I)
_QUOTED = re.compile(r'"[^"\n]*"')


def player_coverage(text: str, tree: y.CardText) -> tuple[int, int]:
    """(player phrases in the text, those a typed node holds): the coverage figure.

    Phrases are found in the raw text (card names in quotes excluded); one is attributed
    when it lies inside a PlayerRef, an OwnerRef or a Connective ("if you do")."""
    blank = _QUOTED.sub(lambda m: " " * len(m.group()), text)
    spans = [(leaf.start, leaf.end) for leaf in tree.leaves()
             if isinstance(leaf, (y.PlayerRef, y.OwnerRef, y.Connective))]
    total = hit = 0
    for m in PLAYER_PHRASE.finditer(blank):
        total += 1
        if any(s <= m.start() and m.end() <= e for s, e in spans):
            hit += 1
    return total, hit


# ----------------------------------------------------------------------------- field objects

#: the words after a possessive that name things on the field ("your opponent's monsters")
_FIELD_NOUNS = frozenset({
    "monster", "monsters", "card", "cards", "attack", "defense", "face-up", "face-down", "set",
    "spell", "spells", "trap", "traps", "spell/trap", "xyz", "synchro", "fusion", "link", "ritual",
    "pendulum", "tuner", "effect", "field", "equip", "continuous", "other", "battling",
})
_NOT_FIELD = frozenset({"effect", "effects", "turn", "phase", "damage", "summon", "summons", "activation",
                        "activations", "attacks", "lp", "life"})


def on_field(m: Mention) -> bool:
    """Whether the phrase names the player as controller of things on the field: "monsters
    your opponent controls", "your opponent's Attack Position monsters", "your opponent's
    side of the field", "cards controlled by your opponent"."""
    if m.area is not None:
        return m.area in y.FIELD_AREAS
    after = m.after
    if after[:1] == ("currently",):
        after = after[1:]
    if after and after[0] in ("controls", "control"):
        return True
    if m.before[-2:] == ("controlled", "by") and (not after or not after[0][0].isalpha()):
        return True
    if isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive and after and after[0] in _FIELD_NOUNS:
        return not any(w in _NOT_FIELD for w in after[:3]) or after[0] in ("monster", "monsters") and after[1:2] != ("effect",) and after[1:2] != ("effects",)
    return False


# ----------------------------------------------------------------------------- coverage

@dataclass
class CoverageReport:
    """How much of a database the grammar understands (``tagtext coverage --pack ygo-tag``)."""

    texts: int = 0
    texts_by_field: dict[str, int] = field(default_factory=dict)
    parse_errors: list[dict] = field(default_factory=list)
    round_trips: int = 0
    player_refs: int = 0
    player_refs_classified: int = 0

    @property
    def player_rate(self) -> float:
        return self.player_refs_classified / self.player_refs if self.player_refs else 1.0

    def to_json(self) -> dict:
        return {"texts": self.texts, "texts_by_field": self.texts_by_field, "parse_errors": self.parse_errors,
                "round_trips": self.round_trips, "player_refs": self.player_refs,
                "player_refs_classified": self.player_refs_classified, "player_rate": self.player_rate}

    def summary_lines(self, top: int = 25) -> list[str]:
        lines = [
            f"texts:         {self.texts}  ({', '.join(f'{k} {v}' for k, v in self.texts_by_field.items())})",
            f"parse errors:  {len(self.parse_errors)}",
            f"round trips:   {self.round_trips}/{self.texts - len(self.parse_errors)} print back exactly",
            f"player refs:   {self.player_refs_classified}/{self.player_refs} classified ({self.player_rate:.3%})",
        ]
        lines += [f"  parse error: {e['card']} {e['field']}: {e['error']}" for e in self.parse_errors[:top]]
        return lines


def coverage(database, parse) -> CoverageReport:
    """Parse every text of ``database``: parse errors, exact round trips, and the player
    phrases a typed node holds (see :func:`player_coverage`)."""
    from ...errors import ParseError
    report = CoverageReport()
    for card, field_name, text in database.texts():
        report.texts += 1
        report.texts_by_field[field_name] = report.texts_by_field.get(field_name, 0) + 1
        try:
            tree = parse(text)
        except ParseError as e:
            report.parse_errors.append({"card": card.id, "field": field_name, "error": str(e)})
            continue
        report.round_trips += tree.to_source() == text
        total, hit = player_coverage(text, tree)
        report.player_refs += total
        report.player_refs_classified += hit
    return report
