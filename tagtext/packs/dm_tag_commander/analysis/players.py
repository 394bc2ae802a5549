"""Player phrases: who each 相手 / 自分 / プレイヤー is, and what it owns or does.

Nothing here decides a rule; the rules (``rules/``) read these facts. For every player
word a :class:`Mention` says:

- where it is: its ability, sentence and clause, the clause's kind (trigger, condition,
  duration, effect), and whether it is inside reminder text (never rewritten);
- how it is written: the word after it when they make one phrase (相手|プレイヤー,
  相手|クリーチャー, 相手|自身) and the particle after that (の, は, が, を, に, と, より,
  も, によって …);
- for 相手の…: the phrase it owns (:class:`Owned`): the nouns up to the phrase's particle
  (相手の|パワー2000以下のクリーチャー|を), which of them is a zone (手札, 山札, シールド,
  マナゾーン, 墓地), how many of them an effect takes (すべて, 好きな数, N体, N枚まで) and the
  verb that takes them;
- what the words around it say it is: a turn (相手のターン), an attack or battle (相手
  プレイヤーを攻撃, 相手のクリーチャーが攻撃する時), a card shown (相手に見せ), a count
  (…１体につき, …と同じ枚数), a comparison (相手より多ければ), a game won or lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import wraps

from .. import nodes as d
from .abilities import Ability, SentenceInfo
from .text import MASK

#: particles, longest first (read off the text right after the player word)
_PARTICLE = re.compile(r"(?:によって|により|から|より|には|にも|の|は|が|を|に|と|も|へ|で)")
#: a hiragana run that ends the phrase a 相手の owns (its particle)
_STOP_EXACT = frozenset({"を", "が", "は", "も", "から", "より", "に", "で", "へ", "や", "か", "と"})
_STOP_PREFIX = ("を", "が", "は", "も", "から", "より", "につき", "にある", "には", "に", "と同じ", "とし")

#: nouns a phrase may own, longest first, and what kind of thing each is
NOUNS = (
    ("進化クリーチャー", "creature"), ("クリーチャー", "creature"), ("クロスギア", "creature"), ("ゴッド", "creature"),
    ("フェニックス", "creature"), ("ドラゴン", "creature"),
    ("シールドゾーン", "shield"), ("シールド", "shield"), ("マナゾーン", "mana"), ("手札", "hand"), ("山札", "deck"),
    ("墓地", "grave"), ("バトルゾーン", "battle"), ("呪文", "spell"), ("ターン", "turn"), ("カード", "card"),
    ("文明", "civ"), ("攻撃", "attack"), ("効果", "effect"), ("コスト", "cost"),
)
ZONES = frozenset({"hand", "deck", "shield", "mana", "grave"})
#: the nouns of a phrase, read left to right: at each character the first of NOUNS (the
#: longest first) that starts there, else the next character
_NOUN = re.compile("|".join(re.escape(noun) for noun, _ in NOUNS))
_NOUN_KIND = dict(NOUNS)

_COUNT_WORD = r"(?:\d+|ひとつ|一つ|ひとり|一人)"
_PER_EACH = re.compile(r"^(?:の、)?[^、。]*?" + _COUNT_WORD + r"(?:体|枚|つ|人|種類)?につき")
#: the phrase's number is read (相手のクリーチャーの数, 相手の手札と同じ枚数); not a phrase an effect
#: takes (相手のクリーチャーを|パワーの合計が…になるように好きな数選び: T9b's)
#: a count right before the phrase: one of them per thing counted (…１体につき、相手の…を１体)
_PER_BEFORE = re.compile(_COUNT_WORD + r"(?:体|枚|つ|人|種類)?につき、?(?:バトルゾーンにある、?)?$")
_NUMBER_OF = re.compile(r"^(?![をが])(?:[^、。]*?の(?:数|枚数|合計)|と同じ(?:数|枚数))")
_QUANTITY = re.compile(
    r"^(?!と同じ)(?:を|の)?、?[^、。]{0,24}?(?P<q>好きな数|好きな枚数|すべて|全て|その数|同じ数|同じ枚数"
    r"|(?P<n>\d+|ひとつ|一つ|ひとり)(?P<unit>体|枚|つ|人)?(?P<upto>まで)?(?!の(?:かわり|代わり))(?=[をずかとのまで、。選破タ持見捨ブ]|$))")
_VERB = re.compile(r"(選|破壊|タップ|アンタップ|戻|置|ブレイク|見|捨|バトル|加え|出|唱え|引)")


@dataclass(slots=True)
class Owned:
    """What a 相手の (or 相手クリーチャー) phrase owns: 相手の|パワー2000以下のクリーチャー|を."""

    start: int
    end: int
    #: the nouns of the phrase, in order, as (word, kind)
    nouns: tuple[tuple[str, str], ...]
    #: the particle run that ends it ("を", "が", "はすべて", "にある" …; "" at a clause's end)
    stop: str

    @property
    def zone(self) -> str | None:
        """The first zone the phrase names (hand, deck, shield, mana, grave), if any."""
        for _, kind in self.nouns:  # (a loop: the rules ask it several times of each phrase)
            if kind in ZONES:
                return kind
        return None

    @property
    def head(self) -> str | None:
        """The kind of the phrase's last noun (what it is): creature, hand, turn …"""
        return self.nouns[-1][1] if self.nouns else None

    def kinds(self) -> set[str]:
        return {kind for _, kind in self.nouns}


