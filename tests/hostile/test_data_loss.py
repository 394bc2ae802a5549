"""Nothing the user had is overwritten or deleted (findings D1-D9): concurrent builds
keep the files errata promises to keep, a write never goes through another user's link
in a sticky directory, a replaced file or directory keeps its owner and mode (never a
set-ID bit), the input is never the output, an empty or foreign-language input never
replaces a published one, and what a killed run left behind is removed."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import time
from pathlib import Path

import pytest

from tagtext import atomic
from tagtext.errata.publish import MARKER

from .conftest import CARDS, GOOD, TAGTEXT, one_line, root_only, run, script, write_json

NOBODY = 65534


# ----------------------------------------------------------------------------- D1: concurrency

def test_concurrent_errata_and_convert_runs_on_one_output_keep_everything(tmp_path, db):
    """D1: six builds of one site at once, and conversions written into that site at the
    same time (a file errata did not write, so one it must keep), three rounds: the user's
    CNAME and .git/ survive every round, every build succeeds, the conversion is there and
    whole, and nothing temporary is left."""
    site = tmp_path / "site"
    assert run("-q", "errata", db, "-o", site).exit_code == 0
    (site / "CNAME").write_text("mine\n")
    (site / ".git").mkdir()
    (site / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    for _ in range(3):
        procs = [subprocess.Popen([str(TAGTEXT), "-q", "errata", str(db), "-o", str(site)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(4)]
        procs += [subprocess.Popen([str(TAGTEXT), "-q", "convert", str(db), "-o", str(site / "cards.json")],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
        results = [(p.args[2], p.wait(timeout=120), p.stderr.read().decode()) for p in procs]
        for command, code, stderr in results:
            if command == "errata":
                assert (code, stderr) == (0, ""), stderr
            else:  # a conversion whose temporary file was swapped away with the old build says so
                assert code == 0 or ("cards.json" in stderr and code == 1), stderr
        assert (site / "CNAME").read_text() == "mine\n"
        assert (site / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"
        assert (site / "index.html").exists()
    assert run("-q", "convert", db, "-o", site / "cards.json").exit_code == 0
    assert run("-q", "errata", db, "-o", site).exit_code == 0
    assert json.loads((site / "cards.json").read_text())["summary"]["cards"] == len(CARDS)
    assert sorted(os.listdir(tmp_path)) == ["cards.json", "site"]
    assert not [name for name in os.listdir(site) if name.endswith(".tmp")]


def test_a_file_that_arrives_during_a_build_is_kept(tmp_path, monkeypatch):
    """D1, the mechanism: a file written into DIR after the build listed DIR's files
    (another program) is moved into the new build, not deleted with the old one."""
    from tagtext.errata import publish

    site = tmp_path / "site"
    publish.publish_dir(site, lambda d: (d / "index.html").write_text("v1"))
    swap = publish._move_into_place

    def late_then_swap(tmp, target):
        (site / "late.txt").write_text("written while the build ran")
        return swap(tmp, target)

    monkeypatch.setattr(publish, "_move_into_place", late_then_swap)
    kept: list[str] = []
    publish.publish_dir(site, lambda d: (d / "index.html").write_text("v2"), kept=kept)
    assert (site / "late.txt").read_text() == "written while the build ran"
    assert (site / "index.html").read_text() == "v2"
    assert kept == ["late.txt"]
    assert sorted(os.listdir(tmp_path)) == ["site"]


# ----------------------------------------------------------------------------- D2: links

@root_only()
@pytest.mark.parametrize("through", ["file", "directory"])
def test_root_never_writes_through_another_users_link_in_a_sticky_directory(tmp_path, db, through):
    """D2: as the kernel's protected_symlinks would (it never sees these writes: the link
    is not opened, a new file is renamed over its target), a link another user owns in a
    sticky world-writable directory is not followed, whether it is the file or a
    directory on the way."""
    os.chmod(tmp_path, 0o755)
    sticky = tmp_path / "sticky"
    sticky.mkdir()
    os.chmod(sticky, 0o1777)
    victim = tmp_path / "victim.json"
    victim.write_text("ROOT FILE\n")
    link = sticky / ("out.json" if through == "file" else "dir")
    link.symlink_to(victim if through == "file" else tmp_path)
    os.lchown(link, NOBODY, NOBODY)
    out = link if through == "file" else link / "victim.json"
    result = run("-q", "convert", db, "-o", out)
    assert result.exit_code == 1
    one_line(result.stderr, str(out), "protected_symlinks", f"uid {NOBODY}")
    assert victim.read_text() == "ROOT FILE\n"
    assert sorted(os.listdir(tmp_path)) == ["cards.json", "sticky", "victim.json"]
    # errata -o through such a link: refused the same way
    site = tmp_path / "site"
    site.mkdir()
    (sticky / "site").symlink_to(site)
    os.lchown(sticky / "site", NOBODY, NOBODY)
    result = run("-q", "errata", db, "-o", sticky / "site")
    assert result.exit_code == 1 and "protected_symlinks" in result.stderr
    assert os.listdir(site) == []


@root_only()
def test_a_link_of_ones_own_or_of_the_directorys_owner_is_followed(tmp_path, db):
    """D2, what the rule allows: root's own link in a sticky directory, and a link owned
    by the sticky directory's owner, are followed as before (the target replaced)."""
    sticky = tmp_path / "sticky"
    sticky.mkdir()
    os.chmod(sticky, 0o1777)
    for owner, name in ((0, "mine.json"), (NOBODY, "theirs.json")):
        target = tmp_path / f"target-{name}"
        target.write_text("old")
        (sticky / name).symlink_to(target)
        os.lchown(sticky / name, owner, owner)
    os.chown(sticky, NOBODY, NOBODY)  # nobody owns the directory: its link is trusted too
    for name in ("mine.json", "theirs.json"):
        assert run("-q", "convert", db, "-o", sticky / name).exit_code == 0
        assert (sticky / name).is_symlink()
        assert json.loads((tmp_path / f"target-{name}").read_text())["schema"] == "tagtext-convert/1"


