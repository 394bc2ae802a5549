"""Duel Masters card text -> typed syntax tree (:class:`~.nodes.CardText`).

``grammar/dm.lark``, run by the engine's syntax kit (:mod:`tagtext.syntax.grammar`):
compiled once per process by Lark (LALR(1)), cached by Lark on disk, and
parsed by the engine's one-step contextual lexer. The tree is built while Lark parses (an
inline :class:`lark.Transformer`). Plain text is runs of one script, each a
:class:`~.nodes.Words` leaf that a rule may cut at any character (unspaced text).

Before parsing, :func:`check_text` refuses what cannot be read safely (one-line
:class:`~tagtext.errors.ParseError` naming line and column): a card name 《 or a quote 「
left open on its line (everything after it might be the name or the quote, which is never
rewritten), a number written in both widths (``1０``: which width would inserted digits
copy?), brackets nested more than :data:`MAX_NESTING` deep. What real data has and can be
read (a reminder ( left open to its line's end, a stray ), a reminder opened in one width
and closed in the other) parses, and :func:`quirks` says where, for the warnings.
"""

from __future__ import annotations

import re
import unicodedata

from lark.exceptions import UnexpectedToken

from ...syntax.grammar import Grammar
from ...syntax.text_builder import TextBuilder
from ...syntax.checks import keep_as_other, too_deep
from ...syntax.unspaced import bracket_quirks, mixed_width_number, unclosed_on_line
from . import nodes as d

GRAMMAR_PACKAGE = "tagtext.packs.dm_tag_commander"
GRAMMAR_FILE = "grammar/dm.lark"

_LEAF_CLASS = {
    "LATIN": d.Words, "SIGN": d.Words, "CARD_NAME": d.CardName, "QUOTE": d.Quote, "RUBY": d.Ruby,
    "KEYWORD": d.KeywordName, "LABEL": d.Label, "BULLET": d.AbilityMark, "MODE": d.ModeMark, "SIDE": d.SideMark,
    "NEWLINE": d.LineBreak, "LPAR": d.Punct, "RPAR": d.Punct, "STOP": d.Punct, "COMMA": d.Punct,
    "COLON": d.Punct, "OTHER": d.Other,
}


#: a player word: 相手, 自分, or プレイヤー not followed by katakana (プレイヤーズ is a word)
_PLAYER_WORD = r"相手|自分|プレイヤー(?![\u30a1-\u30fa\u30fc])"

#: the leaves of a TEXT token (kanji, kana and digits), in the order they are tried at each
#: character: a player word (the first group), or else (the second) a number or a run of one
#: script (kanji, hiragana, katakana) up to the next player word. (A run may read プレイヤー:
#: in プレイヤープレイヤー, the first is followed by katakana, the second is the player word.)
_TEXT_LEAF = re.compile(
    rf"({_PLAYER_WORD})|([0-9０-９]+|(?:(?!相手|自分)[\u3005\u3006\u4e00-\u9fff])+|[\u3041-\u309f]+"
    rf"|(?:(?!{_PLAYER_WORD})[\u30a1-\u30ff\uff66-\uff9f])+)")

#: a piece of a TEXT token that is not a player word: its first character -> its leaf kind
_TEXT_KIND = {digit: d.Number for digit in "0123456789０１２３４５６７８９"}


