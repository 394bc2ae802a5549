"""The output directory is written whole or not at all, and only a directory tagtext
errata wrote (or an empty one) is ever replaced."""

from __future__ import annotations

import os
import stat

import pytest

from tagtext.errata import write_errata
from tagtext.errata.publish import MARKER, OutputError, publish_dir


def _siblings(path):
    return sorted(p.name for p in path.parent.iterdir())


def test_a_new_directory_appears_with_the_files_and_the_marker(tmp_path):
    out = tmp_path / "deep" / "site"
    value = publish_dir(out, lambda d: (d / "index.html").write_text("new") and "built")
    assert value == "built"
    assert sorted(os.listdir(out)) == sorted([MARKER, "index.html"])
    assert _siblings(out) == ["site"]  # no temporary directory left behind
    mode = stat.S_IMODE(out.stat().st_mode)
    assert mode & 0o055 == 0o055 & ~_umask()  # group/others may read it (a web server can serve it)


def _umask():
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_a_failed_build_leaves_the_previous_site_untouched_and_no_temporary_files(tmp_path):
    out = tmp_path / "site"
    publish_dir(out, lambda d: (d / "index.html").write_text("old"))

    def failing(d):
        (d / "index.html").write_text("half")
        raise RuntimeError("template exploded")

    with pytest.raises(RuntimeError, match="template exploded"):
        publish_dir(out, failing)
    assert (out / "index.html").read_text() == "old"
    assert _siblings(out) == ["site"]


def test_an_interrupted_build_also_leaves_nothing_behind(tmp_path):
    out = tmp_path / "site"

    def interrupted(d):
        (d / "index.html").write_text("half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        publish_dir(out, interrupted)
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_a_successful_build_replaces_the_previous_one_whole(tmp_path):
    out = tmp_path / "site"
    publish_dir(out, lambda d: [(d / "old.html").write_text("old"), (d / "index.html").write_text("old")])
    publish_dir(out, lambda d: (d / "index.html").write_text("new"))
    assert sorted(os.listdir(out)) == sorted([MARKER, "index.html"])  # old.html is gone
    assert (out / "index.html").read_text() == "new"
    assert _siblings(out) == ["site"]


def test_an_empty_existing_directory_is_used(tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    publish_dir(out, lambda d: (d / "index.html").write_text("new"))
    assert (out / "index.html").read_text() == "new"


def test_a_directory_tagtext_did_not_write_is_never_replaced(tmp_path):
    out = tmp_path / "home"
    out.mkdir()
    (out / "thesis.tex").write_text("precious")
    called = []
    with pytest.raises(OutputError, match="not written by tagtext errata"):
        publish_dir(out, lambda d: called.append(d))
    assert called == []  # refused before building anything
    assert os.listdir(out) == ["thesis.tex"]
    assert _siblings(out) == ["home"]


def test_a_file_in_the_way_is_an_error(tmp_path):
    out = tmp_path / "site"
    out.write_text("a file")
    with pytest.raises(OutputError, match="not a directory"):
        publish_dir(out, lambda d: None)
    assert out.read_text() == "a file"


def test_a_site_build_that_fails_while_rendering_keeps_the_old_site(tmp_path, crafted, monkeypatch):
    out = tmp_path / "site"
    model = crafted.model()
    write_errata(model, out)
    before = {p: (out / p).read_bytes() for p in ("index.html", "rules.html")}

    from tagtext.errata import site

    def broken(errata, dest):
        (dest / "index.html").write_text("partial")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(site, "write_site", broken)
    with pytest.raises(OutputError, match=f"^{out}: cannot write \\(No space left on device\\)$"):
        write_errata(model, out)   # a write error names DIR (the OS names no file)
    assert {p: (out / p).read_bytes() for p in before} == before
    assert _siblings(out) == ["site"]


def test_a_relative_target_is_built_beside_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    publish_dir("site", lambda d: (d / "index.html").write_text("new"))
    publish_dir("site/", lambda d: (d / "index.html").write_text("newer"))
    assert (tmp_path / "site" / "index.html").read_text() == "newer"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]
