"""Coverage figures of the Duel Masters Tag Commander pack on the shared corpora.

    .venv/bin/python scripts/dm_coverage.py [--top N] [--json] [--shared DIR]

Reads ../shared/data/dm-classic08-cards.json and ../shared/data/dm-2018-texts.json (or
$TAGTEXT_SHARED/data) with the pack's own card database reader and prints, for each corpus
and both together: parse errors, exact round trips, how many texts hold 相手 or プレイヤー and
how many of those are accounted for (rewritten, a residual, a clarify-only rule, quoted
text), the residual share, what accounts for each player phrase, how many texts each rule
changes, and the phrases nothing accounts for (there should be none).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from tagtext.packs import get
from tagtext.packs.dm_tag_commander.coverage import CoverageReport, coverage

CORPORA = ("dm-classic08-cards.json", "dm-2018-texts.json")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--shared", default=os.environ.get("TAGTEXT_SHARED",
                                                           str(Path(__file__).resolve().parents[1].parent / "shared")))
    args = parser.parse_args(argv)
    pack = get("dm-tag-commander")
    reports = {}
    for name in CORPORA:
        path = Path(args.shared) / "data" / name
        if not path.exists():
            print(f"dm_coverage: no {path} (give --shared or set TAGTEXT_SHARED)", file=sys.stderr)
            return 2
        reports[name] = coverage(pack, pack.load_database(str(path)))
    both = CoverageReport()
    for report in reports.values():
        both.texts += report.texts
        both.parse_errors += report.parse_errors
        both.round_trips += report.round_trips
        both.items += report.items
    reports["both"] = both
    if args.json:
        print(json.dumps({name: r.to_json() for name, r in reports.items()}, ensure_ascii=False, indent=1))
    else:
        for name, report in reports.items():
            print(f"== {name}")
            for line in report.summary_lines(args.top if name == "both" else 0):
                print(line)
            print()
    return 0 if not both.parse_errors and not both.unaccounted() else 1


if __name__ == "__main__":
    sys.exit(main())
