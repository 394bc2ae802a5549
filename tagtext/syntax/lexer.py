"""Contextual lexing for the effect grammar, and the token type that carries whitespace.

Lark's ContextualLexer picks, for each parser state, the terminals that state accepts and
matches them in priority order. :class:`StateLexer` keeps exactly those semantics - it is
built from Lark's own per-state terminal sets, in Lark's own terminal order - and changes
only the mechanics, which dominate parse time on card text:

- first-character dispatch: at each position only the terminals that can begin with the
  character there are tried, in Lark's order (``firstchar.py``); card text is mostly
  plain words, which would otherwise fail through every other terminal first;
- no line and column counting (a parse error computes them from the offset);
- each token records the ignored text before it (``Lexeme.prefix``), which is how leaves
  keep their whitespace and a tree prints back to its input;
- runs of plain words: a ``WORDS`` match goes on over the next word, and the next, for as
  long as no other terminal that may follow a plain word could match there. Lark would
  lex the same words one by one as ``WORDS`` tokens; the parser gets one token instead
  of several (plain words are half of card text); the tree keeps the run as one
  ``Words`` leaf. Runs stop at line ends; inside a card-header line the postlexer splits
  a run where header vocabulary ends.

:class:`FastContextualLexer` plugs it into Lark (``_plugins={"ContextualLexer": ...}``) so
Lark's own parser can run with it; ``tests/test_lexer.py`` checks both against Lark's
ContextualLexer over the whole card corpus.
"""

from __future__ import annotations

import re

from lark import Token
from lark.lexer import ContextualLexer, LexerState

from .firstchar import first_chars

#: Whitespace between tokens, and the no-break-space entity: the grammar's %ignore.
SEPARATOR = "(?:[^\\S\r\n]|&(?:#160|#[xX][aA]0|nbsp);)+"  # as Lark compiles it

#: Terminals that never stop a run of plain words (the words themselves, and what can
#: only match where a word cannot begin).
_RUN_NEUTRAL = frozenset({"WORD", "WORDS", "OTHER", "PUNCT"})


class Lexeme(Token):
    """A Lark token that also knows the whitespace before it."""

    __slots__ = ("prefix",)


def new_lexeme(type_: str, value: str, start: int, end: int, prefix: str) -> Lexeme:
    tok = str.__new__(Lexeme, value)
    tok.type = type_
    tok.value = value
    tok.start_pos = start
    tok.end_pos = end
    tok.line = tok.column = tok.end_line = tok.end_column = None
    tok.prefix = prefix
    return tok


_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


class _Dispatch(dict):
    """Character -> the terminals that can start with it, in match order, as
    ``(name, bound match method)`` pairs (filled lazily).

    Trying them one by one and taking the first that matches is what Lark's alternation
    of the same terminals does; each terminal's pattern is compiled once for all states
    (``compiled``), where one alternation per state and character would mean compiling
    hundreds of large patterns at every start-up.
    """

    def __init__(self, terminals, flags, compiled: dict):
        super().__init__()
        self._terminals = terminals  # [(name, regexp, first ASCII chars)], in match order
        self._flags = flags
        self._compiled = compiled  # shared by all tables: terminal name -> match method

    def __missing__(self, char: str) -> tuple:
        if char < "\x80":
            chosen = [t for t in self._terminals if char in t[2]]
        else:
            chosen = list(self._terminals)
        matchers = []
        for name, regexp, _ in chosen:
            match = self._compiled.get(name)
            if match is None:
                match = self._compiled[name] = re.compile(regexp, self._flags).match
            matchers.append((name, match))
        self[char] = found = tuple(matchers)
        return found


def first_match(matchers: tuple, text: str, pos: int):
    """``(name, match)`` of the first terminal in ``matchers`` matching at ``pos``, or None."""
    for name, match in matchers:
        m = match(text, pos)
        if m is not None:
            return name, m
    return None


