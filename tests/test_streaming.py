"""JSON lines in, JSON lines out: converted a card at a time (tagtext.streaming), with the
output, the problems and the summary of converting the whole file (issue 22)."""

from __future__ import annotations

import gzip
import io
import json

import pytest
from click.testing import CliRunner

from tagtext import carddb, packs, streaming
from tagtext.cli.main import cli


def _lines(cards) -> str:
    return "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cards)


@pytest.fixture(scope="module")
def digimon_cards() -> list[dict]:
    return json.loads(packs.get("tag-tamer").shipped_database())


@pytest.mark.parametrize("name", packs.names())
def test_streamed_lines_are_the_whole_files_lines(name, tmp_path):
    """The same cards as a JSON array (read whole) and as JSON lines (streamed) give the
    same jsonl output, byte for byte."""
    pack = packs.get(name)
    cards = json.loads(pack.shipped_database())
    cards = cards if isinstance(cards, list) else cards["data"]
    (tmp_path / "cards.json").write_text(json.dumps(cards[:1500]), encoding="utf-8")
    (tmp_path / "cards.jsonl").write_text(_lines(cards[:1500]), encoding="utf-8")
    runner = CliRunner()
    whole = runner.invoke(cli, ["-q", "convert", "--pack", name, str(tmp_path / "cards.json"), "-o",
                                str(tmp_path / "whole.jsonl")])
    streamed = runner.invoke(cli, ["-q", "convert", "--pack", name, str(tmp_path / "cards.jsonl"), "-o",
                                   str(tmp_path / "streamed.jsonl")])
    assert whole.exit_code == streamed.exit_code == 0, (whole.output, streamed.output)
    assert (tmp_path / "streamed.jsonl").read_bytes() == (tmp_path / "whole.jsonl").read_bytes()


def test_stdin_json_lines_stream_and_a_json_document_is_read_whole(digimon_cards, tmp_path):
    runner = CliRunner()
    lines = _lines(digimon_cards[:300])
    from_file = tmp_path / "cards.jsonl"
    from_file.write_text(lines, encoding="utf-8")
    expected = runner.invoke(cli, ["-q", "convert", str(from_file), "--format", "jsonl"]).stdout
    assert runner.invoke(cli, ["-q", "convert", "-", "--format", "jsonl"], input=lines).stdout == expected
    document = json.dumps(digimon_cards[:300], indent=1)
    assert runner.invoke(cli, ["-q", "convert", "-", "--format", "jsonl"], input=document).stdout == expected


def test_json_lines_are_known_by_content_where_the_name_says_nothing(digimon_cards, tmp_path):
    """Gzipped JSON lines on stdin, in a file named only ``.gz`` or with no suffix, are
    JSON lines as plain ones on stdin are (gzip known by its first bytes; sweep s8, N6)."""
    runner = CliRunner()
    lines = _lines(digimon_cards[:300])
    named = tmp_path / "cards.jsonl"
    named.write_text(lines, encoding="utf-8")
    expected_lines = runner.invoke(cli, ["-q", "convert", str(named), "--format", "jsonl"]).stdout
    expected_cards = json.loads(runner.invoke(cli, ["-q", "convert", str(named)]).stdout)["cards"]
    (tmp_path / "cards.gz").write_bytes(gzip.compress(lines.encode("utf-8")))
    (tmp_path / "cards").write_text(lines, encoding="utf-8")
    inputs = [(["-"], gzip.compress(lines.encode("utf-8"))), (["-"], lines),
              ([str(tmp_path / "cards.gz")], None), ([str(tmp_path / "cards")], None)]
    for db, stdin in inputs:
        as_lines = runner.invoke(cli, ["-q", "convert", *db, "--format", "jsonl"], input=stdin)
        assert (as_lines.exit_code, as_lines.stderr) == (0, ""), db
        assert as_lines.stdout == expected_lines, db
        as_document = runner.invoke(cli, ["-q", "convert", *db], input=stdin)
        assert (as_document.exit_code, as_document.stderr) == (0, ""), db
        assert json.loads(as_document.stdout)["cards"] == expected_cards, db


def test_a_json_document_with_no_suffix_is_still_json(digimon_cards, tmp_path):
    """A one-line JSON array or {"cards": [...]} document is not taken for JSON lines."""
    for name, doc in (("array", digimon_cards[:3]), ("object", {"cards": digimon_cards[:3]})):
        (tmp_path / name).write_text(json.dumps(doc), encoding="utf-8")
        result = CliRunner().invoke(cli, ["-q", "convert", str(tmp_path / name)])
        assert result.exit_code == 0, result.stderr
        assert [c["id"] for c in json.loads(result.stdout)["cards"]] == [c["id"] for c in digimon_cards[:3]]


