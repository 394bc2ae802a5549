"""The analysis' masked text (analysis.text.masked) skips the walk of the tree where no
character opens a reminder, a quote or a card name: its answer must be the walk's, for every
shipped text (most have one of them, so the texts are also tried with those characters taken
out) and for texts where an opener stands alone or inside a word."""

from __future__ import annotations

import re

from tagtext.errors import ParseError
from tagtext.packs.dm_tag_commander.analysis import text as analysis_text
from tagtext.packs.dm_tag_commander.parser import parse
from tagtext.syntax.unspaced import masked as walked

_OPENERS_AND_CLOSERS = re.compile(r"[(（)）「｢」｣《》<>]")

EXTRA = [
    "相手のクリーチャーを1体選び、破壊する。",
    "ブロッカー（このクリーチャーをタップして、ブロックしてもよい。）",
    "《ボルメテウス・ホワイト・ドラゴン》と相手の",
    "「ブロッカー」を持つクリーチャーを1体破壊する。",
    "S(シールド)・トリガー",
    "相手は<<名前>>を出す。",
    "相手のクリーチャーを1体破壊する。(",
    "相手のクリーチャーを<1体破壊する。",
]


def test_masked_is_the_walks_answer(dm_texts):
    texts = {t for _, _, t in dm_texts}
    texts |= {_OPENERS_AND_CLOSERS.sub("", t) for t in texts}
    texts |= set(EXTRA)
    skipped = 0
    for text in sorted(texts):
        try:
            tree = parse(text)
        except ParseError:
            continue  # refused by check_text (a bracket left open on its line …)
        assert analysis_text.masked(tree, text) == walked(tree, text, analysis_text.OPAQUE), text
        skipped += analysis_text._OPENS_OPAQUE.search(text) is None
    assert skipped > 1000  # the shortcut is taken (and checked) for many texts
