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
from dataclasses import dataclass

from ...accounting import Account, Ledger, account_of, covered_by, read
from .analysis import analyse
from .analysis.text import MASK
from .rules import CLARIFY_MODULES

_PLAYER_WORD = re.compile(r"相手|プレイヤー")


@dataclass
class CoverageReport(Ledger):
    what = "phrases"
    column = 12

    def risky_figures(self, players: list[Account]) -> dict:
        residual_texts = sum(1 for t in players if t.residual)
        return {
            "texts_with_players": len(players),
            "texts_accounted": sum(1 for t in players if t.accounted),
            "texts_rewritten": self.rewritten(),
            "texts_with_players_rewritten": sum(1 for t in players if t.changed),
            "texts_with_players_residual": residual_texts,
            "residual_share": round(residual_texts / len(players), 4) if players else 0.0,
        }

    def risky_lines(self, f: dict) -> list[str]:
        return [f"相手/プレイヤー: {f['texts_with_players']} texts, {f['texts_accounted']} accounted for "
                f"({f['texts_with_players_rewritten']} rewritten, {f['texts_with_players_residual']} with a residual: "
                f"{f['residual_share'] * 100:.1f}%)"]


def account(pack, text: str, card_id: str | None = None, field: str | None = None) -> Account:
    """What accounts for every 相手 / プレイヤー of one text (raises ParseError)."""
    result = pack.rewrite(text, card_id, field)
    facts = pack.card_facts(card_id)
    tree = pack.parse(text)
    a = analyse(tree, text, facts.card_type, facts.unbroken)
    covered = covered_by(result)
    by_start = {m.leaf.start: m for m in a.mentions}
    phrases: list[tuple[int, str, str]] = []
    for hit in _PLAYER_WORD.finditer(text):
        pos = hit.start()
        if hit.group() == "プレイヤー" and text[max(0, pos - 2):pos] == "相手":
            continue  # 相手プレイヤー: one phrase, accounted at 相手
        phrases.append((pos, hit.group(), covered(pos) or _as_printed(pos, by_start.get(pos), a)))
    return account_of(result, text, card_id, field, phrases)


def _as_printed(pos: int, m, a) -> str:
    """What accounts for a phrase no edit or residual covers: quoted text or a card name
    (but a phrase of reminder text is its clarify-only rule's), else a clarify-only rule."""
    if a.masked[pos] == MASK and not (m is not None and m.in_reminder):
        return "quoted"
    return _clarify(m, a) if m is not None else ""


def _clarify(m, a) -> str:
    for module in CLARIFY_MODULES:
        if module.claims(m, a):
            return module.ID
    return ""


def coverage(pack, database) -> CoverageReport:
    return read(pack, database, account, CoverageReport())
