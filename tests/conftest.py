"""Shared test fixtures: the real card corpus and the format's golden examples; and the
toy pack (tests/toy_pack), installed as a distribution of its own before any test runs."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

import pytest
from hypothesis import settings

#: Property tests run the same examples on every run ("repeatable", the default: a fresh
#: clone's result does not depend on luck); TAGTEXT_HYPOTHESIS=explore draws new random
#: examples on each run, to look for new failures (add what it finds as an @example).
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False, database=None)
settings.load_profile(os.environ.get("TAGTEXT_HYPOTHESIS", "repeatable"))

#: A toy tag format (Japanese, one rule) packaged on its own: tagtext finds it through the
#: entry-point group tagtext.packs, as it would any pack a user installs, and every test
#: that runs every installed pack runs it too.
TOY_PACK = Path(__file__).resolve().parent / "toy_pack"
TOY_DISTRIBUTION = "tagtext-toy-ja"


def _toy_pack_installed() -> bool:
    """Whether this Python has the toy pack installed as its files are now (the installed
    RECORD's hashes match the sources)."""
    try:
        files = metadata.distribution(TOY_DISTRIBUTION).files or []
    except metadata.PackageNotFoundError:
        return False
    installed = {str(f): f.hash.value for f in files if f.hash and str(f).startswith("tagtext_toy_ja/")}
    sources = {str(path.relative_to(TOY_PACK)): path for path in (TOY_PACK / "tagtext_toy_ja").rglob("*")
               if path.is_file() and "__pycache__" not in path.parts}
    if set(installed) != set(sources):
        return False
    return all(base64.urlsafe_b64encode(hashlib.sha256(path.read_bytes()).digest()).rstrip(b"=").decode()
               == installed[name] for name, path in sources.items())


def _install_toy_pack() -> None:
    """pip install --no-deps the toy pack, from a copy (a build writes into its folder)."""
    if _toy_pack_installed():
        return
    with tempfile.TemporaryDirectory() as tmp:
        source = shutil.copytree(TOY_PACK, Path(tmp) / "toy_pack", ignore=shutil.ignore_patterns("__pycache__"))
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--force-reinstall",
                               str(source)], capture_output=True, text=True)
    if done.returncode != 0:
        raise pytest.UsageError(f"cannot install the toy pack {TOY_PACK} (pip install --no-deps): "
                                f"{done.stderr.strip().splitlines()[-1:]}")
    import importlib
    importlib.invalidate_caches()
    from tagtext import packs
    packs._entry_points.cache_clear()
    packs._load.cache_clear()


_install_toy_pack()

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext import carddb

#: The project's shared, read-only files (the manual, the golden examples, the corpus).
SHARED = Path(os.environ.get("TAGTEXT_SHARED", Path(__file__).resolve().parents[1].parent / "shared"))


#: Fixtures shipped with the tests (each folder has a SOURCE.md saying where they come from).
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def shared_file(*parts: str) -> Path:
    """A file of ../shared, for the extra checks that use it: skips the test when a fresh
    clone has no ../shared beside it (the suite itself never needs it)."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"no shared file {path} (set TAGTEXT_SHARED to the shared directory)")
    return path


@pytest.fixture(scope="session")
def corpus() -> carddb.Database:
    """The real card database, as the package ships it."""
    return digimon_cards.load_shipped()


@pytest.fixture(scope="session")
def corpus_texts(corpus) -> list[tuple[str, str, str]]:
    """(card id, field, text) for every text of the real corpus."""
    return [(card.id, field, text) for card, field, text in corpus.texts()]


@pytest.fixture(scope="session")
def golden() -> list[dict]:
    """The manual's 14 text pairs."""
    return json.loads((FIXTURES / "golden" / "tag-tamer-seed-examples.json").read_text(encoding="utf-8"))
