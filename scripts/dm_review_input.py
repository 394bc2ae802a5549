"""The review input of the Duel Masters Tag Commander pack: what reviewers who did not write
the rules read against the seed and DM-NOTES to write the reviewed corpus
(tests/fixtures/reviewed/dm-tag-commander.jsonl; tests/packs/dm_tag_commander/test_reviewed.py).

    .venv/bin/python scripts/dm_review_input.py [-o FILE] [--unchanged N] [--shared DIR]
    .venv/bin/python scripts/dm_review_input.py --blind [-o FILE] [--changed 100] [--unchanged 50] [--seed N]

One JSON line per text: every text the rules change on both shared corpora
(../shared/data/dm-classic08-cards.json, dm-2018-texts.json), then N (default 400) of the
texts holding 相手 or プレイヤー that the rules leave as printed, picked at random with a fixed
seed (the same each run), in corpus order. Fields: corpus, id, name, card_type, original,
output, rules (the rules whose edits made the output), residuals (rule, text, reason: what a
rule covers but could not rewrite), changed.

``--blind``: a blind sample for a reviewer who sees only the texts: ``--changed`` (default
100) random changed texts and ``--unchanged`` (default 50) random unchanged texts holding
相手, picked with ``--seed`` (default 20261126), in corpus order; fields corpus, id, name,
card_type, original, output only (no rules, residuals or verdict to lean on).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from tagtext.packs import get

CORPORA = (("classic", "dm-classic08-cards.json"), ("2018", "dm-2018-texts.json"))
SEED = 17
DEFAULT_OUTPUT = "/work/notes/dm-review-input.jsonl"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--unchanged", type=int, default=None)
    parser.add_argument("--blind", action="store_true", help="a blind sample (see the docstring)")
    parser.add_argument("--changed", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--shared", default=os.environ.get("TAGTEXT_SHARED",
                                                           str(Path(__file__).resolve().parents[1].parent / "shared")))
    args = parser.parse_args(argv)
    pack = get("dm-tag-commander")
    changed, unchanged = [], []
    for corpus, name in CORPORA:
        path = Path(args.shared) / "data" / name
        if not path.exists():
            print(f"dm_review_input: no {path} (give --shared or set TAGTEXT_SHARED)", file=sys.stderr)
            return 2
        db = pack.load_database(str(path))
        for card in db.cards:
            for field, text in card.texts.items():
                result = pack.rewrite(text, card.id, field)
                line = {
                    "corpus": corpus, "id": card.id, "name": card.name, "card_type": card.card_type,
                    "original": text, "output": result.text, "rules": list(result.rules),
                    "residuals": [{"rule": r.rule, "text": r.text, "reason": r.reason} for r in result.residuals],
                    "changed": result.text != text,
                }
                if line["changed"]:
                    changed.append(line)
                elif "相手" in text or "プレイヤー" in text:
                    unchanged.append(line)
    if args.blind:
        return _blind(args, changed, unchanged)
    if args.unchanged is None:
        args.unchanged = 400
    picked = sorted(random.Random(SEED).sample(range(len(unchanged)), min(args.unchanged, len(unchanged))))
    lines = changed + [unchanged[i] for i in picked]
    Path(args.output).write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines),
                                 encoding="utf-8")
    print(f"dm_review_input: wrote {args.output}: {len(changed)} changed texts, {len(picked)} of "
          f"{len(unchanged)} unchanged texts with 相手 or プレイヤー", file=sys.stderr)
    return 0


BLIND_FIELDS = ("corpus", "id", "name", "card_type", "original", "output")


def _blind(args, changed: list[dict], unchanged: list[dict]) -> int:
    rng = random.Random(args.seed)
    with_opponent = [line for line in unchanged if "相手" in line["original"]]
    n_unchanged = 50 if args.unchanged is None else args.unchanged
    pick_changed = set(rng.sample(range(len(changed)), min(args.changed, len(changed))))
    pick_unchanged = set(rng.sample(range(len(with_opponent)), min(n_unchanged, len(with_opponent))))
    lines = [changed[i] for i in sorted(pick_changed)] + [with_opponent[i] for i in sorted(pick_unchanged)]
    out = "/work/notes/dm-blind-sample.jsonl" if args.output == DEFAULT_OUTPUT else args.output
    Path(out).write_text("".join(json.dumps({k: line[k] for k in BLIND_FIELDS}, ensure_ascii=False) + "\n"
                                 for line in lines), encoding="utf-8")
    print(f"dm_review_input: wrote {out}: {len(pick_changed)} of {len(changed)} changed texts, "
          f"{len(pick_unchanged)} of {len(with_opponent)} unchanged texts with 相手 (seed {args.seed})",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
