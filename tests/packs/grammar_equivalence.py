"""A pack grammar rewritten for speed (its rules written flat, a token cut by the builder)
must give the trees its earlier form gave: both parse the same texts, shipped and random,
and agree on each (or both refuse it). The Japanese packs' grammar tests use this."""

from __future__ import annotations

import random
from typing import Callable, Iterable

import pytest

from tagtext.errors import ParseError


def random_texts(alphabet: list[str], seed: int, count: int = 3000, longest: int = 60) -> list[str]:
    """``count`` texts of 1 to ``longest`` pieces of ``alphabet`` (characters, or strings
    such as a card name or a label), the same for a seed."""
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, longest))) for _ in range(count)]


def same_trees(parse: Callable, reference: Callable, texts: Iterable[str]) -> int:
    """How many ``texts`` both parse, each to the same tree (asserted); a text the
    reference refuses (ParseError) must be refused by ``parse`` too."""
    compared = 0
    for text in texts:
        try:
            expected = reference(text)
        except ParseError:
            with pytest.raises(ParseError):
                parse(text)
            continue
        assert parse(text) == expected, text
        compared += 1
    return compared
