"""Where output goes: only regular files are replaced (atomically); through a symbolic
link the file it points to is replaced, next to it; a device or a named pipe is written
straight into. A database whose shape changed never replaces the previous output.
SIGTERM leaves no temporary file. The suffix of OUT gives the format, .gz compresses."""

from __future__ import annotations

import gzip
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tagtext import atomic
from tagtext.cli.main import cli
from tagtext.errata.publish import MARKER, OutputError, publish_dir

TAGTEXT = Path(sys.executable).parent / "tagtext"
CARDS = [{"id": f"BT1-{i:03d}", "name": "Agumon", "effect": "[Main] If you have 3 or more security cards, <Draw 1>."}
         for i in range(1, 31)]


def run(*args, input=None):
    return CliRunner().invoke(cli, list(map(str, args)), input=input, catch_exceptions=False)


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- atomic_write

def test_a_symlink_is_followed_and_its_target_replaced_next_to_it(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    (real_dir / "out.json").write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real_dir / "out.json")
    atomic.write_text(link, "new")
    assert link.is_symlink() and (real_dir / "out.json").read_text() == "new"
    assert sorted(os.listdir(tmp_path)) == ["link.json", "real"]
    assert os.listdir(real_dir) == ["out.json"]


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "made.json")
    atomic.write_text(link, "new")
    assert link.is_symlink() and (tmp_path / "made.json").read_text() == "new"


