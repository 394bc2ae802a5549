"""Bad input never ends in a traceback: one line saying where, and a non-zero exit.

Each case was a traceback once (issue 12). Anything tagtext does not expect is an internal
error: one line, exit 3, the traceback only with --debug.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import tagtext
from tagtext import carddb
from tagtext.cli.main import cli
from tagtext.errors import ParseError

TAGTEXT = Path(sys.executable).parent / "tagtext"
CARD = {"id": "BT1-001", "name": "Yokomon", "effect": "[Main] If you have 3 or more security cards, <Draw 1>."}


def run(*args, input=None):
    return CliRunner().invoke(cli, list(map(str, args)), input=input, catch_exceptions=False)


def one_error_line(result, *needles: str) -> str:
    """The result failed with exactly one line on stderr, naming each of ``needles``."""
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([CARD]), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- the six causes

def test_csv_field_over_128_kib(tmp_path):
    path = tmp_path / "big.csv"
    path.write_text('id,name,effect\nBT1-001,A,"' + "x" * 140_000 + '"\n', encoding="utf-8")
    for args in (["convert", path], ["diff", path, path], ["errata", path, "-o", tmp_path / "site"]):
        result = run(*args)
        assert result.exit_code == 1
        one_error_line(result, "big.csv:2:", "invalid CSV", "131072")
        assert result.stdout == ""


def test_corrupt_gzip_data(tmp_path):
    data = gzip.compress(json.dumps([CARD] * 50).encode())
    path = tmp_path / "cards.json.gz"
    path.write_bytes(data[:20] + b"\x00\xff" * 10 + data[40:])  # a good header, broken data
    for args in (["convert", path], ["diff", path, path], ["coverage", path]):
        result = run(*args)
        assert result.exit_code == 1
        one_error_line(result, "cards.json.gz: not a readable gzip file")


@pytest.mark.parametrize("name", ["deep.json", "deep.jsonl"])
def test_deeply_nested_json(tmp_path, name):
    path = tmp_path / name
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    for args in (["convert", path], ["diff", path, path], ["check-overrides", path]):
        result = run(*args)
        assert result.exit_code == 1
        if name.endswith(".jsonl") and args[0] == "check-overrides":
            # the line is a skipped entry (sweep s8, N2); the report then says what it checked
            errors = [line for line in result.stderr.splitlines() if line.startswith("tagtext: error:")]
            assert errors == [f"tagtext: error: {path}:1: invalid JSON: arrays or objects nest too deeply; "
                              "this line is skipped"], result.stderr
        else:
            one_error_line(result, name, "nest too deeply")


def test_deeply_nested_json_deck(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = run("deck", "check", path)
    assert result.exit_code == 2  # deck check: an unreadable deck
    one_error_line(result, "deck.json", "nest too deeply")


def test_deeply_nested_json_with_exit_code_is_an_error_not_a_difference(tmp_path, db):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = run("diff", db, path, "--exit-code")
    assert result.exit_code == 2
    one_error_line(result, "deep.json")


@pytest.mark.parametrize("escape", ["\\ud800", "\\udc00", "\\ud800\\u0041"])
def test_lone_surrogate_in_json(tmp_path, escape):
    path = tmp_path / "cards.json"
    path.write_text('[{"id": "BT1-001", "name": "A",\n "effect": "x' + escape + ' Draw 1."}]', encoding="utf-8")
    result = run("convert", path)
    assert result.exit_code == 1
    one_error_line(result, "cards.json:2:", "lone surrogate")
    assert result.stdout == ""  # not half a JSON document
    for args in (["diff", path, path], ["errata", path, "-o", tmp_path / "site"]):
        assert run(*args).exit_code == 1


def test_a_surrogate_pair_escape_is_fine(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[{"id": "BT1-001", "name": "A", "effect": "\\ud83d\\ude00 Draw 1."}]', encoding="utf-8")
    result = run("convert", path)
    assert result.exit_code == 0, result.stderr
    assert "\U0001F600" in result.stdout


def test_lone_surrogate_in_json_lines(tmp_path):
    """In JSON lines a line is one entry: the line with a lone surrogate is skipped
    (reported where), the other cards are converted (sweep s8, N2)."""
    path = tmp_path / "cards.jsonl"
    path.write_text(json.dumps(CARD) + "\n" + '{"id": "BT1-002", "effect": "\\ud800"}\n', encoding="utf-8")
    result = run("convert", path)
    assert result.exit_code == 1
    assert f"tagtext: error: {path}:2:30: invalid JSON: a lone surrogate escape" in result.stderr
    assert [card["id"] for card in json.loads(result.stdout)["cards"]] == ["BT1-001"]


def test_non_utf8_table(tmp_path):
    table = tmp_path / "rulings.toml"
    table.write_bytes(b"\xff\xfe[[ruling]]\n")
    result = run("check-overrides", "--table", table)
    assert result.exit_code == 1
    one_error_line(result, "rulings.toml: not UTF-8 text (byte 0)")


@pytest.mark.parametrize("command", ["rewrite", "parse"])
@pytest.mark.parametrize("depth", [1000, 5000])
def test_deeply_nested_parentheses(command, depth):
    text = "(" * depth + "While you have 3 or more security cards, draw 1."
    result = run(command, input=text)
    assert result.exit_code == 1
    one_error_line(result, "<stdin>:1:101:", "parentheses nest more than 100 deep")
    result = run(command, text)
    one_error_line(result, "<text>:1:101:")


def test_nesting_within_the_limit_still_rewrites():
    text = "＜Draw (" * 100 + "While you have 3 or more security cards, draw 1."
    assert tagtext.parse(text).to_source() == text
    assert "6 or more security cards" in tagtext.rewrite(text).text
    with pytest.raises(ParseError, match="nest more than 100 deep"):
        tagtext.parse("(" + text)


def test_deep_nesting_in_a_database_is_reported_per_text(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([CARD, {"id": "BT1-002", "effect": "(" * 2000 + "If you have 3 or more cards, draw 1."}]), encoding="utf-8")
    result = run("convert", path)
    assert result.exit_code == 1
    assert "BT1-002 effect" in result.stderr and "nest more than 100 deep" in result.stderr
    assert json.loads(result.stdout)["cards"][0]["id"] == "BT1-001"


# ----------------------------------------------------------------------------- internal errors

def test_an_unexpected_exception_is_one_line_and_exit_3(monkeypatch, db):
    import tagtext.cli.convert_cmd as convert_cmd

    def broken(*args, **kwargs):
        raise ZeroDivisionError("division by zero\nsecond line")

    monkeypatch.setattr(convert_cmd, "convert_database", broken)
    result = run("convert", db)
    assert result.exit_code == 3
    assert one_error_line(result) == ("tagtext: internal error: ZeroDivisionError: division by zero — "
                                      "please report it; --debug shows the traceback")
    assert result.stdout == ""
    for args in (["--debug", "convert", db], ["convert", db, "--debug"]):
        result = run(*args)
        assert result.exit_code == 3
        assert "Traceback" in result.stderr and "ZeroDivisionError" in result.stderr
        assert result.stderr.rstrip().splitlines()[-1].startswith("tagtext: internal error:")
    # --debug does not stick to the next run
    assert "Traceback" not in run("convert", db).stderr


def test_diff_exit_code_never_reports_a_crash_as_a_difference(monkeypatch, db):
    import tagtext.diff

    monkeypatch.setattr(tagtext.diff, "compare", lambda *a, **k: 1 / 0)
    result = run("diff", db, db, "--exit-code")
    assert result.exit_code == 3
    one_error_line(result, "internal error")


def test_internal_error_in_a_real_process(tmp_path, db):
    """Through the installed console script (main()), outside click's test runner."""
    script = tmp_path / "boom.py"
    script.write_text(
        "import sys\nimport tagtext.cli.convert_cmd as c\n"
        "c.convert_database = lambda *a, **k: {}['missing']\n"
        "from tagtext.cli.main import main\nsys.argv = ['tagtext', 'convert', sys.argv[1]]\nmain()\n")
    proc = subprocess.run([sys.executable, str(script), str(db)], capture_output=True, text=True)
    assert proc.returncode == 3
    assert proc.stderr.splitlines() == ["tagtext: internal error: KeyError: 'missing' — please report it; "
                                        "--debug shows the traceback"]


