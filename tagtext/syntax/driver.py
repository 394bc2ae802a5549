"""The LALR(1) driver that runs the effect grammar.

Lark compiles ``grammar/effect.lark``: it computes the LALR(1) parse table and, for each
parser state, the terminals the contextual lexer may match there. This module runs that
table. It does what Lark's own parser does - contextual lexing, the postlexer, shift and
reduce, building nodes with the same :class:`~tagtext.syntax.parser.AstBuilder` methods,
splicing the children of inlined ``_rules`` - in one loop, with two standard LR
optimisations:

- default reductions: a state whose only action is one reduction reduces right after
  the shift, without waiting for the next token (the next token is still lexed in that
  state, as Lark does, so lexing is unchanged);
- list appends: Lark turns ``x+`` into a left-recursive rule; reducing it appends the
  new item to the list built so far.

It is about twice as fast as Lark's layered parser on card text. Nothing else differs:
``tests/test_driver.py`` parses every corpus text both ways and compares the trees.

A token no parser action expects is kept as an ``OTHER`` item (LALR merges lookaheads,
so a closer such as ``＞`` can be lexed where it then fits nowhere): one odd character
never costs a whole card.
"""

from __future__ import annotations

from lark.parsers.lalr_analysis import Shift

from ..errors import ParseError
from ..packs.tag_tamer.syntax.postlex import TokenContext


class Token:
    """A token of the driver: what the tree builder reads of a Lark token."""

    __slots__ = ("type", "value", "start_pos", "end_pos", "prefix")

    def __init__(self, type_: str, value: str, start: int, end: int, prefix: str):
        self.type = type_
        self.value = value
        self.start_pos = start
        self.end_pos = end
        self.prefix = prefix

    def __repr__(self) -> str:
        return f"Token({self.type}, {self.value!r}, {self.start_pos})"


class _Splice(list):
    """Children of an inlined rule, waiting to be spliced into their parent's."""

    __slots__ = ()


_APPEND = object()  # marks the reduction of a left-recursive list rule: list + one item


def _inlined(sym) -> bool:
    return not sym.is_term and sym.name.startswith("_")


def _reducer(rule, method):
    """A function from a rule's children to its value, or _APPEND."""
    expand = tuple(i for i, sym in enumerate(rule.expansion) if _inlined(sym))
    if method is None:  # an inlined rule: its value is its children
        if expand == (0,) and len(rule.expansion) == 2:
            return _APPEND
        if expand == (0,):
            def splice_left(children):
                first = children[0]
                first.extend(children[1:])
                return first
            return splice_left

        def splice(children):
            out = _Splice()
            for i, c in enumerate(children):
                if i in expand:
                    out.extend(c)
                else:
                    out.append(c)
            return out
        return splice
    if not expand:
        return method
    if expand == (0,) and len(rule.expansion) == 1:
        return lambda children: method(children[0])

    def build(children):
        kids = []
        for i, c in enumerate(children):
            if i in expand:
                kids.extend(c)
            else:
                kids.append(c)
        return method(kids)
    return build


class Driver:
    """Runs a compiled Lark grammar's LALR(1) table with our lexer, postlexer and builder."""

    def __init__(self, lark, builder, start: str = "start"):
        frontend = lark.parser
        table = frontend.parser._parse_table
        connector = frontend.lexer
        contextual = getattr(connector, "lexer", connector)
        self.lexer = contextual.state_lexer
        reductions = {}
        for rule in lark.rules:
            name = rule.alias or rule.origin.name
            method = None if name.startswith("_") else getattr(builder, name)
            reduce = _reducer(rule, method)
            reductions[rule] = (len(rule.expansion), rule.origin.name, reduce)
        #: state -> symbol -> (True, next state) | (False, (size, goto symbol, reduce))
        self.states = {
            state: {
                symbol: (True, arg) if action is Shift else (False, reductions[arg])
                for symbol, (action, arg) in actions.items()
            }
            for state, actions in table.states.items()
        }
        #: state -> its reduction, for states whose every action is that one reduction
        self.default = {}
        for state, actions in table.states.items():
            kinds = {(action is Shift, arg) for action, arg in actions.values()}
            if len(kinds) == 1:
                is_shift, rule = next(iter(kinds))
                if not is_shift:
                    self.default[state] = reductions[rule]
        self.start_state = table.start_states[start]
        self.end_state = table.end_states[start]

    def parse(self, text: str, source: str | None = None):
        states = self.states
        default = self.default
        lexer = self.lexer
        tables = lexer.tables
        skip = lexer.skip
        extend_run = lexer._extend_run
        runs = lexer.runs
        retype = TokenContext().retype
        state_stack = [self.start_state]
        value_stack: list = []
        reduce = self._reduce_into(states, state_stack, value_stack)
        lex_state = self.start_state  # the state the next token is lexed in
        pos = 0
        end = len(text)
        while True:
            # --- lex one token (StateLexer.next_token, inlined)
            start = skip(text, pos).end()
            if start >= end:
                return self._finish(state_stack, value_stack, text, source)
            for type_, match in tables[lex_state][text[start]]:
                m = match(text, start)
                if m is not None:
                    break
            else:
                raise ParseError(f"unexpected character {text[start]!r}", text, start, source)
            stop = m.end()
            if type_ == "WORDS" and runs:
                stop = extend_run(text, stop, end)
            tok = Token(type_, text[start:stop], start, stop, text[pos:start])
            pos = stop
            instead = retype(tok)
            for tok in instead or (tok,):
                # --- shift it, reducing first as the table says
                actions = states[state_stack[-1]]
                while True:
                    action = actions.get(tok.type)
                    if action is None:
                        if tok.type == "OTHER":
                            raise ParseError(f"unexpected {tok.value!r}", text, tok.start_pos, source)
                        tok.type = "OTHER"  # keep it as plain text and go on
                        continue
                    if action[0]:
                        break
                    reduce(action[1])
                    actions = states[state_stack[-1]]
                state_stack.append(action[1])
                value_stack.append(tok)
                lex_state = action[1]
                # --- default reductions
                while state_stack[-1] in default:
                    reduce(default[state_stack[-1]])

    @staticmethod
    def _reduce_into(states, state_stack, value_stack):
        """The function that applies one reduction to these stacks."""
        def reduce(reduction):
            size, origin, build = reduction
            if build is _APPEND:  # the common case: one more item for a list
                item = value_stack.pop()
                value_stack[-1].append(item)
                del state_stack[-1]
            else:
                if size:
                    children = value_stack[-size:]
                    del value_stack[-size:]
                    del state_stack[-size:]
                else:
                    children = []
                value_stack.append(build(children))
                state_stack.append(None)
            state_stack[-1] = states[state_stack[-2]][origin][1]
        return reduce

    def _finish(self, state_stack, value_stack, text, source):
        states = self.states
        reduce = self._reduce_into(states, state_stack, value_stack)
        while True:
            action = states[state_stack[-1]].get("$END")
            if action is None or action[0]:
                raise ParseError("unexpected end of text", text, len(text), source)
            reduce(action[1])
            if state_stack[-1] == self.end_state:
                return value_stack[-1]
