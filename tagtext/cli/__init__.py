"""The ``tagtext`` command (:mod:`tagtext.cli.main`); :func:`run` is its entry point."""

from __future__ import annotations

import gc
import sys


def run() -> None:
    """The ``tagtext`` script: :func:`tagtext.cli.main.main`, with a Ctrl-C that arrives
    while the command is still being imported (click, the packs) ending as one arriving
    later does: one line, exit 130, no Python traceback.

    The command runs with the cyclic garbage collector off (issue 22). A command's objects
    live until it ends and hold no cycles worth finding (syntax trees, results, records):
    the collector only scanned them, again and again as they grew (while the command, the
    pack and the database loaded, after a conversion, and over every object at exit), 2-5%
    of a short command. Their memory goes back to the system with the process. The one
    path whose input has no bound, converting JSON lines card by card
    (:mod:`tagtext.streaming`), turns it back on, so its memory stays flat.
    """
    gc.disable()
    try:
        from .main import main
    except KeyboardInterrupt:
        try:
            sys.stderr.write("tagtext: error: interrupted\n")
        except (AttributeError, OSError, ValueError):
            pass
        sys.exit(130)
    main()
