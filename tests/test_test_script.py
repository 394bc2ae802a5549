"""scripts/test.sh, the README's test line, run with stand-ins for id, sudo, apt-get,
python3 and the browser: it says what it installs before installing it, skips the browser
test visibly where it cannot install one, and fails where the browser test is required
(.ci/run) but cannot be had."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _shim(directory: Path, name: str, body: str) -> None:
    path = directory / name
    path.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    path.chmod(0o755)


@pytest.fixture
def sandbox(tmp_path):
    """A copy of the script in a checkout of its own, and a PATH of stand-ins only."""
    if not Path("/bin/sh").exists() or not shutil.which("bash"):
        pytest.skip("needs /bin/sh and bash")
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "test.sh", repo / "scripts" / "test.sh")
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for tool in ("dirname", "env", "mkdir", "chmod", "true"):
        (bin_ / tool).symlink_to(shutil.which(tool))
    _shim(bin_, "id", 'echo "$FAKE_UID"')
    _shim(bin_, "apt-get", 'echo "RAN apt-get $*" >&2')
    # python3 -m venv .venv-test: a venv whose pip and pytest say what they were asked
    _shim(bin_, "python3", 'mkdir -p .venv-test/bin\n'
          "printf '#!/bin/sh\\necho \"RAN pip $*\" >&2\\n' > .venv-test/bin/pip\n"
          "printf '#!/bin/sh\\necho \"RAN pytest $* require=$TAGTEXT_REQUIRE_BROWSER skip=$TAGTEXT_SKIP_BROWSER\" >&2\\n'"
          " > .venv-test/bin/pytest\n"
          "chmod +x .venv-test/bin/pip .venv-test/bin/pytest")

    def run(uid=1000, sudo=False, browser=False, **env):
        if sudo:
            _shim(bin_, "sudo", '[ "$1" = -n ] && shift\nexec "$@"')
        if browser:
            _shim(bin_, "chromium", "true")
            _shim(bin_, "chromedriver", "true")
        proc = subprocess.run([shutil.which("bash"), str(repo / "scripts" / "test.sh"), "-x"],
                              env={"PATH": str(bin_), "FAKE_UID": str(uid), "HOME": str(tmp_path), **env},
                              capture_output=True, text=True, timeout=60)
        return proc.returncode, proc.stderr.splitlines()
    return run


def _ran(lines):
    return [line.split(" require=")[0] if line.startswith("RAN pytest") else line
            for line in lines if line.startswith("RAN ")]


def test_where_no_browser_can_be_installed_the_browser_test_is_skipped_visibly(sandbox):
    code, lines = sandbox()
    assert code == 0
    assert any("SKIPPED" in line and "cannot be installed here (not root, no sudo" in line for line in lines)
    assert _ran(lines) == ["RAN pip install --quiet --upgrade pip", "RAN pip install --quiet .[test]",
                           "RAN pytest -q -x"]
    assert lines[-1].endswith("require= skip=1")
    # it said what it installs before installing it
    said = next(i for i, line in enumerate(lines) if "into .venv-test with pip" in line)
    assert said < next(i for i, line in enumerate(lines) if line.startswith("RAN pip"))


def test_ci_requires_the_browser_test(sandbox):
    code, lines = sandbox(TAGTEXT_REQUIRE_BROWSER="1")
    assert code == 1
    assert lines[0].startswith("scripts/test.sh: error: the browser test is required (TAGTEXT_REQUIRE_BROWSER)")
    assert _ran(lines) == []
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "TAGTEXT_REQUIRE_BROWSER=1 bash scripts/test.sh" in ci


@pytest.mark.parametrize("uid, sudo, how", [(0, False, "with apt-get"), (1000, True, "with sudo apt-get")])
def test_as_root_or_with_sudo_it_says_what_it_installs_then_installs_it(sandbox, uid, sudo, how):
    code, lines = sandbox(uid=uid, sudo=sudo)
    assert code == 0
    announce = next(i for i, line in enumerate(lines) if f"installing them now {how} (apt-get update" in line)
    assert "chromium chromium-driver" in " ".join(lines[announce:announce + 2])
    assert _ran(lines)[:2] == ["RAN apt-get update -qq", "RAN apt-get install -y -qq chromium chromium-driver"]
    assert announce < next(i for i, line in enumerate(lines) if line.startswith("RAN apt-get"))
    assert lines[-1].endswith("require=1 skip=")


def test_an_installed_browser_is_used_and_required(sandbox):
    code, lines = sandbox(browser=True)
    assert code == 0 and not [line for line in lines if "apt-get" in line]
    assert lines[-1].endswith("require=1 skip=")


def test_skip_browser_installs_nothing(sandbox):
    code, lines = sandbox(uid=0, TAGTEXT_SKIP_BROWSER="1")
    assert code == 0 and "TAGTEXT_SKIP_BROWSER is set" in lines[0]
    assert not [line for line in lines if line.startswith("RAN apt-get")]
    assert lines[-1].endswith("require= skip=1")
