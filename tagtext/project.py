"""A maintainer's project: their own special rulings and banlist over the pack's, and the
project file, ``tagtext.toml``, that names them with the pack, the card database and where
outputs go, so every command of a project reads the same things.

``tagtext.toml`` is read from the current directory, or from the file ``--config`` names::

    pack = "tag-tamer"                  # --pack
    database = "DigimonCards.json"      # DB: convert, errata, coverage, check-overrides;
                                        # --db: rewrite, deck check
    rulings = "rulings.toml"            # --rulings: rewrite, convert, errata, diff, check-overrides
    banlist = "banlist.toml"            # --banlist: deck check

    [output]
    convert = "tagtamer.json"           # convert -o
    errata = "site"                     # errata -o

Paths are relative to the directory the file is in. An option given on the command line
wins over the file, and the file over the pack's own defaults. Every key is optional; an
unknown key is an error (a typo would otherwise be ignored).

Merging (one rule, per entry id): a maintainer's rulings file and banlist file are laid
over the pack's shipped ones. An entry whose id the pack's file also has **replaces** it
(a ruling by its ``id``; a banlist entry by its card); any other entry **extends** it.
"""

from __future__ import annotations

import copy
from dataclasses import field
from pathlib import Path

from .errors import TagTextError
from .records import record
from .tomlfile import read_toml

#: the project file's name, looked for in the current directory
FILE = "tagtext.toml"
#: the keys it may have, and what each is
KEYS = {
    "pack": "the pack (tag format) every command uses",
    "database": "the card database every command reads",
    "rulings": "a special-ruling table laid over the pack's",
    "banlist": "a banlist laid over the pack's",
    "output": "where convert and errata write ([output] convert = ..., errata = ...)",
}
OUTPUTS = ("convert", "errata")


class ProjectError(TagTextError):
    """A project file that cannot be used: one line naming it and the key."""


@record(frozen=True)
class Project:
    """A project file, read: its path and its settings (paths made absolute)."""

    path: Path
    pack: str | None = None
    database: str | None = None
    rulings: str | None = None
    banlist: str | None = None
    output: dict[str, str] = field(default_factory=dict)

    def default_map(self) -> dict:
        """The settings as click defaults, per command (option and argument names)."""
        def some(**values) -> dict:
            return {k: v for k, v in values.items() if v is not None}

        pack = some(pack=self.pack)
        return {
            "rewrite": some(**pack, rulings=self.rulings, db=self.database),
            "parse": pack,
            "coverage": some(**pack, db=self.database),
            "convert": some(**pack, db=self.database, rulings=self.rulings, output=self.output.get("convert")),
            "diff": some(**pack, rulings=self.rulings),
            "errata": some(**pack, db=self.database, rulings=self.rulings, out=self.output.get("errata")),
            "check-overrides": some(**pack, db=self.database, rulings=self.rulings),
            "deck": {"check": some(**pack, db=self.database, banlist=self.banlist)},
            "db": {"export": pack},
        }


def find(explicit: str | None = None, directory: Path | None = None) -> Path | None:
    """The project file to read: the one named (``--config``), else ``tagtext.toml`` in
    ``directory`` (the current one) if there is one."""
    if explicit is not None:
        return Path(explicit)
    candidate = directory / FILE if directory is not None else Path(FILE)
    return candidate if candidate.is_file() else None


def load(path: str | Path) -> Project:
    """Read a project file; a file that cannot be read or used is a one-line
    :class:`ProjectError` naming it."""
    path = Path(path)
    doc = read_toml(path, ProjectError, "no such project file")
    unknown = sorted(set(doc) - set(KEYS))
    if unknown:
        raise ProjectError(f"{path}: unknown key {unknown[0]!r} (a project file has {', '.join(KEYS)})")
    base = path.parent

    def text(key: str) -> str | None:
        value = doc.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise ProjectError(f"{path}: {key} must be text ({KEYS[key]})")
        return value

    def located(key: str) -> str | None:
        value = text(key)
        return None if value is None else str(base / value)

    output = doc.get("output", {})
    if not isinstance(output, dict) or not all(isinstance(v, str) and v.strip() for v in output.values()):
        raise ProjectError(f"{path}: [output] must name a file or directory per command "
                           f"({', '.join(f'{c} = ...' for c in OUTPUTS)})")
    wrong = sorted(set(output) - set(OUTPUTS))
    if wrong:
        raise ProjectError(f"{path}: [output] {wrong[0]!r} is not a command that writes to -o "
                           f"({', '.join(OUTPUTS)})")
    return Project(path, text("pack"), located("database"), located("rulings"), located("banlist"),
                   {command: str(base / value) for command, value in output.items()})


def with_notes(pack, notes: bool = True):
    """``pack`` with its notes off when ``notes`` is False (``--no-notes``), else ``pack``
    itself: :meth:`tagtext.packs.base.Pack.with_notes`, which refuses a pack that writes
    none (one line). Lay a maintainer's rulings (:func:`with_rulings`) over the result,
    not before: the pack's table then already lacks the rulings that only add a note."""
    return pack if notes else pack.with_notes(False)


def with_rulings(pack, path: str | None):
    """``pack`` with a maintainer's special-ruling table laid over its own (see
    :func:`tagtext.rulings.merge`), or ``pack`` itself when ``path`` is None. The pack
    object is not changed: every command of this run uses the copy."""
    if path is None:
        return pack
    from .rulings import load_table, merge

    table = merge(pack.rulings(), load_table(path))
    customised = copy.copy(pack)
    customised.rulings = lambda: table
    return customised
