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

import functools
import re
from dataclasses import dataclass, field
from typing import Callable, NamedTuple

from . import nodes as y

#: words that make a segment a requirement or a trigger ("if ...", "when ...")
_CONDITIONAL = frozenset({"if", "while", "when", "unless", "whenever", "whether"})

#: the Words a Pronoun must be followed by to name a player ("they draw", "they control")
_PLAYER_VERBS = re.compile(
    r"(?:control|controls|controlled|cannot|can|must|draw|drew|discard|gain|lose|take|took|pay|add|send|"
    r"shuffle|special|normal|set|banish|reveal|activate|declare|choose|chose|have|has|currently|"
    r"place|target|inflict|negate|skip|would|attack|destroy|look|call|called|say|did|do|only)\b", re.I)


#: the nouns that name a card ("1 face-up monster on ...")
_CARD_NOUNS = frozenset({(w,) for w in ("monster", "monsters", "monster(s)", "card", "cards", "card(s)")})

#: words between a possessive and the turn it names ("your opponent's next turn", "... 3rd
#: End Phase": the grammar reads "3rd" as "3" and "rd")
_ORDINALS = frozenset({"next", "first", "second", "third", "fourth", "st", "nd", "rd", "th"})


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
    #: text that is not "you" (in an earlier sentence when its own has none), or None
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
    #: it is in its sentence's condition: a condition clause (before ":") or the leading
    #: condition of an old-style effect ("When this card inflicts Battle Damage to your
    #: opponent, ...")
    lead: bool = False
    #: its segment states a lasting effect: a restriction or a replacement ("your opponent
    #: cannot activate cards in their hand", "any card sent to your opponent's GY is
    #: banished instead"), or its sentence does ("While ..., ...")
    lasting: bool = False
    #: it names an opponent's hand, Deck, Extra Deck, GY or banished cards acted on (seed
    #: rule 2's shape): as their owner ("your opponent's GY", "from their hand"), or as the
    #: player who acts on them ("your opponent discards 1 card", "your opponent can
    #: Special Summon 1 monster from their hand")
    private: bool = False
    #: it owns the Deck or hand a card of theirs is put back in ("place it on top of your
    #: opponent's Deck": the card's owner's Deck, whoever that is)
    owner_return: bool = False

    @property
    def start(self) -> int:
        return self.leaf.start

    @property
    def turn(self) -> bool:
        """It names a turn or a phase ("your opponent's Standby Phase", "your opponent's
        next turn", "your opponent's 3rd End Phase")."""
        words = list(self.after)
        while words[:1] and (words[0].isdigit() or words[0] in _ORDINALS):
            words = words[1:]  # "your opponent's next turn", "your opponent's 3rd End Phase"
        return (isinstance(self.leaf, y.PlayerRef) and self.leaf.possessive
                and tuple(words[:1]) in (("turn",), ("turns",), ("main",), ("battle",), ("end",), ("standby",),
                                         ("draw",)))


    @property
    def cause(self) -> bool:
        """It names what did something, not what is done to: "destroyed by your opponent's
        card effect", "your opponent's card effects"."""
        if self.before[-2:] == ("controlled", "by"):
            return False  # "Spell and Trap Cards controlled by your opponent": the field
        return (self.before[-1:] == ("by",) or self.before[-3:] == ("by", "battle", "or")
                or (isinstance(self.leaf, y.PlayerRef) and self.leaf.possessive
                    and self.after[:2] in (("card", "effect"), ("card", "effects"))))

    @property
    def controlled_by(self) -> bool:
        """It describes cards by who controls them ("you destroyed a face-up Synchro Monster
        controlled by your opponent"): the field, not a cause ("by an effect of a card
        controlled by your opponent" names what did something)."""
        return self.before[-2:] == ("controlled", "by") and not any(w in ("effect", "effects")
                                                                    for w in self.before[-10:-2])

    @property
    def battled(self) -> bool:
        """It owns the monster a monster battles, destroys by battle or attacks ("If the
        equipped monster battles your opponent's monster", "If it destroys your opponent's
        monster by battle", "When this card destroys your opponent's monster and sends it
        to the Graveyard as a result of battle", "a monster you control attacks your
        opponent's monster"): the opponent who has that monster, whichever it is."""
        if not (isinstance(self.leaf, y.PlayerRef) and self.leaf.possessive):
            return False
        if self.after[:1] == ("monster",):
            verb = self.before[-1:]
        elif self.after[:4] == ("side", "of", "the", "field") and self.before[-2:] == ("monster", "on"):
            # "Each time this card destroys 1 monster on your opponent's side of the field by
            # battle": the same monster, named by where it stands
            verb = self.before[-4:-3] if self.before[-3:-2] == ("1",) else self.before[-3:-2]
        else:
            return False
        if verb in (("battles",), ("battled",), ("attacks",), ("attacked",)):
            return True
        return verb in (("destroys",), ("destroyed",)) and "battle" in self.after[1:]

    @property
    def holder(self) -> bool:
        """A "their" naming the area of the player who has the cards, in the same phrase
        ("each card your opponent currently has in their hand"): it refers back to the
        subject of "has"."""
        return (isinstance(self.leaf, y.Pronoun) and self.leaf.possessive
                and self.before[-1:] == ("in",) and self.before[-2:-1] in (("has",), ("have",), ("had",)))

    @property
    def where_a_card_is(self) -> bool:
        """It owns the field a card stands on, named right after that card ("Place 1
        A-Counter on 1 face-up monster on your opponent's side of the field": the counter
        is put on the monster): where the card is, not where one is put ("place this card
        in your opponent's Pendulum Zone" puts it there)."""
        if not (isinstance(self.leaf, y.PlayerRef) and self.leaf.possessive and self.area in y.FIELD_AREAS
                and self.before[-1:] in (("on",), ("in",)) and self.before[-2:-1] in _CARD_NOUNS):
            return False
        words = self.before[:-2]
        put = max((k for k, w in enumerate(words) if w.startswith(("place", "summon"))), default=None)
        return put is not None and any(w in ("on", "in", "to") for w in words[put + 1:])

    @property
    def owned_by(self) -> bool:
        """It describes a card by its owner ("1 monster you control that is owned by your
        opponent", "If a monster(s) owned by your opponent is sent to the GY"): any card
        of either opponent's meets the description."""
        return self.before[-2:] == ("owned", "by") and not self.leaf.possessive

    @property
    def comparison(self) -> bool:
        """ "(both) you and your opponent" compared with each other: "While you and your
        opponent have the same number of cards in hand" (you and one opponent, not all
        players)."""
        return (isinstance(self.leaf, y.PlayerRef) and self.leaf.player == "you_and_opponent"
                and self.after[:1] in (("have",), ("control",)) and self.after[1:3] in (("the", "same"), ("an", "equal")))

    @property
    def lp_sum(self) -> bool:
        """A sum of Life Points is taken over it: "half the combined Life Points of both
        players" (a team phrase: the teams' totals, each counted once)."""
        return _lp_sum(self.before)

    @property
    def player(self) -> str:
        return self.leaf.player if isinstance(self.leaf, y.PlayerRef) else "pronoun"


