"""How much of a card database the grammar understands.

Two things the Tag Tamer rules act on are counted independently of the grammar, by a
plain scan of the raw text, and then looked up in the syntax tree:

- numerals: every run of digits (the ``160`` of a ``&#160;`` entity is not a numeral).
  A numeral is *classified* when it sits in a Number that a typed phrase owns (a
  comparison, a quantity, DP, a level, a cost, a keyword's parameter, ...) or inside a
  typed name (a card name like ``[Shoutmon X4]``, a label, a header tag like
  ``[Assembly -2]``). A bare Number in a sentence is not.
- player references: every ``you``, ``your``, ``yours``, ``yourself``, ``opponent(s)``,
  ``player(s)``, possessives included. One is *classified* when it sits in a PlayerRef
  (``your opponent's``, ``both players'``, ``either player`` ...) or in a typed label
  (``[Opponent's Turn]``). The numeral of "1 player" is part of its player reference.

An *unexplained sentence* is one holding a numeral or player reference that no typed node
explains (a gap in the grammar; not a *residual*, which is text a rule covers but cannot
rewrite, reported by the conversion). Unexplained sentences are grouped by shape (the
sentence with numbers written N) and listed most frequent first, with their cards.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from dataclasses import dataclass, field

from tagtext.carddb import Database
from tagtext.errors import ParseError
from .syntax import nodes as n
from .syntax.parser import parse

NUMERAL = re.compile(r"&#?\w+;|(\d+)")
PLAYER_WORD = re.compile(
    r"\b(?:you|your|yours|yourself|opponents?|opponent['’]s|opponents['’]|players?|player['’]s|players['’])(?![\w'’])",
    re.IGNORECASE,
)

#: Nodes whose Number leaves have a meaning.
NUMERIC_NODES = (
    n.Comparison, n.Quantity, n.UpTo, n.UntilCount, n.Iteration, n.DPValue, n.LevelValue,
    n.CostValue, n.CostAmount, n.ChangeAmount, n.MemoryAmount, n.ColorCount, n.KeywordParam,
    n.HeaderCost, n.ToValue,
)
#: Leaves that are names: digits and player words in them are part of the name.
NAME_LEAVES = (n.CardRef, n.LabelRef, n.TimingLabel, n.HeaderTag)


@dataclass
class Unexplained:
    """A sentence with a numeral or player word no typed node explains."""

    card: str
    field: str
    sentence: str
    #: what is unexplained: ``numeral '3'`` or ``player word 'opponent'``
    reasons: list[str]


@dataclass
class Report:
    texts: int = 0
    parse_errors: list[dict] = field(default_factory=list)
    numerals: int = 0
    numerals_classified: int = 0
    player_refs: int = 0
    player_refs_classified: int = 0
    #: tokens the parser could not place and kept as plain text
    recovered_tokens: int = 0
    unexplained: list[Unexplained] = field(default_factory=list)
    texts_by_field: dict[str, int] = field(default_factory=dict)

    @property
    def numeral_rate(self) -> float:
        return self.numerals_classified / self.numerals if self.numerals else 1.0

    @property
    def player_rate(self) -> float:
        return self.player_refs_classified / self.player_refs if self.player_refs else 1.0

    def shapes(self) -> list[dict]:
        """The unexplained sentences grouped by shape, most frequent first."""
        groups: dict[str, list[Unexplained]] = defaultdict(list)
        for sentence in self.unexplained:
            groups[_shape(sentence.sentence)].append(sentence)
        ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        return [
            {
                "shape": shape,
                "count": len(items),
                "reasons": sorted({reason for r in items for reason in r.reasons}),
                "cards": [f"{r.card} {r.field}" for r in items],
            }
            for shape, items in ordered
        ]

    def summary_lines(self, top: int = 25) -> list[str]:
        """The report for people, as ``tagtext coverage`` prints it."""
        out = [
            f"texts:         {self.texts}  ({', '.join(f'{k} {v}' for k, v in self.texts_by_field.items())})",
            f"parse errors:  {len(self.parse_errors)}",
            f"numerals:      {self.numerals_classified}/{self.numerals} classified ({self.numeral_rate:.2%})",
            f"player refs:   {self.player_refs_classified}/{self.player_refs} classified ({self.player_rate:.2%})",
            f"recovered:     {self.recovered_tokens} tokens kept as plain text",
        ]
        out += [f"  parse error: {e['card']} {e['field']}: {e['error']}" for e in self.parse_errors[:top]]
        shapes = self.shapes()
        out.append(f"unexplained:   {len(self.unexplained)} sentences, {len(shapes)} shapes "
                   f"(a numeral or player word no typed node explains)")
        for shape in shapes[:top]:
            cards = ", ".join(shape["cards"][:3]) + (" ..." if shape["count"] > 3 else "")
            out.append(f"  {shape['count']:4d}  {shape['shape'][:110]}")
            out.append(f"        {'; '.join(shape['reasons'])[:110]}  [{cards}]")
        return out

    def to_json(self) -> dict:
        return {
            "texts": self.texts,
            "texts_by_field": self.texts_by_field,
            "parse_errors": self.parse_errors,
            "numerals": self.numerals,
            "numerals_classified": self.numerals_classified,
            "numeral_rate": round(self.numeral_rate, 5),
            "player_refs": self.player_refs,
            "player_refs_classified": self.player_refs_classified,
            "player_ref_rate": round(self.player_rate, 5),
            "recovered_tokens": self.recovered_tokens,
            "unexplained_sentences": len(self.unexplained),
            "unexplained": self.shapes(),
        }


def _shape(sentence: str) -> str:
    return re.sub(r"\d+", "N", re.sub(r"\s+", " ", sentence.strip()))


def measure(db: Database) -> Report:
    report = Report()
    for card, field_name, text in db.texts():
        report.texts += 1
        report.texts_by_field[field_name] = report.texts_by_field.get(field_name, 0) + 1
        try:
            tree = parse(text, f"{card.id} {field_name}")
        except ParseError as e:
            report.parse_errors.append({"card": card.id, "field": field_name, "error": str(e)})
            continue
        measure_text(tree, text, card.id, field_name, report)
    return report


def measure_text(tree: n.EffectText, text: str, card: str, field_name: str, report: Report) -> None:
    explained_numbers: list[tuple[int, int]] = []   # spans of classified numerals' leaves
    explained_players: list[tuple[int, int]] = []
    sentences: list[tuple[int, int]] = []
    for node in tree.walk():
        if isinstance(node, NUMERIC_NODES):
            explained_numbers.extend((leaf.start, leaf.end) for leaf in node.leaves() if isinstance(leaf, n.Number))
        elif isinstance(node, NAME_LEAVES):
            explained_numbers.append((node.start, node.end))
            explained_players.append((node.start, node.end))
        elif isinstance(node, n.PlayerRef):
            explained_players.append((node.start, node.end))
            explained_numbers.append((node.start, node.end))  # "1 player"
        elif isinstance(node, (n.Sentence, n.Header)):
            sentences.append((node.start, node.end))
        elif isinstance(node, n.Other):
            report.recovered_tokens += 1
    explained_numbers.sort()
    explained_players.sort()
    sentences.sort()

    unexplained: dict[tuple[int, int], list[str]] = defaultdict(list)
    for m in NUMERAL.finditer(text):
        if m.group(1) is None:
            continue  # an HTML entity
        report.numerals += 1
        if _inside(explained_numbers, m.start(1), m.end(1)):
            report.numerals_classified += 1
        else:
            unexplained[_containing(sentences, m.start(1))].append(f"numeral {m.group(1)!r}")
    for m in PLAYER_WORD.finditer(text):
        report.player_refs += 1
        if _inside(explained_players, m.start(), m.end()):
            report.player_refs_classified += 1
        else:
            unexplained[_containing(sentences, m.start())].append(f"player word {m.group()!r}")
    for (start, end), reasons in sorted(unexplained.items()):
        report.unexplained.append(Unexplained(card, field_name, text[start:end], reasons))


def _inside(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether [start, end) lies in one of ``spans`` (sorted, not overlapping: leaves)."""
    i = bisect.bisect_right(spans, (start, float("inf"))) - 1
    return i >= 0 and spans[i][0] <= start and end <= spans[i][1]


def _containing(spans: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    i = bisect.bisect_right(spans, (pos, float("inf"))) - 1
    if i >= 0 and spans[i][0] <= pos < spans[i][1]:
        return spans[i]
    return (pos, pos + 1)