@dataclass(slots=True)
class Mention:
    """One player word and the facts about it. Made by :func:`mentions` and never changed
    after (not frozen: a frozen class sets each of its fields through a call, per player word
    of the text)."""

    leaf: d.PlayerWord
    #: 相手, 自分 or プレイヤー
    word: str
    ability: int
    sentence: int | None
    clause: int | None
    #: the kind of its clause: trigger, connective, duration, condition, effect (None in a
    #: keyword's reminder)
    clause_kind: str | None
    in_reminder: bool
    #: the word that makes one phrase with it: プレイヤー (相手プレイヤー), クリーチャー
    #: (相手クリーチャー), 自身 (相手自身), or ""
    compound: str
    #: the particle after the phrase: の, は, が, を, に, と, より, も, によって … or ""
    particle: str
    #: the masked text of its sentence before it, and after the phrase (from the particle),
    #: at most :data:`WINDOW` characters of each (every fact is read near the word)
    before: str
    after: str
    #: where the phrase (word and compound) ends
    end: int
    #: what a 相手の / 相手クリーチャー phrase owns
    owned: Owned | None = None
    #: the phrase right before it that makes it part of a larger one: 各, その, いずれかの,
    #: どちらかの, 自分と, 自分または, 相手と …
    lead: str = ""
    #: whether its sentence says 各プレイヤー before it (however far before)
    each_player_before: bool = False
    #: the facts read of it so far (:func:`fact`), by name
    known: dict = field(default_factory=dict, compare=False, repr=False)
    #: the プレイヤー leaf of 相手プレイヤー (compound プレイヤー): a rewrite of the phrase empties it
    player_leaf: d.PlayerWord | None = field(default=None, compare=False, repr=False)

    @property
    def start(self) -> int:
        return self.leaf.start

    @property
    def opponent(self) -> bool:
        return self.word == "相手"


# ----------------------------------------------------------------------------- facts

def fact(read):
    """A fact of a mention, read once and kept on it: the rules ask the same facts of a
    mention again and again (each reads up to :data:`WINDOW` characters around it)."""
    name = read.__name__

    @wraps(read)
    def once(m: Mention):
        value = m.known.get(name, _UNREAD)
        if value is _UNREAD:
            value = m.known[name] = read(m)
        return value
    return once


_UNREAD = object()


# The facts' patterns, compiled once (a fact is read of every mention: ``re.match`` with a
# pattern's text looks it up in re's cache at each call).
_TURN = re.compile(r"^の(?:次の)?ターン")
_ATTACKS_PLAYER = re.compile(r"^(?:を|に|へ|への)攻撃")
_CREATURE_IN_COMBAT = re.compile(r"^(?:の攻撃|が攻撃|がブロック|とバトル|とのバトル|が[^、。]{0,20}?を攻撃"
                                 r"|の攻撃先|に攻撃|をブロック)")
