"""A corpus-wide English check of what the rules wrote (issue: "a correct number in broken
English is still a wrong errata line"). Over every text the rules change, near each edit:

- a number other than 1 before a singular counted noun ("every 2 card", "2 card left");
- "its" or "has" agreeing with a count a rule made plural ("every 2 cards with [X] in its
  traits", "combined hands has");
- a "they" left pointing at nothing: in a sentence where a rule replaced the opponent as a
  subject by something that is not a player ("the team's average memory", "the opposing
  team's combined hands"), a later "they" in that sentence that no rule renamed.
"""

from __future__ import annotations

import re

import tagtext

SINGULAR_AFTER_NUMBER = re.compile(r"\b(?:[02-9]|\d{2,}) (?:card|Tamer|color|Option|token)\b(?![-'’s]| cards?\b)")
ITS_AFTER_PLURAL = re.compile(r"\bevery \d+ [^.,;:]*?\b(?:in|with) its\b")
HANDS_HAS = re.compile(r"\bcombined hands has\b")
SENTENCE_END = re.compile(r"[.。]")


def _window(text: str, start: int, end: int) -> str:
    """The sentence (or line) around [start, end)."""
    left = max(text.rfind(".", 0, start), text.rfind("\n", 0, start)) + 1
    m = SENTENCE_END.search(text, end)
    right = m.end() if m else len(text)
    return text[left:right]


def test_no_rewritten_sentence_breaks_agreement_or_leaves_a_dangling_they(corpus_texts):
    problems = []
    for card, field, text in corpus_texts:
        result = tagtext.rewrite(text, card_id=card, field=field)
        if not result.changed:
            continue
        out = result.text
        shift = 0
        for edit in result.edits:
            start = edit.start + shift
            end = start + len(edit.after)
            shift += len(edit.after) - (edit.end - edit.start)
            sentence = _window(out, start, end)
            for pattern, what in ((SINGULAR_AFTER_NUMBER, "number before a singular noun"),
                                  (ITS_AFTER_PLURAL, "'its' after a plural count"),
                                  (HANDS_HAS, "'hands has'")):
                m = pattern.search(sentence)
                if m and pattern.search(_window(text, edit.start, edit.end)) is None:
                    problems.append((card, field, what, m.group()))
            if re.search(r"\byour opponent\b", edit.before, re.I) and re.search(r"average memory|combined hands", edit.after):
                after_edit = out[end:end + len(sentence)]
                rest = after_edit[:SENTENCE_END.search(after_edit).start()] if SENTENCE_END.search(after_edit) else after_edit
                if re.search(r"\bthey\b", rest):
                    problems.append((card, field, "dangling 'they'", rest[:60]))
    assert problems == [], "\n".join(map(repr, problems))
