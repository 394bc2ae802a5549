"""What every command does alike: `-o -` is stdout, `python -m tagtext` is the command,
and every line on stderr starts with `tagtext:` (usage errors included)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tagtext.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
DECKS = Path(__file__).parent / "deck" / "fixtures"
GOOD = {"id": "BT1-001", "name": "Agumon", "effect": "[Main] If you have 3 or more security cards, <Draw 1>."}


def run(*args, input=None):
    return CliRunner().invoke(cli, list(map(str, args)), input=input, prog_name="tagtext")


def test_convert_dash_o_dash_is_stdout(tmp_path):
    db = tmp_path / "cards.json"
    db.write_text(json.dumps([GOOD]), encoding="utf-8")
    to_file = tmp_path / "out.json"
    assert run("convert", db, "-o", to_file).exit_code == 0
    dashed, bare = run("convert", db, "-o", "-"), run("convert", db)
    assert dashed.exit_code == bare.exit_code == 0
    assert dashed.stdout_bytes == bare.stdout_bytes == to_file.read_bytes()
    assert not (tmp_path / "-").exists() and not Path("-").exists()
    assert dashed.stderr.endswith("0 stale rulings\n")          # no "wrote -"
    csv = run("convert", db, "-o", "-", "--format", "csv")
    assert csv.stdout.startswith("id,name,set,field,original,text,rules\n")


def test_errata_refuses_dash_in_one_line(tmp_path):
    result = run("errata", "-o", "-")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "tagtext: error: -o -: the errata pages are a directory of files, they cannot go to stdout; "
        "give a directory (-o site)",
        "tagtext: usage: tagtext errata [OPTIONS] [DB] (see tagtext errata --help)",
    ]
    assert not Path("-").exists()


def test_python_dash_m_is_the_command():
    proc = subprocess.run([sys.executable, "-m", "tagtext", "rewrite", "Both players draw 2 cards."],
                          capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "All players draw 2 cards.\n", "")
    proc = subprocess.run([sys.executable, "-m", "tagtext", "--bogus"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stderr.startswith("tagtext: error: No such option")


@pytest.mark.parametrize("args", [
    ["nope"],
    ["convert", "--bogus"],
    ["convert", "-o", "x.xml"],
    ["rewrite", "--pack", "nope", "x"],
    ["deck", "check"],
    ["diff", "-", "-"],
    ["convert", "no-such-file.json"],
    ["rewrite", "[Main] Gain 1 memory for each card in your security stack. Equal to the number of cards in "
                "your security stack."],
    ["rewrite", "--card", "BT7-040", "Both players draw 2 cards."],
    ["deck", "check", str(DECKS / "red-a.txt"), "no-such-deck.txt"],
    ["check-overrides"],
])
def test_every_stderr_line_starts_with_tagtext(args):
    result = run(*args)
    lines = result.stderr.splitlines()
    assert lines, f"{args}: nothing on stderr"
    assert [line for line in lines if not line.startswith("tagtext: ")] == [], result.stderr


def test_a_bare_group_prints_its_help_on_stdout():
    result = run("deck")
    assert result.exit_code == 2
    assert result.stdout.startswith("Usage: tagtext deck") and result.stderr == ""


COMMANDS_WITH_PACKS = [["rewrite"], ["parse"], ["coverage"], ["convert"], ["diff"], ["errata"], ["check-overrides"],
                       ["deck", "check"], ["db", "export"]]


@pytest.mark.parametrize("command", COMMANDS_WITH_PACKS, ids=" ".join)
def test_help_names_the_pack_in_use(command, tmp_path, monkeypatch):
    from tagtext import packs

    for name in packs.names():
        pack = packs.get(name)
        others = [packs.get(n) for n in packs.names() if n != name]
        text = run(*command, "--pack", name, "--help").stdout
        assert not re.search(r"\{(title|game|database|shipped|example|pack|deck_formats)\}", text), text
        for other in others:
            assert other.title not in text.replace("--pack: another format", ""), (name, other.title, text)
            assert other.shipped_name not in text
        if command[0] in ("rewrite", "convert", "errata", "diff", "parse"):
            assert pack.title in text
    # tagtext.toml's pack is the pack in use too
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tagtext.toml").write_text('pack = "ygo-tag"\n', encoding="utf-8")
    assert "Tag Tamer" not in run(*command, "--help").stdout


def test_options_say_when_they_apply():
    assert "(the text report; --json lists all)" in " ".join(run("coverage", "--help").stdout.split())
    assert "only with --card" in " ".join(run("rewrite", "--help").stdout.split())
    assert "the text report, not --json" in " ".join(run("diff", "--help").stdout.split())


@pytest.mark.parametrize("args", [["parse", "--json", "Both players draw 2 cards."],
                                  ["rewrite", "--json", "Both players draw 2 cards."],
                                  ["packs", "--json"], ["check-overrides", "--json"]])
def test_json_is_indented_alike(args):
    """Every --json output is indented by 2, as json.dumps(indent=2) writes it."""
    out = run(*args).stdout
    assert out == json.dumps(json.loads(out), ensure_ascii=False, indent=2) + "\n"


@pytest.mark.parametrize("args, status", [(["convert"], 1), (["convert", "-f", "csv"], 1), (["db", "export"], 1),
                                          (["diff", "--exit-code", "OLD", "NEW"], 2)])
def test_a_closed_pipe_exits_as_the_readme_says(args, status, tmp_path):
    """The reader of stdout leaves after one byte (`tagtext convert | head -c 1`): tagtext
    stops, says nothing, and exits 1 (2 with diff --exit-code): the output was not all
    delivered. The outputs are megabytes, far more than a pipe holds."""
    if "OLD" in args:
        old, new = tmp_path / "old.json", tmp_path / "new.json"
        assert run("db", "export", "-o", new).exit_code == 0
        cards = json.loads(new.read_text(encoding="utf-8"))
        old.write_text(json.dumps([dict(c, effect=c["effect"] + " x") for c in cards]), encoding="utf-8")
        args = [str(old) if a == "OLD" else str(new) if a == "NEW" else a for a in args]
    proc = subprocess.Popen([sys.executable, "-m", "tagtext", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.read(1)
    proc.stdout.close()
    stderr = proc.stderr.read()
    assert proc.wait(timeout=300) == status
    assert stderr == b""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "exits **1** (**2** with `diff --exit-code`)" in readme


def test_a_short_rewrite_starts_without_the_modules_it_does_not_use(tmp_path):
    """Start-up (issue 22): ``tagtext rewrite TEXT`` of no card, with no project file, reads
    no card database, no special-ruling table and no project file, so it does not import
    their modules (each is milliseconds of a ~0.2 s run); with --card it does. Package
    data is read with pkgutil, not importlib.resources (whose readers import zipfile)."""
    watched = ("tagtext.carddb", "tagtext.rulings", "tagtext.project", "tagtext.packs.tag_tamer.carddb",
               "tagtext.writeback", "importlib.resources")
    code = ("import sys\nfrom tagtext.cli.main import main\nsys.argv = ['tagtext', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(sorted(m for m in sys.modules if m in {watched!r}), file=sys.stderr)")

    def imported(*args: str) -> list[str]:
        # (run in an empty directory: no tagtext.toml, and "-c" imports the installed package)
        proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        return eval(proc.stderr.splitlines()[-1])

    assert imported("rewrite", "Both players draw 2 cards.") == []
    assert {"tagtext.rulings", "tagtext.carddb"} <= set(imported("rewrite", "--card", "BT1-084", "Draw 1 card."))
    # a conversion reads a database and the rulings, but no project file and no write-back
    assert set(imported("-q", "convert", "--pack", "bd-tag", "-o", "out.json")) == {"tagtext.rulings", "tagtext.carddb"}


def test_the_script_runs_without_the_cyclic_collector_but_streaming(tmp_path):
    """Start-up (issue 22): the ``tagtext`` script runs a command with the cyclic garbage
    collector off (it only scanned objects that live until the command ends, and every
    object at exit); converting JSON lines card by card, whose input has no bound, turns
    it back on. The outputs are whole either way."""
    code = ("import gc, sys\nfrom tagtext.cli import run\nsys.argv = ['tagtext', *sys.argv[1:]]\n"
            "try:\n    run()\nexcept SystemExit:\n    print('collector on' if gc.isenabled() else 'collector off', file=sys.stderr)")

    def collector(*args: str) -> str:
        proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=tmp_path)
        return proc.stderr.splitlines()[-1]

    assert collector("-q", "convert", "--pack", "bd-tag", "-o", "out.json") == "collector off"
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["summary"]["cards"] > 200
    from tagtext import packs
    entries = [e for e in json.loads(packs.get("bd-tag").shipped_database()) if e.get("effect")][:20]
    lines = tmp_path / "cards.jsonl"
    lines.write_text("".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in entries), encoding="utf-8")
    assert collector("-q", "convert", "--pack", "bd-tag", str(lines), "-o", "out.jsonl") == "collector on"
    assert len((tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()) == 20


def test_the_project_file_the_cli_looks_for_is_the_projects():
    from tagtext import project
    from tagtext.cli import common
    assert common.PROJECT_FILE == project.FILE


def _interrupted_in_pythons_machinery() -> RuntimeError:
    """What Ctrl-C arriving while a dataclass is made comes out as (the sweep saw it in
    the first tenth of a second of `convert`): a RuntimeError from the KeyboardInterrupt."""
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise RuntimeError("Error calling __set_name__ on 'Field' instance 'restrictions' in 'Card'") from interrupt
    except RuntimeError as error:
        return error


def test_an_interrupt_that_came_out_as_another_error_ends_as_an_interrupt(capsys):
    """Exit 130 and "interrupted", not exit 3 and "internal error ... please report it"."""
    from tagtext.cli import common

    with pytest.raises(SystemExit) as exited:
        common.internal_error(_interrupted_in_pythons_machinery())
    assert exited.value.code == common.EXIT_INTERRUPTED
    assert capsys.readouterr().err == "tagtext: error: interrupted\n"


def test_an_interrupt_while_a_card_is_rewritten_stops_the_batch():
    """One card's error is recorded and the batch goes on; Ctrl-C is not a card's error,
    even when it comes out of Python's machinery as another exception."""
    from tagtext import batch, packs

    card = packs.get().load_database(None).cards[0]

    class Interrupted:
        def rewrite(self, *args, **kwargs):
            raise _interrupted_in_pythons_machinery()

    with pytest.raises(KeyboardInterrupt):
        batch.convert_card(card, None, Interrupted())
