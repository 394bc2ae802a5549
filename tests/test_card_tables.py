"""The engine's pieces for packs that read their own card tables (tagtext/packs/tables.py,
tagtext/carddb.py's entry_card_id and text_value, writeback.each_card_once) and for their
coverage of risky words (tagtext/accounting.py), on a made-up pack of a few lines: what
Duel Masters and Build Divide use, held to what they promise with no game in it."""

from __future__ import annotations

import json
import re
import types
from dataclasses import dataclass

import pytest

from tagtext import carddb, writeback
from tagtext.accounting import Account, Ledger, covered_by
from tagtext.errors import ParseError
from tagtext.packs.base import Rule
from tagtext.packs.tables import CardTablePack, KnownCards
from tagtext.pipeline import Context
from tagtext.result import Edit, Residual, RewriteResult

SHIPPED = [{"id": "s1", "name": "Shipped", "type": "spell", "text": "text"}]


def _card(where, entry, problems):
    card_id = carddb.entry_card_id(where, entry, problems, ("id", "cardId"))
    if card_id is None:
        return None
    return carddb.Card(card_id, carddb.text_value(entry.get("name")), "", carddb.text_value(entry.get("type")),
                       {"text": entry["text"]} if entry.get("text") else {})


def _module(name: str, **functions) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(functions)
    return module


CARD_DATA = _module(
    "card_data",
    load=lambda path=None: CARD_DATA.parse_bytes(json.dumps(SHIPPED).encode(), "shipped", "json")
    if path is None else carddb.read_file(path, _card, text_fields=("text",)),
    parse_bytes=lambda data, source, fmt="json": carddb.parse_bytes(data, source, fmt, _card, text_fields=("text",)),
    shipped_bytes=lambda: json.dumps(SHIPPED).encode(),
    write_back=lambda data, source, fmt, texts: "written",
)


def _check_text(text: str) -> None:
    if "{" in text:
        raise ParseError("a { left open", text, text.index("{"))


PARSER = _module("parser", parse=lambda text, source=None, parts=None: ("tree", text), check_text=_check_text,
                 quirks=lambda text: [(m.start(), "a stray ~") for m in re.finditer("~", text)])


class TablePack(CardTablePack):
    name = "table-test"
    version = "0"
    title = game = summary = copyright = "test"
    pipeline = (Rule("r", "r", "", "", apply=lambda tree, ctx: tree, trigger=lambda low: "opponent" in low),)
    rules = pipeline
    text_fields = ("text",)
    field_labels = {"text": "Text"}
    shipped_name = "shipped"
    database_help = "test"
    note_marker = "*"
    card_data = CARD_DATA
    parser = PARSER

    def context(self, text, tree, card_id, protected):
        return Context(text, card_id, protected)

    def rulings(self):
        raise NotImplementedError

    def coverage(self, database):
        raise NotImplementedError


def test_a_card_is_known_from_the_shipped_table_until_a_table_is_read(tmp_path):
    pack = TablePack()
    assert pack.known("s1") == "spell" and pack.known(None, "none") == "none" and pack.known("x", "?") == "?"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{"id": "c1", "type": "creature", "text": "t"}]))
    pack = TablePack()
    pack.load_database(str(path))
    assert pack.known("c1") == "creature" and pack.known("s1") is None


def test_a_card_added_joins_the_shipped_ones_and_a_copy_with_notes_off_shares_them():
    pack = TablePack()
    pack.add_known("mine", "command")
    quiet = pack.with_notes(False)
    quiet.add_known("later", "unit")
    assert (pack.known("mine"), pack.known("s1"), pack.known("later")) == ("command", "spell", "unit")
    assert quiet.notes is False and pack.notes is True


def test_a_table_in_memory_is_remembered_and_written_back_by_the_packs_module():
    pack = TablePack()
    db = pack.database_from_bytes(b'[{"cardId": 7, "type": "unit", "text": "t"}]', "mem", "json")
    assert [c.id for c in db.cards] == ["7"] and pack.known("7") == "unit"
    assert pack.shipped_database() == json.dumps(SHIPPED).encode()
    assert pack.write_back(b"", "mem", "json", {}) == "written"


def test_cards_added_one_at_a_time_join_the_one_table_not_a_copy_of_it():
    # a copy of the whole table per card added made a streamed database's reading quadratic
    known = KnownCards()
    table = known.facts
    for i in range(100):
        known.add({f"c{i}": i})
    assert known.facts is table and len(table) == 100 and known.get("c7") == 7


def test_a_streamed_lines_card_is_known_until_the_next_line_and_none_is_kept():
    pack = TablePack()
    problems = []
    for i in range(50):
        card = pack.card_from_json_line(f"f:{i + 1}", {"id": f"c{i}", "type": f"t{i}", "text": "x"}, problems)
        assert card.id == f"c{i}" and pack.known(card.id) == f"t{i}" and pack.known(f"c{i - 1}") is None
    assert pack._cards.facts == {} and problems == []
    assert pack.known("s1") is None  # lines read stand for a table read: the shipped one is not asked
    assert pack.card_from_json_line("f:51", {"type": "unit"}, problems) is None
    assert [(p.where, p.kind) for p in problems] == [("f:51", "no-id")] and pack.known("c49") == "t49"
    pack.add_known("c49", "later")  # a card added after the line stands over it
    assert pack.known("c49") == "later"


