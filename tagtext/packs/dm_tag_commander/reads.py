"""Which lines of a text are parsed: those a rule may rewrite, and those the analysis reads
around them (issue 22: a line not parsed costs neither its parse nor its analysis).

The unit is the *line* (with the blank lines after it): in the classic and modern data an
ability never spans a line break (:func:`.analysis.abilities.segment` closes one at every
break), nor does a sentence, a reminder, a quote or a card name (the grammar's tokens stop
at a line break, and ``parser.check_text`` refuses a quote or a name left open on its line);
the 2017-18 texts, which lost their breaks, are one line and are parsed whole. Each rule's
trigger reads the text line by line (:mod:`.rules.triggers`; the patterns of the others
match within a line; T6's asks for a word anywhere first: :func:`line_trigger`), so a rule
acts only on a line its trigger meets by itself: the pack's ``parts`` keeps each line that
the trigger of a rule that runs (one the whole text meets) meets by itself
(:func:`needed_spans`), and of the rest only what the analysis reads across a line break
for them:

1. **The line before a line that may be an ability it gives** (``segment``'s ``tap_next``:
   the line after 「…次の能力を使ってもよい／行ってもよい／得る」 is a one-shot ability, or a
   gained one; ``choice._goes_on_from`` reads the spell's ability before, 「次の能力を得る」,
   too): the line before it that holds 次の能力を (with the reminder lines after that line,
   which are its ability's: the lines back to one that opens with no reminder). And the
   line before it when that one may end with a label standing alone (フォートE：…, which
   gives the next line): it has a label (a colon, a dash) and no 。 after it (but maybe
   in a quote or a card name).
2. **A line that opens with reminder text** (「（…）」 standing alone, or a sentence of
   reminder text only) belongs to the ability before it: the line before it is kept with
   it, and it is kept with the line before it (the ability ends after it: a note goes
   there), and so the reminder lines after that one.
3. **The line before a line with a mode mark** (▶, ●, ??, xB, P …: MODE): a mode's kind is
   that of the last ability before it that is no mode (``_parent_kind``), however far back.

Each line kept for these is itself kept with what it reads, so every kept line is read as
when the whole text is parsed: the same abilities, of the same kind, with the same
sentences and mentions (only the indices of abilities and sentences count the kept ones;
the rules compare them, never count them). A kept line right after lines not parsed reads
as a line after a break whose line gives nothing (it would have been kept by 1. otherwise):
``segment`` reads an :class:`~tagtext.syntax.nodes.Unparsed` leaf so. A text with a side
mark 【…側】 (what follows it is a spell's side, or not, to the text's end) is parsed whole.
tests/packs/dm_tag_commander/test_parts.py checks each of these against a text where dropping
the line changes the analysis (and, but for 2.'s first case, the output), and every shipped
text's kept lines against its whole parse; tests/packs/test_every_pack.py every shipped
text's rewrite against its whole text parsed.
"""

from __future__ import annotations

import re

#: a line with its line break, and the blank lines after it
_UNIT = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)(?:[ \t\u3000\u00a0]*(?:\r\n|\r|\n))*|[^\r\n]+")
#: a line that is not blank, without its line break (what a trigger reads of it; each unit
#: has one)
_CONTENT_LINE = re.compile(r"[^\r\n]*[^\r\n \t\u3000\u00a0][^\r\n]*")
#: a blank line's characters (the grammar's _WS and NEWLINE)
_BLANK = re.compile(r"[ \t\u3000\u00a0\r\n]*")
#: 1. what 「次の能力を…」 needs (``abilities._NEXT_ABILITY``'s words); a sentence's end, what a
#: label ends with (the grammar's LABEL: a colon, or a dash after 進化, メテオバーン, G・ゼロ …)
#: and what may hide a 。 (a quote, a card name): a line with a label and no 。 outside
#: those may be a label alone
_GIVES_NEXT = re.compile(r"次の[\s\u3000]*能力を")
_STOP = re.compile(r"[。｡]")
_LABEL_END = re.compile(r"[：:\-－―‐]|進化(?:V|GV)?[ \u3000]*ー")
_HIDES_STOP = re.compile(r"[「｢《<]")
#: 2. reminder text opening a line (the grammar's LPAR after its _WS)
_OPENS_REMINDER = re.compile(r"[ \t\u3000\u00a0]*[(（]")
#: 3. a mode mark (the grammar's MODE)
_MODE = re.compile(r"[►▶▷●•]|\?\?|__|(?:[xo][BP]|P)(?![A-Za-zＡ-Ｚａ-ｚ0-9・])")
#: a side mark 【…側】 (the grammar's SIDE opens with 【)
_SIDE = "【"