_ATTACKS_OR_BLOCKS = re.compile(r"^が[^、。]{0,24}?(?:攻撃|ブロック)")
_BREAKS_SHIELD = re.compile(r"^をブレイク(?:する|した)(?:時|とき)")
_BREAK_TRIGGER_BEFORE = re.compile(r"ブレイク(?:した|する|される)(?:時|とき)、(?:[^。]*?、)?$")
_THAT_SHIELD = re.compile(r"^は、?(?:かわりに)?そのシールド")
_BROKEN_SHIELD_BEFORE = re.compile(r"ブレイク(?:した|する)シールドを、?$")
_TRIGGER_COMMA = re.compile(r"(?:時|とき|たび)、")
_BREAKS_N = re.compile(r"^を(?:\d+|すべて)(?:枚|つ)?ブレイク")
_SHOWN = re.compile(r"^に(?:手札を)?見せ")
_NUMBER_END = re.compile(r"の(?:数|枚数)$")
_SAME_AS = re.compile(r"^と同じ(?!数|枚数)")
_THE_SIDE = re.compile(r"^の(?:ほう|方)")
_COMPARED_LATER = re.compile(r"^[^、。]{0,16}?(?:より|と同じ(?!数|枚数))")
_GAME_RESULT = re.compile(r"^[はがも]、?(?:[^、。]{0,16}?)ゲームに(?:勝|負|敗北|勝利)")
_WINS_OR_LOSES_WHEN = re.compile(r"^[はが](?:勝つ|負ける|勝利する|敗北する)(?:時|とき)")
_ALL = re.compile(r"すべて|全て")
_N_OF_THEM = re.compile(r"(\d+)(体|枚|つ)(まで)?$")
#: as many as a number read before (その数以下の相手のクリーチャー): matched at the end, so only
#: its longest match's characters are searched (and a line break, which $ allows)
_AS_MANY_BEFORE = re.compile(r"(?:その数|同じ数|同じ枚数)(?:以下|以上)?の$")
_AS_MANY_LONGEST = len("同じ枚数以上の") + 1
_MODIFIES = re.compile(r"^(?:持つ|持っ|含む|[^、。をがは]{1,8}の(?:クリーチャー|カード|呪文)|始まる[^、。]{0,6}を持つ)")


@fact
def team_turn(m: Mention) -> bool:
    """相手のターン, 相手の次のターン, 次の相手のターン: a turn, and turns belong to teams."""
    return bool(_TURN.match(m.after)) or (m.particle == "の" and m.owned is not None
                                                            and m.owned.head == "turn" and len(m.owned.nouns) == 1)


@fact
def attack_on_player(m: Mention) -> bool:
    """相手プレイヤーを攻撃, 相手を攻撃: a creature attacks an opponent (any opponent it chooses)."""
    return bool(_ATTACKS_PLAYER.match(m.after)) and m.compound in ("プレイヤー", "")


def rest_of_phrase(m: Mention) -> str:
    """The masked text of its sentence after the whole phrase (相手の…クリーチャー|が攻撃する時)."""
    if m.compound == "クリーチャー":
        return m.after[len("クリーチャー"):]
    if m.owned is not None and m.owned.end > m.end:
        return m.after[m.owned.end - m.end:]
    return m.after


#: an attack, block or battle right before the phrase (バトルした相手クリーチャー): matched at the
#: end, so only its longest match's characters are searched (and a line break, which $ allows)
_IN_COMBAT_BEFORE = re.compile(r"(?:攻撃|バトル|ブロック)(?:している|した|された|中の)?$")
_IN_COMBAT_LONGEST = len("ブロックしている") + 1


