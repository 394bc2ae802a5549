"""What every command shares: reading text arguments, failing in one line, the global
flags (``--quiet``, ``--debug``), the exit statuses, and reporting problems briefly."""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import sys
import threading
from collections import defaultdict
from typing import Iterable

import click

from ..errors import TagTextError, interruption
from ..problem_log import FIRST_FEW, ProblemLog  # FIRST_FEW: how many of a kind are printed
from . import streams

#: Exit statuses, the same for every command (README, "Exit status").
EXIT_OK = 0
EXIT_FAILED = 1         # bad input, an output that cannot be written, skipped entries
EXIT_USAGE = 2          # usage error; `diff --exit-code`: any error
EXIT_INTERNAL = 3       # a bug in tagtext: "internal error ... please report it"
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_TERMINATED = 143   # SIGTERM

#: The global flags, set by ``tagtext --quiet/--debug`` or the same flags after a command.
FLAGS = {"quiet": False, "debug": False}


class Terminated(BaseException):
    """SIGTERM arrived: unwinds like Ctrl-C, so temporary files are removed."""


def _on_sigterm(signum, frame):
    raise Terminated()


def install_signal_handlers() -> None:
    """SIGTERM unwinds the stack (cleaning temporary files) and exits 143."""
    if threading.current_thread() is threading.main_thread():
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGTERM, _on_sigterm)


def _set_flag(ctx, param, value):
    if value:
        FLAGS[param.name] = True
    return value


class ProjectFileError(click.ClickException):
    """A project file (tagtext.toml, --config) that cannot be used: a usage error."""

    exit_code = EXIT_USAGE


def customised(pack, notes: bool, rulings: str | None):
    """``pack`` with what a maintainer chose for this run laid over it (``--no-notes``,
    ``--rulings FILE``: :mod:`tagtext.project`), or the pack itself when nothing was chosen
    (most runs: the project module is then not even imported, start-up)."""
    if notes and rulings is None:
        return pack
    from ..project import with_notes, with_rulings
    return with_rulings(with_notes(pack, notes), rulings)


#: the project file read from the current directory (``tagtext.project.FILE``, which
#: tests/test_project.py checks it is)
PROJECT_FILE = "tagtext.toml"


def project_defaults(path: str | None) -> dict | None:
    """The defaults of the project file ``path`` (None: ``tagtext.toml`` in the current
    directory, if there is one), per command, for click's ``default_map``."""
    if path is None and not os.path.isfile(PROJECT_FILE):
        return None  # (most runs: the project module is not even imported, start-up)
    from .. import project
    found = project.find(path)
    if found is None:
        return None
    try:
        return project.load(found).default_map()
    except project.ProjectError as e:
        raise ProjectFileError(str(e)) from None


def _set_config(ctx, param, value):
    """``--config FILE``: that project file's defaults, for this command (given before the
    command's name: for the command it runs)."""
    if value is None:
        return value
    defaults = project_defaults(value) or {}
    names, node = [], ctx
    while node.parent is not None:          # the command's names below the group: deck, check
        names.insert(0, node.info_name)
        node = node.parent
    for name in names:
        defaults = defaults.get(name, {}) if isinstance(defaults, dict) else {}
    ctx.default_map = defaults
    return value


def global_flags(func):
    """``-q/--quiet``, ``--debug`` and ``--config``, accepted before the command or after it."""
    func = click.option("--config", metavar="FILE", expose_value=False, is_eager=True, callback=_set_config,
                        help="The project file to read (default: tagtext.toml in the current directory, if "
                             "any): the pack, database, rulings, banlist and outputs to use.")(func)
    func = click.option("--debug", is_flag=True, expose_value=False, is_eager=True, callback=_set_flag,
                        help="On an internal error, show the Python traceback.")(func)
    func = click.option("-q", "--quiet", is_flag=True, expose_value=False, is_eager=True, callback=_set_flag,
                        help="Print only errors on stderr (no summary, notes, warnings or progress).")(func)
    return func


def quiet() -> bool:
    return FLAGS["quiet"]


def note(message: str) -> None:
    """A summary line or a note on stderr, unless --quiet."""
    if not FLAGS["quiet"]:
        streams.echo(message, err=True)


