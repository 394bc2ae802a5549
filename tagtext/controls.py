"""Control characters in text meant for people: shown, never obeyed.

Card text comes from databases anyone can publish. A name or an effect may hold bytes a
terminal obeys instead of showing (``ESC [2J`` clears the screen, ``ESC ] 52`` writes the
clipboard, ``ESC ] 0`` sets the window title), or that HTML and Markdown cannot hold (NUL).
Every place tagtext writes text for people (the terminal, the errata pages, Markdown)
passes it through :func:`visible` first; JSON keeps the data exact and escapes them
instead (:func:`json_escaped`).

- C0 controls (U+0000-U+001F) other than tab and line feed, and DEL (U+007F), become
  their Unicode control pictures (``ESC`` -> ``␛``, NUL -> ``␀``, DEL -> ``␡``), so what
  was there stays readable; a carriage return is kept only as half of ``\\r\\n``;
- C1 controls (U+0080-U+009F; U+009B is a one-character CSI) become U+FFFD.
"""

from __future__ import annotations

import re

#: Characters a terminal may act on: C0 but tab and line feed, DEL, C1.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: The same, with a carriage return that ends a line (``\r\n``) left alone.
_SHOWN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)")
#: tagtext's own colour codes (SGR: ``ESC [ 31 m``), kept when the caller adds colour.
_SGR = re.compile("(\x1b\\[[0-9;]*m)")
#: What JSON leaves raw in a string but a terminal may act on: DEL and C1.
_JSON_RAW = re.compile("[\x7f-\x9f]")


def _picture(match: re.Match) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return "\ufffd"


def visible(text: str, *, keep_sgr: bool = False) -> str:
    """``text`` with every control character but tab, line feed and ``\\r\\n`` made
    visible (see the module). ``keep_sgr``: keep colour codes (``ESC [ ... m``), for a
    line whose data was made visible before tagtext coloured it."""
    if not CONTROL.search(text):
        return text
    if keep_sgr:
        return "".join(_SHOWN.sub(_picture, piece) if i % 2 == 0 else piece
                       for i, piece in enumerate(_SGR.split(text)))
    return _SHOWN.sub(_picture, text)


def json_escaped(text: str) -> str:
    """A JSON document with DEL and the C1 controls written as ``\\u00XX`` escapes: the
    same values, nothing a terminal acts on (json.dumps already escapes C0)."""
    if not _JSON_RAW.search(text):
        return text
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
