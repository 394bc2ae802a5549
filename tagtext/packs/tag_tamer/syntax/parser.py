"""Effect text -> typed syntax tree.

The grammar (``grammar/effect.lark``) is compiled once per process, LALR(1), and cached
on disk by Lark between processes. Lark's own parser runs it,
through Lark's public API only: the engine's driver (``tagtext.syntax.lalr``) lexes each
token with the terminals the parser state accepts and feeds it to Lark's interactive
parser. The token context (``postlex.py``) gives tokens their whitespace and types them by
where they stand. The tree is built while parsing (Lark's inline transformer), so no
intermediate parse tree is made. The builder reads each rule's children by type (terminal
name or node class), never by position.

A token no parser action expects is kept as an ``Other`` leaf (LALR merges lookaheads,
so a closer such as ``＞`` can be lexed where it then fits nowhere): one odd character
never costs a whole card.
"""

from __future__ import annotations

import re
from typing import Iterable

from lark import Lark, Transformer
from lark.exceptions import UnexpectedToken

from tagtext.syntax.grammar import Grammar
from tagtext.syntax.checks import keep_as_other, too_deep
from . import nodes as n

from .postlex import EffectTokens

GRAMMAR_PACKAGE = "tagtext.packs.tag_tamer"
GRAMMAR_FILE = "grammar/effect.lark"

_SENTENCE_END = frozenset({".", "。"})


# ----------------------------------------------------------------------------- tokens -> leaves

def _player(tok) -> n.PlayerRef:
    return n.PlayerRef(tok.start_pos, tok.end_pos, tok.prefix, tok.value, (), n.PLAYER_KINDS[tok.type])


def _make(cls):
    def build(tok):
        return cls(tok.start_pos, tok.end_pos, tok.prefix, tok.value)
    return build


#: How a token becomes a leaf where it stands on its own (not inside a phrase rule).
_LEAF_OF_TOKEN = {
    "WORD": _make(n.Word), "WORDS": _make(n.Words), "PUNCT": _make(n.Punct), "OTHER": _make(n.Other),
    "ENTITY": _make(n.Entity), "NEWLINE": _make(n.LineBreak), "NUMBER": _make(n.Number),
    "BLOCK_LABEL": _make(n.TimingLabel), "BARE_LABEL": _make(n.TimingLabel), "BARE_BLOCK_LABEL": _make(n.TimingLabel),
    "LABEL_REF": _make(n.LabelRef), "LABEL": _make(n.LabelRef), "CARD_REF": _make(n.CardRef),
    "HEADER_TAG": _make(n.HeaderTag), "HEADER_WORD": _make(n.HeaderTag),
    "HWORD": _make(n.HeaderWord), "HPUNCT": _make(n.HeaderWord), "W_SLASH": _make(n.Word),
    "KW_NAME": _make(n.KeywordName), "KW_OPEN": _make(n.Bracket), "KW_CLOSE": _make(n.Bracket),
    "LPAREN": _make(n.Bracket), "RPAREN": _make(n.Bracket), "CMP": _make(n.Operator),
    "UP_TO": _make(n.Marker), "UNTIL_COUNT": _make(n.Marker), "FOR_EACH": _make(n.Marker),
    "FOR_EVERY": _make(n.Marker), "BY": _make(n.Marker), "REDUCED_BY": _make(n.Marker),
    "ADD_AMOUNT": _make(n.Word),
    "DP": _make(n.Unit), "DP_THEN_NUMBER": _make(n.Unit), "COST_NUMBER": _make(n.Unit),
    "DP_NUMBER": _make(n.Number), "OF_NUMBER": _make(n.Word), "TO_NUMBER": _make(n.Word),
    "LV": _make(n.Unit), "LEVEL": _make(n.Unit), "LEVEL_NUMBER": _make(n.Unit), "COST": _make(n.Unit),
    "MEMORY": _make(n.Unit), "COLOR": _make(n.Color), "COLORS": _make(n.ColorsWord),
    "PRONOUN": _make(n.Pronoun), "OWNERS": _make(n.OwnerRef), "TOP_BOTTOM": _make(n.Position),
    "ADDITIONAL": _make(n.Word),
    # Words that are game terms only inside a phrase: standing alone they are plain words.
    "OF": _make(n.Word), "THE": _make(n.Word), "TRASH": _make(n.Word), "HAND": _make(n.Word),
    "DECK": _make(n.Word),
    **{name: _player for name in n.PLAYER_KINDS},
    **{name: _make(n.ZoneWord) for name in (
        "SECURITY", "BATTLE_AREA", "BREEDING_AREA", "FIELD", "DIGIVOLUTION_CARDS",
        "MEMORY_GAUGE", "IN_PLAY")},
}

