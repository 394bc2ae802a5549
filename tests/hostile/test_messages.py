"""Messages say what is wrong and where, and the output is what the input says
(findings M1-M16; M7 is issue 16's: a conversion records its pack)."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from tagtext import packs
from tagtext.errata.model import anchor

from .conftest import CARDS, GOOD, one_line, run, write_json

YGO_DECKS = Path(__file__).parents[1] / "deck" / "ygo" / "fixtures"


def test_errors_writing_a_device_name_it(db):
    """M1: a full device or one that cannot be written is named in the error."""
    for device, says in (("/dev/full", "No space left on device"), ("/proc/version", "cannot write")):
        result = run("-q", "convert", db, "-o", device)
        assert result.exit_code == 1
        one_line(result.stderr, device, says)


def test_errata_into_a_mount_point_says_so(tmp_path, db, monkeypatch):
    """M2: a mount point (a Docker volume) cannot be renamed over: said before building,
    with what to do instead."""
    site = tmp_path / "volume"
    site.mkdir()
    real = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda p: str(p) == str(site) or real(p))
    result = run("errata", db, "-o", site)
    assert result.exit_code == 1
    one_line(result.stderr, f"{site}: is a mount point", f"-o {site / 'site'}")


def test_ygo_shape_error_names_ygo_id_fields(tmp_path):
    """M3: the Yu-Gi-Oh! loader says where it reads ids, not the Digimon fields."""
    result = run("convert", "--pack", "ygo-tag", write_json(tmp_path / "dc.json", [{"effect": "x"}] * 3))
    assert result.exit_code == 1
    line = one_line(result.stderr, '"password" or "konami_id" or "name"')
    assert "cardNumber" not in line


def test_gzip_is_known_by_its_first_bytes(tmp_path, db):
    """M4: gzip on stdin or under a name without .gz is read (tag-tamer, as ygo-tag
    did); a file named .gz that is not gzip says so in both packs."""
    packed = gzip.compress(db.read_bytes())
    plain = json.loads(run("convert", db).stdout)["cards"]
    assert json.loads(run("convert", "-", input=packed).stdout)["cards"] == plain
    (tmp_path / "nogz.json").write_bytes(packed)
    assert json.loads(run("convert", tmp_path / "nogz.json").stdout)["cards"] == plain
    fake = tmp_path / "fake.json.gz"
    fake.write_text("[]")
    for pack in ("tag-tamer", "ygo-tag"):
        result = run("convert", "--pack", pack, fake)
        assert result.exit_code == 1
        one_line(result.stderr, "fake.json.gz: not a readable gzip file")


@pytest.mark.parametrize("name", ["cards.csv", "cards.jsonl"])
def test_ygo_says_it_reads_json_only(tmp_path, name):
    """M4: ygo-tag given CSV or JSON lines says it reads JSON databases, not "Expecting value"."""
    path = tmp_path / name
    path.write_text("id,name\n1,x\n" if name.endswith(".csv") else '{"id": 1}\n{"id": 2}\n')
    result = run("convert", "--pack", "ygo-tag", path)
    assert result.exit_code == 1
    one_line(result.stderr, "reads JSON card databases only", name.rsplit(".", 1)[1].upper())


def test_errata_reads_a_conversion_on_stdin(tmp_path, db):
    """M5: `errata - < conversion.json` is the conversion, as by name and as diff reads it."""
    conversion = run("-q", "convert", db).stdout_bytes
    by_stdin, by_name = tmp_path / "a", tmp_path / "b"
    assert run("-q", "errata", "-", "-o", by_stdin, input=conversion).exit_code == 0
    (tmp_path / "conv.json").write_bytes(conversion)
    assert run("-q", "errata", tmp_path / "conv.json", "-o", by_name).exit_code == 0
    index = (by_stdin / "index.html").read_text()
    assert index.replace("&lt;stdin&gt;", "conv.json") == (by_name / "index.html").read_text()


def test_card_and_set_anchors_never_clash():
    """M10: ids that differ only where a fragment id cannot hold the character get
    different anchors; a plain id keeps the anchor it always had."""
    ids = ["BT1-001", "BT1 001", "BT1/001", "BT1_001", "BT1_2f_001"]
    assert len({anchor("card", i) for i in ids}) == len(ids)
    assert anchor("card", "BT1-001") == "card-BT1-001" and anchor("set", "BT 1") != anchor("set", "BT-1")


@pytest.mark.parametrize("text, says", [
    ('id,name,effect\nBT1-001,A,"unterminated\n', "2: invalid CSV: a quoted field is never closed"),
    ("id,id,effect\nBT1-001,BT1-002,x\n", "1: invalid CSV: the header names the column 'id' twice"),
])
def test_bad_csv_is_an_error(tmp_path, text, says):
    """M11: an unterminated quote or a header naming a column twice is invalid CSV."""
    path = tmp_path / "bad.csv"
    path.write_text(text)
    result = run("convert", path)
    assert result.exit_code == 1
    one_line(result.stderr, f"bad.csv:{says}")


def test_a_ragged_csv_row_is_skipped_and_reported(tmp_path):
    """M11: a row with more or fewer cells than the header is skipped, not read with
    cells dropped or missing."""
    rows = ["id,name,effect"] + [f"BT1-{i:03d},A,Both players draw 2 cards." for i in range(1, 6)]
    rows += ["BT1-101,A,Both players draw 2 cards.,extra", "BT1-102,B"]
    path = tmp_path / "ragged.csv"
    path.write_text("\n".join(rows) + "\n")
    result = run("convert", path, "--format", "csv")
    assert result.exit_code == 1
    assert "ragged.csv:7: a row of 4 cells under a header of 3; skipped" in result.stderr
    assert "ragged.csv:8: a row of 2 cells under a header of 3; skipped" in result.stderr
    assert [line.split(",")[0] for line in result.stdout.splitlines()[1:]] == [f"BT1-{i:03d}" for i in range(1, 6)]


def test_deck_check_oddities(tmp_path):
    """M12: --pack "" is no pack; "-" is stdin; full-width digits are said to be so; one
    card is "1 card"; a card named by its name is not named twice."""
    result = run("deck", "check", "--pack", "", "x.txt")
    assert result.exit_code == 2 and "unknown pack ''" in result.stderr
    result = run("convert", "--pack", "")
    assert result.exit_code == 2 and "unknown pack ''" in result.stderr
    result = run("deck", "check", "-", input="4 BT1-010\n")
    assert result.exit_code == 1 and "<stdin>" in result.stdout
    deck = tmp_path / "wide.txt"
    deck.write_text("BT1-０１０ Agumon 4\n")
    result = run("deck", "check", deck)
    assert result.exit_code == 2
    one_line(result.stderr, "full-width characters: write BT1-010")
    deck.write_text("1 BT1-010\n")
    result = run("deck", "check", deck)
    assert "1 card, 0 Digi-Eggs" in result.stdout
    assert "A: 1 non-Digi-Egg card, a deck holds exactly 50" in result.stdout
    names = tmp_path / "names.txt"
    names.write_text("Main Deck:\n4 Pot of Greed\n")
    result = run("deck", "check", "--pack", "ygo-tag", names)
    assert "Pot of Greed Pot of Greed" not in result.stdout and "Pot of Greed" in result.stdout


def test_ygo_conversion_does_not_depend_on_card_order(tmp_path):
    """M13: a text shared by a Monster and a Trap is rewritten for each by its own type,
    whichever comes first (the batch reuses a result only for cards of one type)."""
    monster = {"password": 89631139, "card_type": "Monster", "text": {"en": "Your opponent draws 2 cards."}}
    trap = {"password": 1637760, "card_type": "Trap", "text": {"en": "Your opponent draws 2 cards."}}

    def texts(cards):
        doc = json.loads(run("-q", "convert", "--pack", "ygo-tag", write_json(tmp_path / "m.json", cards)).stdout)
        return {c["id"]: c["texts"]["text"]["text"] for c in doc["cards"]}

    assert texts([monster, trap]) == texts([trap, monster])


def test_control_characters_never_reach_html_or_markdown(tmp_path):
    """M14: a NUL or an escape in an id, a name or a text is shown (as a control picture)
    in the site, the wiki and convert's Markdown, never written as it is."""
    card = {"id": "BT1-001", "name": "Agu\x00mon\x1b[2J", "effect": "Both players draw 2 cards.\x00\x1b]0;x\x07"}
    db = write_json(tmp_path / "nul.json", [card])
    assert run("-q", "errata", db, "-o", tmp_path / "site").exit_code == 0
    assert run("-q", "errata", db, "-o", tmp_path / "wiki", "--format", "wiki").exit_code == 0
    md = run("-q", "convert", db, "--format", "md").stdout
    pages = [p.read_text() for p in (tmp_path / "site").glob("*.html")]
    pages += [p.read_text() for p in (tmp_path / "wiki").glob("*.md")] + [md]
    assert not any("\x00" in page or "\x1b" in page or "\x07" in page for page in pages)
    assert any("Agu\u2400mon\u241b[2J" in page for page in pages)