@fact
def in_combat(m: Mention) -> bool:
    """An opponent's creature attacking, blocking or battling, or the opponent attacking or
    blocking: 相手クリーチャーが攻撃する時, 相手のクリーチャーの攻撃によって, バトルした相手
    クリーチャー, 相手がブロックする前に (an opponent's creature breaking a shield is not an
    attack: 自分のシールドを相手のクリーチャーがブレイクした時 is T5's, a static 相手のクリーチャーが
    ブレイクするシールド T4's); your creature breaking the attacked player's shields (このクリーチャーが
    相手のシールドをブレイクする時; 相手はそのシールドを…, the broken shield's owner, which a one-shot
    ability writes その持ち主は: T10)."""
    before = m.before.rstrip("、")
    rest = rest_of_phrase(m)
    creature = m.compound == "クリーチャー" or (m.owned is not None and m.owned.head == "creature")
    if lured(m):
        return False
    if creature and _IN_COMBAT_BEFORE.search(before[-_IN_COMBAT_LONGEST:]):
        return True
    if creature and _CREATURE_IN_COMBAT.match(rest):
        return True
    if m.particle == "が" and _ATTACKS_OR_BLOCKS.match(m.after):
        return True
    if m.owned is not None and m.owned.head == "attack":
        return True
    if m.owned is not None and m.owned.zone == "shield" and _BREAKS_SHIELD.match(rest):
        return True
    return broken_shields_owner(m)


@fact
def broken_shields_owner(m: Mention) -> bool:
    """The owner of the shield being broken: 「…シールドをブレイクする時、相手はそのシールドを…」,
    「…がブレイクしたシールドを、相手は…」 (the break fixed the player; no one to choose)."""
    return m.particle == "は" and bool(
        _BREAK_TRIGGER_BEFORE.search(m.before)
        and _THAT_SHIELD.match(m.after)
        or _BROKEN_SHIELD_BEFORE.search(m.before))


#: a requirement on the opponent's attacking creature, not a trigger on its attack (a static
#: lure, as 「相手の攻撃クリーチャーは、可能であれば…を攻撃する」): the creature is the effect's
_LURE = re.compile(r"^が攻撃する場合、可能(?:なら|であれば)[^、。]*?を攻撃する")


@fact
def lured(m: Mention) -> bool:
    """相手のクリーチャーが攻撃する場合、可能ならこのクリーチャーを攻撃する: the opponent's creature is
    the subject of a requirement (a static lure), not an attack that triggers something."""
    creature = m.compound == "クリーチャー" or (m.owned is not None and m.owned.head == "creature")
    return creature and bool(_LURE.match(rest_of_phrase(m)))


@fact
def breaker(m: Mention) -> bool:
    """このクリーチャーは、相手のシールドをN枚ブレイクする: a breaker (all its breaks on the one
    player it attacks)."""
    return bool(m.owned is not None and m.owned.zone == "shield" and "このクリーチャーは" in m.before
                and not _TRIGGER_COMMA.search(m.before)  # …アンタップした時、…: a trigger's breaks
                and _BREAKS_N.match(rest_of_phrase(m)))


@fact
def shown(m: Mention) -> bool:
    """相手に見せ(て/ず): a card shown to the opponent."""
    return bool(_SHOWN.match(m.after))


@fact
def counted(m: Mention) -> str | None:
    """"per": the phrase is counted one by one (相手のクリーチャー１体につき); "number": its
    number is read (相手のクリーチャーの数, 相手のクリーチャーと同じ枚数); else None."""
    rest = m.after
    if m.owned is not None:
        rest = m.after[m.owned.end - m.end:] if m.owned.end > m.end else m.after
        window = m.after[:max(0, m.owned.end - m.end)]
        if _per_each(window + rest):
            return "per"
        if _number_of(rest) or _NUMBER_END.search(window):
            return "number"
        return None
    if m.compound == "" and _per_each(m.after) and m.particle in ("の",):
        return "per"
    return None


def _per_each(text: str) -> bool:
    """``_PER_EACH`` matches (only where its literal につき is: the pattern would try its
    count word at every character up to a comma)."""
    return "につき" in text and _PER_EACH.match(text) is not None


def _number_of(text: str) -> bool:
    """``_NUMBER_OF`` matches (only where one of its literals is)."""
    return (text.startswith("と同じ") or "の数" in text or "の枚数" in text or "の合計" in text) \
        and _NUMBER_OF.match(text) is not None