class StateLexer:
    """Lexes one token at a time for a given parser state."""

    def __init__(self, terminals_by_name, ignore: list[str], basic_lexers: dict, flags: int,
                 accepts: dict):
        """``basic_lexers``: parser state -> Lark BasicLexer holding that state's terminals;
        ``accepts``: parser state -> every terminal name the state accepts."""
        ignore_patterns = [terminals_by_name[name].pattern.to_regexp() for name in ignore]
        if ignore_patterns != [SEPARATOR]:
            raise ValueError("the grammar's %ignore must be lexer.SEPARATOR")
        # Possessive: whitespace is never given back to a terminal that could also match it.
        self.skip = re.compile("(?:%s)*+" % SEPARATOR, flags).match
        self._terminals_by_name = terminals_by_name
        self._basic_lexers = basic_lexers
        self._accepts = accepts
        self._flags = flags
        self._first: dict[str, frozenset[str]] = {}
        self._compiled: dict[str, object] = {}
        self.runs = False
        #: parser state -> first-character dispatch table
        self.tables: dict[int, _Dispatch] = {}
        self._build_tables()

    def use_runs(self, shift_targets) -> None:
        """Lex runs of plain words as one WORDS token.

        ``shift_targets``: the parser states reached by shifting a WORDS token. The next
        word is lexed in one of them, so a run may go on over it unless a terminal one of
        them accepts could match there.
        """
        stops = set()
        for state in shift_targets:
            stops.update(self._accepts[state])
        self._stop_terminals = [
            (name, self._terminals_by_name[name].pattern.to_regexp(), self._first_of(name))
            for name in sorted(stops - _RUN_NEUTRAL)
            if name in self._terminals_by_name
        ]
        self._stops = _Dispatch(self._stop_terminals, self._flags, self._compiled)
        word = self._terminals_by_name["WORDS"].pattern.to_regexp()
        self._gap_word = re.compile("%s(%s)" % (SEPARATOR, word), self._flags).match
        self.runs = True

    def _first_of(self, name: str) -> frozenset[str]:
        found = self._first.get(name)
        if found is None:
            found = first_chars(self._terminals_by_name[name].pattern.to_regexp(), self._flags)
            self._first[name] = found
        return found

    def _build_tables(self) -> None:
        by_lexer: dict[int, _Dispatch] = {}
        for state, basic in self._basic_lexers.items():
            table = by_lexer.get(id(basic))
            if table is None:
                # Lark adds callbacks for literal-string terminals that a regexp also
                # matches, and for user lexer callbacks; the grammar uses neither.
                if basic.user_callbacks or any(t.pattern.type == "str" for t in basic.terminals):
                    raise TypeError("StateLexer needs regexp terminals and no lexer callbacks")
                terminals = []
                # BasicLexer.terminals is already in Lark's match order (priority, width).
                for t in basic.terminals:
                    if t.name in basic.ignore_types:
                        continue
                    terminals.append((t.name, t.pattern.to_regexp(), self._first_of(t.name)))
                table = _Dispatch(terminals, self._flags, self._compiled)
                by_lexer[id(basic)] = table
            self.tables[state] = table

    def next_token(self, text: str, pos: int, end: int, state: int):
        """The token at ``pos`` (after ignored text) for parser ``state``.

        Returns a Lexeme, None at the end of the text, or False when no terminal the
        state accepts matches.
        """
        start = self.skip(text, pos).end()
        if start >= end:
            return None
        found = first_match(self.tables[state][text[start]], text, start)
        if found is None:
            return False
        type_, m = found
        stop = m.end()
        if type_ == "WORDS" and self.runs:
            stop = self._extend_run(text, stop, end)
        return new_lexeme(type_, text[start:stop], start, stop, text[pos:start])

    def _extend_run(self, text: str, stop: int, end: int) -> int:
        """The end of the run of plain words that ends its first word at ``stop``."""
        gap_word = self._gap_word
        stops = self._stops
        while True:
            m = gap_word(text, stop)
            if m is None:
                return stop
            at = m.start(1)
            for _, match in stops[text[at]]:
                if match(text, at) is not None:
                    return stop
            stop = m.end()


class FastContextualLexer(ContextualLexer):
    """Lark plugin: ContextualLexer with :class:`StateLexer` mechanics."""

    def __init__(self, conf, states, always_accept=()):
        super().__init__(conf, states, always_accept)
        accepts = {state: set(names) | set(always_accept) for state, names in states.items()}
        self.state_lexer = StateLexer(
            conf.terminals_by_name, list(conf.ignore), self.lexers, conf.g_regex_flags, accepts
        )

    def lex(self, lexer_state: LexerState, parser_state):
        text = lexer_state.text.text
        end = lexer_state.text.end
        line_ctr = lexer_state.line_ctr
        next_token = self.state_lexer.next_token
        while True:
            tok = next_token(text, line_ctr.char_pos, end, parser_state.position)
            if tok is None:
                line_ctr.char_pos = end
                return
            if tok is False:
                # Nothing the current state accepts matches: Lark reports it precisely.
                line_ctr.char_pos = self.state_lexer.skip(text, line_ctr.char_pos).end()
                yield self.lexers[parser_state.position].next_token(lexer_state, parser_state)
                return
            line_ctr.char_pos = tok.end_pos
            lexer_state.last_token = tok
            yield tok
