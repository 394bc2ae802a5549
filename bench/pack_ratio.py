"""The real `tagtext convert` of each pack's shipped database against two floors, every
command a fresh process, as a user runs them.

    .venv/bin/python bench/pack_ratio.py [--pack NAME|all] [--rounds N] [--jobs 1,2]

For every installed pack (``tagtext.packs.names()``: a new pack is measured without
editing this script), each round runs, in turn and in fresh processes:

- the **plain floor**: what any converter must at least do: load the pack's shipped
  database (its JSON, gunzipped), make one regular-expression pass over every string in
  it, and dump the result as JSON to a file;
- the **lean floor**: the same, touching only the fields that hold the texts tagtext
  converts (found by matching the pack's own loader's texts against the raw entries);
- the **stack floor**: ``python -c "import click, lark"``, what the command costs before
  tagtext runs a line of its own (Python and the two libraries its CLI and grammars are
  built on; shown with its ratio to the plain floor: the part of the target the stack
  takes whatever tagtext does);
- ``tagtext convert --pack NAME -o OUT`` (start-up, imports, grammar, loading, rewriting,
  writing), with ``--jobs N`` for each N asked for when convert has ``--jobs``.

The order rotates from round to round; one untimed round warms the page cache first.
Times are medians; a ratio is the median over rounds of the two commands' times in the
same round (the targets read the wall time; the CPU time's ratio, steadier on a loaded
machine, is printed too: for --jobs N it adds up the processes). Memory is each command's peak resident set (for --jobs N, the largest of
its processes). The machine's load is printed first: on a shared machine the figures
are only as steady as it is.

Targets (issue 22): convert at most 4x the plain floor on one job, at most 3x with
--jobs 2 on an idle machine.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

from _fresh import (Failed, interleaved, load_line, median, median_ratio, peak, python_c,
                    tagtext_script)

TARGETS = {1: 4.0, 2: 3.0}

#: The plain floor: every string of each entry through one regex, each entry's strings
#: dumped as a list (no structure rebuilt: the cheapest honest reading of "load, one
#: regex pass over every string, dump").
PLAIN = r"""
import gzip, json, re, sys
path, out = sys.argv[1], sys.argv[2]
opener = gzip.open if path.endswith(".gz") else open
with opener(path, "rt", encoding="utf-8") as f:
    doc = [json.loads(line) for line in f if line.strip()] if ".jsonl" in path else json.load(f)
pattern = re.compile(r"\byour opponent\b")
def texts(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from texts(v)
    elif isinstance(value, list):
        for v in value:
            yield from texts(v)
entries = doc if isinstance(doc, list) else [doc]
result = [[pattern.sub("1 of your opponents", t) for t in texts(e)] for e in entries]
with open(out, "w", encoding="utf-8") as f:
    json.dump(result, f, ensure_ascii=False)
"""

#: The lean floor: only the text fields (key paths given as JSON), one regex pass, dumped.
LEAN = r"""
import gzip, json, re, sys
path, out, paths = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
opener = gzip.open if path.endswith(".gz") else open
with opener(path, "rt", encoding="utf-8") as f:
    doc = [json.loads(line) for line in f if line.strip()] if ".jsonl" in path else json.load(f)
if isinstance(doc, dict):
    doc = doc.get("cards") or doc.get("data") or []
pattern = re.compile(r"\byour opponent\b")
def field(entry, keys):
    for k in keys:
        if not isinstance(entry, dict):
            return None
        entry = entry.get(k)
    return entry if isinstance(entry, str) else None
result = [[pattern.sub("1 of your opponents", t) for t in (field(e, p) for p in paths) if t] for e in doc]
with open(out, "w", encoding="utf-8") as f:
    json.dump(result, f, ensure_ascii=False)
"""

#: The stack floor: the interpreter and the libraries tagtext's CLI and grammars are built on.
STACK = "import click, lark"

_DATA_SUFFIXES = (".json.gz", ".jsonl.gz", ".json", ".jsonl")


def shipped_file(pack) -> Path | None:
    """The card database file the pack ships (the largest JSON file in its ``data``
    folder), or None."""
    package = type(pack).__module__
    try:
        data = resources.files(package).joinpath("data")
        files = [Path(str(p)) for p in data.iterdir() if p.name.endswith(_DATA_SUFFIXES)]
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError):
        return None
    return max(files, key=lambda p: p.stat().st_size) if files else None


def _entries(path: Path) -> list:
    opener = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        if ".jsonl" in path.name:
            return [json.loads(line) for line in f if line.strip()]
        doc = json.load(f)
    if isinstance(doc, dict):
        doc = doc.get("cards") or doc.get("data") or []
    return doc


def text_paths(pack, path: Path) -> list[list[str]]:
    """The key paths, in the raw entries of ``path``, of the strings the pack's loader
    reads as card texts (``["effect"]``, ``["text", "en"]``): what the lean floor reads.
    Each entry is matched with its own card (a shipped database skips no entry); a path
    is kept where most of the strings it holds are their card's texts (not, say, a
    "materials" line that a few cards also print as their text)."""
    database = pack.load_database(None)
    entries = _entries(path)
    if len(entries) == len(database.cards):
        owners = [set(card.texts.values()) for card in database.cards]
    else:  # some entries skipped: any card's text will do
        every = {text for card in database.cards for text in card.texts.values()}
        owners = [every] * len(entries)
    held: dict[tuple[str, ...], int] = {}
    found: dict[tuple[str, ...], int] = {}

    def walk(value, keys, texts):
        if isinstance(value, str):
            if len(value.strip()) > 1:  # not a placeholder ("", "-")
                held[keys] = held.get(keys, 0) + 1
            if value in texts:
                found[keys] = found.get(keys, 0) + 1
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, keys + (k,), texts)

    for entry, texts in zip(entries, owners):
        walk(entry, (), texts)
    return [list(keys) for keys in sorted(found) if found[keys] * 2 > held.get(keys, 0)]


def has_jobs() -> bool:
    """Whether this tagtext's convert takes --jobs."""
    out = subprocess.run([str(tagtext_script()), "convert", "--help"], capture_output=True, text=True).stdout
    return "--jobs" in out


