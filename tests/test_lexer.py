"""The lexer against Lark's own ContextualLexer, token by token, over the whole corpus.

tagtext lexes with first-character dispatch and joins runs of plain words into one WORDS
token (tagtext.syntax.lexer). Lark's stock contextual lexer, driven by Lark's own parser,
is the reference: after splitting WORDS runs into words, both must give the same tokens.
"""

from __future__ import annotations

import re

import pytest
from lark import Lark, Transformer

from tagtext.syntax import lexer as lexer_module
from tagtext.packs.tag_tamer.syntax.parser import _recover, grammar_text
from tagtext.packs.tag_tamer.syntax.postlex import ContextTyper, TokenContext
from tagtext.packs.tag_tamer.syntax.parser import parse

SEPARATOR = re.compile(lexer_module.SEPARATOR)


class _Recorder(ContextTyper):
    def __init__(self):
        self.tokens = []

    def process(self, stream):
        for tok in super().process(stream):
            self.tokens.append(tok)
            yield tok


class _Nothing(Transformer):
    def __default__(self, data, children, meta):
        return None


@pytest.fixture(scope="module")
def stock():
    recorder = _Recorder()
    lark = Lark(grammar_text(), parser="lalr", lexer="contextual", postlex=recorder,
                maybe_placeholders=False)
    return lark, recorder


def _words(tokens):
    """(type, text, start) per token, WORDS runs split into their words."""
    out = []
    for tok in tokens:
        if tok.type == "WORDS":
            pos = 0
            for gap in list(SEPARATOR.finditer(tok.value)) + [None]:
                stop = gap.start() if gap else len(tok.value)
                out.append(("WORDS", tok.value[pos:stop], tok.start_pos + pos))
                pos = gap.end() if gap else pos
        else:
            out.append((tok.type, tok.value, tok.start_pos))
    return out


def _ours(text):
    seen = []
    original = TokenContext.retype

    def recording(self, tok):
        instead = original(self, tok)
        seen.extend(instead or [tok])
        return instead

    TokenContext.retype = recording
    try:
        parse(text)
    finally:
        TokenContext.retype = original
    return seen


def test_same_tokens_as_larks_contextual_lexer(stock, corpus_texts):
    lark, recorder = stock
    differing, recovered = [], 0
    for card_id, field, text in corpus_texts:
        recorder.tokens = []
        recoveries = []
        lark.parse(text, on_error=lambda e: recoveries.append(e) or _recover(e))
        if recoveries:
            recovered += 1  # Lark's recovery restarts its postlexer; not comparable
            continue
        if _words(recorder.tokens) != _words(_ours(text)):
            differing.append(f"{card_id} {field}")
    assert differing == []
    assert recovered <= 10


def test_runs_of_plain_words_are_one_token():
    tokens = _ours("You may play 1 Tamer card from your hand without paying the cost.")
    assert [t.value for t in tokens if t.type == "WORDS"] == ["may play", "card from", "without paying the"]


def test_grammar_ignore_is_the_lexers_separator():
    lark = Lark(grammar_text(), parser="lalr", lexer="basic")
    ignored = [t.pattern.to_regexp() for t in lark.terminals if t.name in lark.ignore_tokens]
    assert ignored == [lexer_module.SEPARATOR]
