"""Bad input is never an internal error (findings T1-T11): one line saying where, exit 1
(2 for an unreadable deck), and one bad card never sinks a batch."""

from __future__ import annotations

import importlib.abc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tagtext import carddb
from tagtext.cli import streams
from tagtext.packs.tag_tamer import PACK

from .conftest import CARDS, GOOD, TAGTEXT, one_line, run, script, write_json

HUGE = "9" * 4301  # one digit more than Python reads as an int


# ----------------------------------------------------------------------------- T1, T2: long numbers

def test_a_long_integer_in_a_field_tagtext_does_not_read_changes_nothing(tmp_path):
    """T1: valid JSON holding an integer Python cannot read (4,301 digits) in a field
    no reader uses converts as if it were not there; in the id, the entry is skipped."""
    db = tmp_path / "bigint.json"
    db.write_text('[{"id":"BT1-001","effect":"Both players draw 2 cards.","rarity":' + HUGE + "}]")
    for args in (["convert", db], ["diff", db, db], ["errata", db, "-o", tmp_path / "s"], ["coverage", db],
                 ["check-overrides", db]):
        result = run(*args)
        assert result.exit_code in (0, 1) and "internal error" not in result.stderr, args  # 1: check-overrides' rulings
    assert json.loads(run("convert", db).stdout)["summary"]["rewritten"] == 1
    db.write_text('[{"id":' + HUGE + ',"effect":"x"},' + json.dumps(GOOD) + "]")
    result = run("convert", db)
    assert result.exit_code == 1
    assert 'entry 1: no card id ("id" or "cardNumber"); skipped' in result.stderr


def test_a_long_password_skips_its_entry_in_ygo_tag(tmp_path):
    """T1: a Yu-Gi-Oh! password of 5,000 digits is no password: the entry is skipped (a
    whole database of them is refused by the shape check), never an internal error."""
    db = tmp_path / "ybig.json"
    db.write_text('[{"password":"' + "9" * 5000 + '","text":{"en":"x"}}]')
    result = run("convert", "--pack", "ygo-tag", db)
    assert result.exit_code == 1
    one_line(result.stderr, "all 1 entries were skipped", '"password"')


def test_a_long_numeral_in_one_text_fails_only_that_text(tmp_path):
    """T2: a 4,301-digit count cannot be doubled; that text is "not rewritten" with one
    line naming its card, the other cards are converted and written, exit 1."""
    db = write_json(tmp_path / "hugenum.json", [
        {"id": "BT1-001", "effect": f"While you have {HUGE} or more security cards, draw 1."},
        {"id": "BT1-002", "effect": "Both players draw 2 cards."}])
    out = tmp_path / "out.json"
    result = run("convert", db, "-o", out)
    assert result.exit_code == 1
    assert "BT1-001 effect: a numeral of 4301 digits is too long to rewrite" in result.stderr
    cards = {c["id"]: c for c in json.loads(out.read_text())["cards"]}
    assert cards["BT1-001"]["texts"]["effect"]["text"] is None
    assert cards["BT1-002"]["texts"]["effect"]["text"] == "All players draw 2 cards."
    result = run("rewrite", f"While you have {HUGE} or more security cards, draw 1.")
    assert result.exit_code == 1
    one_line(result.stderr, "4301 digits")


def test_an_unexpected_error_in_one_text_fails_that_text_not_the_batch(tmp_path, monkeypatch):
    """One bad card never sinks a batch: an error tagtext did not expect while rewriting
    one text is reported on that text as an internal error to report; the rest is written."""
    rewrite = PACK.rewrite

    def broken(text, card_id=None, field=None, source=None):
        if card_id == "BT1-003":
            raise ValueError("a bug")
        return rewrite(text, card_id, field, source)

    monkeypatch.setattr(PACK, "rewrite", broken)
    out = tmp_path / "out.json"
    result = run("convert", write_json(tmp_path / "cards.json", CARDS), "-o", out)
    assert result.exit_code == 1
    line = one_line([x for x in result.stderr.splitlines() if "error" in x][0], "BT1-003 effect", "internal error",
                    "ValueError: a bug", "please report it")
    assert line
    cards = json.loads(out.read_text())["cards"]
    assert [c["id"] for c in cards if c["texts"]["effect"]["text"] is None] == ["BT1-003"]


# ----------------------------------------------------------------------------- T3: decks

@pytest.mark.parametrize("pack, name, text, says", [
    ("tag-tamer", "d.txt", HUGE + " BT1-010\n", "a count of 4301 digits is not a count"),
    ("tag-tamer", "d.json", "[" + HUGE + "]", "expected a card id, got <a number of 4301 digits>"),
    ("ygo-tag", "d.ydk", "#main\n" + HUGE + "\n", "is not a card password"),
    ("ygo-tag", "n.txt", "Pot of Greed x" + HUGE + "\n", "a count of 4301 digits is not a count"),
])
def test_a_deck_with_a_count_or_password_too_long_is_unreadable(tmp_path, pack, name, text, says):
    """T3: exit 2 (an unreadable deck), one line naming file:line, the line shortened."""
    deck = tmp_path / name
    deck.write_text(text)
    result = run("deck", "check", "--pack", pack, deck)
    assert result.exit_code == 2
    line = one_line(result.stderr, f"{deck}:", says)
    assert len(line) < 300


