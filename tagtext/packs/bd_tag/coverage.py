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
from collections import Counter
from dataclasses import dataclass

from ...accounting import Ledger, read
from ...syntax.unspaced import MASK
from .analysis import analyse
from .rules.as_printed import ALLY, ROLE_RULE, TABLE, TEAM_RESULT
from .rules.team_life import ID as TEAM_LIFE

_RISKY = re.compile(r"相手|味方|(?<!相手)プレイヤー|勝利|敗北|ライフ|レッドゾーン|イエローゾーン")


@dataclass
class TextCoverage:
    card: str
    field: str
    text: str
    changed: bool
    residual: bool
    #: per risky word: (offset, the word, how it is accounted for: a rule id, "residual", "quoted", or "")
    words: list[tuple[int, str, str]]
    rules: tuple[str, ...]

    def marks(self) -> list[tuple[int, str]]:
        return [(pos, how) for pos, _, how in self.words]

    @property
    def risky(self) -> bool:
        return bool(self.words)

    @property
    def accounted(self) -> bool:
        return all(how for _, _, how in self.words)

    @property
    def opponent(self) -> bool:
        return any(word == "相手" for _, word, _ in self.words)


@dataclass
class CoverageReport(Ledger):

    def risky(self) -> list[TextCoverage]:
        return [t for t in self.items if t.risky]

    def figures(self) -> dict:
        risky = self.risky()
        by_how = Counter(how or "UNACCOUNTED" for t in risky for _, _, how in t.words)
        changed_by_rule = Counter(rule for t in self.items for rule in t.rules)
        residual_texts = sum(1 for t in risky if t.residual)
        return {
            "texts": self.texts,
            "parse_error_count": len(self.parse_errors),
            "round_trips": self.round_trips,
            "texts_risky": len(risky),
            "texts_with_opponent": sum(1 for t in risky if t.opponent),
            "texts_accounted": sum(1 for t in risky if t.accounted),
            "texts_rewritten": sum(1 for t in self.items if t.changed),
            "texts_risky_rewritten": sum(1 for t in risky if t.changed),
            "texts_risky_residual": residual_texts,
            "texts_risky_unchanged": sum(1 for t in risky if not t.changed and not t.residual),
            "words": sum(by_how.values()),
            "words_by_account": dict(by_how.most_common()),
            "texts_changed_by_rule": dict(changed_by_rule.most_common()),
        }

    def to_json(self) -> dict:
        return {**self.figures(), "parse_errors": self.parse_errors, "unaccounted": self.unaccounted_json()}

    def summary_lines(self, top: int = 25) -> list[str]:
        f = self.figures()
        lines = [
            f"texts:         {f['texts']}",
            f"parse errors:  {f['parse_error_count']}",
            f"round trips:   {f['round_trips']}/{f['texts']} exact",
            f"rewritten:     {f['texts_rewritten']} texts",
            f"risky words:   {f['texts_risky']} texts ({f['texts_with_opponent']} with 相手), {f['texts_accounted']} "
            f"accounted for ({f['texts_risky_rewritten']} rewritten or noted, {f['texts_risky_residual']} with a "
            f"residual, {f['texts_risky_unchanged']} correctly unchanged)",
            "words by what accounts for them:",
        ]
        lines += [f"  {how:14} {n}" for how, n in f["words_by_account"].items()]
        lines.append("texts changed, by rule:")
        lines += [f"  {rule:14} {n}" for rule, n in f["texts_changed_by_rule"].items()]
        return lines + self.trouble_lines(top, "words")


def account(pack, text: str, card_id: str | None = None, field: str | None = None) -> TextCoverage:
    """What accounts for every risky word of one text (raises ParseError)."""
    result = pack.rewrite(text, card_id, field)
    facts = analyse(pack.parse(text), text, pack.card_type(card_id))
    edits = [(e.start, e.end, e.rules) for e in result.edits]
    residuals = [(r.start, r.end) for r in result.residuals]
    mentions = {m.start: m for m in facts.mentions}
    words: list[tuple[int, str, str]] = []
    for hit in _RISKY.finditer(text):
        pos, word = hit.start(), hit.group()
        edit = next((rules for s, e, rules in edits if s <= pos < e), None)
        if edit:
            how = edit[0]
        elif any(s <= pos < e for s, e in residuals):
            how = "residual"
        elif facts.masked[pos] == MASK:
            how = "quoted"
        else:
            how = _as_printed(word, pos, text, facts, mentions, result)
        words.append((pos, word, how))
    return TextCoverage(card_id or "", field or "", text, result.changed, bool(result.residuals), words,
                        tuple(result.rules))


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
