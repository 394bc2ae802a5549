"""Yu-Gi-Oh! card text -> typed syntax tree (:class:`~.nodes.CardText`).

``grammar/ygo.lark`` is compiled once per process by Lark (LALR(1), contextual lexer)
and cached by Lark on disk. Lark's parser runs it, fed by the engine's one-step contextual
lexer (``tagtext.syntax.lalr``). The tree is built while Lark parses (an inline
:class:`lark.Transformer`): no intermediate parse tree. Only Lark's public API is used.

Whitespace is ignored by the lexer; a leaf's ``prefix`` is read back from the text (the
run of ignored whitespace right before the token), so printing a tree gives back its input.
"""

from __future__ import annotations

import functools
import re
import threading
from importlib import resources

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken

from ...errors import ParseError
from ...syntax.lalr import Driver, NoToken, new_token
from . import nodes as y

GRAMMAR_PACKAGE = "tagtext.packs.ygo_tag"
GRAMMAR_FILE = "grammar/ygo.lark"

#: characters the grammar's %ignore skips (the prefix of a leaf is a run of these)
_IGNORED = frozenset(" \t\u00a0")

_PUNCT = frozenset({"COLON", "SEMI", "STOP", "COMMA", "LPAR", "RPAR", "BULLET", "QUOTE"})


def grammar_text() -> str:
    return resources.files(GRAMMAR_PACKAGE).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")


class CardTextBuilder(Transformer):
    """Builds the YGO nodes while Lark parses. Methods are named after grammar rules;
    children are found by their type or terminal name, never by position."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self._local = threading.local()

    # the text being parsed (prefixes are read from it)
    @property
    def text(self) -> str:
        return self._local.text

    @text.setter
    def text(self, value: str) -> None:
        self._local.text = value

    # --- tokens -> leaves -----------------------------------------------------------

    def _prefix(self, start: int) -> str:
        text = self.text
        j = start
        while j > 0 and text[j - 1] in _IGNORED:
            j -= 1
        return text[j:start]

    def leaf(self, tok) -> y.Leaf:
        kind = tok.type
        args = (tok.start_pos, tok.end_pos, self._prefix(tok.start_pos), str(tok))
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
        items = self._nodes(children)
        end = items[-1].end if items else 0
        return y.CardText(0, len(self.text), items, self.text[end:])


_LEAF_CLASS = {
    "PRONOUN": y.Pronoun, "OWNER": y.OwnerRef, "AREA": y.AreaWord, "CARD_NAME": y.CardName,
    "CONNECTIVE": y.Connective, "FOR_EACH": y.Marker, "NUMBER_OF": y.Marker, "CMP": y.Operator,
    "SECTION": y.SectionHeader, "DIVIDER": y.SectionHeader, "NUMBER": y.Number,
    "NEWLINE": y.LineBreak, "WORDS": y.Words, "WORD": y.Word, "OTHER": y.Other,
}


def _token(children, *types):
    """The first token among ``children`` (of one of ``types``, if given)."""
    for c in children:
        if hasattr(c, "type") and (not types or c.type in types):
            return c
    return None


@functools.lru_cache(maxsize=1)
def _parser() -> tuple[Lark, CardTextBuilder]:
    builder = CardTextBuilder()
    lark = Lark(grammar_text(), parser="lalr", lexer="contextual", transformer=builder,
                maybe_placeholders=False, cache=True)
    return lark, builder


@functools.lru_cache(maxsize=1)
def _driver() -> Driver:
    return Driver(_parser()[0])


def _make_token(type_: str, value: str, start: int, end: int, prefix: str) -> Token:
    return new_token(Token, type_, value, start, end)


def _run(text: str, start: int = 0, end: int | None = None):
    """The tree for ``text``, or for ``text[start:end]`` alone (the builder reads prefixes
    from ``builder.text``)."""
    return _driver().parse(text, _make_token, start=start, end=end)


def parse(text: str, source: str | None = None) -> y.CardText:
    """Parse one card text. Raises :class:`tagtext.errors.ParseError` (never a Lark
    exception); the grammar is total, so this is a bug in it if it happens."""
    if not isinstance(text, str):
        raise TypeError(f"card text must be str, not {type(text).__name__}")
    _, builder = _parser()
    builder.text = text
    try:
        return _run(text)
    except NoToken as e:
        raise ParseError(f"unexpected character {text[e.pos]!r}", text, e.pos, source) from None
    except UnexpectedToken as e:
        pos = e.token.start_pos if e.token.start_pos is not None else len(text)
        what = "end of text" if e.token.type == "$END" else repr(str(e.token))
        raise ParseError(f"unexpected {what}", text, pos, source) from None


def parse_with_lark_lexer(text: str) -> y.CardText:
    """The same parse with Lark's own contextual lexer: the reference :func:`parse` is
    checked against (tests/test_lalr_driver.py)."""
    lark, builder = _parser()
    builder.text = text
    return lark.parse(text)


#: where the grammar's sentences can end: after a stop outside a quoted card name (the
#: lexer reads a quote that closes on the same line as a card name, as this does)
_SENTENCE_END = re.compile(r'"[^"\n]*"|[.!?]')


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


def parse_where(text: str, wanted, source: str | None = None) -> y.CardText:
    """Parse only the sentences ``wanted(start, end)`` accepts; the others are
    kept as :class:`~.nodes.Unparsed` leaves. Printing the tree still gives the text back.
    (Rules act within a sentence, so a sentence no rule's trigger matches needs no tree.)"""
    if not isinstance(text, str):
        raise TypeError(f"card text must be str, not {type(text).__name__}")
    _, builder = _parser()
    builder.text = text
    items: list[y.Node] = []
    pending: tuple[int, int] | None = None
    for start, end in sentence_chunks(text):
        if not wanted(start, end):
            pending = (pending[0], end) if pending else (start, end)
            continue
        if pending:
            items.append(_unparsed(text, *pending))
            pending = None
        try:
            sub = _run(text, start, end)
        except (UnexpectedInput, NoToken):  # pragma: no cover - the grammar is total
            return parse(text, source)
        items.extend(sub.items)
    if pending:
        items.append(_unparsed(text, *pending))
    end = items[-1].end if items else 0
    return y.CardText(0, len(text), tuple(items), text[end:])


def _unparsed(text: str, start: int, end: int) -> y.Unparsed:
    body = text[start:end]
    stripped = body.lstrip(" \t\u00a0")
    lead = len(body) - len(stripped)
    return y.Unparsed(start + lead, end, body[:lead], stripped)