# ----------------------------------------------------------------------------- T4, T5, T6: closed or full streams

@pytest.mark.parametrize("args", [
    ["rewrite"], ["parse"], ["convert", "-"], ["diff", "-", "{db}"], ["errata", "-", "-o", "{tmp}/s"],
    ["coverage", "-"], ["check-overrides", "-"], ["deck", "check", "-"],
    ["deck", "check", "tests/deck/fixtures/red-a.txt", "--db", "-"],
])
def test_a_closed_stdin_is_one_line(tmp_path, db, args):
    """T4: `<&-`: "stdin is closed", exit 1 (2 for TEXT commands and decks)."""
    args = [a.format(db=db, tmp=tmp_path) for a in args]
    proc = script(*args, close=(0,))
    assert proc.returncode in (1, 2), proc.stderr
    one_line(proc.stderr.decode(), "stdin is closed")


@pytest.mark.parametrize("args", [
    ["convert"], ["rewrite", "Both players draw 2 cards."], ["--version"], ["--help"], ["packs"],
    ["parse", "Draw 1."], ["deck", "check", "tests/deck/fixtures/red-a.txt"], ["diff", "{db}", "{db}"],
])
def test_a_closed_stdout_is_an_error_not_output_silently_lost(db, args):
    """T5, W1: `>&-`: the output cannot be written; one line naming stdout, exit 1 (deck
    check: 2, its status for any error)."""
    proc = script(*[a.format(db=db) for a in args], close=(1,))
    assert proc.returncode == (2 if args[0] == "deck" else 1)
    one_line(proc.stderr.decode(), "<stdout>", "stdout is closed")


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["rewrite", "Draw 1."], ["convert"]])
def test_a_full_disk_on_stdout_names_stdout(args):
    """T6, M1: `> /dev/full`: one line naming stdout, exit 1."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([str(TAGTEXT), *args], stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert proc.returncode == 1
    one_line(proc.stderr.decode(), "<stdout>: No space left on device")


# ----------------------------------------------------------------------------- T7: tampered conversions

@pytest.mark.parametrize("start", [1.5, "x", -1, 10_000, None, True])
def test_a_tampered_conversion_is_one_line_naming_the_card(tmp_path, db, start):
    """T7: an edit's span that is no span of the original text (not an integer, negative,
    out of range) is refused by errata and diff alike, naming the card and field."""
    conv = tmp_path / "conv.json"
    assert run("-q", "convert", db, "-o", conv).exit_code == 0
    doc = json.loads(conv.read_text())
    doc["cards"][2]["texts"]["effect"]["edits"][0]["start"] = start
    bad = write_json(tmp_path / "conv-bad.json", doc)
    for args in (["errata", bad, "-o", tmp_path / "s"], ["diff", bad, db]):
        result = run(*args)
        assert result.exit_code == 1
        one_line(result.stderr, "card 3 (id BT1-003): text 'effect': edit 1 spans")
    assert not (tmp_path / "s").exists()


# ----------------------------------------------------------------------------- T8: ruling tables

@pytest.mark.parametrize("content, says", [
    ('ruling = ["a"]\n', "ruling 1 is not a table"),
    ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nest too deeply"),
    ("x = " + HUGE + "\n", "an integer of more digits than Python reads"),
    ('[wording.x]\nfrom = "global"\nreplace = [["", "xx"]]\n[[ruling]]\nid = "a"\n', 'replaces an empty "before"'),
])
def test_a_malformed_ruling_table_is_one_line(tmp_path, content, says):
    """T8, H8: a ruling that is no table, nesting too deep for the TOML reader, an integer
    too long, an empty "before" in a wording variant (it would multiply every text)."""
    table = tmp_path / "t.toml"
    table.write_text(content)
    result = run("check-overrides", "--table", table)
    assert result.exit_code == 1
    one_line(result.stderr, str(table), says)


def test_a_ruling_table_with_a_byte_order_mark_is_read():
    """M6: a BOM (as some editors write) is not a TOML statement."""
    from tagtext.rulings import load_table
    shipped = Path(PACK.rulings().source)
    import tempfile
    with tempfile.NamedTemporaryFile("wb", suffix=".toml", delete=False) as f:
        f.write(b"\xef\xbb\xbf" + (Path(__file__).parents[2] / shipped).read_bytes())
    try:
        assert len(load_table(f.name).rulings) == len(PACK.rulings().rulings)
        result = run("check-overrides", "--table", f.name)
        assert result.exit_code == 0, result.stderr
    finally:
        Path(f.name).unlink()


# ----------------------------------------------------------------------------- T9: encodings

def test_output_is_utf8_whatever_the_locale_says():
    """T9, M8: PYTHONIOENCODING=latin-1 or the C locale cannot make a card's ＜ an error or
    a "?": the text is written as UTF-8."""
    text = "[Main] ＜Draw 1＞ Both players draw 2 cards."
    for env in ({"PYTHONIOENCODING": "latin-1"}, {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}):
        proc = script("rewrite", text, env=env)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.decode("utf-8") == "[Main] ＜Draw 1＞ All players draw 2 cards.\n"


def test_a_text_argument_that_is_not_utf8_is_refused():
    """M8: an argument's bytes that are not UTF-8 are refused as stdin's are, not read as
    a replacement character."""
    proc = subprocess.run([str(TAGTEXT), "rewrite", "--json", b"Both \xff players"],
                          capture_output=True, timeout=120)
    assert proc.returncode == 1 and proc.stdout == b""
    one_line(proc.stderr.decode(), "<text>: not UTF-8 text (byte 5)")


# ----------------------------------------------------------------------------- T10: memory

def test_endless_and_exhausting_inputs_are_one_line(tmp_path, monkeypatch):
    """T10, H7: /dev/zero is refused at the reading limit (no MemoryError, no OOM killer);
    running out of memory anywhere is "out of memory", exit 1, not a bug to report."""
    from tagtext import reading
    monkeypatch.setattr(reading, "MAX_INPUT", 1 << 20)
    for args in (["convert", "/dev/zero"], ["deck", "check", "tests/deck/fixtures/red-a.txt", "--db", "/dev/zero"]):
        result = run(*args)
        assert result.exit_code in (1, 2)
        one_line(result.stderr, "/dev/zero: more than tagtext reads (1 MiB); is it endless?")
    result = run("check-overrides", "--table", "/dev/zero")
    assert result.exit_code == 1 and "more than tagtext reads (16 MiB)" in result.stderr

    def exhausted(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(carddb, "build_database", exhausted)
    result = run("convert", write_json(tmp_path / "c.json", CARDS))
    assert result.exit_code == 1
    one_line(result.stderr, "tagtext: error: out of memory")


# ----------------------------------------------------------------------------- T11, W6: Ctrl-C

class _Interrupting(importlib.abc.MetaPathFinder):
    """An import that a Ctrl-C interrupts."""

    def __init__(self, name: str):
        self.name = name

    def find_spec(self, fullname, path, target=None):
        if fullname == self.name:
            raise KeyboardInterrupt()
        return None


def test_ctrl_c_while_the_command_is_being_imported_is_one_line(monkeypatch, capsys):
    """T11: the script's entry point (tagtext.cli.run) catches a Ctrl-C arriving while
    click and the command are imported: one line, exit 130."""
    from tagtext.cli import run as entry
    monkeypatch.delitem(sys.modules, "tagtext.cli.main")
    finder = _Interrupting("tagtext.cli.main")
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    with pytest.raises(SystemExit) as stop:
        entry()
    assert stop.value.code == 130
    assert capsys.readouterr().err == "tagtext: error: interrupted\n"


def test_ctrl_c_while_the_pack_loads_exits_130(monkeypatch):
    """W6: a Ctrl-C in --pack's callback (the pack loads there) is an interrupt, 130, not
    click's "Aborted!" and 1."""
    from tagtext import packs

    def interrupted(name=None):
        raise KeyboardInterrupt()

    monkeypatch.setattr(packs, "get", interrupted)
    from click.testing import CliRunner
    from tagtext.cli.main import cli
    result = CliRunner().invoke(cli, ["rewrite", "--pack", "tag-tamer", "x"])
    assert result.exit_code == 130
    assert result.stderr.strip() == "tagtext: error: interrupted"  # after click's new line past the ^C