@dataclass(frozen=True)
class SentenceFacts:
    """What one sentence is: where its effect starts, whether it goes on from the sentence
    before it, whether it states a lasting effect."""

    index: int
    #: it has a condition (before ":") / a cost (before ";")
    condition: bool
    cost: bool
    #: it opens with a bullet ("● Banish 1 card ...")
    bullet: bool
    #: how many of its first segments are an old-style condition ("When ..., ", "If ...,
    #: ", "Each time ..., ", "Once per turn, during your Main Phase, "): 0 when it has a
    #: condition clause or a cost, or none
    lead: int
    #: the first word of what the effect does (after the last cost or condition, or the
    #: old-style condition), where a choice made on activation goes; None if there is none
    effect_start: y.Leaf | None
    #: the sentence whose effect this one goes on with ("... Then, your opponent draws 1
    #: card.", "Otherwise, ...", the steps of an old-style Spell/Trap), or, for a bullet,
    #: the sentence that applies it; None for a sentence that starts an effect
    parent: int | None
    #: the whole sentence states a lasting effect ("While ..., ...", "As long as ...")
    lasting: bool
    #: its first words, lowercased (bullet and connective skipped), up to 6
    opening: tuple[str, ...]
    #: the lowercased words of each of its segments, in order
    segments: tuple[tuple[str, ...], ...] = ()
    #: with no condition or cost, what it says after its old-style condition is a
    #: restriction ("If you control more monsters than your opponent does, you cannot
    #: ..."): a rule of the card, not a step of an effect
    restriction: bool = False
    #: it states what is done or declared when the card is activated, in the old template of
    #: a Spell or Trap ("Pay 1000 Life Points.", "Declare 1 card name.", "Select 1 face-down
    #: monster you control.", "Activate only when ...", "Equip only to ..."): the sentences
    #: after it are what resolves
    activation: bool = False
    #: the "to" that ends an old-style cost with no ";" ("you can pay 100 Life Points to look
    #: at ...", "you can remove 1 Spellstone Counter from your side of the field to select
    #: ..."): what comes before it is paid on activation
    cost_to: y.Leaf | None = None


@dataclass
class Analysis:
    """The facts about one card text."""

    mentions: list[Mention] = field(default_factory=list)
    #: per sentence: its clause nodes
    sentences: list[y.Sentence] = field(default_factory=list)
    #: per sentence: what it is (see SentenceFacts)
    facts: list[SentenceFacts] = field(default_factory=list)

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

    def mention_at(self, offset: int) -> Mention | None:
        """The mention whose phrase starts at ``offset``, if any."""
        return self._by_start().get(offset)

    def per_sentence(self, tree: y.CardText, find: Callable[[y.Sentence, "SentenceWords"], list]) -> list:
        """What ``find`` finds in each sentence of ``tree`` (told the sentence's words), in
        text order. A rule's tree shares every sentence the rules before it left unchanged
        with the tree analysed, so each sentence's answer is kept (with the sentence, so
        that its ``id`` stays its own) for the next rule that asks."""
        kept = self.__dict__.setdefault("_per_sentence", {})
        out = []
        for sentence in tree.items:
            if not isinstance(sentence, y.Sentence):
                continue
            answer = kept.get((find, id(sentence)))
            if answer is None or answer[0] is not sentence:
                answer = kept[find, id(sentence)] = (sentence, find(sentence, self.sentence_words(sentence)))
            out.extend(answer[1])
        return out

    def sentence_words(self, sentence: y.Sentence) -> "SentenceWords":
        """The sentence's leaves read once (see :class:`SentenceWords`), however many
        rules ask."""
        kept = self.__dict__.setdefault("_sentence_words", {})
        words = kept.get(id(sentence))
        if words is None or words[0] is not sentence:
            words = kept[id(sentence)] = (sentence, SentenceWords.of(sentence))
        return words[1]

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
        leaves, where = self.clause_leaves(sentence, clause)
        k = where.get(id(leaf))
        return None if k is None else leaves[k + 1:k + 1 + count]

    def clause_leaves(self, sentence: int, clause: int) -> tuple[list[y.Leaf], dict[int, int]]:
        """The leaves of clause ``clause`` of sentence ``sentence`` in order, and where each
        is among them (by ``id``): read once per clause, however many phrases ask."""
        cache = self.__dict__.setdefault("_clause_leaves", {})
        key = (sentence, clause)
        if key not in cache:
            leaves = list(self.sentences[sentence].clauses[clause].leaves())
            cache[key] = (leaves, {id(x): k for k, x in enumerate(leaves)})
        return cache[key]

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

    def effect_of(self, index: int) -> list[int]:
        """The sentences of the effect sentence ``index`` belongs to, up to it: its
        ancestors (the sentences it goes on from, or the one that applies it) and itself,
        first to last."""
        chain = [index]
        while self.facts and self.facts[chain[-1]].parent is not None:
            chain.append(self.facts[chain[-1]].parent)
        return chain[::-1]

    def chance_result(self, index: int) -> bool:
        """Sentence ``index`` is a bullet applied as the result of a die roll or coin toss
        its effect makes ("Roll a six-sided die and apply the result. ● 2: Your opponent
        discards 1 card.", "Toss a coin and apply this effect. ● Tails: ..."): a later step
        of the resolution, not a choice made on activation (a modal bullet's)."""
        if not self.facts or not self.facts[index].bullet:
            return False
        return any(self._rolls(k) for k in self.effect_of(index)[:-1])

    def _rolls(self, index: int) -> bool:
        """What sentence ``index``'s effect does rolls a die or tosses a coin (not only its
        condition: "Once per turn, you can toss a coin 3 times and apply the appropriate
        effect: ● 3 Heads: ..." has its first result for an effect)."""
        start = self.facts[index].effect_start
        if start is None:
            return False
        words = " ".join(leaf.text for leaf in self.sentences[index].leaves() if leaf.start >= start.start)
        return _CHANCE.search(words.lower()) is not None

    def goes_on(self, earlier: int, later: int) -> bool:
        """Whether sentence ``later`` goes on with the effect of ``earlier`` (``earlier`` is
        among its ancestors; a sentence goes on with its own effect)."""
        depth = self._depths()
        while later > earlier and depth[later] > 0:
            later = self.facts[later].parent
        return later == earlier

    def later_in_effect(self, index: int) -> list[int]:
        """The sentences after ``index`` that go on with its effect or that it applies."""
        children = self.__dict__.get("_children")
        if children is None:
            children = self.__dict__["_children"] = {}
            for f in self.facts:
                if f.parent is not None:
                    children.setdefault(f.parent, []).append(f.index)
        out, todo = [], list(children.get(index, ()))
        while todo:
            k = todo.pop()
            out.append(k)
            todo.extend(children.get(k, ()))
        return sorted(out)

    def _depths(self) -> list[int]:
        depth = self.__dict__.get("_depth")
        if depth is None:
            depth = self.__dict__["_depth"] = []
            for f in self.facts:  # a parent comes before its children
                depth.append(0 if f.parent is None else depth[f.parent] + 1)
        return depth


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
    if t in ("their", "his/her") and after and after[0] in ("own", "opponent", "opponent's", "choice", "respective", "entire"):
        return True
    return False


