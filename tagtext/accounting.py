"""Accounting for a pack's risky words over a card database, text by text: what the
``tagtext coverage`` of a pack that reads word by word (dm-tag-commander's 相手/プレイヤー,
bd-tag's 相手, 味方, ライフ …) is made of, whatever the game.

A pack accounts for each risky word of one text in an :class:`Account` (for each word: a
rule that rewrote it, a residual, a clarify-only rule, opaque text, or nothing:
*unaccounted*); :func:`covered_by` says what the rewrite itself accounts for (an edit's
rule, a residual), the pack the rest. :func:`read` parses every text of a database, counts
parse errors and exact round trips, and collects the accounts into a :class:`Ledger`, which
lists what nothing accounts for with its sentence and builds the report: its figures and
summary lines, around the pack's own counts of the texts with risky words
(``risky_figures``, ``risky_lines``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import field
from typing import ClassVar

from .errors import ParseError
from .records import record


@record
class Account:
    """One text's account: for each risky word, its offset, the word, and how it is accounted
    for (a rule id, "residual", "quoted", … or "": unaccounted)."""

    card: str
    field: str
    text: str
    changed: bool
    residual: bool
    words: list[tuple[int, str, str]]
    #: the rules that changed the text
    rules: tuple[str, ...]

    def marks(self) -> list[tuple[int, str]]:
        return [(pos, how) for pos, _, how in self.words]

    @property
    def risky(self) -> bool:
        return bool(self.words)

    @property
    def accounted(self) -> bool:
        return all(how for _, _, how in self.words)


def account_of(result, text: str, card_id: str | None, field_name: str | None,
               words: list[tuple[int, str, str]]) -> Account:
    """The account of ``text`` rewritten as ``result``, its risky ``words`` accounted for."""
    return Account(card_id or "", field_name or "", text, result.changed, bool(result.residuals), words,
                   tuple(result.rules))


def covered_by(result) -> Callable[[int], str]:
    """What the rewrite ``result`` accounts for at an offset: the first rule of the edit
    covering it, "residual" inside a residual, else ""."""
    edits = [(e.start, e.end, e.rules) for e in result.edits]
    residuals = [(r.start, r.end) for r in result.residuals]

    def how(pos: int) -> str:
        rules = next((rules for s, e, rules in edits if s <= pos < e), None)
        if rules:
            return rules[0]
        return "residual" if any(s <= pos < e for s, e in residuals) else ""

    return how


@record
class Ledger:
    """Every text of a database: how many, which failed to parse, how many print back
    exactly, and each parsed text's account (an item with ``card``, ``field``, ``text``
    and ``marks()``)."""

    texts: int = 0
    parse_errors: list[dict] = field(default_factory=list)
    round_trips: int = 0
    items: list = field(default_factory=list)

    #: what the report calls the risky words ("words", "phrases"), and the width of their
    #: accounts' column in the summary
    what: ClassVar[str] = "words"
    column: ClassVar[int] = 14

    def risky(self) -> list[Account]:
        """The accounts of the texts holding a risky word."""
        return [t for t in self.items if t.risky]

    def unaccounted(self) -> list[tuple[object, int]]:
        """(item, offset) of every risky word nothing accounts for."""
        return [(t, pos) for t in self.items for pos, how in t.marks() if not how]

    def unaccounted_json(self) -> list[dict]:
        return [{"card": t.card, "field": t.field, "offset": pos, "sentence": sentence_around(t.text, pos)}
                for t, pos in self.unaccounted()]

    def rewritten(self) -> int:
        """How many texts the rules changed."""
        return sum(1 for t in self.items if t.changed)

    def risky_figures(self, risky: list[Account]) -> dict:
        """The pack's counts of the texts with risky words (``risky``), in the figures' order."""
        raise NotImplementedError

    def risky_lines(self, figures: dict) -> list[str]:
        """The pack's summary lines of those counts."""
        raise NotImplementedError

    def figures(self) -> dict:
        risky = self.risky()
        by_how = Counter(how or "UNACCOUNTED" for t in risky for _, how in t.marks())
        changed_by_rule = Counter(rule for t in self.items for rule in t.rules)
        return {
            "texts": self.texts,
            "parse_error_count": len(self.parse_errors),
            "round_trips": self.round_trips,
            **self.risky_figures(risky),
            self.what: sum(by_how.values()),
            f"{self.what}_by_account": dict(by_how.most_common()),
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
            f"rewritten:     {self.rewritten()} texts",
            *self.risky_lines(f),
            f"{self.what} by what accounts for them:",
        ]
        lines += [f"  {how:{self.column}} {n}" for how, n in f[f"{self.what}_by_account"].items()]
        lines.append("texts changed, by rule:")
        lines += [f"  {rule:{self.column}} {n}" for rule, n in f["texts_changed_by_rule"].items()]
        return lines + self.trouble_lines(top, self.what)

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
