"""A reviewed corpus whose lines name their card by ``id`` (the Japanese packs' reviewers
write ``{id, original, expected, note, …}``; tests/test_reviewed_corpus.py holds the packs
whose lines name ``card`` and ``field``): the lines, the known defects, and one test
parameter a line.

``tests/fixtures/reviewed/<pack>.jsonl`` holds the lines, ``<pack>-open.json``
(``{"open": [{"id": ..., "why": ...}]}``) the known defects: a line listed there must still
differ (strict xfail), so a fix that makes it pass takes it off the list. A pack's test
module asks for its corpus with :func:`reviewed_corpus` and says how a line is rewritten.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

REVIEWED = Path(__file__).resolve().parents[1] / "fixtures" / "reviewed"


@dataclass(frozen=True)
class ReviewedCorpus:
    #: the reviewed lines, in file order
    lines: tuple[dict, ...]
    #: id of a line that is a known defect -> why
    known: dict[str, str]

    def params(self) -> list:
        """One ``pytest.param`` a line, named by its id; a known defect a strict xfail."""
        return [pytest.param(line, id=line["id"],
                             marks=[pytest.mark.xfail(strict=True, reason=self.known[line["id"]])]
                             if line["id"] in self.known else [])
                for line in self.lines]

    def ids(self) -> list[str]:
        """Every line's id, after checking that each text is reviewed once and that the open
        list names reviewed texts only."""
        ids = [line["id"] for line in self.lines]
        assert len(ids) == len(set(ids)), "a text reviewed twice"
        assert set(self.known) <= set(ids), "an open line that is not reviewed"
        return ids


def reviewed_corpus(pack_name: str, review_input: str) -> ReviewedCorpus:
    """The reviewed corpus of ``pack_name``; the calling test module is skipped while the
    reviewers have not written it (from ``review_input``)."""
    corpus = REVIEWED / f"{pack_name}.jsonl"
    if not corpus.exists():
        pytest.skip(f"no reviewed corpus yet ({corpus.name}: the reviewers write it from {review_input})",
                    allow_module_level=True)
    lines = tuple(json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip())
    open_list = REVIEWED / f"{pack_name}-open.json"
    known = ({o["id"]: o["why"] for o in json.loads(open_list.read_text(encoding="utf-8"))["open"]}
             if open_list.exists() else {})
    return ReviewedCorpus(lines, known)
