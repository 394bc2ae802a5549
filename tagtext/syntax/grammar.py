"""A pack's grammar, from its ``.lark`` file to a syntax tree: the engine's syntax kit.

One :class:`Grammar` per pack owns everything between the grammar file and the tree:

- **Loading.** The ``.lark`` file is package data of the pack. Lark compiles it once per
  process (LALR(1), the pack's tree builder run inline, so no parse tree is built) and
  keeps the table on disk between processes, in this user's private cache folder
  (:func:`tagtext.syntax.lalr.lark_cache`).
- **The driver** (:mod:`tagtext.syntax.lalr`): Lark's parser, fed tokens the engine lexes
  in one step each, through Lark's public interactive API.
- **Parse errors**: :class:`tagtext.errors.ParseError` (one line, naming the source, with
  the offset and a caret excerpt), never a Lark exception.
- **Parsing parts of a text**: ``parse(text, parts=[(start, end), ...])`` parses only those
  spans; the text between them is kept as printed in
  :class:`~tagtext.syntax.nodes.Unparsed` leaves, so the tree still prints back to the
  whole text and every offset is the text's own. (The pipeline asks a pack which parts a
  rule could act on: ``Pack.parts``.)
- **The separator**: what the grammar's ``%ignore`` terminals match, as one pattern, read
  from the compiled grammar (:attr:`Grammar.separator`); the pack's ``Words`` leaves split
  at it (:mod:`tagtext.syntax.words`), and every leaf keeps what it skipped as its prefix.
- **Shared terminals**: a grammar may ``%import`` terminals from the engine's grammar files
  next to this module (``unspaced.lark``: runs of one script, brackets and punctuation of
  text written without spaces; see :mod:`tagtext.syntax.unspaced`).
- **The reference parse** (:meth:`Grammar.parse_with_lark_lexer`): the same grammar with
  Lark's own lexer, which the driver is tested against.

What a pack gives: the grammar file, its tree builder (a :class:`lark.Transformer` whose
methods are named after the grammar's rules, its ``start`` returning the pack's
:class:`~tagtext.syntax.nodes.Document` kind), its ``Words`` class and, if it needs them,
a token stream that types tokens by context (:class:`Tokens`), a recovery for tokens the
parser rejects, and the terminals the driver joins into runs.
"""

from __future__ import annotations

import functools
import pkgutil
import re
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterable, Sequence

from lark import Lark, Transformer
from lark.exceptions import UnexpectedToken
from lark.load_grammar import FromPackageLoader

from ..errors import ParseError
from . import nodes as n
from .lalr import Driver, Lexeme, NoToken, lark_cache, lexeme

#: (start, end) spans of a text
Parts = Sequence[tuple[int, int]]

#: where a pack's grammar finds the engine's shared grammar files (``%import unspaced ...``)
_ENGINE_GRAMMARS = FromPackageLoader(__package__, ("",))


class Tokens:
    """How one parse makes its tokens. This one gives each token its type as lexed and the
    text the grammar ignored before it (``prefix``); a pack whose tokens' types depend on
    what came before (Tag Tamer's labels and card headers) subclasses it. A new one is
    made for each parse (and for each part of a text)."""

    #: joins() -> whether a run of plain words may start joined here (see Driver.parse);
    #: None: only the words after a run's first are joined
    joins: Callable[[], bool] | None = None

    #: make(type, value, start, end, prefix) -> the token (Lexeme.make itself: a call less
    #: per token)
    make = staticmethod(Lexeme.make)

    def retype(self, tok: Lexeme) -> None:
        """Give ``tok`` the type it has where it stands (on Lark's own lexing path, which
        makes its tokens itself); nothing by default."""


class _PrefixPostlex:
    """Lark postlexer for the reference path (Lark's own lexer): gives each token the text
    before it (since the previous token) as its prefix, and the pack's token stream its
    say (``Tokens.retype``). A parse runs inside :meth:`parsing`, which tells it the text."""

    def __init__(self, always_accept: Iterable[str]):
        self.always_accept = tuple(always_accept)
        self._current: ContextVar = ContextVar("tagtext_reference_parse")

    @contextmanager
    def parsing(self, text: str, tokens: Tokens):
        reset = self._current.set([text, 0, tokens])
        try:
            yield
        finally:
            self._current.reset(reset)

    def process(self, stream):
        state = self._current.get()
        text, tokens = state[0], state[2]
        for tok in stream:
            out = lexeme(tok, text[state[1]:tok.start_pos])
            state[1] = tok.end_pos
            tokens.retype(out)
            yield out


