"""Abilities, sentences and clauses: where each ability starts and ends, and what kind it is.

DM-NOTES 3 and 4 (the decisions, quoted where they apply):

- *Ability boundaries*: ■ (modern text), a line break (classic data). A keyword ability
  (ブロッカー, W・ブレイカー …) with its reminder text is one ability. A label
  ("ラビリンス：", "NEO進化：") opens one. The 2018 data has no breaks at all ("unbroken"):
  there "a sentence opening with a trigger or keyword starts an ability", and, since a
  card's abilities still follow one another, so does a sentence that opens with nothing that
  ties it to the one before (a continuation word, or a word pointing back: その, それ,
  これ, 選んだ …); a spell's sentences stay one ability. The Super S-Trigger bonus (xB, oB)
  and キズナ abilities (P, oP) open one too, and each mode (▶, ??, __) of 「次のうちいずれか…」.
- *Kind*: "Each ability is one-shot or static. One-shot: a spell (a twinpact's spell side
  too); an ability whose first sentence opens with a trigger (…時、…とき、…たび、
  ターンのはじめに、ターンの終わりに、攻撃の終わりに、かわりに/代わりに); a tap ability (the
  line after 「…タップして次の能力を使ってもよい。」)." Likewise the line after any 「次の能力を
  使ってもよい/行ってもよい」 (サイレントスキル, 攻撃する代わりに…, スリリング・スリー), and after
  「次の能力を得る」 (フォートE, O・ドライブ: gained on arrival) unless it states something lasting. Static: the rest." An ability that opens
  with a lasting effect's duration (次の自分のターンのはじめまで、このターン、) is one-shot too:
  static abilities say 自分のターン中 / 相手のターン中 (this matters where the card type cannot
  show it: a twinpact's spell side in the 2018 data). A label takes the
  kind of what follows it. "…時" after a state (ない時, いる時, 以上の時) is a condition,
  not a trigger; "…た場合、" after an act is a trigger (the pack's decision: NOTES.md). An
  xB/oB/P ability and a mode are one-shot; keyword abilities are neither ("keyword").
- A twinpact's side marked by a scraped database (【呪文側】) makes what follows a spell's
  (or, 【クリーチャー側】, not).
- *Continuation sentences* (その後、そうしたら、そうした場合、さらに、その中から、残りを、
  ただし) join the ability before them.

Each sentence is cut at its commas into clauses, and each clause has a kind: ``trigger``,
``connective``, ``duration`` (このターン、相手のターン中、…まで), ``condition`` (…ば、…なら、
…場合、…時 after a state, …間) or ``effect``. The sentence's *effect* starts after its
leading trigger and connective (DM-NOTES 5: "after a leading trigger and a leading
connective …, before the rest, a duration included").
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import operator
import re
from dataclasses import dataclass, field

from ....syntax.nodes import Unparsed
from .. import nodes as d
from .text import MASK

KEYWORD, STATIC, ONE_SHOT = "keyword", "static", "one-shot"

_CONNECTIVE = re.compile(r"^(?:その後|そのあと|その後で|さらに|そうした場合|そうしたら|その場合|そして|ただし|または|あるいは"
                         r"|そうしない場合|そうしなければ|次に|それから)$")
#: a clause that ends with a trigger: an act and 時/とき/たび (not a state: ない時, いる時,
#: 以上の時), an act and 場合, the start or end of a turn or attack, a replacement
_TRIGGER = re.compile(
    r"(?:(?<=[うくすつぬぶむぐるただ])(?<!いる)(?<!ある)(?<!ていた)(?<!でいた)(?:時|とき|たび|度)(?:に)?"
    r"|(?<!ない)(?<!いる)た場合"
    r"|(?:ターン|攻撃)の(?:はじめ|始め|初め|終わり)に"
    r"|ターンが終わる(?:時|とき)"
    r"|(?:かわり|代わり)に)$")
#: a time the effect names (次の自分のターンのはじめに): not what triggers the ability
_NEXT_TURN = re.compile(r"次の[^、。]*ターンの(?:はじめ|始め|初め|終わり)に$")
_DURATION = re.compile(r"(?:ターン|ターンの間|ターン中|ターン中に|まで|までの間|攻撃中|バトル中)$")
_CONDITION = re.compile(r"(?:ば|なら|ならば|場合|限り|間|時|とき|中|中に|際|際に|以外|うち)$")
#: a sentence that points back at the one before, or goes on from it
_CONTINUES = re.compile(r"^(?:その|それ|そう|こうし|こうして|こうした|これら|これが|これを|これは|選んだ|選ばれた|残り|そこ"
                        r"|この方法|同じ|もう)")
#: a restriction while someone chooses, a cost changed while someone summons: static
#: abilities though they say 「…選ぶ時」, 「…召喚する時」
_RESTRICTION = re.compile(r"選ぶ(?:時|とき)、[^。]*(?:選べない|選ばれない|選ぶことはできない|選ぶことができない)"
                          r"|(?:召喚する|唱える)(?:時|とき)、支払うコスト")
#: a past form opening a sentence points back (見せた１枚か…, 捨てた手札１枚につき)
_POINTS_BACK = re.compile(r"^[\u4e00-\u9fff]{1,3}[\u3041-\u309f]{0,3}[ただ](?![時とき])")
#: the end of a sentence that states something lasting (a static ability of its own, in
#: unbroken text): …できない, …ない, …される, …を得る, …なる, (パワー|コスト)を…する, a lure
#: (…場合、可能なら…を攻撃する)
_STATIC_END = re.compile(r"(?:できない|れない|ない|される|を得る|なる|(?:パワー|コスト)を[^、。]*する|(?:に|て)出る"
                         r"|のかわりに[^、。]*?が選ぶ|場合、可能(?:なら|であれば)[^、。]*?を攻撃する)。?$")
#: the end of a sentence that does something (not a lasting state): for a twinpact's spell
#: side in unbroken text
_ACTION_END = re.compile(r"(?:破壊する|選ぶ|置く|戻す|タップする|アンタップする|引く|出す|加える|捨てる|捨てさせる|唱える|バトルさせる"
                         r"|ブレイクする|見る|シャッフルする|与える)(?:。)?$")


@dataclass(slots=True)
class Clause:
    """A stretch of a sentence up to a comma (reminders, quotes and names masked)."""

    index: int
    start: int
    end: int
    #: the masked text of the clause, without its comma
    text: str
    kind: str
    #: the clause's leaves (outside reminders), in order
    leaves: tuple[d.Leaf, ...]

    @property
    def first_leaf(self) -> d.Leaf | None:
        return self.leaves[0] if self.leaves else None


_START = operator.attrgetter("start")


@dataclass(eq=False)
class SentenceInfo:
    """A sentence's facts, made once by :func:`segment` and never changed. (A plain class:
    a frozen dataclass sets each field through object.__setattr__, per sentence; no two
    are equal but the same one, so identity is its equality.)"""

    index: int
    node: d.Sentence
    ability: int
    clauses: tuple[Clause, ...]
    #: index of the clause where the sentence's effect starts (len(clauses) if none)
    effect: int
    #: the masked text of the sentence
    text: str

    @property
    def start(self) -> int:
        return self.node.start

    @property
    def end(self) -> int:
        return self.node.end

    def clause_at(self, offset: int) -> Clause | None:
        # (by the clauses' starts: no list of them made per sentence, most are asked once)
        k = bisect.bisect_right(self.clauses, offset, key=_START) - 1
        while k >= 0:  # (the clauses are in order and do not overlap)
            clause = self.clauses[k]
            if clause.start <= offset < clause.end:
                return clause
            if clause.end <= offset:
                return None
            k -= 1
        return None

    @functools.cached_property
    def leading(self) -> int:
        """How many clauses open the sentence before its first that is no trigger, connective,
        duration, condition or means (an effect)."""
        for clause in self.clauses:
            if clause.kind not in ("trigger", "connective", "duration", "condition", "means"):
                return clause.index
        return len(self.clauses)

    @property
    def opens_with_trigger(self) -> bool:
        for clause in self.clauses:
            if clause.kind == "trigger":
                return True
            if clause.kind == "effect":
                return False
        return False

    @property
    def effect_leaf(self) -> d.Leaf | None:
        """The first leaf of the sentence's effect (where an opponent choice is inserted); in a
        sentence that opens with a label's parameter and its reminder text (アタック・チャンス：
        マスター・ドラゴン(…)相手の…), the first leaf after that reminder."""
        if self.effect >= len(self.clauses):
            return None
        if self.effect == 0:
            parts = self.node.parts
            for i, part in enumerate(parts):
                if isinstance(part, d.Reminder):
                    rest = [p for p in parts[i + 1:] if isinstance(p, d.Leaf)]
                    return rest[0] if rest else None
                if isinstance(part, d.PlayerWord) or (isinstance(part, d.Punct) and part.text in "、，､,"):
                    break
        return self.clauses[self.effect].first_leaf


@dataclass(slots=True)
class Ability:
    """One ability: its units (keyword, label, mark, sentences) and what kind it is."""

    index: int
    kind: str
    #: what opened it: "line", "mark" (■), "keyword", "label", "icon", "mode", "trigger", "sentence"
    opener: str
    units: list[d.Node] = field(default_factory=list)
    sentences: list[int] = field(default_factory=list)
    #: the keyword's name, for a keyword ability
    keyword: str | None = None
    #: whether a line break (or the text's end, or ■) follows it: a note after it needs no
    #: line break of its own after it
    break_after: bool = True
    #: the line break after it when spaces end its printed line (「…戻す。 \n」): a note goes
    #: after the whole printed line, so after those spaces
    spaced_break: d.Leaf | None = None

    @property
    def start(self) -> int:
        return self.units[0].start

    @property
    def end(self) -> int:
        return self.units[-1].end

    def last_leaf(self) -> d.Leaf:
        """The ability's last leaf (its reminder's close, or its last 。): a note goes after it."""
        last = None
        for leaf in self.units[-1].leaves():
            last = leaf
        return last


def clauses_of(sentence: d.Sentence, masked: str) -> tuple[Clause, ...]:
    """The sentence cut at its commas (not those in reminders)."""
    out: list[Clause] = []
    leaves: list[d.Leaf] = []
    start = None
    passed = _Passed()
    for part in sentence.parts:
        if isinstance(part, d.Punct) and part.text in "、，､,":
            before = passed.clause_so_far(masked, start, part.start) if start is not None else ""
            if before and _GOES_ON.search(before) and clause_kind(before) == "effect":
                passed.over(masked, start, part.start)
                leaves.append(part)
                continue  # 相手の、「…」で始まる能力を持つクリーチャー; 相手は、…; カードが、相手によって…
            if start is not None:
                out.append(_clause(len(out), start, part.start, masked, leaves))
            leaves, start, passed = [], None, _Passed()
            continue
        if start is None:
            start = part.start
        if isinstance(part, d.Leaf):
            leaves.append(part)
    if start is not None:
        end = sentence.stop.start if sentence.stop is not None else sentence.end
        out.append(_clause(len(out), start, end, masked, leaves))
    # このクリーチャーがシールドをブレイクし、相手が…使った場合、: a clause in the continuative form
    # before a trigger is part of that trigger
    for i in range(len(out) - 2, -1, -1):
        if out[i].kind == "effect" and out[i + 1].kind == "trigger" and _CONTINUATIVE.search(
                out[i].text.replace(MASK, "").rstrip()):
            out[i] = dataclasses.replace(out[i], kind="trigger")
    return tuple(out)


class _Passed:
    """The commas a clause went on past (相手は、…、…), so that the clause so far is read in
    time proportional to its last stretch, not to the whole clause at every comma (a clause
    of endless 「相手は、」 stays linear)."""

    def __init__(self):
        #: where the last comma passed over is (None: none yet)
        self.comma: int | None = None
        #: whether 相手 is in the clause before it (masks removed)
        self.names_opponent = False
        #: whether 次の is in the clause before it, after its last 、 (_NEXT_TURN's stretch
        #: runs back over a , or ､)
        self.next_since_stop = False

    def over(self, masked: str, start: int, comma: int) -> None:
        """The clause goes on past the comma at ``comma``."""
        since = start if self.comma is None else self.comma
        stretch = masked[since:comma].replace(MASK, "")
        self.names_opponent = self.names_opponent or "相手" in stretch
        after_stop = self.comma is not None and masked[self.comma] == "、"
        self.next_since_stop = ("次の" in stretch) or (self.next_since_stop and not after_stop)
        self.comma = comma

    def clause_so_far(self, masked: str, start: int, end: int) -> str:
        """The clause from ``start`` to ``end``, masks removed and spaces stripped, as
        :func:`clauses_of` reads it (does it go on, what kind it is); past a 、, a stand-in
        that reads the same: its last stretch from that comma, after 相手 if the clause names
        one before. Each pattern of :func:`clause_kind` and ``_GOES_ON`` either matches at the
        end without a comma or looks no further back than a comma (which no lookbehind
        accepts), but _NEXT_TURN, which runs back to a 、 from a 次の (none since the last 、,
        or the comma is one); no connective holds a comma, and 相手 is all that is asked of
        the rest."""
        if self.comma is None or (masked[self.comma] != "、" and self.next_since_stop):
            return masked[start:end].replace(MASK, "").strip(" \u3000")
        last = masked[self.comma:end].replace(MASK, "").rstrip(" \u3000")
        return ("相手" if self.names_opponent else "") + last


def _clause(index: int, start: int, end: int, masked: str, leaves: list[d.Leaf]) -> Clause:
    text = masked[start:end]
    core = text.replace(MASK, "").strip(" \u3000\t")
    return Clause(index, start, end, text, clause_kind(core), tuple(leaves))


_CONTINUATIVE = re.compile(r"(?:し|て|で|り|き|ち|び|み|い)$")
#: a comma after a particle does not end a clause: the phrase goes on (相手の、…; 相手は、…)
_GOES_ON = re.compile(r"(?:の|が|は|を|に|と|も)$")
_MEANS = re.compile(r"(?:によって|により|(?<!ま)で)$")
#: a lasting effect's duration (…まで, このターン): something a one-shot effect sets up, not
#: a static ability (those say 自分のターン中, 相手のターン中)
_LASTING = re.compile(r"(?:まで|このターン|そのターン|次のターン)$")


@functools.lru_cache(maxsize=4096)
def clause_kind(core: str) -> str:
    """``connective``, ``trigger``, ``duration``, ``condition``, ``means`` (…の能力によって、)
    or ``effect``. (Kept for the texts a process reads: most clauses of a database are said
    again and again, カードを１枚引く, and each asks up to six patterns.)"""
    if _CONNECTIVE.match(core):
        return "connective"
    if _NEXT_TURN.search(core):
        return "duration"  # 相手は次の自分自身のターンのはじめに、: when the effect happens, not a trigger
    if _TRIGGER.search(core):
        return "trigger"
    if _MEANS.search(core) and "相手" not in core:
        return "means"
    if _DURATION.search(core):
        return "duration"
    if _CONDITION.search(core):
        return "condition"
    return "effect"


def effect_start(clauses: tuple[Clause, ...]) -> int:
    """After the leading run of triggers, connectives, durations, conditions and means, the
    index after its last trigger, connective, or condition that names no 相手 (a duration
    stays in the effect; a condition on 相手 is read by the effect's own rule)."""
    last = -1
    for clause in clauses:
        if clause.kind in ("trigger", "connective", "means") or (clause.kind == "condition" and "相手" not in clause.text):
            last = clause.index
        elif clause.kind not in ("duration", "condition"):
            break
    return last + 1


def is_spell(card_type: str | None) -> bool:
    return bool(card_type) and "呪文" in card_type and "/" not in card_type and "クリーチャー" not in card_type


def is_twinpact(card_type: str | None) -> bool:
    return bool(card_type) and "/" in card_type


def segment(tree: d.CardText, masked: str, card_type: str | None = None,
            unbroken: bool = False, text: str | None = None) -> tuple[list[Ability], list[SentenceInfo]]:
    """The text's abilities and sentences (see the module's docstring). ``text``: the text
    the tree was parsed from (when given, a line is read for 次の能力を only if it holds 能)."""
    spell = is_spell(card_type)
    twinpact = is_twinpact(card_type)
    abilities: list[Ability] = []
    sentences: list[SentenceInfo] = []
    current: Ability | None = None
    pending_mark = False
    tap_next = False  # the line before said 「…タップして次の能力を使ってもよい」
    position: dict[int, int] | None = None  # each item's index, by id (made when first asked)

    def open_ability(opener: str, kind: str | None = None) -> Ability:
        nonlocal current
        ability = Ability(len(abilities), kind or STATIC, opener)
        abilities.append(ability)
        current = ability
        return ability

    def close(break_after: bool) -> None:
        nonlocal current
        if current is not None:
            current.break_after = break_after
        current = None

    for item in tree.items:
        if isinstance(item, d.SideMark):
            # a twinpact's side (scraped data): what follows is that side's, a spell's or not
            close(True)
            spell = item.spell
            twinpact = False
            continue
        if isinstance(item, d.LineBreak):
            if abilities:
                tap_next = _uses_next_ability(tree, abilities[-1], text)
            close(True)
            continue
        if isinstance(item, Unparsed):
            # lines not parsed (the pack's ``parts``, :mod:`..reads`): the line after them is
            # one whose line before gives no ability (else that line would have been parsed)
            tap_next = False
            close(True)
            continue
        if isinstance(item, d.AbilityMark):
            close(False)
            pending_mark = True
            open_ability("mark").units.append(item)
            continue
        if isinstance(item, d.ModeMark):
            parent = _parent_kind(abilities)
            icon = item.text.strip() not in ("▶", "►", "▷", "●", "•", "??", "__")
            close(False)
            ability = open_ability("icon" if icon else "mode", ONE_SHOT if icon or parent == ONE_SHOT else parent)
            ability.units.append(item)
            continue
        if isinstance(item, d.Keyword):
            if pending_mark and current is not None and not current.sentences and current.opener == "mark":
                ability = current
            else:
                close(False)
                ability = open_ability("keyword")
            ability.kind = KEYWORD
            ability.keyword = item.name.text
            ability.units.append(item)
            pending_mark = False
            close(False)
            continue
        if isinstance(item, d.Reminder):
            # reminder text standing alone explains what came before it: part of that ability
            target = current if current is not None else (abilities[-1] if abilities else None)
            if target is None:
                target = open_ability("sentence")
            target.units.append(item)
            continue
        if isinstance(item, d.Label):
            if not (current is not None and current.opener == "mark" and not current.sentences):
                close(False)
                open_ability("label")
            current.units.append(item)
            pending_mark = False
            continue
        if not isinstance(item, d.Sentence):  # pragma: no cover - the grammar has no other units
            continue
        clauses = clauses_of(item, masked)
        info_text = masked[item.start:item.end]
        core = info_text.replace(MASK, "").strip(" \u3000\t")
        if not core.rstrip("。｡"):
            # a sentence that is only reminder text belongs to the ability before it
            if current is None and abilities:
                current = abilities[-1]
            if current is None:
                open_ability("sentence")
            _add(current, item, clauses, info_text, sentences)
            continue
        opens_trigger = _opens_with_trigger(clauses)
        # a line (or ■) is one ability; only text that lost its breaks is cut at sentences
        starts_new = current is None or (unbroken and bool(current.sentences) and (
            opens_trigger or (not spell and not _continues(core, clauses)
                              and (twinpact or _STATIC_END.search(core.replace(MASK, ""))))))
        if current is not None and not current.sentences and current.opener in ("mark", "label", "icon", "mode"):
            starts_new = False
        if starts_new:
            close(False)
            if position is None:
                position = {id(x): i for i, x in enumerate(tree.items)}
            line_start = not abilities or _follows_break(tree, item, position)
            open_ability("trigger" if opens_trigger else ("line" if line_start else "sentence"))
        ability = current
        if not ability.sentences:
            # a twinpact's spell side in unbroken text, or a text whose card type is not known:
            # a sentence that does something, with no trigger, may be a spell's
            ability.kind = _kind(ability, clauses, core, spell, (twinpact and unbroken) or not card_type, tap_next,
                                 abilities)
        _add(ability, item, clauses, info_text, sentences)
    close(True)
    _breaks(tree, abilities)
    return abilities, sentences


def _breaks(tree: d.CardText, abilities: list[Ability]) -> None:
    """Whether a line break (or the text's end) follows each ability: a note after one
    that another ability follows on the same line needs a line break of its own."""
    items = tree.items
    following = {id(item): after for item, after in zip(items, items[1:])}
    for ability in abilities:
        after = following.get(id(ability.units[-1]), None) if ability.units else None
        ability.break_after = after is None or isinstance(after, d.LineBreak)
        if isinstance(after, d.LineBreak) and after.prefix:
            ability.spaced_break = after


def _add(ability: Ability, item: d.Sentence, clauses, text: str, sentences: list[SentenceInfo]) -> None:
    info = SentenceInfo(len(sentences), item, ability.index, clauses, effect_start(clauses), text)
    sentences.append(info)
    ability.units.append(item)
    ability.sentences.append(info.index)


def _opens_with_trigger(clauses: tuple[Clause, ...]) -> bool:
    for clause in clauses:
        if clause.kind == "trigger":
            return True
        if clause.kind == "effect":
            return False
    return False


def _continues(core: str, clauses: tuple[Clause, ...]) -> bool:
    if clauses and clauses[0].kind == "duration" and len(clauses) > 1:
        # 次の自分のターンのはじめまで、そのクリーチャーは…: a duration, then a word pointing back
        rest = clauses[1].text.replace(MASK, "").strip(" \u3000")
        if _CONTINUES.match(rest) or _POINTS_BACK.match(rest):
            return True
    return bool(clauses and clauses[0].kind == "connective") or bool(_CONTINUES.match(core)) \
        or bool(_POINTS_BACK.match(core))


def _kind(ability: Ability, clauses, core: str, spell: bool, maybe_spell: bool, tap_next: bool,
          abilities: list[Ability]) -> str:
    if ability.kind in (ONE_SHOT,) and ability.opener in ("icon", "mode"):
        return ONE_SHOT
    if ability.opener == "mode":
        return ability.kind
    if spell or (_opens_with_trigger(clauses) and not _RESTRICTION.search(core.replace(MASK, ""))):
        return ONE_SHOT
    if tap_next and (tap_next == "use" or not _STATIC_END.search(core.replace(MASK, ""))):
        return ONE_SHOT
    if tap_next == "gain":
        return STATIC  # gained on arrival, it states something lasting (このターン、…相手は使えない)
    if clauses and clauses[0].kind == "duration" and _LASTING.search(clauses[0].text.replace(MASK, "").strip()):
        return ONE_SHOT
    if maybe_spell and "この" not in core and _ACTION_END.search(core.replace(MASK, "")):
        return ONE_SHOT
    return STATIC


def _parent_kind(abilities: list[Ability]) -> str:
    for ability in reversed(abilities):
        if ability.opener != "mode":
            return ability.kind if ability.kind != KEYWORD else ONE_SHOT
    return ONE_SHOT


#: 「…タップして次の能力を使ってもよい。」, 「攻撃する代わりに次の能力を使ってもよい」, サイレントスキル
#: (…アンタップするかわりに次の能力を使ってもよい), スリリング・スリー (…次の能力を１回行ってもよい):
#: the next line is an ability used then, a one-shot one (not 「次の能力を得る」)
_NEXT_ABILITY = re.compile(r"次の[\s\u3000]*能力を[\s\u3000]*(?:[0-9０-９]回)?(?P<how>使|行|得)")


def _uses_next_ability(tree: d.CardText, ability: Ability, text: str | None = None) -> str | bool:
    """"use" when the ability uses the next line's (次の能力を使ってもよい, 行ってもよい), "gain"
    when it gains it on arrival (フォートE, O・ドライブ: 次の能力を得る), else False.

    With ``text`` (the parsed text), the ability's own text is made of its leaves only when
    its span (from its first unit to its last) holds 能: a leaf's text is its span of the
    text and what is between leaves is whitespace, so without it the pattern cannot match
    (a text of many lines makes each line's text once, not at all for most)."""
    if text is not None and text.find("能", ability.start, ability.end) < 0:
        m = None
    else:
        m = _NEXT_ABILITY.search("".join(unit.to_source() for unit in ability.units))
    if m is None:
        # a label standing alone on its line (フォートE：グレートメカオー): the next line is what it gives
        if ability.opener == "label" and all(isinstance(u, d.Label) or isinstance(u, d.Sentence) and u.stop is None
                                            and not any(isinstance(n, d.Reminder) for n in u.walk())
                                            for u in ability.units):
            return "gain"
        return False
    return "gain" if m.group("how") == "得" else "use"


def _follows_break(tree: d.CardText, item: d.Node, position: dict[int, int]) -> bool:
    """Whether the text's item ``item`` opens it or follows a line break, ■ or a label
    (``position``: each item's index, by id)."""
    i = position.get(id(item))
    if i is None:
        return False
    return i == 0 or isinstance(tree.items[i - 1], (d.LineBreak, d.AbilityMark, d.Label, Unparsed))
