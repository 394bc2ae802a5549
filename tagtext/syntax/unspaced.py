"""Card text written without spaces between words (Japanese): what every pack for such a
script needs besides its grammar, whatever its game.

- **Widths** (:func:`fold`, :func:`has_full_width_digit`, :func:`digit`): full-width digits,
  signs and brackets folded to half-width one character for one (never NFKC), so that an
  offset in the folded text is an offset in the printed one; an inserted number written
  in the width the card writes its own.
- **Masking** (:func:`masked`): the text with what is opaque to the rules (card names,
  quotes, reminder text: the pack says which node kinds) replaced by :data:`MASK`
  characters of the same length, so that patterns over it never look inside them and a
  match's span is the span of the printed words.
- **Bracket checks** (:func:`unclosed_on_line`, :func:`mixed_width_number`,
  :func:`bracket_quirks`): what a grammar refuses before parsing (a card name or quote left
  open on its line: everything after it might be inside it; a number mixing widths: which
  width would an inserted digit copy?) and what it reads but warns about (a reminder left
  open, a bracket closed in the other width). Nesting too deep and a token the parser did
  not expect are every grammar's (:mod:`tagtext.syntax.checks`).

The terminals such grammars share (runs of one script, 「」, （）, numbers, punctuation,
whitespace as prefix) are ``unspaced.lark`` next to this module; a pack's grammar imports
them (``%import unspaced (HIRAGANA, NUMBER, ...)``: :class:`tagtext.syntax.grammar.Grammar`
puts this package on Lark's import path).
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

from ..errors import ParseError
from .nodes import Leaf

#: what stands for an opaque character in a masked text (never used in card text)
MASK = "〓"

#: full-width characters folded to their half-width forms, one character for one
_FOLD = str.maketrans("０１２３４５６７８９＋－（）：，", "0123456789+-():,")
_FULL_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")


def fold(text: str) -> str:
    """Fold full-width digits, signs and brackets to half-width, one character for one
    (offsets stay the same)."""
    return text.translate(_FOLD)


def has_full_width_digit(text: str) -> bool:
    """Whether the text writes any digit full-width (then inserted digits are full-width)."""
    return _FULL_WIDTH_DIGIT.search(text) is not None


_FULL_WIDTH_DIGIT = re.compile("[０-９]")


def digit(n: int, full_width: bool) -> str:
    """``n`` written full-width or half-width."""
    s = str(n)
    return s.translate(_FULL_DIGITS) if full_width else s


def masked(tree, text: str, opaque: tuple[type, ...]) -> str:
    """``text`` folded (:func:`fold`), with every node of the ``opaque`` kinds masked
    (line breaks inside them kept). An opaque node's span holds its children's, so the
    walk does not go into it, and the text is put together from slices (a loop over every
    character of the text in Python was most of the masking)."""
    spans = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, opaque):
            spans.append((node.start, node.end))
        elif not isinstance(node, Leaf):
            stack.extend(node.children())
    folded = fold(text)
    if not spans:
        return folded
    out, at = [], 0
    for start, end in sorted(spans):
        start = max(start, at)
        if end <= start:
            continue
        out.append(folded[at:start])
        out.append(_NOT_A_LINE_BREAK.sub(MASK, folded[start:end]))
        at = end
    out.append(folded[at:])
    return "".join(out)


_NOT_A_LINE_BREAK = re.compile(r"[^\r\n]")


# ----------------------------------------------------------------------------- checks

_LINE = re.compile(r"[^\r\n]*")
_MIXED_NUMBER = re.compile(r"[0-9]+[０-９]+[0-9０-９]*|[０-９]+[0-9]+[0-9０-９]*")


def unclosed_on_line(text: str, openers: dict[str, str], names: dict[str, str], source: str | None = None,
                     no_nesting: Iterable[str] = ()) -> None:
    """Raise :class:`ParseError` at the first opener (a key of ``openers``, closed by its
    value) left open on its line; ``names`` says what each opener opens ("card name").
    An opener in ``no_nesting`` seen again inside itself stops the line's check there (the
    first one is reported)."""
    if not any(ch in text for ch in openers):
        return
    flat = frozenset(no_nesting)
    for m in _LINE.finditer(text):
        line, offset = m.group(), m.start()
        stack: list[tuple[str, int]] = []
        for i, ch in enumerate(line):
            if ch in openers:
                if ch in flat and stack and stack[-1][0] == ch:
                    break
                stack.append((ch, i))
            elif stack and ch == openers[stack[-1][0]]:
                stack.pop()
        if stack:
            ch, i = stack[0]
            raise ParseError(f"{ch} opens a {names[ch]} that does not close on its line (no {openers[ch]})", text,
                             offset + i, source)


def mixed_width_number(text: str, source: str | None = None) -> None:
    """Raise :class:`ParseError` at a number written in both widths (``1０``)."""
    number = _MIXED_NUMBER.search(text)
    if number is not None:
        raise ParseError(f"number {number.group()!r} mixes half-width and full-width digits", text, number.start(),
                         source)


@functools.lru_cache(maxsize=None)
def _brackets_and_breaks(chars: str) -> re.Pattern:
    """One character of ``chars`` or a line break: what :func:`bracket_quirks` reads (the
    rest of a text is skipped by the regex engine, not looked at one character at a time)."""
    return re.compile("[" + re.escape(chars) + "\r\n]")


def bracket_quirks(text: str, pairs: dict[str, str]) -> list[tuple[int, str]]:
    """(offset, what) for what real data has and a grammar reads anyway: a bracket (a key
    of ``pairs``) left open to its line's end, a closer with no opener, a bracket closed
    with the other width's closer. Empty for almost every text."""
    closers = {}
    for opener, closer in pairs.items():
        closers.setdefault(closer, opener)
    if not any(ch in text for ch in (*pairs, *closers)):
        return []
    out: list[tuple[int, str]] = []
    stack: list[tuple[str, int]] = []
    for found in _brackets_and_breaks("".join(pairs) + "".join(closers)).finditer(text):
        pos, ch = found.start(), found.group()
        if ch in "\r\n":
            out.extend((p, f"{c} is not closed on its line") for c, p in stack)
            stack = []
        elif ch in pairs:
            stack.append((ch, pos))
        elif ch in closers:
            if not stack:
                out.append((pos, f"{ch} closes no bracket"))
                continue
            opener, _ = stack.pop()
            if pairs[opener] != ch:
                out.append((pos, f"{opener}…{ch}: a bracket opened in one width closes in the other"))
    out.extend((p, f"{c} is not closed on its line") for c, p in stack)
    return out