_MARKER_TYPES = frozenset({"OF", "OF_NUMBER", "BY", "REDUCED_BY", "UP_TO", "UNTIL_COUNT", "FOR_EACH", "FOR_EVERY"})


def leaf(tok) -> n.Leaf:
    return _LEAF_OF_TOKEN[tok.type](tok)


def _node(x):
    """A child as a node: tokens become leaves, nodes pass through."""
    return leaf(x) if hasattr(x, "type") else x


def _nodes(children: Iterable) -> list[n.Node]:
    """Children as nodes: tokens become leaves, nodes pass through, and a tuple (a phrase
    the builder split back into its items) is spliced in.

    Plain words next to each other on a line (``WORDS`` tokens with only whitespace
    between them) become one :class:`~tagtext.syntax.nodes.Words` leaf, the run as
    written: "may play", "without paying the".
    """
    out: list[n.Node] = []
    run: list = []  # the WORDS tokens of the run of plain words being read
    for c in children:
        if hasattr(c, "type"):
            if c.type == "WORDS":
                if run and not c.prefix:  # no gap: not the next word of the run
                    out.append(_words(run))
                    run = []
                run.append(c)
                continue
            if run:
                out.append(_words(run))
                run = []
            out.append(_LEAF_OF_TOKEN[c.type](c))
        else:
            if run:
                out.append(_words(run))
                run = []
            if type(c) is tuple:
                out.extend(c)
            else:
                out.append(c)
    if run:
        out.append(_words(run))
    return out


def _words(run: list) -> n.Words:
    """One Words leaf for consecutive WORDS tokens."""
    first = run[0]
    if len(run) == 1:
        return n.Words(first.start_pos, first.end_pos, first.prefix, first.value)
    text = first.value + "".join([tok.prefix + tok.value for tok in run[1:]])
    return n.Words(first.start_pos, run[-1].end_pos, first.prefix, text)


def _of_type(children, *types):
    """The first token among ``children`` of one of these terminal types, or None."""
    for c in children:
        if hasattr(c, "type") and c.type in types:
            return c
    return None


def _of_class(children, cls):
    """The first node among ``children`` of this class, or None."""
    for c in children:
        if isinstance(c, cls):
            return c
    return None


def _other(children, *taken):
    """The one child that is none of ``taken`` (a rule's remaining part, which its
    alternation lets be a token or a node)."""
    (found,) = [c for c in children if not any(c is t for t in taken)]
    return found


def _only(children):
    """The child of a rule that has exactly one."""
    (found,) = children
    return found


class _Labels(tuple):
    """The timing labels of a block (``bare_labels``, ``block_labels``)."""

    __slots__ = ()


class _Sentences(tuple):
    """The sentences of a body."""

    __slots__ = ()


# ----------------------------------------------------------------------------- the builder

class _Spliced:
    """The value of an inlined rule (``_name``, or the list Lark makes of ``x+``): Lark
    splices its ``children`` into the parent rule's."""

    __slots__ = ("children",)

    def __init__(self, children):
        self.children = children


