"""bd-tag rewrites a long text in time proportional to its length, also texts built to make
one of its scans run once per occurrence of something (issue 22; tests/test_linear_text.py
times the bench's phrases for every pack, this file the shapes only this pack's analysis
reads). CPU time of this process, the best of a few rounds; no absolute time is asserted.
"""

from __future__ import annotations

import gc
import random
import time

from tagtext.packs.bd_tag import analysis, parser
from tagtext.packs.bd_tag import nodes as b

SMALL = 3_000
FACTOR = 16
#: how much more than linear the larger text may take (noise on a shared machine)
SLACK = 2.5


def best_time(pack, text: str, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.process_time()
        pack.rewrite(text)
        best = min(best, time.process_time() - start)
    return best


def test_many_labelled_abilities_with_reminders_rewrite_in_linear_time(pack):
    """An ability starts at every label outside a reminder: asking, per label, every
    reminder of the text whether it holds the label made 48 KB of 「⁅自動⁆（注）」 take 142
    times 3 KB (linear: 16)."""
    head, phrase = "相手は1枚引く。", "⁅自動⁆（注）"
    small = head + phrase * (SMALL // len(phrase))
    large = head + phrase * (SMALL * FACTOR // len(phrase))
    pack.rewrite(small)  # warm: grammar loaded, regexes compiled
    t_large = best_time(pack, large, 2)
    t_small = best_time(pack, small, 5)
    assert t_large <= FACTOR * SLACK * t_small, (
        f"{SMALL * FACTOR // 1000} KB took {t_large / t_small:.1f} times {SMALL // 1000} KB "
        f"({t_large:.3f} s against {t_small:.4f} s); linear is {FACTOR}")


def test_a_label_is_inside_a_reminder_as_the_spans_say():
    """What the bisection stands for: a label opens no ability when some reminder's span
    holds it strictly (nested, open to the line's end, or closed), checked on random texts
    of labels, reminders (nested up to 3 deep, some left open) and sentences."""
    pieces = ["⁅自動⁆", "⁅永続⁆", "（自動）", "(起動)", "（", "(", "）", ")", "相手の手札を1枚捨てる", "。", "、", "\n", "注"]
    rng = random.Random(22)
    checked = 0
    for _ in range(400):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        try:
            tree = parser.parse(text)
        except Exception:  # noqa: BLE001 - a text check_text refuses: nothing to ask
            continue
        spans = [(node.start, node.end) for node in tree.walk() if isinstance(node, b.Reminder)]
        reminders = analysis._Reminders(tree)
        for leaf in tree.leaves():
            if isinstance(leaf, b.Label):
                assert reminders.holds(leaf.start) == any(s < leaf.start < e for s, e in spans), text
                checked += 1
    assert checked > 200
