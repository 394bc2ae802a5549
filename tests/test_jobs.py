"""--jobs: a database rewritten in several processes gives the same output, byte for byte,
as in one (issue 22); a small one, or a busy machine, gets one process."""

from __future__ import annotations

import io

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


def test_the_processes_take_the_pieces_in_turn_each_piece_once(monkeypatch):
    """The work is handed out a piece at a time through one shared counter: two processes
    (here two takers in one process, taking in turn) each get pieces, no piece twice, and
    every piece once."""
    import multiprocessing
    pack = packs.get()
    cards = pack.load_database(None).cards[:240]
    pieces = batch._runs(cards, 12)
    taken = multiprocessing.get_context("fork").Value("i", 0)
    monkeypatch.setattr(batch, "_WORK", (cards, pack, pieces, taken))
    one, two = batch._rewrite_pieces({}), batch._rewrite_pieces({})
    got: dict[str, list[int]] = {"one": [], "two": []}
    results = {}
    for name, taker in [("one", one), ("two", two)] * len(pieces):
        k, rewritten = next(taker, (None, None))
        if k is not None:
            got[name].append(k)
            results[k] = rewritten
    assert got["one"] and got["two"] and not set(got["one"]) & set(got["two"])
    assert sorted(got["one"] + got["two"]) == list(range(len(pieces)))
    in_order = [r.card for k in range(len(pieces)) for r in results[k]]
    assert in_order == list(cards)


def test_where_processes_cannot_share_a_counter_one_process_does_it_all(monkeypatch):
    """A system without semaphores (a container with no /dev/shm) cannot run a pool: the
    batch is rewritten in this process, with the same results, rather than failing."""
    import multiprocessing
    pack = packs.get()
    cards = pack.load_database(None).cards[:300]
    context = multiprocessing.get_context("fork")

    def no_semaphores(*args, **kwargs):
        raise OSError(38, "Function not implemented")

    def no_pool(*args, **kwargs):
        raise AssertionError("no pool should be started")

    monkeypatch.setattr(type(context), "Value", no_semaphores)
    monkeypatch.setattr(type(context), "Pool", no_pool)
    got = batch._convert_in_processes(cards, pack, None, 2)
    want = batch._convert_run(cards, pack)
    assert [(c.card, c.results, c.errors) for c in got] == [(c.card, c.results, c.errors) for c in want]
