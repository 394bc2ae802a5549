"""Facts about a Duel Masters card text. Nothing here names a rule; the rules read these.

- :mod:`.text`: the masked, width-folded text every pattern reads (offsets unchanged);
- :mod:`.abilities`: abilities (where each starts and ends, static / one-shot / keyword),
  sentences, clauses and where a sentence's effect starts;
- :mod:`.players`: every 相手 / 自分 / プレイヤー, what it owns or does, and the words
  around it (a turn, an attack, a count, a comparison …).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from .. import nodes as d
from . import abilities as ab
from . import players as pl
from .text import masked, writes_full_width


@dataclass
class Analysis:
    text: str
    tree: d.CardText
    #: the text with reminders, quotes and card names masked, widths folded
    masked: str
    abilities: list[ab.Ability]
    sentences: list[ab.SentenceInfo]
    mentions: list[pl.Mention]
    #: the card's type, when known ("呪文", "クリーチャー", "クリーチャー/呪文" …)
    card_type: str | None
    #: whether the text has lost its ability breaks (the 2018 data)
    unbroken: bool
    #: whether inserted digits are written full-width (the text has a full-width digit)
    full_width: bool
    #: the opponents (``opponents()``) of each ability, made once: rules ask per ability
    _opponents: dict[int | None, list[pl.Mention]] = field(default_factory=dict, repr=False)
    #: the same by sentence
    _in_sentence: dict[int | None, list[pl.Mention]] = field(default_factory=dict, repr=False)

    def ability_of(self, m: pl.Mention) -> ab.Ability:
        return self.abilities[m.ability]

    def sentence_of(self, m: pl.Mention) -> ab.SentenceInfo | None:
        return self.sentences[m.sentence] if m.sentence is not None else None

    def in_ability(self, index: int) -> list[pl.Mention]:
        return [m for m in self.mentions if m.ability == index]

    def opponents(self, ability: int | None = None) -> list[pl.Mention]:
        """The 相手 mentions outside reminder text (of one ability), in order."""
        return list(self.ability_opponents(ability))

    def opponents_after(self, ability: int, offset: int, sentence: int | None = None) -> list[pl.Mention]:
        """The 相手 mentions outside reminder text of ``ability`` after ``offset`` (only those in
        ``sentence``, if given), in order: found by bisection, so that a rule asking this for
        each mention of a long ability reads only the mentions it asks for."""
        if sentence is None:
            group = self.ability_opponents(ability)
            return group[bisect_right(group, offset, key=_start):]
        self.ability_opponents(None)
        group = self._in_sentence.get(sentence, [])
        return [m for m in group[bisect_right(group, offset, key=_start):] if m.ability == ability]

    def ability_opponents(self, ability: int | None) -> list[pl.Mention]:
        """:meth:`opponents` without the copy (the analysis' own list: read it, never change it)."""
        if not self._opponents:
            every = [m for m in self.mentions if m.opponent and not m.in_reminder]
            self._opponents[None] = every
            for m in every:
                self._opponents.setdefault(m.ability, []).append(m)
                self._in_sentence.setdefault(m.sentence, []).append(m)
        return self._opponents.get(ability, [])


def _start(m: pl.Mention) -> int:
    return m.start

def analyse(tree: d.CardText, text: str, card_type: str | None = None, unbroken: bool = False) -> Analysis:
    mask = masked(tree, text)
    abilities, sentences = ab.segment(tree, mask, card_type, unbroken, text)
    mentions = pl.mentions(tree, mask, abilities, sentences, text)
    return Analysis(text, tree, mask, abilities, sentences, mentions, card_type, unbroken,
                    writes_full_width(text))
