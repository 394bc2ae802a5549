"""The golden examples shipped in tests/fixtures are the shared ones, unchanged."""

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SHARED = Path(os.environ.get("TAGTEXT_SHARED", HERE.parents[1] / "shared"))

#: the shared golden file -> its shipped copy, one pair a format
SHIPPED_COPIES = {
    "seed-examples.json": "tag-tamer-seed-examples.json",
    "dm-seed-examples.json": "dm-seed-examples.json",
    "bd-seed-examples.json": "bd-seed-examples.json",
}


@pytest.mark.parametrize("shared_name, shipped_name", SHIPPED_COPIES.items(), ids=list(SHIPPED_COPIES.values()))
def test_shipped_golden_examples_are_the_shared_ones(shared_name, shipped_name):
    shared = SHARED / "golden" / shared_name
    if not shared.exists():
        pytest.skip(f"no {shared}: a fresh clone checks the shipped copy only")
    shipped = HERE / "fixtures" / "golden" / shipped_name
    assert shipped.read_bytes() == shared.read_bytes()