class CardTextBuilder(TextBuilder):
    """Builds the Duel Masters nodes while Lark parses. Methods are named after grammar
    rules; children are told apart by their class or terminal, never by position."""

    leaf_classes = _LEAF_CLASS
    other = d.Other

    @staticmethod
    def script_runs(tok) -> list[d.Leaf]:
        """A TEXT token's leaves, each with its own span: its player words, its numbers, and
        the runs of one script (kanji, hiragana, katakana) between them; the whitespace
        before the token is the first one's prefix."""
        out, at, prefix = [], tok.start_pos, tok.prefix
        for player, piece in _TEXT_LEAF.findall(tok):
            if player:
                piece, kind = player, d.PlayerWord
            else:
                kind = _TEXT_KIND.get(piece[0], d.Words)
            end = at + len(piece)
            out.append(kind(at, end, prefix, piece))
            at = end
            prefix = ""
        return out

    def reminder(self, children):
        parts = self._nodes(children)
        opener, close = parts[0], parts[-1]
        return d.Reminder(opener.start, close.end, opener, tuple(parts[1:-1]), close)

    def open_reminder(self, children):
        parts = self._nodes(children)
        opener = parts[0]
        return d.Reminder(opener.start, parts[-1].end, opener, tuple(parts[1:]), None)

    def keyword(self, children):
        name = self.leaf(children[0])
        reminder = next((c for c in children if isinstance(c, d.Reminder)), None)
        return d.Keyword(name.start, (reminder or name).end, name, reminder)

    keyword_open = keyword

    def sentence(self, children):
        parts = self._nodes(children)
        return d.Sentence(parts[0].start, parts[-1].end, parts[:-1], parts[-1])

    def open_sentence(self, children):
        parts = self._nodes(children)
        return d.Sentence(parts[0].start, parts[-1].end, parts, None)

    def start(self, children):
        return d.CardText(0, 0, self._nodes(children), "")  # the kit gives it its span and trailing text


def _recover(error: UnexpectedToken, interactive) -> bool:
    """A token the parser did not expect (LALR merges lookaheads) is kept as plain text."""
    return keep_as_other(error, interactive)


def check_text(text: str, source: str | None = None) -> None:
    """Refuse, in one line, a text that cannot be read safely (see the module's docstring)."""
    unclosed_on_line(text, _OPENERS, _OPENS, source, no_nesting="《")
    mixed_width_number(text, source)
    too_deep(text, MAX_NESTING, source)


#: The grammar, as the engine's syntax kit runs it.
GRAMMAR = Grammar(GRAMMAR_PACKAGE, GRAMMAR_FILE, CardTextBuilder, words=d.Words, recover=_recover,
                  check=check_text)


def parse(text: str, source: str | None = None, parts=None) -> d.CardText:
    """Parse one card text (with ``parts``, only those spans). Raises
    :class:`tagtext.errors.ParseError` (never a Lark exception) for what
    :func:`check_text` refuses; the grammar itself is total."""
    return GRAMMAR.parse(text, source, parts)


def parse_with_lark_lexer(text: str) -> d.CardText:
    """The same parse with Lark's own contextual lexer: the reference :func:`parse` is
    checked against (tests)."""
    return GRAMMAR.parse_with_lark_lexer(text)


# ----------------------------------------------------------------------------- checks

#: How deep brackets may nest. Card text nests two deep; the tree and its printing
#: recurse, so a text nesting hundreds deep is refused at the bracket that goes too deep.
MAX_NESTING = 100

_OPENERS = {"《": "》", "「": "」", "｢": "｣"}
_OPENS = {"《": "card name", "「": "quote", "｢": "quote"}
_REMINDER_CLOSE = {"(": ")", "（": "）"}


#: half-width katakana (ｸﾘｰﾁｬｰ): never in official text, so no rule's pattern reads it
HALF_WIDTH_KATAKANA = re.compile(r"[\uff66-\uff9f]+")


def quirks(text: str) -> list[tuple[int, str]]:
    """(offset, what) for what real data has and the parser reads anyway: a reminder ( left
    open to its line's end, a ) with no (, a reminder opened in one width and closed in the
    other; and half-width katakana, which the rules do not read. Empty for almost every text."""
    out: list[tuple[int, str]] = []
    kana = HALF_WIDTH_KATAKANA.search(text)
    if kana is not None:
        out.append((kana.start(), f"half-width katakana {kana.group()!r}: the rules read official text, written "
                                  f"full-width ({unicodedata.normalize('NFKC', kana.group())}); this text may "
                                  f"not be rewritten as it should"))
    return out + bracket_quirks(text, _REMINDER_CLOSE)
