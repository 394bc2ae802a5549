"""The Build Divide tree builder and grammar, as the engine's syntax kit runs them (imported
by :mod:`.parser` at the first parse: it imports Lark, which a text no rule's trigger meets
never needs).

``grammar/bd.lark``, run by the engine's syntax kit (:mod:`tagtext.syntax.grammar`). The
tree is built while Lark parses (an inline :class:`lark.Transformer`). Plain text is lexed
as one TEXT token per run of kanji, kana, Latin letters, digits and signs, and the builder
cuts it into the leaves the engine's shared terminals for unspaced text
(:mod:`tagtext.syntax.unspaced`: KANJI, HIRAGANA, KATAKANA, LATIN, NUMBER, SIGN) would lex,
one per run of one script (:data:`_SCRIPT_RUN`).
"""

from __future__ import annotations

import re


from ...syntax.checks import keep_as_other
from ...syntax.grammar import Grammar
from ...syntax.text_builder import TextBuilder
from . import nodes as b
from .parser import check_text

GRAMMAR_PACKAGE = "tagtext.packs.bd_tag"
GRAMMAR_FILE = "grammar/bd.lark"

_LEAF_CLASS = {
    "NUMBER": b.Number, "KANJI": b.Words, "HIRAGANA": b.Words, "KATAKANA": b.Words, "LATIN": b.Words,
    "SIGN": b.Words, "COST": b.Cost, "CARD_NAME": b.CardName, "BOOK_NAME": b.BookName, "QUOTE": b.Quote,
    "KEYWORD": b.Keyword, "SQUARE": b.Square, "ICON": b.Icon, "LABEL": b.Label, "NEWLINE": b.LineBreak,
    "LPAR": b.Punct, "RPAR": b.Punct, "STOP": b.Punct, "COMMA": b.Punct, "COLON": b.Punct, "OTHER": b.Other,
}

#: the leaves of a TEXT token: a run of one script, each alternative the characters of the
#: shared terminal (tagtext/syntax/unspaced.lark) that lexes it: KANJI, HIRAGANA, KATAKANA,
#: LATIN, NUMBER, and SIGN (a sign is one leaf per character). Together they are TEXT's
#: characters (grammar/bd.lark), so a token's runs follow each other with nothing between.
_SCRIPT_RUN = re.compile(r"[\u3005\u3006\u4e00-\u9fff]+|[\u3041-\u309f]+|[\u30a1-\u30ff\uff66-\uff9f]+"
                         r"|[A-Za-zＡ-Ｚａ-ｚ]+|[0-9０-９]+|[+＋\-－―‐−]")
#: how a NUMBER run starts (every other run is Words)
_DIGITS = "0123456789０１２３４５６７８９"


class CardTextBuilder(TextBuilder):
    """Builds the Build Divide nodes while Lark parses. Methods are named after grammar
    rules; children are told apart by their class, never by position."""

    leaf_classes = _LEAF_CLASS
    other = b.Other

    @staticmethod
    def script_runs(tok) -> list[b.Leaf]:
        """A TEXT token's leaves: one per run of one script (a :class:`~.nodes.Number` for
        digits, :class:`~.nodes.Words` for the others), each with its own span; the
        whitespace before the token is the first one's prefix."""
        at, prefix = tok.start_pos, tok.prefix
        out = []
        for run in _SCRIPT_RUN.findall(tok):
            to = at + len(run)
            out.append((b.Number if run[0] in _DIGITS else b.Words)(at, to, prefix, run))
            at, prefix = to, ""
        return out

    def reminder(self, children):
        parts = self._nodes(children)
        opener, close = parts[0], parts[-1]
        return b.Reminder(opener.start, close.end, opener, tuple(parts[1:-1]), close)

    def open_reminder(self, children):
        parts = self._nodes(children)
        opener = parts[0]
        return b.Reminder(opener.start, parts[-1].end, opener, tuple(parts[1:]), None)

    def sentence(self, children):
        parts = self._nodes(children)
        return b.Sentence(parts[0].start, parts[-1].end, parts[:-1], parts[-1])

    def open_sentence(self, children):
        parts = self._nodes(children)
        return b.Sentence(parts[0].start, parts[-1].end, parts, None)

    def start(self, children):
        return b.CardText(0, 0, self._nodes(children), "")  # the kit gives it its span and trailing text


#: The grammar, as the engine's syntax kit runs it.
GRAMMAR = Grammar(GRAMMAR_PACKAGE, GRAMMAR_FILE, CardTextBuilder, words=b.Words, recover=keep_as_other,
                  check=check_text)
