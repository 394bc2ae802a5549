"""The YGO loaders: the shipped database and the YGOPRODeck API v7 shape."""

from __future__ import annotations

import gzip
import json

import pytest

from tagtext.carddb import Card, Database, DatabaseError
from tagtext.packs.ygo_tag import carddb


def test_shipped(ygo_db):
    assert isinstance(ygo_db, Database) and isinstance(ygo_db.cards[0], Card)
    by_id = ygo_db.by_id()
    assert by_id["44095762"].name == "Mirror Force"
    assert by_id["konami-11927"].name == "The Winged Dragon of Ra - Sphere Mode"  # no password: Konami id
    assert set(carddb.TEXT_FIELDS) >= {f for c in ygo_db.cards for f in c.texts}


def test_ids_are_passwords_and_never_names(ygo_db):
    """Passwords as YGOPRODeck and deck files write them; a card without one gets an id
    that is not its name and stays the same when an unofficial English name changes."""
    import hashlib
    import re

    ids = [c.id for c in ygo_db.cards]
    assert len(set(ids)) == len(ids) == 14276
    shapes = {"password": r"[1-9]\d*", "konami": r"konami-[1-9]\d*", "unreleased": r"unreleased-[0-9a-f]{8}"}
    counts = {kind: sum(1 for i in ids if re.fullmatch(pattern, i)) for kind, pattern in shapes.items()}
    assert counts == {"password": 14276 - 66, "konami": 9, "unreleased": 57}
    assert not {c.id for c in ygo_db.cards} & {c.name for c in ygo_db.cards}
    entry = {"password": None, "konami_id": None, "name": {"en": "Assault Lion", "ja": "\u30a2\u30b5\u30eb\u30c8\u30fb\u30ea\u30aa\u30f3"}}
    expected = "unreleased-" + hashlib.sha256(entry["name"]["ja"].encode()).hexdigest()[:8]
    assert carddb.shipped_card_id(entry) == expected
    assert carddb.shipped_card_id({**entry, "name": {**entry["name"], "en": "Assault Lion (renamed)"}}) == expected
    assert ygo_db.by_id()[expected].name == "Assault Lion"
    assert carddb.shipped_card_id({"password": 5318639, "konami_id": 4}) == "5318639"


YGOPRODECK = {"data": [
    {"id": 44095762, "name": "Mirror Force", "type": "Trap Card", "desc": "When an opponent's monster declares an attack: Destroy all your opponent's Attack Position monsters."},
    {"id": 14920218, "name": "Peach", "type": "Pendulum Effect Monster",
     "desc": "[ Pendulum Effect ]\nNeither player can draw.\n----------------------------------------\n[ Monster Effect ]\nBoth players draw 1 card.",
     "pend_desc": "Neither player can draw.", "monster_desc": "Both players draw 1 card."},
    {"id": 44095762, "name": "dup", "desc": "x"},
    {"name": "no id"},
]}


def test_ygoprodeck_shape(tmp_path, pack):
    path = tmp_path / "cardinfo.json.gz"
    path.write_bytes(gzip.compress(json.dumps(YGOPRODECK).encode()))
    db = pack.load_database(str(path))
    assert [c.id for c in db.cards] == ["44095762", "14920218"]
    peach = db.cards[1]
    assert peach.texts == {"text": "Both players draw 1 card.", "pendulumEffect": "Neither player can draw."}
    assert peach.card_type == "Monster" and db.cards[0].card_type == "Trap"
    assert len(db.problems) == 2
    assert pack.rewrite(peach.texts["pendulumEffect"]).text == "No player can draw."


def test_bad_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{nope")
    with pytest.raises(DatabaseError, match="invalid JSON"):
        carddb.load(path)


def test_a_streamed_lines_card_type_is_known_until_the_next_line_and_none_is_kept():
    """A JSON line's card type reads its effect (a Spell's is one effect told in steps)
    while it is converted; no card is kept after its line (memory flat however many
    lines: issue 22), and a line with no type leaves the shipped database to answer, as
    it did when every line's type was kept."""
    from tagtext.packs.ygo_tag import YgoTagPack

    pack = YgoTagPack()
    for i in range(40):
        entry = {"id": 90_000_000 + i, "name": f"Card {i}", "type": "Spell Card", "desc": "Draw 1 card."}
        card = pack.card_from_json_line(f"f:{i + 1}", entry, [])
        assert pack.card_type(card.id) == "Spell" and pack.card_type(str(90_000_000 + i - 1)) == ""
    assert pack._known.facts == {}
    typeless = YgoTagPack()
    card = typeless.card_from_json_line("f:1", {"password": "89631139", "name": "Blue-Eyes White Dragon",
                                                "text": "x"}, [])
    assert card is not None and typeless.card_type(card.id) == "Monster"  # from the shipped database


@pytest.mark.parametrize("collecting", [True, False])
def test_loading_leaves_the_garbage_collector_as_it_was(tmp_path, collecting):
    """The loaders pause Python's cyclic collector while they decode (JSON makes no
    cycles) and leave it as they found it, also when the file is refused."""
    import gc

    good, bad = tmp_path / "cards.json", tmp_path / "bad.json"
    good.write_text(json.dumps(YGOPRODECK))
    bad.write_text("{nope")
    (gc.enable if collecting else gc.disable)()
    try:
        assert [c.id for c in carddb.load(good).cards] == ["44095762", "14920218"]
        assert gc.isenabled() is collecting
        assert len(carddb.parse_bytes(good.read_bytes(), "cards.json").cards) == 2
        assert gc.isenabled() is collecting
        with pytest.raises(DatabaseError):
            carddb.load(bad)
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
