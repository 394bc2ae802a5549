"""Facts about a Build Divide text: its abilities and their kind, and who each 相手 is.

The facts name no rule; each rule (``rules/``) decides from them what it rewrites. They
are found with patterns over the masked text (:func:`tagtext.syntax.unspaced.masked`:
widths folded 1:1, reminder text, quotes, names and 【】/[]/⁅⁆ brackets masked), whose
offsets are the printed text's.

*Abilities* (BD-NOTES 6). An ability starts at a label (⁅自動⁆ ⁅永続⁆ ⁅起動⁆, or as fan data
writes them （自動） (自動) …, wherever the label stands) and at a line break; a reminder
after it is its own. Its kind:

- ``automatic`` (⁅自動⁆, or unlabelled and opening with a trigger: its first clause ends
  with 時 or とき, 「…時、」「…とき、」「…開始時、」), ``activated`` (⁅起動⁆) and ``command``
  (the text of a command card, or an unlabelled text of a card whose type is not known, as
  a pasted text: printed unit and territory abilities carry labels) are *played* (901-1,
  901-2 apply when they are played);
- ``continuous`` (⁅永続⁆, or unlabelled on a unit or territory card: 901-3, 901-3a).

Its *trigger condition* (an automatic ability: up to the first 「時、」/「とき、」 of its first
sentence; unlabelled, of its first clause), its *cost* (an activated ability: up to the
first colon) and its *effect*, which starts after them (where 901-1's choice is written,
"after a trigger condition; before a duration or an if-clause").

*Mentions of 相手* (BD-NOTES 1, 7–10, 13, 14), each with its ``role``:

- ``trigger``: in a trigger condition (201-4: any opposing player's act triggers it);
- ``team``: 相手チーム (the other team as such);
- ``named``: already names its opponent (その相手, 各相手, いずれかの相手, 相手1人);
- ``selection``: 相手の… that the ability chooses (…を対象とし, …対象とする, fan data's
  …対象、, …を選ぶ/選び, in the same clause): the opponent is the chosen card's controller
  (901-2); ``several`` when more than one card can be chosen (a count of 2 or more,
  好きな数, or a count per item 「…につき」 earlier in the sentence);
- ``player``: any other 相手: the player(s) the effect refers to. ``in_condition``: the
  clause it stands in is a condition (…なら、…場合、…限り、…ば、…間、…いる時、).

Also per ability: whether it *targets a card* (a target declared: 対象とし/対象とする/対象、,
or a selection of the opponent's cards), and whether it *reads the life* (ライフが…,
ライフの枚数, レッドゾーン, イエローゾーン: 302, one team life).
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from ...syntax.unspaced import MASK, has_full_width_digit, masked
from . import nodes as b

AUTOMATIC, ACTIVATED, COMMAND, CONTINUOUS = "automatic", "activated", "command", "continuous"
PLAYED = frozenset({AUTOMATIC, ACTIVATED, COMMAND})

TRIGGER, TEAM, NAMED, SELECTION, PLAYER = "trigger", "team", "named", "selection", "player"

#: what the rules never read inside
OPAQUE = (b.Reminder, b.Quote, b.CardName, b.BookName, b.Keyword, b.Square, b.Icon)

#: card types (the fan list's and a user's card table's) whose unlabelled text is played
COMMAND_TYPES = frozenset({"command", "コマンド"})

#: an unlabelled ability opening with a trigger: its first clause ends with 時/とき
_OPENING_TRIGGER = re.compile(r"[^、。]*?(?:時|とき)、")
#: a labelled automatic ability's trigger condition: up to the first 時、/とき、 of its first sentence
_TRIGGER_CONDITION = re.compile(r"[^。]*?(?:時|とき)、")
#: an activated ability's cost, up to its colon
_COST = re.compile(r"[^。、]*?[:：]")
#: a target declared (not 「対象に」「対象の」「対象を」, which name the target again)
_TARGETS = re.compile(r"対象(?:と[しす]|(?=[、。])|$)|を対象")
#: a choice of the opponent's cards, from 相手の to the end of its clause
_SELECTION = re.compile(r"相手の[^、。]*?(?:対象(?:と[しす]|(?=[、。])|$)|選[ぶび])")
_COUNT = re.compile(r"(\d+)(?:枚|体|つ|人)")
_CONDITION_END = re.compile(r"(?:なら|ならば|場合|限り|かぎり|間|ば|いる(?:時|とき))$")
_LIFE = re.compile(r"ライフ(?:ゾーン)?(?:のカード)?(?:が|は|の枚数)|レッドゾーン|イエローゾーン")


@dataclass(frozen=True)
class Ability:
    """One ability: its span, label and kind, where its effect starts, and its leaves' ends."""

    index: int
    start: int
    end: int
    kind: str
    label: b.Label | None
    #: the trigger condition's span (automatic abilities), or None
    trigger: tuple[int, int] | None
    #: where the effect starts (after the label, the trigger condition, the cost)
    effect: int
    #: the ability's last leaf (a note goes after it) and whether a line break follows it
    last: b.Leaf
    break_after: bool
    targets_card: bool
    reads_life: bool

    @property
    def played(self) -> bool:
        return self.kind in PLAYED