def line_trigger(trigger):
    """How one line is tested for ``trigger`` (a rule's trigger, of the lowercased text):
    by the trigger itself, which reads the text line by line or matches within a line, but
    T6's, which asks for クリーチャー anywhere in the text before its third reading (a card
    picked, read in one sentence): :func:`.rules.note_every_creature.could_note_on_line`."""
    from .rules import note_every_creature
    if trigger is note_every_creature.could_note:
        return note_every_creature.could_note_on_line
    return trigger


def line_units(text: str) -> list[tuple[int, int]]:
    """The text's lines, each with its line break and the blank lines after it (blank lines
    at the text's start, and spaces at its end, go with the line after, before them)."""
    units = [m.span() for m in _UNIT.finditer(text)]
    if units and units[-1][0] == units[-1][1]:
        units.pop()
    # (a unit is blank only at the text's start, or at its end: the blank lines after a
    # line break go with it)
    if len(units) > 1 and _BLANK.fullmatch(text, *units[0]):
        units[:2] = [(0, units[1][1])]
    if len(units) > 1 and _BLANK.fullmatch(text, *units[-1]):
        units[-2:] = [(units[-2][0], units[-1][1])]
    return units


def needed_spans(text: str, line_met) -> tuple[tuple[int, int], ...] | None:
    """The spans of ``text`` to parse: its lines that ``line_met`` (a line -> whether a
    rule's trigger meets it) keeps, and those the analysis reads around them (see the
    module's docstring), adjacent ones joined; None for the whole text (one line, a side
    mark, or every line kept)."""
    if _SIDE in text:
        return None
    # each line said once is tested once: when every line is kept, no line is walked
    met = {line: line_met(line) for line in set(_CONTENT_LINE.findall(text))}
    if all(met.values()):
        return None
    units = line_units(text)
    if len(units) < 2:
        return None
    lines = [text[start:end] for start, end in units]
    keep = [met[_CONTENT_LINE.search(line).group()] for line in lines]
    for i in range(len(units) - 1, 0, -1):  # (a line kept for what it reads keeps its own)
        if keep[i] and not keep[i - 1]:
            # the ability before the line: the last of the nearest line before it that opens
            # with no reminder text, with the reminder lines after that line
            j = i - 1
            while j > 0 and opens_with_reminder(lines[j]):
                j -= 1
            if reads_line_before("".join(lines[j:i]), lines[i]):
                keep[j:i] = [True] * (i - j)
    for i in range(1, len(units)):  # (the reminder lines after a kept line, each in turn)
        if keep[i - 1] and not keep[i] and opens_with_reminder(lines[i]):
            keep[i] = True
    if all(keep):
        return None
    spans: list[tuple[int, int]] = []
    for (start, end), kept in zip(units, keep):
        if not kept:
            continue
        if spans and spans[-1][1] == start:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return tuple(spans)


def reads_line_before(before: str, line: str) -> bool:
    """Whether the analysis of ``line`` reads the lines ``before`` it (1.-3. of the module's
    docstring): the nearest line before it that opens with no reminder text, and the
    reminder lines after that one (its ability's)."""
    return (_GIVES_NEXT.search(before) is not None or may_be_label_alone(before)
            or opens_with_reminder(line) or _MODE.search(line) is not None)


def opens_with_reminder(line: str) -> bool:
    """Whether ``line`` opens with reminder text (which belongs to the ability before it)."""
    return _OPENS_REMINDER.match(line) is not None


def may_be_label_alone(line: str) -> bool:
    """Whether ``line`` may end with a label standing alone (``abilities._uses_next_ability``:
    the line's last ability is a label and sentences with no 。): it has a label, and no 。
    after its last one, but maybe in a quote or a card name."""
    last = None
    for last in _LABEL_END.finditer(line):
        pass
    return last is not None and (_STOP.search(line, last.end()) is None or _HIDES_STOP.search(line) is not None)
