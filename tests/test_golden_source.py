"""The golden examples shipped in tests/fixtures are the shared ones, unchanged."""

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("TAGTEXT_SHARED", HERE.parents[1] / "shared"))


def test_shipped_golden_examples_are_the_shared_ones():
    shared = SHARED / "golden" / "seed-examples.json"
    if not shared.exists():
        pytest.skip(f"no {shared}: a fresh clone checks the shipped copy only")
    shipped = HERE / "fixtures" / "golden" / "tag-tamer-seed-examples.json"
    assert shipped.read_bytes() == shared.read_bytes()


def test_shipped_duel_masters_golden_examples_are_the_shared_ones():
    shared = SHARED / "golden" / "dm-seed-examples.json"
    if not shared.exists():
        pytest.skip(f"no {shared}: a fresh clone checks the shipped copy only")
    shipped = HERE / "fixtures" / "golden" / "dm-seed-examples.json"
    assert shipped.read_bytes() == shared.read_bytes()


def test_shipped_build_divide_golden_examples_are_the_shared_ones():
    shared = SHARED / "golden" / "bd-seed-examples.json"
    if not shared.exists():
        pytest.skip(f"no {shared}: a fresh clone checks the shipped copy only")
    shipped = HERE / "fixtures" / "golden" / "bd-seed-examples.json"
    assert shipped.read_bytes() == shared.read_bytes()
