"""The typed syntax tree: the engine's base classes and the leaves every grammar has.

Every node has ``start`` and ``end``: its span in the original text, in code points.
A leaf also keeps ``prefix`` (the text its grammar ignores before it: whitespace, in Tag
Tamer also ``&#160;`` entities) and ``text``; printing a tree is concatenating ``prefix + text`` over its leaves, so an
unmodified tree prints back to its exact input.

Trees are never mutated. A change is a copy (:meth:`Node.with_changes`); a leaf whose text
a rewrite changed records the rule ids that changed it in ``rules`` and keeps its original
span, which is how edits are reported against the original text.

Node kinds are named after what they are in the game (see docs/glossary.md).

Every kind is declared with :func:`node_kind`: a frozen class with slots whose fields are
its annotations (after its base kind's), made as a frozen ``dataclass(slots=True)`` would
be (same ``__init__`` parameters, slots, frozenness, equality, hash and repr by the kind and
its fields) but without the dataclass machinery, whose per-class work was a twelfth of a
short ``tagtext rewrite``'s start-up (about 0.6 ms a kind; issue 22). A kind that adds no
field to its base (most leaves: ``Word``, ``Punct``, a pack's ``Pronoun`` ...) is a plain
subclass with ``__slots__ = ()``, sharing its base's. :func:`fields_of` gives a kind's
fields. The engine's three base kinds (``Node``, ``Document``, ``Leaf``) are frozen
dataclasses, so that a pack may declare its own kinds with ``@dataclass(frozen=True,
slots=True)`` instead.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import threading
from typing import TYPE_CHECKING, ClassVar, Iterator

if TYPE_CHECKING:  # pragma: no cover
    from .words import Segmentation

from ..errors import TagTextError
from ..records import deferred


#: a field's default when it has none
_MISSING = object()


def node_kind(cls: type) -> type:
    """How a node kind is declared: ``cls`` remade as a frozen class with slots whose fields
    are its base kind's, then its own annotated names (not ``ClassVar``), in order; a name
    assigned in the class body is that field's default. As a frozen ``dataclass(slots=True)``
    makes it (see the module docstring): a field redeclared keeps its place and takes its new
    default, a field without a default may not follow one with a default, the class gets a
    slot per new field and an ``__init__`` taking the fields in order and setting each
    through its slot's descriptor; equality, hash, repr, copying and pickling are
    :class:`Node`'s, by the kind and its fields."""
    bases = [b for b in cls.__bases__ if issubclass(b, Node)]
    if len(bases) != 1:
        raise TypeError(f"node kind {cls.__qualname__}: needs exactly one base node kind")
    fields = dict(_fields(bases[0]))
    own: list[str] = []
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_class_var(annotation):
            continue
        own.append(name)
        fields[name] = cls.__dict__.get(name, _MISSING)
    seen_default = None
    for name, default in fields.items():
        if default is _MISSING and seen_default is not None:
            raise TypeError(f"node kind {cls.__qualname__}: field {name!r} without a default follows "
                            f"{seen_default!r}, which has one")
        if default is not _MISSING:
            seen_default = name
    inherited = {name for base in cls.__mro__[1:] for name in base.__dict__.get("__slots__", ())}
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in own and key not in ("__dict__", "__weakref__")}
    namespace["__slots__"] = tuple(name for name in own if name not in inherited)
    namespace["__node_fields__"] = tuple(fields.items())
    namespace["__match_args__"] = tuple(fields)
    # (frozen for every field: the base kinds' dataclass __setattr__ guards only theirs)
    namespace.setdefault("__setattr__", _refuse_set)
    namespace.setdefault("__delattr__", _refuse_delete)
    kind = type(cls)(cls.__name__, cls.__bases__, namespace)
    kind.__qualname__ = cls.__qualname__
    # compiled at the kind's first node: compiling is most of a declaration, and a short
    # run makes nodes of few kinds
    kind.__init__ = deferred(kind, "__init__", lambda: _slot_init(kind, fields))
    return kind


