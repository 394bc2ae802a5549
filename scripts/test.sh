#!/usr/bin/env bash
# Install what the tests need and run them. Used by .ci/run and by the README's second line.
# Tests run against the package as `pip install .` installs it (in .venv-test), not against
# the source tree, so packaging mistakes (grammar, rulings, templates not shipped) fail here.
#
# The errata site's browser test (tests/errata/test_browser.py) drives Debian's chromium
# through chromedriver. When they are missing, this script says so and installs them with
# apt-get, as root or with sudo (no password prompt). Where it cannot (not root, no sudo,
# no apt-get), it says so and the browser test is skipped, visibly, unless the browser test
# is required: TAGTEXT_REQUIRE_BROWSER=1 (CI sets it, .ci/run) makes that an error.
# TAGTEXT_SKIP_BROWSER=1 skips the browser test without installing anything.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "scripts/test.sh: $*" >&2; }

have_browser() { command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; }

if [ -n "${TAGTEXT_SKIP_BROWSER:-}" ]; then
    say "TAGTEXT_SKIP_BROWSER is set: the browser test (tests/errata/test_browser.py) is SKIPPED"
elif have_browser; then
    export TAGTEXT_REQUIRE_BROWSER=1
else
    sudo=none
    if [ "$(id -u)" -eq 0 ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo="sudo -n"
    fi
    if [ "$sudo" != none ] && command -v apt-get >/dev/null 2>&1; then
        say "the browser test needs Debian's chromium and chromium-driver, which are not installed:"
        say "installing them now with ${sudo:+sudo }apt-get (apt-get update, then apt-get install chromium" \
            "chromium-driver: about 120 packages, some 400 MB); TAGTEXT_SKIP_BROWSER=1 skips this and that test"
        $sudo apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
        export TAGTEXT_REQUIRE_BROWSER=1
    elif [ -n "${TAGTEXT_REQUIRE_BROWSER:-}" ]; then
        say "error: the browser test is required (TAGTEXT_REQUIRE_BROWSER) but Debian's chromium and" \
            "chromium-driver are not installed and cannot be installed here (not root, no sudo" \
            "without a password, or no apt-get)"
        exit 1
    else
        say "the browser test (tests/errata/test_browser.py) is SKIPPED: it needs Debian's chromium and" \
            "chromium-driver, which are not installed and cannot be installed here (not root, no sudo" \
            "without a password, or no apt-get); install them (apt-get install chromium chromium-driver)" \
            "to run it"
        export TAGTEXT_SKIP_BROWSER=1
    fi
fi

say "installing tagtext from this checkout, with its test dependencies (pytest, syrupy, hypothesis," \
    "jsonschema, selenium), into .venv-test with pip"
python3 -m venv .venv-test
.venv-test/bin/pip install --quiet --upgrade pip
.venv-test/bin/pip install --quiet ".[test]"

# The pytest script, not `python -m pytest`: the latter would import ./tagtext first.
.venv-test/bin/pytest -q "$@"
