"""tagtext deck check"""

from __future__ import annotations

import sys

import click

from ..deck import deck_rules_of
from ..deck.model import read_deck_stdin
from ..deck.render import render_text
from . import streams
from ..carddb import ShapeError
from .common import PackCommand, errors_exit, global_flags, report_problems
from .common import note as note_line


@click.group("deck")
def deck():
    """Check decks against a format's deck rules."""


@deck.command("check", cls=PackCommand)
@global_flags
@click.argument("deck_a", metavar="DECK_A")
@click.argument("deck_b", metavar="[DECK_B]", required=False)
@click.option("--pack", metavar="NAME", default=None, is_eager=True,
              help="The format whose deck rules apply (default: tag-tamer; tagtext.toml: pack). Given before "
                   "--help, the help is that format's.")
@click.option("--db", metavar="DB", default=None, help="Card database to look cards up in (default: the shipped one).")
@click.option("--banlist", metavar="FILE", default=None,
              help="Your own banlist (the pack's format), laid over the pack's per card: a card your file lists has "
                   "the status your file gives it. tagtext.toml: banlist.")
@click.option("--variant", metavar="NAME", default=None,
              help="The variant of the format's deck rules, for a format that has several (dm-tag-commander: "
                   "DTC, DTCS, DTB; default DTC; bd-tag: standard, two-limit).")
@click.option("--two-limit", is_flag=True,
              help="Build Divide's Two-Limit (402-1a): at most 2 per name, the chosen ace up to 4; the same as "
                   "--variant two-limit, for a format that has it (bd-tag).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check(deck_a, deck_b, pack, db, banlist, variant, two_limit, as_json):
    """Check a team's decks DECK_A and DECK_B (or one deck alone) against the format's
    deck rules, and say exactly what is illegal.

    A deck is a file, or "-" for a list pasted or piped on stdin, recognised by content:
    {deck_formats}. The {title} rules; --pack names another format's.

    The report names the banlist used (the pack's, with --banlist FILE laid over it), its
    date and whether it is empty, and what could not be checked: a team checked against an
    empty banlist is "legal as far as checked", never plainly legal.

    Exit status: 0 when legal (as far as checked), 1 when not, 2 on a usage error or an
    unreadable deck, database or banlist.

    \b
    Examples:
      tagtext deck check alice.txt bob.txt
      tagtext deck check - bob.txt < alice-pasted.txt
      tagtext deck check alice.txt bob.json --json | jq '.problems[].message'
      tagtext deck check mine.txt --db {shipped}
      tagtext deck check --pack ygo-tag alice.ydk bob.ydk
      tagtext deck check alice.txt bob.txt --banlist our-banlist.toml
    """
    if deck_a == "-" and deck_b == "-":
        raise click.UsageError("DECK_A and DECK_B are both \"-\": only one deck can be read from stdin")
    with errors_exit(2):
        rules = deck_rules_of(pack)
        if two_limit:
            if variant not in (None, "two-limit"):
                raise click.UsageError(f"--two-limit and --variant {variant}: give one of them")
            if "two-limit" not in getattr(rules, "VARIANTS", ()):
                raise click.UsageError("--two-limit: this format's deck rules have no Two-Limit variant")
            variant = "two-limit"
        # a format with variants (Tag Commander's DTC, DTCS, DTB) takes the one named
        if variant is not None and not getattr(rules, "VARIANTS", ()):
            raise click.UsageError(f"--variant {variant}: this format's deck rules have no variants")
        paths = [p for p in (deck_a, deck_b) if p is not None]
        decks = [_read(rules, path, label) for path, label in zip(paths, ("A", "B"))]
        # a pack whose deck rules read their own card facts says how to load them
        from .. import packs
        database = getattr(rules, "load_database", packs.get(pack).load_database)(db)
        if db is not None:
            _check_database(database)
        extra = {"variant": variant} if variant is not None else {}
        report = rules.check_team(decks, database, rules.load_banlist(banlist), **extra)
        if as_json:
            streams.print_json(report.to_json(), indent=2)
        else:
            streams.echo(render_text(report), nl=False)
    sys.exit(0 if report.legal else 1)


def _read(rules, path: str, label: str):
    """One deck: a file, or "-" for a list pasted or piped on stdin."""
    if path != "-":
        return rules.read_deck(path, label)
    if sys.stdin is not None and sys.stdin.isatty():
        note_line(f"tagtext: reading deck {label} from stdin: paste the list, then Ctrl-D")
    return rules.parse_deck(read_deck_stdin(), "<stdin>", label)


def _check_database(database) -> None:
    """A --db that no longer looks like a card database (renamed fields, another game's,
    empty) would make every card unknown and a legal team illegal: refuse it as unreadable
    (exit 2). Entries it skipped are reported, as they may make cards unknown."""
    problem = database.shape_problem(texts=False)
    if problem:
        raise ShapeError(f"{problem} — the decks were not checked against it")
    report_problems(database.problems, "warning")