def fail(message: str, code: int = 1) -> "NoReturn":  # noqa: F821
    """Print one line to stderr and exit."""
    streams.echo(f"tagtext: error: {message}", err=True)
    sys.exit(code)


def usage_error(error: "click.UsageError") -> "NoReturn":  # noqa: F821
    """A usage error in two lines: what is wrong, then the command's usage."""
    streams.echo(f"tagtext: error: {error.format_message()}", err=True)
    ctx = error.ctx
    if ctx is not None:
        usage = " ".join(x for x in (ctx.command_path, " ".join(ctx.command.collect_usage_pieces(ctx))) if x)
        streams.echo(f"tagtext: usage: {usage} (see {ctx.command_path} --help)", err=True)
    sys.exit(error.exit_code)


def internal_error(error: BaseException) -> "NoReturn":  # noqa: F821
    """An exception tagtext did not expect: one line (the traceback with --debug), exit 3;
    but an interrupt that arrived inside Python's machinery and came out as another
    exception ends as that interrupt does (130, 143)."""
    behind = interruption(error)
    if isinstance(behind, KeyboardInterrupt):
        fail("interrupted", EXIT_INTERRUPTED)
    if isinstance(behind, Terminated):
        fail("terminated", EXIT_TERMINATED)
    if FLAGS["debug"]:
        import traceback  # (only here: not at start-up)
        traceback.print_exception(error, file=sys.stderr)
    text = str(error).strip().splitlines()
    detail = f"{type(error).__name__}: {text[0][:200]}" if text else type(error).__name__
    hint = "the traceback is above" if FLAGS["debug"] else "--debug shows the traceback"
    streams.echo(f"tagtext: internal error: {detail} — please report it; {hint}", err=True)
    sys.exit(EXIT_INTERNAL)


def plural(n: int, word: str, words: str | None = None) -> str:
    """``1 card``, ``2 cards`` (``words``: an irregular plural, "entries")."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def report_problems(problems: Iterable | ProblemLog, label: str = "error", shown=None) -> int:
    """Print problems on stderr, grouped by kind: the first few of each kind in full, then
    one line counting the rest. Returns how many there were. Errors are printed even with
    --quiet; warnings are not. ``problems`` may be a :class:`ProblemLog` (the first few of
    each kind, and the counts); ``shown(problem)`` is what is printed for one (default:
    the problem itself; a log given with it holds one group)."""
    if isinstance(problems, ProblemLog):
        groups = {kind: ([shown(p) for p in first] if shown is not None else first, count)
                  for kind, (first, count) in problems.groups.items()}
    else:
        lists: dict[str, list] = defaultdict(list)
        for problem in (map(shown, problems) if shown is not None else problems):
            lists[getattr(problem, "kind", None) or "other"].append(problem)
        groups = {kind: (group, len(group)) for kind, group in lists.items()}
    total = sum(count for _, count in groups.values())
    if label != "error" and FLAGS["quiet"]:
        return total
    for kind, (group, count) in groups.items():
        for problem in group[:FIRST_FEW]:
            streams.echo(f"tagtext: {label}: {problem}", err=True)
        if count > FIRST_FEW:
            rest = count - FIRST_FEW
            summary = getattr(group[0], "summary", None) or kind
            streams.echo(f"tagtext: {label}: ... and {rest} more like these ({summary}; {count} in all)",
                         err=True)
    return total


class TextNotRewritten:
    """A text that could not be rewritten, as :func:`report_problems` prints it (convert,
    diff and errata report them alike, grouped as one kind)."""

    kind = "text-not-rewritten"
    summary = "texts that could not be rewritten"

    def __init__(self, line: str):
        self.line = line

    def __str__(self) -> str:
        return self.line


def not_rewritten(source: str, problem) -> TextNotRewritten:
    """A batch's text problem (``where`` is "ID field") as a line naming ``source``."""
    message = problem.message
    if message.startswith(problem.where):
        return TextNotRewritten(f"{source}: {message}")
    return TextNotRewritten(f"{source}: {problem.where}: {message}")