#: words that open an old-style effect's condition, frequency or timing ("When ..., ",
#: "Once per turn, during your Main Phase, "): the segments they open lead to the effect
_LEAD_OPENERS = ("when", "whenever", "if", "each time", "every time", "while", "during", "after", "before", "once",
                 "twice", "at the start", "at the end", "at the beginning", "for the rest", "unless")
#: ... and the words that go on with such a condition after a comma ("..., except by
#: drawing them, ", "..., and your opponent controls no monsters, ")
_LEAD_GOES_ON = _LEAD_OPENERS + ("except", "and", "or", "even", "but only")
#: how a sentence that goes on with the effect of the one before it opens ("Then, your
#: opponent draws 1 card.", "Otherwise, add that card to your opponent's hand.", "If they
#: called it wrong, ...")
_GOES_ON = ("then", "otherwise", "after that", "afterwards", "if not", "in that case", "if it", "if its",
            "if they", "if their", "if so")
#: ... and, in a Spell's or Trap's text (one effect told in steps), also these: a check
#: on what the effect did, or the next step ("Reveal the selected monster.", "Your
#: opponent declares 2 Attributes.", "During the End Phase of this turn, ...")
_GOES_ON_SPELL = _GOES_ON + (
    "if the", "if that", "if you", "if both", "if all", "if your opponent", "your opponent",
    "during the end phase of this",
    "reveal", "special summon", "excavate", "look", "send", "add", "draw", "destroy", "return", "banish", "shuffle",
    "place", "select", "declare", "discard", "take", "toss", "roll", "pay", "inflict", "gain", "change", "equip",
    "give", "set", "call")
#: how a sentence that starts another effect or states a rule of the card opens
_STARTS_ANOTHER = ("you can only", "you cannot", "you can", "cannot", "this card", "once per", "when", "whenever",
                   "each time", "during each", "during your", "during either", "during any", "if this card")
#: a segment that states a lasting effect: a restriction or a replacement
_LASTING_SEGMENT = re.compile(r"\b(?:cannot|can't|can only|must keep|must play|must (?:also )?pay|unaffected|instead(?! of)|"
                              r"never|except by drawing|as long as|is treated as|are treated as)\b")
_LASTING_OPENERS = ("while", "as long as")


_SUM = re.compile(r"\bequal to the (?:combined|total) (?:ATK|DEF|Levels?|Ranks?|Link Ratings?|original ATK) of all\b",
                  re.I)


def _starts(words: tuple[str, ...] | list[str], phrases: tuple[str, ...]) -> bool:
    """Whether ``words`` open with one of ``phrases`` (each a phrase of whole words)."""
    index = _by_first_word(phrases)
    if None in index:
        return True  # an empty phrase opens any words
    if not words:
        return False
    for p in index.get(words[0], ()):
        if tuple(words[:len(p)]) == p:
            return True
    return False


@functools.lru_cache(maxsize=None)
def _by_first_word(phrases: tuple[str, ...]) -> dict[str | None, list[tuple[str, ...]]]:
    """``phrases`` split into words (tuples), by their first word (None for an empty
    phrase): read once per list of phrases, not per sentence asked about."""
    out: dict[str | None, list[tuple[str, ...]]] = {}
    for p in phrases:
        split = tuple(p.split())
        out.setdefault(split[0] if split else None, []).append(split)
    return out


def _units(sentence: y.Sentence) -> list[tuple[y.Leaf, int]]:
    """The sentence's leaves, runs of plain words split into words, each with its segment
    (counted from 0; a new segment after each "," "●" connective and clause end)."""
    out: list[tuple[y.Leaf, int]] = []
    segment = 0
    for clause in sentence.clauses:
        for leaf in clause.leaves():
            if leaf is getattr(clause, "colon", None) or leaf is getattr(clause, "semicolon", None):
                continue
            if _boundary(leaf):
                segment += 1
                continue
            for unit in (leaf.split() if isinstance(leaf, y.Words) else [leaf]):
                out.append((unit, segment))
        segment += 1
    return out


def _segments(sentence: y.Sentence) -> tuple[list[list[str]], list[y.Leaf | None]]:
    """The lowercased words of each segment of the sentence (as :func:`_units` counts
    them; parentheses stripped, empty words left out), and the leaf each segment's first
    unit is in (None for a segment with none; see :func:`_first_unit`). No run of plain
    words is split into :class:`~.nodes.Word` units: their words are read off their text
    (the grammar's separators are whitespace)."""
    segments: list[list[str]] = []
    starts: list[y.Leaf | None] = []
    segment = 0
    for clause in sentence.clauses:
        colon, semicolon = getattr(clause, "colon", None), getattr(clause, "semicolon", None)
        for leaf in clause.leaves():
            if leaf is colon or leaf is semicolon:
                continue
            if _boundary(leaf):
                segment += 1
                continue
            while len(segments) <= segment:
                segments.append([])
                starts.append(None)
            if starts[segment] is None:
                starts[segment] = leaf
            segments[segment].extend(_plain_words(leaf.text.lower()))
        segment += 1
    return segments, starts


def _plain_words(low: str) -> list[str]:
    """The words of a lowercased leaf text, parentheses stripped, empty ones left out."""
    if "(" not in low and ")" not in low:
        return low.split()  # (nothing to strip: the hottest case)
    return [w for w in (w.strip("()") for w in low.split()) if w]


def _first_unit(leaf: y.Leaf) -> y.Leaf:
    """A segment's first unit, from the leaf it is in (see :func:`_segments`): a run of
    plain words' first word, or the leaf itself."""
    return leaf.split()[0] if isinstance(leaf, y.Words) else leaf


def _may_cost_to(segments: list[list[str]]) -> bool:
    """Whether the sentence's words hold "you can <pay/discard/...>" in a row: what
    :func:`_cost_to` looks for first (each of those units is one word)."""
    if not any("can" in words for words in segments):
        return False
    words = [w for words in segments for w in words]
    return any(words[k] == "you" and words[k + 1] == "can" and words[k + 2] in _COST_VERBS
               for k in range(len(words) - 2))


