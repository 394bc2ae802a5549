"""Helpers for the hostile-input tests: each test names the finding of the second attack
(`../shared/findings/attack-2026-11.md`, ids D1..I3) it holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tagtext.cli.main import cli

#: the installed script, as users run it (a fresh process: real stdin/stdout/signals)
TAGTEXT = Path(sys.executable).parent / "tagtext"
GOOD = {"id": "BT1-001", "name": "Yokomon", "effect": "[Main] If you have 3 or more security cards, <Draw 1>."}
#: one text each rule rewrites, on cards with different ids (a small database that converts fast)
CARDS = [{"id": f"BT1-{i:03d}", "name": "Agumon", "effect": f"[Main] If you have {i % 5 + 1} or more security "
          "cards, <Draw 1>. Both players draw 2 cards."} for i in range(1, 41)]


def run(*args, input=None, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input, env=env, catch_exceptions=False)


def script(*args, stdin=None, input=None, close=(), timeout=120, env=None) -> subprocess.CompletedProcess:
    """The installed script in a fresh process (text output); ``close``: file descriptors
    (0 stdin, 1 stdout) the process starts without, as a shell's ``<&-`` / ``>&-`` leaves them."""
    def closed():
        for fd in close:
            os.close(fd)
    return subprocess.run([str(TAGTEXT), *map(str, args)], input=input, stdin=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=closed if close else None,
                          timeout=timeout, env={**os.environ, **(env or {})})


def one_line(text: str, *needles: str) -> str:
    """``text`` is one line (no traceback) holding each of ``needles``."""
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def write_json(path: Path, value) -> Path:
    path.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.fixture
def db(tmp_path) -> Path:
    return write_json(tmp_path / "cards.json", CARDS)


def root_only():
    return pytest.mark.skipif(os.geteuid() != 0, reason="needs root (another user's file or link)")
