"""The LALR(1) driver that runs the effect grammar.

Lark compiles ``grammar/effect.lark``: it computes the LALR(1) parse table and, for each
parser state, the terminals the contextual lexer may match there. This module runs that
table. It does what Lark's own parser does - contextual lexing, the postlexer, shift and
reduce, building nodes with the same :class:`~tagtext.syntax.parser.AstBuilder` methods,
splicing the children of inlined ``_rules`` - in one loop, which makes parsing the card
corpus about twice as fast as going through Lark's layered parser. Nothing else differs:
``tests/test_driver.py`` parses every corpus text both ways and compares the trees.

A token no parser action expects is kept as an ``OTHER`` item (LALR merges lookaheads,
so a closer such as ``＞`` can be lexed where it then fits nowhere): one odd character
never costs a whole card.
"""

from __future__ import annotations

from lark.parsers.lalr_analysis import Shift

from ..errors import ParseError
from .postlex import TokenContext


class _Splice(list):
    """Children of an inlined rule, waiting to be spliced into their parent's."""

    __slots__ = ()


def _reducer(rule, method):
    """A function from a rule's children to its value."""
    expand = tuple(
        i for i, sym in enumerate(rule.expansion)
        if not sym.is_term and sym.name.startswith("_")
    )
    if method is None:  # an inlined rule: its value is its children
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
        reducers = {}
        for rule in lark.rules:
            name = rule.alias or rule.origin.name
            method = None if name.startswith("_") else getattr(builder, name)
            reducers[rule] = (len(rule.expansion), rule.origin.name, _reducer(rule, method))
        self.states = {
            state: {
                symbol: (True, arg) if action is Shift else (False, reducers[arg])
                for symbol, (action, arg) in actions.items()
            }
            for state, actions in table.states.items()
        }
        self.start_state = table.start_states[start]
        self.end_state = table.end_states[start]

    def parse(self, text: str, source: str | None = None):
        states = self.states
        end_state = self.end_state
        next_token = self.lexer.next_token
        retype = TokenContext().retype
        state_stack = [self.start_state]
        value_stack: list = []
        pos = 0
        end = len(text)
        while True:
            tok = next_token(text, pos, end, state_stack[-1])
            if tok is False:
                at = self.lexer.skip(text, pos).end()
                raise ParseError(f"unexpected character {text[at]!r}", text, at, source)
            if tok is None:
                return self._finish(state_stack, value_stack, text, source)
            retype(tok)
            pos = tok.end_pos
            actions = states[state_stack[-1]]
            while True:
                action = actions.get(tok.type)
                if action is None:
                    if tok.type == "OTHER":
                        raise ParseError(f"unexpected {tok.value!r}", text, tok.start_pos, source)
                    tok.type = "OTHER"  # keep it as plain text and go on
                    continue
                if action[0]:
                    state_stack.append(action[1])
                    value_stack.append(tok)
                    break
                size, origin, reduce = action[1]
                if size:
                    children = value_stack[-size:]
                    del value_stack[-size:]
                    del state_stack[-size:]
                else:
                    children = []
                value_stack.append(reduce(children))
                state_stack.append(states[state_stack[-1]][origin][1])
                actions = states[state_stack[-1]]

    def _finish(self, state_stack, value_stack, text, source):
        states = self.states
        while True:
            action = states[state_stack[-1]].get("$END")
            if action is None or action[0]:
                raise ParseError("unexpected end of text", text, len(text), source)
            size, origin, reduce = action[1]
            if size:
                children = value_stack[-size:]
                del value_stack[-size:]
                del state_stack[-size:]
            else:
                children = []
            value_stack.append(reduce(children))
            state_stack.append(states[state_stack[-1]][origin][1])
            if state_stack[-1] == self.end_state:
                return value_stack[-1]
