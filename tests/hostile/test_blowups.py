"""Hostile input costs time and memory in proportion to its size (findings H1-H4, H7-H11).

Growth is asserted within one run, never against absolute seconds: the same work at n and
at 8n, each the best of three, must take well under the 64 times a quadratic cost would
(the bound, 24, leaves room for a loaded machine). The quadratic rewriting of constructed
card text (H5, H6) is issue 22's, with its per-KB benchmark.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import time
import tracemalloc
import zlib

import pytest

from tagtext import reading
from tagtext.deck import DeckFileError

from .conftest import TAGTEXT, one_line, run, write_json

LINEAR_BOUND = 24  # 8x the input: linear ~8, quadratic ~64


def best_of(work, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def growth(work_for_size, n: int) -> float:
    """How many times longer the work takes at 8n than at n."""
    work_for_size(n)  # warm up (imports, caches)
    return best_of(lambda: work_for_size(8 * n)) / max(best_of(lambda: work_for_size(n)), 1e-4)


def _raises(error, work):
    def run_it():
        with pytest.raises(error):
            work()
    return run_it


# ----------------------------------------------------------------------------- decks

def test_tts_deck_line_numbers_are_linear():
    """H1: each entry's line is counted on from the one before, not from the start."""
    from tagtext.packs.tag_tamer.deck import parse_deck

    def parse(n):
        parse_deck("[" + ",\n".join(['"BT1-010"'] * n) + "]")
    assert growth(parse, 20000) < LINEAR_BOUND


def test_many_distinct_cards_are_checked_in_linear_time():
    """H2: a deck's copies and first lines are tallied once, not once per card the rules
    ask about (the unknown-card rule asks about every card)."""
    from tagtext.packs.tag_tamer.deck import check_team, parse_deck
    from tagtext.packs.tag_tamer import carddb
    database = carddb.load_shipped()

    def check(n):
        deck = parse_deck("\n".join(f"ZZ{i}-{i:03d} X 1" for i in range(n)))
        assert not check_team([deck], database).legal
    assert growth(check, 1000) < LINEAR_BOUND


def test_many_distinct_names_are_checked_in_linear_time():
    """H2, ygo-tag: a text list of many names no card has (each looked up by name)."""
    from tagtext.packs.ygo_tag.deck import check_team, load_database, parse_deck
    database = load_database()

    def check(n):
        deck = parse_deck("\n".join(f"1 Name{i}" for i in range(n)))
        assert not check_team([deck], database).legal
    assert growth(check, 1000) < LINEAR_BOUND


@pytest.mark.parametrize("pack, line", [
    ("tag-tamer", "1 a{spaces}b"),                # H3: the Untap pattern
    ("ygo-tag", "Main{spaces}deck z"),            # H4: the heading pattern
    ("ygo-tag", "Monster{spaces}cards z"),        # H4: the sub-heading pattern
])
def test_deck_line_patterns_do_not_backtrack_over_spaces(pack, line):
    """H3, H4: a line's runs of spaces are one space before any pattern reads it."""
    from tagtext.deck import deck_rules_of
    parse_deck = deck_rules_of(pack).parse_deck

    def parse(n):
        with pytest.raises(DeckFileError):
            parse_deck(line.format(spaces=" " * n))
    assert growth(parse, 8000) < LINEAR_BOUND


# ----------------------------------------------------------------------------- gzip bombs, endless input

