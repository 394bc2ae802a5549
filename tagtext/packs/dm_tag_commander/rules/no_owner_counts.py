"""T8: a count with no owner counts yours and one opponent's."""

from __future__ import annotations

import re

from . import triggers
from .common import Changes, Context, rule_of
from .one_opponent_counts import _COST_REDUCTION

ID = "T8"

_OWNER = r"(?:自分|相手|各|その|この|それ|プレイヤー|持ち主|選んだ|他の)"
#: (バトルゾーン/マナゾーン/墓地)にある…1体/1枚につき, or …の数, with no owner in between
_ZONE_COUNT = re.compile(
    r"(?<!の)(?<!自分)(?<!相手)(?:バトルゾーン|マナゾーン|墓地|シールドゾーン)(?P<at>にある)(?P<np>(?:(?!" + _OWNER
    + r")[^、。])*?)(?:(?:\d+|ひとつ)(?:体|枚|つ)?につき|の(?:数|枚数)(?!以))")
#: すべてのマナゾーン (D-2), すべての墓地 …
_ALL_ZONES = re.compile(r"(?P<all>すべての)(?:マナゾーン|墓地|バトルゾーン|シールドゾーン)[^、。]*?(?:(?:\d+|ひとつ)(?:体|枚|つ)?につき"
                        r"|の(?:数|枚数|合計))")


def no_owner_counts(tree, ctx: Context):
    """A count with no owner: (バトルゾーン/マナゾーン/墓地)にある…1体/1枚につき; すべてのマナゾーン
    (D-2) → 「…にある、自分と相手1人の…」; すべての → 自分と相手1人の.

    Seed (《ボントボルト》): 「自分であれ相手であれ、何かしらの情報を参照し効果が決定する能力の場合は、
    全体を参照せず、自分あるいは任意の相手プレイヤー、またはその両方の情報を参照し効果を決定します」.
    A count over a zone that names no owner counts yours and one opponent's; 「すべてのマナゾーン」
    (D-2) and the other 「すべての」 zones likewise. D-4: in a static ability other than a cost
    reduction, rewritten and reported as a residual."""
    changes = Changes(ID)
    a = ctx.analysis
    one = ctx.one()
    for info in a.sentences:
        if a.abilities[info.ability].kind == "keyword":
            continue
        hits = []
        for m in _ZONE_COUNT.finditer(a.masked, info.start, info.end):
            hits.append((m.start("at"), m.end("at"), "at"))
        for m in _ALL_ZONES.finditer(a.masked, info.start, info.end):
            hits.append((m.start("all"), m.end("all"), "all"))
        for start, end, kind in hits:
            if ctx.protected_at(start):
                continue
            leaf = _leaf_at(info.node, start, end, kind)
            if leaf is None:
                continue
            if kind == "at":
                changes.append_after(leaf, f"、自分と相手{one}人の")
            else:
                changes.replace(leaf, f"自分と相手{one}人の" + leaf.text[len("すべての"):])
            if a.abilities[info.ability].kind == "static" and not _COST_REDUCTION.search(info.text):
                ctx.report(info.start, info.end, ID, "a lasting count of your and one opponent's cards (D-4): who "
                           "picks that opponent, and when, is the organiser's ruling")
    return changes.apply(tree)


def _leaf_at(node, start: int, end: int, kind: str):
    """The leaf にある (to write after), or the leaf that opens with すべての (to replace)."""
    for leaf in node.leaves():
        if leaf.start == start:
            if kind == "at":
                return leaf if leaf.end == end else None
            return leaf if leaf.text.startswith("すべての") else None
    return None


def could_apply(low: str) -> bool:
    """The trigger (:mod:`.triggers`): on a line read as the analysis masks it, in a stretch
    with no 、。, a zone's …にある followed by a count with no owner word starting in between
    (_ZONE_COUNT but what it says of the character before the zone), or すべての + a zone with
    a count word after it (_ALL_ZONES); or, on a line that cannot be read without parsing,
    their words. Read in one pass (:func:`_counted_zone`)."""
    for line in triggers.lines(low, "ゾーン") + triggers.lines(low, "墓地"):
        if not _counted_zone(line, owners=False):
            continue
        seen = triggers.masked_line(line)
        if seen is None or _counted_zone(seen, owners=True):
            return True
    return False


_ZONE_AT = re.compile(r"(?:バトルゾーン|マナゾーン|墓地|シールドゾーン)にある")
_EVERY_ZONE = re.compile(r"すべての(?:マナゾーン|墓地|バトルゾーン|シールドゾーン)")
_SUMMED = re.compile(r"につき|の数|の枚数|の合計")
_STRETCH_CUT = re.compile(r"[、。]")
#: where each count of _ZONE_COUNT starts, and where each owner word starts (zero-width: every
#: start, overlapping ones too)
_COUNT_STARTS = re.compile(r"(?=(?:\d+|ひとつ)(?:体|枚|つ)?につき|の(?:数|枚数)(?!以))")
_OWNER_STARTS = re.compile("(?=" + _OWNER + ")")
_OPEN, _COUNT, _OWNER_WORD = 0, 1, 2


def _counted_zone(line: str, owners: bool) -> bool:
    """Whether a stretch of ``line`` holds a zone's …にある with a count after it and (with
    ``owners``) no owner word starting from the end of …にある to the count's start; or
    すべての + a zone with a count word after it."""
    for stretch in _STRETCH_CUT.split(line):
        every = _EVERY_ZONE.search(stretch)
        if every is not None and _SUMMED.search(stretch, every.end()):
            return True
        if _ZONE_AT.search(stretch) is None:
            continue
        events = [(m.end(), _OPEN) for m in _ZONE_AT.finditer(stretch)]
        events += [(m.start(), _COUNT) for m in _COUNT_STARTS.finditer(stretch)]
        if owners:
            events += [(m.start(), _OWNER_WORD) for m in _OWNER_STARTS.finditer(stretch)]
        # at one position: a zone's end opens, then a count is read, then an owner word closes
        # (an owner word starting at the count is not between them)
        opened = False
        for _, kind in sorted(events):
            if kind == _OPEN:
                opened = True
            elif kind == _COUNT and opened:
                return True
            elif kind == _OWNER_WORD:
                opened = False
    return False


RULE = rule_of(ID, no_owner_counts, "A count with no owner counts yours and one opponent's", could_apply,
               ("このクリーチャーの召喚コストを、バトルゾーンにあるクリーチャー1体につき1少なくする。ただし、コストは0以下にならない。",
                "このクリーチャーの召喚コストを、バトルゾーンにある、自分と相手1人のクリーチャー1体につき1少なくする。ただし、コストは0以下にならない。"))
