"""Time per KB of rewriting one long constructed text, for every pack: linear or not.

    .venv/bin/python bench/hostile_text.py [--pack NAME|all] [--sizes 10,100,1000]
                                           [--kinds a,b,...] [--timeout SECONDS]

Each text is a short phrase repeated to the size (in thousands of characters; whole
phrases, so that no 《 or 「 is left open at the end): phrases that make a scan over the text run once per occurrence of something in it, if there is
such a scan (a count per "3 or more", a trigger regex per "opponent", a sentence filter
per sentence, ...), and the pack's own shipped texts joined (its real vocabulary). The
phrases are in the pack's language: the language of most of its shipped texts (English,
or Japanese: ``PHRASES``), so a new pack is measured without editing this script. Each
(pack, text, size) runs in a fresh process that loads the pack, rewrites the phrase once
(the grammar loaded and the regexes compiled), then times one rewrite of the long text; a run past --timeout is
killed and shown as such.

The table shows milliseconds per KB at each size, wall time and CPU time (on a shared
machine the wall time is only as steady as its load: the CPU time is the code's), and the
growth (CPU per KB at the largest size over CPU per KB at the smallest): about 1 when the
time is linear in the size, about 100 from 10 KB to 1,000 KB when it is quadratic. Targets (issue 22): 1 MB in under 5 s
for every pack (judged on the CPU time: the machine may be shared), and the time per KB flat
from 10 KB to 1,000 KB.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

from _fresh import CHILD_ENV, load_line, python_c

TARGET_SECONDS_PER_MB = 5.0

#: name -> the phrase repeated (None: the pack's first shipped texts, up to 10 KB, joined).
#: Each makes some scan run once per occurrence of something if there is such a scan
#: (tests/test_linear_text.py uses them too). English packs.
KINDS = {
    "counts": "3 or more ",                      # a count per three words, one clause (H5)
    "opponent-draws": "Your opponent draws 2 cards. ",  # a trigger regex per "opponent" (H6)
    "opponent-trashes": "Your opponent trashes 1 card. ",  # a trigger regex per "opponent" (H6)
    "opponent-controls": "your opponent controls ",     # one sentence of player phrases (H6, ygo)
    "their-hand": "your opponent trashes 1 card in their hand and ",
    "opponent-hand": "Trash 1 card in your opponent's hand. ",
    "both-players": "Both players draw 1 card. ",
    "either-player": "you or your opponent ",
    "number-of": "the number of cards in your hand ",  # a residual per phrase: protected spans
    "labels": "[Main] Delete 1 of your opponent's Digimon with 3 or more digivolution cards. ",
    "memory": "If your opponent has 3 or less memory, gain 1 memory. ",
    "they-have": "they have 3 or fewer cards in their hand, ",  # what points back, read per count
    "set-it": "you have 2 or less memory, set it to 3 ",
    "for-each": "for each card in your trash ",
    "as-many": "as many or more security cards as this Digimon has ",
    "colors": "for each color among your opponent's Digimon ",
    "quotes": 'a "b ',
    "words": "word ",
    "real": None,
}

#: The same for a pack of Japanese card text (Duel Masters' wording: 相手 / 自分 / 各プレイヤー).
#: Without line breaks a text is one ability of many sentences (a scan per ability's
#: mentions, per sentence); with them, many abilities (a scan of every mention per ability).
JAPANESE_KINDS = {
    "choose-opponent": "相手のクリーチャーを1体選び、破壊する。",        # a choice per one-shot sentence (T9)
    "opponent-discards": "相手は自身の手札を1枚選び、捨てる。",
    "acting-opponent": "相手が呪文を唱えた時、カードを1枚引く。",       # a trigger on an opponent's act (T5)
    "trigger-lines": "このクリーチャーがバトルゾーンに出た時、相手のクリーチャーを1体破壊する。\n",
    "static-lines": "相手のクリーチャーは攻撃できない。\n",          # static: every opponent (T4), per line
    "ability-marks": "■相手のクリーチャーを1体破壊する。\n",          # many ■ abilities (dmbad-13): per ability
    "opponent-player": "■相手プレイヤーはカードを1枚捨てる。\n",      # 相手プレイヤー: the leaf after it, per phrase
    "one-sentence": "相手のクリーチャーと相手のシールドと",           # one sentence of player phrases
    "clauses": "相手のマナゾーンにあるカード1枚につき、",             # one sentence of counts, cut at commas
    "each-player": "各プレイヤーはカードを2枚引く。",
    "shields": "相手のシールドを１つブレイクする。",                  # full-width digits
    "team-result": "相手はゲームに敗北する。",                       # wins and losses (T23)
    "reminders": "ブロッカー（相手クリーチャーが攻撃する時、このクリーチャーをタップして、その攻撃を阻止してもよい。）\n",
    "names": "《ボルメテウス・ホワイト・ドラゴン》と相手の",          # card names masked
    "real": None,
}

#: language -> its phrases
PHRASES = {"en": KINDS, "ja": JAPANESE_KINDS}

#: kana and kanji: a text holding them is Japanese
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def language(pack) -> str:
    """The language of most of the pack's shipped texts (of the first 200): "ja" or "en"."""
    texts = [t for _, (_, _, t) in zip(range(200), pack.load_database(None).texts())]
    japanese = sum(1 for t in texts if _JAPANESE.search(t))
    return "ja" if japanese * 2 > len(texts) else "en"


def phrases(pack) -> dict[str, str | None]:
    """The hostile texts for ``pack``: those of its language."""
    return PHRASES[language(pack)]

