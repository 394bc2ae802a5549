"""The ``tagtext`` command (:mod:`tagtext.cli.main`); :func:`run` is its entry point."""

from __future__ import annotations

import sys


def run() -> None:
    """The ``tagtext`` script: :func:`tagtext.cli.main.main`, with a Ctrl-C that arrives
    while the command is still being imported (click, the packs) ending as one arriving
    later does: one line, exit 130, no Python traceback."""
    try:
        from .main import main
    except KeyboardInterrupt:
        try:
            sys.stderr.write("tagtext: error: interrupted\n")
        except (AttributeError, OSError, ValueError):
            pass
        sys.exit(130)
    main()