@fact
def compared(m: Mention) -> bool:
    """相手より, 相手と同じ, 相手のほうが, 相手の手札が自分の手札より多ければ: the opponent's
    information is compared with yours."""
    if counted(m) == "per":
        return False  # 相手の、選んだ文明と同じ文明のクリーチャー１体につき: a count (T9d's)
    if m.particle == "より" or _SAME_AS.match(m.after) or _THE_SIDE.match(m.after):
        return True
    return bool(m.owned is not None and _COMPARED_LATER.match(m.after[m.owned.end - m.end:]))


@fact
def game_result(m: Mention) -> bool:
    """自分は/相手が ゲームに勝つ, 負ける, 勝利する, 敗北する (and their negatives)."""
    return bool(_GAME_RESULT.match(m.after)
                or _WINS_OR_LOSES_WHEN.match(m.after)
                and "ゲームに" in m.before + m.after)  # …ゲームに負ける時または相手が勝つ時


def in_each_player_sentence(m: Mention) -> bool:
    """相手 in a sentence whose subject is 各プレイヤー (「各プレイヤーは、相手の手札を１枚…」):
    whose opponent is it?"""
    return m.opponent and m.each_player_before


@fact
def selection(m: Mention) -> tuple[object, str]:
    """How many of what the phrase owns an effect takes, and the verb that takes them:
    ("all" | "many" | an int | None, verb stem or "")."""
    if m.owned is None:
        return None, ""
    window = m.after[:max(0, m.owned.end - m.end)]
    rest = m.after[max(0, m.owned.end - m.end):]
    q = None
    if _ALL.search(window):
        q = "all"
    count = _N_OF_THEM.search(window.rstrip("、か"))
    if q is None and count:
        q = int(count.group(1))
        if count.group(3) and q >= 2:
            q = "many"
    if q is None:
        match = _QUANTITY.match(rest)
        if match:
            word = match.group("q")
            if word in ("すべて", "全て"):
                q = "all"
            elif match.group("n"):
                n = match.group("n")
                q = 1 if n in ("ひとつ", "一つ", "ひとり") else int(n)
                if match.group("upto") and q >= 2:
                    q = "many"
            else:
                q = "many"
            rest = rest[match.end():]
    if q is None and m.owned.stop.startswith("は") and m.owned.head in ("creature", "card"):
        q = "all"  # 相手のクリーチャーは…: every one of them
    if q is None and _AS_MANY_BEFORE.search(m.before[-_AS_MANY_LONGEST:]):
        q = "many"
    if isinstance(q, int) and q >= 2:
        q = "many"
    if q == 1 and "につき" in m.before and _PER_BEFORE.search(m.before):
        q = "many"  # …１体につき相手のクリーチャーを１体選ぶ: as many as counted
    verb = _VERB.search(rest[:20])
    return q, verb.group(1) if verb else ""


# ----------------------------------------------------------------------------- finding

def mentions(tree: d.CardText, masked: str, abilities: list[Ability], sentences: list[SentenceInfo],
             text: str | None = None) -> list[Mention]:
    """Every player word of the text, in order, with its facts. With ``text`` (the parsed
    text), a unit is walked only when its span of the text holds a player word (a leaf's
    text is its span of the text, and a player word is 相手, 自分 or プレイヤー)."""
    by_unit: dict[int, tuple[Ability, SentenceInfo | None]] = {}
    for ability in abilities:
        for unit in ability.units:
            by_unit[id(unit)] = (ability, None)
    for info in sentences:
        by_unit[id(info.node)] = (abilities[info.ability], info)
    out: list[Mention] = []
    each_player: dict[tuple[int, int], int] = {}  # (sentence start, end) -> where 各プレイヤー is first
    for unit in tree.items:
        found = by_unit.get(id(unit))
        if found is None:
            continue
        ability, info = found
        if text is not None and not _may_name_a_player(text, unit.start, unit.end):
            continue
        all_leaves, leaves, in_reminder = _leaves_of(unit, text)
        # each leaf's index among those outside reminder text (the same as among all of them
        # in a unit with no reminder, as most are)
        main_index = {id(leaf): j for j, leaf in enumerate(leaves)} if in_reminder else None
        for i, leaf in enumerate(all_leaves):
            if isinstance(leaf, d.PlayerWord):
                inside = bool(in_reminder) and id(leaf) in in_reminder
                k = i if main_index is None else main_index.get(id(leaf))
                out.append(_mention(leaf, all_leaves, i, ability, info, masked, inside, leaves, k, each_player))
    return out