def _base_kind(cls: type) -> type:
    """How the engine's base kinds (Node, Document, Leaf) are declared: frozen dataclasses
    with slots, so that a pack may also declare its kinds with
    ``@dataclass(frozen=True, slots=True)`` over them (the toy pack in the tests does), with
    Node's equality, hash and repr and an ``__init__`` that sets the slots directly."""
    kind = _frozen_dataclass(cls)
    fields = dict(_fields(kind))
    kind.__node_fields__ = tuple(fields.items())
    kind.__init__ = _slot_init(kind, fields)
    return kind


_frozen_dataclass = dataclasses.dataclass(frozen=True, slots=True, repr=False, eq=False)


def _fields(kind: type) -> tuple[tuple[str, object], ...]:
    """A kind's fields and their defaults (``_MISSING`` for none), whether node_kind or
    ``dataclass`` declared it, or it adds no field to the kind it derives from."""
    for cls in kind.__mro__:
        if "__node_fields__" in cls.__dict__:
            return cls.__node_fields__
        if "__dataclass_fields__" in cls.__dict__:
            return tuple((f.name, _MISSING if f.default is dataclasses.MISSING else f.default)
                         for f in dataclasses.fields(cls))
    return ()


def fields_of(kind: type) -> tuple[str, ...]:
    """The names of a node kind's fields, in order."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(name for name, _ in _fields(kind))
        _FIELD_SETS[kind] = frozenset(names)
    return names


def _refuse_set(self, name, value):
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_delete(self, name):
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _is_class_var(annotation) -> bool:
    if isinstance(annotation, str):  # (``from __future__ import annotations``)
        return re.match(r"(?:typing\.)?ClassVar\b", annotation) is not None
    return annotation is ClassVar or getattr(annotation, "__origin__", None) is ClassVar


def _slot_init(kind: type, fields: dict) -> object:
    """An ``__init__`` for ``kind`` taking its fields in order and setting each through its
    slot's descriptor (a frozen dataclass's sets them through ``object.__setattr__``,
    which looks each one up again, and a parse makes a node per word)."""
    params, body, scope = [], [], {}
    for name, default in fields.items():
        owner = next(k for k in kind.__mro__ if name in k.__dict__.get("__slots__", ()))
        scope[f"_set_{name}"] = owner.__dict__[name].__set__
        if default is _MISSING:
            params.append(name)
        else:
            scope[f"_default_{name}"] = default
            params.append(f"{name}=_default_{name}")
        body.append(f"    _set_{name}(self, {name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{kind.__qualname__}.__init__"
    init.__module__ = kind.__module__
    return init


@_base_kind
class Node:
    """Base of every node: its span in the original text."""

    start: int
    end: int

    #: Names of the fields holding child nodes (a node, None, or a tuple of nodes).
    child_fields: ClassVar[tuple[str, ...]] = ()
    #: Name used in the JSON form.
    kind: ClassVar[str] = "node"
    #: Whether the kind orders its children itself (overrides children()).
    _own_order: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs):
        # No super() call: node_kind rebuilds the class (for its slots), which breaks the
        # zero-argument form, and object.__init_subclass__ does nothing here.
        # A kind that overrides children() (its children's order depends on the text) is
        # walked through children(); the others through child_fields in place (faster).
        cls._own_order = "children" in cls.__dict__
        if "kind" not in cls.__dict__:
            cls.kind = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", cls.__name__).lower()

    # Equality, hash and printing as a frozen dataclass's: by the kind and the fields.
    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _field_values(self) == _field_values(other)

    def __hash__(self):
        return hash(_field_values(self))

    def __reduce__(self):  # (copy and pickle: the kind remade from its fields)
        return type(self), _field_values(self)

    def __repr__(self) -> str:
        names = _field_names(type(self))
        return f"{type(self).__qualname__}({', '.join(f'{name}={getattr(self, name)!r}' for name in names)})"

    def children(self) -> Iterator["Node"]:
        for name in self.child_fields:
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, tuple):
                yield from value
            else:
                yield value

    def with_changes(self, **changes) -> "Node":
        """A copy of this node with the given fields replaced."""
        return _copy_with(self, changes)

    def leaves(self) -> Iterator["Leaf"]:
        """The leaves under this node, in text order."""
        stack: list[Node] = [self]
        pop, push, extend = stack.pop, stack.append, stack.extend
        while stack:
            node = pop()
            if isinstance(node, Leaf):
                yield node
                continue
            if node._own_order:
                extend(reversed(tuple(node.children())))
                continue
            for name in reversed(node.child_fields):  # (children(), last first: the hottest loop)
                value = getattr(node, name)
                if value is None:
                    continue
                if isinstance(value, tuple):
                    extend(reversed(value))
                else:
                    push(value)

    def walk(self) -> Iterator["Node"]:
        """This node and every node under it, parents before children, in text order."""
        stack: list[Node] = [self]
        pop, push, extend = stack.pop, stack.append, stack.extend
        while stack:
            node = pop()
            yield node
            if isinstance(node, Leaf):
                continue
            if node._own_order:
                extend(reversed(tuple(node.children())))
                continue
            for name in reversed(node.child_fields):
                value = getattr(node, name)
                if value is None:
                    continue
                if isinstance(value, tuple):
                    extend(reversed(value))
                else:
                    push(value)

    def to_source(self) -> str:
        """The text this node prints to: its leaves' prefixes and texts."""
        return "".join([leaf.prefix + leaf.text for leaf in self.leaves()])

    def leading_space(self) -> str:
        """The whitespace before this node's first leaf."""
        first = next(self.leaves(), None)
        return first.prefix if first is not None else ""

    def words(self) -> str:
        """The node's text without its leading whitespace."""
        if type(self).to_source is not Node.to_source:
            source = self.to_source()
            return source[len(self.leading_space()):]
        leaves = list(self.leaves())  # (one walk: to_source and leading_space each walked)
        return "".join([leaf.prefix + leaf.text for leaf in leaves])[len(leaves[0].prefix):] if leaves else ""


