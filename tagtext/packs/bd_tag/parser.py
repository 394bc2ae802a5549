"""Build Divide card text -> typed syntax tree (:class:`~.nodes.CardText`).

The grammar (``grammar/bd.lark``) and its tree builder are :mod:`.builder`'s, imported at
the first parse (they import Lark, which a text no rule's trigger meets never needs: the
pipeline only checks such a text, :func:`check_text`).

Before parsing, :func:`check_text` refuses what cannot be read safely (one-line
:class:`~tagtext.errors.ParseError` naming line and column): an opaque bracket (《 『 「 【 ⁅)
left open on its line (everything after it might be inside it, which is never rewritten),
a number written in both widths (which width would an inserted 1 copy?), brackets nested
more than :data:`MAX_NESTING` deep. What fan data has and can be read (a reminder left
open to its line's end, a stray ), a bracket opened in one width and closed in the other)
parses, and :func:`quirks` says where, for the warnings.
"""

from __future__ import annotations

from ...syntax.unspaced import bracket_quirks, mixed_width_number, unclosed_on_line
from . import nodes as b


#: How deep brackets may nest (the tree and its printing recurse).
MAX_NESTING = 100

_OPENERS = {"《": "》", "『": "』", "「": "」", "【": "】", "⁅": "⁆"}
_OPENS = {"《": "card name", "『": "card name", "「": "quote", "【": "keyword bracket", "⁅": "icon"}
_REMINDER_CLOSE = {"(": ")", "（": "）"}


def check_text(text: str, source: str | None = None) -> None:
    """Refuse, in one line, a text that cannot be read safely (see the module's docstring)."""
    unclosed_on_line(text, _OPENERS, _OPENS, source, no_nesting="《『【⁅")
    mixed_width_number(text, source)
    if text.count("(") + text.count("（") > MAX_NESTING:  # fewer cannot nest deeper
        from ...syntax.checks import too_deep  # (its module imports Lark: only when it may be needed)
        too_deep(text, MAX_NESTING, source)


def quirks(text: str) -> list[tuple[int, str]]:
    """(offset, what) for what fan data has and the parser reads anyway: a reminder ( left
    open to its line's end, a ) with no (, a bracket opened in one width and closed in the
    other. Empty for almost every text."""
    return bracket_quirks(text, _REMINDER_CLOSE)


def parse(text: str, source: str | None = None, parts=None) -> b.CardText:
    """Parse one card text (with ``parts``, only those spans). Raises
    :class:`tagtext.errors.ParseError` (never a Lark exception) for what
    :func:`check_text` refuses; the grammar itself is total."""
    from .builder import GRAMMAR
    return GRAMMAR.parse(text, source, parts)


def parse_with_lark_lexer(text: str) -> b.CardText:
    """The same parse with Lark's own contextual lexer (the reference, in tests)."""
    from .builder import GRAMMAR
    return GRAMMAR.parse_with_lark_lexer(text)