def test_gzip_expands_streaming_and_stops_at_its_limit():
    """H7: 64 MiB of zeros in a 64 KB gzip file, with a 1 MiB limit: refused after about
    the limit was expanded, never the whole of it (memory stays near the limit)."""
    data = gzip.compress(b"\0" * (64 << 20))
    tracemalloc.start()
    try:
        with pytest.raises(reading.InputError, match="expands to more than 1 MiB"):
            reading.gunzip(data, 1 << 20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20
    assert reading.gunzip(gzip.compress(b"[]") + gzip.compress(b" ")) == b"[] "  # members, as gzip writes them


def test_a_gzip_bomb_is_refused_in_one_line(tmp_path):
    """H7: a gzip file expanding to more than 100 times its size (and past the 64 MiB any
    card data may take) is no card database: every reader refuses it in one line."""
    co = zlib.compressobj(9, zlib.DEFLATED, 31)
    bomb = tmp_path / "bomb.json.gz"
    with open(bomb, "wb") as f:
        for _ in range(96):
            f.write(co.compress(b" " * (1 << 20)))
        f.write(co.compress(b"[]") + co.flush())
    for args in (["convert", bomb], ["convert", "--pack", "ygo-tag", bomb], ["diff", bomb, bomb],
                 ["deck", "check", "tests/deck/fixtures/red-a.txt", "--db", bomb]):
        result = run(*args)
        assert result.exit_code in (1, 2)
        one_line(result.stderr, "bomb.json.gz: gzip data that expands to more than 64 MiB")


def test_an_errata_marker_that_is_no_file_is_refused_at_once(tmp_path):
    """H11: a FIFO or a link to /dev/zero in the marker's place never hangs or exhausts
    the memory: DIR is refused as one errata did not write."""
    fifo_dir, link_dir = tmp_path / "k", tmp_path / "k2"
    fifo_dir.mkdir()
    link_dir.mkdir()
    os.mkfifo(fifo_dir / ".tagtext-errata")
    (link_dir / ".tagtext-errata").symlink_to("/dev/zero")
    for site in (fifo_dir, link_dir):
        proc = subprocess.run([str(TAGTEXT), "errata", "-o", str(site)], capture_output=True, timeout=60)
        assert proc.returncode == 1
        one_line(proc.stderr.decode(), f"{site}: its .tagtext-errata is not a file tagtext errata writes")


# ----------------------------------------------------------------------------- wiki file names

def _name_checks(monkeypatch, name_them) -> int:
    """How many candidate file names ``name_them()`` looks at (an operation count, which a
    loaded machine cannot blur)."""
    from tagtext.errata.model import FileNames
    checks = 0
    free = FileNames.free

    def counted(self, name):
        nonlocal checks
        checks += 1
        return free(self, name)

    monkeypatch.setattr(FileNames, "free", counted)
    name_them()
    return checks


def test_wiki_set_file_names_are_linear(monkeypatch):
    """H9: a thousand set codes that all make the same file name stem ("-": CJK codes)
    count on from where the stem stopped, not from 2 each time: the names looked at grow
    as the codes do (a search from 2 would look at n²/2 of them)."""
    from tagtext.errata.wiki import set_filenames

    def looked_at(n):
        codes = [chr(0x4E00 + i) for i in range(n)]
        return _name_checks(monkeypatch, lambda: len(set(set_filenames(codes).values())) == n)
    assert looked_at(16000) <= 8 * looked_at(2000) + 8


def test_site_page_names_are_linear(monkeypatch):
    """H9, the split site's pages: named by the same counter (tagtext.errata.model.FileNames)."""
    from tagtext.errata.model import FileNames

    def looked_at(n):
        files = FileNames(["index.html"])
        return _name_checks(monkeypatch, lambda: [files.take("cards-other", ".html") for _ in range(n)])
    assert looked_at(16000) <= 8 * looked_at(2000) + 8


def test_many_skipped_entries_cost_little(tmp_path):
    """H10: a skipped entry's problem is a slotted object (no per-object dict) and JSON
    entries are named as they are read, not all at once."""
    from tagtext.carddb import Problem
    assert not hasattr(Problem("x", "y"), "__dict__")
    db = tmp_path / "e.json"
    db.write_text("[" + ",".join(["{}"] * 20000) + "," + '{"id":"BT1-001","effect":"Draw 1."}' + "]")
    result = run("convert", db, "--allow-empty")
    assert result.exit_code == 1
    assert "and 19997 more like these (entries with no card id; 20000 in all)" in result.stderr