def test_streams_stand_in_for_a_closed_stdout(monkeypatch):
    """The stand-in a closed stdout gets fails every write as writing fd 1 would."""
    monkeypatch.setattr(sys, "stdout", None)
    streams.guard_closed_stdout()
    with pytest.raises(OSError) as failed:
        print("lost", flush=True)
    assert failed.value.filename == "<stdout>"


def test_every_users_toml_file_is_read_alike(tmp_path):
    """T8, M6, H7 for every TOML file a user gives (rulings, banlist, project file): one
    reader (tagtext.tomlfile): bounded, a byte-order mark accepted, an integer too long
    or nesting too deep an error in one line."""
    from tagtext.errors import TagTextError
    from tagtext.tomlfile import read_toml

    class Bad(TagTextError):
        pass

    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbfpack = \"ygo-tag\"\n")
    assert read_toml(bom, Bad) == {"pack": "ygo-tag"}
    for content, says in ((f"x = {HUGE}\n", "more digits than Python reads"),
                          ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nest too deeply")):
        (tmp_path / "t.toml").write_text(content)
        with pytest.raises(Bad, match=says):
            read_toml(tmp_path / "t.toml", Bad)
    with pytest.raises(Bad, match="more than tagtext reads"):
        read_toml("/dev/zero", Bad)
    result = run("deck", "check", "tests/deck/fixtures/red-a.txt", "--banlist", "/dev/zero")
    assert result.exit_code == 2
    one_line(result.stderr, "/dev/zero: more than tagtext reads (16 MiB)")