def test_problems_and_summary_are_those_of_the_whole_file(digimon_cards, tmp_path):
    """Entries skipped (no id, a duplicate id, not an object) are reported as when the file
    is read whole (JSON lines, json output), and the summary line is the same."""
    cards = digimon_cards[:40] + [{"name": "no id"}, digimon_cards[3], 7] + digimon_cards[40:60]
    path = tmp_path / "cards.jsonl"
    path.write_text(_lines(cards), encoding="utf-8")
    runner = CliRunner()
    whole = runner.invoke(cli, ["convert", str(path), "--format", "json", "-o", str(tmp_path / "w.json")])
    streamed = runner.invoke(cli, ["convert", str(path), "--format", "jsonl", "-o", str(tmp_path / "s.jsonl")])
    assert whole.exit_code == streamed.exit_code == 1
    assert whole.stderr.replace("w.json (json)", "OUT") == streamed.stderr.replace("s.jsonl (jsonl)", "OUT")
    assert "duplicate id, first seen at" in streamed.stderr and f"{path}:4" in streamed.stderr


def test_lines_are_written_before_the_input_ends(digimon_cards):
    """Card by card: once the first entries are checked, each card's line is written
    before the next line is read (memory does not grow with the file)."""
    pack = packs.get("tag-tamer")
    out = io.StringIO()
    read = []

    def entries():
        for i, card in enumerate(digimon_cards[:streaming.SAMPLE + 50]):
            if i == streaming.SAMPLE + 10:
                assert out.getvalue().count("\n") >= streaming.SAMPLE + 9
            read.append(i)
            yield f"cards.jsonl:{i + 1}", card

    tally = streaming.convert_lines(entries(), "cards.jsonl", pack, out)
    assert len(read) == streaming.SAMPLE + 50 == tally.cards
    assert out.getvalue().count("\n") == tally.cards


