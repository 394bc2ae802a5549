"""The ``tagtext`` command.

Commands are imported when used, not at start-up: ``tagtext convert`` does not pay for
the errata site's templates, and ``tagtext --help`` stays fast.
"""

from __future__ import annotations

import importlib

import click

from .. import __version__

#: command name -> "module:attribute" of its click command
COMMANDS = {
    "parse": ("tagtext.cli.parse_cmd:parse", "Parse effect text and print its syntax tree."),
    "rewrite": ("tagtext.cli.rewrite_cmd:rewrite", "Rewrite effect text for Tag Tamer."),
    "coverage": ("tagtext.cli.coverage_cmd:coverage", "Report how much of a card database the grammar understands."),
    "convert": ("tagtext.cli.convert_cmd:convert", "Convert a whole card database to Tag Tamer text."),
    "diff": ("tagtext.cli.diff_cmd:diff", "Show what changed between two databases or conversions."),
    "errata": ("tagtext.cli.errata_cmd:errata", "Build the errata pages (static site or wiki tables)."),
    "packs": ("tagtext.cli.packs_cmd:list_packs", "List the installed rule packs (tag formats)."),
    "check-overrides": ("tagtext.cli.overrides_cmd:check_overrides", "List special rulings that are stale or name unknown cards."),
    "deck": ("tagtext.cli.deck_cmd:deck", "Check a team's decks against the format's deck rules (deck check)."),
}


class LazyGroup(click.Group):
    """A click group whose commands are imported on first use."""

    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target[0].split(":")
        return getattr(importlib.import_module(module_name), attr)

    def format_commands(self, ctx, formatter):
        # Short help from the table above, so listing commands imports none of them.
        rows = [(name, help_) for name, (_, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="tagtext")
def cli():
    """Compile official card effect text into the text of a tag (2v2) format.

    Each format is a rule pack (`--pack`, `tagtext packs`); the default is Tag Tamer, the
    Digimon Card Game's 2v2 format.

    Exit status: 0 on success, 1 when the input is bad or a command fails, 2 for a usage
    error. `tagtext diff --exit-code` exits 1 when the inputs differ.
    """


def main() -> None:
    cli(prog_name="tagtext")


if __name__ == "__main__":
    main()
