"""Lark's LALR(1) parser driven by a contextual lexer of the engine's own, through Lark's
public interactive-parser API.

Lark's ``parse`` runs its contextual lexer token by token: for each token it matches the
parser state's terminal alternation, then once more for the ignored whitespace, builds a
``Token``, counts lines, and passes the token through the postlexer's generator, which makes
a second token to carry the whitespace. Card text is mostly short words, so that is most of
a parse. :class:`Driver` does the same lexing in one step per token: the parser state's
terminals, in Lark's own order, behind the ignored terminals as an atomic prefix, so one
match gives both a token and the whitespace before it. Tokens go to Lark's parser with
``InteractiveParser.feed_token`` (and the end of the text with ``feed_eof``); which terminals a state accepts is read from
``InteractiveParser.choices()``, as Lark's contextual lexer reads it from the same table.

The tokens are Lark's: the same types, values and spans as Lark's contextual lexer gives
(tests/test_lalr_driver.py compares the two over every shipped card text of every pack).
Lines and columns are not counted; nothing here reads them.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import threading
from typing import Callable, Iterable

from lark import Lark, Token
from lark.exceptions import UnexpectedToken

#: make_token(type, value, start, end, prefix) -> the token fed to the parser
MakeToken = Callable[[str, str, int, int, str], Token]


class NoToken(Exception):
    """No terminal the parser state accepts matches at ``pos`` (after any whitespace)."""

    def __init__(self, pos: int):
        super().__init__(pos)
        self.pos = pos


class _Scanner:
    """How one set of terminals is lexed: the regex for a token, and for the rest of a run."""

    __slots__ = ("regex", "runs")

    def __init__(self, regex: re.Pattern):
        self.regex = regex
        self.runs: dict[str, re.Pattern] = {}


class _State:
    """A parser state as the driver knows it: its scanner, and where feeding a run token
    from it led (None: not seen yet; False: not always the same state)."""

    __slots__ = ("choices", "scanner", "lands")

    def __init__(self, choices: dict, scanner: _Scanner):
        self.choices = choices  # held, so that its id stays this state's
        self.scanner = scanner
        self.lands: _State | None | bool = None

    def joins_runs(self) -> bool:
        """Whether the next tokens of a run may be lexed here and fed as one: a run token
        fed here led to a state that lexes the same way, and from which a run token leads
        back to itself (the parser's state inside a list of items, e.g. plain words)."""
        after = self.lands
        return bool(after) and after.scanner is self.scanner and after.lands is after


class Driver:
    """Parses with ``lark`` (LALR; its own lexer is never run), lexing with the
    terminals each parser state accepts plus ``always_accept`` (the types a token-retyping
    step may turn into others, as Lark's ``postlex.always_accept``).

    ``runs`` names terminals whose consecutive tokens the tree builder joins anyway (Tag
    Tamer's plain words): where the parser would only go round a list, the rest of a run
    is lexed in one match and fed as one token (its value spans the words and the
    whitespace between them). ``make_token`` must not retype a run token by its text
    after another run token, nor where ``joins()`` (see :meth:`parse`) says yes.
    """

    def __init__(self, lark: Lark, always_accept: Iterable[str] = (), runs: Iterable[str] = ()):
        self.lark = lark
        self.runs = frozenset(runs)
        self.terminals = {t.name: t for t in lark.terminals}
        _refuse_embedded_strings(self.terminals.values())
        # the ignored terminals, from the LexerConf Lark keeps (and hands custom lexers)
        self.ignore = tuple(lark.lexer_conf.ignore)
        self.always_accept = frozenset(always_accept)
        ignored = "|".join(t.pattern.to_regexp() for t in sorted(
            (self.terminals[name] for name in self.ignore), key=_lark_order))
        #: any ignored text (possessive: never given back), and some (between run tokens)
        self._blank = re.compile(f"(?:{ignored})*+" if ignored else "")
        self._gap = f"(?:{ignored})++" if ignored else None
        self._states: dict[int, _State] = {}
        self._scanners: dict[tuple[str, ...], _Scanner] = {}

    def _state(self, choices: dict) -> _State:
        ordered = self._ordered(choices)
        key = tuple(t.name for t in ordered)
        scanner = self._scanners.get(key)
        if scanner is None:
            scanner = self._scanners[key] = _Scanner(self._scanner(ordered))
        state = self._states[id(choices)] = _State(choices, scanner)
        return state

    def _ordered(self, choices: dict) -> list:
        """The terminals lexed in a parser state, in the order Lark's lexer tries them."""
        names = {name for name in choices if name in self.terminals}
        names |= self.always_accept & self.terminals.keys()
        names -= set(self.ignore)
        return sorted((self.terminals[name] for name in names), key=_lark_order)

    def _scanner(self, ordered: list) -> re.Pattern:
        """The regex for a parser state: ignored text, then one of its terminals (named
        groups, in the order Lark's lexer tries them)."""
        if self.ignore:
            # Lark matches an ignored terminal first where it can (the scanner below tries
            # them as a prefix), which holds when they sort before every other terminal.
            lowest = max(_lark_order(self.terminals[name]) for name in self.ignore)
            if ordered and _lark_order(ordered[0]) < lowest:
                raise ValueError(f"ignored terminals must have the highest priority: {ordered[0].name} outranks them")
        body = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in ordered)
        blank = self._blank.pattern
        return compiled(f"{blank}(?:{body})" if body else blank + "(?!)")

    def _run(self, state: _State, type_: str) -> re.Pattern:
        """The regex for more tokens of a run: each after whitespace, and each where the
        state's scanner would lex ``type_`` (no terminal it tries first matches there)."""
        run = state.scanner.runs.get(type_)
        if run is None:
            ordered = self._ordered(state.choices)
            before = ordered[:[t.name for t in ordered].index(type_)]
            guard = "(?!%s)" % "|".join(t.pattern.to_regexp() for t in before) if before else ""
            word = self.terminals[type_].pattern.to_regexp()
            # without ignored text between them, tokens of a run are never joined
            run = state.scanner.runs[type_] = re.compile(
                f"(?:{self._gap}{guard}(?:{word}))*+" if self._gap else "")
        return run

    def parse(self, text: str, make_token: MakeToken, on_error=None, joins: Callable[[], bool] | None = None,
              start: int = 0, end: int | None = None):
        """The value of the grammar's start rule for ``text`` (the tree the transformer builds),
        or for ``text[start:end]`` as if it were the whole text, with the positions of ``text``.

        ``on_error(error, interactive_parser)`` may recover from a token the parser rejects
        (by feeding others) and return True. ``joins()`` says whether a run may start
        joined here too (by default only the words after a run's first are joined: the
        first may be retyped by its text, a header word say). Raises ``UnexpectedToken``
        when the parser rejects a token or the end of the text and ``on_error`` does not
        recover, and :class:`NoToken` when no terminal the parser state accepts matches.

        Parses may run in several threads at once: each has its own parser state, and
        what the driver learns about states (their scanners, where a run token leads) is
        the same whichever parse learns it.
        """
        ip = self.lark.parse_interactive()  # (no text: Lark's lexer, which would read it, never runs)
        choices = ip.choices
        feed = ip.feed_token
        states = self._states
        runs = self.runs
        end_of_text = len(text) if end is None else end
        pos = start
        token = None
        in_run = False  # whether the last token fed was a run token
        while pos < end_of_text:
            state = states.get(id(choices()))
            if state is None:
                state = self._state(choices())
            m = state.scanner.regex.match(text, pos, end_of_text)
            if m is None:
                blank_end = self._blank.match(text, pos, end_of_text).end()
                if blank_end == end_of_text:
                    break
                raise NoToken(blank_end)
            type_ = m.lastgroup
            first = m.start(m.lastindex)
            last = m.end()
            if type_ in runs and (in_run or joins is not None and joins()) and state.joins_runs():
                last = self._run(state, type_).match(text, last, end_of_text).end()
            token = make_token(type_, text[first:last], first, last, text[pos:first])
            pos = last
            try:
                feed(token)
            except UnexpectedToken as e:
                if on_error is None or not on_error(e, ip):
                    raise
                in_run = False
                continue
            in_run = token.type in runs
            if in_run and state.lands is not False:
                after = states.get(id(choices())) or self._state(choices())
                if state.lands is None:
                    state.lands = after
                elif state.lands is not after:
                    state.lands = False  # depends on more than the state: never join here
        return ip.feed_eof(token)