def test_ygo_problems_have_kinds_and_a_text_that_is_no_text_is_reported(tmp_path):
    """M16: Yu-Gi-Oh! entry problems are grouped by kind like Digimon's; a text field that
    is a number is reported, not dropped."""
    cards = [{"konami_id": 10 + i, "text": {"en": 123}} for i in range(5)]
    cards += [{"password": 1000 + i, "card_type": "Spell", "text": {"en": "Your opponent draws 2 cards."}}
              for i in range(5)]
    result = run("convert", "--pack", "ygo-tag", write_json(tmp_path / "y.json", cards))
    assert result.exit_code == 1
    assert "field 'text' is a number, not text; ignored" in result.stderr
    assert "(text fields that are not text; 5 in all)" in result.stderr


@pytest.mark.parametrize("pack, field, card", [
    ("dm-tag-commander", "text", {"name": "カード"}),
    ("bd-tag", "effect", {"name": "カード", "type": "unit"}),
])
def test_the_card_table_packs_say_what_a_bad_entry_is_and_group_by_kind(pack, field, card):
    """M16 for Duel Masters and Build Divide, as for Digimon and Yu-Gi-Oh!: what an entry or
    a text field is instead ("got a number"), and a kind of their own, not "other", for the
    report's "... and 1 more like these (text fields that are not text; 4 in all)"."""
    entries = [5, "x", None] + [{"id": f"c{i}", **card, field: value}
                                for i, value in enumerate((3, ["a"], {"a": 1}, True))]
    db = packs.get(pack).database_from_bytes(json.dumps(entries).encode(), "cards.json", "json")
    got = [(p.where, p.message, p.kind, p.summary, p.card, p.field) for p in db.problems]
    entry, text = ("not-an-object", "entries that are not card objects"), ("not-text", "text fields that are not text")
    assert got == [
        ("cards.json: entry 1", "expected a card object, got a number; skipped", *entry, None, None),
        ("cards.json: entry 2", "expected a card object, got a string; skipped", *entry, None, None),
        ("cards.json: entry 3", "expected a card object, got null; skipped", *entry, None, None),
        ("cards.json: entry 4 (id c0)", f"field '{field}' is a number, not text; ignored", *text, "c0", field),
        ("cards.json: entry 5 (id c1)", f"field '{field}' is an array, not text; ignored", *text, "c1", field),
        ("cards.json: entry 6 (id c2)", f"field '{field}' is an object, not text; ignored", *text, "c2", field),
        ("cards.json: entry 7 (id c3)", f"field '{field}' is a boolean, not text; ignored", *text, "c3", field),
    ]


