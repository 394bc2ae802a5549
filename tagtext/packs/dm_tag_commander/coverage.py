"""How much of a Duel Masters database the pack understands (``tagtext coverage``).

For every text: does it parse, does it print back byte for byte; and for every player
phrase 相手 / プレイヤー in it, what accounts for it:

- a rule that rewrote it (an edit covers it), or a note;
- a residual (reported, left as printed);
- a clarify-only rule (``rules.CLARIFY``: a turn, an attack, a card shown, one card chosen,
  every player, reminder text …), which says so in its ``claims``;
- quoted text or a card name (opaque: 「…」, 《…》);
- nothing: *unaccounted*, listed with its sentence, most frequent shapes first.

A text "containing 相手 or プレイヤー" is accounted for when every such phrase in it is.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ...accounting import Ledger, read, sentence_around
from .analysis import analyse
from .analysis.text import MASK
from .rules import CLARIFY_MODULES

_PLAYER_WORD = re.compile(r"相手|プレイヤー")


@dataclass
class TextCoverage:
    card: str
    field: str
    text: str
    changed: bool
    residual: bool
    #: per phrase: (offset, how it is accounted for: a rule id, "residual", "quoted", or "")
    phrases: list[tuple[int, str]]
    rules: tuple[str, ...]

    def marks(self) -> list[tuple[int, str]]:
        return self.phrases

    @property
    def has_players(self) -> bool:
        return bool(self.phrases)

    @property
    def accounted(self) -> bool:
        return all(how for _, how in self.phrases)


@dataclass
class CoverageReport(Ledger):

    def with_players(self) -> list[TextCoverage]:
        return [t for t in self.items if t.has_players]

    def figures(self) -> dict:
        players = self.with_players()
        by_how = Counter(how or "UNACCOUNTED" for t in players for _, how in t.phrases)
        changed_by_rule = Counter(rule for t in self.items for rule in t.rules)
        residual_texts = sum(1 for t in players if t.residual)
        return {
            "texts": self.texts,
            "parse_error_count": len(self.parse_errors),
            "round_trips": self.round_trips,
            "texts_with_players": len(players),
            "texts_accounted": sum(1 for t in players if t.accounted),
            "texts_rewritten": sum(1 for t in self.items if t.changed),
            "texts_with_players_rewritten": sum(1 for t in players if t.changed),
            "texts_with_players_residual": residual_texts,
            "residual_share": round(residual_texts / len(players), 4) if players else 0.0,
            "phrases": sum(by_how.values()),
            "phrases_by_account": dict(by_how.most_common()),
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
            f"相手/プレイヤー: {f['texts_with_players']} texts, {f['texts_accounted']} accounted for "
            f"({f['texts_with_players_rewritten']} rewritten, {f['texts_with_players_residual']} with a residual: "
            f"{f['residual_share'] * 100:.1f}%)",
            "phrases by what accounts for them:",
        ]
        lines += [f"  {how:12} {n}" for how, n in f["phrases_by_account"].items()]
        lines.append("texts changed, by rule:")
        lines += [f"  {rule:12} {n}" for rule, n in f["texts_changed_by_rule"].items()]
        return lines + self.trouble_lines(top, "phrases")


def account(pack, text: str, card_id: str | None = None, field: str | None = None) -> TextCoverage:
    """What accounts for every 相手 / プレイヤー of one text (raises ParseError)."""
    result = pack.rewrite(text, card_id, field)
    facts = pack.card_facts(card_id)
    tree = pack.parse(text)
    a = analyse(tree, text, facts.card_type, facts.unbroken)
    edits = [(e.start, e.end, e.rules) for e in result.edits]
    residuals = [(r.start, r.end) for r in result.residuals]
    by_start = {m.leaf.start: m for m in a.mentions}
    phrases: list[tuple[int, str]] = []
    for hit in _PLAYER_WORD.finditer(text):
        pos = hit.start()
        if hit.group() == "プレイヤー" and text[max(0, pos - 2):pos] == "相手":
            continue  # 相手プレイヤー: one phrase, accounted at 相手
        how = ""
        edit = next((rules for s, e, rules in edits if s <= pos < e), None)
        if edit:
            how = edit[0]
        elif any(s <= pos < e for s, e in residuals):
            how = "residual"
        elif a.masked[pos] == MASK and pos in by_start and by_start[pos].in_reminder:
            how = _clarify(by_start[pos], a)
        elif a.masked[pos] == MASK:
            how = "quoted"
        elif pos in by_start:
            how = _clarify(by_start[pos], a)
        phrases.append((pos, how))
    return TextCoverage(card_id or "", field or "", text, result.changed, bool(result.residuals), phrases,
                        tuple(result.rules))


def _clarify(m, a) -> str:
    for module in CLARIFY_MODULES:
        if module.claims(m, a):
            return module.ID
    return ""


def coverage(pack, database) -> CoverageReport:
    return read(pack, database, account, CoverageReport())