class AstBuilder(Transformer):
    """Builds syntax nodes while Lark parses. Methods are named after grammar rules."""

    def __default__(self, data, children, meta):
        # Only inlined rules have no method; no Tree is needed for them.
        return _Spliced(children)

    # --- structure ---------------------------------------------------------------------

    def start(self, children):
        items = []
        for c in children:
            if hasattr(c, "type"):
                items.append(leaf(c))
            elif c is not None:
                items.append(c)
        return n.EffectText(0, 0, tuple(items), "")

    def line(self, children):
        items: list[n.Node] = []
        pending_labels: tuple[n.TimingLabel, ...] = ()
        for c in children:
            if isinstance(c, n.Header):
                if pending_labels:
                    items.append(_block(pending_labels, ()))
                    pending_labels = ()
                items.append(c)
            elif isinstance(c, n.Block):
                if pending_labels:
                    items.append(_block(pending_labels, ()))
                    pending_labels = ()
                items.append(c)
            elif isinstance(c, _Labels):
                pending_labels = c
            elif isinstance(c, _Sentences):  # a body without labels of its own
                items.append(_block(pending_labels, c))
                pending_labels = ()
        if pending_labels:
            items.append(_block(pending_labels, ()))
        if not items:
            return None
        return n.Line(items[0].start, items[-1].end, tuple(items))

    def bare_labels(self, children):
        return _Labels(_nodes(children))

    def block_labels(self, children):
        return _Labels(_nodes(children))

    def labeled_block(self, children):
        labels = _of_class(children, _Labels)
        body = _of_class(children, _Sentences) or ()
        return _block(labels, body)

    def body(self, children):
        """The sentences of one effect: items split after each full stop."""
        sentences = []
        current: list[n.Node] = []
        for node in _nodes(children):
            current.append(node)
            if isinstance(node, n.Punct) and node.text in _SENTENCE_END:
                sentences.append(n.Sentence(current[0].start, node.end, tuple(current)))
                current = []
        if current:
            sentences.append(n.Sentence(current[0].start, current[-1].end, tuple(current)))
        return _Sentences(sentences)

    def header(self, children):
        """A header line. Its bare numbers are typed by position: right after
        ``Digivolve:`` / ``DigiXros`` the cost; before a card word or a level, how many
        cards the requirement takes ("[DigiXros -2] 2 Digimon cards ...")."""
        tag_tok = _of_type(children, "HEADER_TAG", "HEADER_WORD")
        tag = leaf(tag_tok)
        raw = [_header_leaf(c) if hasattr(c, "type") else c for c in children if c is not tag_tok]
        items: list[n.Node] = []
        i = 0
        while i < len(raw):
            item = raw[i]
            if isinstance(item, n.Number):
                nxt = raw[i + 1] if i + 1 < len(raw) else None
                if not items and tag.text[-1:] != "]" and not tag.text.startswith("["):
                    items.append(n.HeaderCost(item.start, item.end, None, item))
                    i += 1
                    continue
                if isinstance(nxt, (n.LevelValue, n.CardRef, n.Color, n.CostValue)) or (
                    isinstance(nxt, n.HeaderWord) and _HEADER_NOUN.fullmatch(nxt.text)
                ):
                    items.append(n.Quantity(item.start, nxt.end, item, nxt))
                    i += 2
                    continue
            if (isinstance(item, n.CostValue) and item.unit.text.lower() == "cost"
                    and item.link is None and item.operator is None
                    and (not items or (isinstance(items[-1], n.HeaderWord) and items[-1].text == ":"))):
                item = n.HeaderCost(item.start, item.end, item.unit, item.value)  # ": Cost 2"
            items.append(item)
            i += 1
        end = items[-1].end if items else tag.end
        return n.Header(tag.start, end, tag, tuple(items))

    def keyword_effect(self, children):
        keyword = _of_class(children, n.Keyword)
        reminder = _of_class(children, n.Parenthetical)
        end = (reminder or keyword).end
        return n.KeywordEffect(keyword.start, end, keyword, reminder)

    def keyword(self, children):
        """A keyword effect; its numbers (also inside its parentheses) are parameters."""
        open_tok = _of_type(children, "KW_OPEN")
        name_tok = _of_type(children, "KW_NAME")
        close_tok = _of_type(children, "KW_CLOSE")
        open_ = leaf(open_tok)
        body = [c for c in children if c is not open_tok and c is not name_tok and c is not close_tok]
        items = tuple(_keyword_param(c) for c in _nodes(body))
        name = leaf(name_tok) if name_tok is not None else None
        close = leaf(close_tok) if close_tok is not None else None
        last = close or (items[-1] if items else None) or name or open_
        return n.Keyword(open_.start, last.end, open_, name, items, close)

    def parenthetical(self, children):
        open_tok = _of_type(children, "LPAREN")
        close_tok = _of_type(children, "RPAREN")
        open_ = leaf(open_tok)
        items = tuple(_nodes(c for c in children if c is not open_tok and c is not close_tok))
        close = leaf(close_tok) if close_tok is not None else None
        last = close or (items[-1] if items else open_)
        return n.Parenthetical(open_.start, last.end, open_, items, close)

    # --- numbers -----------------------------------------------------------------------

    def comparison(self, children):
        value = leaf(_of_type(children, "NUMBER"))
        op = leaf(_of_type(children, "CMP"))
        return n.Comparison(value.start, op.end, value, op)

    def quantity(self, children):
        amount_raw = _of_type(children, "NUMBER") or _of_class(children, n.Comparison)
        amount = _node(amount_raw)
        head_raw = _other(children, amount_raw)
        if hasattr(head_raw, "type") and head_raw.type in _MARKER_TYPES:
            head = _make(n.Marker)(head_raw)
        elif hasattr(head_raw, "type") and head_raw.type in ("WORD", "ADDITIONAL"):
            head = _make(n.Word)(head_raw)
        else:
            head = _node(head_raw)
        return n.Quantity(amount.start, head.end, amount, head)

    def up_to(self, children):
        marker_tok = _of_type(children, "UP_TO")
        marker = _make(n.Marker)(marker_tok)
        amount = _node(_other(children, marker_tok))
        return n.UpTo(marker.start, amount.end, marker, amount)

    def until_count(self, children):
        """``until there are 3``, or ``until you have 3``: the token is split into "until",
        the subject (a PlayerRef for "you", a Pronoun for "they"/"it") and the verb."""
        tok = _of_type(children, "UNTIL_COUNT")
        amount = _node(_other(children, tok))
        m = _UNTIL_SUBJECT.fullmatch(tok.value)
        if m is None:
            marker = _make(n.Marker)(tok)
            return n.UntilCount(marker.start, amount.end, marker, None, None, amount)
        base = tok.start_pos
        marker = n.Marker(base, base + m.end("until"), tok.prefix, m.group("until"))
        s, e = base + m.start("subject"), base + m.end("subject")
        space1 = tok.value[m.end("until"):m.start("subject")]
        if m.group("subject").lower() == "you":
            subject = n.PlayerRef(s, e, space1, m.group("subject"), (), "you")
        else:
            subject = n.Pronoun(s, e, space1, m.group("subject"))
        verb = n.Marker(base + m.start("verb"), base + m.end("verb"),
                        tok.value[m.end("subject"):m.start("verb")], m.group("verb"))
        return n.UntilCount(marker.start, amount.end, marker, subject, verb, amount)

    def iteration(self, children):
        quantifier = _make(n.Marker)(_of_type(children, "FOR_EACH", "FOR_EVERY"))
        step_tok = _of_type(children, "NUMBER")
        of_tok = _of_type(children, "OF")
        step = leaf(step_tok) if step_tok is not None else None
        of = _make(n.Marker)(of_tok) if of_tok is not None else None
        end = (of or step or quantifier).end
        return n.Iteration(quantifier.start, end, quantifier, step, of)

    def dp(self, children):
        value = _make(n.Number)(_of_type(children, "NUMBER", "DP_NUMBER"))
        unit = _make(n.Unit)(_of_type(children, "DP", "DP_THEN_NUMBER"))
        op_tok = _of_type(children, "CMP")
        op = leaf(op_tok) if op_tok is not None else None
        # "+1000 DP" or "DP 6000": either may come first; a comparison comes last
        first, last = (value, unit) if value.start < unit.start else (unit, value)
        return n.DPValue(first.start, (op or last).end, value, unit, op)

    def level(self, children):
        unit = leaf(_of_type(children, "LEVEL_NUMBER", "LV"))
        link_tok = _of_type(children, "OF_NUMBER")
        link = _make(n.Marker)(link_tok) if link_tok is not None else None
        value = leaf(_of_type(children, "NUMBER"))
        op_tok = _of_type(children, "CMP")
        op = leaf(op_tok) if op_tok is not None else None
        return n.LevelValue(unit.start, (op or value).end, unit, link, value, op)

    def cost(self, children):
        unit = _make(n.Unit)(_of_type(children, "COST_NUMBER"))
        link_tok = _of_type(children, "OF_NUMBER", "BY")
        link = _make(n.Marker)(link_tok) if link_tok is not None else None
        value = leaf(_of_type(children, "NUMBER"))
        op_tok = _of_type(children, "CMP")
        op = leaf(op_tok) if op_tok is not None else None
        return n.CostValue(unit.start, (op or value).end, unit, link, value, op)

    def cost_amount(self, children):
        value = leaf(_of_type(children, "NUMBER"))
        unit = leaf(_of_type(children, "COST"))
        return n.CostAmount(value.start, unit.end, value, unit)

    def to_value(self, children):
        marker_tok = _of_type(children, "TO_NUMBER")
        marker = _make(n.Marker)(marker_tok)
        amount = _node(_other(children, marker_tok))
        return n.ToValue(marker.start, amount.end, marker, amount)

    def change_by(self, children):
        marker = _make(n.Marker)(_of_type(children, "BY", "REDUCED_BY", "ADD_AMOUNT"))
        value = leaf(_of_type(children, "NUMBER"))
        return n.ChangeAmount(marker.start, value.end, marker, value)

    def memory_amount(self, children):
        amount = _node(_of_type(children, "NUMBER") or _of_class(children, n.Comparison))
        unit = leaf(_of_type(children, "MEMORY"))
        op_tok = _of_type(children, "CMP")
        op = leaf(op_tok) if op_tok is not None else None
        return n.MemoryAmount(amount.start, (op or unit).end, amount, unit, op)

    def color_count(self, children):
        value = _make(n.Number)(_of_type(children, "N_COLOR"))
        return n.ColorCount(value.start, value.end, value)

    # --- players and areas -------------------------------------------------------------

    def player(self, children):
        return _player(_only(children))

    def pronoun(self, children):
        return leaf(_of_type(children, "PRONOUN"))

    def position(self, children):
        return leaf(_of_type(children, "TOP_BOTTOM"))

    def zone_word(self, children):
        return _make(n.ZoneWord)(_only(children))

    def zone(self, children):
        owner = None
        position = None
        area = None
        for c in children:
            if isinstance(c, n.Position):
                position = c
            elif isinstance(c, n.ZoneWord):
                area = c
            elif hasattr(c, "type"):
                if c.type in ("TRASH", "HAND", "DECK"):
                    area = _make(n.ZoneWord)(c)
                elif c.type == "THE":
                    owner = _make(n.Article)(c)
                else:
                    owner = leaf(c)
            else:
                owner = c
        if (isinstance(owner, n.PlayerRef) and not owner.possessive
                or isinstance(owner, n.Pronoun) and owner.text.lower() in ("they", "them")) \
                and position is None and area.text.lower() in _VERB_AREAS:
            # "All players trash cards", "Your opponent trashes", "they trash 1 card": a
            # player and a verb (only a possessive owns an area)
            return (owner, n.Word(area.start, area.end, area.prefix, area.text))
        first = owner or position or area
        return n.Zone(first.start, area.end, owner, position, area)


