#!/usr/bin/env bash
# Install what the tests need and run them. Used by .ci/run and by the README's second line.
# Tests run against the package as `pip install .` installs it (in .venv-test), not against
# the source tree, so packaging mistakes (grammar, rulings, templates not shipped) fail here.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv-test
.venv-test/bin/pip install --quiet --upgrade pip
.venv-test/bin/pip install --quiet ".[test]"

# The pytest script, not `python -m pytest`: the latter would import ./tagtext first.
.venv-test/bin/pytest -q "$@"
