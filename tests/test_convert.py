"""``tagtext convert``: the output formats, the schema, determinism, bad input, atomic output.

What the compiler changes is not asserted here (the rules are still being written): every
expected text is computed through :func:`tagtext.rewrite` itself, and the writers are also
exercised with a fake rewrite whose edits are known.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import pty
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from tagtext.packs.tag_tamer import carddb as digimon_cards
import tagtext
import tagtext.batch
from tagtext.packs.tag_tamer import PACK
from tagtext import carddb, convert, packs
from tagtext.batch import convert_database
from tagtext.packs.tag_tamer.carddb import TEXT_FIELDS
from tagtext.cli.main import cli
from tagtext.errors import ParseError
from tagtext.result import Edit, RewriteResult

TAGTEXT = Path(sys.executable).parent / "tagtext"



def md_unescape(cell: str) -> str:
    """A Markdown table cell as tagtext writes it, back to the text."""
    cell = re.sub(r"\\([\\|*_`])", r"\1", cell).replace("<br>", "\n")
    return cell.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


# ----------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def raw_cards() -> list[dict]:
    """The shipped database's card objects, as the Digimon Card App has them."""
    data = resources.files(digimon_cards.SHIPPED_PACKAGE).joinpath(digimon_cards.SHIPPED_FILE).read_bytes()
    return json.loads(gzip.decompress(data))


@pytest.fixture(scope="module")
def sample(raw_cards) -> list[dict]:
    """60 real cards from across the database (every set's first cards, promos, options)."""
    step = len(raw_cards) // 60
    return raw_cards[::step][:60]


