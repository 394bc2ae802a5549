"""The grammar over the whole real corpus: parses, prints back, and types what matters."""

from __future__ import annotations

from tagtext.packs.tag_tamer import coverage
from tagtext.packs.tag_tamer.syntax.parser import parse, parse_with_lark


def test_every_text_parses_and_prints_back_exactly(corpus_texts):
    mismatched = []
    for card_id, field, text in corpus_texts:
        tree = parse(text, f"{card_id} {field}")
        if tree.to_source() != text:
            mismatched.append(f"{card_id} {field}")
        assert (tree.start, tree.end) == (0, len(text))
    assert mismatched == []
    assert len(corpus_texts) == 6701  # 6,630 effect texts and 71 link requirements


def test_driver_builds_the_same_trees_as_larks_parser(corpus_texts):
    """tagtext.syntax.driver runs Lark's LALR table itself; Lark's own parser is the reference."""
    different = [f"{cid} {f}" for cid, f, text in corpus_texts if parse(text) != parse_with_lark(text)]
    assert different == []


def test_coverage_of_numerals_and_player_references(corpus):
    report = coverage.measure(corpus)
    assert report.parse_errors == []
    assert report.numerals > 15000 and report.player_refs > 19000
    assert report.numeral_rate >= 0.995, report.shapes()[:10]
    assert report.player_rate >= 0.995, report.shapes()[:10]
    # Tokens the parser could not place are kept as text; real data has a few stray ")".
    assert report.recovered_tokens <= 10


def test_spans_of_leaves_are_their_text(corpus_texts):
    for card_id, field, text in corpus_texts[::7]:
        for leaf in parse(text).leaves():
            assert text[leaf.start:leaf.end] == leaf.text, (card_id, field, leaf)
            assert text[leaf.start - len(leaf.prefix):leaf.start] == leaf.prefix
