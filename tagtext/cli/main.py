"""The ``tagtext`` command.

Commands are imported when used, not at start-up: ``tagtext convert`` does not pay for
the errata site's templates, and ``tagtext --help`` stays fast.
"""

from __future__ import annotations

import importlib
import sys

import click

from .. import __version__
from . import common, streams

#: command name -> "module:attribute" of its click command
COMMANDS = {
    "parse": ("tagtext.cli.parse_cmd:parse", "Parse effect text and print its syntax tree."),
    "rewrite": ("tagtext.cli.rewrite_cmd:rewrite", "Rewrite card text for a tag format (--pack; Tag Tamer by default)."),
    "coverage": ("tagtext.cli.coverage_cmd:coverage", "Report how much of a card database the grammar understands."),
    "convert": ("tagtext.cli.convert_cmd:convert", "Convert a whole card database to a tag format's text."),
    "diff": ("tagtext.cli.diff_cmd:diff", "Show what changed between two databases or conversions."),
    "errata": ("tagtext.cli.errata_cmd:errata", "Build the errata pages (static site or wiki tables)."),
    "packs": ("tagtext.cli.packs_cmd:list_packs", "List the installed rule packs (tag formats)."),
    "check-overrides": ("tagtext.cli.overrides_cmd:check_overrides", "List special rulings that are stale or name unknown cards."),
    "deck": ("tagtext.cli.deck_cmd:deck", "Check a team's decks against the format's deck rules (deck check)."),
    "db": ("tagtext.cli.db_cmd:db", "Write out the card database a pack ships (db export)."),
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

    def make_context(self, info_name, args, parent=None, **extra):
        # A fresh run: the flags start unset (given before or after the command, they set them).
        common.FLAGS.update(quiet=False, debug=False)
        common.install_signal_handlers()
        if "default_map" not in extra and not any(a == "--config" or a.startswith("--config=") for a in args):
            # tagtext.toml in the current directory (--config names another one instead)
            extra["default_map"] = common.project_defaults(None)
        return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx):
        # The last resort: whatever a command lets through becomes one line and exit 3
        # (click's own exceptions and sys.exit pass).
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except common.Terminated:
            common.fail("terminated", common.EXIT_TERMINATED)
        except Exception as e:  # noqa: BLE001
            common.internal_error(e)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """click's main, with its messages in tagtext's form: every line on stderr starts
        ``tagtext:`` (a usage error is ``tagtext: error: ...`` then ``tagtext: usage: ...``)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:  # `tagtext`, `tagtext deck`: the help, on stdout
            streams.echo(e.ctx.get_help())
            sys.exit(e.exit_code)
        except click.UsageError as e:
            common.usage_error(e)
        except click.ClickException as e:
            common.fail(e.format_message(), e.exit_code)
        except click.Abort:
            common.fail("interrupted", common.EXIT_INTERRUPTED)
        sys.exit(code if isinstance(code, int) else 0)

    def format_commands(self, ctx, formatter):
        # Short help from the table above, so listing commands imports none of them.
        rows = [(name, help_) for name, (_, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@common.global_flags
@click.version_option(__version__, prog_name="tagtext")
def cli():
    """Compile official card effect text into the text of a tag (2v2) format.

    Each format is a rule pack (`--pack`, `tagtext packs`); the default is Tag Tamer, the
    Digimon Card Game's 2v2 format.

    Exit status: 0 on success; 1 when the input is bad, an output cannot be written, or
    entries of a database were skipped; 2 for a usage error; 3 for an internal error (a
    bug: please report it; --debug shows the traceback); 130 on Ctrl-C, 143 on SIGTERM.
    `tagtext diff --exit-code` exits 1 when the inputs differ and 2 on any error.

    NO_COLOR (set and not empty) or TERM=dumb turns colour off unless --color always is given.
    """


def main() -> None:
    streams.guard_closed_stdout()
    try:
        cli(prog_name="tagtext")
    except common.Terminated:
        common.fail("terminated", common.EXIT_TERMINATED)
    except KeyboardInterrupt:
        common.fail("interrupted", common.EXIT_INTERRUPTED)
    except OSError as e:  # outside any command only --help and --version write: to stdout
        common.fail(f"{e.filename or streams.STDOUT_NAME}: {e.strerror or e}")
    except Exception as e:  # noqa: BLE001 - outside any command (start-up): still one line
        common.internal_error(e)


if __name__ == "__main__":
    main()