def test_a_conversion_made_by_another_pack_is_refused(tmp_path, db):
    """M7: a Tag Tamer conversion read with --pack ygo-tag publishes no Yu-Gi-Oh! site of
    Digimon cards and is no diff (and a Yu-Gi-Oh! one read as Tag Tamer's): a non-zero
    exit, one line, nothing written. Held whatever issue 16 lands (conversions recording
    their pack); until then the shape check of a conversion read back refuses it, as none
    of its cards has the other pack's main text field."""
    ygo = tmp_path / "ygo.json"
    write_json(ygo, [{"password": 1000 + i, "card_type": "Spell", "text": {"en": "Your opponent draws 2 cards."}}
                     for i in range(30)])
    for pack, other, cards in (("tag-tamer", "ygo-tag", db), ("ygo-tag", "tag-tamer", ygo)):
        conversion = tmp_path / f"conv-{pack}.json"
        assert run("-q", "convert", "--pack", pack, cards, "-o", conversion).exit_code == 0
        site = tmp_path / f"mixed-{pack}"
        result = run("errata", "--pack", other, conversion, "-o", site)
        assert result.exit_code != 0 and not site.exists()
        one_line(result.stderr, str(conversion))
        assert run("diff", "--pack", other, conversion, conversion).exit_code != 0
