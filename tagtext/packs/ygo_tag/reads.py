"""Which sentences of a text are parsed: those a rule may rewrite, and those the rules read
around them (issue 22: a sentence not parsed costs neither its parse nor its analysis).

The pack's ``parts`` takes the lines a trigger meets (see ``effect_lines``) as sentence
chunks (``parser.sentence_chunks``), and :func:`needed_chunks` keeps of them:

1. **What a rule may rewrite or refer back to.** A chunk with a word of a trigger
   (``TRIGGER_WORDS``: every trigger, and every player phrase but "you": "opponent",
   "player", "either", "each field", "both GYs") or a pronoun ("they", "their", "them",
   "his/her", "him/her"), in any case. Rules rewrite player phrases, pronouns and the
   words next to them (in their sentence), "either"/"both"/"each field" phrases. A
   pronoun's antecedent is the nearest player phrase before it that is not "you"
   (analysis.Mention.antecedent), which holds one of those words: so it is kept with its
   pronoun, and no phrase between them is dropped. (A phrase the triggers ignore, "your
   opponent's turn", is still kept: it is a mention the rules read.)
2. **The sentences an effect goes on from** (analysis.SentenceFacts.parent, read by
   ``effect_of``, ``goes_on``, ``chance_result``, rule 2's ``_root_of``). A sentence's
   parent is the sentence right before it, on the same line, when it opens as a later step
   ("Then, ...", "If not, ...", and in a Spell's or Trap's text "Reveal ...", "Your
   opponent ...": ``_GOES_ON_SPELL``, which holds ``_GOES_ON``) or reads "by this effect" /
   "this effect"; so a chunk that may open that way keeps the chunk before it (and that
   one, in turn, its own). A bullet's parent is the last sentence before it that is no
   bullet, on whatever line: a chunk opening with "●" keeps the chunks before it back to
   one that does not. Kept this way, every kept sentence has the same parent, and the
   same chain of ancestors, as when its whole line is parsed; a sentence that goes on
   from a kept one but is not kept holds no player phrase (rules read only the mentions
   of ``later_in_effect``), and any kept sentence after it keeps it by the rule above.
   (An unparsed chunk before a sentence reads as a line break: no parent, as for a
   sentence that cannot go on.)
3. **The sentence after one** (rule 1's ``_sent_ones_named``: "that sent monster's name"
   in the sentence after "your opponents must each send 1 ..."): a chunk with that phrase
   keeps the chunk before it, so the sentence after each kept one is the same.

What a rule reads of the text itself (``ctx.text``: the next word, "switch control of the
selected monster" on the line) does not depend on what is parsed.
tests/packs/ygo_tag/test_parts.py checks each of these against texts where dropping the
chunk changes the output, and every shipped text against its lines parsed whole.
"""

from __future__ import annotations

import functools
import re

from .analysis import _GOES_ON_SPELL

#: the words of a pronoun the grammar reads as one (PRONOUN), as substrings ("theirs",
#: "themselves" hold them)
_PRONOUNS = ("they", "their", "them", "his/her", "him/her")
#: rule 1's "that sent monster's name" (rules/both_opponents_fields._SENT_ONE)
_SENT_ONE = re.compile(r"\bthat (sent) (monster)'s (name)\b")
#: "by this effect", "to activate and to resolve this effect" (SentenceFacts.parent):
#: "this effect" with anything the sentence's words drop between
_THIS_EFFECT = re.compile(r"this[\s(),\"]+effect")
#: a word as the sentence facts read them (punctuation, parentheses and bullets split off)
_WORD = re.compile(r"[^\s,;:()\"●]+")
#: how a later step of an effect may open (SentenceFacts.parent): each phrase's words
_STEP_OPENINGS = frozenset(tuple(p.split()) for p in _GOES_ON_SPELL)
_LONGEST_OPENING = max(len(p) for p in _STEP_OPENINGS)
#: the letters that match an ASCII letter in any case (re.I) but are not one lowercased
#: (dotted and dotless i, long s, the Kelvin sign; "İ" also lowercases to two characters):
#: in a text with none, a word in any case is the word in the text lowercased, at the
#: same offsets
_FOLDS_TO_ASCII = "\u0130\u0131\u017f\u212a"
#: a chunk whose first sentence opens a line / with a bullet ("●" after whitespace)
_LINE_START = re.compile(r"[ \t\u00a0]*[\r\n]")
_BULLET_START = re.compile(r"\s*●")
#: the connectives a sentence's opening is read after ("Then, if they ...": CONNECTIVE)
_CONNECTIVES = (("if", "you", "do"), ("then",), ("also",))


