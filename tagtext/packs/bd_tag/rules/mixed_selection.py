"""901-2a: several of the opponents' cards chosen at once may belong to different opponents."""

from __future__ import annotations

from ..analysis import SELECTION
from .common import Changes, Context, add_note, mentions, rule_of

ID = "901-2a"
NOTE = "※タッグ戦：両方の相手のものを混ぜて選んでもよい。"


def mixed_selection(tree, ctx: Context):
    """そのようなカードや能力を複数選択する場合、支配者である相手プレイヤーが異なるカードや能力を同時に選ぶ
    ことができます。

    The text stays (901-2: choosing 相手の cards with no player named takes them from either
    opponent); where more than one card can be chosen (a count of 2 or more, 好きな数, or a
    count per item 「…につき」 before the choice) the note 「※タッグ戦：両方の相手のものを混ぜて
    選んでもよい。」 follows the ability (BD-NOTES 8, 12); one note per ability. A single
    choice is 901-2's, unchanged, no note."""
    changes = Changes(ID)
    for ability in ctx.facts.abilities:
        chosen = mentions(ctx, ability, SELECTION)
        for m in chosen:
            ctx.claim(m, ID if m.several else "901-2")
        if any(m.several for m in chosen):
            add_note(changes, ctx, ability, NOTE)
    return changes.apply(tree)


RULE = rule_of(ID, mixed_selection, "Several of the opponents' cards may be chosen from both", "相手の",
               ("相手のユニット2体を対象とし、それを破壊する",
                "相手のユニット2体を対象とし、それを破壊する\n※タッグ戦：両方の相手のものを混ぜて選んでもよい。"))