def measure(name: str, rounds: int, jobs: list[int]) -> None:
    from tagtext import packs
    pack = packs.get(name)
    db = shipped_file(pack)
    if db is None:
        print(f"{name}: no shipped JSON database found in its data folder; skipped\n")
        return
    paths = text_paths(pack, db)
    entries = len(_entries(db))
    script = str(tagtext_script())
    with tempfile.TemporaryDirectory() as tmp:
        commands = {
            "plain floor": python_c(PLAIN, str(db), f"{tmp}/plain.json"),
            "lean floor": python_c(LEAN, str(db), f"{tmp}/lean.json", json.dumps(paths)),
            "stack floor": python_c(STACK),
        }
        for j in jobs:
            jobs_args = ["--jobs", str(j)] if j else []
            commands[f"convert -j{j}" if j else "convert"] = [
                script, "-q", "convert", "--pack", name, "-o", f"{tmp}/out{j}.json", *jobs_args]
        try:
            runs = interleaved(commands, rounds)
        except Failed as e:
            print(f"{name}: {e}\n")
            return
        digests = {j: hashlib.sha256(Path(f"{tmp}/out{j}.json").read_bytes()).hexdigest()[:12] for j in jobs}
    print(f"{name}: {db.name}, {entries} entries; text fields {', '.join('.'.join(p) for p in paths)}")
    plain, lean = runs["plain floor"], runs["lean floor"]
    print(f"  {'':14} {'median':>8} {'min':>7} {'CPU':>7} {'peak RSS':>9}   {'/ plain':>8} {'/ lean':>7}"
          f" {'CPU / plain':>12}")
    for label, rs in runs.items():
        line = (f"  {label:14} {median(rs):6.3f} s {min(r.wall for r in rs):5.3f} s {median(rs, 'cpu'):5.3f} s "
                f"{peak(rs):6.0f} MB")
        if label == "stack floor":
            line += f"   {median_ratio(rs, plain):6.1f}x {median_ratio(rs, lean):6.1f}x {median_ratio(rs, plain, 'cpu'):11.1f}x"
        if label.startswith("convert"):
            j = int(label.split("-j")[1]) if "-j" in label else 1
            ratio = median_ratio(rs, plain)
            target = TARGETS.get(j)
            verdict = "" if target is None else f"  (target <= {target:.0f}x: {'ok' if ratio <= target else 'MISSED'})"
            line += (f"   {ratio:6.1f}x {median_ratio(rs, lean):6.1f}x {median_ratio(rs, plain, 'cpu'):11.1f}x"
                     f"{verdict}")
        print(line)
    if len(set(digests.values())) > 1:
        print(f"  OUTPUTS DIFFER between job counts: {digests}")
    elif len(jobs) > 1:
        print(f"  outputs byte-identical for every job count (sha256 {next(iter(digests.values()))})")
    print()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pack", default="all", help="a pack name, or all (default)")
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--jobs", default="1,2",
                    help="job counts to run convert with, comma-separated (default 1,2; ignored, one "
                         "plain run, when convert has no --jobs)")
    args = ap.parse_args()
    from tagtext import packs
    names = packs.names() if args.pack == "all" else (args.pack,)
    jobs = [int(j) for j in args.jobs.split(",")] if has_jobs() else [0]
    print(f"machine: {load_line()}")
    print(f"{args.rounds} rounds, each command a fresh process, interleaved; medians\n")
    for name in names:
        measure(name, args.rounds, jobs)
    print(f"after: {load_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
