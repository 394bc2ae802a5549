"""Whether a rule could act on a text, read off the printed text alone: what the triggers of
the rules whose one word (相手, クリーチャー …) is in nearly every card text share.

A trigger is a *necessary condition* of its rule's decision: where it is false, the rule
changes and reports nothing, so the pass is skipped and, when no rule's trigger is met,
the text is not parsed at all (the engine's runner). Each is derived from what its rule
reads, the analysis' masked text (reminder text, quotes and card names hidden, widths
folded), and from what the grammar guarantees:

- a clause never spans a comma-free stretch's end: the analysis cuts clauses at commas
  (、，､,) and sentences at 。/｡, and a sentence or a reminder never spans a line break; so
  a stretch of a line between two of those (or ■, a colon) lies inside one clause, or in
  units before a sentence that hold no player word (a keyword, a mode mark, a dash label);
- what the analysis hides can be told on most lines without parsing
  (:func:`masked_line`): quotes and card names are the grammar's tokens, found from the left
  as the lexer finds them; a bracket pair outside them is reminder text (or ruby, katakana
  only: S(シールド)・トリガー, which is not hidden). Where it cannot be told (a side mark, a <,
  a bracket or quote left open), the trigger says yes.

A trigger may say yes where its rule then does nothing (it is only cheaper than the rule);
it never says no where the rule would act. tests/packs/test_every_pack.py and the pack's
corpus test hold this over the shipped cards (with triggers off, every result is the same).
"""

from __future__ import annotations

import functools
import re

from ..analysis.text import MASK

#: where a stretch inside one clause ends: a comma, a stop, a colon, ■
_STRETCH_END = re.compile(r"[、，､,。｡：:■]")
_LINES = re.compile(r"[^\r\n]+")


def opponent_a_rule_reads(low: str) -> bool:
    """Whether the text may have a 相手 that a 相手 rule reads: a player word outside reminder
    text (the analysis' ``opponents()``; a 相手 inside a quote or a card name is no player
    word) that is not one every such rule keeps as printed whatever stands around it: an
    attack on a player (相手プレイヤーを攻撃, ``players.attack_on_player``) or a card shown
    (相手に見せ, ``players.shown``). (Not a turn: 相手のターン… after a duration …まで may be a
    lasting effect's trigger, which T9 reads.)"""
    if "相手" not in low:
        return False
    for line in lines(low, "相手"):
        seen = masked_line(line)
        if seen is None or "相手" in _KEPT.sub("", seen):
            return True
    return False


#: an attack on a player, a card shown: the mention's word and the words right after it that
#: ``players.attack_on_player`` and ``players.shown`` read (after 相手プレイヤー, as one phrase)
_KEPT = re.compile(r"相手(?:プレイヤー)?(?:(?:を|に|へ|への)攻撃|に(?:手札を)?見せ)")


@functools.lru_cache(maxsize=1024)
def masked_line(line: str) -> str | None:
    """The line as the analysis reads it (its masked text), where that can be told without
    parsing: its quotes and card names (the grammar's tokens, found from the left as the
    lexer finds them) and its reminder text masked; the brackets of ruby
    (S(シールド)・トリガー: a letter before, katakana inside, ・ after), which the analysis
    does not hide, become :data:`RUBY_OPEN` and :data:`RUBY_CLOSE`. None where it cannot
    be told (a side mark 【…側】, a < (a label may start there), a bracket or quote left
    open): then a trigger says yes. (Kept per line: the triggers of several rules read the
    same line.)"""
    if "【" in line or "<" in line:
        return None
    if "「" in line or "｢" in line or "《" in line:
        out, pos = [], 0
        for opener in _OPENER.finditer(line):
            if opener.start() < pos:
                continue  # inside the quote or card name before
            token = (_CARD_NAME if opener.group() == "《" else _QUOTE).match(line, opener.start())
            if token is None:
                return None
            out.append(line[pos:token.start()])
            out.append(MASK * (token.end() - token.start()))
            pos = token.end()
        line = "".join(out) + line[pos:]
    if "(" in line or "（" in line:
        return _mask_reminders(line)
    return line


def _mask_reminders(line: str) -> str | None:
    """The line with its reminder text masked (a bracket pair and all inside it, however
    deep, in one pass) and ruby's brackets replaced; None if a bracket is left open or ruby
    holds a word the triggers read (whether it is ruby, or reminder text after a longer run
    of letters, the parser decides)."""
    chars = list(line)
    opened: list[int] = []
    for bracket in _BRACKET.finditer(line):
        i, ch = bracket.start(), bracket.group()
        if ch in "(（":
            opened.append(i)
        elif ch in ")）" and opened:
            start = opened.pop()
            ruby = _RUBY.match(line, start - 1) if start > 0 else None
            if ruby is not None and ruby.end() == i + 2:
                if any(word in line[start + 1:i] for word in _RUBY_WORDS):
                    return None
                chars[start], chars[i] = RUBY_OPEN, RUBY_CLOSE
            elif not opened:
                chars[start:i + 1] = MASK * (i + 1 - start)  # (an outermost pair: all inside it too)
    if opened:
        return None  # a bracket left open
    return "".join(chars)


_BRACKET = re.compile(r"[(（)）]")
#: the grammar's quote and card name (grammar/dm.lark, tagtext/syntax/unspaced.lark), and
#: what opens them
_QUOTE = re.compile(r"[「｢](?:[^「」｢｣\r\n]|[「｢][^「」｢｣\r\n]*[」｣])*[」｣]")
_CARD_NAME = re.compile(r"《[^《》\r\n]*》")
_OPENER = re.compile(r"[「｢《]")
#: what ruby's brackets become in :func:`masked_line` (private-use characters: no pattern
#: reads them, and no card text has them)
RUBY_OPEN, RUBY_CLOSE = "\ue000", "\ue001"
#: ruby as the grammar's RUBY reads it (a letter, a bracket, katakana, a bracket, ・)
_RUBY = re.compile(r"[a-zａ-ｚA-ZＡ-Ｚ][(（][\u30a1-\u30fa\u30fc]+[)）][・･]")
_RUBY_WORDS = ("クリーチャー", "プレイヤー", "バトル", "ブロック")


def lines(low: str, word: str) -> list[str]:
    """The lines of ``low`` that hold ``word``."""
    return [line for line in _LINES.findall(low) if word in line]


def runs_without(line: str, names_owner) -> list[str]:
    """The maximal runs of stretches (see the module) of a masked line, for
    which ``names_owner(stretch)`` is false, each with the separators inside it: where a
    clause for which it is false lies wholly in one run."""
    runs: list[str] = []
    start = 0
    run_start = None
    for stop in [m.start() for m in _STRETCH_END.finditer(line)] + [len(line)]:
        if names_owner(line[start:stop]):
            if run_start is not None:
                runs.append(line[run_start:start])
            run_start = None
        elif run_start is None:
            run_start = start
        start = stop + 1
    if run_start is not None:
        runs.append(line[run_start:])
    return runs
