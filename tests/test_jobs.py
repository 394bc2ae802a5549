"""--jobs: a database rewritten in several processes gives the same output, byte for byte,
as in one (issue 22); a small one, or a busy machine, gets one process."""

from __future__ import annotations

import io
import os

import pytest
from click.testing import CliRunner

from tagtext import batch, packs
from tagtext.cli.main import cli
from tagtext.convert import write


@pytest.mark.parametrize("name", packs.names())
def test_two_jobs_write_what_one_writes(name):
    pack = packs.get(name)
    database = pack.load_database(None)
    outputs = []
    for jobs in (1, 2, 3):
        out = io.StringIO()
        write(batch.convert_database(database, pack, jobs=jobs), out, "json")
        outputs.append(out.getvalue())
    assert outputs[1] == outputs[0]
    assert outputs[2] == outputs[0]


def test_the_commands_take_jobs(tmp_path):
    runner = CliRunner()
    one = runner.invoke(cli, ["-q", "convert", "--jobs", "1", "-o", str(tmp_path / "one.jsonl")])
    two = runner.invoke(cli, ["-q", "convert", "-j", "2", "-o", str(tmp_path / "two.jsonl")])
    assert one.exit_code == two.exit_code == 0, (one.output, two.output)
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    # diff rewrites a database side's cards ahead, in the jobs asked for: the same report
    shipped = tmp_path / "shipped.json"
    shipped.write_bytes(packs.get().shipped_database())
    reports = [runner.invoke(cli, ["diff", str(tmp_path / "one.jsonl"), str(shipped), "--jobs", jobs, "--json"]).output
               for jobs in ("1", "2")]
    assert reports[0] == reports[1]
    assert runner.invoke(cli, ["convert", "--jobs", "0"]).exit_code == 2  # a usage error


def test_a_small_batch_or_a_busy_machine_gets_one_job(monkeypatch):
    pack = packs.get()
    cards = pack.load_database(None).cards[:50]  # far below PARALLEL_MIN_CHARS of text

    def no_fork(*args, **kwargs):
        raise AssertionError("no worker should be started")

    monkeypatch.setattr(batch, "_convert_in_processes", no_fork)
    assert len(batch.convert_cards(cards, pack, jobs=4)) == 50
    monkeypatch.setattr(batch.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(batch.os, "getloadavg", lambda: (1.8, 1.0, 1.0))
    assert batch.default_jobs() == 1   # another process keeps the second core busy
    monkeypatch.setattr(batch.os, "getloadavg", lambda: (0.2, 1.0, 1.0))
    assert batch.default_jobs() == 2


def test_runs_hold_about_as_much_text_each():
    pack = packs.get()
    cards = pack.load_database(None).cards
    bounds = batch._runs(cards, 3)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(cards)
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:]))
    sizes = [sum(len(t) for c in cards[s:e] for t in c.texts.values()) for s, e in bounds]
    assert len(bounds) == 3 and max(sizes) < 1.1 * min(sizes)


def test_the_processes_take_the_pieces_in_turn_each_piece_once():
    """The work is handed out a piece at a time (one byte per piece in a pipe): two takers
    (here in one process, taking in turn) each get pieces, no piece twice, every piece once."""
    pack = packs.get()
    cards = pack.load_database(None).cards[:240]
    pieces = batch._runs(cards, 12)
    tickets = batch._Tickets(len(pieces))
    try:
        one, two = tickets.take(), tickets.take()
        got: dict[str, list[int]] = {"one": [], "two": []}
        for name, taker in [("one", one), ("two", two)] * len(pieces):
            k = next(taker, None)
            if k is not None:
                got[name].append(k)
    finally:
        tickets.close()
    assert got["one"] and got["two"] and not set(got["one"]) & set(got["two"])
    assert sorted(got["one"] + got["two"]) == list(range(len(pieces)))
    with pytest.raises(ValueError):
        batch._Tickets(batch.MAX_PIECES + 1)


def _same(got, want):
    assert [(c.card, c.results, c.problems, c.errors) for c in got] == \
           [(c.card, c.results, c.problems, c.errors) for c in want]


@pytest.mark.parametrize("broken", ["fork", "pipe"])
def test_where_no_process_can_be_forked_this_one_does_it_all(monkeypatch, broken):
    """No process can be forked (a process limit) or no pipe made (no file descriptors
    left): the batch is rewritten in this process, with the same results, not failed."""
    pack = packs.get()
    cards = pack.load_database(None).cards[:300]
    want = batch._convert_run(cards, pack)

    def refuse(*args, **kwargs):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(batch.os, broken, refuse)
    _same(batch._convert_in_processes(cards, pack, None, 2), want)


@pytest.mark.parametrize("after", [0, 1])
def test_the_pieces_of_a_worker_that_dies_are_rewritten_here(monkeypatch, after):
    """A worker that dies (killed, out of memory) before sending its results, having taken
    no piece or one: its pieces are rewritten by this process and the batch is whole."""
    pack = packs.get()
    cards = pack.load_database(None).cards[:400]
    want = batch._convert_run(cards, pack)

    def dies(cards, pack, pieces, tickets):
        taken = tickets.take()
        for _ in range(after):
            next(taken, None)
        os._exit(9)

    monkeypatch.setattr(batch, "_worker_results", dies)
    progress = []
    got = batch._convert_in_processes(cards, pack, progress.append, 3)
    _same(got, want)
    assert sum(progress) == len(cards)


def test_jobs_are_at_most_twice_the_cores(monkeypatch):
    """--jobs 99999999999999999999 forked until the system had no process left."""
    cards = packs.get().load_database(None).cards  # above PARALLEL_MIN_CHARS of text
    monkeypatch.setattr(batch.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(batch, "_can_fork", lambda: True)
    assert batch.jobs_for(cards, 10**20) == 4
    assert batch.jobs_for(cards, 3) == 3


def test_an_interrupt_while_collecting_a_worker_stays_an_interrupt(monkeypatch):
    """Ctrl-C or SIGTERM while this process reads a worker's results: the interrupt goes
    on up (exit 130/143), not "Bad file descriptor" from closing the pipe twice."""
    read, write = os.pipe()
    worker = object.__new__(batch._Worker)
    worker._read, worker.pid = read, None

    class Interrupted(io.FileIO):
        def read(self, *args):
            raise KeyboardInterrupt

    monkeypatch.setattr(batch, "open", lambda fd, mode: Interrupted(fd, "rb"), raising=False)
    try:
        with pytest.raises(KeyboardInterrupt):
            try:
                worker.collect()
            finally:
                worker.stop()
    finally:
        os.close(write)