# ----------------------------------------------------------------------------- D3, D4: owner, mode

def test_a_replaced_file_never_keeps_a_set_id_bit(tmp_path, db):
    """D3: the new file has the old one's permissions but no set-user-ID or set-group-ID
    bit, as cp gives it."""
    out = tmp_path / "out.md"
    out.write_text("old")
    os.chmod(out, 0o6755)
    assert run("-q", "convert", db, "-o", out).exit_code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o755


@root_only()
def test_root_replacing_a_users_file_or_site_leaves_it_theirs(tmp_path, db):
    """D3, D4: a file root rewrites keeps its owner, group and mode; a site root rebuilds
    keeps its directory's owner and mode, and its files are the owner's too."""
    out = tmp_path / "alice.json"
    out.write_text("old")
    os.chown(out, NOBODY, NOBODY)
    os.chmod(out, 0o640)
    assert run("-q", "convert", db, "-o", out).exit_code == 0
    st = out.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (NOBODY, NOBODY, 0o640)
    site = tmp_path / "site"
    site.mkdir()
    os.chown(site, NOBODY, NOBODY)
    os.chmod(site, 0o750)
    assert run("-q", "errata", db, "-o", site).exit_code == 0
    st = site.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (NOBODY, NOBODY, 0o750)
    assert {(p.stat().st_uid, p.stat().st_gid) for p in site.rglob("*")} == {(NOBODY, NOBODY)}


def test_a_rebuilt_site_keeps_its_directory_mode(tmp_path, db):
    """D4: a private (0700) site stays private."""
    site = tmp_path / "priv"
    site.mkdir()
    os.chmod(site, 0o700)
    assert run("-q", "errata", db, "-o", site).exit_code == 0
    assert stat.S_IMODE(site.stat().st_mode) == 0o700
    assert run("-q", "errata", db, "-o", site).exit_code == 0   # and again, over its own build
    assert stat.S_IMODE(site.stat().st_mode) == 0o700


