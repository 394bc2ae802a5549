"""What the bench scripts share: running a command in a fresh process and measuring it
(wall time, CPU time, peak memory), interleaved rounds, medians, and the machine's load.

Not a bench script itself (the leading underscore: tests/test_bench.py runs only the
scripts).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: Children run as an installed tagtext does: with bytecode (pip compiles it at install
#: time; an editable install under PYTHONDONTWRITEBYTECODE would recompile every module
#: in every round).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Run:
    """One run of a command in a fresh process."""

    wall: float  # seconds from spawn to exit
    cpu: float   # user + system seconds (the process and the children it waited for)
    rss_mb: float  # peak resident memory of the process (or its largest waited-for child)
    timed_out: bool = False


class Failed(Exception):
    """A measured command exited with an error."""


def tagtext_script() -> Path:
    """The console script next to the running interpreter (the venv's ``tagtext``)."""
    script = Path(sys.executable).parent / "tagtext"
    if not script.exists():
        sys.exit(f"no tagtext script next to {sys.executable}: run this with the venv's python")
    return script


def python_c(code: str, *args: str) -> list[str]:
    """``python -P -c code args``: -P keeps the current directory (the repository root)
    off sys.path, so a child imports the installed tagtext, not the source tree."""
    return [sys.executable, "-P", "-c", code, *args]


#: The measuring parent: a small Python that starts the command and reports its wall
#: time and resource usage on stdout. Linux keeps a process's peak memory across fork and
#: exec, so a command started straight from this (large) bench process would report at
#: least the bench's own size as its peak; started from this small one, it reports its own.
_MEASURE = r"""
import json, os, sys, time
cmd, timeout, stdin = json.loads(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
null = os.open(os.devnull, os.O_RDWR)
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.dup2(os.open(stdin, os.O_RDONLY) if stdin else null, 0)
    os.dup2(null, 1)
    try:
        os.execvp(cmd[0], cmd)
    finally:
        os._exit(127)
deadline = start + timeout if timeout > 0 else None
timed_out = False
while True:
    got, status, usage = os.wait4(pid, os.WNOHANG if deadline else 0)
    if got:
        break
    if time.perf_counter() > deadline:
        os.kill(pid, 9)
        got, status, usage = os.wait4(pid, 0)
        timed_out = True
        break
    time.sleep(0.005)
wall = time.perf_counter() - start
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_kb": usage.ru_maxrss,
                  "status": os.waitstatus_to_exitcode(status), "timed_out": timed_out}))
"""


def run(command: list[str], stdin: bytes | None = None, timeout: float | None = None,
        codes: tuple[int, ...] = (0,)) -> Run:
    """Run ``command`` once in a fresh process and measure it (see ``_MEASURE``). Raises
    :class:`Failed` (with its stderr) when it exits non-zero; a run past ``timeout`` is
    killed and returned with ``timed_out``. ``codes``: the exit statuses that are no failure."""
    with tempfile.NamedTemporaryFile() as inp, tempfile.TemporaryFile() as err:
        if stdin is not None:
            inp.write(stdin)
            inp.flush()
        out = subprocess.run([sys.executable, "-I", "-S", "-c", _MEASURE, json.dumps(command),
                              str(timeout or 0), inp.name if stdin is not None else ""],
                             stdout=subprocess.PIPE, stderr=err, env=CHILD_ENV, check=False)
        try:
            measured = json.loads(out.stdout)
        except ValueError:
            measured = None
        if measured is None or (measured["status"] not in codes and not measured["timed_out"]):
            err.seek(0)
            raise Failed(f"{' '.join(command[:4])} ... exited "
                         f"{measured['status'] if measured else out.returncode}:\n"
                         f"{err.read().decode(errors='replace')[-2000:]}")
    return Run(measured["wall"], measured["cpu"], measured["rss_kb"] / 1024, measured["timed_out"])


def interleaved(commands: dict[str, list[str]], rounds: int, warmup: int = 1) -> dict[str, list[Run]]:
    """Each command once per round, in turn (the order rotating from round to round, so
    that none always follows the same one), after ``warmup`` untimed rounds (the page
    cache, bytecode). -> name -> its runs, one per round."""
    names = list(commands)
    for _ in range(warmup):
        for name in names:
            run(commands[name])
    runs: dict[str, list[Run]] = {name: [] for name in names}
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            runs[name].append(run(commands[name]))
    return runs


def median(runs: list[Run], what: str = "wall") -> float:
    return statistics.median(getattr(r, what) for r in runs)


def median_ratio(top: list[Run], bottom: list[Run], what: str = "wall") -> float:
    """The median over rounds of top's time / bottom's time in the same round (a slow
    moment of the machine slows both sides of a pair); ``what``: "wall" or "cpu"."""
    return statistics.median(getattr(t, what) / getattr(b, what) for t, b in zip(top, bottom))


def peak(runs: list[Run]) -> float:
    return max(r.rss_mb for r in runs)


def load_line() -> str:
    """The machine's load, for the record: cores usable, and the load averages."""
    one, five, fifteen = os.getloadavg()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cores} cores; load average {one:.2f} {five:.2f} {fifteen:.2f} (1, 5, 15 min)"
