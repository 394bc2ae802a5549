"""Benchmark: the real ``tagtext convert -o OUT`` on a card database, one process per round.

    .venv/bin/python bench/convert_corpus.py [DB] [--rounds N] [--format json|jsonl|csv|md]

Each round starts the venv's ``tagtext`` console script (cold start, imports, grammar,
loading, rewriting, serialising, writing) pinned to one CPU core, and times it from spawn
to exit. Prints the best, median and first round's wall time, the best round's CPU time
(user + system: steadier than wall time on a shared machine) and the child's peak memory
(ru_maxrss). The target is on the best wall time.

A second series runs the same command with the default pack's ``rewrite`` replaced by a no-op
(the text unchanged): that is everything but the compiler (start-up, loading the
database, serialising and writing the output), so the difference is the parse+rewrite
cost. Targets: under 2 s, under 300 MB.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_SECONDS = 2.0

#: Children run as an installed tagtext does: with bytecode. (pip compiles it at install
#: time; an editable install under PYTHONDONTWRITEBYTECODE would recompile every module
#: in every round.)
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
TARGET_MB = 300

#: The no-op variant: the same CLI, with a rewrite that changes nothing.
NOOP = """\
import sys
from tagtext import packs
from tagtext.result import RewriteResult
type(packs.get()).rewrite = (
    lambda self, text, card_id=None, field=None, source=None: RewriteResult(text, text, card_id=card_id))
from tagtext.cli.main import main
sys.argv = ["tagtext", *sys.argv[1:]]
main()
"""


def tagtext_script() -> Path:
    """The console script next to the running interpreter (the venv's ``tagtext``)."""
    script = Path(sys.executable).parent / "tagtext"
    if not script.exists():
        sys.exit(f"no tagtext script next to {sys.executable}: run this with the venv's python")
    return script


def one_core() -> None:
    """Pin the child to one CPU (the first the parent may use), where the OS allows it."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def run(command: list[str]) -> tuple[float, float, float]:
    """Run ``command`` once: (seconds from spawn to exit, CPU seconds (user + system), the
    child's peak RSS in MB)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err, preexec_fn=one_core,
                                 env=CHILD_ENV)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            sys.exit(f"{' '.join(command[:3])} ... exited {child.returncode}:\n{err.read().decode(errors='replace')}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # ru_maxrss: KB on Linux


def series(label: str, command: list[str], rounds: int) -> float:
    results = [run(command) for _ in range(rounds)]
    times = sorted(t for t, _, _ in results)
    cpu = min(c for _, c, _ in results)
    peak = max(mb for _, _, mb in results)
    print(f"{label:15} best {times[0]:5.2f} s   median {times[len(times) // 2]:5.2f} s   first {results[0][0]:5.2f} s"
          f"   best CPU {cpu:5.2f} s   peak memory {peak:4.0f} MB")
    return times[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db", nargs="?", help="card database (default: the one tagtext ships)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--format", default="json", choices=("json", "jsonl", "csv", "md"))
    args = ap.parse_args()

    script = tagtext_script()
    with tempfile.TemporaryDirectory() as tmp:
        out = str(Path(tmp) / f"out.{args.format}")
        argv = ["convert", *([args.db] if args.db else []), "-o", out, "--format", args.format]
        print(f"tagtext convert {args.db or '(shipped database)'} -o OUT --format {args.format}: "
              f"{args.rounds} rounds, one process each, one core")
        real = series("real rewrite:", [str(script), *argv], args.rounds)
        size = Path(out).stat().st_size
        # -P: the current directory is not put on sys.path, so run from the repository root
        # the child imports the installed tagtext, as the console script does, not the
        # source tree beside it.
        noop = series("no-op rewrite:", [sys.executable, "-P", "-c", NOOP, *argv], args.rounds)
    peak_all = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    share = real - noop
    print(f"output:         {size / 1e6:.1f} MB")
    print(f"parse+rewrite:  {share:5.2f} s of {real:.2f} s ({share / real:.0%}); the rest, {noop:.2f} s, is "
          f"start-up, loading, serialising and writing")
    print(f"peak memory of any child: {peak_all:.0f} MB")
    ok = real < TARGET_SECONDS and peak_all < TARGET_MB
    print(f"target (< {TARGET_SECONDS:.0f} s, < {TARGET_MB} MB): {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
