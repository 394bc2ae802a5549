"""Reading a TOML file of a user's (a banlist, a project file) as one-line errors that name
it: the file missing, unreadable, not UTF-8, or not TOML."""

from __future__ import annotations

import sys
from pathlib import Path

from .errors import TagTextError
from .reading import InputError, not_utf8, read_limited


#: The largest TOML file read (a user's tables and settings are a few KB).
MAX_TOML = 16 << 20


def read_toml(path: str | Path, error: type[TagTextError], missing: str = "no such file") -> dict:
    """The TOML document at ``path``; any failure raises ``error`` in one line naming it
    (``missing``: what a path with no file is called). The read is bounded (``/dev/zero``
    is refused, see :mod:`tagtext.reading`); a byte-order mark, as some editors write, is
    no statement."""
    p = Path(path)
    try:
        data = read_limited(p, MAX_TOML)
    except InputError as e:
        raise error(f"{p}: {e}") from None
    except FileNotFoundError:
        raise error(f"{p}: {missing}") from None
    except OSError as e:
        raise error(f"{p}: cannot read ({e.strerror or e})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        _, what = not_utf8(data, e)
        raise error(f"{p}: {what}{'' if ';' in what else '; a TOML file is UTF-8'}") from None
    return loads_toml(text, str(p), error)


def loads_toml(text: str, source: str, error: type[TagTextError]) -> dict:
    """``text`` as TOML, or ``error`` in one line naming ``source``: not TOML, nesting too
    deep for the reader, an integer too long for Python to read."""
    import tomllib  # imported here: a short run reads no TOML

    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as e:
        raise error(f"{source}: invalid TOML: {e}") from None
    except RecursionError:
        raise error(f"{source}: invalid TOML: tables or arrays nest too deeply") from None
    except ValueError:  # the int-string limit (TOMLDecodeError, a ValueError too, is caught above)
        raise error(f"{source}: an integer of more digits than Python reads "
                    f"({sys.get_int_max_str_digits()})") from None


def layered(package: str, name: str, shown: str, path: str | Path | None, from_doc, merge,
            error: type[TagTextError]):
    """A pack's shipped TOML file (``name`` in ``package``, called ``shown`` in messages)
    read with ``from_doc(doc, source)``, and the user's file at ``path``, when given, laid
    over it with ``merge(shipped, theirs)``: how a banlist of one's own is read."""
    from importlib import resources

    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    shipped = from_doc(loads_toml(text, shown, error), shown)
    return shipped if path is None else merge(shipped, from_doc(read_toml(path, error), str(Path(path))))
