"""How much of a Build Divide card table the pack understands (``tagtext coverage``).

For every text: does it parse, does it print back byte for byte; and for every *risky
word* in it (相手, 味方, プレイヤー, ゲームやバトルの勝利/敗北, ライフ/レッドゾーン/イエローゾーン),
what accounts for it:

- a rule that rewrote it (an edit covers it);
- a residual (reported, left as printed);
- a clarify-only rule (``rules.CLARIFY``): a 相手 in a trigger condition (201-4), one
  already naming its opponent or the team (102), the controller of a card chosen (901-2),
  味方 (102-2), a game won or lost (103), a battle (601);
- the team's life (302): a text that reads it got 302's note; one that only puts a card
  there reads nothing (``302 (no read)``);
- quoted text, a name, a 【】 or reminder text (opaque);
- nothing: *unaccounted*, listed with its sentence.

A text holding a risky word is accounted for when every one of its risky words is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...accounting import Account, Ledger, account_of, covered_by, read
from ...syntax.unspaced import MASK
from .analysis import analyse
from .rules.as_printed import ALLY, ROLE_RULE, TABLE, TEAM_RESULT
from .rules.team_life import ID as TEAM_LIFE

_RISKY = re.compile(r"相手|味方|(?<!相手)プレイヤー|勝利|敗北|ライフ|レッドゾーン|イエローゾーン")


@dataclass
class CoverageReport(Ledger):
    what = "words"
    column = 14

    def risky_figures(self, risky: list[Account]) -> dict:
        return {
            "texts_risky": len(risky),
            "texts_with_opponent": sum(1 for t in risky if any(word == "相手" for _, word, _ in t.words)),
            "texts_accounted": sum(1 for t in risky if t.accounted),
            "texts_rewritten": self.rewritten(),
            "texts_risky_rewritten": sum(1 for t in risky if t.changed),
            "texts_risky_residual": sum(1 for t in risky if t.residual),
            "texts_risky_unchanged": sum(1 for t in risky if not t.changed and not t.residual),
        }

    def risky_lines(self, f: dict) -> list[str]:
        return [f"risky words:   {f['texts_risky']} texts ({f['texts_with_opponent']} with 相手), {f['texts_accounted']} "
                f"accounted for ({f['texts_risky_rewritten']} rewritten or noted, {f['texts_risky_residual']} with a "
                f"residual, {f['texts_risky_unchanged']} correctly unchanged)"]


def account(pack, text: str, card_id: str | None = None, field: str | None = None) -> Account:
    """What accounts for every risky word of one text (raises ParseError)."""
    result = pack.rewrite(text, card_id, field)
    facts = analyse(pack.parse(text), text, pack.card_type(card_id))
    covered = covered_by(result)
    mentions = {m.start: m for m in facts.mentions}
    words: list[tuple[int, str, str]] = []
    for hit in _RISKY.finditer(text):
        pos, word = hit.start(), hit.group()
        how = covered(pos)
        if not how:
            how = "quoted" if facts.masked[pos] == MASK else _as_printed(word, pos, text, facts, mentions, result)
        words.append((pos, word, how))
    return account_of(result, text, card_id, field, words)


def _as_printed(word: str, pos: int, text: str, facts, mentions: dict, result) -> str:
    """The clarify-only rule (or the note) that accounts for a risky word no edit covers."""
    if word == "相手":
        m = mentions.get(pos)
        return ROLE_RULE.get(m.role, "") if m is not None else ""
    if word == "味方":
        return ALLY.id
    if word in ("勝利", "敗北"):
        before = text[max(0, pos - 4):pos]
        return TEAM_RESULT.id if before.endswith("ゲームに") else TABLE.id if before.endswith("バトルに") else ""
    if word in ("ライフ", "レッドゾーン", "イエローゾーン"):
        ability = next((a for a in facts.abilities if a.start <= pos < a.end), None)
        if ability is not None and ability.reads_life:
            return TEAM_LIFE if TEAM_LIFE in result.rules else ""
        return f"{TEAM_LIFE} (no read)"
    return ""


def coverage(pack, database) -> CoverageReport:
    return read(pack, database, account, CoverageReport())
