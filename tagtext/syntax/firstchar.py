"""Which ASCII characters can begin a match of a regular expression.

Used by the lexer for first-character dispatch: at each position it tries only the
terminals that can start with the character there, in their usual order, instead of
every terminal the parser state accepts. The answer is conservative: a pattern the
analysis does not understand is treated as able to start with any character.
"""

from __future__ import annotations

import re

try:  # Python 3.11+
    from re import _constants as C
    from re import _parser as P
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as C
    import sre_parse as P

ASCII = frozenset(chr(i) for i in range(128))

_CATEGORY_TESTS = {
    C.CATEGORY_DIGIT: str.isdigit,
    C.CATEGORY_NOT_DIGIT: lambda c: not c.isdigit(),
    C.CATEGORY_SPACE: str.isspace,
    C.CATEGORY_NOT_SPACE: lambda c: not c.isspace(),
    C.CATEGORY_WORD: lambda c: c.isalnum() or c == "_",
    C.CATEGORY_NOT_WORD: lambda c: not (c.isalnum() or c == "_"),
}


def first_chars(pattern: str, flags: int = 0) -> frozenset[str]:
    """The ASCII characters a match of ``pattern`` can start with (all of ASCII if unsure
    or if the pattern can match the empty string)."""
    parsed = P.parse(pattern, flags)
    chars, nullable = _seq(list(parsed), bool(flags & re.IGNORECASE))
    return ASCII if nullable else chars


def _seq(items, icase) -> tuple[frozenset[str], bool]:
    """First set of a sequence of ops, and whether the whole sequence can match empty."""
    result: set[str] = set()
    for op, av in items:
        chars, nullable = _op(op, av, icase)
        result |= chars
        if not nullable:
            return frozenset(result), False
    return frozenset(result), True


def _op(op, av, icase) -> tuple[frozenset[str], bool]:
    if op is C.LITERAL:
        c = chr(av)
        return _cased({c} if c in ASCII else set(), icase), False
    if op is C.NOT_LITERAL or op is C.ANY:
        return ASCII, False
    if op is C.IN:
        return _cased({c for c in ASCII if _in(av, c, icase)}, icase), False
    if op is C.BRANCH:
        result: set[str] = set()
        nullable = False
        for branch in av[1]:
            chars, n = _seq(list(branch), icase)
            result |= chars
            nullable = nullable or n
        return frozenset(result), nullable
    if op is C.SUBPATTERN:
        _group, add_flags, del_flags, sub = av
        sub_icase = (icase or bool(add_flags & re.IGNORECASE)) and not (del_flags & re.IGNORECASE)
        return _seq(list(sub), sub_icase)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", C.MAX_REPEAT)):
        lo, _hi, sub = av
        chars, nullable = _seq(list(sub), icase)
        return chars, nullable or lo == 0
    if op is getattr(C, "ATOMIC_GROUP", None):
        return _seq(list(av), icase)
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return frozenset(), True  # zero-width: look at what follows
    return ASCII, True  # anything else (group references ...): assume anything


def _in(items, c, icase) -> bool:
    negate = False
    hit = False
    candidates = {c, c.lower(), c.upper()} if icase else {c}
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            hit = hit or chr(av) in candidates
        elif op is C.RANGE:
            lo, hi = av
            hit = hit or any(lo <= ord(x) <= hi for x in candidates)
        elif op is C.CATEGORY:
            test = _CATEGORY_TESTS.get(av)
            hit = hit or test is None or any(test(x) for x in candidates)
        else:
            return True  # unknown item: assume it can match
    return hit != negate


def _cased(chars: set[str], icase: bool) -> frozenset[str]:
    if icase:
        chars = chars | {c.lower() for c in chars} | {c.upper() for c in chars}
    return frozenset(c for c in chars if c in ASCII)
