"""What the Tag Tamer rules need to know about a parsed text: its counts and what they
range over, its memory checks, and the players its effects act on."""

from __future__ import annotations

from dataclasses import dataclass

from ..syntax import nodes as n
from .counts import Count, find_counts
from .units import Region, regions


@dataclass(frozen=True)
class Analysis:
    regions: tuple[Region, ...]
    counts: tuple[Count, ...]


def analyse(tree: n.EffectText) -> Analysis:
    found = tuple(regions(tree))
    block_of = _blocks(tree)
    return Analysis(found, tuple(find_counts(list(found), block_of)))


def _blocks(tree: n.EffectText) -> dict[int, int]:
    """Start offset of every region -> index of the effect (Block or Header) holding it."""
    out: dict[int, int] = {}
    index = 0
    for node in tree.walk():
        if isinstance(node, (n.Block, n.Header)):
            index += 1
            for inner in node.walk():
                if isinstance(inner, (n.Sentence, n.Parenthetical, n.Header)):
                    out.setdefault(inner.start, index)
    return out
