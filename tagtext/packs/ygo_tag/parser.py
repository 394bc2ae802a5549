"""Yu-Gi-Oh! card text -> typed syntax tree (:class:`~.nodes.CardText`).

``grammar/ygo.lark``, run by the engine's syntax kit (:mod:`tagtext.syntax.grammar`):
compiled once per process by Lark (LALR(1)), cached by Lark on disk,
and parsed by the engine's one-step contextual lexer. The tree is built while Lark parses
(an inline :class:`lark.Transformer`): no intermediate parse tree. Each leaf keeps the
whitespace before it (its token's ``prefix``), so printing a tree gives back its input.
"""

from __future__ import annotations

import re

from lark import Transformer

from ...syntax.grammar import Grammar
from . import nodes as y

GRAMMAR_PACKAGE = "tagtext.packs.ygo_tag"
GRAMMAR_FILE = "grammar/ygo.lark"

_PUNCT = frozenset({"COLON", "SEMI", "STOP", "COMMA", "LPAR", "RPAR", "BULLET", "QUOTE"})


class CardTextBuilder(Transformer):
    """Builds the YGO nodes while Lark parses. Methods are named after grammar rules;
    children are found by their type or terminal name, never by position."""

    def __init__(self):
        super().__init__(visit_tokens=False)

    # --- tokens -> leaves -----------------------------------------------------------

    def leaf(self, tok) -> y.Leaf:
        kind = tok.type
        args = (tok.start_pos, tok.end_pos, tok.prefix, str(tok))
        if kind in y.PLAYER_KINDS:
            return y.PlayerRef(*args, (), y.PLAYER_KINDS[kind])
        cls = _LEAF_CLASS.get(kind)
        if cls is None:
            cls = y.Punct if kind in _PUNCT else y.Other
        return cls(*args)

    def _nodes(self, children) -> tuple[y.Node, ...]:
        return tuple(self.leaf(c) if hasattr(c, "type") else c for c in children if c is not None)

    # --- phrases ------------------------------------------------------------------

    def area(self, children):
        zone = self.leaf(_token(children, "AREA"))
        owner_tok = next((c for c in children if hasattr(c, "type") and c.type != "AREA"), None)
        owner = self.leaf(owner_tok) if owner_tok is not None else None
        return y.Area(owner.start if owner else zone.start, zone.end, owner, zone)

    def count(self, children):
        value = self.leaf(_token(children, "NUMBER"))
        op_tok = _token(children, "CMP")
        op = self.leaf(op_tok) if op_tok is not None else None
        return y.Count(value.start, (op or value).end, value, op)

    # --- structure ----------------------------------------------------------------

    def condition(self, children):
        colon = self.leaf(_token(children, "COLON"))
        parts = self._nodes(c for c in children if not (hasattr(c, "type") and c.type == "COLON"))
        return y.Condition(parts[0].start if parts else colon.start, colon.end, parts, colon)

    def cost(self, children):
        semi = self.leaf(_token(children, "SEMI"))
        parts = self._nodes(c for c in children if not (hasattr(c, "type") and c.type == "SEMI"))
        return y.Cost(parts[0].start if parts else semi.start, semi.end, parts, semi)

    def effect(self, children):
        parts = self._nodes(children)
        return y.Effect(parts[0].start, parts[-1].end, parts)

    def sentence(self, children):
        stop = self.leaf(_token(children, "STOP"))
        clauses = tuple(c for c in children if isinstance(c, (y.Condition, y.Cost, y.Effect)))
        return y.Sentence(clauses[0].start if clauses else stop.start, stop.end, clauses, stop)

    def open_sentence(self, children):
        clauses = tuple(c for c in children if isinstance(c, (y.Condition, y.Cost, y.Effect)))
        return y.Sentence(clauses[0].start, clauses[-1].end, clauses, None)

    def start(self, children):
        return y.CardText(0, 0, self._nodes(children), "")  # the kit gives it its span and trailing text


_LEAF_CLASS = {
    "PRONOUN": y.Pronoun, "OWNER": y.OwnerRef, "AREA": y.AreaWord, "CARD_NAME": y.CardName,
    "CONNECTIVE": y.Connective, "FOR_EACH": y.Marker, "NUMBER_OF": y.Marker, "CMP": y.Operator,
    "SECTION": y.SectionHeader, "DIVIDER": y.SectionHeader, "NUMBER": y.Number,
    "NEWLINE": y.LineBreak, "WORDS": y.Words, "WORD": y.Word, "ABBREV": y.Word, "OTHER": y.Other,
}


def _token(children, *types):
    """The first token among ``children`` (of one of ``types``, if given)."""
    for c in children:
        if hasattr(c, "type") and (not types or c.type in types):
            return c
    return None


#: The grammar, as the engine's syntax kit runs it.
GRAMMAR = Grammar(GRAMMAR_PACKAGE, GRAMMAR_FILE, CardTextBuilder, words=y.Words)


def grammar_text() -> str:
    return GRAMMAR.text()


def parse(text: str, source: str | None = None, parts=None) -> y.CardText:
    """Parse one card text (with ``parts``, only those spans, the rest kept as
    :class:`~tagtext.syntax.nodes.Unparsed` leaves). Raises
    :class:`tagtext.errors.ParseError` (never a Lark exception); the grammar is total,
    so this is a bug in it if it happens."""
    return GRAMMAR.parse(text, source, parts)


def parse_with_lark_lexer(text: str) -> y.CardText:
    """The same parse with Lark's own contextual lexer: the reference :func:`parse` is
    checked against (tests/test_lalr_driver.py)."""
    return GRAMMAR.parse_with_lark_lexer(text)


#: where the grammar's sentences can end: after a stop outside a quoted card name (the
#: lexer reads a quote that closes on the same line as a card name, as this does), not
#: in "(min. 1)" nor at the "?" of "? ATK" (the grammar's ABBREV and STOP)
_SENTENCE_END = re.compile(r'"[^"\n]*"|(?i:min|max)\.(?=\s*\d)|\?\s*(?:ATK|DEF)\b|[.!?]')


def sentence_chunks(text: str) -> list[tuple[int, int]]:
    """(start, end) of runs of text that end where a grammar sentence ends: each chunk
    parses alone to the same leaves as in the whole text."""
    chunks = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group() in ".!?":
            chunks.append((start, m.end()))
            start = m.end()
    if start < len(text):
        chunks.append((start, len(text)))
    return chunks
