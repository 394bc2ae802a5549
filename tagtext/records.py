"""Records: the engine's small value classes (a rewrite's result, an edit, a card, a
problem ...), declared as dataclasses are but made without compiling their methods as
they are declared.

``@record`` (or ``@record(frozen=True, slots=True)``) over a class with annotated fields
makes what ``@dataclass`` with the same options makes: the same fields (so that
``dataclasses.fields``, ``replace`` and ``asdict`` work), the same ``__init__`` parameters
and defaults (``field(default_factory=...)`` included) calling ``__post_init__``, repr,
equality, hash (a frozen record's by its fields; a mutable one has none), frozenness,
``__match_args__``, slots, copying and pickling. But ``dataclass`` compiles four to six
methods per class where it is declared, about half a millisecond a class: a tenth of a
short ``tagtext rewrite``'s start-up for the 25 classes it declares (issue 22). Here
``dataclasses`` only collects the fields, compiling nothing; ``__init__``, ``__eq__`` and
``__hash__`` are each compiled at their first call (as ``dataclass`` writes them: a
rewrite hashes and compares its residuals by the thousand), and repr and frozenness are
shared functions reading the fields. tests/test_records.py holds every record to what
``dataclass`` makes of the same declaration.

Only what the engine's records use is supported: a field option other than a default or
a default factory (``init=False``, ``repr=False``, ``compare=False``, ``kw_only``,
``InitVar``) is refused, and so is a record deriving from a dataclass, so that a record
never quietly differs from its dataclass. A pack's dataclass may derive from a record.

Give every record a docstring: for a class without one, ``dataclasses`` writes one from
``inspect.signature``, which for a record (no ``__init__`` yet) reads ``object``'s
signature through ``tokenize``, compiling its regular expressions: 2-3 ms of a cold start.
"""

from __future__ import annotations

import dataclasses
from dataclasses import FrozenInstanceError


def record(cls=None, /, *, frozen: bool = False, slots: bool = False):
    """``@dataclass`` (with ``frozen`` and ``slots``, the rest left at their defaults) for
    the engine's records: see the module's docstring."""
    def wrap(cls):
        return _make(cls, frozen, slots)
    return wrap if cls is None else wrap(cls)


def _make(cls: type, frozen: bool, slots: bool) -> type:
    if any("__dataclass_fields__" in base.__dict__ for base in cls.__mro__[1:]):
        raise TypeError(f"record {cls.__qualname__}: a record derives from no dataclass or record")
    own = dict(cls.__dict__)  # (methods the class writes itself are kept, as dataclass keeps them)
    for name, annotation in own.get("__annotations__", {}).items():
        if "InitVar" in str(annotation):
            raise TypeError(f"record {cls.__qualname__}: field {name!r} is an InitVar, which records do not have")
    # dataclasses collects the fields, sets __match_args__ and makes the slots; with init,
    # repr and eq off it compiles nothing
    made = dataclasses.dataclass(cls, init=False, repr=False, eq=False, slots=slots)
    fields = dataclasses.fields(made)
    for f in fields:
        if not (f.init and f.repr and f.compare and f.hash is None and not f.kw_only and not f.metadata):
            raise TypeError(f"record {cls.__qualname__}: field {f.name!r} takes an option records do not have")
    names = tuple(f.name for f in fields)
    made.__dataclass_params__ = _params(frozen)
    made.__record_fields__ = names
    methods = {"__init__": deferred(made, "__init__", lambda: _compile_init(made, fields, frozen)),
               "__repr__": _repr, "__eq__": deferred(made, "__eq__", lambda: _compile_eq(made, names))}
    # a class that writes __eq__ but no __hash__ gets __hash__ = None from Python: not its own
    explicit_hash = own.get("__hash__", None) is not None or ("__hash__" in own and "__eq__" not in own)
    if frozen:
        if "__setattr__" in own or "__delattr__" in own:
            raise TypeError(f"record {cls.__qualname__}: a frozen record cannot write __setattr__ or __delattr__")
        methods.update(__setattr__=_frozen_setattr(made, frozenset(names)),
                       __delattr__=_frozen_delattr(made, frozenset(names)))
        if slots:  # (the default pickling of slots sets them through __setattr__)
            methods.update(__getstate__=_getstate, __setstate__=_setstate)
    for name, method in methods.items():
        if name not in own:
            setattr(made, name, method)
    if not explicit_hash:
        # (mutable and equal by value: unhashable)
        made.__hash__ = deferred(made, "__hash__", lambda: _compile_hash(made, names)) if frozen else None
    return made


