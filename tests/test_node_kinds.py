"""Every node kind's ``__init__`` (set through its slots: tagtext.syntax.nodes.node_kind)
makes the node its frozen dataclass's own ``__init__`` makes, with the same parameters."""

from __future__ import annotations

import dataclasses
import inspect
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
    # (a class dataclass(slots=True) remade stays a subclass until collected: only the
    # classes their module names are node kinds)
    named = [c for c in set(out) if getattr(sys.modules[c.__module__], c.__qualname__, None) is c]
    return sorted(named, key=lambda c: (c.__module__, c.__qualname__))


#: the kinds declared with node_kind (a pack may declare its kinds as plain dataclasses,
#: which keep the dataclass's __init__; a kind adding no field shares its base's)
KINDS = [k for k in _kinds() if "__dataclass_init__" in k.__dict__]


def test_every_pack_declares_node_kinds():
    assert len(KINDS) > 30 and {k.__module__.split(".")[2] for k in KINDS if k.__module__.startswith("tagtext.packs")} \
        >= {"tag_tamer", "ygo_tag", "bd_tag"}


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: f"{k.__module__}.{k.__qualname__}")
def test_a_kinds_init_makes_what_its_dataclass_init_makes(kind):
    fields = dataclasses.fields(kind)
    fast = inspect.signature(kind.__init__)
    own = inspect.signature(kind.__dataclass_init__)
    assert [(p.name, p.default, p.kind) for p in fast.parameters.values()] == \
        [(p.name, p.default, p.kind) for p in own.parameters.values()]
    values = [object() for _ in fields]  # a distinct value per field: none set in another's slot
    made = kind(*values)
    expected = object.__new__(kind)
    kind.__dataclass_init__(expected, *values)
    assert [getattr(made, f.name) for f in fields] == [getattr(expected, f.name) for f in fields] == values
    required = [v for f, v in zip(fields, values) if f.default is dataclasses.MISSING]
    defaults = kind(*required)
    assert [getattr(defaults, f.name) for f in fields] == \
        [v if f.default is dataclasses.MISSING else f.default for f, v in zip(fields, values)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.start = 0
    with pytest.raises(TypeError):
        kind(*values, object())