@pytest.fixture
def sample_db(tmp_path, sample) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(sample, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def schema() -> dict:
    return convert.schema(packs.get("tag-tamer"))


@pytest.fixture(scope="module")
def validator(schema):
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture(scope="module")
def card_validator(schema):
    return jsonschema.Draft202012Validator({"$ref": "#/$defs/card", "$defs": schema["$defs"]})


@pytest.fixture(scope="module")
def shipped_batch():
    return convert_database(digimon_cards.load_shipped(), packs.get("tag-tamer"))


@pytest.fixture(scope="module")
def shipped_document(shipped_batch) -> dict:
    out = io.StringIO()
    convert.write_json(shipped_batch, out)
    return json.loads(out.getvalue())


def run(*args, input=None):
    return CliRunner().invoke(cli, list(map(str, args)), input=input, catch_exceptions=False)


def stderr_lines(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


def fake_rewrite(text: str, card_id=None, source=None, field=None) -> RewriteResult:
    """A stand-in compiler with known edits: every "deck" becomes "decks" (rule "fake-decks")."""
    edits, pieces, pos = [], [], 0
    for m in re.finditer(r"\bdeck\b", text):
        edits.append(Edit(m.start(), m.end(), "deck", "decks", ("fake-decks",)))
        pieces += [text[pos:m.start()], "decks"]
        pos = m.end()
    pieces.append(text[pos:])
    return RewriteResult(text, "".join(pieces), tuple(edits), card_id=card_id,
                         rules=("fake-decks",) if edits else ())


# ----------------------------------------------------------------------------- the schema

def test_the_schema_is_a_valid_json_schema_and_ships_with_the_package(schema):
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["schema"]["const"] == convert.SCHEMA_ID
    # the text field names it allows are exactly the ones the loader reads
    names = schema["$defs"]["card"]["properties"]["texts"]["propertyNames"]["enum"]
    assert names == list(TEXT_FIELDS)


def test_the_shipped_database_converts_to_a_valid_document(validator, shipped_document):
    errors = sorted(validator.iter_errors(shipped_document), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("schema"),
    lambda d: d.update(schema="tagtext-convert/2"),
    lambda d: d["cards"][0].pop("id"),
    lambda d: d["cards"][0]["texts"].update(flavourText=d["cards"][0]["texts"][next(iter(d["cards"][0]["texts"]))]),
    lambda d: next(iter(d["cards"][0]["texts"].values())).update(error="boom"),  # error with a text
    lambda d: next(iter(d["cards"][0]["texts"].values())).update(text=None),  # no text, no error
    lambda d: next(iter(d["cards"][0]["texts"].values())).pop("edits"),
], ids=["no-schema", "other-version", "card-without-id", "unknown-field", "error-with-text",
        "null-text-without-error", "no-edits"])
def test_the_schema_rejects_broken_documents(validator, shipped_document, mutate):
    doc = json.loads(json.dumps({**shipped_document, "cards": shipped_document["cards"][:20]}))
    assert not list(validator.iter_errors(doc))
    mutate(doc)
    assert list(validator.iter_errors(doc))


def test_document_holds_every_card_in_database_order_and_fields_in_order(shipped_document, shipped_batch):
    db = digimon_cards.load_shipped()
    assert [c["id"] for c in shipped_document["cards"]] == [c.id for c in db.cards]
    for card, record in zip(db.cards, shipped_document["cards"]):
        assert list(record["texts"]) == [f for f in TEXT_FIELDS if f in card.texts]
        assert {f: t["original"] for f, t in record["texts"].items()} == card.texts
        assert (record["name"], record["set"], record["type"]) == (card.name, card.set, card.card_type)
    assert shipped_document["summary"] == shipped_batch.summary()
    assert shipped_document["source"] == db.source


def test_document_texts_are_what_tagtext_rewrite_gives(shipped_document):
    """Every 25th card, checked against tagtext.rewrite called on its own."""
    for record in shipped_document["cards"][::25]:
        for name, t in record["texts"].items():
            try:
                expected = tagtext.rewrite(t["original"], card_id=record["id"])
            except tagtext.TagTextError:
                assert t["text"] is None and t["error"], (record["id"], name)
                continue
            assert t["text"] == expected.text, (record["id"], name)
            assert t["changed"] == expected.changed
            assert t["edits"] == [e.to_json() for e in expected.edits]
            assert t["residuals"] == [r.to_json() for r in expected.residuals]
            assert t["warnings"] == list(expected.warnings)
            assert t["rules"] == list(expected.rules)
            assert t["ruling"] == expected.ruling


def test_edits_and_residuals_are_spans_of_the_original(shipped_document):
    for record in shipped_document["cards"]:
        for t in record["texts"].values():
            for e in t["edits"]:
                assert t["original"][e["start"]:e["end"]] == e["before"]
            for r in t["residuals"]:
                assert t["original"][r["start"]:r["end"]] == r["text"]


# ----------------------------------------------------------------------------- formats

def test_json_output_validates_and_keeps_one_card_per_line(sample_db, sample, validator):
    result = run("convert", sample_db)
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert not list(validator.iter_errors(doc))
    assert [c["id"] for c in doc["cards"]] == [c["id"] for c in sample]
    card_lines = [line for line in result.stdout.splitlines() if line.startswith('    {"id": ')]
    assert len(card_lines) == len(sample)


def test_jsonl_is_one_valid_card_per_line(sample_db, sample, card_validator):
    result = run("convert", sample_db, "--format", "jsonl")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(sample)
    for line, card in zip(lines, sample):
        record = json.loads(line)
        assert record["schema"] == convert.SCHEMA_ID and record["id"] == card["id"]
        assert not list(card_validator.iter_errors(record))


def test_jsonl_cards_equal_the_json_documents_cards(sample_db):
    doc = json.loads(run("convert", sample_db).stdout)
    lines = [json.loads(line) for line in run("convert", sample_db, "-f", "jsonl").stdout.splitlines()]
    assert [{k: v for k, v in r.items() if k not in ("schema", "pack")} for r in lines] == doc["cards"]
    assert all(r["pack"] == doc["pack"] for r in lines)


def test_csv_is_one_row_per_card_text(sample_db):
    db = digimon_cards.load(sample_db)
    result = run("convert", sample_db, "--format", "csv")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.reader(io.StringIO(result.stdout, newline="")))
    assert rows[0] == ["id", "name", "set", "field", "original", "text", "rules"]
    expected = [(c.id, c.name, c.set, f, t) for c, f, t in db.texts()]
    assert [tuple(r[:5]) for r in rows[1:]] == expected
    for row in rows[1:]:
        assert row[5] == tagtext.rewrite(row[4], card_id=row[0]).text