@dataclass(frozen=True)
class Mention:
    """One 相手 outside what is opaque: where, in which ability, its role (module docstring)."""

    start: int
    end: int
    ability: int
    role: str
    in_condition: bool = False
    #: a selection: whether more than one card can be chosen, and why
    several: str | None = None


@dataclass(frozen=True)
class Facts:
    """What the rules read of one card text: its abilities and player mentions, and the
    text masked (what no rule reads blanked: reminders, quotes, names, brackets)."""

    text: str
    masked: str
    abilities: tuple[Ability, ...]
    mentions: tuple[Mention, ...]
    #: whether the text writes digits full-width (an inserted 1 copies it)
    full_width: bool

    def in_ability(self, index: int, role: str | None = None) -> list[Mention]:
        """The mentions of ability ``index`` (of ``role``, if given), in text order."""
        return [m for m in self._by_ability.get(index, ()) if role is None or m.role == role]

    @functools.cached_property
    def _by_ability(self) -> dict[int, list[Mention]]:
        # ability -> its mentions, made once: the rules ask for each ability's mentions, and
        # a scan of every mention per ability made a text of many lines quadratic
        by: dict[int, list[Mention]] = {}
        for m in self.mentions:
            by.setdefault(m.ability, []).append(m)
        return by


def analyse(tree: b.CardText, text: str, card_type: str | None = None) -> Facts:
    """The facts of ``text`` (parsed as ``tree``), a card of ``card_type`` (None: not
    known, as a pasted text)."""
    mask = masked(tree, text, OPAQUE)
    abilities = tuple(_abilities(tree, text, mask, card_type))
    mentions = tuple(m for a in abilities for m in _mentions(a, mask))
    return Facts(text, mask, abilities, mentions, has_full_width_digit(text))


# ----------------------------------------------------------------------------- abilities

def _abilities(tree: b.CardText, text: str, mask: str, card_type: str | None):
    groups: list[list[b.Node]] = [[]]  # each ability's units (leaves, reminders whole)
    breaks: list[bool] = []
    for unit in _units(tree):
        if isinstance(unit, b.LineBreak):
            if groups[-1]:
                breaks.append(True)
                groups.append([])
            continue
        if isinstance(unit, b.Label) and groups[-1]:
            breaks.append(False)
            groups.append([])
        groups[-1].append(unit)
    if not groups[-1]:
        groups.pop()
    breaks = breaks[:len(groups) - 1] + [True]
    for index, (units, break_after) in enumerate(zip(groups, breaks)):
        yield _ability(index, units, break_after, mask, card_type)


def _units(tree: b.CardText):
    """What an ability is made of, in text order: the text's units (sentences, labels, line
    breaks, reminders standing alone), a sentence that holds a label (a fan left it without
    its 。) by its parts and its 。 (the label opens an ability there). A reminder is one
    unit: a label inside it opens no ability (line breaks are never in a reminder or a
    sentence: the grammar's lines hold them)."""
    for item in tree.items:
        if isinstance(item, b.Sentence) and b.Label in map(type, item.parts):
            yield from item.parts
            if item.stop is not None:
                yield item.stop
        else:
            yield item


def _first_leaf(unit: b.Node) -> b.Leaf:
    # a unit is a leaf, a sentence (its parts never empty) or a reminder (its bracket first)
    while isinstance(unit, b.Sentence):
        unit = unit.parts[0]
    return unit.open if isinstance(unit, b.Reminder) else unit


def _last_leaf(unit: b.Node) -> b.Leaf:
    if isinstance(unit, b.Leaf):
        return unit
    if isinstance(unit, b.Sentence) and unit.stop is not None:
        return unit.stop
    for last in unit.leaves():
        pass
    return last


def _ability(index: int, units: list[b.Node], break_after: bool, mask: str, card_type: str | None) -> Ability:
    first, last = _first_leaf(units[0]), _last_leaf(units[-1])
    label = first if isinstance(first, b.Label) else None
    start, end = first.start, last.end
    # the label is a unit of its own: the body starts at the next unit
    body = (_first_leaf(units[1]).start if len(units) > 1 else end) if label is not None else start
    kind = label.ability_kind if label is not None else None
    trigger = None
    if kind in (None, AUTOMATIC):
        opening = (_TRIGGER_CONDITION if kind else _OPENING_TRIGGER).match(mask, body, end)
        if opening is not None:
            trigger, kind = (body, opening.end()), AUTOMATIC
    if kind is None:
        kind = COMMAND if card_type is None or card_type.split("/")[0] in COMMAND_TYPES else CONTINUOUS
    effect = trigger[1] if trigger else body
    if kind == ACTIVATED:
        cost = _COST.match(mask, body, end)
        effect = cost.end() if cost else body
    effect = _skip_space(mask, effect, end)
    region = mask[effect:end]
    return Ability(index, start, end, kind, label, trigger, effect, last, break_after,
                   bool(_TARGETS.search(region) or _chooses_opponents_cards(region)), bool(_LIFE.search(mask, start, end)))


