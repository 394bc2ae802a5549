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


def test_abilities_are_found_as_a_walk_of_every_leaf_finds_them(bd_db):
    """What the walk of units stands for (analysis._units: reminders whole, sentences by
    their parts): abilities found as a walk of every leaf finds them, an ability starting
    at every line break and at every label no reminder's span holds (the reading the rules
    were written against). Every shipped text, and random texts of labels, reminders
    (nested, some left open), sentences and line breaks, each as a command's and a unit's."""
    pieces = ["⁅自動⁆", "⁅永続⁆", "（自動）", "(起動)", "（", "(", "）", ")", "相手の手札を1枚捨てる", "登場時、", "：",
              "。", "、", "\n", "注", " "]
    rng = random.Random(22)
    texts = [text for _, _, text in bd_db.texts()]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30))) for _ in range(1500)]
    compared = 0
    for text in texts:
        try:
            tree = parser.parse(text)
        except Exception:  # noqa: BLE001 - a text check_text refuses: nothing to find
            continue
        mask = analysis.masked(tree, text, analysis.OPAQUE)
        for card_type in ("command", "unit"):
            expected = list(_abilities_leaf_by_leaf(tree, mask, card_type))
            assert list(analysis._abilities(tree, text, mask, card_type)) == expected, text
        compared += 1
    assert compared > 1000


def _abilities_leaf_by_leaf(tree, mask, card_type):
    """The abilities as the first analysis found them: every leaf in text order, a new group
    at a line break and at a label outside every reminder's span."""
    inside = [(node.start, node.end) for node in tree.walk() if isinstance(node, b.Reminder)]
    groups, breaks = [[]], []
    for leaf in tree.leaves():
        if isinstance(leaf, b.LineBreak):
            if groups[-1]:
                breaks.append(True)
                groups.append([])
            continue
        if isinstance(leaf, b.Label) and not any(s < leaf.start < e for s, e in inside) and groups[-1]:
            breaks.append(False)
            groups.append([])
        groups[-1].append(leaf)
    if not groups[-1]:
        groups.pop()
    breaks = breaks[:len(groups) - 1] + [True]
    for index, (leaves, break_after) in enumerate(zip(groups, breaks)):
        # a group of leaves read as units: each leaf is one
        yield analysis._ability(index, leaves, break_after, mask, card_type)