def needed_chunks(text: str, chunks: list[tuple[int, int]], trigger_words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Of ``chunks`` (the sentence chunks of the lines a trigger meets, in order), those a
    rule may rewrite or read (see the module's docstring)."""
    if any(c in text for c in _FOLDS_TO_ASCII):
        rewritable, read = _rewritable(trigger_words, re.I), text
    else:  # (the same matches in the text lowercased, searched faster)
        rewritable, read = _rewritable(trigger_words, 0), text.lower()
    keep = [rewritable.search(read, start, end) is not None for start, end in chunks]
    if all(keep):
        return chunks
    if _SENT_ONE.search(text) is not None:
        for i, (start, end) in enumerate(chunks):
            if i > 0 and _SENT_ONE.search(text, start, end):
                keep[i] = keep[i - 1] = True
    # the chunks from here on were kept by a bullet's walk back (with no bullet: none is)
    walked = len(chunks) if "●" in text else 0
    for i in range(len(chunks) - 1, 0, -1):  # (a chunk kept keeps those before it)
        if not keep[i]:
            continue
        start, end = chunks[i]
        if (not keep[i - 1] and chunks[i - 1][1] == start and _LINE_START.match(text, start, end) is None
                and _may_go_on(text[start:end].lower())):
            keep[i - 1] = True
        if i - 1 < walked and _opens_with_bullet(text, start, end):
            # back to a chunk that opens with no bullet (the chunks between a later walk's
            # start and where it stopped are all kept: each is walked once)
            j = i - 1
            while j >= 0:
                keep[j] = True
                if not _opens_with_bullet(text, *chunks[j]):
                    break
                j -= 1
            walked = j
    return [chunk for chunk, kept in zip(chunks, keep) if kept]


def _opens_with_bullet(text: str, start: int, end: int) -> bool:
    """Whether the chunk's first sentence may open with a bullet."""
    return _BULLET_START.match(text, start, end) is not None


@functools.lru_cache(maxsize=None)
def _rewritable(trigger_words: tuple[str, ...], flags: int) -> re.Pattern:
    """A word of a trigger or a pronoun: with ``re.I``, in any case, as the grammar reads
    them; without, in a lowercased text."""
    return re.compile("|".join(re.escape(w) for w in trigger_words + _PRONOUNS), flags)


def _may_go_on(low: str) -> bool:
    """Whether the lowercased chunk's first sentence may go on with the one before it: it
    reads "this effect", or its words open (after its connectives, or with them) with a
    later step's opening."""
    if _THIS_EFFECT.search(low):
        return True
    found = _WORD.finditer(low)
    words: list[str] = []

    def read(n: int) -> None:
        """Read the first ``n`` words (fewer at the end), as far as not read yet."""
        while len(words) < n:
            m = next(found, None)
            if m is None:
                return
            words.append(m.group())

    k = 0
    while True:
        for con in _CONNECTIVES:
            read(k + len(con))
            if tuple(words[k:k + len(con)]) == con:
                k += len(con)
                break
        else:
            break
    read(k + _LONGEST_OPENING)
    return any(tuple(words[i:i + n]) in _STEP_OPENINGS for i in range(k + 1) for n in range(1, _LONGEST_OPENING + 1))