class Grammar:
    """A pack's grammar (see the module docstring).

    ``package`` and ``path``: where the ``.lark`` file is (package data; ``package`` None:
    ``path`` is a file). ``builder``: the
    tree builder's class (made once; it must keep no state between parses). ``words``:
    the pack's ``Words`` class, whose segmentation this grammar binds. ``tokens``: the
    token stream's class (:class:`Tokens`). ``recover(error, interactive_parser)``: may
    place a token the parser rejects and return True. ``runs``: terminals whose
    consecutive tokens the builder joins anyway (plain words): the driver lexes the rest
    of a run in one match. ``always_accept``: terminals ``Tokens`` may retype tokens into.
    ``check(text, source)``: refuses a text before parsing (raises ParseError).
    """

    def __init__(self, package: str | None, path: str, builder: type[Transformer], *, words: type[n.Words],
                 tokens: type[Tokens] = Tokens, recover: Callable | None = None, runs: Iterable[str] = (),
                 always_accept: Iterable[str] = (), check: Callable[[str, str | None], None] | None = None):
        self.package = package
        self.path = path
        self.builder = builder
        self.words = words
        self.tokens = tokens
        self.recover = recover
        self.runs = tuple(runs)
        self.always_accept = tuple(always_accept)
        self.check = check
        self._postlex = _PrefixPostlex(self.always_accept)
        self._lock = threading.Lock()
        if words.segmentation is None:
            raise TypeError(f"{words.__name__} has no segmentation (tagtext.syntax.words.Segmentation)")
        words.segmentation.bind(self)

    def __repr__(self) -> str:
        return f"Grammar({self.package!r}, {self.path!r})"

    def text(self) -> str:
        """The grammar file's text (package data of ``package``; with no package, ``path``
        is a file of its own)."""
        if self.package is None:
            with open(self.path, encoding="utf-8") as f:
                return f.read()
        # pkgutil (which Lark imports anyway) rather than importlib.resources, whose readers
        # import zipfile: a short run reads nothing else of the package's data
        return pkgutil.get_data(self.package, self.path).decode("utf-8")

    @functools.cached_property
    def lark(self) -> Lark:
        """The compiled grammar: Lark's LALR(1) parser and the pack's tree builder, cached on
        disk by Lark. Built with Lark's basic lexer, which never runs (the driver lexes each
        parser state's terminals itself): loading it is a third quicker than with the
        contextual lexer, whose lexer per parser state only the reference parse uses."""
        return self._compile("basic")

    @functools.cached_property
    def _reference_lark(self) -> Lark:
        """The same grammar with Lark's contextual lexer, for :meth:`parse_with_lark_lexer`."""
        return self._compile("contextual")

    def _compile(self, lexer: str) -> Lark:
        with self._lock:
            text = self.text()
            return Lark(text, parser="lalr", lexer=lexer, postlex=self._postlex,
                        transformer=self.builder(), maybe_placeholders=False,
                        cache=lark_cache(text, lexer), import_paths=[_ENGINE_GRAMMARS])

    @functools.cached_property
    def driver(self) -> Driver:
        """Lark's parser for this grammar, lexed by the engine's one-step contextual lexer."""
        return Driver(self.lark, always_accept=self.always_accept, runs=self.runs)

    @functools.cached_property
    def separator(self) -> re.Pattern | None:
        """What the grammar's ``%ignore`` terminals match, one or more times: what separates
        words and what a leaf keeps as its prefix (None when the grammar ignores nothing)."""
        terminals = {t.name: t for t in self.lark.terminals}
        ignored = [terminals[name].pattern.to_regexp() for name in self.lark.lexer_conf.ignore]
        if not ignored:
            return None
        return re.compile("(?:%s)++" % "|".join(ignored))

    # ------------------------------------------------------------------------- parsing

    def parse(self, text: str, source: str | None = None, parts: Parts | None = None) -> n.Document:
        """The syntax tree of ``text`` (the grammar's start rule, a Document), or, with
        ``parts``, of those spans only (in order, not overlapping), the rest of the text
        kept as :class:`~tagtext.syntax.nodes.Unparsed` leaves.

        Raises :class:`tagtext.errors.ParseError` (never a Lark exception) when the text
        cannot be parsed; ``source`` (a card id and field, say) is named in the message.
        """
        if not isinstance(text, str):
            raise TypeError(f"card text must be str, not {type(text).__name__}")
        if self.check is not None:
            self.check(text, source)
        spans = ((0, len(text)),) if parts is None else parts
        items: list[n.Node] = []
        cursor = 0  # where the text the items print ends
        root = None
        for start, end in spans:
            sub = self._run(text, start, end, source)
            root = root or sub
            if not sub.items:
                continue
            first = next(sub.leaves())
            begin = first.start - len(first.prefix)
            if begin > cursor:
                items.append(self._unparsed(text, cursor, begin))
            items.extend(sub.items)
            cursor = sub.items[-1].end
        if root is None:
            root = self._run(text, 0, 0, source)
        if parts is not None and cursor < len(text) and text[cursor:].strip():
            items.append(self._unparsed(text, cursor, len(text)))
            cursor = len(text)
        return root.with_changes(start=0, end=len(text), items=tuple(items), trailing=text[cursor:])

    def _run(self, text: str, start: int, end: int, source: str | None) -> n.Document:
        tokens = self.tokens()
        try:
            return self.driver.parse(text, tokens.make, self.recover, joins=tokens.joins, start=start, end=end)
        except NoToken as e:
            raise ParseError(f"unexpected character {text[e.pos]!r}", text, e.pos, source) from None
        except UnexpectedToken as e:
            tok = e.token
            if tok.type == "$END":
                raise ParseError("unexpected end of text", text, end, source) from None
            raise ParseError(f"unexpected {tok.value!r}", text, tok.start_pos, source) from None

    def _unparsed(self, text: str, start: int, end: int) -> n.Unparsed:
        """The text in [start, end) as one leaf: what the grammar ignores at its start is
        its prefix."""
        lead = self.separator.match(text, start, end) if self.separator is not None else None
        body = lead.end() if lead else start
        return n.Unparsed(body, end, text[start:body], text[body:end])

    def parse_with_lark_lexer(self, text: str) -> n.Document:
        """The same parse with Lark's own contextual lexer (and the token stream's
        ``retype``): the reference :meth:`parse` is checked against
        (tests/test_lalr_driver.py). Raises Lark's own errors."""
        tokens = self.tokens()
        with self._postlex.parsing(text, tokens):
            recover = self.recover
            tree = self._reference_lark.parse(text, on_error=(lambda e: recover(e, e.interactive_parser)) if recover else None)
        end = tree.items[-1].end if tree.items else 0
        return tree.with_changes(start=0, end=len(text), trailing=text[end:])