def test_a_file_that_is_no_card_database_is_not_written(tmp_path):
    path = tmp_path / "cards.jsonl"
    path.write_text(_lines({"title": f"row {i}"} for i in range(30)), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.write_text("previous\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(path), "-o", str(out)])
    assert result.exit_code == 1
    assert "all 30 entries were skipped" in result.stderr and f"{out} left as it was" in result.stderr
    assert out.read_text(encoding="utf-8") == "previous\n"


#: lines that are not valid JSON (sweep s8, N2), and how each is reported
BAD_LINES = [
    ('{"id": "broken", "effect": "unterminated', "6:28: invalid JSON: Unterminated string; this line is skipped"),
    ('{"id": "c", "effect": "a\x01b"}', "6:25: invalid JSON: Invalid control character U+0001 in a string; "
                                        "this line is skipped"),
    ("[1,2", "6:5: invalid JSON: Expecting ',' delimiter; this line is skipped"),
    ('{"a":1}{"b":2}', "6:8: invalid JSON: Extra data; this line is skipped"),
    ("{not json", "6:2: invalid JSON: Expecting property name enclosed in double quotes; this line is skipped"),
    ('{"id": "c", "effect": "\\ud800"}', "6:24: invalid JSON: a lone surrogate escape"),
]


@pytest.mark.parametrize("line, reported", BAD_LINES)
def test_a_bad_line_is_skipped_and_the_rest_converted(digimon_cards, tmp_path, line, reported):
    """In JSON lines each line is one entry: a line that is not valid JSON is skipped and
    reported with its line and column, the other lines are converted and written, and the
    exit status is 1, as for any skipped entry; streamed (jsonl out) and read whole (json
    out) alike."""
    path = tmp_path / "cards.jsonl"
    path.write_text(_lines(digimon_cards[:5]) + line + "\n" + _lines(digimon_cards[5:8]), encoding="utf-8")
    runner = CliRunner()
    streamed = runner.invoke(cli, ["convert", str(path), "-o", str(tmp_path / "s.jsonl")])
    whole = runner.invoke(cli, ["convert", str(path), "-o", str(tmp_path / "w.json")])
    assert streamed.exit_code == whole.exit_code == 1, (streamed.stderr, whole.stderr)
    errors = [x for x in streamed.stderr.splitlines() if x.startswith("tagtext: error:")]
    assert len(errors) == 1 and errors[0].startswith(f"tagtext: error: {path}:{reported}"), errors
    assert "8 cards" in streamed.stderr and "1 entry skipped" in streamed.stderr
    assert streamed.stderr.replace("s.jsonl (jsonl)", "OUT") == whole.stderr.replace("w.json (json)", "OUT")
    ids = [json.loads(x)["id"] for x in (tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()]
    assert ids == [c["id"] for c in digimon_cards[:8]]
    assert [c["id"] for c in json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))["cards"]] == ids


def test_a_bad_line_on_stdin_is_skipped(digimon_cards):
    lines = _lines(digimon_cards[:5]) + '{"id": "broken", "effect": "unterminated\n' + _lines(digimon_cards[5:8])
    result = CliRunner().invoke(cli, ["convert", "-", "--format", "jsonl"], input=lines)
    assert result.exit_code == 1
    assert "tagtext: error: <stdin>:6:28: invalid JSON: Unterminated string; this line is skipped" in result.stderr
    assert len(result.stdout.splitlines()) == 8


def test_the_shape_counts_are_the_databases():
    """carddb.shape_problem from counts says what Database.shape_problem says."""
    db = packs.get("tag-tamer").database_from_bytes(b'[{"id": "X-1", "name": "a", "effect": ""}]', "x.json")
    assert db.shape_problem() == carddb.shape_problem("x.json", 1, 0, 1, False, False, "effect", db.text_fields)


def test_strict_refuses_the_streamed_conversion_as_the_whole_one(digimon_cards, tmp_path):
    """--strict: the same one line as for the whole file, OUT kept, nothing on stdout."""
    path = tmp_path / "cards.jsonl"
    path.write_text(_lines(digimon_cards), encoding="utf-8")
    runner = CliRunner()
    whole = runner.invoke(cli, ["convert", str(path), "--strict", "--format", "json", "-o", str(tmp_path / "w.json")])
    out = tmp_path / "s.jsonl"
    out.write_text("previous\n", encoding="utf-8")
    streamed = runner.invoke(cli, ["convert", str(path), "--strict", "-o", str(out)])
    assert whole.exit_code == streamed.exit_code == 1
    assert "--strict: " in streamed.stderr
    assert whole.stderr.replace(str(tmp_path / "w.json"), "OUT") == streamed.stderr.replace(str(out), "OUT")
    assert out.read_text(encoding="utf-8") == "previous\n"
    to_stdout = runner.invoke(cli, ["convert", str(path), "--strict", "--format", "jsonl"])
    assert to_stdout.exit_code == 1 and to_stdout.stdout == ""


@pytest.mark.parametrize("in_memory", [10_000, 300], ids=["in-memory", "moved-to-disk"])
def test_seen_ids_answer_as_a_dict_of_first_wheres(in_memory):
    """The compact table of ids seen (a digest and a line a card, for memory flat in the
    file's size) says what a dict of each id's first where says, across its growth, and
    after it moved to a temporary database."""
    seen, first = streaming.SeenIds("db.jsonl:", slots=8, in_memory=in_memory), {}
    ids = [f"BT{k % 1000}-{k % 10:03d}" for k in range(5000)] + ["", "é", "\udcff", "BT1-001 "]
    for line, card_id in enumerate(ids, 1):
        where = f"db.jsonl:{line}" if line % 50 else f"db.jsonl:{line} (a record)"
        expected = first.get(card_id)
        assert seen.add(card_id, where) == expected
        first.setdefault(card_id, where)
    assert len(first) < len(ids)  # duplicates were met
    assert (seen._db is not None) == (len(first) >= in_memory)
    if seen._db is not None:
        assert len(seen._lines) == 0 and not seen._wheres  # nothing per card left in memory
    seen.close()


def test_seen_ids_stay_in_memory_when_no_temporary_database_can_be_made(monkeypatch):
    """Where SQLite cannot make its temporary database, the ids stay in the table in
    memory, which goes on growing: the duplicate check is the same."""
    def refuse(*args, **kwargs):
        raise streaming.sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(streaming.sqlite3, "connect", refuse)
    seen = streaming.SeenIds("db.jsonl:", slots=8, in_memory=50)
    for line in range(1, 400):
        assert seen.add(f"id{line % 300}", f"db.jsonl:{line}") == (f"db.jsonl:{line - 300}" if line > 300 else None)
    assert seen._db is None and len(seen._lines) >= 300


def test_problem_log_reports_as_the_whole_list(capsys):
    """A ProblemLog (the first few of each kind and the counts) is reported as the list of
    every problem is."""
    from tagtext.cli.common import FIRST_FEW, report_problems, not_rewritten
    from tagtext.problem_log import ProblemLog

    problems = [carddb.Problem(f"db:{k}", f"message {k}", kind=("no-id", "duplicate-id", "other")[k % 3],
                               summary=("no ids", "duplicates", "")[k % 3], skipped=k % 2 == 0)
                for k in range(3 * FIRST_FEW + 2)]
    log, texts = ProblemLog(), ProblemLog(one_group=True)
    for p in problems:
        log.append(p)
        texts.append(p)
    assert len(log) == len(problems) and log.skipped == sum(p.skipped for p in problems)
    report_problems(problems)
    report_problems(not_rewritten("db", p) for p in problems)
    whole = capsys.readouterr().err
    report_problems(log)
    report_problems(texts, shown=lambda p: not_rewritten("db", p))
    assert capsys.readouterr().err == whole and "more like these" in whole
