"""tagtext db"""

from __future__ import annotations

import click

from .common import OutputPath, PackCommand, fail, global_flags, handle_errors, note, pack_option, plural
from .output import print_bytes, to_stdout, write_bytes


@click.group("db")
def db():
    """The card database a pack ships."""


@db.command("export", cls=PackCommand)
@global_flags
@click.option("-o", "--output", metavar="OUT", type=OutputPath(),
              help="Write to OUT (atomically; gzipped when it ends in .gz); \"-\" or none: stdout.")
@pack_option
@handle_errors
def export(output, pack):
    """Write out the card database the pack ships ({shipped}), byte for byte as tagtext reads it.

    It is the database every command reads when none is given: export it before
    updating tagtext (or before a new set comes out) to keep "the previous file" of a
    release-day diff, or to see exactly what tagtext converts.

    \b
    Examples:
      tagtext db export -o previous-{shipped}
      tagtext db export -o {shipped}.gz
      tagtext diff previous-{shipped} {shipped}
    """
    data = pack.shipped_database()
    database = pack.database_from_bytes(data, f"shipped {pack.shipped_name}")
    if to_stdout(output):
        print_bytes(data)
        where = "stdout"
    else:
        try:
            write_bytes(output, data)
        except IsADirectoryError:
            fail(f"{output}: is a directory; give a file name to write")
        where = output
    note(f"tagtext: wrote the shipped {pack.shipped_name} ({plural(len(database.cards), 'card')} of the "
         f"{pack.game}) to {where}")