def handle_errors(func):
    """Turn tagtext's own errors and OS errors into one line on stderr and exit 1."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with errors_exit(1):
            return func(*args, **kwargs)

    return wrapper


@contextlib.contextmanager
def errors_exit(code: int = 1):
    """Within this block, tagtext's own errors and OS errors become one line on stderr and
    exit ``code`` (``tagtext diff --exit-code`` exits 2 on errors, the rest 1); an
    interrupt exits 130, SIGTERM 143, a closed stdout quietly; anything else is an
    internal error (exit 3)."""
    try:
        yield
    except TagTextError as e:
        fail(str(e), code)
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(code)
    except OSError as e:
        where = f"{e.filename}: " if getattr(e, "filename", None) else ""
        fail(f"{where}{e.strerror or e}", code)
    except KeyboardInterrupt:
        fail("interrupted", EXIT_INTERRUPTED)
    except Terminated:
        fail("terminated", EXIT_TERMINATED)
    except MemoryError:
        fail("out of memory (the input is too large for this machine)", code)
    except (click.ClickException, click.exceptions.Exit, click.Abort):
        raise
    except Exception as e:  # noqa: BLE001 - the last resort: one line, not a traceback
        internal_error(e)


def _quiet_stdout() -> None:
    """The reader of stdout went away (``tagtext convert | head``): stop quietly, as cat
    does, and keep Python from complaining when it flushes stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real stdout (tests): nothing to silence
        pass


def strict_option(func):
    """``--strict``: fail when the conversion has residuals or stale special rulings."""
    return click.option("--strict", is_flag=True,
                        help="Fail (exit 1, the previous output kept) when the conversion has residuals (text a rule "
                             "covers but cannot rewrite) or stale special rulings: for publishing only what the "
                             "maintainers have settled.")(func)


def allow_empty_option(func):
    """``--allow-empty``: write even a database that looks broken (see check_shape)."""
    return click.option("--allow-empty", is_flag=True,
                        help="Write the output even when nearly every entry of the database was "
                             "skipped or it holds no text (normally the previous output is kept).")(func)


def check_shape(database, allow_empty: bool, output: object = None) -> None:
    """Stop (one line) when ``database`` does not look like a card database any more (see
    :meth:`tagtext.carddb.Database.shape_problem`), unless ``allow_empty``."""
    from ..carddb import check_shape as check
    check(database, allow_empty, output)


def text_argument(text: str | None) -> str:
    """The TEXT argument, or stdin when it is absent (or "-"); UTF-8 either way (an
    argument's bytes are read as UTF-8 whatever the locale)."""
    from ..reading import InputError, not_utf8, read_limited
    if text is None or text == "-":
        if streams.is_terminal_in():
            fail("no TEXT given and nothing on stdin (see --help)", 2)
        try:
            data = read_limited("-")
        except InputError as e:
            fail(f"<stdin>: {e}", 2)
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            line, what = not_utf8(data, e)
            fail(f"<stdin>:{line}: {what}")
    try:
        raw = os.fsencode(text)  # the argument's bytes, as the shell gave them
    except UnicodeEncodeError:  # not from the command line (a Python caller's text): as it is
        return text
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        fail(f"<text>: not UTF-8 text (byte {e.start})")


def jobs_option(func):
    """``-j/--jobs N``: how many processes rewrite a database (None: as many as there are
    idle cores; see :func:`tagtext.batch.default_jobs`)."""
    return click.option(
        "-j", "--jobs", "jobs", metavar="N", type=click.IntRange(min=1), default=None,
        help="Rewrite the cards in N processes (default: one per idle core; one on a busy machine). "
             "The output is the same whatever N; a small database is rewritten in one.")(func)


def rulings_option(func):
    """``--rulings FILE``: the maintainer's own special-ruling table, laid over the pack's
    (the command gets its path; :func:`tagtext.project.with_rulings` lays it)."""
    return click.option(
        "--rulings", "rulings", metavar="FILE", default=None,
        help="Your own special-ruling table (TOML, as the pack's), laid over the pack's: a ruling with the id "
             "of one of the pack's replaces it, any other is added. tagtext.toml: rulings.")(func)


def notes_option(func):
    """``--no-notes``: the pack's notes left out (the command gets ``notes``, False when
    given; :func:`tagtext.project.with_notes` switches them off, a pack with none refuses)."""
    return click.option(
        "--no-notes", "notes", is_flag=True, flag_value=False, default=True,
        help="Leave out the pack's notes: lines of the format's own after an ability (dm-tag-commander's "
             "「※DTC：…」), the rewrites kept. A pack that writes none refuses it.")(func)


