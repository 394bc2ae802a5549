"""What every grammar of the kit may need around the parse, whatever the game and script:
refusing brackets nested too deep before parsing (the tree, its printing and the analysis
recurse, so a text nesting hundreds deep would exhaust Python's stack), and keeping a token
the LALR parser did not expect as the grammar's catch-all terminal, so that the grammar is
total (a :class:`tagtext.syntax.grammar.Grammar`'s ``recover``)."""

from __future__ import annotations

from lark.exceptions import UnexpectedInput, UnexpectedToken

from ..errors import ParseError
from .lalr import Lexeme, lexeme


def too_deep(text: str, limit: int, source: str | None = None, opening: str = "(（", closing: str = ")）",
             what: str = "brackets") -> None:
    """Raise :class:`ParseError` at the bracket that nests more than ``limit`` deep
    ("``what`` nest more than N deep"); counting costs nothing for texts with fewer brackets."""
    if sum(text.count(ch) for ch in opening) <= limit:
        return
    depth = 0
    for pos, ch in enumerate(text):
        if ch in opening:
            depth += 1
            if depth > limit:
                raise ParseError(f"{what} nest more than {limit} deep", text, pos, source)
        elif ch in closing and depth:
            depth -= 1


def keep_as_other(error: UnexpectedToken, interactive, other: str = "OTHER") -> bool:
    """Place a token the parser did not expect (LALR merges lookaheads, so a closer can be
    lexed where an enclosing phrase is open but then fit nowhere) as plain text, the
    grammar's ``other`` terminal, and go on. Only tokens the lexer made are placed (not the
    end of the text)."""
    tok = error.token
    if not isinstance(tok, Lexeme) or tok.type == other:
        return False
    try:
        interactive.feed_token(lexeme(tok, tok.prefix, other))
    except UnexpectedInput:
        return False
    return True