def test_writers_with_known_edits(monkeypatch, sample_db):
    """With a fake compiler the edits are known: the CSV lists its rule, the Markdown table
    has one row per changed text with the change in bold, unchanged texts have no row."""
    monkeypatch.setattr(PACK, "rewrite", fake_rewrite)
    db = digimon_cards.load(sample_db)
    changed = [(c.id, f) for c, f, t in db.texts() if re.search(r"\bdeck\b", t)]
    assert changed, "the sample should have texts that mention a deck"

    rows = list(csv.DictReader(io.StringIO(run("convert", sample_db, "-f", "csv").stdout, newline="")))
    for row in rows:
        assert row["rules"] == ("fake-decks" if (row["id"], row["field"]) in changed else "")
        assert row["text"] == fake_rewrite(row["original"]).text

    md = run("convert", sample_db, "-f", "md").stdout
    changes = md.split("## Changed texts", 1)[1].split("## Needs review", 1)[0]
    rows = [line[2:-2].split(" | ") for line in changes.splitlines()[4:] if line.startswith("| ")]
    assert [(cells[0], cells[2]) for cells in rows] == changed
    originals = {(c.id, f): t for c, f, t in db.texts()}
    for cells in rows:
        assert len(cells) == 6 and cells[5] == "fake-decks"
        assert "**decks**" in cells[4] and "**" not in cells[3]
        original = originals[cells[0], cells[2]].replace("\r", "")
        assert md_unescape(cells[3]) == original
        assert md_unescape(cells[4].replace("**decks**", "decks")) == fake_rewrite(original).text
    assert f"{len(changed)} texts rewritten" in md


def test_markdown_cells_cannot_break_the_table(monkeypatch, tmp_path):
    monkeypatch.setattr(PACK, "rewrite", fake_rewrite)
    db = tmp_path / "cards.json"
    db.write_text(json.dumps([{"id": "TT1-001", "name": "A|B <b>", "effect": "Trash your deck | *now*.\nThen <Blocker>."}]))
    md = run("convert", db, "-f", "md").stdout
    row = next(line for line in md.splitlines() if line.startswith("| TT1-001"))
    assert row.count(" | ") == 5  # six cells, none split by the text's own "|"
    assert "<b>" not in row and "&lt;Blocker&gt;" in row and "<br>" in row and "\\*now\\*" in row


def test_markdown_says_when_nothing_changed(monkeypatch, sample_db):
    monkeypatch.setattr(PACK, "rewrite", lambda t, card_id=None, source=None, field=None: RewriteResult(t, t))
    md = run("convert", sample_db, "-f", "md").stdout
    assert "No text changed." in md and "| Card | Name |" not in md


@pytest.mark.parametrize("suffix,fmt", [(".json", "json"), (".jsonl", "jsonl"), (".csv", "csv"), (".md", "md"),
                                        (".ndjson", "jsonl"), (".JSON", "json"), ("", "json")])
def test_format_follows_the_output_suffix(tmp_path, sample_db, suffix, fmt):
    out = tmp_path / f"out{suffix}"
    assert run("convert", sample_db, "-o", out).exit_code == 0
    assert out.read_text(encoding="utf-8") == run("convert", sample_db, "-f", fmt).stdout


def test_explicit_format_wins_over_the_suffix(tmp_path, sample_db):
    out = tmp_path / "out.csv"
    run("convert", sample_db, "-o", out, "-f", "json")
    assert json.loads(out.read_text())["schema"] == convert.SCHEMA_ID


def test_stdin(sample_db):
    from_file = run("convert", sample_db).stdout
    from_stdin = run("convert", "-", input=sample_db.read_bytes())
    assert from_stdin.exit_code == 0
    assert json.loads(from_stdin.stdout)["source"] == "<stdin>"
    assert json.loads(from_stdin.stdout)["cards"] == json.loads(from_file)["cards"]


def test_no_argument_converts_the_shipped_database(monkeypatch, shipped_document):
    monkeypatch.setattr(PACK, "rewrite", lambda t, card_id=None, source=None, field=None: RewriteResult(t, t))
    # the stub rewrites nothing, which convert takes for a database in another language
    result = run("convert", "-f", "jsonl", "--allow-empty")
    assert result.exit_code == 0
    assert [json.loads(line)["id"] for line in result.stdout.splitlines()] == [c["id"] for c in shipped_document["cards"]]


def test_app_raw_shape_reads_special_digivolve_and_rule_fields(tmp_path):
    """The Digimon Card App's full records keep requirement lines in fields of their own."""
    raw = [
        {"cardNumber": "BT26-001", "id": "BT26-001", "name": {"english": "Koromon"}, "cardType": "Digimon",
         "effect": "-", "specialDigivolve": "[Digivolve] 1 from Lv.2", "rule": "-", "aceEffect": None,
         "AAs": [], "restrictions": {"english": "Unrestricted"}},
    ]
    db = tmp_path / "raw.json"
    db.write_text(json.dumps(raw))
    result = run("convert", db)
    doc = json.loads(result.stdout)
    assert result.exit_code == 0
    assert list(doc["cards"][0]["texts"]) == ["specialDigivolve"]
    assert doc["cards"][0]["name"] == "Koromon"


