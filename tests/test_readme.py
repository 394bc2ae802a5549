"""The README's worked examples, run: every ```console block, command by command, in a
fresh directory per section (holding the example decks, and each ```toml block whose first
line names its file: ``# rulings.toml``), its shown output compared with the real one.

A shown line is matched exactly, but for a line of only ``...``, which stands for any
number of lines. Lines starting ``tagtext:`` are what the command prints on stderr (every
stderr line does start so), the others what it prints on stdout; each stream is matched in
its own order, so how a terminal interleaves them does not matter.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
#: the example decks the README's deck sections name
DECKS = (ROOT / "tests" / "deck" / "fixtures", ROOT / "tests" / "deck" / "ygo" / "fixtures",
         ROOT / "tests" / "deck" / "dm" / "fixtures", ROOT / "tests" / "deck" / "bd" / "fixtures")
FILE_LINE = re.compile(r"^# ([\w.-]+\.(?:toml|txt|json|ydk))\b")


@dataclass
class Command:
    line: int
    command: str
    shown: list[str] = field(default_factory=list)


@dataclass
class Section:
    title: str
    commands: list[Command] = field(default_factory=list)
    #: the files its ```toml blocks name, and those of the sections before it in its chapter
    files: dict[str, str] = field(default_factory=dict)


def sections() -> list[Section]:
    out: list[Section] = []
    current = Section("(top)")
    lines = README.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if re.match(r"#{2,3} ", line):
            if current.commands:
                out.append(current)
            inherited = dict(current.files) if line.startswith("### ") else {}
            current = Section(line.lstrip("#").strip(), files=inherited)
        elif line.startswith("```console") or line.startswith("```toml"):
            kind = line[3:].strip()
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            body = lines[i + 1:j]
            if kind == "toml" and body and FILE_LINE.match(body[0]):
                current.files[FILE_LINE.match(body[0]).group(1)] = "\n".join(body) + "\n"
            elif kind == "console":
                for k, text in enumerate(body):
                    if text.startswith("$ "):
                        current.commands.append(Command(i + 2 + k, text[2:]))
                    elif current.commands:
                        current.commands[-1].shown.append(text)
            i = j
        i += 1
    if current.commands:
        out.append(current)
    return out


def matches(shown: list[str], real: list[str]) -> bool:
    """Whether ``real`` is ``shown``, a line of ``...`` standing for any lines, and
    ``...`` within a line for any text (a time: ``(... s)``)."""
    if not shown:
        return not real
    if shown[0].strip() == "...":
        return any(matches(shown[1:], real[k:]) for k in range(len(real) + 1))
    return bool(real) and _line(shown[0]).fullmatch(real[0]) is not None and matches(shown[1:], real[1:])


def _line(shown: str) -> re.Pattern:
    return re.compile(".*".join(re.escape(part) for part in shown.split("...")))


SECTIONS = sections()


def test_the_readme_has_the_worked_examples_the_issue_asks_for():
    titles = [s.title for s in SECTIONS]
    for wanted in ("Your own rulings", "Release day", "Write-back", "Deck check"):
        assert any(t.startswith(wanted) for t in titles), (wanted, titles)


@pytest.mark.parametrize("section", SECTIONS, ids=[s.title for s in SECTIONS])
def test_a_worked_example_prints_what_the_readme_shows(section, tmp_path):
    tagtext = Path(sys.executable).parent / "tagtext"
    if not tagtext.exists():
        pytest.skip(f"no tagtext command next to {sys.executable} (install tagtext into this environment)")
    if any(re.search(r"\bjq\b", c.command) for c in section.commands) and not shutil.which("jq"):
        pytest.skip("the example uses jq, which is not installed")
    for directory in DECKS:
        for deck in directory.iterdir():
            if deck.is_file():
                shutil.copy(deck, tmp_path / deck.name)
    for name, text in section.files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    env = {**os.environ, "PATH": f"{tagtext.parent}{os.pathsep}{os.environ.get('PATH', '')}", "NO_COLOR": "1",
           "LC_ALL": "C.UTF-8", "COLUMNS": "100"}
    env.pop("TAGTEXT_SHARED", None)
    for command in section.commands:
        proc = subprocess.run(["bash", "-o", "pipefail", "-c", command.command], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=600)
        real_err = proc.stderr.splitlines()
        real_out = proc.stdout.splitlines()
        shown_err = [line for line in command.shown if line.startswith("tagtext:")]
        shown_out = [line for line in command.shown if not line.startswith("tagtext:")]
        where = f"README.md:{command.line}: $ {command.command}"
        assert matches(shown_out, real_out), f"{where}\nshown:\n" + "\n".join(shown_out) + "\nreal:\n" + proc.stdout
        assert matches(shown_err, real_err), f"{where}\nshown:\n" + "\n".join(shown_err) + "\nreal:\n" + proc.stderr
