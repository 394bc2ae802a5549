"""The grammar's WORDS terminal (a run of plain words) stops before every phrase another
terminal starts: the phrases it looks ahead for are grouped by first letter (so a word is
checked against only the phrases of its letter: issue 22), and must exclude exactly what
the flat list below excludes (the list as it was written before the grouping)."""

from __future__ import annotations

import re

from tagtext.packs.ygo_tag.parser import grammar_text

#: the phrases a run of plain words stops before, one alternative each (followed by no
#: word character): the specification the grammar's grouped form must equal
FLAT = (
    r"you(?:rself|rs|r)?|(?:(?:an|the|that|their|each|either|other|1)\s+)?opponents?|your\s+opponent"
    r"|either\s+player|neither\s+player|each\s+player|both\s+players|(?:both\s+)?you\s+and\s+your\s+opponent"
    r"|(?:(?:a|the|that|this|1|another|the\s+other|any|all|no|both)\s+)?players?"
    r"|(?:its|their|the|that\s+card's|that\s+monster's|this\s+card's)\s+(?:original\s+)?(?:owner|controller)s?"
    r"|they|their|theirs|them|themselves|his\/her|him\/her"
    r"|main\s+monster\s+zones?|extra\s+monster\s+zones?|monster\s+zones?"
    r"|spell\s*(?:&|and|\/)\s*trap\s+(?:card\s+)?zones?|pendulum\s+zones?|field\s+zones?|side\s+of\s+the\s+field"
    r"|main\s+deck|extra\s+deck|decks?|hands?|fields?|gys?|graveyards?|banished"
    r"|if\s+you\s+do|then|also|for\s+(?:each|every)|the\s+(?:total\s+)?number\s+of"
    r"|or\s+(?:more|less|fewer|higher|lower)"
)

#: every phrase FLAT has, in some of its spellings
PHRASES = (
    "you", "yourself", "yours", "your", "opponent", "opponents", "other opponent", "an opponent",
    "the opponent", "that opponents", "their opponent", "each opponent", "either opponents",
    "your opponent", "either player", "neither player", "each player", "both players",
    "both you and your opponent", "you and your opponent", "a player", "the players", "that player",
    "this player", "another player", "the other player", "any players", "all player", "no players",
    "both player", "players", "its owner", "their controllers", "the original owner",
    "that card's owner", "that monster's controller", "this card's original owners", "they", "their",
    "theirs", "them", "themselves", "his/her", "him/her", "main monster zones", "extra monster zone",
    "monster zones", "spell & trap zones", "spell and trap card zone", "spell/trap zone",
    "spell&trap zones", "pendulum zones", "field zone", "side of the field", "main deck",
    "extra deck", "decks", "hand", "fields", "gy", "gys", "graveyard", "banished", "if you do",
    "then", "also", "for each", "for every", "the number of", "the total number of", "or more",
    "or less", "or fewer", "or higher", "or lower",
)

#: a run of plain words starts with a letter (the lookahead is only tried there)
_WORD_START = re.compile(r"[^\W\d_]")


def _lookaheads() -> list[str]:
    words = re.search(r"^WORDS\.1: /(.*)/$", grammar_text(), re.M).group(1)
    return re.findall(r"\(\?!\(\?i:(.*?)\)\(\?!\\w\)\)\[", words)


def _variants(phrase: str):
    """The phrase, and each spelling one letter, space or mark away from it, as a word
    starts them (alone, before a space, before a letter), in lower and upper case."""
    marks = "abcdefghijklmnopqrstuvwxyz '/&"
    spellings = {phrase}
    for i in range(len(phrase) + 1):
        spellings.add(phrase[:i] + phrase[i + 1:])
        for c in marks:
            spellings.add(phrase[:i] + c + phrase[i:])
            spellings.add(phrase[:i] + c + phrase[i + 1:])
    for s in spellings:
        for text in (s, s + " x", s + "x", s.upper(), s.title()):
            if text and _WORD_START.match(text):
                yield text


def test_words_looks_ahead_once_per_word_for_the_same_phrases():
    grouped = _lookaheads()
    assert len(grouped) == 2 and grouped[0] == grouped[1]  # the run's first word and the others
    flat = re.compile(rf"(?i:{FLAT})(?!\w)")
    fast = re.compile(rf"(?i:{grouped[0]})(?!\w)")
    checked = 0
    for phrase in PHRASES:
        assert fast.match(phrase), phrase
        for text in _variants(phrase):
            assert (flat.match(text) is None) == (fast.match(text) is None), text
            checked += 1
    assert checked > 100_000


def test_every_letter_group_is_one_first_letter():
    """Grouped by first letter: a word starting with another letter fails at once."""
    body = _lookaheads()[0]
    depth, starts, k = 0, [0], 0
    for k, c in enumerate(body):
        if body[k - 1:k] == "\\":
            continue
        depth += c == "("
        depth -= c == ")"
        if c == "|" and depth == 0:
            starts.append(k + 1)
    letters = [body[s] for s in starts]
    assert all(c.isalpha() for c in letters) and len(set(letters)) == len(letters), letters
