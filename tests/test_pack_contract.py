"""Every installed pack against the pack contract (tagtext.packs.base.Pack), and the engine
against it: the engine reads nothing off a pack that the contract does not declare."""

from __future__ import annotations

import ast
import inspect
import re
import tomllib
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path

import pytest

from tagtext import packs
from tagtext.packs import base
from tagtext.packs.base import METHODS, Pack, Rule
from tagtext.pipeline import Context
from tagtext.result import RewriteResult
from tagtext.rulings import Table
from tagtext.syntax.nodes import Document

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "tagtext"


@pytest.fixture(scope="module", params=packs.names())
def pack(request):
    return packs.get(request.param)


def test_every_installed_pack_is_a_pack_of_its_entry_points_name(pack):
    assert isinstance(pack, Pack)
    assert not inspect.isabstract(type(pack))
    eps = {ep.name: ep for ep in metadata.entry_points(group=packs.GROUP)}
    assert pack.name in eps and eps[pack.name].load() is pack


def test_every_attribute_of_the_contract(pack):
    for name in Pack.ATTRIBUTES:
        assert hasattr(pack, name), f"{pack.name} has no {name}"
    for name in ("name", "version", "title", "game", "summary", "copyright", "shipped_name", "database_help"):
        value = getattr(pack, name)
        assert isinstance(value, str) and value.strip() and "\n" not in value, (pack.name, name)
    assert all(isinstance(rule, Rule) for rule in pack.pipeline) and pack.pipeline
    assert set(pack.pipeline) <= set(pack.rules)
    assert len({rule.id for rule in pack.rules}) == len(pack.rules)
    assert isinstance(pack.text_fields, tuple) and pack.text_fields
    assert all(isinstance(f, str) for f in pack.text_fields)
    assert isinstance(pack.field_labels, Mapping) and set(pack.text_fields) <= set(pack.field_labels)
    assert pack.residual_trigger is None or callable(pack.residual_trigger)
    assert pack.note_marker is None or (isinstance(pack.note_marker, str) and pack.note_marker.strip())
    assert isinstance(pack.language, str) and re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]+)*", pack.language)


def test_every_method_of_the_contract_does_what_it_says(pack):
    for name in METHODS:
        assert callable(getattr(pack, name)), (pack.name, name)
    text = pack.pipeline[0].example[0] if pack.pipeline[0].example else "x"
    tree = pack.parse(text)
    assert isinstance(tree, Document) and tree.to_source() == text
    parts = pack.parts(text)
    assert parts is None or all(0 <= s <= e <= len(text) for s, e in parts)
    assert isinstance(pack.context(text, tree, None, ()), Context)
    assert isinstance(pack.rewrite(text), RewriteResult)
    assert isinstance(pack.rulings(), Table)
    assert isinstance(pack.shipped_database(), bytes) and pack.data_source()
    assert pack.normalise_card_id("") is None or isinstance(pack.normalise_card_id(""), str)
    assert pack.with_notes(True).notes is True
    if pack.note_marker is None:
        with pytest.raises(base.NoNotes):
            pack.with_notes(False)
    else:
        off = pack.with_notes(False)
        assert off.notes is False and pack.notes is True and type(off) is type(pack)


def test_rewrite_is_the_engines_runner_for_every_pack(pack):
    """One runner: no pack replaces it (a pack changes what it does through the hooks)."""
    assert type(pack).rewrite is Pack.rewrite


def test_the_shipped_packs_register_through_the_entry_point_group():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    registered = project["project"]["entry-points"][packs.GROUP]
    assert registered == {"tag-tamer": "tagtext.packs.tag_tamer:PACK", "ygo-tag": "tagtext.packs.ygo_tag:PACK",
                          "dm-tag-commander": "tagtext.packs.dm_tag_commander:PACK",
                          "bd-tag": "tagtext.packs.bd_tag:PACK"}
    assert set(registered) <= set(packs.names())


def _engine_files():
    for path in sorted(ENGINE.rglob("*.py")):
        if path.relative_to(ENGINE).parts[0] == "packs" and len(path.relative_to(ENGINE).parts) > 2:
            continue  # a pack's own modules
        yield path


def _read_off_packs(tree: ast.AST):
    """Attribute names read off anything called ``pack`` (``pack.x``, ``self.pack.x``,
    ``batch.pack.x``) or got from the registry (``packs.get(name).x``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            value = node.value
            if (isinstance(value, ast.Name) and value.id == "pack") or \
                    (isinstance(value, ast.Attribute) and value.attr == "pack") or \
                    (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
                     and value.func.attr == "get" and isinstance(value.func.value, ast.Name)
                     and value.func.value.id == "packs"):
                yield node.attr


def test_the_engine_reads_only_the_contract_off_a_pack():
    declared = set(Pack.ATTRIBUTES) | set(METHODS)
    read: dict[str, set[str]] = {}
    for path in _engine_files():
        for attr in _read_off_packs(ast.parse(path.read_text(encoding="utf-8"))):
            read.setdefault(attr, set()).add(str(path.relative_to(ROOT)))
    assert read, "the scan finds the engine's uses of packs"
    undeclared = {attr: sorted(files) for attr, files in read.items() if attr not in declared}
    assert undeclared == {}


def test_the_contract_declares_each_name_once():
    assert len(set(Pack.ATTRIBUTES)) == len(Pack.ATTRIBUTES) and len(set(METHODS)) == len(METHODS)
    abstract = set(Pack.__abstractmethods__)
    assert abstract <= set(METHODS)
    assert base.METHODS is METHODS


def test_an_unknown_pack_names_the_installed_ones():
    with pytest.raises(packs.UnknownPack, match="unknown pack 'nope'; installed: tag-tamer, "):
        packs.get("nope")


def test_the_registry_reads_the_entry_points_importlib_metadata_finds():
    """tagtext.packs reads the distributions' entry_points.txt itself (importing
    importlib.metadata costs a short run a tenth of its start-up): it finds what
    importlib.metadata finds, name for name and value for value."""
    found = {name: ep.value for name, ep in packs._entry_points().items()}
    assert found == {ep.name: ep.value for ep in metadata.entry_points(group=packs.GROUP)}
    assert set(found) >= {"tag-tamer", "ygo-tag"}
