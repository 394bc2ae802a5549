"""Every bench script runs as the README says: from the repository root, with the venv's
Python, against the installed tagtext (never the source tree shadowing it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: the scripts (a module whose name starts with "_" is a helper they share, not a script)
SCRIPTS = sorted(p.name for p in (ROOT / "bench").glob("*.py") if not p.name.startswith("_"))


@pytest.mark.parametrize("script", SCRIPTS)
def test_bench_script_starts_from_the_repository_root(script):
    proc = subprocess.run([sys.executable, f"bench/{script}", "--help"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "usage:" in proc.stdout


def test_child_processes_import_the_installed_package_not_the_source_tree():
    """`python -c` would put the current directory (the repository root) first on sys.path;
    the bench's in-line children run with -P so they import what is installed."""
    source = (ROOT / "bench" / "convert_corpus.py").read_text(encoding="utf-8")
    assert '"-c"' not in source or '"-P", "-c"' in source
    found = subprocess.run([sys.executable, "-P", "-c", "import tagtext; print(tagtext.__file__)"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.strip()
    installed = subprocess.run([sys.executable, "-c", "import tagtext; print(tagtext.__file__)"], cwd="/",
                               capture_output=True, text=True, check=True).stdout.strip()
    assert found == installed


def test_parse_bench_runs(tmp_path):
    proc = subprocess.run([sys.executable, "bench/parse_corpus.py", "--repeat", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "texts/s" in proc.stdout
