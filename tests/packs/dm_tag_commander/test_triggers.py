"""The rules' triggers (rules/triggers.py and each rule's own): necessary conditions read off
the printed text, so that a text no rule could change is not parsed. What they rest on is
checked here: the masked line they read is the analysis' masked text wherever they claim
to know it; with triggers off, constructed texts (pieces of real ones recombined) give the
same results; and they read a long text in one pass. (Over the shipped cards, the corpus
test and tests/packs/test_every_pack.py compare every result with triggers off.)"""

from __future__ import annotations

import gc
import random
import time

import pytest

from tagtext import pipeline
from tagtext.packs.dm_tag_commander import analysis
from tagtext.packs.dm_tag_commander.analysis.text import fold
from tagtext.packs.dm_tag_commander.rules import triggers


def test_a_masked_line_is_the_analysis_masked_text(pack, dm_texts):
    told = lines = 0
    for card, _, text in dm_texts:
        tree = pack.parse(text)
        facts = pack.card_facts(card)
        masked = analysis.analyse(tree, text, facts.card_type, facts.unbroken).masked
        at = 0
        for line in text.split("\n"):
            lines += 1
            seen = triggers.masked_line(line)
            if seen is not None:
                told += 1
                seen = seen.replace(triggers.RUBY_OPEN, "(").replace(triggers.RUBY_CLOSE, ")")
                assert fold(seen) == masked[at:at + len(line)], (card, line)
            at += len(line) + 1
    assert told > 0.9 * lines


def constructed(dm_texts, count: int, seed: int) -> list[str]:
    """Texts made of pieces of real ones: a piece, a word a trigger reads, another piece."""
    rnd = random.Random(seed)
    texts = [text for _, _, text in dm_texts]
    words = ["", "、", "。", "\n", "相手", "相手プレイヤーを攻撃", "相手に見せ", "(", ")", "《", "》", "「", "」",
             "S(シールド)・トリガー", "すべての", "クリーチャーは", "他の", "にある", "につき", "少なく", "プレイヤーを1人選",
             "自分は攻撃されない", "カードを1枚選"]
    out = []
    for _ in range(count):
        one, two = rnd.choice(texts), rnd.choice(texts)
        a = rnd.randrange(len(one) + 1)
        b = rnd.randrange(a, len(one) + 1)
        c = rnd.randrange(len(two) + 1)
        out.append(one[a:b] + rnd.choice(words) + two[c:])
    return out


def test_triggers_never_change_a_result_on_constructed_texts(pack, dm_texts, monkeypatch):
    texts = constructed(dm_texts, 600, 20261126)

    def results():
        out = []
        for text in texts:
            try:
                out.append(pack.rewrite(text, "dm01-001"))
            except Exception as e:  # a text the grammar refuses: refused either way
                out.append(type(e).__name__)
        return out

    fast = results()
    monkeypatch.setattr(pipeline, "USE_TRIGGERS", False)
    assert results() == fast
    assert sum(1 for r in fast if not isinstance(r, str) and r.edits) > 50


@pytest.mark.parametrize("phrase", [
    "クリーチャーは",                 # T6: an endless stretch with no owner (and no できない)
    "すべての",
    "クリーチャーを",
    "他の",                          # T12
    "バトルゾーンにある",              # T8, and a count at the very end
    "相手(",                          # reminders left open
    "(相手)",
    "S(シールド)・",
    "少なく召喚",
])
def test_triggers_read_a_long_text_in_one_pass(pack, phrase):
    def best(text: str) -> float:
        low, times = text.lower(), []
        for _ in range(3):
            gc.collect()
            start = time.process_time()
            for rule in pack.pipeline:
                if rule.trigger is not None:
                    rule.trigger(low)
            times.append(time.process_time() - start)
        return min(times)

    small = phrase * (3_000 // len(phrase)) + "、につき"
    large = phrase * (8 * 3_000 // len(phrase)) + "、につき"
    large_time = best(large)
    # linear work: about 8 times the small text's; a scan per occurrence: about 64 times
    assert large_time < 0.02 or large_time <= 8 * 2.5 * best(small)