class OutputPath(click.ParamType):
    """The type of ``-o/--output``: ``inner``'s (a string, a ``click.Path``), but an empty
    path, which names no file (renaming a file over "" is renaming it over the current
    directory), is a usage error. ``stdout``: whether "-" writes to stdout."""

    def __init__(self, inner: click.ParamType = click.STRING, stdout: bool = True):
        self.inner, self.stdout, self.name = inner, stdout, inner.name

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value:
            self.fail(f"an empty path names no file; give a name{', or - for stdout' if self.stdout else ''}",
                      param, ctx)
        return self.inner.convert(value, param, ctx)

    def shell_complete(self, ctx, param, incomplete):
        return self.inner.shell_complete(ctx, param, incomplete)


def _resolve_pack(ctx, param, value):
    from .. import packs
    if value is None:
        return None
    try:
        return packs.get(value)
    except packs.UnknownPack as e:
        raise click.BadParameter(str(e)) from None


class _PackOption(click.Option):
    """``--pack``, whose help names the installed packs: looked up when the help is shown,
    not when a command is defined (finding the packs is not free, and most runs never show
    a help). ``recorded``: the command also reads conversions (see pack_option)."""

    def __init__(self, *args, recorded: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.recorded = recorded

    def get_help_record(self, ctx):
        from .. import packs
        recorded = f"; default: the pack a conversion records, else {packs.DEFAULT}" if self.recorded else ""
        self.help = (f"The tag format's rule pack ({', '.join(packs.names())}; `tagtext packs` lists them; "
                     f"tagtext.toml: pack{recorded}). Given before --help, the help is that pack's.")
        return super().get_help_record(ctx)


def pack_option(func=None, *, recorded: bool = False):
    """``--pack NAME``: the rule pack (tag format) to use; the command gets the pack. Eager,
    so that ``--pack NAME --help`` shows the help for that pack (:class:`PackCommand`).

    ``recorded``: the command also reads ``tagtext convert`` outputs, which record their
    pack: it gets None when no pack is given (on the command line or in tagtext.toml), and
    :func:`tagtext.packs.for_conversion` / :func:`~tagtext.packs.for_database` decide."""
    from .. import packs

    def decorate(f):
        return click.option(
            "--pack", "pack", cls=_PackOption, recorded=recorded, metavar="NAME",
            default=None if recorded else packs.DEFAULT, show_default=not recorded, callback=_resolve_pack,
            is_eager=True,
            help="The tag format's rule pack (`tagtext packs` lists them; tagtext.toml: pack). Given before --help, "
                 "the help is that pack's.",
        )(f)
    return decorate(func) if func is not None else decorate


class PackCommand(click.Command):
    """A command whose help speaks of the pack in use (``--pack`` given before ``--help``,
    else tagtext.toml's, else the default): ``{title}``, ``{game}``, ``{database}``,
    ``{shipped}``, ``{example}`` and ``{deck_formats}`` in its help are the pack's."""

    def format_help_text(self, ctx, formatter):
        original = self.help
        try:
            self.help = fill_in(original or "", pack_in_use(ctx))
            super().format_help_text(ctx, formatter)
        finally:
            self.help = original


def pack_in_use(ctx):
    """The pack a command runs with, as far as its options are read when --help is."""
    from .. import packs
    value = ctx.params.get("pack")
    if value is None or isinstance(value, str):
        try:
            return packs.get(value or ctx.lookup_default("pack") or packs.DEFAULT)
        except packs.UnknownPack:
            return packs.get(packs.DEFAULT)
    return value


def fill_in(text: str, pack) -> str:
    """``text`` with the pack's words put in its placeholders."""
    example = next((rule.example[0] for rule in pack.pipeline if rule.example), "")
    deck = pack.deck_rules()
    words = {
        "{title}": pack.title, "{game}": pack.game, "{database}": pack.database_help,
        "{shipped}": pack.shipped_name, "{example}": example, "{pack}": pack.name,
        "{deck_formats}": getattr(deck, "FORMATS_HELP", "") if deck is not None else "",
    }
    for key, value in words.items():
        text = text.replace(key, value)
    return text
