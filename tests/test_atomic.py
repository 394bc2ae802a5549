"""tagtext.atomic: a file is replaced whole or not at all, and no temporary file stays."""

from __future__ import annotations

import os
import stat

import pytest

from tagtext.atomic import atomic_write, write_bytes, write_text


def listing(directory) -> list[str]:
    return sorted(os.listdir(directory))


def test_writes_a_new_file(tmp_path):
    target = tmp_path / "out.txt"
    with atomic_write(target) as f:
        f.write("héllo\n")
    assert target.read_bytes() == "héllo\n".encode("utf-8")
    assert listing(tmp_path) == ["out.txt"]


def test_replaces_an_existing_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    write_text(target, "new")
    assert target.read_text() == "new"
    assert listing(tmp_path) == ["out.txt"]


def test_nothing_is_visible_until_the_block_ends(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with atomic_write(target) as f:
        f.write("new")
        f.flush()
        assert target.read_text() == "old"
        # the temporary file is beside the target, hidden, and is the only other file
        others = [name for name in listing(tmp_path) if name != "out.txt"]
        assert len(others) == 1 and others[0].startswith(".out.txt.")
    assert target.read_text() == "new"


@pytest.mark.parametrize("exc", [RuntimeError("serializer broke"), KeyboardInterrupt()])
def test_an_exception_leaves_the_old_file_and_no_temporary(tmp_path, exc):
    target = tmp_path / "out.txt"
    target.write_text("previous output")
    with pytest.raises(type(exc)):
        with atomic_write(target) as f:
            f.write("half of the new")
            raise exc
    assert target.read_text() == "previous output"
    assert listing(tmp_path) == ["out.txt"]


def test_an_exception_before_any_previous_file_leaves_nothing(tmp_path):
    with pytest.raises(ValueError):
        with atomic_write(tmp_path / "out.txt") as f:
            f.write("x")
            raise ValueError
    assert listing(tmp_path) == []


def test_binary_mode(tmp_path):
    target = tmp_path / "out.bin"
    write_bytes(target, b"\x00\xff")
    assert target.read_bytes() == b"\x00\xff"


def test_write_text_keeps_line_ends_as_given(tmp_path):
    target = tmp_path / "out.csv"
    write_text(target, "a\r\nb\n")
    assert target.read_bytes() == b"a\r\nb\n"


def test_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    target.chmod(0o640)
    write_text(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_new_file_gets_the_umask_permissions_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        write_text(tmp_path / "out.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.txt").stat().st_mode) == 0o644


def test_missing_directory_names_the_target(tmp_path):
    target = tmp_path / "no-such-dir" / "out.txt"
    with pytest.raises(FileNotFoundError) as info:
        write_text(target, "x")
    assert info.value.filename == str(target)


def test_parent_is_a_file_names_the_target(tmp_path):
    (tmp_path / "file").write_text("")
    target = tmp_path / "file" / "out.txt"
    with pytest.raises(NotADirectoryError) as info:
        write_text(target, "x")
    assert info.value.filename == str(target)


def test_target_is_a_directory_leaves_no_temporary(tmp_path):
    (tmp_path / "out").mkdir()
    with pytest.raises(IsADirectoryError) as info:
        write_text(tmp_path / "out", "x")
    assert info.value.filename == str(tmp_path / "out")
    assert listing(tmp_path) == ["out"]


def test_rejects_modes_other_than_write(tmp_path):
    with pytest.raises(ValueError):
        with atomic_write(tmp_path / "x", "a"):
            pass