def _may_name_a_player(text: str, start: int, end: int) -> bool:
    return text.find("相手", start, end) >= 0 or text.find("自分", start, end) >= 0 \
        or text.find("プレイヤー", start, end) >= 0


#: how much of its sentence on either side of a player word a mention keeps (``before``,
#: ``after``): the facts read there look a few words away, and the longest sentence of the
#: shipped cards is 170 characters; a text of one endless sentence stays linear
WINDOW = 400


def _leaves_of(unit: d.Node, text: str | None = None) -> tuple[list[d.Leaf], list[d.Leaf], set[int]]:
    """The unit's leaves in text order, those outside reminder text (in order: the same list
    when it has no reminder), and the ids of those inside it: one walk of the unit. (With
    ``text``, the parsed text: a sentence whose span holds no ( or （ has no reminder, the
    only part of a sentence that is no leaf.)"""
    if isinstance(unit, d.Sentence) and (
            (text is not None and text.find("(", unit.start, unit.end) < 0 and text.find("（", unit.start, unit.end) < 0)
            or all(isinstance(part, d.Leaf) for part in unit.parts)):
        every = list(unit.parts)  # a sentence without reminder text: its parts and its 。
        if unit.stop is not None:
            every.append(unit.stop)
        return every, every, set()
    every: list[d.Leaf] = []
    main: list[d.Leaf] = []
    in_reminder: set[int] = set()
    stack: list[tuple[d.Node, bool]] = [(unit, False)]
    while stack:
        node, inside = stack.pop()
        if isinstance(node, d.Leaf):
            every.append(node)
            if inside:
                in_reminder.add(id(node))
            else:
                main.append(node)
            continue
        inside = inside or isinstance(node, d.Reminder)
        stack.extend((child, inside) for child in reversed(tuple(node.children())))
    return every, main, in_reminder


def _mention(leaf: d.PlayerWord, leaves: list[d.Leaf], i: int, ability: Ability, info: SentenceInfo | None,
             masked: str, in_reminder: bool, main: list[d.Leaf], main_at: int | None,
             each_player: dict[tuple[int, int], int]) -> Mention:
    word = leaf.text
    nxt = leaves[i + 1] if i + 1 < len(leaves) else None
    compound = ""
    end = leaf.end
    if word == "相手" and nxt is not None and not nxt.prefix:
        if isinstance(nxt, d.PlayerWord) and nxt.text == "プレイヤー":
            compound, end = "プレイヤー", nxt.end
        elif isinstance(nxt, (d.Word, d.Words)) and nxt.text.startswith("クリーチャー"):
            compound, end = "クリーチャー", leaf.end
        elif isinstance(nxt, (d.Word, d.Words)) and nxt.text.startswith("自身"):
            compound, end = "自身", nxt.start + 2
    if info is not None:
        s_start, s_end = info.start, info.end
    else:
        s_start, s_end = _enclosing(leaves, i)
    if in_reminder:
        s_start, s_end = _reminder_span(leaves, i)
    text = masked
    before = text[max(s_start, leaf.start - WINDOW):leaf.start]
    after_start = end + (len("クリーチャー") if compound == "クリーチャー" else 0)
    after = text[after_start:min(s_end, after_start + WINDOW)]
    first_each = each_player.get((s_start, s_end))
    if first_each is None:
        first_each = each_player[s_start, s_end] = text.find("各プレイヤー", s_start, s_end)
    particle_m = _PARTICLE.match(after)
    particle = particle_m.group() if particle_m else ""
    clause = info.clause_at(leaf.start) if info is not None and not in_reminder else None
    owned = None
    if word == "相手" and not in_reminder and (particle == "の" or compound == "クリーチャー"):
        owned = _owned(main, main_at, after_start, compound)
    lead_m = _LEAD.search(before[-_LEAD_LONGEST:])
    return Mention(leaf, word, ability.index, info.index if info else None, clause.index if clause else None,
                   clause.kind if clause else None, in_reminder, compound, particle, before,
                   after if compound != "クリーチャー" else text[end:min(s_end, end + WINDOW)], end, owned,
                   lead_m.group(1) if lead_m else "", first_each >= 0 and first_each + len("各プレイヤー") <= leaf.start,
                   player_leaf=nxt if compound == "プレイヤー" else None)