def _chooses_opponents_cards(region: str) -> bool:
    """Whether a clause of ``region`` chooses the opponent's cards (``_SELECTION`` found
    anywhere), in one pass: a clause's first 相手の with a choice's end after it."""
    at = region.find("相手の")
    while at >= 0:
        brk = _CLAUSE_BREAK.search(region, at)
        end = brk.start() if brk else len(region)  # the clause's end
        # the break itself is read (対象 before 、), so $ is only the region's end
        if _SELECTION_END.search(region, at + 3, min(end + 1, len(region))):
            return True
        at = region.find("相手の", end + 1)
    return False


def _skip_space(mask: str, pos: int, end: int) -> int:
    while pos < end and mask[pos] in " \u3000\t":
        pos += 1
    return pos


# ----------------------------------------------------------------------------- mentions

_OPPONENT = re.compile("相手")
_PEOPLE = re.compile(r"\d+人")
#: where a choice of cards ends (_SELECTION without its opening 相手の)
_SELECTION_END = re.compile(r"対象(?:と[しす]|(?=[、。])|$)|選[ぶび]")
_CLAUSE_BREAK = re.compile("[、。]")


def _mentions(ability: Ability, mask: str):
    """The ability's 相手 and their roles, in one pass over the ability (each mention reads
    its clause through facts found once per clause: linear however many mentions a clause,
    or a text, holds)."""
    clauses = _Clauses(ability, mask)
    for m in _OPPONENT.finditer(mask, ability.start, ability.end):
        start = m.start()
        # 対戦相手 is 相手 too, one word: その対戦相手, 各対戦相手
        word = start - 2 if mask[max(ability.start, start - 2):start] == "対戦" else start
        yield Mention(word, start + 2, ability.index, *_role(ability, mask, word, start, clauses))


class _Clauses:
    """Facts of the ability's clauses (up to 、 or 。), each found once: where the clause of a
    position ends, where choices of cards end in it, whether it ends as a condition."""

    def __init__(self, ability: Ability, mask: str):
        self.ability, self.mask = ability, mask
        self._ends: dict[int, int] = {}
        self._choices: dict[int, list] = {}
        self._condition: dict[int, bool] = {}
        self._next_break = -1

    def end(self, pos: int) -> int:
        """Where the clause holding ``pos`` ends (the next 、 or 。, or the ability's end)."""
        if self._next_break < pos:
            found = _CLAUSE_BREAK.search(self.mask, pos, self.ability.end)
            self._next_break = found.start() if found else self.ability.end
        return self._next_break

    def choice_end(self, pos: int) -> re.Match | None:
        """The first end of a choice of cards at or after ``pos`` in its clause."""
        end = self.end(pos)
        found = self._choices.get(end)
        if found is None:  # asked first for the clause's earliest position
            # the break itself is read (対象 before 、), so $ is only the ability's end
            matches = list(_SELECTION_END.finditer(self.mask, pos, min(end + 1, self.ability.end)))
            found = self._choices[end] = ([m.start() for m in matches], matches)
        starts, matches = found
        i = bisect.bisect_left(starts, pos)
        return matches[i] if i < len(matches) else None

    def ends_as_condition(self, end: int, start: int) -> bool:
        """Whether the clause ending at ``end`` ends as a condition (なら, 場合, 限り, ...)."""
        if end not in self._condition:
            i = end
            while i > start and self.mask[i - 1] == MASK:
                i -= 1
            self._condition[end] = bool(_CONDITION_END.search(self.mask, max(start, i - 8), i))
        return self._condition[end]


def _role(ability: Ability, mask: str, start: int, at: int, clauses: _Clauses) -> tuple:
    """``start``: where the word begins (対戦相手 included); ``at``: where 相手 stands."""
    after = at + 2
    if mask.startswith("チーム", after, ability.end):
        return (TEAM,)
    if mask[max(ability.start, start - 5):start].endswith(("その", "各", "いずれかの")) \
            or _PEOPLE.match(mask, after, ability.end):
        return (NAMED,)
    if ability.trigger is not None and start < ability.trigger[1]:
        return (TRIGGER,)
    if mask.startswith("相手の", at, ability.end):
        choice = clauses.choice_end(at + 3)
        if choice is not None:
            return SELECTION, False, _several(mask, ability, start, mask[at:choice.end()])
    return PLAYER, clauses.ends_as_condition(clauses.end(start), start)


def _several(mask: str, ability: Ability, start: int, phrase: str) -> str | None:
    """Why more than one of the opponent's cards can be chosen (None: one at most)."""
    counts = [int(n) for n in _COUNT.findall(phrase)]
    if any(n >= 2 for n in counts):
        return f"{max(counts)} cards"
    if "好きな数" in phrase:
        return "好きな数"
    sentence = max(mask.rfind("。", ability.effect, start) + 1, ability.effect)
    if "につき" in mask[sentence:start]:
        return "a count per item (…につき)"
    return None