def test_a_named_pipe_is_written_straight_into(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    atomic.write_text(fifo, "through the pipe")
    reader.join(10)
    assert got == ["through the pipe"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still a pipe
    assert os.listdir(tmp_path) == ["fifo"]


@pytest.mark.parametrize("path", ["/dev/null", "/dev/stdout"])
def test_a_device_is_never_replaced(path, monkeypatch):
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    before = os.stat("/dev/null")
    renamed = []
    monkeypatch.setattr(os, "replace", lambda *a: renamed.append(a))
    monkeypatch.setattr(atomic.tempfile, "mkstemp", lambda *a, **k: pytest.fail("a temporary file was made"))
    if path == "/dev/stdout":
        assert atomic.writes_straight(Path(path))
        return  # pytest captures stdout: do not write into it
    atomic.write_text(path, "nothing")
    assert renamed == []
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_convert_into_dev_null_and_a_pipe(db, tmp_path):
    proc = subprocess.run([str(TAGTEXT), "convert", str(db), "-o", "/dev/null"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    proc = subprocess.run([str(TAGTEXT), "convert", str(db), "-o", "/dev/stdout", "-f", "jsonl"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == len(CARDS)


def test_convert_through_a_symlink(db, tmp_path):
    target = tmp_path / "published" / "tagtamer.json"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "current.json"
    link.symlink_to(target)
    assert run("convert", db, "-o", link).exit_code == 0
    assert link.is_symlink()
    assert json.loads(target.read_text())["summary"]["cards"] == len(CARDS)


# ----------------------------------------------------------------------------- suffixes

def test_gz_suffix_writes_gzip_that_tagtext_reads_back(db, tmp_path):
    out = tmp_path / "x.json.gz"
    assert run("convert", db, "-o", out).exit_code == 0
    doc = json.loads(gzip.decompress(out.read_bytes()))
    assert doc["summary"]["cards"] == len(CARDS)
    first = out.read_bytes()
    assert run("convert", db, "-o", out).exit_code == 0
    assert out.read_bytes() == first  # no time or name in the gzip header: deterministic
    assert run("diff", out, db).exit_code == 0  # a conversion read back as one side
    csv_out = tmp_path / "x.csv.gz"
    assert run("convert", db, "-o", csv_out).exit_code == 0
    assert gzip.decompress(csv_out.read_bytes()).decode().startswith("id,name,set,field")


@pytest.mark.parametrize("name", ["x.xml", "x.txt", "x.json.bz2"])
def test_an_unknown_suffix_is_refused_unless_format_is_given(db, tmp_path, name):
    out = tmp_path / name
    result = run("convert", db, "-o", out)
    assert result.exit_code == 2
    assert "give --format" in result.stderr and not out.exists()
    assert run("convert", db, "-o", out, "--format", "json").exit_code == 0
    assert json.loads(out.read_text())["schema"] == "tagtext-convert/1"


# ----------------------------------------------------------------------------- SIGTERM

def test_sigterm_leaves_no_temporary_file_and_the_previous_output(tmp_path):
    out = tmp_path / "out.json"
    out.write_text("previous")
    proc = subprocess.Popen([str(TAGTEXT), "convert", "-o", str(out)], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not any(n.startswith(".out.json.") for n in os.listdir(tmp_path)):
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 143
    assert stderr.strip().splitlines()[-1] == "tagtext: error: terminated"
    assert os.listdir(tmp_path) == ["out.json"]
    assert out.read_text() == "previous"


# ----------------------------------------------------------------------------- shape of the database

def _renamed(cards, old, new):
    return [{(new if k == old else k): v for k, v in c.items()} for c in cards]


@pytest.mark.parametrize("cards,says", [
    (_renamed(CARDS, "id", "cardId"), "all 30 entries were skipped"),
    (_renamed(CARDS, "effect", "text"), "no card has any text tagtext reads"),
    (_renamed([{**c, "securityEffect": "[Security] Draw 1."} for c in CARDS], "effect", "text"),
     'none of its 30 cards has an "effect" text'),
    (CARDS[:10] + [{"name": "x"}] * 20, "20 of 30 entries were skipped"),
    ([], "no entries at all"),
])
def test_a_database_whose_shape_changed_keeps_the_previous_output(tmp_path, cards, says):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    out = tmp_path / "tagtamer.json"
    out.write_text("previous")
    result = run("convert", path, "-o", out)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and says in lines[0] and "tagtamer.json left as it was" in lines[0]
    assert out.read_text() == "previous"
    site = tmp_path / "site"
    assert run("errata", "-o", site).exit_code == 0
    before = (site / "index.html").read_bytes()
    result = run("errata", path, "-o", site)
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1 and says in result.stderr
    assert (site / "index.html").read_bytes() == before
    assert run("diff", path, path).exit_code == 1
    assert run("diff", path, path, "--exit-code").exit_code == 2
    forced = run("convert", path, "-o", out, "--allow-empty")
    assert forced.exit_code in (0, 1) and out.read_text() != "previous"


def test_skipped_entries_exit_1_in_every_command(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS + [CARDS[0], {"name": "no id"}]))
    for args in (["convert", path], ["errata", path, "-o", tmp_path / "site"], ["diff", path, path],
                 ["coverage", path], ["check-overrides", path]):
        result = run(*args)
        assert result.exit_code == 1, (args, result.stderr)
        assert "duplicate id" in result.stderr and "no card id" in result.stderr
    assert run("diff", path, path, "--exit-code").exit_code == 2


# ----------------------------------------------------------------------------- errata -o DIR

def test_errata_keeps_files_it_did_not_write(tmp_path, db):
    site = tmp_path / "site"
    assert run("errata", db, "-o", site).exit_code == 0
    (site / "CNAME").write_text("errata.example.org\n")
    (site / ".git").mkdir()
    (site / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n")
    (site / "static" / "custom.css").write_text("body { color: teal }")
    result = run("errata", db, "-o", site)
    assert result.exit_code == 0, result.stderr
    assert "kept 3 files tagtext did not write" in result.stderr
    assert (site / "CNAME").read_text() == "errata.example.org\n"
    assert (site / ".git" / "HEAD").read_text().startswith("ref:")
    assert (site / "static" / "custom.css").exists()
    assert (site / "index.html").exists() and (site / MARKER).exists()
    assert sorted(os.listdir(tmp_path)) == ["cards.json", "site"]


def test_errata_files_it_wrote_and_no_longer_writes_are_removed(tmp_path):
    out = tmp_path / "site"
    publish_dir(out, lambda d: [(d / "BT99.md").write_text("old"), (d / "index.md").write_text("old")])
    (out / "CNAME").write_text("x")
    kept = []
    publish_dir(out, lambda d: (d / "index.md").write_text("new"), kept=kept)
    assert sorted(os.listdir(out)) == sorted([MARKER, "CNAME", "index.md"])
    assert kept == ["CNAME"]


def test_errata_refuses_when_a_kept_file_clashes_with_a_new_one(tmp_path):
    out = tmp_path / "site"
    publish_dir(out, lambda d: (d / "index.md").write_text("old"))
    (out / "rules.md").write_text("mine")
    with pytest.raises(OutputError, match=r"rules\.md"):
        publish_dir(out, lambda d: [(d / "index.md").write_text("new"), (d / "rules.md").write_text("new")])
    assert (out / "rules.md").read_text() == "mine" and (out / "index.md").read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["site"]


def test_errata_through_a_symlink_to_a_directory(tmp_path, db):
    real = tmp_path / "www" / "site"
    real.parent.mkdir()
    link = tmp_path / "site"
    link.symlink_to(real)  # dangling at first: the site is created where it points
    assert run("errata", db, "-o", link).exit_code == 0
    assert (real / "index.html").exists()
    result = run("errata", db, "-o", link)
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and (link / "index.html").exists()
    assert sorted(os.listdir(real.parent)) == ["site"]


def test_errata_on_a_symlink_to_a_file_says_so(tmp_path, db):
    (tmp_path / "file").write_text("x")
    (tmp_path / "site").symlink_to(tmp_path / "file")
    result = run("errata", db, "-o", tmp_path / "site")
    assert result.exit_code == 2  # a usage error: DIR must be a directory
    assert "is a file" in result.stderr
    with pytest.raises(OutputError, match="is a symbolic link to .*which is not a directory"):
        publish_dir(tmp_path / "site", lambda d: None)


def test_a_read_only_disk_names_dir_not_a_temporary_directory(tmp_path, db, monkeypatch):
    import errno
    import tempfile

    def read_only(*args, prefix="", dir=None, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system", os.path.join(dir or "/", prefix + "abc123"))

    monkeypatch.setattr(tempfile, "mkdtemp", read_only)
    result = run("errata", db, "-o", tmp_path / "site")
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert line == f"tagtext: error: {tmp_path / 'site'}: cannot write (Read-only file system)"
    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    result = run("convert", db, "-o", tmp_path / "out.json")
    assert result.exit_code == 1
    assert result.stderr.strip() == f"tagtext: error: {tmp_path / 'out.json'}: cannot write (Read-only file system)"


@pytest.mark.parametrize("command", [("convert",), ("db", "export"), ("errata",)])
@pytest.mark.parametrize("option", ["-o", "--output"])
def test_an_empty_output_path_is_a_usage_error(tmp_path, db, monkeypatch, command, option):
    """``-o ""`` names no file (it once tried to rename a temporary file over the current
    directory: "cannot write (Device or resource busy)"): a usage error, nothing written."""
    monkeypatch.chdir(tmp_path)
    before = sorted(os.listdir(tmp_path))
    args = (*command, db, option, "") if command != ("db", "export") else (*command, option, "")
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines[0] == f"tagtext: error: Invalid value for '-o' / '--output': an empty path names no file; " \
                       f"give a name{', or - for stdout' if command != ('errata',) else ''}", lines
    assert sorted(os.listdir(tmp_path)) == before
