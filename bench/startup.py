"""Start-up: short tagtext commands against `python -c "import lark"`, each a fresh process.

    .venv/bin/python bench/startup.py [--rounds N]

Each round runs, in turn (the order rotating), ``python -c pass`` (Python itself),
``python -c "import lark"`` (the reference: tagtext cannot start faster than the parser
library it needs), ``tagtext --help``, ``tagtext rewrite "Both players draw 2 cards."``
and the same rewrite with every other installed pack. Times are medians; a ratio is the
median over rounds of the command's time over ``import lark``'s in the same round, of the
wall time and of the CPU time (steadier on a loaded machine).

Target (issue 22): the rewrite of one short text within 2.5x of ``import lark``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from _fresh import interleaved, load_line, median, median_ratio, peak, python_c, tagtext_script

TARGET = 2.5
TEXT = "Both players draw 2 cards."


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=21)
    args = ap.parse_args()
    script = str(tagtext_script())
    packs = subprocess.run(python_c("from tagtext import packs; print(*packs.names())"),
                           capture_output=True, text=True, check=True).stdout.split()
    default = subprocess.run(python_c("from tagtext import packs; print(packs.DEFAULT)"),
                             capture_output=True, text=True, check=True).stdout.strip()
    commands = {
        "python -c pass": python_c("pass"),
        "import lark": python_c("import lark"),
        "tagtext --help": [script, "--help"],
        "tagtext rewrite": [script, "rewrite", TEXT],
    }
    for name in packs:
        if name != default:
            commands[f"rewrite --pack {name}"] = [script, "rewrite", "--pack", name, TEXT]
    print(f"machine: {load_line()}")
    print(f"{args.rounds} rounds, each command a fresh process, interleaved; medians; "
          f'rewrite of "{TEXT}"\n')
    runs = interleaved(commands, args.rounds)
    lark = runs["import lark"]
    print(f"  {'':32} {'median':>8} {'min':>7} {'CPU':>7} {'peak RSS':>9}   {'/ import lark':>13} {'CPU':>6}")
    for label, rs in runs.items():
        ratio = median_ratio(rs, lark)
        verdict = f"  (target <= {TARGET}x: {'ok' if ratio <= TARGET else 'MISSED'})" \
            if label == "tagtext rewrite" else ""
        print(f"  {label:32} {median(rs):6.3f} s {min(r.wall for r in rs):5.3f} s {median(rs, 'cpu'):5.3f} s "
              f"{peak(rs):6.0f} MB   {ratio:12.2f}x {median_ratio(rs, lark, 'cpu'):5.2f}x{verdict}")
    print(f"\nafter: {load_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
