"""The grammar over the whole real corpus: parses, prints back, and types what matters."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

from tagtext.packs.tag_tamer import coverage
from tagtext.packs.tag_tamer.syntax.parser import parse


def test_the_corpus_is_whole(corpus_texts):
    """(Every text parses and prints back exactly, each leaf's span its text:
    tests/packs/test_every_pack.py, for every pack.)"""
    assert len(corpus_texts) == 6701  # 6,630 effect texts and 71 link requirements


def test_parses_in_threads_give_the_same_trees(corpus_texts):
    """Each parse keeps its text and token context to itself (the postlexer's state is per
    parse, not per process), so parses running at the same time do not mix."""
    texts = [text for _, _, text in corpus_texts[::10]]
    expected = [parse(text) for text in texts]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, inside parses
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            got = list(pool.map(parse, texts))
    finally:
        sys.setswitchinterval(interval)
    assert [i for i, (a, b) in enumerate(zip(got, expected)) if a != b] == []


def test_coverage_of_numerals_and_player_references(corpus):
    report = coverage.measure(corpus)
    assert report.parse_errors == []
    assert report.numerals > 15000 and report.player_refs > 19000
    assert report.numeral_rate >= 0.995, report.shapes()[:10]
    assert report.player_rate >= 0.995, report.shapes()[:10]
    # Tokens the parser could not place are kept as text; real data has a few stray ")".
    assert report.recovered_tokens <= 10