#: an effect that rolls a die or tosses a coin ("roll a six-sided die", "toss a coin 3
#: times", "if an activated card effect tosses coins")
_CHANCE = re.compile(r"\b(?:roll|rolls|toss|tosses)\b (?:a|\d+|coins)\b")

#: how a sentence opens that states what is done or declared on activation (the old
#: template of a Spell or Trap: "Pay 1000 Life Points. Declare a Type and an Attribute.")
_ACTIVATION_STEPS = ("pay", "discard", "tribute", "declare", "select", "activate only", "activate this card",
                     "you can activate this card", "you can only activate this card", "equip only",
                     "this card can only be activated")
#: ... unless it goes on to do something ("Select 1 monster on your side of the field and
#: send all other cards on the field ... to their respective Graveyards.")
_RESOLVES = re.compile(r"\b(?:and|then)\s+(?:send|destroy|banish|add|draw|special|return|shuffle|look|take|inflict|"
                       r"change|negate|equip|place|excavate|discard)\b")
#: a sentence that states what the effect before it requires ("You must control no cards
#: to activate and to resolve this effect")
_ON_THIS_EFFECT = re.compile(r"\bto activate and to resolve this effect\b")


#: what an old-style cost does ("you can pay 100 Life Points to ...")
_COST_VERBS = frozenset({"pay", "discard", "remove", "send", "tribute", "banish", "detach"})
#: words after "to" that make it no infinitive ("send 1 card to the GY", "to your hand")
_NOT_A_VERB = frozenset({"the", "your", "its", "that", "their", "a", "an", "either", "this", "any", "each", "both",
                         "his/her", "his", "her", "play", "hand", "field", "face-up", "face-down",
                         # "you can discard 1 card to activate one of its effects: ● ...":
                         # the effects that follow are chosen, each its own
                         "activate"})


def _cost_to(units: list[tuple[y.Leaf, int]]) -> y.Leaf | None:
    """The "to" ending an old-style cost, "you can <pay/discard/...> ... to <do>", in one
    segment."""
    for k in range(len(units) - 2):
        (a, seg), (b, _), (c, _) = units[k], units[k + 1], units[k + 2]
        if not (a.text.lower() == "you" and b.text.lower() == "can" and c.text.lower() in _COST_VERBS):
            continue
        for j in range(k + 3, len(units) - 1):
            unit, useg = units[j]
            if useg != seg:
                return None
            nxt, nseg = units[j + 1]
            if (unit.text.lower() == "to" and nseg == seg and isinstance(nxt, y.Word)
                    and nxt.text[:1].isalpha() and nxt.text.lower() not in _NOT_A_VERB):
                return unit
        return None
    return None


def _words_of(node) -> list[str]:
    return [w.strip("()") for leaf in node.leaves() if not isinstance(leaf, y.Punct) for w in _words(leaf)]


def _condition_words(sentence: y.Sentence, filled, condition: bool, lead: int) -> str:
    """The words of the sentence's condition (lowercased): its condition clauses', or with
    none, its old-style condition's (its ``lead`` first segments, of ``filled``)."""
    if not condition and lead:
        return " ".join(w for words, _ in filled[:lead] for w in words)
    return " ".join(w for c in sentence.clauses if isinstance(c, y.Condition) for w in _words_of(c))


def _sentence_facts(index: int, sentence: y.Sentence, new_line: bool, facts: list[SentenceFacts],
                    spell_or_trap: bool) -> SentenceFacts:
    condition = any(isinstance(c, y.Condition) for c in sentence.clauses)
    cost = any(isinstance(c, y.Cost) for c in sentence.clauses)
    first_leaf = next(iter(sentence.leaves()), None)
    bullet = isinstance(first_leaf, y.Punct) and first_leaf.text == "●"
    segments, seg_start = _segments(sentence)
    filled = [(words, start) for words, start in zip(segments, seg_start) if words]
    opening = tuple(filled[0][0][:6]) if filled else ()
    goes_on = opening  # how it opens, a connective included ("Then, ...")
    lead_leaf = next((leaf for leaf in sentence.leaves() if not (isinstance(leaf, y.Punct) and leaf.text == "●")), None)
    if isinstance(lead_leaf, y.Connective):
        goes_on = tuple(lead_leaf.text.lower().split()) + opening
    if filled and isinstance(filled[0][1], y.Connective) and len(filled) > 1:
        opening = tuple(filled[1][0][:6])  # "Then, your opponent draws 1 card."
    lead = 0
    if not condition and not cost:
        for k, (words, _) in enumerate(filled):
            if not _starts(words, _LEAD_OPENERS if k == 0 else _LEAD_GOES_ON):
                break
            lead = k + 1
        if lead == len(filled):
            lead = 0  # a condition with no effect after it is a statement, not a lead
    effect_start = None
    if cost or condition:
        last = max(i for i, c in enumerate(sentence.clauses) if isinstance(c, (y.Cost, y.Condition)))
        after = sentence.clauses[last + 1:]
        for clause in after:
            for leaf in clause.leaves():
                if not isinstance(leaf, (y.Punct, y.LineBreak)):
                    effect_start = leaf.split()[0] if isinstance(leaf, y.Words) else leaf
                    break
            if effect_start is not None:
                break
    if effect_start is None and condition and not cost and len(sentence.clauses) == 1 and filled:
        # "When this card is destroyed, your opponent selects and executes 1 of the
        # following effects:": a condition with no effect after it (its bullets follow)
        # reads as an old-style effect
        for k, (words, _) in enumerate(filled):
            if not _starts(words, _LEAD_OPENERS if k == 0 else _LEAD_GOES_ON):
                break
            lead = k + 1
        if 0 < lead < len(filled):
            effect_start = _first_unit(filled[lead][1])
        else:
            lead = 0
    elif filled and not (cost or condition):
        k = lead
        if k == 0 and isinstance(filled[0][1], y.Connective) and len(filled) > 1:
            k = 1  # "Then, send ...": the effect goes on after the connective
        effect_start = _first_unit(filled[k][1])
    lasting = not condition and _starts(opening, _LASTING_OPENERS)
    main_words = " ".join(w for words, _ in filled[lead:] for w in words) if not (cost or condition) else ""
    restriction = bool(main_words) and (_LASTING_SEGMENT.search(main_words) is not None
                                        # "If only your opponent controls a monster, you can
                                        # activate this card from your hand.": a rule of the card
                                        or "activate this card from your hand" in main_words)
    parent = None
    if bullet:
        parent = next((f.index for f in reversed(facts) if not f.bullet), None)
    elif facts and not new_line and not facts[-1].restriction and facts[-1].opening[:3] != ("you", "can", "only") and (
            "by this effect" in _condition_words(sentence, filled, condition, lead)
            or _ON_THIS_EFFECT.search(" ".join(w for words, _ in filled for w in words))):
        # "When this card is destroyed by this effect and sent to the Graveyard, ...": the
        # effect of the sentence before it, which it goes on from; "Your opponent must have
        # at least 5 cards in their hand for you to activate and to resolve this effect":
        # what that effect requires
        parent = facts[-1].index
    elif facts and not new_line and not condition and not cost and not lasting and not restriction:
        before = facts[-1]
        if (not before.opening[:3] == ("you", "can", "only") and not _starts(opening, _STARTS_ANOTHER)
                and not before.restriction):
            if _starts(goes_on, _GOES_ON_SPELL if spell_or_trap else _GOES_ON) or \
                    _starts(opening, _GOES_ON_SPELL if spell_or_trap else _GOES_ON):
                parent = before.index
    cost_to = None if cost or not _may_cost_to(segments) else _cost_to(_units(sentence))
    activation = (not condition and not cost and not bullet and _starts(opening, _ACTIVATION_STEPS)
                  and not _RESOLVES.search(" ".join(w for words, _ in filled for w in words)))
    return SentenceFacts(index, condition, cost, bullet, lead, effect_start, parent, lasting, opening,
                         tuple(tuple(words) for words, _ in filled), restriction, activation, cost_to)


