"""Duel Masters card text -> typed syntax tree (:class:`~.nodes.CardText`).

``grammar/dm.lark``, run by the engine's syntax kit (:mod:`tagtext.syntax.grammar`):
compiled once per process by Lark (LALR(1), contextual lexer), cached by Lark on disk, and
parsed by the engine's one-step contextual lexer. The tree is built while Lark parses (an
inline :class:`lark.Transformer`). Plain text is runs of one script, each a
:class:`~.nodes.Words` leaf that a rule may cut at any character (unspaced text).

Before parsing, :func:`check_text` refuses what cannot be read safely (one-line
:class:`~tagtext.errors.ParseError` naming line and column): a card name 《 or a quote 「
left open on its line (everything after it might be the name or the quote, which is never
rewritten), a number written in both widths (``1０``: which width would inserted digits
copy?), brackets nested more than :data:`MAX_NESTING` deep. What real data has and can be
read (a reminder ( left open to its line's end, a stray ), a reminder opened in one width
and closed in the other) parses, and :func:`quirks` says where, for the warnings.
"""

from __future__ import annotations

import re

from lark import Transformer
from lark.exceptions import UnexpectedInput, UnexpectedToken

from ...errors import ParseError
from ...syntax.grammar import Grammar
from ...syntax.lalr import Lexeme, lexeme
from . import nodes as d

GRAMMAR_PACKAGE = "tagtext.packs.dm_tag_commander"
GRAMMAR_FILE = "grammar/dm.lark"

_LEAF_CLASS = {
    "PLAYER": d.PlayerWord, "NUMBER": d.Number, "KANJI": d.Words, "HIRAGANA": d.Words, "KATAKANA": d.Words,
    "LATIN": d.Words, "SIGN": d.Words, "CARD_NAME": d.CardName, "QUOTE": d.Quote, "RUBY": d.Ruby,
    "KEYWORD": d.KeywordName, "LABEL": d.Label, "BULLET": d.AbilityMark, "MODE": d.ModeMark, "SIDE": d.SideMark,
    "NEWLINE": d.LineBreak, "LPAR": d.Punct, "RPAR": d.Punct, "STOP": d.Punct, "COMMA": d.Punct,
    "COLON": d.Punct, "OTHER": d.Other,
}


class CardTextBuilder(Transformer):
    """Builds the Duel Masters nodes while Lark parses. Methods are named after grammar
    rules; children are told apart by their class or terminal, never by position."""

    def __init__(self):
        super().__init__(visit_tokens=False)

    @staticmethod
    def leaf(tok) -> d.Leaf:
        return _LEAF_CLASS.get(tok.type, d.Other)(tok.start_pos, tok.end_pos, tok.prefix, str(tok))

    def _nodes(self, children) -> tuple[d.Node, ...]:
        return tuple(self.leaf(c) if isinstance(c, Lexeme) else c for c in children)

    def reminder(self, children):
        parts = self._nodes(children)
        opener, close = parts[0], parts[-1]
        return d.Reminder(opener.start, close.end, opener, tuple(parts[1:-1]), close)

    def open_reminder(self, children):
        parts = self._nodes(children)
        opener = parts[0]
        return d.Reminder(opener.start, parts[-1].end, opener, tuple(parts[1:]), None)

    def keyword(self, children):
        name = self.leaf(children[0])
        reminder = next((c for c in children if isinstance(c, d.Reminder)), None)
        return d.Keyword(name.start, (reminder or name).end, name, reminder)

    keyword_open = keyword

    def sentence(self, children):
        parts = self._nodes(children)
        return d.Sentence(parts[0].start, parts[-1].end, parts[:-1], parts[-1])

    def open_sentence(self, children):
        parts = self._nodes(children)
        return d.Sentence(parts[0].start, parts[-1].end, parts, None)

    def start(self, children):
        return d.CardText(0, 0, self._nodes(children), "")  # the kit gives it its span and trailing text


def _recover(error: UnexpectedToken, interactive) -> bool:
    """A token the parser did not expect (LALR merges lookaheads) is kept as plain text."""
    tok = error.token
    if not isinstance(tok, Lexeme) or tok.type == "OTHER":
        return False
    try:
        interactive.feed_token(lexeme(tok, tok.prefix, "OTHER"))
    except UnexpectedInput:
        return False
    return True


