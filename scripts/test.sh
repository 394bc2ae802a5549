#!/usr/bin/env bash
# Install what the tests need and run them. Used by .ci/run and by the README's second line.
# Tests run against the package as `pip install .` installs it (in .venv-test), not against
# the source tree, so packaging mistakes (grammar, rulings, templates not shipped) fail here.
set -euo pipefail
cd "$(dirname "$0")/.."

# The errata site's browser test (tests/errata/test_browser.py) drives Debian's Chromium
# through chromedriver: install them when missing, as root or with sudo (no password
# prompt). TAGTEXT_REQUIRE_BROWSER makes that test fail rather than skip without them;
# TAGTEXT_SKIP_BROWSER=1 skips installing them and lets the test skip.
if [ -z "${TAGTEXT_SKIP_BROWSER:-}" ]; then
    if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
        if [ "$(id -u)" -eq 0 ]; then
            sudo=""
        elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo="sudo -n"
        else
            echo "scripts/test.sh: the browser test needs Debian's chromium and chromium-driver, and" \
                 "they cannot be installed here (not root, no sudo); install them, or set" \
                 "TAGTEXT_SKIP_BROWSER=1 to skip that test" >&2
            exit 1
        fi
        $sudo apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    fi
    export TAGTEXT_REQUIRE_BROWSER=1
fi

python3 -m venv .venv-test
.venv-test/bin/pip install --quiet --upgrade pip
.venv-test/bin/pip install --quiet ".[test]"

# The pytest script, not `python -m pytest`: the latter would import ./tagtext first.
.venv-test/bin/pytest -q "$@"
