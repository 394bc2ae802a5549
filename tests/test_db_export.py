"""`tagtext db export`: the shipped database written out, as every command reads it."""

from __future__ import annotations

import gzip

import pytest
from click.testing import CliRunner

from tagtext import packs
from tagtext.cli.main import cli


@pytest.mark.parametrize("name", packs.names())
def test_export_writes_the_database_the_pack_reads(name, tmp_path):
    pack = packs.get(name)
    out = tmp_path / pack.shipped_name
    result = CliRunner().invoke(cli, ["db", "export", "--pack", name, "-o", str(out)])
    assert result.exit_code == 0, result.output
    shipped = pack.load_database(None)
    exported = pack.load_database(str(out))
    # every card, and a real table (the smallest shipped one, bd-tag's example list, has 240)
    assert len(exported.cards) == len(shipped.cards) >= 240
    assert [(c.id, c.texts) for c in exported.cards] == [(c.id, c.texts) for c in shipped.cards]
    assert result.stderr == (f"tagtext: wrote the shipped {pack.shipped_name} ({len(shipped.cards)} cards of the "
                             f"{pack.game}) to {out}\n")


def test_export_to_stdout_and_gzip_give_the_same_bytes(tmp_path):
    runner = CliRunner()
    plain = tmp_path / "DigimonCards.json"
    zipped = tmp_path / "DigimonCards.json.gz"
    assert runner.invoke(cli, ["db", "export", "-o", str(plain)]).exit_code == 0
    assert runner.invoke(cli, ["db", "export", "-o", str(zipped)]).exit_code == 0
    stdout = runner.invoke(cli, ["db", "export", "-o", "-"])
    bare = runner.invoke(cli, ["-q", "db", "export"])
    assert stdout.exit_code == bare.exit_code == 0
    assert stdout.stdout_bytes == bare.stdout_bytes == plain.read_bytes() == gzip.decompress(zipped.read_bytes())
    assert bare.stderr == ""
    # deterministic gzip: no name or time in the header
    again = tmp_path / "again.json.gz"
    assert runner.invoke(cli, ["db", "export", "-o", str(again)]).exit_code == 0
    assert again.read_bytes() == zipped.read_bytes()


def test_export_into_a_directory_is_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["db", "export", "-o", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == f"tagtext: error: {tmp_path}: is a directory; give a file name to write\n"


def test_a_release_day_diff_against_the_export_is_empty(tmp_path):
    previous = tmp_path / "DigimonCards-previous.json"
    runner = CliRunner()
    assert runner.invoke(cli, ["db", "export", "-o", str(previous)]).exit_code == 0
    result = runner.invoke(cli, ["diff", str(previous), str(previous), "--exit-code"])
    assert result.exit_code == 0, result.output
