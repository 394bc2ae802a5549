"""Card text in Markdown: shown exactly as written, never read as markup.

One escaper for every Markdown tagtext writes (``convert --format md``, the errata wiki
tables): a card's name or text, or a database's file name, cannot become a link, an image,
emphasis or an HTML tag, and cannot break out of its table cell.
"""

from __future__ import annotations

import re

from .controls import visible

_ESCAPE = re.compile(r"([\\`*_~|])")


def cell(text: str) -> str:
    """``text`` made safe inside a Markdown table cell (or a heading), shown exactly as
    written: control characters made visible, ``&``, ``<``, ``>`` as entities, the
    characters Markdown reads as emphasis, code or a cell's end backslash-escaped, no
    ``[text](url)`` link or ``![alt](url)`` image, line breaks as ``<br>``."""
    text = visible(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _ESCAPE.sub(r"\\\1", text)
    text = text.replace("](", "]\\(")  # no [text](url) links, no ![alt](url) images
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\n", "<br>")
