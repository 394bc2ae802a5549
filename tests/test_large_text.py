"""Rewriting one large text takes time in proportion to its size (issue 12: 200 KB took
2.9 s, 400 KB 10.7 s, 1 MB 22-56 s, while parsing 1 MB took 2.4 s).

The superlinear steps were the memory-average rule walking every leaf of the whole tree
for each memory check (and building the set of later checks once per check), the
special rulings doing the same per ruled effect, and ``replace_leaves`` scanning every
change for every run of plain words. The work is counted here (tree nodes visited, runs
split), not timed, so the test is steady on a busy machine; ``bench/large_text.py``
prints the times.
"""

from __future__ import annotations

import random

import pytest

import tagtext
from tagtext.syntax import edit
from tagtext.syntax import nodes as n


@pytest.fixture(scope="module")
def chunk(corpus) -> str:
    """About 20 KB of real card text, memory checks included."""
    texts, size = [], 0
    for _, _, text in corpus.texts():
        texts.append(text)
        size += len(text) + 1
        if size > 20_000:
            break
    joined = " ".join(texts) + " "
    assert "memory" in joined and joined.count("or more") > 10
    return joined


def work(monkeypatch, text: str) -> int:
    """Tree nodes whose children were listed plus plain-word runs split, for one rewrite."""
    calls = [0]
    children, split = n.Node.children, n.Words.split

    def counting_children(self):
        calls[0] += 1
        return children(self)

    def counting_split(self):
        calls[0] += 1
        return split(self)

    with monkeypatch.context() as m:
        m.setattr(n.Node, "children", counting_children)
        m.setattr(n.Words, "split", counting_split)
        tagtext.rewrite(text)
    return calls[0]


def test_rewrite_work_grows_linearly(monkeypatch, chunk):
    one = work(monkeypatch, chunk)
    eight = work(monkeypatch, chunk * 8)
    # linear: 8 times the work (a little more for the lark-free parts that do not
    # depend on size is fine); quadratic steps made it 30 times and more
    assert eight <= 9 * one, (one, eight)


def test_large_text_output_is_the_repeated_output(chunk):
    """The rewrite of a text repeated is the rewrite of the text, repeated: nothing about
    a long text changes the result (what the faster steps must keep)."""
    single = tagtext.rewrite(chunk)
    repeated = tagtext.rewrite(chunk * 3)
    assert repeated.text == single.text * 3
    assert len(repeated.edits) == 3 * len(single.edits)
    shift = len(chunk)
    for k, e in enumerate(repeated.edits):
        s = single.edits[k % len(single.edits)]
        offset = shift * (k // len(single.edits))
        assert (e.start, e.end, e.before, e.after, e.rules) == (s.start + offset, s.end + offset, s.before, s.after, s.rules)


def test_word_leaves_in_is_word_leaves_restricted(corpus_texts):
    """``word_leaves_in`` (the memory-average rule's and the special rulings' way to the
    leaves of one span) gives exactly the leaves ``word_leaves`` gives in that span."""
    rng = random.Random(12)
    sample = rng.sample(corpus_texts, 300)
    for _, _, text in sample:
        tree = tagtext.parse(text)
        every = list(edit.word_leaves(tree))
        spans = [(0, len(text)), (0, 0), (len(text), len(text))]
        spans += [tuple(sorted((rng.randrange(len(text) + 1), rng.randrange(len(text) + 1)))) for _ in range(5)]
        spans += [(leaf.start, leaf.end) for leaf in rng.sample(every, min(3, len(every)))]
        for start, end in spans:
            assert list(edit.word_leaves_in(tree, start, end)) == [
                leaf for leaf in every if start <= leaf.start < end], (text, start, end)


def test_replace_leaves_inside_runs_of_words():
    """A change that names one word inside a run of plain words still splits that run
    (the binary search over the changes' offsets finds it), and only that run."""
    tree = tagtext.parse("Then, you may play it without paying the cost and trash it.")
    words = [leaf for leaf in edit.word_leaves(tree)]
    target = next(w for w in words if w.text == "paying")
    new = edit.replace_leaves(tree, {target.start: lambda leaf: leaf.replaced("PAYING", "test")})
    assert new.to_source() == "Then, you may play it without PAYING the cost and trash it."
    assert [leaf.text for leaf in new.leaves() if leaf.rules] == ["PAYING"]
    assert edit.replace_leaves(tree, {}) is tree


def test_the_collector_is_paused_for_a_rewrite_and_restored():
    """The cyclic garbage collector is off while a text is rewritten (trees hold no cycles:
    it would only scan them) and as it was afterwards, also when the rewrite fails, and it
    stays off when the caller had turned it off (a batch)."""
    import gc

    from tagtext import pipeline
    from tagtext.packs import get

    pack = get("tag-tamer")
    seen = []
    real = pack.context

    def context(text, *args):
        seen.append(gc.isenabled())
        if "fail" in text:
            raise RuntimeError("a rule failed")
        return real(text, *args)

    assert gc.isenabled()
    pack.context = context
    try:
        pipeline.rewrite(pack, "If you have 3 or more security cards, gain 1 memory.")
        assert seen == [False] and gc.isenabled()
        with pytest.raises(RuntimeError):
            pipeline.rewrite(pack, "If you have 3 or more security cards, fail.")
        assert seen == [False, False] and gc.isenabled()
        gc.disable()
        try:
            pipeline.rewrite(pack, "If you have 3 or more security cards, gain 1 memory.")
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        del pack.context