# ----------------------------------------------------------------------------- determinism

def test_same_input_gives_byte_identical_output(tmp_path, sample_db):
    for fmt in convert.FORMATS:
        a, b = tmp_path / f"a.{fmt}", tmp_path / f"b.{fmt}"
        run("convert", sample_db, "-o", a)
        run("convert", sample_db, "-o", b)
        assert a.read_bytes() == b.read_bytes(), fmt


def test_output_is_identical_across_processes_and_hash_seeds(tmp_path, sample_db):
    outputs = []
    for seed in ("0", "1", "4242"):
        out = tmp_path / f"out-{seed}.json"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run([str(TAGTEXT), "convert", str(sample_db), "-o", str(out)],
                              capture_output=True, text=True, env=env)
        assert proc.returncode == 0, proc.stderr
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0].decode("utf-8") == run("convert", sample_db).stdout


# ----------------------------------------------------------------------------- stderr

def test_summary_on_stderr_and_no_progress_bar_when_piped(sample_db):
    db = digimon_cards.load(sample_db)
    result = run("convert", sample_db)
    lines = stderr_lines(result)
    assert len(lines) == 1
    texts = sum(len(c.texts) for c in db.cards)
    batch = convert_database(db, packs.get("tag-tamer"))
    s = batch.summary()
    def counted(number, noun):  # "1 residual", "2 residuals"
        return f"{number} {noun}" + ("" if number == 1 else "s")

    assert lines[0] == (f"tagtext: {sample_db}: {len(db.cards)} cards, {texts} texts: {s['rewritten']} rewritten "
                        f"({s['cards_rewritten']} cards), {counted(s['residuals'], 'residual')}, "
                        f"{counted(s['stale_rulings'], 'stale ruling')}")
    assert "converting" not in result.stderr


def test_progress_bar_only_on_a_terminal(tmp_path, sample_db):
    """The real script, with stderr a pseudo-terminal, then a pipe."""
    out = tmp_path / "out.json"
    leader, follower = pty.openpty()
    try:
        proc = subprocess.run([str(TAGTEXT), "convert", str(sample_db), "-o", str(out)],
                              stderr=follower, stdout=subprocess.PIPE)
        os.close(follower)
        follower = None
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the terminal's other side is closed and drained
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
        if follower is not None:
            os.close(follower)
    assert proc.returncode == 0
    assert b"tagtext: converting" in seen and b"60/60" in seen      # stderr lines start "tagtext:"
    assert b"cards," in seen  # the summary too

    piped = subprocess.run([str(TAGTEXT), "convert", str(sample_db), "-o", str(out)], capture_output=True, text=True)
    assert "converting" not in piped.stderr and "%" not in piped.stderr
    assert len(piped.stderr.splitlines()) == 1


# ----------------------------------------------------------------------------- bad input

def write(tmp_path, name: str, content) -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def assert_one_line_error(result, path, code=1):
    assert result.exit_code == code, result.output
    lines = stderr_lines(result)
    assert len(lines) == 1, lines
    assert lines[0].startswith("tagtext: error: ") and str(path) in lines[0]
    assert "Traceback" not in result.output
    assert result.stdout == ""
    return lines[0]


def test_not_json_names_file_line_and_column(tmp_path):
    text = '[\n  {"id": "BT1-001", "effect": "x"},\n  {"id": "BT1-002",, }\n]'
    path = write(tmp_path, "cards.json", text)
    with pytest.raises(json.JSONDecodeError) as info:
        json.loads(text)
    line = assert_one_line_error(run("convert", path), path)
    assert f"{path}:{info.value.lineno}:{info.value.colno}: invalid JSON" in line


def test_not_json_lines_names_the_line(tmp_path):
    """The line is a skipped entry (sweep s8, N2); the database that is left looks wrong
    (no text), and the one line saying so names the line that is not JSON."""
    path = write(tmp_path, "cards.jsonl", '{"id": "BT1-001"}\n{"id": \n')
    line = assert_one_line_error(run("convert", path), path)
    assert f"(1 line not valid JSON skipped, the first: {path}:2:8: invalid JSON: Expecting value)" in line