# ----------------------------------------------------------------------------- D5: input = output

@pytest.mark.parametrize("name", ["db.json", "db.csv"])
def test_the_output_is_never_the_input_database(tmp_path, name):
    """D5: -o DB (the same file, by any path or link) is refused and DB is left as it was."""
    db = tmp_path / name
    if name.endswith(".csv"):
        db.write_text("id,name,effect\nBT1-001,A,Both players draw 2 cards.\n")
    else:
        write_json(db, CARDS)
    before = db.read_bytes()
    (tmp_path / "link").symlink_to(db)
    for out in (db, tmp_path / "link", tmp_path / "." / name):
        result = run("convert", db, "-o", out)
        assert result.exit_code == 2
        one_line(result.stderr, f"-o {out}", "the database DB itself")
    assert db.read_bytes() == before


# ----------------------------------------------------------------------------- D6, D7: empty or foreign input

def test_an_empty_conversion_never_replaces_a_published_site(tmp_path, db):
    """D6: a conversion with no cards (or whose texts were all not rewritten) goes through
    the shape checks a database does: errata keeps DIR, diff refuses to compare."""
    site = tmp_path / "pub"
    assert run("-q", "errata", db, "-o", site).exit_code == 0
    before = sorted(p.name for p in site.iterdir())
    made_by = {"name": "tag-tamer", "version": "0.1.0"}  # conversions record their pack
    empty = write_json(tmp_path / "empty-conv.json", {"schema": "tagtext-convert/1", "pack": made_by, "cards": []})
    failed = write_json(tmp_path / "failed-conv.json", {"schema": "tagtext-convert/1", "pack": made_by, "cards": [
        {"id": c["id"], "name": c["name"], "texts": {"effect": {"original": c["effect"], "text": None}}}
        for c in CARDS]})
    for conversion, says in ((empty, "no entries at all"), (failed, "40 of its 40 texts were not rewritten")):
        result = run("errata", conversion, "-o", site)
        assert result.exit_code == 1
        one_line(result.stderr, str(conversion), says, f"{site} left as it was")
        assert sorted(p.name for p in site.iterdir()) == before
        result = run("diff", db, conversion)
        assert result.exit_code == 1 and result.stdout == ""
        one_line(result.stderr, says)
        assert run("errata", conversion, "-o", tmp_path / "anyway", "--allow-empty").exit_code == 0


def _foreign(card: dict, i: int) -> dict:
    return {"id": card["id"], "name": card["name"], "effect": f"【メイン】カードを{i}枚引く。"}


def test_a_database_no_rule_rewrites_never_replaces_published_output(tmp_path):
    """D7: a valid database whose texts no rule rewrites (another language's export) is
    refused by convert and errata, which keep their previous output: many different texts
    and not one rewritten, or every special ruling stale."""
    foreign = [{"id": f"BT1-{i:03d}", "name": "アグモン", "effect": f"【メイン】カードを{i}枚引く。"} for i in range(1, 121)]
    db = write_json(tmp_path / "jp.json", foreign)
    out, site = tmp_path / "out.json", tmp_path / "site"
    out.write_text("previous\n")
    result = run("convert", db, "-o", out)
    assert result.exit_code == 1
    one_line(result.stderr, "not one of its 120 texts", "another language", f"{out} left as it was")
    assert out.read_text() == "previous\n"
    result = run("errata", db, "-o", site)
    assert result.exit_code == 1 and not site.exists()
    assert run("-q", "convert", db, "-o", out, "--allow-empty").exit_code == 0
    # the shipped rulings' cards, each text the same foreign word: every ruling stale
    from tagtext.packs.tag_tamer import PACK
    ruled = [{"id": r.card, "name": "x", r.field: "効果"} for r in PACK.rulings().rulings]
    result = run("convert", write_json(tmp_path / "ruled.json", ruled))
    assert result.exit_code == 1 and f"all {len(ruled)} special rulings are stale" in result.stderr


