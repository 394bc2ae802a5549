"""What `pip install .` installs: every package, each pack's grammar, rulings and data."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import tagtext
from tagtext import packs

ROOT = Path(__file__).resolve().parents[1]


def test_one_house_layout_everything_is_inside_the_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = project["tool"]["setuptools"]
    assert setuptools["packages"]["find"]["include"] == ["tagtext*"]
    assert "package-dir" not in setuptools
    for folder in ("cli", "grammar", "overrides"):
        assert not (ROOT / folder).exists(), f"{folder}/ belongs inside the tagtext package"


def test_the_installed_package_has_its_data():
    tag_tamer = resources.files("tagtext.packs.tag_tamer")
    assert tag_tamer.joinpath("grammar/effect.lark").is_file()
    assert tag_tamer.joinpath("special-rulings.toml").is_file()
    assert tag_tamer.joinpath("data/DigimonCards.json.gz").is_file()
    assert "Bandai" in tag_tamer.joinpath("data/SOURCE.md").read_text(encoding="utf-8")
    assert resources.files("tagtext").joinpath("schema/convert-v1.schema.json").is_file()
    assert tagtext.__version__


def test_every_installed_pack_loads():
    for name in packs.names():
        pack = packs.get(name)
        assert pack.name == name
        assert pack.pipeline, f"{name} has no rules"
        assert len({rule.id for rule in pack.rules}) == len(pack.rules)
        # what the installed package must carry: the grammar, the rulings, the data
        assert pack.parse("x").to_source() == "x"
        # its special-ruling table, read from the package (bd-tag's is shipped empty: the seed
        # names no card; every other pack's holds rulings)
        table = pack.rulings()
        assert table.source and (table.rulings or name == "bd-tag"), f"{name} ships no special rulings"
        assert pack.data_source()