@pytest.mark.parametrize("content,says", [
    ('{"version": 3, "items": []}', "expected a JSON array of cards"),
    ('"DigimonCards"', "got a string"),
    ("42", "got a number"),
])
def test_json_of_the_wrong_shape(tmp_path, content, says):
    path = write(tmp_path, "cards.json", content)
    assert says in assert_one_line_error(run("convert", path), path)


def test_an_empty_database_is_an_empty_valid_document(tmp_path, validator):
    path = write(tmp_path, "cards.json", "[]")
    refused = run("convert", path)  # no text found: the database's shape changed?
    assert refused.exit_code == 1 and refused.stdout == ""
    assert stderr_lines(refused) == [f"tagtext: error: {path}: no entries at all — nothing written "
                                     "(--allow-empty writes it anyway)"]
    result = run("convert", path, "--allow-empty")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["cards"] == [] and doc["summary"]["cards"] == 0
    assert not list(validator.iter_errors(doc))


def test_entries_that_are_not_cards_are_reported_and_the_rest_converts(tmp_path, sample):
    entries = [sample[0], 7, ["BT1-001"], sample[1]]
    path = write(tmp_path, "cards.json", json.dumps(entries))
    result = run("convert", path)
    assert result.exit_code == 1
    assert [c["id"] for c in json.loads(result.stdout)["cards"]] == [sample[0]["id"], sample[1]["id"]]
    errors = [line for line in stderr_lines(result) if line.startswith("tagtext: error:")]
    assert [e.split(": ")[2] for e in errors] == [f"{path}", f"{path}"]
    assert "entry 2" in errors[0] and "entry 3" in errors[1]
    assert "Traceback" not in result.output


def test_null_and_absent_fields(tmp_path, validator):
    entries = [
        {"id": "TT1-001", "name": None, "cardType": None, "effect": None, "digivolveEffect": "-",
         "securityEffect": "[Security] Draw 1."},
        {"cardNumber": "TT1-002"},  # nothing but a number
        {"id": None, "name": "Nobody", "effect": "[Main] Draw 1."},
        {"name": "No id at all"},
        {"id": "TT1-003", "effect": 5},
    ]
    path = write(tmp_path, "cards.json", json.dumps(entries))
    result = run("convert", path)
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert not list(validator.iter_errors(doc))
    assert [(c["id"], c["name"], list(c["texts"])) for c in doc["cards"]] == [
        ("TT1-001", "", ["securityEffect"]), ("TT1-002", "", []), ("TT1-003", "", [])]
    errors = [line for line in stderr_lines(result) if line.startswith("tagtext: error:")]
    assert len(errors) == 3 and all(str(path) in e for e in errors)
    assert "entry 3" in errors[0] and "entry 4" in errors[1] and "entry 5 (id TT1-003)" in errors[2]
    assert "'effect' is a number" in errors[2]
    assert doc["summary"]["problems"] == 3 and len(doc["problems"]) == 3


def test_duplicate_ids_keep_the_first_and_report_the_second(tmp_path, sample):
    first, other = sample[0], sample[1]
    dup = {**other, "id": first["id"], "cardNumber": first["id"]}
    path = write(tmp_path, "cards.json", json.dumps([first, other, dup]))
    result = run("convert", path)
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert [c["id"] for c in doc["cards"]] == [first["id"], other["id"]]
    errors = [line for line in stderr_lines(result) if line.startswith("tagtext: error:")]
    assert len(errors) == 1
    assert str(path) in errors[0] and "entry 3" in errors[0] and "duplicate id" in errors[0]
    assert first["id"] in errors[0]


def test_a_text_that_cannot_be_rewritten_is_reported_and_the_rest_converts(monkeypatch, tmp_path, sample, validator):
    bad_text = "[Main] ??? this sentence is not one the grammar knows ???"
    cards = [sample[0], {"id": "TT1-001", "name": "Broken", "effect": bad_text, "securityEffect": "[Security] Draw 1."},
             sample[1]]
    path = write(tmp_path, "cards.json", json.dumps(cards))
    real = PACK.rewrite

    def failing(text, card_id=None, source=None, field=None):
        if text == bad_text:
            raise ParseError("unexpected '?'", text, 7, source)
        return real(text, card_id=card_id, source=source)

    monkeypatch.setattr(PACK, "rewrite", failing)
    result = run("convert", path)
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert not list(validator.iter_errors(doc))
    assert [c["id"] for c in doc["cards"]] == [sample[0]["id"], "TT1-001", sample[1]["id"]]
    broken = doc["cards"][1]["texts"]
    assert broken["effect"]["text"] is None and broken["effect"]["original"] == bad_text
    assert broken["effect"]["error"].startswith("TT1-001 effect:1:8: unexpected")
    assert broken["securityEffect"]["error"] is None and broken["securityEffect"]["text"] is not None
    assert doc["summary"]["failed_texts"] == 1
    errors = [line for line in stderr_lines(result) if line.startswith("tagtext: error:")]
    assert errors == [f"tagtext: error: {path}: TT1-001 effect:1:8: unexpected '?'"]
    assert "1 text not rewritten" in stderr_lines(result)[-1]