def _block(labels, body) -> n.Block:
    parts = tuple(labels) + tuple(body)
    return n.Block(parts[0].start, parts[-1].end, tuple(labels), tuple(body))


#: Area words that are also verbs: after a player that is not possessive they are verbs
#: ("All players trash cards"); "both players decks" (plural) stays an area.
_VERB_AREAS = frozenset({"trash", "trashes", "hand", "deck"})
_UNTIL_SUBJECT = re.compile(r"(?P<until>until)\s+(?P<subject>you|they|it)\s+(?P<verb>have|has)", re.IGNORECASE)
_HEADER_NOUN = re.compile(r"(?:Digimon|cards?|Tamers?|Option)", re.IGNORECASE)


def _keyword_param(node):
    if isinstance(node, n.Number):
        return n.KeywordParam(node.start, node.end, node)
    if isinstance(node, n.Parenthetical):  # ＜Fragment (3)＞
        return node.with_changes(items=tuple(_keyword_param(i) for i in node.items))
    return node


def _header_leaf(tok):
    if tok.type in ("HWORD", "W_SLASH", "HPUNCT"):
        return _make(n.HeaderWord)(tok)
    return leaf(tok)


# ----------------------------------------------------------------------------- the parser

def _recover(error: UnexpectedToken, interactive) -> bool:
    """Place a token the parser did not expect as a plain ``Other`` leaf and go on.

    LALR merges lookaheads, so a closer like ``＞`` can be lexed where an enclosing phrase
    is open but then fit nowhere; it is kept as text rather than failing the whole card
    (the engine's :func:`tagtext.syntax.checks.keep_as_other`).
    """
    return keep_as_other(error, interactive)


