"""T6 (note): a one-shot effect on creatures with no owner includes your teammates' creatures."""

from __future__ import annotations

import re

from . import triggers
from .common import Changes, Context, rule_of
from .notes import add_note

ID = "T6"
NOTE = "※DTC：味方のクリーチャーも含む。"
#: what names whose creatures (or from where): no note then
_OWNED = re.compile(r"自分|相手|各|この|その|それ|これ|選んだ|選ばれた|プレイヤー|持ち主の(?:手札|墓地|マナゾーン)から|自身|同じ名前"
                    r"|攻撃クリーチャー|ブロックした|ブロックされた|バトルした|攻撃している")
#: creatures an effect takes with no owner: …クリーチャーをすべて / を1体選び / すべてのクリーチャー /
#: クリーチャーは…できない
_TAKES = re.compile(r"(?:すべての[^、。を]*?クリーチャー|クリーチャー(?:をすべて|すべて|を\d+体|を好きな数|は[^、。]*?(?:できない|できず)"
                    r"|のパワーは"
                    r"|を[^、。]{0,12}?(?:選|破壊|タップ|戻)))")


#: words that name no owner though they hold この/その/それ: a time (このターン, そのターン中), a
#: comparison (このクリーチャーより, それより), a race or civilisation chosen (その種族, その文明)
_NOT_AN_OWNER = re.compile(r"(?:この|その)ターン中?|(?:この|その)クリーチャーより|それより|これより|その(?:種族|文明)")

#: a clause that stops every creature (no owner, no source): クリーチャーは攻撃できず
_STOPS_ALL = re.compile(r"^(?:他の)?クリーチャーは[^、。]*?(?:できない|できず)$")

#: a card picked: カードを１枚選び
_PICKS_A_CARD = re.compile(r"カードを\d+枚(?:まで)?選")


def every_creature(ctx: Context, info) -> bool:
    """A sentence whose effect takes creatures and names no owner or source (no 自分, 相手,
    その中から …): the clauses from where its effect starts."""
    effect = "、".join(c.text for c in info.clauses[info.effect:] if c.kind != "trigger")
    if bool(effect) and bool(_TAKES.search(effect)) and not _OWNED.search(_NOT_AN_OWNER.sub("", effect)):
        return True
    # a clause of its own that stops every creature, in a sentence that names players elsewhere
    # (…相手のチームはゲームに勝たず、このターン中クリーチャーは攻撃できず、…)
    clauses = [_NOT_AN_OWNER.sub("", c.text).strip() for c in info.clauses[info.effect:]]
    if any(_STOPS_ALL.match(c) and not _OWNED.search(c) for c in clauses):
        return True
    # a card picked from the battle zone, with no owner, or from a player's mana zone
    # (バトルゾーンか、どちらかのプレイヤーのマナゾーンからカードを１枚選び): a creature of any player's
    return bool(clauses) and clauses[0].startswith(("バトルゾーンか", "バトルゾーンから")) and bool(_PICKS_A_CARD.search(effect))


def note_every_creature(tree, ctx: Context):
    """One-shot effect on creatures with no owner (クリーチャーをすべて…, すべてのクリーチャー,
    クリーチャーは…できない; seed: 《ミリオン・スピア》) → note 「※DTC：味方のクリーチャーも含む。」

    Seed: 「《ミリオン・スピア》は対象の記載がないので全てのプレイヤーが影響を受けます」 (and 《メガ・マグマ・
    ドラゴン》's 「チームメイトのクリーチャーが吹っ飛んでしまうことに注意してくださいw」). Also an effect
    that chooses among creatures with no owner (バトルゾーンにあるクリーチャーを１体選び): a teammate's
    creature can be chosen."""
    changes = Changes(ID)
    a = ctx.analysis
    for ability in a.abilities:
        if ability.kind != "one-shot":
            continue
        if any(every_creature(ctx, a.sentences[index]) for index in ability.sentences):
            add_note(changes, ctx, ability, NOTE)
    return changes.apply(tree)


def could_note(low: str) -> bool:
    """The trigger (:mod:`.triggers`): whether :func:`every_creature` could hold for a sentence
    of the text: on a line with クリーチャー, read as the analysis masks it, a run of stretches
    naming no owner where _TAKES (or 「クリーチャーは…できない」, _STOPS_ALL after _NOT_AN_OWNER
    are taken out) matches, or a line that cannot be read without parsing; or a card picked
    (_PICKS_A_CARD: the third reading)."""
    if "クリーチャー" not in low:
        return False
    if _PICKS_A_CARD.search(low):
        return True
    for line in triggers.lines(low, "クリーチャー"):
        seen = triggers.masked_line(line)
        if seen is None:
            return True
        for run in triggers.runs_without(seen, _names_owner):
            if "クリーチャー" in run and (_takes(run) or _stops(_NOT_AN_OWNER.sub("", run))):
                return True
    return False


def could_note_on_line(low: str) -> bool:
    """:func:`could_note` for one line of a text (the pack's ``parts``): a card picked
    (the third reading of :func:`every_creature`, read in one sentence) needs no クリーチャー
    on its line, only somewhere in the text."""
    return _PICKS_A_CARD.search(low) is not None or could_note(low)


def _names_owner(stretch: str) -> bool:
    return _OWNED.search(_NOT_AN_OWNER.sub("", stretch)) is not None


#: _TAKES' alternatives of bounded length
_TAKES_NEAR = re.compile(r"クリーチャー(?:をすべて|すべて|を\d+体|を好きな数|のパワーは|を[^、。]{0,12}?(?:選|破壊|タップ|戻))")
_CLAUSE_CUT = re.compile(r"[、。]")


def _takes(run: str) -> bool:
    """Whether _TAKES matches in ``run``, in one pass (its unbounded alternatives, すべての…
    クリーチャー and クリーチャーは…できない, read as: the first of the words in a stretch
    with no 、。 (nor を), the second after it)."""
    if _TAKES_NEAR.search(run):
        return True
    for part in _CLAUSE_CUT.split(run):
        if _after(part, "クリーチャーは", ("できない", "できず")):
            return True
        if "すべての" in part and any(_after(piece, "すべての", ("クリーチャー",)) for piece in part.split("を")):
            return True
    return False


def _stops(run: str) -> bool:
    """Whether _STOPS_ALL's 「クリーチャーは…できない」 is in ``run`` (in one pass, as :func:`_takes`)."""
    return any(_after(part, "クリーチャーは", ("できない", "できず")) for part in _CLAUSE_CUT.split(run))


def _after(text: str, first: str, then: tuple[str, ...]) -> bool:
    """Whether one of ``then`` follows ``first`` in ``text``."""
    at = text.find(first)
    return at >= 0 and any(text.find(word, at + len(first)) >= 0 for word in then)


RULE = rule_of(ID, note_every_creature, "Creatures with no owner include your teammates' (note)", could_note,
               ("パワー4000以下のクリーチャーをすべて破壊する。", "パワー4000以下のクリーチャーをすべて破壊する。\n※DTC：味方のクリーチャーも含む。"))