def check_text(text: str, source: str | None = None) -> None:
    """Refuse, in one line, a text that cannot be read safely (see the module's docstring)."""
    if "《" in text or "「" in text or "｢" in text:
        for m in _LINE.finditer(text):
            _check_line(text, m.start(), m.group(), source)
    number = _MIXED_NUMBER.search(text)
    if number is not None:
        raise ParseError(f"number {number.group()!r} mixes half-width and full-width digits", text,
                         number.start(), source)
    if text.count("(") + text.count("（") > MAX_NESTING:
        depth = 0
        for pos, ch in enumerate(text):
            if ch in "(（":
                depth += 1
                if depth > MAX_NESTING:
                    raise ParseError(f"brackets nest more than {MAX_NESTING} deep", text, pos, source)
            elif ch in ")）" and depth:
                depth -= 1


#: The grammar, as the engine's syntax kit runs it.
GRAMMAR = Grammar(GRAMMAR_PACKAGE, GRAMMAR_FILE, CardTextBuilder, words=d.Words, recover=_recover,
                  check=check_text)


def parse(text: str, source: str | None = None, parts=None) -> d.CardText:
    """Parse one card text (with ``parts``, only those spans). Raises
    :class:`tagtext.errors.ParseError` (never a Lark exception) for what
    :func:`check_text` refuses; the grammar itself is total."""
    return GRAMMAR.parse(text, source, parts)


def parse_with_lark_lexer(text: str) -> d.CardText:
    """The same parse with Lark's own contextual lexer: the reference :func:`parse` is
    checked against (tests)."""
    return GRAMMAR.parse_with_lark_lexer(text)


# ----------------------------------------------------------------------------- checks

#: How deep brackets may nest. Card text nests two deep; the tree and its printing
#: recurse, so a text nesting hundreds deep is refused at the bracket that goes too deep.
MAX_NESTING = 100

_OPENERS = {"《": "》", "「": "」", "｢": "｣"}
_LINE = re.compile(r"[^\r\n]*")
_MIXED_NUMBER = re.compile(r"[0-9]+[０-９]+[0-9０-９]*|[０-９]+[0-9]+[0-9０-９]*")


def _check_line(text: str, offset: int, line: str, source: str | None) -> None:
    """A 《 or 「 must close on its line (a quote may hold one quote inside it)."""
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(line):
        if ch in _OPENERS:
            if ch == "《" and stack and stack[-1][0] == "《":
                break  # "《" inside a name: the first one is reported below
            stack.append((ch, i))
        elif stack and ch == _OPENERS[stack[-1][0]]:
            stack.pop()
    if stack:
        ch, i = stack[0]
        what = "card name" if ch == "《" else "quote"
        raise ParseError(f"{ch} opens a {what} that does not close on its line (no {_OPENERS[ch]})", text,
                         offset + i, source)


_REMINDER_CLOSE = {"(": ")", "（": "）"}


def quirks(text: str) -> list[tuple[int, str]]:
    """(offset, what) for what real data has and the parser reads anyway: a reminder ( left
    open to its line's end, a ) with no (, a reminder opened in one width and closed in the
    other. Empty for almost every text."""
    if "(" not in text and "（" not in text and ")" not in text and "）" not in text:
        return []
    out: list[tuple[int, str]] = []
    stack: list[tuple[str, int]] = []
    for pos, ch in enumerate(text):
        if ch in "\r\n":
            out.extend((p, f"{c} is not closed on its line") for c, p in stack)
            stack = []
        elif ch in "(（":
            stack.append((ch, pos))
        elif ch in ")）":
            if not stack:
                out.append((pos, f"{ch} closes no bracket"))
                continue
            opener, _ = stack.pop()
            if _REMINDER_CLOSE[opener] != ch:
                out.append((pos, f"{opener}…{ch}: a bracket opened in one width closes in the other"))
    out.extend((p, f"{c} is not closed on its line") for c, p in stack)
    return out
