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
from dataclasses import dataclass, field

from ...errors import ParseError
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
class CoverageReport:
    texts: int = 0
    parse_errors: list[dict] = field(default_factory=list)
    round_trips: int = 0
    items: list[TextCoverage] = field(default_factory=list)

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

    def unaccounted(self) -> list[tuple[TextCoverage, int]]:
        return [(t, pos) for t in self.items for pos, _, how in t.words if not how]

    def to_json(self) -> dict:
        return {**self.figures(), "parse_errors": self.parse_errors,
                "unaccounted": [{"card": t.card, "field": t.field, "offset": pos, "sentence": _sentence(t.text, pos)}
                                for t, pos in self.unaccounted()]}

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
        shapes = Counter(_sentence(t.text, pos) for t, pos in self.unaccounted())
        if shapes:
            lines.append(f"unaccounted words ({sum(shapes.values())}), most frequent sentences first:")
            lines += [f"  {n:3} {s}" for s, n in shapes.most_common(top)]
        for error in self.parse_errors[:top]:
            lines.append(f"  parse error {error['card']} {error['field']}: {error['error']}")
        return lines


def _sentence(text: str, pos: int) -> str:
    start = max(text.rfind("。", 0, pos), text.rfind("\n", 0, pos)) + 1
    ends = [i for i in (text.find("。", pos), text.find("\n", pos)) if i != -1]
    end = min(ends) + 1 if ends else len(text)
    return text[start:end].strip()


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
    report = CoverageReport()
    for card, field_name, text in database.texts():
        report.texts += 1
        try:
            tree = pack.parse(text)
        except ParseError as e:
            report.parse_errors.append({"card": card.id, "field": field_name, "error": str(e)})
            continue
        report.round_trips += tree.to_source() == text
        report.items.append(account(pack, text, card.id, field_name))
    return report
