"""T12 (note): a trigger on 「他のクリーチャー」 sees every player's creatures."""

from __future__ import annotations

import re

from . import triggers
from .common import Changes, Context, rule_of
from .notes import add_note

ID = "T12"
NOTE = "※DTC：味方や相手のクリーチャーでも誘発する。"
_OTHER = re.compile(r"^他の[^、。]*?クリーチャーが")


def note_other_creatures(tree, ctx: Context):
    """(^/、)他のクリーチャーが…時/たび (seed: 《ミスト・リエス》) → note 「※DTC：味方や相手の
    クリーチャーでも誘発する。」

    Seed: 「《ミスト・リエス》は誘発条件が「他のクリーチャーが出ること」とだけ定義されているので、これ
    以外の全てのクリーチャーがバトルゾーンに出たタイミングで効果を誘発します」. A trigger clause that
    opens with 他の…クリーチャー (not 自分の他の…: T13)."""
    changes = Changes(ID)
    a = ctx.analysis
    for ability in a.abilities:
        if ability.kind == "keyword":
            continue
        for index in ability.sentences:
            if any(c.kind == "trigger" and _OTHER.match(c.text.lstrip(" \u3000〓"))
                   for c in a.sentences[index].clauses):
                add_note(changes, ctx, ability, NOTE)
                break
    return changes.apply(tree)


def could_note(low: str) -> bool:
    """The trigger (:mod:`.triggers`): _OTHER's words on one line, 他の before クリーチャーが; a
    clause never opens right after の (自分の他のクリーチャー is T13's), and a keyword or a
    label never ends with it."""
    for line in triggers.lines(low, "他の"):
        first = _OPENS_OTHER.search(line)
        if first is not None and line.find("クリーチャーが", first.end()) >= 0:
            return True
    return False


_OPENS_OTHER = re.compile(r"(?<!の)他の")


RULE = rule_of(ID, note_other_creatures, "「他のクリーチャー」 triggers on every player's creatures (note)", could_note,
               ("他のクリーチャーがバトルゾーンに出た時、カードを1枚引いてもよい。",
                "他のクリーチャーがバトルゾーンに出た時、カードを1枚引いてもよい。\n※DTC：味方や相手のクリーチャーでも誘発する。"))