#: How deep parentheses may nest. Card text nests two or three deep; the tree, its
#: printing and its analysis are recursive, so a text nesting hundreds deep would exhaust
#: Python's stack: it is refused with a ParseError at the bracket that goes too deep.
MAX_NESTING = 100
_OPEN, _CLOSE = "(（", ")）"


def _check_nesting(text: str, source: str | None) -> None:
    too_deep(text, MAX_NESTING, source, _OPEN, _CLOSE, what="parentheses")


#: The effect-text grammar, as the engine's syntax kit runs it (compiled once, cached on
#: disk by Lark): plain words joined into runs, tokens typed by their context, a token
#: the parser rejects kept as text, texts nesting too deep refused.
GRAMMAR = Grammar(GRAMMAR_PACKAGE, GRAMMAR_FILE, AstBuilder, words=n.Words, tokens=EffectTokens,
                  recover=_recover, runs=("WORDS",), always_accept=EffectTokens.always_accept,
                  check=_check_nesting)


def parse(text: str, source: str | None = None, parts=None) -> n.EffectText:
    """Parse one effect text into its syntax tree (with ``parts``, only those spans:
    :meth:`tagtext.syntax.grammar.Grammar.parse`).

    Raises :class:`tagtext.errors.ParseError` (never a Lark exception) when the text
    cannot be parsed; ``source`` (a card id and field, say) is named in the message.
    """
    return GRAMMAR.parse(text, source, parts)


def parse_with_lark_lexer(text: str) -> n.EffectText:
    """The same parse with Lark's own contextual lexer: the reference :func:`parse` is
    checked against (tests/test_lalr_driver.py)."""
    return GRAMMAR.parse_with_lark_lexer(text)


def grammar_text() -> str:
    return GRAMMAR.text()


def lark_parser() -> Lark:
    """The compiled grammar (Lark's, with the tree builder inline)."""
    return GRAMMAR.lark
