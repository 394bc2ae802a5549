"""The rules read a long text in time proportional to its length (issue 22): texts built so
that a rule would scan a whole ability, or read a fact again, once per player phrase in it.

Each phrase is repeated to 2 KB and to 8 times that, both timed in this one run (CPU time
of this process, the best of a few rounds, so a busy machine slows both alike); the larger
must take at most 2.5 times its share: linear work gives about 8, a scan per phrase about
64. No absolute time is asserted (bench/hostile_text.py prints the times per KB up to 1 MB).
Before the rules asked per ability what they asked per mention, "相手より" x 250 (1 KB)
took 1.8 s and 8 KB 136 s (77 times), "相手のシールドが3枚以下であれば、" 45 times: T9e read
its ability's condition-and-effect, the mentions chosen before and the chosen things after,
once per comparison or condition. "相手は、" (1 KB -> 8 KB: 25 times) read the whole clause so
far at each comma it went on past (analysis.abilities.clauses_of).
"""

from __future__ import annotations

import gc
import time

import pytest

#: the smaller text's size; the larger is FACTOR times it, and may take SLACK times its share
SMALL, FACTOR, SLACK = 2_000, 8, 2.5
#: below this the larger text is too quick to time steadily (and to matter)
FLOOR_SECONDS = 0.02


def cpu_seconds(pack, text: str) -> float:
    gc.collect()
    start = time.process_time()
    pack.rewrite(text)
    return time.process_time() - start


@pytest.mark.parametrize("phrase", [
    "相手より",                                            # one static sentence of comparisons (T9e)
    "相手のシールドが3枚以下であれば、",                      # one static sentence of conditions (T9e, T4)
    "相手のシールドが3枚以下であれば、カードを1枚引く。",        # a static ability of many sentences
    "このクリーチャーが出た時、相手のシールドが3枚以下であれば、相手の手札を見る。",  # refer_back per sentence
    "相手のマナゾーンにあるカードの枚数よりコストが大きい相手のクリーチャーをすべて破壊する。",  # chosen things (T9)
    "相手のクリーチャーと相手のシールドと",                     # one sentence of player phrases (facts read once)
    "プレイヤーはゲームに負けない。",                          # T23's note, per sentence
    "相手は、",                                            # one clause going on past every comma
    "相手の、",
    "相手は,",                                              # the same past a half-width comma
    "相手のマナゾーンにあるカード1枚につき、",                  # T9d's cost-reduction check (below)
])
def test_rules_read_a_long_text_in_linear_time(pack, phrase):
    small = phrase * max(1, SMALL // len(phrase))
    large = phrase * max(1, SMALL * FACTOR // len(phrase))
    pack.rewrite(phrase)  # warm: grammar loaded, regexes compiled
    t_large = min(cpu_seconds(pack, large) for _ in range(2))
    if t_large < FLOOR_SECONDS:
        return
    t_small = min(cpu_seconds(pack, small) for _ in range(5))
    assert t_large <= FACTOR * SLACK * t_small, (
        f"{phrase!r}: {len(large)} characters took {t_large / t_small:.1f} times {len(small)} "
        f"({t_large:.3f} s against {t_small:.4f} s); linear is {FACTOR}")


def test_t9d_asks_whether_a_sentence_reduces_a_cost_once_per_sentence(pack, monkeypatch):
    """T9d's D-4 check (is the count's sentence a cost reduction?) searched the whole sentence
    once per count in it: one sentence of 50,000 counts (1 MB) took 36 s, most of it there
    (bench/hostile_text.py, "clauses"). Too little at the sizes timed above to show, so the
    searches are counted: one per sentence."""
    from tagtext.packs.dm_tag_commander.rules import one_opponent_counts as t9d

    real, searched = t9d._COST_REDUCTION, []

    class Counting:
        def search(self, text):
            searched.append(text)
            return real.search(text)

    monkeypatch.setattr(t9d, "_COST_REDUCTION", Counting())
    result = pack.rewrite("相手のマナゾーンにあるカード1枚につき、" * 200 + "パワーを+1000する。")
    assert result.text.count("相手1人の") == 200  # every count rewritten (and each a static count)
    assert len(searched) == 1