def analyse(tree: y.CardText, card_type: str = "") -> Analysis:
    """The facts about ``tree``; ``card_type`` ("Monster", "Spell", "Trap", or "" when
    unknown) says whether the text is one effect told in steps (a Spell's or Trap's)."""
    result = Analysis()
    sentences = []
    new_line = True
    for item in tree.items:
        if isinstance(item, y.LineBreak):
            new_line = True
        elif isinstance(item, y.Sentence):
            sentences.append(item)
            result.facts.append(_sentence_facts(len(sentences) - 1, item, new_line, result.facts,
                                                card_type in ("Spell", "Trap")))
            new_line = False
        elif isinstance(item, y.Unparsed):
            new_line = True  # a sentence no rule needed: what follows starts afresh
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
            # each leaf's lowercased words, and whether it ends a segment: read once (each
            # mention reads up to 40 words around it)
            lows = [leaf.text.lower() for leaf, _ in flat]
            words_at = [low.split() for low in lows]
            boundary_at = [_boundary(leaf) for leaf, _ in flat]
            # segment starts, and their facts
            seg_of: list[int] = []
            seg_first_word: dict[int, str] = {}
            current = segment
            for i, (leaf, _) in enumerate(flat):
                if boundary_at[i]:
                    current += 1
                    seg_of.append(current)
                    continue
                seg_of.append(current)
                if current not in seg_first_word:
                    w = words_at[i]
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
            seg_words: dict[int, list[str]] = {}
            for i in range(len(flat)):
                if not boundary_at[i]:
                    seg_words.setdefault(seg_of[i], []).extend(words_at[i])
            seg_lasting: dict[int, re.Match | None] = {}
            counted_at: list[bool] = []
            seen_marker: dict[int, bool] = {}
            for i, (leaf, _) in enumerate(flat):
                counted_at.append(seen_marker.get(seg_of[i], False))
                if isinstance(leaf, y.Marker) or "equal" in lows[i] and _SUM.search(leaf.text):
                    # "for each", "the number of"; a sum over cards ("the combined Ranks of
                    # all Xyz Monsters you control and in your opponent's GY")
                    seen_marker[seg_of[i]] = True
            for i, (leaf, holder) in enumerate(flat):
                if not isinstance(leaf, (y.PlayerRef, y.Pronoun)):
                    continue
                seg = seg_of[i]
                after: list[str] = []
                for j in range(i + 1, len(flat)):  # (indices: a slice per mention was quadratic)
                    other = flat[j][0]
                    if boundary_at[j] or len(after) >= 6:
                        break
                    if isinstance(other, y.Punct):
                        after.append(other.text)
                        break
                    after.extend(words_at[j])
                longer: list[str] = []
                for j in range(i + 1, len(flat)):
                    if boundary_at[j] or len(longer) >= 16:
                        break
                    longer.extend(words_at[j])
                predicate = _predicate(leaf, longer)
                before: list[str] = []
                for j in range(i - 1, -1, -1):  # the segment ("... unless you have ... than"), 40 words
                    if boundary_at[j] or len(before) >= 40:
                        break
                    before[:0] = words_at[j]
                whole_before = before  # the segment up to the phrase ("... unless you have ... than")
                before = before[-12:]
                area_leaf = holder.zone if isinstance(holder, y.Area) and holder.owner is leaf else None
                area = area_leaf.area if area_leaf is not None else None
                if isinstance(leaf, y.Pronoun) and not names_player(leaf, tuple(after), area):
                    continue
                first = seg_first_word.get(seg, "")
                words_here = seg_words.get(seg, [])
                facts = result.facts[si]
                lead = kind == "condition" or (facts.lead > 0 and facts.effect_start is not None
                                               and leaf.start < facts.effect_start.start)
                conditional = (kind == "condition" or lead or first in _CONDITIONAL
                               or any(w in _CONDITIONAL for w in before) or _each_time(before)
                               # a comparison reaches back to its "unless"/"if" ("unless you have
                               # at least 3 more cards in your Extra Deck than your opponent's")
                               or tuple(before[-1:]) in (("than",), ("as",)) and any(w in _CONDITIONAL for w in whole_before)
                               or _starts(words_here, ("each time",))
                               # "If you have ... in your GY, or your opponent controls no ...":
                               # the requirement goes on after the comma
                               or first in ("or", "and") and seg_conditional.get(seg - 1, False))
                if seg not in seg_lasting:  # once per segment (a long one holds many phrases)
                    seg_lasting[seg] = _LASTING_SEGMENT.search(" ".join(words_here))
                lasting_match = seg_lasting[seg]
                lasting_here = facts.lasting or (lasting_match is not None
                                                 # "target 1 monster in your opponent's GY instead;"
                                                 and not (kind == "cost" and lasting_match.group() == "instead"))
                counted = counted_at[i]
                next_leaf = None
                for j in range(i + 1, len(flat)):
                    other = flat[j][0]
                    if other is not area_leaf:
                        next_leaf = other
                        break
                # an owner of a zone is no LP phrase ("for each card sent to their GY"); a
                # parenthesis after the phrase is read past ("Your opponent (the activator
                # of this card) takes damage")
                team = area is None and _team(leaf, tuple(_past_parenthesis(flat, i) if after[:1] == ["("] else after),
                                              tuple(before))
                result.mentions.append(Mention(
                    leaf, si, ci, kind, area, area_leaf, tuple(after[:6]), tuple(before[-12:]),
                    conditional, counted, team, seg, next_leaf, predicate=predicate, lead=lead,
                    lasting=lasting_here,
                    owner_return=not conditional and _owner_return(leaf, area, before)))
    _link(result)
    return result