#: the phrase right before a player word that makes it part of a larger one (Mention.lead);
#: matched at the end, so only the last few characters are searched (and a line break
#: after them, which $ allows)
_LEAD = re.compile(r"(各|その|いずれかの|どちらかの|自分と|自分または|自分か|相手と|相手または|両)$")
_LEAD_LONGEST = len("いずれかの") + 1


def _enclosing(leaves: list[d.Leaf], i: int) -> tuple[int, int]:
    return leaves[0].start, leaves[-1].end


def _reminder_span(leaves: list[d.Leaf], i: int) -> tuple[int, int]:
    start = i
    while start > 0 and leaves[start - 1].text not in ("(", "（"):
        start -= 1
    end = i
    while end + 1 < len(leaves) and leaves[end + 1].text not in (")", "）"):
        end += 1
    return leaves[start].start, leaves[end].end


def _owned(main: list[d.Leaf], k: int | None, start: int, compound: str) -> Owned | None:
    """The phrase 相手の owns, read leaf by leaf after の (or the クリーチャー of 相手クリーチャー):
    ``k`` is the player word's index in ``main`` (the leaves outside reminder text)."""
    if k is None:
        return None
    j = k + 1
    if compound != "クリーチャー":
        if j >= len(main) or not main[j].text.startswith("の"):
            return None
        first = main[j].text[1:]
        j += 1
        if first:  # "のクリーチャ" is never split; a hiragana run after の ("のほうが") ends it
            return Owned(start + 1, start + 1, (), first)
    words: list[d.Leaf] = []
    stop = ""
    while j < len(main):
        x = main[j]
        if isinstance(x, d.Punct):
            if x.text in "、，､," and not _names_a_noun(words):
                j += 1
                continue  # 相手の、多色ではないクリーチャー; 相手の多色ではない、コスト５以下のクリーチャー
            stop = x.text
            break
        if isinstance(x, d.PlayerWord):
            stop = x.text
            break
        t = x.text
        if _hiragana(t) and t != "の" and (t in _STOP_EXACT or t.startswith(_STOP_PREFIX)):
            if (t == "と" and _noun_then_no(main, j + 1)) or (t in ("を", "が", "で") and _modifies(main, j + 1)):
                words.append(x)
                j += 1
                continue  # 水と闇のクリーチャー; 「ブロッカー」を持つクリーチャー; コストが奇数のクリーチャー
            stop = t
            break
        words.append(x)
        j += 1
    if not words:
        return Owned(start + 1, start + 1, (), stop)
    text = "".join(w.text for w in words)
    nouns = tuple((noun, _NOUN_KIND[noun]) for noun in _NOUN.findall(text))
    return Owned(words[0].start, words[-1].end, nouns, stop)


def _names_a_noun(words: list[d.Leaf]) -> bool:
    text = "".join(w.text for w in words)
    return any(noun in text for noun, _ in NOUNS)


def _modifies(main: list[d.Leaf], j: int) -> bool:
    """Whether the leaves from ``j`` go on modifying a noun: 「…」を|持つ|クリーチャー, コストが|奇数|の|
    クリーチャー, 「…」で|始まる|能力を持つクリーチャー (a relative clause inside the phrase)."""
    text = "".join(x.text for x in main[j:j + 6])
    return bool(_MODIFIES.match(text))


def _hiragana(text: str) -> bool:
    return _HIRAGANA.fullmatch(text) is not None


_HIRAGANA = re.compile("[\u3041-\u309f]*")


def _noun_then_no(main: list[d.Leaf], j: int) -> bool:
    """Whether the leaves from ``j`` are a noun then の (the と of 水と闇の is "and")."""
    return j + 1 < len(main) and not _hiragana(main[j].text) and main[j + 1].text == "の"


def is_mask(ch: str) -> bool:
    return ch == MASK
