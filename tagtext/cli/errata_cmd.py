"""tagtext errata"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..errata import FORMATS, build_errata
from .common import (OutputPath, PackCommand, TextNotRewritten, allow_empty_option, global_flags, handle_errors,
                     jobs_option, note, notes_option, pack_option, plural, report_problems, rulings_option,
                     strict_option)


@click.command("errata", cls=PackCommand)
@global_flags
@click.argument("db", required=False)
@click.option("-o", "--output", "out", required=True, metavar="DIR",
              type=OutputPath(click.Path(file_okay=False, path_type=Path), stdout=False),
              help="Directory to write (created; replaced only if an earlier `tagtext errata` wrote it).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="html", show_default=True,
              help="html: a static site. wiki: Markdown pipe tables, one file per set.")
@allow_empty_option
@strict_option
@jobs_option
@rulings_option
@notes_option
@pack_option(recorded=True)
@handle_errors
def errata(db, out, fmt, allow_empty, strict, jobs, rulings, notes, pack):
    """Build the errata pages for card database DB (the shipped database when absent).

    Every card whose text {title} changes: the printed and the {title} text side by
    side, each change highlighted and explained by its rule; a rules page with a real
    example of each rule; the special rulings and their reasons; and what is flagged for
    the maintainers (residuals, stale rulings, texts that could not be read).

    \b
    --format html (default) writes a static site to DIR:
      index.html, rules.html, maintainers.html, static/ (CSS, filter script).
      It fetches nothing: open DIR/index.html from disk or serve DIR as it is.
    --format wiki writes Markdown pipe tables in the manual's "| printed | {title} |"
      style, one file per set (BT12.md ...), plus rules.md, maintainers.md, README.md.

    DIR is written whole or not at all: the output is built next to it and renamed
    into place. An existing DIR is replaced only when it is empty or an earlier run of
    this command wrote it; files in it that tagtext did not write (a CNAME, a .git/, your
    own CSS) are kept. A symbolic link to a directory is followed.

    Entries of DB that are skipped, and texts that cannot be rewritten, are reported (the
    first few of each kind) and the exit status is 1. When nearly every entry is skipped
    or no card has any text, DIR is kept as it was and the exit status is 1
    (--allow-empty builds anyway). With --strict, a conversion with residuals or stale
    special rulings fails the build: DIR is kept, the exit status is 1.

    \b
    Examples:
      tagtext errata -o site
      tagtext errata path/to/{shipped} -o site
      tagtext errata --rulings our-rulings.toml -o site
      tagtext errata --format wiki -o wiki-tables
    """
    if str(out) == "-":
        raise click.UsageError("-o -: the errata pages are a directory of files, they cannot go to stdout; "
                               "give a directory (-o site)")
    report = build_errata(db, out, fmt, pack, allow_empty, rulings, strict, jobs=jobs, notes=notes)
    errata_ = report.errata
    counts = errata_.flag_counts()
    counts.setdefault("residual", (0, "residuals"))
    counts.setdefault("stale ruling", (0, "stale rulings"))
    flagged = ", ".join(f"{n} {noun}" for n, noun in counts.values())
    skipped = report_problems(errata_.entry_problems)
    unreadable = report_problems(TextNotRewritten(f"{errata_.source}: {f.card.id} {f.field}: {'; '.join(f.messages)}")
                                 for f in errata_.flags if f.kind == "unreadable")
    if report.kept:
        shown = ", ".join(report.kept[:5]) + (" ..." if len(report.kept) > 5 else "")
        note(f"tagtext: kept {plural(len(report.kept), 'file')} tagtext did not write in {out}: {shown}")
    note(
        f"tagtext: wrote {plural(len(report.files), 'file')} to {out}: {plural(errata_.cards, 'card')} in "
        f"{plural(len(errata_.sets), errata_.grouping_noun, errata_.grouping_plural)}; for the maintainers: {flagged}; "
        f"{plural(skipped, 'database entry', 'database entries')} skipped or repaired "
        f"({report.seconds:.1f} s)"
    )
    sys.exit(1 if skipped or unreadable else 0)
