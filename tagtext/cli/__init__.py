"""The ``tagtext`` command (:mod:`tagtext.cli.main`); :func:`run` is its entry point."""

from __future__ import annotations

import gc
import sys


def run() -> None:
    """The ``tagtext`` script: :func:`tagtext.cli.main.main`, with a Ctrl-C that arrives
    while the command is still being imported (click, the packs) ending as one arriving
    later does: one line, exit 130, no Python traceback.

    Once the command is done the process ends, without the cyclic garbage collector's
    pass over every object at exit: the memory of what it would find goes back to the system
    with the process (every file tagtext writes is closed by then). That pass was 2% of a
    short ``tagtext rewrite``."""
    try:
        from .main import main
    except KeyboardInterrupt:
        try:
            sys.stderr.write("tagtext: error: interrupted\n")
        except (AttributeError, OSError, ValueError):
            pass
        sys.exit(130)
    try:
        main()
    finally:
        gc.disable()