def test_few_or_repeated_texts_or_one_stale_ruling_are_not_taken_for_another_language(tmp_path):
    """D7, what is not refused: 500 cards of one text no rule rewrites, and one card whose
    ruled text changed (a release-day erratum), convert as before."""
    same = [{"id": f"TT1-{i:04d}", "name": "Agumon", "effect": "[On Play] Draw 1."} for i in range(500)]
    assert run("-q", "convert", write_json(tmp_path / "same.json", same)).exit_code == 0
    from tagtext.packs.tag_tamer import PACK
    ruling = PACK.rulings().rulings[0]
    one = [{"id": ruling.card, "name": "x", ruling.field: "[Main] Changed."}]
    result = run("convert", write_json(tmp_path / "one.json", one))
    assert result.exit_code == 0 and "1 stale ruling" in result.stderr


# ----------------------------------------------------------------------------- D8: left behind

def _dead_pid() -> int:
    pid = 999_999
    while atomic._alive(pid):
        pid -= 1
    return pid


def test_a_later_write_removes_what_killed_runs_left(tmp_path, db):
    """D8: temporary files of runs killed with SIGKILL (no lock held, their process gone;
    or an hour old, from an older tagtext) are removed by the next successful write; a
    live writer's file (it holds its lock) and other files are left."""
    out = tmp_path / "out.json"
    dead = tmp_path / f".out.json.{_dead_pid()}-abcd1234.tmp"
    old = tmp_path / ".out.json.efgh5678.tmp"
    young = tmp_path / ".out.json.ijkl9012.tmp"          # an older tagtext's, maybe still writing
    other = tmp_path / ".out.json.gz.4242-abcd1234.tmp"  # another output's
    for path in (dead, old, young, other):
        path.write_text("half")
    os.utime(old, (time.time() - 2 * atomic.STALE_AFTER,) * 2)
    live = tmp_path / f".out.json.{os.getpid()}-mnop3456.tmp"
    fd = os.open(live, os.O_CREAT | os.O_WRONLY)
    atomic._hold(fd)
    try:
        assert run("-q", "convert", db, "-o", out).exit_code == 0
        left = ["cards.json", "out.json", young.name, other.name, live.name]
        assert sorted(os.listdir(tmp_path)) == sorted(left)
    finally:
        os.close(fd)


def test_sigkill_leftovers_of_convert_and_errata_are_cleaned_by_the_next_run(tmp_path):
    """D8, end to end: convert and errata killed with SIGKILL while they write; the next
    run of each leaves no temporary file or directory."""
    big = write_json(tmp_path / "big.json", [{**GOOD, "id": f"BT1-{i:05d}"} for i in range(20000)])
    out, site = tmp_path / "out.json", tmp_path / "site"
    for args, leftover in ((["convert", big, "-o", out], ".out.json."),
                           (["errata", big, "-o", site], ".site.tmp-")):
        proc = subprocess.Popen([str(TAGTEXT), *map(str, args)], stderr=subprocess.DEVNULL)
        deadline = time.time() + 60
        while not any(name.startswith(leftover) for name in os.listdir(tmp_path)):
            assert time.time() < deadline and proc.poll() is None, "no temporary file appeared"
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert any(name.startswith(leftover) for name in os.listdir(tmp_path))
        assert script("-q", *args).returncode == 0
        expected = {"big.json", "out.json"} | ({"site"} if "errata" in args else set())
        assert sorted(os.listdir(tmp_path)) == sorted(expected)


# ----------------------------------------------------------------------------- D9

def test_an_output_named_as_a_directory_is_not_made_a_file(tmp_path, db):
    """D9: -o newdir/ is an error, as `> newdir/` is; nothing is created."""
    result = run("-q", "convert", db, "-o", f"{tmp_path / 'newdir'}/")
    assert result.exit_code == 1
    one_line(result.stderr, "newdir/", "is a directory")
    assert sorted(os.listdir(tmp_path)) == ["cards.json"]