_PARAMS: dict[bool, object] = {}


def _params(frozen: bool):
    """What ``dataclass`` records of its options (``__dataclass_params__``, which it reads
    where a dataclass derives from another): a record's are those of a dataclass declared
    with its ``frozen`` (one class declared once, to read them from)."""
    params = _PARAMS.get(frozen)
    if params is None:
        options = type("_Options", (), {"__doc__": "a class to read dataclass's options from"})
        params = _PARAMS[frozen] = dataclasses.dataclass(frozen=frozen)(options).__dataclass_params__
    return params


class _Factory:
    """The default an ``__init__`` parameter shows for a field made by a default factory
    (as ``dataclass``'s, it prints as ``<factory>``)."""

    def __repr__(self):
        return "<factory>"


_FACTORY = _Factory()


def deferred(cls: type, name: str, compile):
    """A method ``name`` until its first call, which compiles the real one
    (``compile()``), puts it in its place and calls it."""
    def method(self, *args, **kwargs):
        real = cls.__dict__[name]
        if real is method:
            real = compile()
            setattr(cls, name, real)
        return real(self, *args, **kwargs)
    method.__name__ = name
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    return method


def _compile_init(cls: type, fields, frozen: bool):
    """``__init__`` taking the fields in order, as ``dataclass`` writes it."""
    scope: dict = {"_FACTORY": _FACTORY, "_set": object.__setattr__}
    params, body = [], []
    for f in fields:
        value = f.name
        if f.default_factory is not dataclasses.MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            value = f"_factory_{f.name}() if {f.name} is _FACTORY else {f.name}"
        elif f.default is not dataclasses.MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
        body.append(f"    _set(self, {f.name!r}, {value})" if frozen else f"    self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    return _compile(cls, f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n", scope)


def _compile(cls: type, source: str, scope: dict | None = None):
    """The function ``source`` defines, as a method of ``cls``."""
    scope = {} if scope is None else scope
    exec(source, scope)
    name = source[4:source.index("(")]
    method = scope[name]
    method.__qualname__ = f"{cls.__qualname__}.{name}"
    method.__module__ = cls.__module__
    return method


def _fields_of(obj: str, names: tuple[str, ...]) -> str:
    """``(obj.a, obj.b, )``: the fields as a tuple, written out."""
    return "(" + "".join(f"{obj}.{name}, " for name in names) + ")"


def _compile_eq(cls: type, names: tuple[str, ...]):
    """``__eq__`` by the fields, as ``dataclass`` writes it."""
    return _compile(cls, "def __eq__(self, other):\n"
                         "    if other.__class__ is self.__class__:\n"
                         f"        return {_fields_of('self', names)} == {_fields_of('other', names)}\n"
                         "    return NotImplemented\n")


def _compile_hash(cls: type, names: tuple[str, ...]):
    """``__hash__`` of a frozen record: of its fields, as ``dataclass`` writes it."""
    return _compile(cls, f"def __hash__(self):\n    return hash({_fields_of('self', names)})\n")


def _repr(self) -> str:
    inner = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.__record_fields__])
    return f"{self.__class__.__qualname__}({inner})"


def _frozen_setattr(cls: type, names: frozenset):
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)
    return __setattr__


def _frozen_delattr(cls: type, names: frozenset):
    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return __delattr__


def _getstate(self) -> list:
    return [getattr(self, name) for name in self.__record_fields__]


def _setstate(self, state) -> None:
    for name, value in zip(self.__record_fields__, state):
        object.__setattr__(self, name, value)