#: putting a card of theirs back: "place it on top of", "return that card to", "shuffle
#: them into"
_PUT_BACK = re.compile(r"\b(?:place|places|placed|return|returns|returned|shuffle|shuffles|shuffled)\b"
                       r"(?:(?!\bthis\b).)*?\b(?:it|them|that monster|that card|the card|those cards|those monsters|"
                       r"the destroyed monster|the monster)\b(?:(?!\bthis\b).)*"
                       r"\b(?:on top of|on the top of|on the bottom of|to the top of|to the bottom of|into|to)$")


def _owner_return(leaf: y.Leaf, area: str | None, before: list[str]) -> bool:
    """ "place it on top of your opponent's Deck": the Deck (or hand) a card goes back to
    is its owner's."""
    return (isinstance(leaf, y.PlayerRef) and leaf.possessive and area in ("deck", "hand", "extra_deck")
            and _PUT_BACK.search(" ".join(before)) is not None)


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
                if isinstance(later.leaf, y.PlayerRef) and later.leaf.player != "you":
                    break  # another player is named: "their" is theirs (never "you")
                if later.leaf.text.lower() in ("their", "his/her") and later.area is not None:
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
        if _private(m):
            object.__setattr__(m, "private", True)
        if isinstance(m.leaf, y.PlayerRef) and m.leaf.player != "you":
            last_ref = m.leaf  # "they" never means "you"


#: what a player does to their own hand or Deck ("Your opponent discards 1 card")
_PRIVATE_VERBS = frozenset({"discards", "discard", "draws", "draw", "reveals", "reveal", "shuffles", "shuffle",
                            "excavates", "excavate", "mills"})
#: words between a player and what they do ("your opponent can discard", "must discard")
_MODALS = frozenset({"can", "must", "then", "also", "randomly", "immediately"})


def _private(m: Mention) -> bool:
    """Seed rule 2's shape: the phrase owns a hand, Deck, GY ... ("your opponent's GY",
    "their hand"), or names the player who acts on theirs ("your opponent discards",
    "your opponent can reveal 1 monster in their hand", "3 of your opponent's cards, 1
    each from their hand, field, and GY"); not the field named outright ("monsters your
    opponent controls and in their GY": only the GY is one opponent's), nor a card only
    compared with ("with the same Attribute as a monster your opponent controls or is in
    their GY": nothing is done to that GY)."""
    if _compared_with(m):
        return False
    if m.area is not None:
        return m.area in y.PRIVATE_AREAS
    if m.leaf.text.lower().endswith(("'s", "’s")) and m.after[:2] in (("entire", "hand"), ("entire", "deck")):
        return True  # "banish your opponent's entire hand"
    if _in_graveyard(m):
        return True  # "all your opponent's cards in the Graveyard"
    after = list(m.after)
    while after[:1] and after[0] in _MODALS:
        after = after[1:]
    if after and after[0] in _PRIVATE_VERBS and not m.leaf.text.lower().endswith(("'s", "’s")):
        return True
    if m.their_area in y.PRIVATE_AREAS and not m.conditional and m.after:
        if isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive:
            return m.after[0] in ("cards", "card", "monsters", "monster")  # "3 of your opponent's cards"
        return m.after[0] not in ("controls", "control", "currently", "turn", "takes")
    return False


#: words that, after "the same ... as", take the phrase out of the comparison ("the same
#: name as that monster from your opponent's GY": where the cards are taken from)
_PAST_COMPARISON = frozenset({"from", "to", "and", "then", "into", "on", "under"})


def _compared_with(m: Mention) -> bool:
    """The phrase names where a card is that another is only compared with: "with the
    same Attribute as a monster your opponent controls or is in their GY"."""
    words = m.before
    k = max((i for i, w in enumerate(words) if w == "as"), default=None)
    return (k is not None and any(w in ("same", "original") for w in words[max(0, k - 4):k])
            and not any(w in _PAST_COMPARISON for w in words[k + 1:]))


def _in_graveyard(m: Mention) -> bool:
    """ "your opponent's cards in the Graveyard": their GY, named by its cards."""
    return (isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive and m.after[:1] in (("cards",), ("monsters",))
            and m.after[1:4] in (("in", "the", "graveyard"), ("in", "the", "gy")))