def test_parts_whole_where_a_trigger_meets_the_text_or_the_grammar_refuses_it():
    pack = TablePack()
    assert pack.parts("the opponent draws") is None
    assert pack.parts("you draw") == ()
    assert pack.parts("you draw {") is None
    pack.parse_anyway = lambda text: "!" in text
    assert pack.parts("you draw!") is None
    assert pack.parse("x") == ("tree", "x")


def test_quirks_are_warnings_naming_the_card_line_and_column():
    notices = TablePack().quirk_notices("one\ntw~o", "c1")
    assert [(n.kind, n.message, n.card) for n in notices] == [("text-quirk", "c1: 2:3: a stray ~", "c1")]
    assert [n.message for n in TablePack().quirk_notices("~", None)] == ["1:1: a stray ~"]


def test_an_entry_card_id_or_a_problem():
    problems = []
    assert carddb.entry_card_id("e1", ["not", "a", "card"], problems) is None
    assert carddb.entry_card_id("e2", {"id": True, "cardId": " "}, problems, ("id", "cardId")) is None
    assert carddb.entry_card_id("e3", {"id": "", "cardId": 12}, problems, ("id", "cardId")) == "12"
    assert [(p.where, p.kind, p.message, p.skipped) for p in problems] == [
        ("e1", "not-an-object", "expected a card object, got an array; skipped", True),
        ("e2", "no-id", 'no card id ("id"); skipped', True)]
    assert [carddb.text_value(v) for v in (" a ", 3, 2.5, None, False, ["x"])] == ["a", "3", "2.5", "", "", ""]


def test_each_card_is_written_back_once():
    entries = [{"id": "a", "n": 0}, {"id": "a", "n": 1}, 5, {"n": 2}, {"id": "b", "n": 3}]
    done = []
    update = writeback.each_card_once(lambda e: e.get("id"), lambda e, card_id: done.append((card_id, e["n"])))
    for entry in entries:
        update(entry)
    assert done == [("a", 0), ("b", 3)]


def test_what_a_rewrite_covers_at_an_offset():
    result = RewriteResult("0123456789", "0123456789", [Edit(2, 4, "23", "x", ("first", "second"))],
                           [Residual(6, 8, "67", "r", "why")])
    how = covered_by(result)
    assert [how(pos) for pos in (1, 2, 3, 4, 6, 7, 8)] == ["", "first", "first", "", "residual", "residual", ""]


@dataclass
class _Report(Ledger):
    what = "names"
    column = 6

    def risky_figures(self, risky):
        return {"texts_named": len(risky), "texts_rewritten": self.rewritten()}

    def risky_lines(self, f):
        return [f"named:         {f['texts_named']} texts"]


def test_a_ledgers_report_around_the_packs_own_counts():
    report = _Report(texts=3, round_trips=3, items=[
        Account("c1", "text", "Aを選ぶ。次にBを引く。", True, False, [(0, "A", "r1"), (7, "B", "")], ("r1",)),
        Account("c2", "text", "何もない。", False, False, [], ()),
        Account("c3", "text", "Bを引く。", False, True, [(0, "B", "residual")], ())])
    f = report.figures()
    assert list(f) == ["texts", "parse_error_count", "round_trips", "texts_named", "texts_rewritten", "names",
                       "names_by_account", "texts_changed_by_rule"]
    assert f["names_by_account"] == {"r1": 1, "UNACCOUNTED": 1, "residual": 1} and f["names"] == 3
    assert report.summary_lines() == [
        "texts:         3", "parse errors:  0", "round trips:   3/3 exact", "rewritten:     1 texts",
        "named:         2 texts", "names by what accounts for them:", "  r1     1", "  UNACCOUNTED 1",
        "  residual 1", "texts changed, by rule:", "  r1     1",
        "unaccounted names (1), most frequent sentences first:", "    1 次にBを引く。"]
    assert report.to_json()["unaccounted"] == [{"card": "c1", "field": "text", "offset": 7, "sentence": "次にBを引く。"}]


@pytest.mark.parametrize("fmt, data, first_two", [
    ("json", b'[ {"id": "a"} , {"id": "b"},{"id": "c"}]', b'[ {"id": "a"} , {"id": "b"}]'),
    ("json", b'{"x": 1, "data": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}',
     b'{"x": 1, "data": [{"id": "a"}, {"id": "b"}]}'),
    ("jsonl", b'{"id": "a"}\n\n{"id": "b"}\n{"id": "c"}\n', b'{"id": "a"}\n\n{"id": "b"}\n'),
    ("csv", b'id,effect\r\na,"two\nlines"\r\nb,x\r\nc,y\r\n', b'id,effect\r\na,"two\nlines"\r\nb,x\r\n'),
])
def test_head_is_the_first_entries_in_the_databases_own_shape(fmt, data, first_two):
    """carddb.head: a sample a check reads whatever the database's length (the entries' own
    text where it can be cut, gzip read, .gz dropped from the format)."""
    import gzip
    assert carddb.head(data, "db", fmt, 2) == (first_two, fmt)
    assert carddb.head(gzip.compress(data), "db", fmt + ".gz", 2) == (first_two, fmt)


@pytest.mark.parametrize("fmt, data", [
    ("json", b'[{"id": "a"}, {"id": "b"}]'), ("json", b'[{"id": "a"}, {"id"'), ("json", b'"no list"'),
    ("json", b'\xff['), ("jsonl", b'{"id": "a"}\n{"id": "b"}'), ("csv", b'id\na\nb\n'),
])
def test_head_of_a_database_of_no_more_entries_or_not_cut_is_the_data_itself(fmt, data):
    assert carddb.head(data, "db", fmt, 2) == (data, fmt)