@_base_kind
class Document(Node):
    """The root of a parsed text: its items, and the whitespace after its last token (which
    no leaf holds), so that it prints back to the whole input. Each pack's grammar names
    its own root kind (Tag Tamer's ``EffectText``, Yu-Gi-Oh!'s ``CardText``)."""

    items: tuple[Node, ...]
    trailing: str
    child_fields: ClassVar = ("items",)

    def to_source(self) -> str:
        return "".join([leaf.prefix + leaf.text for leaf in self.leaves()]) + self.trailing


@_base_kind
class Leaf(Node):
    """A token: its text and the whitespace before it."""

    prefix: str
    text: str
    #: Ids of the rules that rewrote this leaf; empty for an unmodified leaf.
    rules: tuple[str, ...] = ()

    def replaced(self, text: str, rule: str) -> "Leaf":
        """A copy with new text, marked as rewritten by ``rule`` (the leaf itself when the
        text does not change: doubling 0, "Digimon" made plural)."""
        if text == self.text:
            return self
        rules = self.rules if rule in self.rules else self.rules + (rule,)
        return _copy_with(self, {"text": text, "rules": rules})


# ----------------------------------------------------------------------------- leaves

class Word(Leaf):
    """A word the grammar does not model."""

    __slots__ = ()


class Words(Leaf):
    """A run of plain words the grammar does not model ("may play", "without paying",
    「相手の手札を1枚捨てる」), as written, whatever separates its words included.

    Each pack's grammar has its own ``Words`` class (a subclass of this one) whose
    :attr:`segmentation` says where its words are: at the grammar's separator (its
    ``%ignore``), or, for a script written without spaces, wherever a rule cuts the run
    (see :mod:`tagtext.syntax.words`). :meth:`split` gives one :class:`Word` per word."""

    __slots__ = ()

    #: how runs of this grammar divide into words (bound to the grammar that makes them)
    segmentation: ClassVar["Segmentation | None"] = None

    def split(self) -> list[Word]:
        """The run's words, each a :class:`Word` with its own span and prefix. (The words of
        the runs split last are kept, and while a text is rewritten those of all its runs
        (:func:`keep_splits`): a pack's analysis and its rules split the same runs
        again and again.)"""
        hit = _SPLIT.get(id(self))
        if hit is not None and hit[0] is self:
            return list(hit[1])
        segmentation = type(self).segmentation
        if segmentation is None:
            raise TypeError(f"{type(self).__name__} belongs to no grammar: a pack's Words class needs a "
                            "segmentation (tagtext.syntax.words.Segmentation), bound by its Grammar")
        words = segmentation.words(self)
        if len(_SPLIT) >= _SPLIT_LIMIT and not _KEEPING[0]:
            _SPLIT.clear()
        _SPLIT[id(self)] = (self, tuple(words))  # (the run held: its id stays its own)
        return words

    def has_gaps(self) -> bool:
        """Whether the run holds more than one word (a separator inside it)."""
        segmentation = type(self).segmentation
        return segmentation is not None and segmentation.has_gaps(self.text)


