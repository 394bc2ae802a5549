"""The lines the pack parses (``DmTagCommanderPack.parts``, tagtext/packs/dm_tag_commander/reads.py):
of a text a rule's trigger meets, the lines the triggers meet by themselves, and the lines the
analysis reads around them. Each text below has a line no trigger meets that the analysis of
another line reads (the line giving the next ability, a label standing alone, the lines of the
ability before a mode or a reminder line, a reminder line ending a kept ability): it is parsed,
every kept line is read as in the whole text parsed, and the rewrite is the one of the whole
text parsed (pipeline.USE_TRIGGERS off). Each case fails with its keep-rule taken out of
reads.py. tests/packs/test_every_pack.py checks every shipped text's rewrite the same way."""

from __future__ import annotations

import pytest

from tagtext import pipeline
from tagtext.packs.dm_tag_commander import analysis, reads

from .conftest import rewrite_as

#: the ability giving the next line: 「…タップして次の能力を使ってもよい。」 (a one-shot ability next)
USES_NEXT = "このクリーチャーで攻撃する代わりに、タップして次の能力を使ってもよい。"
#: an effect on an opponent's creature: chosen (one-shot) or every opponent's (static)
DESTROYS = "相手のクリーチャーを1体選び、破壊する。"
#: a line no rule reads (it opens each text below, so that the text is parsed in part)
NOT_READ = "このクリーチャーはブロックされない。"

#: (card type, text, the lines kept for what another line reads)
READ_AROUND = [
    # 1. the line before, giving the next ability (segment's tap_next): one-shot, so T9 chooses
    ("クリーチャー", f"{USES_NEXT}\n{DESTROYS}", [USES_NEXT]),
    # 1. a label standing alone on its line gives the next line, gained on arrival (one-shot)
    ("クリーチャー", f"フォートE：グレートメカオー\n{DESTROYS}", ["フォートE：グレートメカオー"]),
    # 1. with reminder lines between: the ability before the line is the one the reminder explains
    ("クリーチャー", f"{USES_NEXT}\n（このクリーチャーをタップする。）\n{DESTROYS}",
     [USES_NEXT, "（このクリーチャーをタップする。）"]),
    # 2. a line opening with reminder text belongs to the ability before it (that ability's end
    # and units; the sentence after the reminder opens an ability of its own)
    ("クリーチャー", "このクリーチャーは攻撃できない。\n（パワー0以下のクリーチャーは破壊される）相手のクリーチャーは攻撃できない。",
     ["このクリーチャーは攻撃できない。"]),
    # 2. ... and a reminder line after a kept line ends its ability: the note goes after it
    ("呪文", "クリーチャーをすべて破壊する。\n（バトルゾーンを離れる。）", ["（バトルゾーンを離れる。）"]),
    # 3. a mode's kind is the kind of the ability before it (static here: T4, every opponent)
    ("クリーチャー", "次のうちいずれか1つを選ぶ。\n▶相手のクリーチャーを1体破壊する。", ["次のうちいずれか1つを選ぶ。"]),
]


def _lines_met(pack, text):
    tests = [reads.line_trigger(rule.trigger) for rule in pack.pipeline if rule.apply is not None]
    return [line for line in text.splitlines() if any(test(line.lower()) for test in tests)]


def _read_as(card_type, tree, text, spans=None):
    """The abilities and mentions of the analysis (of those in ``spans``), each by its span."""
    a = analysis.analyse(tree, text, card_type)

    def kept(start):
        return spans is None or any(s <= start < e for s, e in spans)

    abilities = [(x.kind, x.start, x.end, x.break_after,
                  [(a.sentences[i].start, a.sentences[i].end, a.sentences[i].effect) for i in x.sentences])
                 for x in a.abilities if kept(x.start)]
    mentions = [(m.start, a.abilities[m.ability].start, m.clause_kind, m.in_reminder) for m in a.mentions if kept(m.start)]
    return abilities, mentions


def _result(pack, card_type, text):
    result = rewrite_as(pack, text, card_type, name="parts")
    return result.text, result.edits, result.residuals


@pytest.mark.parametrize("card_type,text,read", READ_AROUND)
def test_a_line_read_around_a_rewrite_is_parsed(monkeypatch, pack, card_type, text, read):
    text = f"{NOT_READ}\n{text}"
    met = _lines_met(pack, text)
    assert met and not any(line in met for line in read)  # only what the analysis reads keeps it
    parts = pack.parts(text)
    assert parts and parts[0][0] > 0, "the text is parsed in part"
    for line in read:
        start = text.index(line)
        assert any(s <= start and start + len(line) <= e for s, e in parts)
    assert _read_as(card_type, pack.parse(text, None, parts), text) == \
        _read_as(card_type, pack.parse(text), text, parts)
    with_parts = _result(pack, card_type, text)
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    assert with_parts == _result(pack, card_type, text)


def test_lines_not_parsed_give_no_ability_to_the_line_after(monkeypatch, pack):
    """A kept line that gives the next ability (tap_next), a line not parsed, and a kept line:
    the last is read after a line that gives nothing (static: every opponent, T4), as when
    the whole text is parsed."""
    text = "このクリーチャーが攻撃する時、相手のクリーチャーを1体タップして次の能力を使ってもよい。\nカードを1枚引く。\n相手のクリーチャーは攻撃できない。"
    parts = pack.parts(text)
    assert parts and text.index("カードを1枚引く。") not in range(*parts[0]) and len(parts) == 2
    with_parts = _result(pack, "クリーチャー", text)
    assert "各相手のクリーチャーは攻撃できない" in with_parts[0]
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    assert with_parts == _result(pack, "クリーチャー", text)


def test_a_line_no_rule_reads_is_not_parsed(pack):
    text = f"{DESTROYS}\n{NOT_READ}"
    assert pack.parts(text) == ((0, len(DESTROYS) + 1),)


def test_one_line_and_side_marks_are_parsed_whole(pack):
    assert pack.parts(DESTROYS + NOT_READ) is None
    assert pack.parts(f"【呪文側】\n{DESTROYS}\n{NOT_READ}") is None


def test_every_shipped_line_kept_is_read_as_in_the_whole_text(pack, dm_db):
    """Every shipped text parsed in part: its kept lines' abilities (kind, span, sentences) and
    mentions are those of its whole parse."""
    parted = 0
    for card, _, text in dm_db.texts():
        parts = pack.parts(text)
        if not parts:
            continue
        parted += 1
        facts = pack.card_facts(card.id)
        assert _read_as(facts.card_type, pack.parse(text, None, parts), text) == \
            _read_as(facts.card_type, pack.parse(text), text, parts), card.id
    assert parted > 100


def test_a_card_picked_is_read_on_a_line_with_no_creature(monkeypatch, pack):
    """T6's trigger asks for クリーチャー anywhere in the text, then a card picked (its third
    reading, in one sentence): the line that picks one is parsed though クリーチャー is on
    another line (reads.line_trigger), and gets its note."""
    text = f"{NOT_READ}\nバトルゾーンからカードを１枚選び、持ち主の手札に戻す。"
    parts = pack.parts(text)
    assert parts == ((len(NOT_READ) + 1, len(text)),)
    with_parts = _result(pack, "呪文", text)
    assert "※DTC：" in with_parts[0]
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    assert with_parts == _result(pack, "呪文", text)
