"""Every record of the engine (declared with tagtext.records.record, whose methods are not
compiled at import) is what ``dataclass`` with the same options makes of the same
declaration: fields and defaults, ``__init__`` parameters, ``__post_init__``, repr,
equality, hash, frozenness, ``replace``, ``asdict``, ``__match_args__``, slots, copying and
pickling; a pack's dataclass may derive from a record; what records do not support is
refused where the class is declared."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import pickle
import pkgutil
from dataclasses import field

import pytest

import tagtext
from tagtext import packs
from tagtext.records import record

_PACK_DIRS = {f"tagtext.packs.{m.name}" for m in pkgutil.iter_modules(packs.__path__) if m.ispkg}


def _records() -> list[type]:
    """The engine's records: every module of tagtext but the packs' own imported."""
    out = []
    for info in pkgutil.walk_packages(tagtext.__path__, "tagtext."):
        if any(info.name == p or info.name.startswith(p + ".") for p in _PACK_DIRS):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ and "__record_fields__" in value.__dict__:
                out.append(value)
    return sorted(out, key=lambda c: (c.__module__, c.__qualname__))


RECORDS = _records()
_SHARED = {"__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__getstate__", "__setstate__"}


def _as_dataclass(cls: type) -> type:
    """The oracle: the record's declaration (its annotations, defaults, default factories
    and the methods it writes itself) made by dataclasses."""
    params = cls.__dataclass_params__
    slots = "__slots__" in cls.__dict__
    body = {"__annotations__": dict(cls.__annotations__), "__module__": cls.__module__,
            "__qualname__": cls.__qualname__}
    for f in dataclasses.fields(cls):
        if f.default_factory is not dataclasses.MISSING:
            body[f.name] = field(default_factory=f.default_factory)
        elif f.default is not dataclasses.MISSING:
            body[f.name] = f.default
    for name, value in cls.__dict__.items():
        if callable(value) and name not in _SHARED and not name.startswith("__dataclass") or name == "__post_init__":
            body[name] = value
    for name in ("__repr__", "__eq__", "__hash__"):  # written by the class itself
        if name in cls.__dict__ and getattr(cls.__dict__[name], "__module__", None) != "tagtext.records":
            body[name] = cls.__dict__[name]
    oracle = type(cls.__name__, (), body)
    return dataclasses.dataclass(frozen=params.frozen, slots=slots)(oracle)


def _outcome(make):
    try:
        return make(), None
    except Exception as e:  # noqa: BLE001 - compared with the oracle's
        return None, (type(e), str(e))


def test_the_engine_declares_its_classes_as_records():
    assert len(RECORDS) > 40
    names = {c.__qualname__ for c in RECORDS}
    assert {"Edit", "Residual", "RewriteResult", "Card", "Problem", "CardResult", "Context", "Rule"} <= names


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_a_record_is_its_dataclass(cls):
    oracle = _as_dataclass(cls)
    fields = dataclasses.fields(cls)
    assert [(f.name, f.default, f.default_factory) for f in fields] == \
        [(f.name, f.default, f.default_factory) for f in dataclasses.fields(oracle)]
    assert cls.__match_args__ == oracle.__match_args__
    assert ("__slots__" in cls.__dict__, cls.__dict__.get("__slots__")) == \
        ("__slots__" in oracle.__dict__, oracle.__dict__.get("__slots__"))
    assert cls.__dataclass_params__.frozen == oracle.__dataclass_params__.frozen
    made, error = _outcome(lambda: cls(*[f"v{i}" for i in range(len(fields))]))
    assert [(p.name, repr(p.default), p.kind) for p in inspect.signature(cls.__init__).parameters.values()] == \
        [(p.name, repr(p.default), p.kind) for p in inspect.signature(oracle.__init__).parameters.values()]
    want, want_error = _outcome(lambda: oracle(*[f"v{i}" for i in range(len(fields))]))
    assert error == want_error
    if made is None:  # (its __post_init__ refuses such values, as the oracle's does)
        return
    assert repr(made) == repr(want)
    assert dataclasses.asdict(made) == dataclasses.asdict(want)
    twin = cls(*[f"v{i}" for i in range(len(fields))])
    assert made == twin and not made != twin and (made == want) is False
    other, _ = _outcome(lambda: dataclasses.replace(made, **{fields[-1].name: "other"}))
    if other is not None:
        assert other != made and repr(other) == repr(dataclasses.replace(want, **{fields[-1].name: "other"}))
    if oracle.__hash__ is None:
        assert cls.__hash__ is None
    else:
        assert hash(made) == hash(want) == hash(twin)
    got = _outcome(lambda: setattr(made, fields[0].name, "x"))[1]
    expected = _outcome(lambda: setattr(want, fields[0].name, "x"))[1]
    assert (got and got[0]) == (expected and expected[0])
    # another attribute: refused where the oracle refuses it (a frozen dataclass with slots
    # refuses it with a TypeError of its own making, a frozen record with FrozenInstanceError)
    assert (_outcome(lambda: setattr(made, "not_a_field", "x"))[1] is None) == \
        (_outcome(lambda: setattr(want, "not_a_field", "x"))[1] is None)
    assert copy.copy(made) == made and copy.deepcopy(made) == made
    assert pickle.loads(pickle.dumps(made)) == made


def test_required_fields_and_defaults_as_dataclass():
    @record(frozen=True)
    class Span:
        start: int
        end: int = 0
        tags: list = field(default_factory=list)

    a, b = Span(1), Span(1)
    assert a == b and a.tags == [] and a.tags is not b.tags
    assert repr(Span(1, 2, ["x"])) == "test_required_fields_and_defaults_as_dataclass.<locals>.Span(start=1, end=2, tags=['x'])"
    with pytest.raises(TypeError):
        Span()
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.start = 3
    assert str(inspect.signature(Span)) == "(start, end=0, tags=<factory>)"


def test_a_pack_dataclass_may_derive_from_a_record():
    @record(frozen=True, slots=True)
    class Base:
        id: str
        name: str = ""

    @dataclasses.dataclass(frozen=True)
    class Derived(Base):
        extra: int = 0

    d = Derived("a", "b", 3)
    assert (d.id, d.name, d.extra) == ("a", "b", 3) and d == Derived("a", "b", 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.extra = 4
    with pytest.raises(TypeError):  # as over a frozen dataclass: not a mutable one
        dataclasses.dataclass(type("Mutable", (Base,), {"__annotations__": {"x": "int"}, "x": 0}))

    @record
    class Mutable:
        items: list = field(default_factory=list)

        def __post_init__(self):
            self.items.append("posted")

    @dataclasses.dataclass
    class More(Mutable):
        more: int = 1

    assert More().items == ["posted"] and More().more == 1 and Mutable.__hash__ is None


@pytest.mark.parametrize("body", [
    {"a": field(default=0, repr=False)},
    {"a": field(default=0, compare=False)},
    {"a": field(default=0, init=False)},
    {"a": field(default=0, kw_only=True)},
    {"a": field(default=0, metadata={"x": 1})},
])
def test_what_records_do_not_support_is_refused(body):
    with pytest.raises(TypeError, match="option records do not have"):
        record(type("R", (), {"__annotations__": {"a": "int"}, **body}))


def test_a_record_deriving_from_a_dataclass_is_refused():
    base = dataclasses.dataclass(type("Base", (), {"__annotations__": {"a": "int"}}))
    with pytest.raises(TypeError, match="derives from no dataclass"):
        record(type("R", (base,), {"__annotations__": {"b": "int"}}))
    with pytest.raises(TypeError, match="InitVar"):
        record(type("R", (), {"__annotations__": {"a": "InitVar[int]"}}))