class Punct(Leaf):
    """Punctuation: ``.``, ``,``, ``，``, ``・``, ``/`` ..."""

    __slots__ = ()


class Other(Leaf):
    """A character no terminal matches, or a token the parser could not place (recovered)."""

    __slots__ = ()


class Unparsed(Leaf):
    """Text kept as printed without being parsed: a part of a text no rule's trigger
    touches, when a pack parses only the parts it needs (``Grammar.parse(..., parts=)``).
    Never in the tree of a whole-text parse."""

    __slots__ = ()


class Entity(Leaf):
    """An HTML entity other than a no-break space, kept as written (``&amp;``)."""

    __slots__ = ()


class LineBreak(Leaf):
    """A line break, as written (``\\n``, ``\\r\\n`` or ``\\r``)."""

    __slots__ = ()


#: The longest numeral read as a number (Python's limit on reading a decimal integer).
_MAX_DIGITS = sys.get_int_max_str_digits() or 4300


class NumberTooLong(TagTextError):
    """A numeral too long to read as a number: the text is not rewritten."""


class Number(Leaf):
    """A numeral. Its meaning comes from the node that holds it."""

    __slots__ = ()

    @property
    def value(self) -> int | None:
        t = self.text.replace("−", "-")
        if not re.fullmatch(r"[+-]?\d+", t):
            return None
        digits = len(t.lstrip("+-"))
        if digits > _MAX_DIGITS:  # Python reads no longer numeral (and no card prints one)
            raise NumberTooLong(f"a numeral of {digits} digits is too long to rewrite "
                                f"(at most {_MAX_DIGITS})")
        return int(t)


#: id(run) -> (run, its words), for the runs split last (Words.split)
_SPLIT: dict[int, tuple["Words", tuple["Word", ...]]] = {}
#: how many runs' words are kept outside :func:`keep_splits`
_SPLIT_LIMIT = 4096
#: how many rewrites are keeping every run's words (a list: one counter, shared by threads)
_KEEPING = [0]
_KEEPING_LOCK = threading.Lock()


def keep_splits() -> None:
    """From now until :func:`release_splits`, while one text is rewritten, the words of every
    run split are kept, not only the last 4,096 runs': a long text has more runs than that,
    and each pass of a rewrite splits them again (for 1 MB of Tag Tamer's "for each card in
    your trash ", a sixteenth of the rewrite). When the last rewrite keeping them releases
    them, they are forgotten: what is kept is one text's, and none is held past its rewrite.
    (Two plain calls, not a context manager: a conversion makes one per text.)"""
    with _KEEPING_LOCK:
        _KEEPING[0] += 1


def release_splits() -> None:
    """The end of :func:`keep_splits`."""
    with _KEEPING_LOCK:
        _KEEPING[0] -= 1
        if not _KEEPING[0]:
            _SPLIT.clear()

_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_FIELD_SETS: dict[type, frozenset[str]] = {}


_field_names = fields_of


def _copy_with(node: Node, changes: dict) -> Node:
    """``dataclasses.replace(node, **changes)``, without its per-call reading of the fields
    (a rewrite of a long text copies a node per changed word)."""
    names = _field_names(type(node))
    if not changes.keys() <= _FIELD_SETS[type(node)]:
        unknown = sorted(changes.keys() - _FIELD_SETS[type(node)])
        raise TypeError(f"{type(node).__qualname__} has no field {unknown[0]!r}")
    return type(node)(*[changes[name] if name in changes else getattr(node, name) for name in names])


def _field_values(node: Node) -> tuple:
    return tuple([getattr(node, name) for name in _field_names(type(node))])