def _can_act(m: Mention) -> bool:
    """Whether the phrase can be the player who acts in its segment (the subject): not
    the team, not an owner, not the controller, not the object of a preposition."""
    return (isinstance(m.leaf, (y.PlayerRef, y.Pronoun)) and not m.team
            and not (isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive)
            and m.leaf.text.lower() not in ("their", "theirs", "his/her")
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


class PutsInZoneBefore:
    """``puts_in_zone(text[:end])`` asked for ends that grow (the text before each phrase of
    a sentence or clause, in order), reading ``text`` about once instead of once per end.

    A Summon or placement word that did not match before one end does not match before a
    later one: its lookahead only reads on into the words after it, which stay the same
    (the end is where a word or phrase starts: a space, or a token of its own, follows),
    and what ruled it out ("Summoned ... monsters") is still there. So a search starts at
    the word that matched last, or a little before the last end when none did. An end
    smaller than the one before is asked of the text before it afresh."""

    def __init__(self, text: str):
        self.text = text
        self._from = 0
        self._last_end = 0

    def __call__(self, end: int) -> bool:
        if end < self._last_end:
            return _PUT.search(self.text, 0, end) is not None
        self._last_end = end
        m = _PUT.search(self.text, self._from, end)
        if m is None:
            self._from = max(self._from, end - len("summoned"))
            return False
        self._from = m.start()
        return True


def _joined_units(units: list[y.Leaf]) -> tuple[str, list[int]]:
    """The units' texts joined by spaces, lowercased (what ``" ".join(u.text for u in
    units).lower()`` gives: a space ends any casing context), and where each unit ends in
    it: the text of the first k units is its prefix up to ``ends[k - 1]``."""
    lows = [u.text.lower() for u in units]
    ends = []
    end = -1
    for low in lows:
        end += 1 + len(low)
        ends.append(end)
    return " ".join(lows), ends


def _last_word_is(text: str, end: int, word: str) -> bool:
    """Whether ``text[:end].split()[-1:] == [word]``, read from ``end`` back."""
    s = end
    while s > 0 and text[s - 1].isspace():
        s -= 1
    n = len(word)
    return s >= n and text[s - n:s] == word and (s == n or text[s - n - 1].isspace())


class SentenceWords(NamedTuple):
    """A sentence's leaves, read once for the quick checks of :func:`either_side`,
    :func:`each_field_pairs` and :func:`both_areas` (most sentences have none of their
    words, and are not split into words for nothing)."""

    #: each leaf's text, lowercased, one a line (a word looked for is in one of them)
    lowered: str
    #: whether a leaf is the area word "field" (not "fields", "Field Zone")
    field: bool

    @classmethod
    def of(cls, sentence: y.Sentence) -> "SentenceWords":
        leaves = list(sentence.leaves())
        # (lowercased joined: a line break ends a word as the end of a text does)
        lowered = "\n".join([leaf.text for leaf in leaves]).lower()
        field = any(isinstance(leaf, y.AreaWord) and leaf.text.lower() == "field" for leaf in leaves)
        return cls(lowered, field)


def _per_sentence(tree: y.CardText, analysis: "Analysis | None", find) -> list:
    """``analysis.per_sentence(tree, find)`` (with no analysis, nothing is kept)."""
    return (Analysis() if analysis is None else analysis).per_sentence(tree, find)


def either_side(tree: y.CardText, analysis: Analysis | None = None) -> list[tuple[y.Leaf, y.AreaWord, bool]]:
    """Each "either field" / "either side of the field" (either player's): the word
    "either", its area, and whether a card is Summoned or placed *to* it ("Special Summon it
    to either field", "Requires 3 Tributes from either side of the field to Normal Summon to
    that side of the field"): a destination, not a place cards are taken from. Each
    sentence's answer is kept in ``analysis`` (the text's)."""
    return _per_sentence(tree, analysis, _either_side_in)


def _either_side_in(sentence: y.Sentence, words: SentenceWords) -> list[tuple[y.Leaf, y.AreaWord, bool]]:
    if "either\n" not in words.lowered:
        return []  # (the word before the area is "either": the last of its leaf)
    out = []
    leaves = list(_word_units(sentence))
    # (the text before each "either" is a prefix of the sentence's: read once)
    text, ends = _joined_units(leaves)
    puts_before = PutsInZoneBefore(text)
    side_to = None
    for k, leaf in enumerate(leaves):
        if not (isinstance(leaf, y.AreaWord) and leaf.area == "field" and k > 0
                and leaves[k - 1].text.lower() == "either"):
            continue
        before = ends[k - 2] if k > 1 else 0  # the end of the text before "either"
        side = "side" in leaf.text.lower()
        to = _last_word_is(text, before, "to") and puts_before(before)
        if side:
            # the side Tributes come from, for a Summon "to that side of the field"
            if side_to is None:
                side_to = puts_in_zone(text) and "that side" in text
            to = side_to
        out.append((leaves[k - 1], leaf, to))
    return out


#: two cards split between the two printed fields, in parentheses after their count ("destroy
#: 2 cards (1 on each field)", "target 2 monsters with the same Level (1 from each field)"):
#: what the text before "1 on each field" ends with (see _two_split_before)
_TWO_SPLIT = re.compile(r"\b2\b[^;:(),]*\($")
#: ... and the count alone, a whole word
_TWO = re.compile(r"\b2\b")
_STOPS = ";:(),"
#: a pair Summoned: what the text before "1 on each field" ends with (commas and spaces
#: after it left out)
_SUMMON_BOTH = re.compile(r"\bsummon both monsters$")


def _summons_both_before(text: str, end: int) -> bool:
    """``_SUMMON_BOTH.search(text[:end].rstrip(" ,"))``, reading only the end of it."""
    s = end
    while s > 0 and text[s - 1] in " ,":
        s -= 1
    return _SUMMON_BOTH.search(text, max(0, s - 2 * len("summon both monsters")), s) is not None


def _two_split_before(text: str, end: int, after: int) -> tuple[bool, int]:
    """Whether ``_TWO_SPLIT.search(text[:end])`` matches ("... 2 cards (" before "1 on each
    field"), reading only the text since the last of ";:()," before the "(" it ends with
    (no match can start before that): a "2" there, a whole word, is the count. The last
    of those is looked for from ``after`` on (a "(" seen before, or 0); also returned:
    where to look from next (this "(", if any)."""
    if text.endswith("(", 0, end):
        paren = end - 1
    elif text.endswith("(\n", 0, end):
        paren = end - 2  # ("$" matches before a last newline)
    else:
        return False, after
    stop = max(text.rfind(c, after, paren) for c in _STOPS)
    return _TWO.search(text, max(stop, 0), paren) is not None, paren


def each_field_pairs(tree: y.CardText, analysis: Analysis | None = None) -> list[tuple[y.Leaf, y.AreaWord, str, bool]]:
    """Each pair of cards split "1 on/to/from each field" (yours and your opponent's): after
    "Special Summon both monsters, " or in parentheses after a count of 2 ("destroy 2 cards
    (1 on each field)"). The word "each", its field, the preposition ("on", "to", "from"),
    and whether the pair is Summoned. Not "target 1 Spell/Trap on each field" (one card on
    every field: no pair is counted). Each sentence's answer is kept in ``analysis`` (the
    text's)."""
    return _per_sentence(tree, analysis, _each_field_pairs_in)


def _each_field_pairs_in(sentence: y.Sentence, words: SentenceWords) -> list[tuple[y.Leaf, y.AreaWord, str, bool]]:
    if not words.field or "each\n" not in words.lowered:
        return []  # (the word before "field" is "each": the last of its leaf)
    out = []
    leaves = list(_word_units(sentence))
    text = ends = None
    paren = 0  # the last "(" found before a pair (see _two_split_before)
    for k, leaf in enumerate(leaves):
        if not (isinstance(leaf, y.AreaWord) and leaf.area == "field" and leaf.text.lower() == "field" and k >= 3
                and leaves[k - 1].text.lower() == "each" and leaves[k - 2].text.lower() in ("on", "to", "from")
                and leaves[k - 3].text == "1"):
            continue
        if text is None:
            # (the text before each "1 on each field" is a prefix of the sentence's: read once)
            text, ends = _joined_units(leaves)
        before = ends[k - 4] if k > 3 else 0  # the end of the text before "1"
        if _summons_both_before(text, before):
            out.append((leaves[k - 1], leaf, leaves[k - 2].text.lower(), True))
            continue
        found, paren = _two_split_before(text, before, paren)
        if found:
            out.append((leaves[k - 1], leaf, leaves[k - 2].text.lower(), False))
    return out


def both_areas(tree: y.CardText, analysis: Analysis | None = None) -> list[tuple[y.Leaf, y.AreaWord, bool]]:
    """Each "both GYs" (yours and your opponent's): the word "both", its area, and whether
    it is in a condition ("If you banished monsters from both GYs, ..."). Each sentence's
    answer is kept in ``analysis`` (the text's)."""
    return _per_sentence(tree, analysis, _both_areas_in)


def _both_areas_in(sentence: y.Sentence, words: SentenceWords) -> list[tuple[y.Leaf, y.AreaWord, bool]]:
    if "both" not in words.lowered:
        return []
    out = []
    leaves = list(_word_units(sentence))
    for k, leaf in enumerate(leaves):
        if not (isinstance(leaf, y.AreaWord) and leaf.area == "gy" and leaf.text.lower().endswith("s") and k > 0
                and leaves[k - 1].text.lower() == "both"):
            continue
        segment = []
        for other in reversed(leaves[:k - 1]):
            if isinstance(other, y.Connective) or other.text in (",", ":", ";"):
                break
            segment[:0] = other.text.lower().split()
        out.append((leaves[k - 1], leaf, any(w in _CONDITIONAL for w in segment)))
    return out


def _word_units(sentence: y.Sentence):
    for leaf in sentence.leaves():
        if isinstance(leaf, y.Words):
            yield from leaf.split()
        elif not isinstance(leaf, y.Punct) or leaf.text == "(":
            yield leaf


def _each_time(before: list[str]) -> bool:
    text = " ".join(before)
    # "During the turn in which your opponent has activated ...": a condition on the turn
    return "each time" in text or "as long as" in text or "in which" in text


def _team(leaf: y.Leaf, after: tuple[str, ...], before: tuple[str, ...]) -> bool:
    """Damage and Life Points are the team's."""
    if after and after[0] in ("lp", "life", "takes", "take", "took", "pays", "gains", "loses", "gain", "lose"):
        return after[0] not in ("gains", "loses", "gain", "lose") or (len(after) > 2 and "lp" in after[:4])
    if after and after[0] in ("has", "have", "had") and ("lp" in after[:6] or "life" in after[:6]):
        return True  # "while your opponent has more than 3000 Life Points"
    if before and "damage" in before[-4:] and (before[-1:] in (("to",), ("from",)) or after[:1] in (
            ("takes",), ("take",), ("would",), ("receives",), ("receive",), ("took",))):
        return True  # "inflict 500 damage to your opponent", "the damage your opponent takes"
    if before[-1:] == ("to",) and ("damage" in before or before[-2:-1] in (("inflicted",), ("inflicts",))):
        return True  # "any battle damage this card inflicts to your opponent", "the Battle
        # Damage you took from this battle is also inflicted to your opponent"
    if (before[-1:] == ("than",) and ("lp" in before or "life" in before) and leaf.text.lower().endswith(("'s", "’s"))
            or before[-1:] == ("and",) and ("lp" in before[-5:] or "life" in before[-5:])):
        return True  # "while your LP are lower than your opponent's": the team's LP
    if before[-1:] in (("attack",), ("attacks",)) and after[:1] == ("directly",):
        return True  # a direct attack is made on the team (seed: "attack the team directly")
    if _lp_sum(before):
        return True  # "half the combined Life Points of both players": the teams' totals, summed
    return False


def _past_parenthesis(flat, i: int) -> list[str]:
    """The words of the segment after the parenthesis that follows ``flat[i]`` (up to 6)."""
    depth, words = 0, []
    for other, _ in flat[i + 1:]:
        if isinstance(other, y.Punct) and other.text == "(":
            depth += 1
        elif isinstance(other, y.Punct) and other.text == ")":
            depth -= 1
        elif depth == 0:
            if _boundary(other) or isinstance(other, y.Punct) or len(words) >= 6:
                break
            words.extend(_words(other))
    return words


def _lp_sum(before) -> bool:
    """The phrase is what a sum of Life Points is taken over: "the combined Life Points of
    both players"."""
    return (tuple(before[-1:]) == ("of",) and any(w in ("combined", "total") for w in before[-4:])
            and ("lp" in before[-4:] or "life" in before[-4:]))


def listed_areas(m: Mention, analysis: Analysis) -> list[y.AreaWord]:
    """The areas with no owner written listed after ``m``'s own ("your opponent's hand
    (at random), field, or GY": the field and the GY), in order; empty when none follows.
    (``m``'s clause is read from ``analysis``: its leaves are listed once per clause.)"""
    if m.area_leaf is None:
        return []
    leaves, where = analysis.clause_leaves(m.sentence, m.clause)
    i = where.get(id(m.area_leaf))
    if i is None:
        return []
    listed, k = [], i + 1
    while k < len(leaves):
        if leaves[k].text == "(" and k + 2 < len(leaves) and leaves[k + 2].text == ")":
            k += 3  # "(at random)"
            continue
        joins = ""
        while k < len(leaves) and leaves[k].text.strip().lower() in (",", "and", "or", "and/or"):
            joins += leaves[k].text.strip().lower()
            k += 1
        if joins in ("", ",,") or k >= len(leaves) or not isinstance(leaves[k], y.AreaWord):
            break
        listed.append(leaves[k])
        k += 1
    return listed


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
    "pendulum", "tuner", "effect", "field", "equip", "continuous", "other", "battling", "special", "unused",
    "occupied",
})
_NOT_FIELD = frozenset({"effect", "effects", "turn", "phase", "damage", "summon", "summons", "activation",
                        "activations", "attacks", "lp", "life"})


