"""Cutting texts into highlighted segments: both sides must give back exactly the printed
and the rewritten text, with each edit's before/after text marked and numbered."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tagtext.errata.spans import Segment, edit_segments, plain, span_segments
from tagtext.result import Edit, RewriteResult


def _result(original: str, edits: list[Edit], text: str | None = None) -> RewriteResult:
    if text is None:
        pieces, pos = [], 0
        for e in edits:
            pieces += [original[pos:e.start], e.after]
            pos = e.end
        text = "".join(pieces) + original[pos:]
    return RewriteResult(original, text, tuple(edits))


def test_both_sides_mark_each_edit_with_its_number_and_rules():
    original = "If you have 3 or more Digimon, trash the top card of your opponent's deck."
    e1 = Edit(12, 21, "3 or more", "6 or more", ("count-doubling",))
    start = original.index("your opponent's deck")
    e2 = Edit(start, start + len("your opponent's deck"), "your opponent's deck",
              "1 of your opponent's decks", ("choose-opponent",))
    sides = edit_segments(_result(original, [e1, e2]))
    assert sides.consistent
    assert [(s.text, s.mark, s.rules) for s in sides.printed if s.marked] == [
        ("3 or more", 1, ("count-doubling",)), ("your opponent's deck", 2, ("choose-opponent",))]
    assert [(s.text, s.mark) for s in sides.tagtamer if s.marked] == [
        ("6 or more", 1), ("1 of your opponent's decks", 2)]
    assert plain(sides.printed) == original
    assert plain(sides.tagtamer) == "If you have 6 or more Digimon, trash the top card of 1 of your opponent's decks."


def test_an_insertion_is_marked_only_on_the_tag_tamer_side_and_a_deletion_only_on_the_printed():
    original = "Draw 1. Trash 1."
    insert = Edit(7, 7, "", " Then, gain 1 memory.", ("override",))
    delete = Edit(8, 16, "Trash 1.", "", ("all-players",))
    sides = edit_segments(_result(original, [insert, delete]))
    assert [s.text for s in sides.printed if s.marked] == ["Trash 1."]
    assert [s.text for s in sides.tagtamer if s.marked] == [" Then, gain 1 memory."]
    assert plain(sides.tagtamer) == "Draw 1. Then, gain 1 memory. "


def test_edits_that_do_not_give_the_rewritten_text_are_not_highlighted():
    original = "If you have 2 or more Tamers, draw 1."
    edit = Edit(12, 21, "2 or more", "4 or more", ("count-doubling",))
    wrong_text = _result(original, [edit], text="If you have 4 or more Tamers, draw 2.")
    wrong_before = _result(original, [Edit(12, 21, "3 or more", "4 or more", ("count-doubling",))])
    out_of_order = _result(original, [Edit(22, 28, "Tamers", "X", ("r",)), Edit(12, 21, "2 or more", "Y", ("r",))])
    for bad in (wrong_text, wrong_before, out_of_order):
        sides = edit_segments(bad)
        assert not sides.consistent
        assert sides.printed == (Segment(original),)
        assert sides.tagtamer == (Segment(bad.text),)


def test_an_unchanged_text_is_one_plain_segment_each_side():
    sides = edit_segments(_result("Draw 1.", []))
    assert sides.printed == sides.tagtamer == (Segment("Draw 1."),)


def test_overlapping_residual_spans_merge_and_out_of_range_spans_are_dropped():
    text = "For each color among your Tamers, gain 1 memory."
    segs = span_segments(text, [(0, 14, "color-plus-one"), (9, 32, "count-doubling"), (40, 99, "x")])
    assert plain(segs) == text
    assert [(s.text, s.mark, s.rules) for s in segs if s.marked] == [
        ("For each color among your Tamers", 1, ("color-plus-one", "count-doubling"))]


# A text and edits drawn at random: the segments must always give both texts back.
@st.composite
def rewrites(draw):
    original = draw(st.text(alphabet="ab <>&\n", max_size=40))
    cuts = sorted(draw(st.lists(st.integers(0, len(original)), max_size=8)))
    edits = []
    for start, end in zip(cuts[::2], cuts[1::2]):
        after = draw(st.text(alphabet="xy<&", max_size=5))
        if start == end and not after:
            continue
        if edits and edits[-1].end == start and edits[-1].start == start:
            continue
        edits.append(Edit(start, end, original[start:end], after, ("count-doubling",)))
    return _result(original, edits)


@given(rewrites())
def test_segments_always_rebuild_both_texts(result):
    sides = edit_segments(result)
    assert sides.consistent
    assert plain(sides.printed) == result.original
    assert plain(sides.tagtamer) == result.text
    assert [s.text for s in sides.printed if s.marked] == [e.before for e in result.edits if e.before]
    assert [s.text for s in sides.tagtamer if s.marked] == [e.after for e in result.edits if e.after]
