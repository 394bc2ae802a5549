"""Shared test fixtures: the real card corpus and the format's golden examples."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

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