def compiled(pattern: str) -> re.Pattern:
    """``re.compile(pattern)``, from the regex engine's code kept on disk between processes
    when this Python has compiled the pattern before. A parser state's scanner is a few KB
    of alternatives; compiling the four a short text needs took half of a short ``tagtext
    rewrite``'s parse. What is kept is the engine's code for the pattern: one JSON file per
    pattern, in this user's private cache folder (:func:`cache_folder`); the engine checks
    code it is given, and anything missing or unreadable is compiled as usual."""
    import hashlib
    import json
    try:
        import _sre
        from re import _compiler, _parser
    except ImportError:  # another Python than CPython
        return re.compile(pattern)
    folder = cache_folder()
    path = os.path.join(folder, hashlib.sha256(pattern.encode()).hexdigest()[:32] + ".json") if folder else None
    if path is not None:
        try:
            with open(path, encoding="utf-8") as f:
                got = json.load(f)
            if got[0] == pattern:
                flags, code, groups, groupindex, indexgroup = got[1:]
                return _sre.compile(pattern, flags, code, groups, groupindex, tuple(indexgroup))
        except Exception:  # noqa: BLE001 - none kept, or not usable: compile it
            pass
    try:
        parsed = _parser.parse(pattern, 0)
        code = _compiler._code(parsed, 0)
        groupindex = dict(parsed.state.groupdict)
        indexgroup = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        entry = [pattern, parsed.state.flags, list(code), parsed.state.groups - 1, groupindex, indexgroup]
        regex = _sre.compile(pattern, *entry[1:5], tuple(indexgroup))
    except Exception:  # noqa: BLE001 - the engine's internals changed: compile as usual
        return re.compile(pattern)
    if path is not None:
        tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(entry, f)
            os.replace(tmp, path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return regex


@functools.lru_cache(maxsize=1)
def cache_folder() -> str | None:
    """The folder where this Python and user keep what start-up would otherwise compute
    again (made if missing): the scanners (:func:`compiled`) and Lark's parse tables
    (:func:`lark_cache`); None where no private folder can be had (nothing is kept then).
    Both are code to this process (Lark's tables are a pickle), so they are read only from
    a folder nobody else can write (:func:`_own_private_folder`)."""
    import _sre
    import hashlib
    import tempfile
    version = hashlib.sha256(f"{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}".encode()).hexdigest()[:16]
    user = os.getuid() if hasattr(os, "getuid") else 0
    folder = os.path.join(tempfile.gettempdir(), f".tagtext_cache_{version}_{user}")
    return folder if _own_private_folder(folder, user) else None


def lark_cache(grammar: str, lexer: str) -> str | bool:
    """Lark's ``cache`` option for ``grammar`` built with ``lexer``: a file in
    :func:`cache_folder`, or False (no cache) without one. Never Lark's own ``cache=True``,
    a file of a predictable name in the shared temporary directory, which Lark unpickles
    (runs) before checking anything and writes through a link: anyone could plant one there
    for root's next run (issue 20). Lark checks that the file is of this grammar, options and
    Lark's version, and builds and writes the tables again when it is not or cannot be read."""
    import hashlib
    folder = cache_folder()
    if folder is None:
        return False
    key = hashlib.sha256(f"{lexer}|{grammar}".encode()).hexdigest()[:32]
    return os.path.join(folder, f"lark_{key}.pickle")


def _own_private_folder(folder: str, user: int) -> bool:
    """Whether ``folder`` (made if missing) is a real folder, not a link, of this user that
    nobody else can write: in a shared temporary directory anyone can plant a link or a
    folder under the expected name, and code read from it would match card text (issue 20:
    root never works through someone else's link)."""
    import stat
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        st = os.lstat(folder)
        parent = os.stat(os.path.dirname(os.path.abspath(folder)))
    except OSError:
        return False
    if not stat.S_ISDIR(st.st_mode) or st.st_mode & 0o022:
        return False  # a link, a file, or a folder others can write in: not read
    if parent.st_mode & 0o002 and not parent.st_mode & stat.S_ISVTX:
        return False  # in a folder anyone may rename it in (no sticky bit): swapped after the check
    return not hasattr(os, "getuid") or st.st_uid == user




class Lexeme(Token):
    """A Lark token that also keeps the ignored text (whitespace) before it, which is how
    leaves keep their whitespace and a tree prints back to its input."""

    __slots__ = ("prefix",)

    @classmethod
    def make(cls, type_: str, value: str, start: int, end: int, prefix: str) -> "Lexeme":
        """A new token: its type, text, span and prefix; no line or column (nothing here
        reads them). It sets ``Token``'s documented attributes directly: there is a token
        per word, and ``Token``'s constructor costs three times as much."""
        tok = str.__new__(cls, value)
        tok.type = type_
        tok.value = value
        tok.start_pos = start
        tok.end_pos = end
        tok.line = tok.column = tok.end_line = tok.end_column = None
        tok.prefix = prefix
        return tok


def lexeme(tok: Token, prefix: str, type_: str | None = None) -> Lexeme:
    """``tok`` as a Lexeme with this prefix (and type)."""
    out = Lexeme.new_borrow_pos(type_ or tok.type, tok.value, tok)
    out.prefix = prefix
    return out


def _lark_order(terminal):
    """The order Lark's lexer tries terminals in (``lark.lexer.BasicLexer``): priority, then
    the longest possible match, then the longest pattern, then the name."""
    return (-terminal.priority, -terminal.pattern.max_width, -len(terminal.pattern.value), terminal.name)


def _refuse_embedded_strings(terminals) -> None:
    """Lark retypes a regex terminal's match that equals a same-priority string terminal
    (its "unless" callback); the driver does not, so a grammar that needs it is refused."""
    strings = [t for t in terminals if t.pattern.type == "str"]
    if not strings:
        return
    for regex in (t for t in terminals if t.pattern.type == "re"):
        compiled = re.compile(regex.pattern.to_regexp())
        for s in strings:
            if s.priority == regex.priority and compiled.fullmatch(s.pattern.value):
                raise ValueError(f"terminal {s.name} ({s.pattern.value!r}) is also matched by {regex.name} "
                                 "at the same priority: give one of them another priority")