def on_field(m: Mention) -> bool:
    """Whether the phrase names the player as controller of things on the field: "monsters
    your opponent controls", "your opponent's Attack Position monsters", "your opponent's
    side of the field", "cards controlled by your opponent"."""
    if m.area is not None:
        return m.area in y.FIELD_AREAS
    if _in_graveyard(m):
        return False
    after = m.after
    if after[:1] == ("currently",):
        after = after[1:]
    if after and after[0] in ("controls", "control"):
        return True
    if m.before[-2:] == ("controlled", "by") and not (isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive):
        return True  # "Spell and Trap Cards controlled by your opponent that target this card"
    if isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive and after[:1] == ("possession",) and m.before[-1:] == ("in",):
        return True  # "all monsters in your opponent's possession": what they control
    if isinstance(m.leaf, y.PlayerRef) and m.leaf.possessive and after and after[0] in _FIELD_NOUNS:
        return not any(w in _NOT_FIELD for w in after[:3]) or after[0] in ("monster", "monsters") and after[1:2] != ("effect",) and after[1:2] != ("effects",)
    return False


def joined_private_area(m: Mention, analysis: Analysis, areas=y.PRIVATE_AREAS) -> y.AreaWord | None:
    """The private area with no owner written that is joined to ``m``'s field ("your
    opponent's field and/or GY": the GY), or None; with ``areas``, an area of those
    ("your opponent's hand and field": the field). (``m``'s clause is read from
    ``analysis``: its leaves are listed once per clause.)"""
    if m.area_leaf is None:
        return None
    leaves, where = analysis.clause_leaves(m.sentence, m.clause)
    i = where.get(id(m.area_leaf))
    if i is None:
        return None
    k = i + 1
    joins = ""
    while k < len(leaves) and not isinstance(leaves[k], (y.AreaWord, y.PlayerRef, y.Pronoun)) and len(joins) < 8:
        joins += leaves[k].text.strip().lower()
        k += 1
    if (joins in ("and", "or", "and/or") and k < len(leaves) and isinstance(leaves[k], y.AreaWord)
            and leaves[k].area in areas):
        return leaves[k]  # "field and GY", "field and/or GY"
    return None


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