@pytest.mark.parametrize("text, message", [
    ('[{"id": "A-1", "effect": "unterminated', "x.json:1:26: invalid JSON: Unterminated string"),
    ('[{"id": "A-1", "effect": "un\nterminated"}]', "x.json:1:29: invalid JSON: Unterminated string (a line break in it)"),
    ('[{"id": "A-1", "effect": "a\x1bb"}]', "x.json:1:28: invalid JSON: Invalid control character U+001B in a string"),
    ('[{"id": "A-1"', "x.json:1:14: invalid JSON: Expecting ',' delimiter"),
])
def test_invalid_json_says_what_without_a_dangling_at(text, message):
    """Python's message ends in "at" (its position, which the line:column says): the
    error says what is wrong in whole words (sweep s8, N2)."""
    with pytest.raises(carddb.DatabaseError) as error:
        carddb.loads_json(text, "x.json")
    assert str(error.value) == message


def test_loads_json_reports_where():
    with pytest.raises(carddb.DatabaseError, match=r"^x.json:2:3: invalid JSON"):
        carddb.loads_json('[\n  }', "x.json")


def test_errata_reports_texts_it_could_not_rewrite(tmp_path):
    path = tmp_path / "cards.json"
    deep = "(" * 2000 + "If you have 3 or more cards, draw 1."
    path.write_text(json.dumps([CARD, {"id": "BT1-002", "effect": deep}]), encoding="utf-8")
    result = run("errata", path, "-o", tmp_path / "site")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "BT1-002 effect" in errors[0] and "nest more than 100 deep" in errors[0]
    assert (tmp_path / "site" / "maintainers.html").exists()  # written, with the text flagged
