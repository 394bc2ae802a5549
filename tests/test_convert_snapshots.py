"""Snapshots of the shipped database's conversion: one JSON file per set.

Every text of a set that the conversion does something with, in database order: id, field,
the Tag Tamer text, its edits and residuals (and warnings, special ruling or error when
there are any). Texts that come back as printed with nothing to report are left out: that
they are unchanged is checked over the whole corpus by tests/test_rewrite_corpus.py, and
here they would only bury the rewrites. Any change
in the compiler shows up as a readable diff of these files; review it, then accept it:

    .venv/bin/pytest tests/test_convert_snapshots.py --snapshot-update

The files are in tests/__snapshots__/test_convert_snapshots/, one per set
(``test_set[BT12].json``).
"""

from __future__ import annotations

from tagtext import packs

import re
from collections import OrderedDict

import pytest
from syrupy.extensions.json import JSONSnapshotExtension

from tagtext.packs.tag_tamer import carddb as digimon_cards
from tagtext import carddb
from tagtext.batch import convert_database


def _set_order(code: str):
    """AD1, BT1, BT2 ... BT10 (numbers as numbers)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", code)]


SHIPPED = digimon_cards.load_shipped()
SETS = sorted({card.set for card in SHIPPED.cards}, key=_set_order)


@pytest.fixture(scope="module")
def by_set() -> dict[str, list]:
    batch = convert_database(SHIPPED, packs.get("tag-tamer"))
    out: dict[str, list] = {code: [] for code in SETS}
    for card_result in batch.cards:
        card = card_result.card
        for name in (f for f in digimon_cards.TEXT_FIELDS if f in card.texts):
            entry = OrderedDict(id=card.id, field=name)
            result = card_result.results.get(name)
            if result is None:
                entry["error"] = card_result.errors.get(name)
            elif not (result.changed or result.residuals or result.warnings or result.ruling):
                continue
            else:
                entry["text"] = result.text
                entry["edits"] = [OrderedDict(before=e.before, after=e.after, rules=list(e.rules),
                                              start=e.start, end=e.end) for e in result.edits]
                entry["residuals"] = [OrderedDict(text=r.text, rule=r.rule, reason=r.reason,
                                                  start=r.start, end=r.end) for r in result.residuals]
                if result.warnings:
                    entry["warnings"] = [str(w) for w in result.warnings]
                if result.ruling:
                    entry["ruling"] = result.ruling
            out[card.set].append(entry)
    return out


@pytest.fixture
def snapshot_json(snapshot):
    return snapshot.use_extension(JSONSnapshotExtension)


def test_every_set_has_a_snapshot():
    assert len(SETS) > 1 and all(SETS)
    assert sum(1 for card in SHIPPED.cards if card.set in SETS) == len(SHIPPED.cards)


@pytest.mark.parametrize("set_code", SETS)
def test_set(set_code, by_set, snapshot_json):
    assert by_set[set_code] == snapshot_json