#: The child: load the pack, warm it, time one rewrite of the long text.
CHILD = r"""
import json, sys, time
from tagtext import packs
name, phrase, size = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
pack = packs.get(name)
if phrase is None:  # whole texts, up to 10 KB: the same text at every size
    chunk, length = [], 0
    for _, _, t in pack.load_database(None).texts():
        if length + len(t) + 1 > 10_000:
            break
        chunk.append(t)
        length += len(t) + 1
    phrase = " ".join(chunk) + " "
text = phrase * max(1, round(size / len(phrase)))
pack.rewrite(phrase)
try:  # the grammar loaded even when no trigger meets the phrase alone (start-up is not timed here)
    pack.parse(phrase)
except Exception:
    pass
from tagtext.errors import TagTextError
start, cpu = time.perf_counter(), time.process_time()
try:
    result = pack.rewrite(text)
except TagTextError as e:  # the pack refuses the text (too deep a nesting, ...): said, not timed
    print(json.dumps({"refused": str(e).splitlines()[0][:100]}))
    sys.exit(0)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
print(json.dumps({"seconds": seconds, "cpu": cpu, "chars": len(text), "edits": len(result.edits)}))
"""


#: The child that prints each pack's language (``language``).
LANGUAGES = r"""
import sys
sys.path.insert(0, __BENCH__)
from hostile_text import language
from tagtext import packs
for name in sys.argv[1:]:
    print(name, language(packs.get(name)))
""".replace("__BENCH__", repr(str(Path(__file__).resolve().parent)))


def time_one(name: str, phrase: str | None, size: int, timeout: float) -> tuple[float, float] | str | None:
    """Seconds per thousand characters of one rewrite of the text (wall, CPU), None past
    ``timeout``, or the pack's message when it refuses the text (a tagtext error)."""
    try:
        out = subprocess.run(python_c(CHILD, name, json.dumps(phrase), str(size)), capture_output=True,
                             text=True, timeout=timeout, env=CHILD_ENV)
    except subprocess.TimeoutExpired:
        return None
    if out.returncode != 0:
        sys.exit(f"{name} {phrase!r} {size}: exited {out.returncode}:\n{out.stderr[-2000:]}")
    got = json.loads(out.stdout)
    if "refused" in got:
        return got["refused"]
    return got["seconds"] / got["chars"] * 1000, got["cpu"] / got["chars"] * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="all", help="a pack name, or all (default)")
    ap.add_argument("--sizes", default="10,100,1000", help="sizes in KB (thousands of characters)")
    every = list(dict.fromkeys(k for table in PHRASES.values() for k in table))
    ap.add_argument("--kinds", default="", help=f"texts to try (default: all of the pack's language; "
                                                f"{', '.join(every)})")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is given up (default 60)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    asked = [k for k in args.kinds.split(",") if k]
    unknown = [k for k in asked if k not in every]
    if unknown:
        ap.error(f"unknown kinds: {', '.join(unknown)}")
    names = subprocess.run(python_c("from tagtext import packs; print(*packs.names())"), capture_output=True,
                           text=True, check=True, env=CHILD_ENV).stdout.split() if args.pack == "all" else [args.pack]
    print(f"machine: {load_line()}")
    print("ms per KB of one rewrite, wall/CPU (fresh process per cell, timed after warm-up); growth = CPU per "
          f"KB at {sizes[-1]} KB / CPU per KB at {sizes[0]} KB; 1 MB: seconds, wall and CPU\n")
    header = "".join(f"{f'{s} KB':>16}" for s in sizes)
    slow, refused = [], []
    languages = dict(line.split() for line in subprocess.run(
        python_c(LANGUAGES, *names), capture_output=True, text=True, check=True, env=CHILD_ENV).stdout.splitlines())
    for name in names:
        table = PHRASES[languages[name]]
        kinds = [k for k in asked if k in table] if asked else list(table)
        print(f"{name} ({languages[name]})\n  {'text':18}{header}{'growth':>9}{'1 MB':>9}{'CPU':>7}")
        for kind in kinds:
            cells, per_kb, cpu_kb = [], [], []
            for size in sizes:
                timed = time_one(name, table[kind], size * 1000, args.timeout)
                if isinstance(timed, str):
                    cells.append(f"{'refused':>16}")
                    per_kb.append(None)
                    cpu_kb.append(None)
                    refused.append(f"{name} {kind} at {size} KB: {timed}")
                    break
                if timed is None:
                    cells.append(f"{'>' + format(args.timeout, '.0f') + ' s':>16}")
                    per_kb.append(None)
                    cpu_kb.append(None)
                    break
                per_kb.append(timed[0] * 1000)
                cpu_kb.append(timed[1] * 1000)
                cpu_mb = timed[1] * 1000
                cells.append(f"{per_kb[-1]:8.2f}/{cpu_kb[-1]:<7.2f}")
            cells += [f"{'':>16}"] * (len(sizes) - len(cells))
            growth = f"{cpu_kb[-1] / cpu_kb[0]:8.1f}x" if cpu_kb[-1] is not None and cpu_kb[0] else f"{'-':>9}"
            mb = per_kb[-1] if per_kb[-1] is not None and sizes[-1] >= 1000 else None
            at_mb = f"{mb:7.2f} s{cpu_mb:7.2f} s" if mb is not None else f"{'-':>9}"
            was_refused = any(cell.strip() == "refused" for cell in cells)
            if (per_kb[-1] is None and not was_refused) or (mb is not None and cpu_mb > TARGET_SECONDS_PER_MB):
                slow.append(f"{name} {kind}")
            print(f"  {kind:18}{''.join(cells)}{growth}{at_mb}", flush=True)
        print()
    print(f"over {TARGET_SECONDS_PER_MB:.0f} s of CPU per MB or timed out: {', '.join(slow) or 'none'}")
    for line in refused:
        print(f"refused by the pack (a tagtext error, not timed): {line}")
    print(f"after: {load_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
