"""Every node kind (declared with tagtext.syntax.nodes.node_kind, without the dataclass
machinery) is what a frozen ``dataclass(slots=True)`` of the same declarations would be: the
same fields with the same defaults, the same ``__init__`` parameters, frozen, with equality,
hash and repr by the kind and its fields; and it copies and pickles."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys

import pytest

from tagtext import packs
from tagtext.syntax import nodes as n


def _kinds() -> list[type]:
    for name in packs.names():
        packs.get(name)  # imports the pack's node kinds
    out, todo = [], [n.Node]
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    # (a class node_kind remade stays a subclass until collected: only the classes their
    # module names are node kinds)
    named = [c for c in set(out) if getattr(sys.modules[c.__module__], c.__qualname__, None) is c]
    return sorted(named, key=lambda c: (c.__module__, c.__qualname__))


ALL = _kinds()
#: the kinds declared with node_kind (the others add no field: plain subclasses)
KINDS = [k for k in ALL if "__node_fields__" in k.__dict__]


def _as_dataclass(kind: type) -> type:
    """The same declarations (each class's annotations and the defaults assigned in its body,
    base first) made by dataclasses itself: the oracle."""
    made = None
    for cls in reversed(kind.__mro__):
        annotations = cls.__dict__.get("__annotations__")
        if cls is object or not annotations:
            continue
        body = {"__annotations__": dict(annotations), "__module__": cls.__module__}
        # (node_kind keeps a default assigned in the body with the kind's fields, not as a
        # class attribute, which a slot of the same name would clash with)
        defaults = {name: d for name, d in cls.__dict__.get("__node_fields__", ()) if d is not n._MISSING}
        body.update((name, defaults[name]) for name in annotations if name in defaults)
        made = dataclasses.dataclass(frozen=True)(type(cls.__name__, (made,) if made else (), body))
    made.__qualname__ = kind.__qualname__
    return made


def test_every_pack_declares_node_kinds():
    assert len(KINDS) > 30 and {k.__module__.split(".")[2] for k in KINDS if k.__module__.startswith("tagtext.packs")} \
        >= {"tag_tamer", "ygo_tag", "bd_tag", "dm_tag_commander"}


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: f"{k.__module__}.{k.__qualname__}")
def test_a_kind_is_its_frozen_dataclass(kind):
    oracle = _as_dataclass(kind)
    fields = dataclasses.fields(oracle)
    assert n.fields_of(kind) == tuple(f.name for f in fields)
    values = [object() for _ in fields]  # a distinct value per field: none set in another's slot
    made = kind(*values)  # (a node_kind's own __init__ is compiled at its first node)
    assert [(p.name, p.default, p.kind) for p in inspect.signature(kind.__init__).parameters.values()] == \
        [(p.name, p.default, p.kind) for p in inspect.signature(oracle.__init__).parameters.values()]
    assert [getattr(made, f.name) for f in fields] == values
    assert repr(made) == repr(oracle(*values))
    assert made == kind(*values) and hash(made) == hash(kind(*values))
    assert made != kind(*values[:-1], object())
    required = [v for f, v in zip(fields, values) if f.default is dataclasses.MISSING]
    defaults = kind(*required)
    assert [getattr(defaults, f.name) for f in fields] == \
        [v if f.default is dataclasses.MISSING else f.default for f, v in zip(fields, values)]
    for name in ("start", fields[-1].name):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, 0)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(made, name)
    with pytest.raises(TypeError):
        kind(*values, object())
    with pytest.raises(TypeError):
        kind()
    assert not hasattr(made, "__dict__")


@pytest.mark.parametrize("kind", [k for k in ALL if issubclass(k, n.Leaf)], ids=lambda k: f"{k.__module__}.{k.__qualname__}")
def test_a_leaf_copies_and_pickles(kind):
    extra = [f"v{i}" for i in range(len(n.fields_of(kind)) - 5)]
    leaf = kind(3, 7, " ", "word", ("T1",), *extra)
    for copied in (copy.copy(leaf), copy.deepcopy(leaf), pickle.loads(pickle.dumps(leaf))):
        assert type(copied) is kind and copied == leaf and repr(copied) == repr(leaf)


def test_a_kinds_init_is_compiled_at_its_first_node_and_serves_its_subkinds():
    @n.node_kind
    class Tally(n.Leaf):
        amount: int = 0

    class Mark(Tally):
        __slots__ = ()

    deferred = Tally.__dict__["__init__"]
    mark = Mark(0, 1, "", "x", (), 3)  # (through its base's deferred __init__)
    assert Tally.__dict__["__init__"] is not deferred
    assert "amount" in inspect.signature(Tally.__init__).parameters
    assert (mark.amount, Tally(0, 1, "", "y").amount, Mark(0, 1, "", "z", amount=5).amount) == (3, 0, 5)
    with pytest.raises(TypeError):
        Tally(0, 1, "", "y", (), 1, 2)


def test_a_change_to_a_field_a_kind_has_not_is_refused():
    leaf = n.Leaf(0, 1, "", "x")
    assert leaf.with_changes(text="y") == n.Leaf(0, 1, "", "y")
    with pytest.raises(TypeError, match="no field 'colour'"):
        leaf.with_changes(colour="red")


def test_a_field_without_default_after_one_with_is_refused():
    with pytest.raises(TypeError, match="without a default"):
        @n.node_kind
        class Bad(n.Leaf):  # rules has a default
            late: int
