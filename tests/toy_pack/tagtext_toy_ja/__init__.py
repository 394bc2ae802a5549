"""A toy tag format for tagtext's tests (``--pack toy-ja``): Japanese card text, written
without spaces, with 「」《》（） and full-width digits, and one rule: 「相手の」 (the
opponent's) names one of a team's two opponents, 「相手1人の」.

It is a pack as any distribution can ship one: it uses the engine's syntax kit and pack
contract, registers in the entry-point group ``tagtext.packs`` (its pyproject.toml), and
no tagtext file names it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from typing import ClassVar

from lark import Transformer

from tagtext import carddb, rulings, writeback
from tagtext.errors import ParseError
from tagtext.packs.base import Pack, Rule
from tagtext.pipeline import Context
from tagtext.syntax import nodes as n
from tagtext.syntax.edit import replace_leaves, replace_span, word_leaves
from tagtext.syntax.grammar import Grammar
from tagtext.syntax.words import Segmentation


# ----------------------------------------------------------------------------- syntax

@dataclass(frozen=True, slots=True)
class Words(n.Words):
    """A run of characters up to a bracket, punctuation or a digit: cut wherever a rule
    changes part of it."""

    segmentation: ClassVar = Segmentation(cut_anywhere=True)


@dataclass(frozen=True, slots=True)
class CardText(n.Document):
    """A card's text."""


class Builder(Transformer):
    _LEAVES = {"WORDS": Words, "NUMBER": n.Number, "PUNCT": n.Punct, "NEWLINE": n.LineBreak}

    def start(self, children):
        leaves = tuple(self._LEAVES[t.type](t.start_pos, t.end_pos, t.prefix, t.value) for t in children)
        return CardText(0, 0, leaves, "")


GRAMMAR = Grammar(__name__, "toy.lark", Builder, words=Words)


# ----------------------------------------------------------------------------- the rule

ID = "one-opponent"
_OPPONENTS = re.compile("相手の")


def one_opponent(tree, ctx: Context):
    """「相手の」 names one of the two opponents: 「相手1人の」 (anywhere in a run of words)."""
    changes: dict = {}
    for leaf in word_leaves(tree):
        if isinstance(leaf, (Words, n.Word)):
            for m in _OPPONENTS.finditer(leaf.text):
                start = leaf.start + m.start()
                if not ctx.protected_at(start):
                    replace_span(changes, start, leaf.start + m.end(), "相手1人の", ID)
    return replace_leaves(tree, changes)


RULE = Rule(
    ID, "An opponent is one of the two",
    statement="「相手の」 refers to one opponent, chosen by the player.",
    practice="「相手の」 becomes 「相手1人の」 wherever it stands in a sentence.",
    apply=one_opponent,
    trigger=_OPPONENTS.search,
    example=("相手の手札を1枚見る。", "相手1人の手札を1枚見る。"),
)
OVERRIDE = Rule("override", "Special rulings", statement="The toy's special rulings.",
                practice="A card in the special-ruling table keeps or replaces its effect.")


# ----------------------------------------------------------------------------- cards

def _card(where: str, entry: object, problems: list) -> carddb.Card | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not entry["id"]:
        problems.append(carddb.Problem(where, "no card id (\"id\"); this entry is skipped", kind="no-id",
                                       summary="entries with no id", skipped=True))
        return None
    text = entry.get("text")
    texts = {"text": text} if isinstance(text, str) and text else {}
    return carddb.Card(entry["id"], str(entry.get("name", "")), "TOY", "", texts)


_FIELDS = {"main_field": "text", "text_fields": ("text",)}
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


class ToyDatabase(carddb.Database):
    """A toy card list: the engine's shape checks, and texts that hold Japanese (the plain
    {id, name, text} shape reads any game's file, so an English one is not the toy's)."""

    def shape_problem(self, texts: bool = True) -> str | None:
        problem = super().shape_problem(texts)
        if problem is None and texts and not any(_JAPANESE.search(t) for _, _, t in self.texts()):
            return f"{self.source}: none of its cards has Japanese text; is it a toy card list?"
        return problem


def _toy(db: carddb.Database) -> ToyDatabase:
    return ToyDatabase(db.source, db.cards, db.problems, db.entries, db.main_field, db.text_fields)


class CoverageReport:
    """How much of a database the grammar parses."""

    def __init__(self, texts: int, parse_errors: list[str]):
        self.texts, self.parse_errors = texts, parse_errors

    def to_json(self) -> dict:
        return {"texts": self.texts, "parse_errors": self.parse_errors}

    def summary_lines(self, top: int = 25) -> list[str]:
        return [f"texts:         {self.texts}", f"parse errors:  {len(self.parse_errors)}"]


# ----------------------------------------------------------------------------- the pack

class ToyJa(Pack):
    """The toy format (see the module docstring)."""

    name = "toy-ja"
    version = "0.1"
    title = "おもちゃタッグ"
    game = "toy card game"
    summary = "In the toy tag format a player faces two opponents and names one of them."
    copyright = "the toy's own texts"
    pipeline = (RULE,)
    rules = (RULE, OVERRIDE)
    text_fields = ("text",)
    field_labels = {"text": "テキスト"}
    #: its card text is Japanese: so are its errata pages
    language = "ja"
    shipped_name = "toy-cards.json"
    database_help = "a JSON array (or JSON lines, or CSV) of {id, name, text}, maybe gzipped"
    #: its texts are Japanese (a database of English texts is no toy database)
    language = "ja"

    def parse(self, text, source=None, parts=None):
        return GRAMMAR.parse(text, source, parts)

    def context(self, text, tree, card_id, protected):
        return Context(text, card_id, protected)

    @functools.lru_cache(maxsize=1)
    def rulings(self):
        return rulings.load_packaged(__name__, "special-rulings.toml")

    def load_database(self, path=None):
        if path is None:
            return self.database_from_bytes(self.shipped_database(), f"shipped {self.shipped_name}")
        return _toy(carddb.read_file(path, _card, **_FIELDS))

    def database_from_bytes(self, data, source, fmt="json"):
        return _toy(carddb.parse_bytes(data, source, fmt, _card, **_FIELDS))

    def write_back(self, data, source, fmt, texts):
        def update(entry):
            if isinstance(entry, dict) and entry.get("id") in texts and "text" in texts[entry["id"]]:
                original, new = texts[entry["id"]]["text"]
                if entry.get("text") == original:
                    entry["text"] = new
        return writeback.write_back(data, source, fmt, update)

    def shipped_database(self):
        return resources.files(__name__).joinpath("data", self.shipped_name).read_bytes()

    def data_source(self):
        return resources.files(__name__).joinpath("data", "SOURCE.md").read_text(encoding="utf-8")

    def coverage(self, database):
        errors = []
        for card, field, text in database.texts():
            try:
                self.parse(text, f"{card.id} {field}")
            except ParseError as e:
                errors.append(str(e))
        return CoverageReport(sum(len(c.texts) for c in database.cards), errors)


PACK = ToyJa()

__all__ = ["PACK", "GRAMMAR", "RULE"]
