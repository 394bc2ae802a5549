"""What `pip install .` installs: every package, the grammar, the rulings and the data."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

import tagtext

ROOT = Path(__file__).resolve().parents[1]


def _declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(project["tool"]["setuptools"]["packages"])


def test_every_package_in_the_tree_is_declared():
    found = set()
    for init in (ROOT / "tagtext").rglob("__init__.py"):
        found.add(".".join(("tagtext",) + init.parent.relative_to(ROOT / "tagtext").parts))
    mapped = {"tagtext.cli": "cli", "tagtext.grammar": "grammar", "tagtext.overrides": "overrides"}
    for name, folder in mapped.items():
        assert (ROOT / folder / "__init__.py").exists()
        found.add(name)
    assert found == _declared()


def test_the_installed_package_has_its_data():
    assert resources.files("tagtext.grammar").joinpath("effect.lark").is_file()
    assert resources.files("tagtext.overrides").joinpath("special-rulings.toml").is_file()
    assert resources.files("tagtext").joinpath("data/DigimonCards.json.gz").is_file()
    assert "Bandai" in resources.files("tagtext").joinpath("data/SOURCE.md").read_text(encoding="utf-8")
    assert tagtext.__version__
