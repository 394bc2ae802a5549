"""What the Tag Tamer rules need to know about a parsed text: its counts and what they
range over, its memory checks, and the players its effects act on."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..syntax import nodes as n
from .counts import Count, find_counts
from .pronouns import hand_card_referents, opponent_antecedents, player_referents
from .units import Region, forget_words, regions


@dataclass(frozen=True)
class Analysis:
    regions: tuple[Region, ...]
    counts: tuple[Count, ...]
    #: for each region, the index of the effect (Block or Header) it is in
    blocks: tuple[int, ...] = ()
    #: start of each they/their/them -> the player it can refer to ("opponent", "players")
    referents: dict[int, str] = field(default_factory=dict)
    #: start of each "them" that names the cards of a hand counted before it -> that hand
    hand_cards: dict[int, n.Zone] = field(default_factory=dict)
    #: start of each later mention of the opponent in an effect -> the effect's first
    #: mention of the opponent (in the printed text, the same player)
    opponent_antecedents: dict[int, int] = field(default_factory=dict)


def analyse(tree: n.EffectText) -> Analysis:
    forget_words()
    found = tuple(regions(tree))
    block_of = _blocks(tree)
    blocks = tuple(block_of.get(region.node.start, 0) for region in found)
    counts = tuple(find_counts(list(found), block_of))
    referents = player_referents(found, blocks)
    return Analysis(found, counts, blocks, referents, hand_card_referents(found, counts),
                    opponent_antecedents(found, blocks, referents))


def _blocks(tree: n.EffectText) -> dict[int, int]:
    """Start offset of every region -> index of the effect (Block or Header) holding it."""
    out: dict[int, int] = {}
    index = 0
    stack: list[tuple[n.Node, int]] = [(tree, 0)]
    while stack:
        node, block = stack.pop()
        if isinstance(node, _EFFECTS):
            index += 1
            block = index
        if isinstance(node, _REGIONS):
            out.setdefault(node.start, block)
        # only nodes that can hold regions are walked into (not leaves, not phrases)
        stack.extend((child, block) for child in reversed(list(node.children())) if isinstance(child, _HOLDERS))
    return out


_EFFECTS = (n.Block, n.Header)
_REGIONS = (n.Sentence, n.Parenthetical, n.Header)
_HOLDERS = (n.EffectText, n.Line, n.Block, n.Header, n.Sentence, n.Parenthetical, n.KeywordEffect, n.Keyword)