def test_a_text_nesting_too_deep_is_reported(monkeypatch, tmp_path, sample):
    def recursing(text, card_id=None, source=None, field=None):
        raise RecursionError

    monkeypatch.setattr(PACK, "rewrite", recursing)
    path = write(tmp_path, "cards.json", json.dumps(sample[:3]))
    result = run("convert", path)
    assert result.exit_code == 1
    assert len(json.loads(result.stdout)["cards"]) == 3
    assert "nests too deeply" in result.stderr


@pytest.mark.parametrize("make", ["missing", "directory", "not-utf8", "bad-gzip"])
def test_unreadable_input(tmp_path, make):
    if make == "missing":
        path = tmp_path / "nope.json"
    elif make == "directory":
        path = tmp_path / "dir.json"
        path.mkdir()
    elif make == "not-utf8":
        path = write(tmp_path, "cards.json", b'[{"id": "\xff"}]')
    else:
        path = write(tmp_path, "cards.json.gz", b"not gzip at all")
    assert_one_line_error(run("convert", path), path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads files whatever their permissions")
def test_input_without_read_permission(tmp_path):
    path = write(tmp_path, "cards.json", "[]")
    path.chmod(0)
    assert "permission denied" in assert_one_line_error(run("convert", path), path)


@pytest.mark.parametrize("make", ["missing-dir", "parent-is-file", "is-directory"])
def test_unwritable_output(tmp_path, sample_db, make, monkeypatch):
    if make == "missing-dir":
        out = tmp_path / "no-such-dir" / "out.json"
    elif make == "parent-is-file":
        write(tmp_path, "file", "")
        out = tmp_path / "file" / "out.json"
    else:
        out = tmp_path / "out.json"
        out.mkdir()
    # An unwritable OUT is found before converting anything.
    monkeypatch.setattr(PACK, "rewrite", lambda *a, **k: pytest.fail("converted before checking OUT"))
    before = sorted(p.name for p in tmp_path.iterdir())
    line = assert_one_line_error(run("convert", sample_db, "-o", out), out)
    assert line.startswith(f"tagtext: error: {out}: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_output_directory_without_write_permission(tmp_path, sample_db):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    assert_one_line_error(run("convert", sample_db, "-o", locked / "out.json"), locked / "out.json")


def test_usage_errors_exit_2(sample_db):
    assert run("convert", sample_db, "--format", "xml").exit_code == 2
    assert run("convert", sample_db, "--no-such-option").exit_code == 2
    assert run("convert", sample_db, "another.json").exit_code == 2


# ----------------------------------------------------------------------------- interrupted writes

@pytest.mark.parametrize("exc,code", [(KeyboardInterrupt, 130), (RuntimeError, 3)])
def test_an_interrupted_write_keeps_the_previous_output(monkeypatch, tmp_path, sample_db, exc, code):
    out = tmp_path / "out.json"
    assert run("convert", sample_db, "-o", out).exit_code == 0
    previous = out.read_bytes()
    before = sorted(os.listdir(tmp_path))

    real = convert.card_record
    calls = []

    def breaking(card_result):
        calls.append(card_result.card.id)
        if len(calls) == 10:  # midway: nine cards already written to the temporary file
            raise exc("stop")
        return real(card_result)

    monkeypatch.setattr(convert, "card_record", breaking)
    result = CliRunner().invoke(cli, ["convert", str(sample_db), "-o", str(out)])
    assert result.exit_code == code
    if exc is KeyboardInterrupt:
        assert stderr_lines(result) == ["tagtext: error: interrupted"]
    else:  # a bug: one line, its own status, no traceback
        assert stderr_lines(result) == ["tagtext: internal error: RuntimeError: stop — please report it; "
                                        "--debug shows the traceback"]
    assert len(calls) == 10
    assert out.read_bytes() == previous
    assert sorted(os.listdir(tmp_path)) == before


def test_sigint_of_the_real_process_keeps_the_previous_output(tmp_path):
    """A real Ctrl-C: the script is stopped while converting; nothing is replaced.

    The database is JSON lines, which is converted a card at a time into the temporary
    file: the file appears as the first card is written, with the other 20,000 (each text
    different: each is parsed) still to do, so the signal arrives mid-conversion however
    loaded the machine. (The shipped database, converted whole and then written, left only
    the write's tens of milliseconds between the temporary file appearing and the end.)"""
    import signal
    import time

    db = tmp_path / "cards.jsonl"
    db.write_text("".join(json.dumps({"id": f"TT1-{i:05d}", "name": "Agumon",
                                      "effect": f"[On Play] Your opponent trashes {i} cards in their hand."}) + "\n"
                          for i in range(20_000)), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.write_text("previous")
    proc = subprocess.Popen([str(TAGTEXT), "convert", str(db), "-o", str(out)], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not any(n.startswith(".out.jsonl.") for n in os.listdir(tmp_path)):
        time.sleep(0.01)
    assert any(n.startswith(".out.jsonl.") for n in os.listdir(tmp_path)), "the temporary file never appeared"
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert stderr.strip() == "tagtext: error: interrupted"
    assert out.read_text() == "previous"
    assert sorted(os.listdir(tmp_path)) == ["cards.jsonl", "out.jsonl"]


# ----------------------------------------------------------------------------- the installed script

def test_installed_script_converts_and_validates(tmp_path, sample_db, validator):
    assert TAGTEXT.exists(), f"no tagtext script at {TAGTEXT}"
    out = tmp_path / "out.json"
    proc = subprocess.run([str(TAGTEXT), "convert", str(sample_db), "-o", str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.startswith(f"tagtext: {sample_db}: ") and proc.stderr.rstrip().endswith(f"wrote {out} (json)")
    assert not list(validator.iter_errors(json.loads(out.read_text(encoding="utf-8"))))


def test_installed_script_stops_quietly_when_the_reader_goes_away(tmp_path):
    """`tagtext convert | head`: the output (a megabyte) cannot fit in the pipe, so the
    script meets a closed pipe; it stops at once, exit 1, saying nothing."""
    cards = [{"id": f"TT1-{i:04d}", "name": "Agumon", "effect": "[On Play] Draw 1."} for i in range(5000)]
    db = write(tmp_path, "cards.json", json.dumps(cards))
    proc = subprocess.Popen([str(TAGTEXT), "convert", str(db), "-f", "jsonl"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.read(100)
    proc.stdout.close()
    stderr = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert stderr == ""
    assert proc.returncode == 1


def test_installed_script_bad_input_is_one_line(tmp_path):
    path = write(tmp_path, "cards.json", "[{")
    proc = subprocess.run([str(TAGTEXT), "convert", str(path)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(f"tagtext: error: {path}:1:")


def test_convert_does_not_import_the_errata_sites_templates(sample_db):
    code = ("import sys\nfrom tagtext.cli.main import main\nsys.argv = ['tagtext', 'convert', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('jinja2', 'markupsafe', 'jsonschema')"
            " or m.startswith('tagtext.errata') or m == 'tagtext.diff'), file=sys.stderr)")
    # run outside the checkout: from its root, "-c" would import ./tagtext, not the installed package
    proc = subprocess.run([sys.executable, "-c", code, str(sample_db)], capture_output=True, text=True,
                          cwd=sample_db.parent)
    assert proc.stderr.splitlines()[-1] == "[]"


def test_a_text_record_reads_back_what_convert_wrote(shipped_batch):
    """convert writes each text as a TextRecord; diff reads the same class back: every
    record of the shipped database survives the round trip, edits and residuals included."""
    from tagtext.convert import TextRecord
    seen = 0
    for card_result in shipped_batch.cards:
        for name, original in card_result.card.texts.items():
            record = TextRecord(original, card_result.results.get(name), card_result.errors.get(name))
            back = TextRecord.from_json(json.loads(json.dumps(record.to_json())), "x")
            assert back.to_json() == record.to_json()
            seen += record.result is not None and bool(record.result.edits)
    assert seen > 700
