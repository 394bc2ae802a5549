"""The texts independent reviewers read for the bd-tag pack's reviewed corpus.

    .venv/bin/python scripts/bd_review_input.py [-o /work/notes/bd-review-input.jsonl]

One JSON line per text: every distinct effect of the shipped collaboration list (changed or
not: the issue asks for every collab effect), the golden pairs (tests/fixtures/golden/
bd-seed-examples.json) and the constructed texts of the rule fixtures
(tests/packs/bd_tag/rules/*.json) that no card prints. Fields: ``corpus`` (collab, golden,
crafted), ``id`` (the first card printing the text; ``golden-N``; ``crafted-<rule>-N``),
``name``, ``card_type`` (the type the text is read as: a command's unlabelled text is
played, a unit's continuous; null: not known, read as a command's), ``original``, ``output``
(notes on), ``rules``, ``residuals`` (the reasons), ``changed``, ``risky`` (holds 相手, 味方,
ライフ …). Reviewers write tests/fixtures/reviewed/bd-tag.jsonl from it (see
tests/packs/bd_tag/test_reviewed.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tagtext.packs import get
from tagtext.packs.bd_tag.coverage import _RISKY

ROOT = Path(__file__).resolve().parents[1]
KIND_TYPE = {"コマンド": "command", "自動": "unit", "永続": "unit", None: None}


def line(pack, corpus: str, card_id: str, name: str, card_type: str | None, text: str) -> dict:
    key = f"review:{card_id}"
    pack.add_card(key, card_type)
    result = pack.rewrite(text, key, "effect")
    return {"corpus": corpus, "id": card_id, "name": name, "card_type": card_type, "original": text,
            "output": result.text, "rules": list(result.rules), "residuals": [r.reason for r in result.residuals],
            "changed": result.changed, "risky": bool(_RISKY.search(text))}


def lines(pack) -> list[dict]:
    out = []
    seen = set()
    db = pack.load_database()
    for card, _, text in db.texts():
        if text in seen:
            continue
        seen.add(text)
        out.append(line(pack, "collab", card.id, card.name, card.card_type or None, text))
    golden = json.loads((ROOT / "tests/fixtures/golden/bd-seed-examples.json").read_text(encoding="utf-8"))
    for i, pair in enumerate(golden):
        seen.add(pair["original"])
        out.append(line(pack, "golden", f"golden-{i}", pair["card"] or "", KIND_TYPE[pair["ability"]],
                        pair["original"]))
    by_id = db.by_id()
    for path in sorted((ROOT / "tests/packs/bd_tag/rules").glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for k, case in enumerate(doc["cases"]):
            if case["before"] in seen:
                continue
            seen.add(case["before"])
            card = by_id.get(case.get("card"))
            out.append(line(pack, "crafted", f"crafted-{doc['rule']}-{k}", card.name if card else "",
                            (card.card_type or None) if card else None, case["before"]))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", default="-")
    args = parser.parse_args(argv)
    text = "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in lines(get("bd-tag")))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
