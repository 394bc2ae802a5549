"""Tokens of the effect grammar: whitespace kept on each, and token types by where they
stand, which LR(1) lookahead cannot see.

Whitespace. The grammar ignores whitespace (and the entity ``&#160;``); each token is a
:class:`~tagtext.syntax.lalr.Lexeme` that also carries the ignored text before it
(``prefix``), which is how leaves keep their whitespace and a tree prints back to its
input (the engine's syntax kit, :mod:`tagtext.syntax.grammar`, does this for every pack).

Two decisions, made by :class:`TokenContext` token by token (:class:`EffectTokens`, the
pack's token stream, on the driver's path and on Lark's own):

Labels. ``[When Digivolving]`` opens an effect at the start of a line, after a full stop,
after reminder text or a keyword, after another label, or right after a card-header line
(old sets glue effects together: ``...in play.[End of Your Turn]``,
``Digivolve: 1 from [Machinedramon][On Play]``). Anywhere else it is a reference inside a
sentence: "activate this Digimon's [When Digivolving] effect". ``LABEL`` becomes
``BLOCK_LABEL`` or ``LABEL_REF``. A bare label (``When Digivolving``, as wiki pages print
labels) at the start of a line opens the line's effect (``BARE_LABEL``); after another
boundary it opens an effect too (``BARE_BLOCK_LABEL``); anywhere else it is plain words.

Header words. A card-header line ("Digivolve: 3 from Lv.4 w/[Chessmon] in name",
"DigiXros -1: ∞ Digimon cards w/[Xros Heart] trait & different card numbers") is followed
on the same line, in old sets, by effect text with no separator. While a header is open,
its vocabulary (``from``, ``in``, ``name``, ``trait``, ``Digimon``, ``:``, ``/`` ...)
becomes ``HWORD`` / ``HPUNCT``; the first token outside that vocabulary closes the header.
Doing this in the lexer would not work: LALR merges lookaheads, so header words would be
"acceptable" in body states too and body words would be lexed as header words.
"""

from __future__ import annotations

import re
from tagtext.syntax.grammar import Tokens
from tagtext.syntax.lalr import Lexeme

# Tokens after which a label opens a new effect.
_BOUNDARY_TYPES = frozenset({"NEWLINE", "KW_CLOSE", "RPAREN", "BARE_LABEL"})
_BOUNDARY_PUNCT = frozenset({".", "。"})
_HEADER_OPEN = frozenset({"HEADER_TAG", "HEADER_WORD"})

# Token types that belong to a header as they are.
_HEADER_KEEPS = frozenset({
    "CARD_REF", "NUMBER", "LV", "LEVEL_NUMBER", "COST", "COST_NUMBER", "COLOR", "N_COLOR", "CMP",
    "W_SLASH",
})
# Keyword brackets belong to a header only in "w/＜Save＞ in text".
_KEYWORD_TYPES = frozenset({"KW_OPEN", "KW_NAME", "KW_CLOSE"})
# Words of header vocabulary, whatever the lexer made of them (WORD, THE, LEVEL, OF ...).
_HEADER_WORDS = re.compile(
    r"(?:w/o|from|if|name|names|contains|in|its|text|trait|traits|any|or|and|lower|higher"
    r"|Digimon|cards?|different|levels?|numbers|Tamers?|Play|Option|x|the|under)",
    re.IGNORECASE,
)
_HEADER_PUNCT = frozenset({":", "/", "&", "+", ","})
_HEADER_WORD_TYPES = frozenset({"WORDS", "WORD", "THE", "OF", "LEVEL"})


class TokenContext:
    """What one parse has seen so far; :meth:`retype` types each token in turn."""

    __slots__ = ("boundary", "in_header", "in_keyword", "after_with", "line_start")

    def __init__(self):
        self.line_start = True    # nothing but bare labels yet on this line
        self.boundary = True      # a label here opens an effect
        self.in_header = False    # a card-header line is open
        self.in_keyword = False   # inside ＜...＞ that a header's "w/" opened
        self.after_with = False   # the previous header token was "w/"

    def retype(self, tok) -> None:
        """Set ``tok.type`` for where it stands (in place)."""
        type_ = tok.type
        if type_ == "LABEL":
            if self.boundary or self.in_header:
                tok.type = "BLOCK_LABEL"
                self.boundary = True
            else:
                tok.type = "LABEL_REF"
            self.in_header = False
            self.line_start = False
            return
        if type_ == "BARE_LABEL":
            if self.line_start:
                self.boundary = True
                return  # the line's own labels
            if self.boundary or self.in_header:
                tok.type = "BARE_BLOCK_LABEL"
                self.boundary = True
                self.in_header = False
            else:
                # "Main" of "your Main Phase", "Your Turn" named in a sentence: plain words
                tok.type = "WORDS"
                self.boundary = False
            return
        self.line_start = type_ == "NEWLINE"
        if self.in_header:
            if type_ in _HEADER_KEEPS:
                self.after_with = type_ == "W_SLASH"
                return
            if type_ in _KEYWORD_TYPES and (self.in_keyword or (self.after_with and type_ == "KW_OPEN")):
                self.in_keyword = type_ != "KW_CLOSE"
                self.after_with = False
                return
            if type_ == "PUNCT" and tok.value in _HEADER_PUNCT:
                tok.type = "HPUNCT"
                self.after_with = False
                return
            if type_ in _HEADER_WORD_TYPES and _HEADER_WORDS.fullmatch(tok.value):
                tok.type = "HWORD"
                self.after_with = False
                return
            self.in_header = self.in_keyword = self.after_with = False
        if type_ in _HEADER_OPEN:
            self.in_header = True
            self.boundary = False
        elif type_ == "NEWLINE":
            self.boundary = True
        else:
            self.boundary = type_ in _BOUNDARY_TYPES or (type_ == "PUNCT" and tok.value in _BOUNDARY_PUNCT)


class EffectTokens(Tokens):
    """The token stream of one parse (see :class:`tagtext.syntax.grammar.Tokens`): each
    token typed by a :class:`TokenContext` as it is made, on the driver's path and on
    Lark's own (``retype``), where the context carries over a recovered error."""

    __slots__ = ("context",)

    #: the token types retyping may produce, which every parser state must lex
    always_accept = ("LABEL", "BARE_LABEL", "WORDS", "PUNCT")

    def __init__(self):
        self.context = TokenContext()

    def make(self, type_: str, value: str, start: int, end: int, prefix: str) -> Lexeme:
        tok = Lexeme.make(type_, value, start, end, prefix)
        self.context.retype(tok)
        return tok

    def retype(self, tok: Lexeme) -> None:
        self.context.retype(tok)

    def joins(self) -> bool:
        """Plain words are typed by their text only inside a card header."""
        return not self.context.in_header
