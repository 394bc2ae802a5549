"""Accounting for a pack's risky words over a card database, text by text: what the
``tagtext coverage`` of a pack that reads word by word (dm-tag-commander's 相手/プレイヤー,
bd-tag's 相手, 味方, ライフ …) is made of, whatever the game.

A pack accounts for each risky word of one text (a rule that rewrote it, a residual, a
clarify-only rule, opaque text, or nothing: *unaccounted*) in an item whose ``marks()`` are
(offset, how); :func:`read` parses every text of a database, counts parse errors and exact
round trips, and collects the items into a :class:`Ledger`, which lists what nothing
accounts for with its sentence. The pack's report (its figures, its summary lines) extends
the ledger.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .errors import ParseError


@dataclass
class Ledger:
    """Every text of a database: how many, which failed to parse, how many print back
    exactly, and each parsed text's account (an item with ``card``, ``field``, ``text``
    and ``marks()``)."""

    texts: int = 0
    parse_errors: list[dict] = field(default_factory=list)
    round_trips: int = 0
    items: list = field(default_factory=list)

    def unaccounted(self) -> list[tuple[object, int]]:
        """(item, offset) of every risky word nothing accounts for."""
        return [(t, pos) for t in self.items for pos, how in t.marks() if not how]

    def unaccounted_json(self) -> list[dict]:
        return [{"card": t.card, "field": t.field, "offset": pos, "sentence": sentence_around(t.text, pos)}
                for t, pos in self.unaccounted()]

    def trouble_lines(self, top: int, what: str) -> list[str]:
        """The unaccounted ``what``, most frequent sentences first, and the parse errors."""
        lines = []
        shapes = Counter(sentence_around(t.text, pos) for t, pos in self.unaccounted())
        if shapes:
            lines.append(f"unaccounted {what} ({sum(shapes.values())}), most frequent sentences first:")
            lines += [f"  {n:3} {s}" for s, n in shapes.most_common(top)]
        for error in self.parse_errors[:top]:
            lines.append(f"  parse error {error['card']} {error['field']}: {error['error']}")
        return lines


def sentence_around(text: str, pos: int) -> str:
    """The sentence (up to 。 or a line break) holding offset ``pos``."""
    start = max(text.rfind("。", 0, pos), text.rfind("\n", 0, pos)) + 1
    ends = [i for i in (text.find("。", pos), text.find("\n", pos)) if i != -1]
    end = min(ends) + 1 if ends else len(text)
    return text[start:end].strip()


def read(pack, database, account, ledger: Ledger) -> Ledger:
    """Every text of ``database`` into ``ledger``: parsed (a parse error noted), printed
    back, and accounted for by ``account(pack, text, card_id, field)``."""
    for card, field_name, text in database.texts():
        ledger.texts += 1
        try:
            tree = pack.parse(text)
        except ParseError as e:
            ledger.parse_errors.append({"card": card.id, "field": field_name, "error": str(e)})
            continue
        ledger.round_trips += tree.to_source() == text
        ledger.items.append(account(pack, text, card.id, field_name))
    return ledger
